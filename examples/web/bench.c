/* SPDX-License-Identifier: MIT */
/*
 * web-bench: the random playouts per second of web_bench_playouts() (glue.c)
 * compiled natively, the figure set beside the same function in WebAssembly
 * in Node and in Chromium (tests/web/bench.mjs runs all three).
 *
 *   web-bench [--games N] [--rounds R] [--seed S]
 *
 * Prints one line per round and then "native: M playouts/s (median of R),
 * C playouts/s by CPU time (median of R)": wall-clock and the process's CPU
 * time (the benchmark is one thread), the second the figure to compare on a
 * shared machine.
 */
#define _POSIX_C_SOURCE 200809L
#include "glue.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds_of(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int read_count(const char *text, const char *what, unsigned long max, unsigned long *out)
{
    char *end = NULL;
    errno = 0;
    unsigned long value = strtoul(text, &end, 10);
    if (errno || !end || *end || end == text || value == 0 || value > max || *text == '-') {
        fprintf(stderr, "web-bench: --%s must be a whole number from 1 to %lu, not '%s'\n",
                what, max, text);
        return -1;
    }
    *out = value;
    return 0;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    unsigned long games = 20000, rounds = 5, seed = 1;
    static const struct option long_options[] = {
        {"games", required_argument, NULL, 'g'},
        {"rounds", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    for (int c; (c = getopt_long(argc, argv, "g:r:s:h", long_options, NULL)) != -1;) {
        int bad = 0;
        if (c == 'g')
            bad = read_count(optarg, "games", 100000000UL, &games);
        else if (c == 'r')
            bad = read_count(optarg, "rounds", 99UL, &rounds);
        else if (c == 's')
            bad = read_count(optarg, "seed", 4294967295UL, &seed);
        else if (c == 'h') {
            printf("usage: web-bench [--games N] [--rounds R] [--seed S]\n"
                   "Random playouts per second (packeis_game_playout_batch from the start\n"
                   "of a 2-player standard game), the median of R rounds of N games.\n");
            return 0;
        } else
            bad = 1;
        if (bad)
            return 2;
    }
    double rates[99], cpu_rates[99];
    for (unsigned long r = 0; r < rounds; r++) {
        double start = seconds_of(CLOCK_MONOTONIC),
               cpu_start = seconds_of(CLOCK_PROCESS_CPUTIME_ID);
        uint64_t plies = web_bench_playouts(seed + r * games, (uint32_t)games);
        double seconds = seconds_of(CLOCK_MONOTONIC) - start;
        double cpu = seconds_of(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
        if (plies == 0) {
            fprintf(stderr, "web-bench: the playouts failed\n");
            return 1;
        }
        rates[r] = (double)games / seconds;
        cpu_rates[r] = (double)games / cpu;
        printf("round %lu: %lu playouts, %llu plies, %.3f s (CPU %.3f s), %.0f playouts/s\n",
               r + 1, games, (unsigned long long)plies, seconds, cpu, rates[r]);
    }
    qsort(rates, rounds, sizeof rates[0], compare);
    qsort(cpu_rates, rounds, sizeof cpu_rates[0], compare);
    printf("native: %.0f playouts/s (median of %lu), %.0f playouts/s by CPU time (median of "
           "%lu)\n",
           rates[rounds / 2], rounds, cpu_rates[rounds / 2], rounds);
    return 0;
}
