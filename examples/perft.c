/* SPDX-License-Identifier: MIT */
/*
 * perft: counts the action sequences from the start of a standard game, to
 * check another engine's move generation against libpackeis.
 *
 *   perft [--seed N] [--players N] [--depth D] [--divide]
 *
 * Without --divide it prints perft(d) for every d from 1 to D, with timing.
 * With --divide it prints, for each legal first action in the library's
 * order, the perft of depth D - 1 after it, then the total. Actions are
 * written "a1" (place a penguin on cell a1: row a from the top, column 1
 * from the left) and "c4-e5" (slide from c4 to e5).
 */
#include <packeis/packeis.h>

#include "args.h"
#include "status_name.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DEPTH 200

struct config {
    uint64_t seed;
    int players;
    unsigned depth;
    int divide;
};

/* A library error: its description and name, then exit status 1. */
static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "perft: %s: %s (%s)\n", what, packeis_strerror(status),
                status_name(status));
        exit(EXIT_FAILURE);
    }
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: perft [--seed N] [--players 2..4] [--depth D] [--divide]\n"
            "  --seed N      standard board shuffle (default 0)\n"
            "  --players P   number of players, 2 to 4 (default 2)\n"
            "  --depth D     number of actions, 0 to %d (default 4)\n"
            "  --divide      split the count by first action\n",
            MAX_DEPTH);
}

static struct config parse_args(int argc, char **argv)
{
    static const struct option options[] = {
        {"seed", required_argument, NULL, 's'},  {"players", required_argument, NULL, 'p'},
        {"depth", required_argument, NULL, 'd'}, {"divide", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    struct config cfg = {0, 2, 4, 0};
    int c;
    opterr = 0; /* args_fail() says more than getopt would */
    while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
        if (c == 's')
            cfg.seed = args_number("perft", "--seed", optarg, 0, UINT64_MAX);
        else if (c == 'p')
            cfg.players = (int)args_number("perft", "--players", optarg, PACKEIS_MIN_PLAYERS,
                                           PACKEIS_MAX_PLAYERS);
        else if (c == 'd')
            cfg.depth = (unsigned)args_number("perft", "--depth", optarg, 0, MAX_DEPTH);
        else if (c == 'v')
            cfg.divide = 1;
        else if (c == 'h') {
            usage(stdout);
            exit(0);
        } else if (c == ':')
            args_fail("perft", "%s needs a value", argv[optind - 1]);
        else
            args_fail("perft", "unknown argument '%s'", argv[optind - 1]);
    }
    if (optind < argc)
        args_fail("perft", "unexpected argument '%s'", argv[optind]);
    if (cfg.divide && cfg.depth == 0)
        args_fail("perft", "--divide needs --depth 1 or more");
    return cfg;
}

static double now(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Moves in the library's notation: a placement "b7", a slide "c4-e5". */
static void print_move(const packeis_game *game, packeis_move move)
{
    char text[PACKEIS_MOVE_TEXT_SIZE];
    size_t length;
    check(packeis_game_format_move(game, move, text, sizeof text, &length), "move name");
    printf("%s", text);
}

static void run_perft(const packeis_game *game, unsigned depth)
{
    printf("depth %*s  %9s  %12s\n", 20, "perft", "seconds", "leaves/s");
    fflush(stdout);
    for (unsigned d = depth == 0 ? 0 : 1; d <= depth; d++) {
        double start = now();
        uint64_t leaves = packeis_game_perft(game, d); /* 0 only for a NULL game */
        double seconds = now() - start;
        printf("%5u %20" PRIu64 "  %9.3f  %12.0f\n", d, leaves, seconds,
               seconds > 0 ? (double)leaves / seconds : 0.0);
        fflush(stdout); /* each depth as soon as it is counted, into a pipe too */
    }
}

static void run_divide(const packeis_game *game, unsigned depth)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    static uint64_t leaves[PACKEIS_MAX_MOVES];
    size_t count;
    check(packeis_game_divide(game, depth, moves, leaves, PACKEIS_MAX_MOVES, &count), "divide");
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++) {
        print_move(game, moves[i]);
        printf(": %" PRIu64 "\n", leaves[i]);
        total += leaves[i];
    }
    printf("\nmoves: %zu\ntotal: %" PRIu64 "\n", count, total);
}

int main(int argc, char **argv)
{
    struct config cfg = parse_args(argc, argv);
    packeis_options *options;
    packeis_game *game;
    check(packeis_options_new(NULL, &options), "options");
    check(packeis_options_set_players(options, cfg.players), "players");
    check(packeis_options_set_seed(options, cfg.seed), "seed");
    check(packeis_game_new(options, &game), "new game");
    packeis_options_free(options);

    printf("libpackeis %s, standard board, seed %" PRIu64 ", %d players, depth %u\n\n",
           packeis_version_string(), cfg.seed, cfg.players, cfg.depth);
    if (cfg.divide)
        run_divide(game, cfg.depth);
    else
        run_perft(game, cfg.depth);
    packeis_game_free(game);
    return 0;
}
