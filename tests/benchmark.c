/* SPDX-License-Identifier: MIT */
/* libpackeis benchmark: the figures quoted in the README. Each figure is the
 * median of several rounds run one after the other, timed in the thread's own
 * CPU time, so that a noisy, shared machine shows up as spread rather than as
 * a wrong number.
 *
 *   packeis-benchmark [--rounds N] [--quick]
 */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "splitmix.h"

#define MAX_ROUNDS       15
#define SAMPLE_POSITIONS 512

typedef struct bench_config {
    int rounds;
    double scale; /* multiplies every workload: 1 normally, small with --quick */
} bench_config;

/* CPU time of this thread: on a shared machine, time spent waiting for the
 * processor does not count against the library. */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "benchmark: %s: %s\n", what, packeis_strerror(status));
        exit(1);
    }
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Whole games through packeis_game_playout(), from the start each time. */
static double playout_rate(packeis_game *game, long games)
{
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        check(packeis_game_undo_to(game, 0), "undo_to");
        check(packeis_game_playout(game, (uint64_t)i, NULL), "playout");
    }
    return (double)games / (now_seconds() - start);
}

/* A standard game made and freed: the cost of a fresh board. */
static double new_free_ns(long pairs)
{
    packeis_options *options;
    check(packeis_options_new(NULL, &options), "options");
    double start = now_seconds();
    for (long i = 0; i < pairs; i++) {
        packeis_game *game;
        check(packeis_options_set_seed(options, (uint64_t)i), "seed");
        check(packeis_game_new(options, &game), "game");
        packeis_game_free(game);
    }
    double elapsed = now_seconds() - start;
    packeis_options_free(options);
    return elapsed * 1e9 / (double)pairs;
}

/* Each game on a fresh board: a new game per seed, played out, freed. */
static double fresh_rate(long games)
{
    packeis_options *options;
    check(packeis_options_new(NULL, &options), "options");
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        packeis_game *game;
        check(packeis_options_set_seed(options, (uint64_t)i), "seed");
        check(packeis_game_new(options, &game), "game");
        check(packeis_game_playout(game, (uint64_t)i, NULL), "playout");
        packeis_game_free(game);
    }
    double rate = (double)games / (now_seconds() - start);
    packeis_options_free(options);
    return rate;
}

/* Each game on a fresh board, one handle: reset to seed i, played out. */
static double reset_rate(packeis_game *game, long games)
{
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        check(packeis_game_reset(game, (uint64_t)i), "reset");
        check(packeis_game_playout(game, (uint64_t)i, NULL), "playout");
    }
    return (double)games / (now_seconds() - start);
}

/* Whole games through the step API: list the legal moves, apply one. */
static double step_rate(packeis_game *game, long games)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    uint64_t random = 0; /* SplitMix64 (tests/common/splitmix.h) */
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        size_t count;
        check(packeis_game_undo_to(game, 0), "undo_to");
        check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "moves");
        while (count) {
            check(packeis_game_apply(game, moves[tc_next(&random) % count]), "apply");
            check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "moves");
        }
    }
    return (double)games / (now_seconds() - start);
}

/* Positions from random games, every phase, to list the moves of: all on
 * one board, or each on a board of its own (`boards`: 1 or `count`). */
static void sample_positions(packeis_game **positions, int count, int boards)
{
    for (int i = 0; i < count; i++) {
        size_t plies;
        packeis_game *game = tc_standard_game(2, boards == 1 ? 7 : (uint64_t)i + 7);
        check(packeis_game_playout(game, (uint64_t)i + 1000, &plies), "playout");
        check(packeis_game_undo_to(game, (size_t)i % plies), "undo_to");
        check(packeis_game_clone(game, &positions[i]), "clone");
        packeis_game_free(game);
    }
}

static double list_rate(packeis_game **positions, int count, long lists)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t total = 0, found;
    double start = now_seconds();
    for (long i = 0; i < lists; i++) {
        check(packeis_game_legal_moves(positions[i % count], moves, PACKEIS_MAX_MOVES, &found),
              "moves");
        total += found;
    }
    double rate = (double)lists / (now_seconds() - start);
    return total ? rate : 0;
}

/* perft from the start of movement of a fixed standard game. */
static packeis_game *perft_position(void)
{
    packeis_game *game = tc_standard_game(2, 0);
    check(packeis_game_playout(game, 42, NULL), "playout");
    check(packeis_game_undo_to(game, 8), "undo_to");
    return game;
}

static double perft_rate(const packeis_game *game, unsigned depth, uint64_t *leaves)
{
    double start = now_seconds();
    *leaves = packeis_game_perft(game, depth);
    return (double)*leaves / (now_seconds() - start);
}

static void report(const char *what, double *samples, int rounds, const char *unit)
{
    double mid = median(samples, rounds);
    printf("%-44s %14.0f %s   (min %.0f, max %.0f)\n", what, mid, unit, samples[0],
           samples[rounds - 1]);
}

static void bench_games(const bench_config *config)
{
    double samples[MAX_ROUNDS];
    for (int players = 2; players <= 4; players++) {
        packeis_game *game = tc_standard_game(players, 1);
        char label[64];
        for (int r = 0; r < config->rounds; r++)
            samples[r] = playout_rate(game, (long)(200000 * config->scale));
        snprintf(label, sizeof label, "random games, playout call, %d players", players);
        report(label, samples, config->rounds, "games/s");
        for (int r = 0; r < config->rounds; r++)
            samples[r] = step_rate(game, (long)(40000 * config->scale));
        snprintf(label, sizeof label, "random games, step API, %d players", players);
        report(label, samples, config->rounds, "games/s");
        packeis_game_free(game);
    }
}

/* Fresh boards: making games, and whole games each on a board of its own. */
static void bench_fresh(const bench_config *config)
{
    double samples[MAX_ROUNDS];
    for (int r = 0; r < config->rounds; r++)
        samples[r] = new_free_ns((long)(50000 * config->scale));
    report("packeis_game_new + free, standard board", samples, config->rounds, "ns/pair");
    for (int r = 0; r < config->rounds; r++)
        samples[r] = fresh_rate((long)(50000 * config->scale));
    report("fresh board: new + playout + free, 2 players", samples, config->rounds, "games/s");
    packeis_game *game = tc_standard_game(2, 1);
    for (int r = 0; r < config->rounds; r++)
        samples[r] = reset_rate(game, (long)(200000 * config->scale));
    report("fresh board: reset + playout, 2 players", samples, config->rounds, "games/s");
    packeis_game_free(game);
}

static void bench_lists_on(const bench_config *config, int boards, const char *label)
{
    double samples[MAX_ROUNDS];
    packeis_game *positions[SAMPLE_POSITIONS];
    sample_positions(positions, SAMPLE_POSITIONS, boards);
    for (int r = 0; r < config->rounds; r++)
        samples[r] = list_rate(positions, SAMPLE_POSITIONS, (long)(10000000 * config->scale));
    report(label, samples, config->rounds, "lists/s");
    for (int i = 0; i < SAMPLE_POSITIONS; i++)
        packeis_game_free(positions[i]);
}

static void bench_lists(const bench_config *config)
{
    bench_lists_on(config, 1, "full legal-move lists (sampled positions)");
    bench_lists_on(config, SAMPLE_POSITIONS, "  the same from 512 different boards");
}

static void bench_perft(const bench_config *config)
{
    double samples[MAX_ROUNDS];
    uint64_t leaves = 0;
    unsigned depth = config->scale < 1 ? 4 : 5;
    packeis_game *game = perft_position();
    for (int r = 0; r < config->rounds; r++)
        samples[r] = perft_rate(game, depth, &leaves);
    char label[64];
    snprintf(label, sizeof label, "perft %u from movement start (%llu leaves)", depth,
             (unsigned long long)leaves);
    report(label, samples, config->rounds, "leaves/s");
    packeis_game_free(game);
}

static bench_config parse_arguments(int argc, char **argv)
{
    bench_config config = {5, 1.0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            config.scale = 0.05;
            config.rounds = 3;
        } else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
            config.rounds = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: %s [--rounds N] [--quick]\n", argv[0]);
            exit(2);
        }
    }
    if (config.rounds < 1 || config.rounds > MAX_ROUNDS) {
        fprintf(stderr, "benchmark: --rounds takes 1 to %d\n", MAX_ROUNDS);
        exit(2);
    }
    return config;
}

int main(int argc, char **argv)
{
    bench_config config = parse_arguments(argc, argv);
    const char *kernel = getenv("PACKEIS_KERNEL");
    printf("libpackeis %s, standard board, one thread, median of %d rounds, %s kernel\n",
           packeis_version_string(), config.rounds,
           kernel ? kernel : "default (fastest for this processor)");
    bench_games(&config);
    bench_fresh(&config);
    bench_lists(&config);
    bench_perft(&config);
    return 0;
}
