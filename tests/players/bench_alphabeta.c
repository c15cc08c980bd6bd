/* SPDX-License-Identifier: MIT */
/*
 * bench_alphabeta: the alphabeta player's nodes (positions searched) per
 * second of the thread's CPU time, on the 30 positions of bench_search
 * (seeded 2-player games on the standard board, placement and movement),
 * with a fixed node budget a position and the table forgotten before each;
 * and, with --movetime MS, how much of a timed move it uses (wall clock:
 * the mean, least and most of report.seconds over the positions, and the
 * depth reached).
 *
 *   meson test -C BUILD --benchmark alphabeta-search -v
 *   BUILD/tests/players/bench_alphabeta [--nodes N] [--rounds R]
 *   BUILD/tests/players/bench_alphabeta --movetime 100 [--verbose]
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_positions.h"
#include "builders.h"
#include <packeis/players.h>

enum { POSITIONS = BENCH_POSITIONS, ROUNDS_MAX = 99 };

/* How much of `ms` milliseconds a move takes, over the positions. */
static void movetime_round(packeis_game *const *games, double ms, int verbose)
{
    packeis_player *player = bench_new_player("alphabeta");
    double total = 0, least = 1e9, most = 0, depth = 0;
    for (int i = 0; i < POSITIONS; i++) {
        packeis_player_limits limits = {.seconds = ms / 1000};
        packeis_player_report report;
        packeis_move move;
        packeis_player_forget(player);
        TC_CHECK(packeis_player_choose(player, games[i], &limits, &move, &report), PACKEIS_OK);
        double used = report.seconds * 1000;
        total += used;
        least = used < least ? used : least;
        most = used > most ? used : most;
        depth += report.depth;
        if (verbose)
            printf("position %2d: %6.1f ms, depth %d, %llu nodes%s\n", i, used, report.depth,
                   (unsigned long long)report.nodes, report.exact ? ", exact" : "");
    }
    packeis_player_free(player);
    printf("alphabeta movetime %.0f ms: used mean %.1f ms (min %.1f, max %.1f), mean depth "
           "%.1f, over %d positions\n",
           ms, total / POSITIONS, least, most, depth / POSITIONS, POSITIONS);
}

int main(int argc, char **argv)
{
    uint64_t nodes = 20000;
    int rounds = 3;
    double movetime = 0;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            nodes = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--movetime") && i + 1 < argc)
            movetime = atof(argv[++i]);
        else if (!strcmp(argv[i], "--verbose"))
            verbose = 1;
        else {
            fprintf(stderr, "usage: bench_alphabeta [--nodes N] [--rounds R] [--movetime MS "
                            "[--verbose]]\n");
            return 2;
        }
    }
    if (rounds < 1 || rounds > ROUNDS_MAX || nodes == 0) {
        fprintf(stderr, "bench_alphabeta: --rounds 1 to %d, --nodes > 0\n", ROUNDS_MAX);
        return 2;
    }
    packeis_game *games[POSITIONS];
    for (int i = 0; i < POSITIONS; i++)
        games[i] = bench_position(i);
    if (movetime > 0) {
        movetime_round(games, movetime, verbose);
    } else {
        double rates[ROUNDS_MAX];
        bench_tally tally = {0, 0, 0};
        packeis_player_limits limits = {.nodes = nodes};
        for (int r = 0; r < rounds; r++) { /* a new player each round: a cold one */
            packeis_player *player = bench_new_player("alphabeta");
            rates[r] = bench_round(player, games, &limits, &tally);
            packeis_player_free(player);
        }
        double middle = bench_median(rates, rounds); /* sorts them */
        printf(
            "alphabeta search, %d positions, %llu nodes each: %.0f nodes/s (CPU time, median "
            "of %d rounds; min %.0f, max %.0f; mean depth %.2f; checksum %016llx)\n",
            POSITIONS, (unsigned long long)nodes, middle, rounds, rates[0], rates[rounds - 1],
            (double)tally.depths / rounds / POSITIONS, (unsigned long long)tally.checksum);
    }
    for (int i = 0; i < POSITIONS; i++)
        packeis_game_free(games[i]);
    return 0;
}
