/* SPDX-License-Identifier: MIT */
/* args.c: bad arguments and number arguments of the example programs. */
#include "args.h"

#include <errno.h>
#include <getopt.h>
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

const char *args_one(const char *program, int argc, char **argv, void (*usage)(FILE *out),
                     const char *what, int optional)
{
    static const struct option options[] = {{"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    int c;
    opterr = 0; /* args_fail() says more than getopt would */
    while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
        if (c != 'h')
            args_fail(program, "unknown argument '%s'", argv[optind - 1]);
        usage(stdout);
        exit(0);
    }
    if (optind == argc && !optional)
        args_fail(program, "name one %s", what);
    if (argc - optind > 1)
        args_fail(program, "one %s only, not also '%s'", what, argv[optind + 1]);
    return optind < argc ? argv[optind] : NULL;
}
