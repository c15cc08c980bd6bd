/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "bench_positions.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "builders.h"

packeis_game *bench_position(int i)
{
    packeis_game *game = tc_standard_game(2, (uint64_t)i + 1);
    int plies = 3 + (i * 37) % 43;
    uint64_t state = (uint64_t)i * 2654435761u + 1;
    for (int k = 0; k < plies; k++) {
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t count;
        TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
        state = state * 6364136223846793005u + 1442695040888963407u;
        TC_CHECK(packeis_game_apply(game, moves[(state >> 33) % count]), PACKEIS_OK);
        if (packeis_game_phase(game) == PACKEIS_PHASE_OVER) {
            TC_CHECK(packeis_game_undo(game), PACKEIS_OK);
            break;
        }
    }
    return game;
}

double bench_cpu_seconds(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, by_value);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

packeis_player *bench_new_player(const char *name)
{
    packeis_player *player;
    if (packeis_player_new(name, 1, &player) != 0) {
        fprintf(stderr, "no player %s\n", name);
        exit(1);
    }
    return player;
}

double bench_round(packeis_player *player, packeis_game *const *games,
                   const packeis_player_limits *limits, bench_tally *tally)
{
    double seconds = 0;
    uint64_t done = 0;
    for (int i = 0; i < BENCH_POSITIONS; i++) {
        packeis_player_report report;
        packeis_move move;
        packeis_player_forget(player);
        double start = bench_cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
        TC_CHECK(packeis_player_choose(player, games[i], limits, &move, &report), PACKEIS_OK);
        seconds += bench_cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
        done += report.nodes;
        tally->depths += report.depth;
        tally->checksum = tally->checksum * 31 + move;
    }
    tally->nodes += done;
    return (double)done / seconds;
}
