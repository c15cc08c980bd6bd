/* SPDX-License-Identifier: MIT */
/*
 * bench_az: the forward pass of the az network at the committed model's
 * size (H1 = 256, H2 = 128, random weights), portable C against OpenBLAS
 * (where built with -Dblas), one input at a time and in batches of 16, on
 * observations of real positions; then the az player's visits per second.
 * CPU time of the process (OpenBLAS's own threads included) and wall-clock.
 *
 *   meson test -C BUILD --benchmark az-forward -v
 *   (or BUILD/tests/players/bench_az [ROUNDS])
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if PACKEIS_AZ_BLAS
#    include <cblas.h>
#endif

#include "az_file.h"
#include "az_net.h"
#include "builders.h"
#include <packeis/players.h>

enum { POSITIONS = 256, H1 = 256, H2 = 128 };

static double clock_of(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The observations of the positions of random games, for the player to act. */
static float *observations(double *density)
{
    float *x = malloc((size_t)POSITIONS * AZ_INPUTS * sizeof *x);
    size_t filled = 0, nonzero = 0;
    for (uint64_t seed = 1; x && filled < POSITIONS; seed++) {
        packeis_game *game = tc_standard_game(2, seed);
        uint64_t state = seed;
        while (filled < POSITIONS && packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
            size_t count;
            float *row = x + filled * AZ_INPUTS;
            TC_CHECK(packeis_game_observe_as(game, packeis_game_current_player(game), row,
                                             AZ_INPUTS, &count),
                     PACKEIS_OK);
            for (size_t i = 0; i < AZ_INPUTS; i++)
                nonzero += row[i] != 0;
            filled++;
            packeis_move moves[PACKEIS_MAX_MOVES];
            TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
            state = state * 6364136223846793005u + 1442695040888963407u;
            TC_CHECK(packeis_game_apply(game, moves[(state >> 33) % count]), PACKEIS_OK);
        }
        packeis_game_free(game);
    }
    *density = (double)nonzero / ((double)POSITIONS * AZ_INPUTS);
    return x;
}

/* Microseconds of CPU and of wall-clock per position, best of `rounds`. */
static void measure(const az_net *net, az_backend backend, const float *x, size_t batch,
                    int rounds)
{
    float *work = malloc(az_net_work_size(net, batch) * sizeof *work);
    float *logits = malloc(batch * AZ_POLICY * sizeof *logits), *value = malloc(batch * 4);
    double best_cpu = 1e9, best_wall = 1e9;
    for (int r = 0; r < rounds; r++) {
        double cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID), wall = clock_of(CLOCK_MONOTONIC);
        for (int repeat = 0; repeat < 8; repeat++)
            for (size_t p = 0; p + batch <= POSITIONS; p += batch)
                az_net_forward(net, backend, x + p * AZ_INPUTS, batch, logits, value, work);
        double n = 8.0 * (double)(POSITIONS / batch * batch);
        cpu = (clock_of(CLOCK_PROCESS_CPUTIME_ID) - cpu) / n * 1e6;
        wall = (clock_of(CLOCK_MONOTONIC) - wall) / n * 1e6;
        best_cpu = cpu < best_cpu ? cpu : best_cpu;
        best_wall = wall < best_wall ? wall : best_wall;
    }
    printf("forward %-8s batch %2zu: %8.2f us CPU per position (wall %8.2f)\n",
           backend == AZ_BLAS ? "openblas" : "portable", batch, best_cpu, best_wall);
    free(work);
    free(logits);
    free(value);
}

/* The az player's visits per CPU second from the start and mid-game. */
static void player_speed(const char *path)
{
    char spec[512], why[512];
    snprintf(spec, sizeof spec, "az:weights=%s,reuse=false", path);
    packeis_player *p;
    if (packeis_player_from_spec(spec, 1, &p, NULL, why, sizeof why) != 0) {
        fprintf(stderr, "bench_az: %s\n", why);
        exit(1);
    }
    packeis_game *game = tc_standard_game(2, 11);
    for (int ply = 0; ply <= 16; ply += 16) {
        if (ply) { /* to the middle of a game: 8 placements and 8 slides */
            packeis_player *random;
            if (packeis_player_new("random", 3, &random) != 0)
                exit(1);
            for (int k = 0; k < 16; k++) {
                packeis_move move;
                TC_CHECK(packeis_player_choose(random, game, NULL, &move, NULL), PACKEIS_OK);
                TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
            }
            packeis_player_free(random);
        }
        packeis_player_limits limits = {.nodes = 4000};
        packeis_move move;
        double cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID);
        TC_CHECK(packeis_player_choose(p, game, &limits, &move, NULL), PACKEIS_OK);
        cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID) - cpu;
        printf("az player, ply %2d: %.0f visits per CPU second (4000 visits)\n", ply,
               4000 / cpu);
    }
    packeis_game_free(game);
    packeis_player_free(p);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    char path[128];
    snprintf(path, sizeof path, "/tmp/bench_az_%ld.pkaz", (long)getpid());
    if (az_file_write_random(path, H1, H2, 7) != 0)
        return 1;
    az_net *net;
    char why[512];
    if (az_net_load(path, &net, why, sizeof why) != 0) {
        fprintf(stderr, "bench_az: %s\n", why);
        return 1;
    }
    double density;
    float *x = observations(&density);
    printf(
        "network 1600-%d-%d-(192+1); %d positions of random games, %.1f %% of inputs not 0\n",
        H1, H2, POSITIONS, 100 * density);
    for (int backend = AZ_PORTABLE; backend <= (az_blas_available ? AZ_BLAS : AZ_PORTABLE);
         backend++)
        for (size_t batch = 1; batch <= 16; batch += 15)
            measure(net, (az_backend)backend, x, batch, rounds);
#if PACKEIS_AZ_BLAS
    /* OpenBLAS 0.3.21 takes CPUs it does not know for a Prescott, whose
     * kernels are several times slower (OPENBLAS_CORETYPE=Haswell says). */
    printf("%s; kernels for %s\n", openblas_get_config(), openblas_get_corename());
#else
    printf("(built without OpenBLAS: -Dblas=auto found none, or -Dblas=disabled)\n");
#endif
    player_speed(path);
    remove(path);
    free(x);
    az_net_free(net);
    return 0;
}
