/* SPDX-License-Identifier: MIT */
/*
 * input.h: lines typed by a person, read safely: a line longer than the
 * buffer is read to its end and reported, not split into several commands;
 * a control character or a byte outside ASCII (binary garbage, or an escape
 * sequence that would be echoed back to the terminal) becomes '?'; a
 * carriage return before the newline is dropped; the last line may lack its
 * newline.
 */
#ifndef PACKEIS_PLAY_INPUT_H
#define PACKEIS_PLAY_INPUT_H

#include <stddef.h>
#include <stdio.h>

/* Longest line read, without its newline. */
#define INPUT_LINE_MAX 1000

typedef enum input_status {
    INPUT_LINE,     /* a line */
    INPUT_TOO_LONG, /* a line longer than INPUT_LINE_MAX, skipped */
    INPUT_END       /* end of input (or a read error) before any character */
} input_status;

/* Reads the next line into `line` (INPUT_LINE_MAX + 1 characters). */
input_status input_read(FILE *in, char line[INPUT_LINE_MAX + 1]);

#endif
