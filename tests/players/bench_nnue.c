/* SPDX-License-Identifier: MIT */
/*
 * bench_nnue: what an evaluation of the az network costs, and what the az
 * player does with it in a move.
 *
 * 1. One evaluation (prior over the legal moves and values) of the version
 *    2 network, on positions of random 2-player games, for each kernel the
 *    processor runs: "incremental", its FLOE accumulator taken from a
 *    position three plies before (a search's root), and "scratch", summed
 *    from every floe; against the version 1 network of the committed model
 *    (float, 256-128, models/az-v1.pkaz). CPU nanoseconds an evaluation,
 *    median of the rounds.
 * 2. The az player's visits per CPU second on the 30 positions of the
 *    search benchmarks (bench_positions.c), 2,000 visits a move, with the
 *    version 1 model and with the version 2 network, and mcts's playouts;
 *    and what that makes of a 100 ms move.
 *
 *   meson test -C BUILD --benchmark nnue -v
 *   BUILD/tests/players/bench_nnue [--rounds N]
 *       [--weights FILE.pkaz | --random [--board-only]]
 *       [--kernel NAME|v1] [--mode incremental|scratch] [--evaluations]
 *
 * --kernel, --mode and --evaluations (no search rows) leave one kind of
 * evaluation, for counting its instructions (the clock's figures do not
 * matter there): valgrind --tool=callgrind --toggle-collect=nnue_evaluate
 * (az_net_evaluate for v1) BUILD/tests/players/bench_nnue --rounds 1
 * --kernel avx2 --mode incremental --evaluations, whose instructions over
 * POSITIONS x REPEAT (v1: x REPEAT / 10) evaluations are one's.
 *
 * The version 2 network is the committed model (models/az-default.pkaz),
 * or FILE, or with --random a random one of H1 = 256, H2 = 32, with REACH
 * unless --board-only (a file of the same shapes costs the same).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "az_net.h"
#include "bench_positions.h"
#include "builders.h"
#include "nnue_file.h"
#include <packeis/players.h>

enum { POSITIONS = 400, REPEAT = 50, BACK = 3 };

typedef struct sample {
    packeis_game *game, *root;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
} sample;

/* Positions of random games with the position BACK plies before each. */
static sample *samples(void)
{
    sample *s = calloc(POSITIONS, sizeof *s);
    size_t filled = 0;
    for (uint64_t seed = 1; s && filled < POSITIONS; seed++) {
        packeis_game *game = tc_standard_game(2, seed);
        uint64_t rng = seed;
        for (int ply = 0; filled < POSITIONS && packeis_game_phase(game) != PACKEIS_PHASE_OVER;
             ply++) {
            packeis_move moves[PACKEIS_MAX_MOVES];
            size_t count;
            TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
            if (ply >= BACK) {
                sample *one = &s[filled++];
                TC_CHECK(packeis_game_clone(game, &one->game), PACKEIS_OK);
                TC_CHECK(packeis_game_clone(game, &one->root), PACKEIS_OK);
                for (int b = 0; b < BACK; b++)
                    TC_CHECK(packeis_game_undo(one->root), PACKEIS_OK);
                memcpy(one->moves, moves, count * sizeof *moves);
                one->count = count;
            }
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            TC_CHECK(packeis_game_apply(game, moves[(rng >> 33) % count]), PACKEIS_OK);
        }
        packeis_game_free(game);
    }
    return s;
}

/* CPU ns an evaluation of every sample, REPEAT times each. */
static double time_nnue(const nnue_net *net, const nnue_kernel *kernel, const sample *s,
                        int scratch, uint64_t *checksum)
{
    static nnue_output out;
    double seconds = 0;
    for (size_t i = 0; i < POSITIONS; i++) {
        nnue_board board;
        TC_CHECK(nnue_board_init(&board, net, s[i].root), PACKEIS_OK);
        if (scratch)
            board.reference = 0; /* no floe below it: every evaluation sums them all */
        double start = bench_cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
        for (int r = 0; r < REPEAT; r++)
            nnue_evaluate(&board, kernel, s[i].game, s[i].moves, s[i].count, &out);
        seconds += bench_cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
        *checksum = *checksum * 31 + (uint64_t)out.logits[0] + (uint64_t)out.raw_values[0];
        nnue_board_free(&board);
    }
    return seconds * 1e9 / (POSITIONS * REPEAT);
}

static double time_v1(const az_net *net, const sample *s)
{
    float *input = malloc((AZ_INPUTS + az_net_work_size(net, 1)) * sizeof *input);
    float prior[PACKEIS_MAX_MOVES], value;
    double start = bench_cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
    for (size_t i = 0; i < POSITIONS; i++)
        for (int r = 0; r < REPEAT / 10; r++)
            TC_CHECK(az_net_evaluate(net, s[i].game, s[i].moves, s[i].count, prior, &value,
                                     input, input + AZ_INPUTS),
                     PACKEIS_OK);
    double seconds = bench_cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
    free(input);
    return seconds * 1e9 / (POSITIONS * (REPEAT / 10));
}

static az_net *load(const char *path)
{
    az_net *net;
    char why[512];
    if (az_net_load(path, &net, why, sizeof why) != 0) {
        fprintf(stderr, "bench_nnue: %s\n", why);
        exit(1);
    }
    return net;
}

/* A player `spec` ("az:...,weights=F", "mcts") searching each of the 30
 * positions for 2,000 nodes: nodes per CPU second, median of the rounds. */
static double search_rate(const char *spec, int rounds)
{
    packeis_player *p;
    packeis_player_limits budget;
    char why[512];
    if (packeis_player_from_spec(spec, 1, &p, &budget, why, sizeof why) != 0) {
        fprintf(stderr, "bench_nnue: %s\n", why);
        exit(1);
    }
    packeis_game *games[BENCH_POSITIONS];
    for (int i = 0; i < BENCH_POSITIONS; i++)
        games[i] = bench_position(i);
    double rates[32];
    packeis_player_limits limits = {.nodes = 2000};
    for (int r = 0; r < rounds; r++) {
        bench_tally tally = {0, 0, 0};
        rates[r] = bench_round(p, games, &limits, &tally);
    }
    for (int i = 0; i < BENCH_POSITIONS; i++)
        packeis_game_free(games[i]);
    packeis_player_free(p);
    return bench_median(rates, rounds);
}

/* Whether the options leave the row of `kernel` (or "v1") in `mode`. */
static int wanted(const char *only_kernel, int only_mode, const char *kernel, int scratch)
{
    return (!only_kernel || strcmp(only_kernel, kernel) == 0) &&
           (only_mode < 0 || only_mode == scratch);
}

int main(int argc, char **argv)
{
    int rounds = 5;
    uint32_t features = 3;
    int random_net = 0, only_mode = -1, evaluations = 0;
    const char *weights = NULL, *only_kernel = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--kernel") == 0 && i + 1 < argc)
            only_kernel = argv[++i];
        else if (strcmp(argv[i], "--mode") == 0 && i + 1 < argc &&
                 (strcmp(argv[i + 1], "incremental") == 0 ||
                  strcmp(argv[i + 1], "scratch") == 0))
            only_mode = strcmp(argv[++i], "scratch") == 0;
        else if (strcmp(argv[i], "--evaluations") == 0)
            evaluations = 1;
        else if (strcmp(argv[i], "--weights") == 0 && i + 1 < argc)
            weights = argv[++i];
        else if (strcmp(argv[i], "--board-only") == 0)
            features = 1;
        else if (strcmp(argv[i], "--random") == 0)
            random_net = 1;
        else {
            fprintf(stderr, "usage: bench_nnue [--rounds N] [--weights FILE.pkaz | --random "
                            "[--board-only]] [--kernel NAME|v1] [--mode incremental|scratch] "
                            "[--evaluations]\n");
            return 2;
        }
    }
    rounds = rounds < 1 ? 1 : rounds > 31 ? 31 : rounds;
    static char path[256];
    if (!weights && !random_net)
        weights = PACKEIS_AZ_DEFAULT_WEIGHTS;
    if (!weights) {
        snprintf(path, sizeof path, "/tmp/bench_nnue_%ld.pkaz", (long)clock());
        nnue_file *f = nnue_file_random(features, 256, 32, 1);
        if (!f || nnue_file_write(path, f, 0, 0) != 0)
            return 1;
        nnue_file_free(f);
        weights = path;
    }
    az_net *v2 = load(weights), *v1 = load(BENCH_V1_WEIGHTS);
    if (v2->version != 2) {
        fprintf(stderr, "bench_nnue: %s is not a version 2 network\n", weights);
        return 1;
    }
    sample *s = samples();
    const nnue_kernel *kernels[4];
    size_t n = nnue_kernels(kernels, 4);
    int known = !only_kernel || strcmp(only_kernel, "v1") == 0;
    for (size_t k = 0; k < n; k++)
        known |= only_kernel && strcmp(only_kernel, kernels[k]->name) == 0;
    if (!known) {
        fprintf(stderr, "bench_nnue: no kernel '%s' on this processor (v1 or:", only_kernel);
        for (size_t k = 0; k < n; k++)
            fprintf(stderr, " %s", kernels[k]->name);
        fprintf(stderr, ")\n");
        return 2;
    }
    printf(
        "One evaluation (prior and values), CPU ns, median of %d rounds of %d positions x %d\n"
        "version 2: H1=%u H2=%u features=%u; version 1: models/az-v1.pkaz (256-128)\n",
        rounds, POSITIONS, REPEAT, v2->nnue->h1, v2->nnue->h2, v2->nnue->features);
    uint64_t checksum = 0;
    for (size_t k = 0; k < n; k++)
        for (int scratch = 0; scratch <= 1; scratch++) {
            if (!wanted(only_kernel, only_mode, kernels[k]->name, scratch))
                continue;
            double ns[32];
            for (int r = 0; r < rounds; r++)
                ns[r] = time_nnue(v2->nnue, kernels[k], s, scratch, &checksum);
            printf("  v2 %-8s %-11s %8.0f ns\n", kernels[k]->name,
                   scratch ? "scratch" : "incremental", bench_median(ns, rounds));
        }
    if (wanted(only_kernel, -1, "v1", 0)) {
        double ns[32];
        for (int r = 0; r < rounds; r++)
            ns[r] = time_v1(v1, s);
        printf("  v1 float                %8.0f ns\n", bench_median(ns, rounds));
    }
    printf("(checksum %016llx)\n", (unsigned long long)checksum);

    char spec[600];
    if (!evaluations)
        printf("\nThe 30 search positions, 2,000 nodes a move: nodes per CPU second (median of "
               "%d)\n",
               rounds);
    char v1_spec[600];
    snprintf(v1_spec, sizeof v1_spec, "az:mix=1,weights=%s", BENCH_V1_WEIGHTS);
    const char *rows[][2] = {{"az (v1 model, mix=1)", v1_spec},
                             {"az (v2, mix=1)", "az:mix=1,weights=%s"},
                             {"az (v2, mix=0.5)", "az:mix=0.5,weights=%s"},
                             {"az (v2, mix=0)", "az:mix=0,weights=%s"},
                             {"mcts", "mcts"}};
    double base = 0;
    for (size_t i = 0; !evaluations && i < sizeof rows / sizeof rows[0]; i++) {
        snprintf(spec, sizeof spec, "%s", rows[i][1]);
        char *at = strstr(spec, "%s");
        if (at)
            snprintf(at, sizeof spec - (size_t)(at - spec), "%s", weights);
        double rate = search_rate(spec, rounds);
        if (i == 0)
            base = rate;
        printf("  %-22s %9.0f /s  %7.0f in 100 ms of CPU  %5.2fx az v1\n", rows[i][0], rate,
               rate / 10, rate / base);
    }
    for (size_t i = 0; i < POSITIONS; i++) {
        packeis_game_free(s[i].game);
        packeis_game_free(s[i].root);
    }
    free(s);
    az_net_free(v1);
    az_net_free(v2);
    if (weights == path)
        remove(path);
    return 0;
}
