/* SPDX-License-Identifier: MIT */
/* args.c: bad arguments and number arguments of the example programs. */
#include "args.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void args_fail(const char *program, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "%s: ", program);
    vfprintf(stderr, format, args);
    fprintf(stderr, "\n(%s --help shows the usage)\n", program);
    va_end(args);
    exit(2);
}

uint64_t args_number(const char *program, const char *option, const char *text, uint64_t low,
                     uint64_t high)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || errno != 0 || *end != '\0')
        args_fail(program, "%s: not a non-negative integer below 2^64: '%s'", option, text);
    if (v < low || v > high)
        args_fail(program, "%s: %s is out of range (%" PRIu64 " to %" PRIu64 ")", option, text,
                  low, high);
    return (uint64_t)v;
}
