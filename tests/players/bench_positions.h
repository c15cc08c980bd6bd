/* SPDX-License-Identifier: MIT */
/* What the search benchmarks share: their 30 positions, a CPU clock and a
 * median, so that bench_search (mcts) and bench_alphabeta measure the same
 * work the same way. */
#ifndef PACKEIS_TESTS_BENCH_POSITIONS_H
#define PACKEIS_TESTS_BENCH_POSITIONS_H

#include <stdint.h>
#include <time.h>

#include <packeis/packeis.h>

#include <packeis/players.h>

enum { BENCH_POSITIONS = 30 };

/* Position i: the 2-player game of seed i + 1 after a few random actions
 * (3 to 45, by a fixed rule), never a finished one. */
packeis_game *bench_position(int i);

/* Seconds of CPU time on clock `id` (CLOCK_THREAD_CPUTIME_ID, or a
 * process's clock from clock_getcpuclockid()). */
double bench_cpu_seconds(clockid_t id);

/* The median of `count` values, which it sorts. */
double bench_median(double *values, int count);

/* A new player `name` with seed 1, or the program exits saying which. */
packeis_player *bench_new_player(const char *name);

/* What one round of searches on the positions added up. */
typedef struct bench_tally {
    uint64_t nodes;    /* the reports' nodes (playouts for mcts) */
    uint64_t checksum; /* of the moves chosen, in order */
    long depths;       /* the reports' depths, summed */
} bench_tally;

/* One round: `player`, cleared before each, searches each position with
 * `limits`, on this thread; its nodes per CPU second. Adds to `tally`. */
double bench_round(packeis_player *player, packeis_game *const *games,
                   const packeis_player_limits *limits, bench_tally *tally);

#endif
