/* SPDX-License-Identifier: MIT */
/* wrap.h: text for a terminal, its long lines broken at spaces to the
 * terminal's width (asked at each write, so a resized window is followed),
 * never inside a word; runs of spaces, colour escapes and line ends pass as
 * they are. */
#ifndef PACKEIS_PLAY_WRAP_H
#define PACKEIS_PLAY_WRAP_H

#include <stdio.h>

/* A stream that writes to `out` (the terminal `fd`) wrapped; line-buffered,
 * flushed at each line and at fflush(). NULL when out of memory. fclose()
 * it before `out`. */
FILE *wrap_open(FILE *out, int fd);

#endif
