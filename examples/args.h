/* SPDX-License-Identifier: MIT */
/*
 * args.h: what every program of examples/ does with a bad argument: say
 * which and why, point at --help, and exit with status 2; and the readers
 * of a number argument and of a program's one argument.
 */
#ifndef PACKEIS_EXAMPLES_ARGS_H
#define PACKEIS_EXAMPLES_ARGS_H

#include <stdint.h>
#include <stdio.h>

/* Writes "PROGRAM: MESSAGE" and "(PROGRAM --help shows the usage)" to
 * standard error, then exits with status 2. */
void args_fail(const char *program, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;

/* The decimal number `text` given to `option` ("--seed"), in [low, high];
 * anything else (a sign, a leading blank, trailing text, a number past
 * 2^64 - 1 or out of range) exits through args_fail() saying which. */
uint64_t args_number(const char *program, const char *option, const char *text, uint64_t low,
                     uint64_t high);

/* For a program whose one option is --help (which prints `usage` to
 * standard output and exits 0): the one argument `what` it takes, or NULL
 * if there is none and `optional`; any other option, a missing argument or
 * a second one exits through args_fail(). */
const char *args_one(const char *program, int argc, char **argv, void (*usage)(FILE *out),
                     const char *what, int optional);

#endif
