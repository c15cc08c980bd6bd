/* SPDX-License-Identifier: MIT */
/*
 * The az player and its network (lib/players/az*.c): every refusal
 * of a weights file, the forward pass against a tiny network worked out by
 * hand (both backends where BLAS is built in), the policy and value of
 * packeis_player_az_evaluate(), whole legal games with a small random
 * network, the budgets, the seat notation with a weights file.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <math.h>

#include <cmocka.h>

#include "az_file.h"
#include "az_net.h"
#include "builders.h"
#include <packeis/players.h>

/* A file name of this test's own, removed at the end of the test. */
static char *temp_path(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "/tmp/test_az_%ld_%s", (long)getpid(), name);
    return path;
}

/* Loading `path` is refused with a sentence holding `words`. */
static void refused(const char *path, const char *words)
{
    packeis_player_az_net *net = (packeis_player_az_net *)1;
    char why[512] = "";
    assert_int_equal(packeis_player_az_load(path, &net, why, sizeof why), -1);
    assert_null(net);
    if (!strstr(why, words))
        fail_msg("'%s' does not say '%s'", why, words);
}

/* A file of shapes h1, h2 whose header is changed by `edit`, refused. */
static void refused_header(az_header header, size_t count, size_t extra, const char *words)
{
    const char *path = temp_path("bad.pkaz");
    float *floats = calloc(count ? count : 1, sizeof *floats);
    assert_int_equal(az_file_write(path, &header, floats, count, extra), 0);
    free(floats);
    refused(path, words);
    remove(path);
}

static void bad_files_refused(void **state)
{
    (void)state;
    size_t good = az_file_floats(4, 3);
    refused(temp_path("missing.pkaz"), "cannot open");
    refused("/tmp", "cannot read");
    az_header header = az_file_header(4, 3);
    memcpy(header.magic, "PKAX", 4);
    refused_header(header, good, 0, "does not start with PKAZ");
    header = az_file_header(4, 3);
    header.version = 3; /* 2 is the integer network (test_nnue.c) */
    refused_header(header, good, 0, "unknown az weights version 3");
    header = az_file_header(4, 3);
    header.inputs = 1599;
    refused_header(header, good, 0, "1599 inputs");
    header = az_file_header(4, 3);
    header.policy = 191;
    refused_header(header, good, 0, "191 policy outputs");
    header = az_file_header(0, 3);
    refused_header(header, good, 0, "H1=0 H2=3");
    header = az_file_header(4, 4097);
    refused_header(header, good, 0, "H1=4 H2=4097");
    header = az_file_header(4, 3);
    refused_header(header, good - 1, 0, "is truncated");
    refused_header(header, 0, 0, "is truncated");
    refused_header(header, good, 1, "is too long");
    refused_header(header, good, 4, "is too long");
    /* A header cut short, and an empty file. */
    const char *path = temp_path("short.pkaz");
    FILE *file = fopen(path, "wb");
    fwrite("PKAZ\1\0\0\0", 1, 8, file);
    fclose(file);
    refused(path, "shorter than the 24 of the header");
    file = fopen(path, "wb");
    fclose(file);
    refused(path, "does not start with PKAZ");
    remove(path);
}

/* A NaN or an infinity anywhere is refused, named by array and index. */
static void non_finite_refused(void **state)
{
    (void)state;
    size_t count = az_file_floats(4, 3);
    float *floats = calloc(count, sizeof *floats);
    az_header header = az_file_header(4, 3);
    const char *path = temp_path("nan.pkaz");
    /* W1 is 4 x 1600, b1 4, W2 3 x 4: float 6400 + 4 + 5 is W2[1][1]. */
    floats[6409] = NAN;
    assert_int_equal(az_file_write(path, &header, floats, count, 0), 0);
    refused(path, "W2[1][1] is not a finite number");
    floats[6409] = 0;
    floats[count - 1] = INFINITY; /* bv */
    assert_int_equal(az_file_write(path, &header, floats, count, 0), 0);
    refused(path, "bv[0][0] is not a finite number");
    free(floats);
    remove(path);
}

/* The tiny network of forward_by_hand, H1 = H2 = 2, by hand:
 *   x: x[0] = 1, x[5] = 2, x[1599] = -1, every other input 0.
 *   W1 row 0: 0.5 at 0, 1 at 5, 1 at 1599; b1[0] = 0.1:
 *     h1[0] = 0.5 + 2 - 1 + 0.1 = 1.6
 *   W1 row 1: -1 at 0, 0.25 at 5; b1[1] = 0: -1 + 0.5 = -0.5, ReLU 0.
 *   W2 = [[1, 3], [-2, 1]], b2 = [0.4, 0.2]:
 *     h2[0] = 1.6 + 0 + 0.4 = 2.0; h2[1] = -3.2 + 0.2 = -3.0, ReLU 0.
 *   Wp row r = [0.01 r, 5], bp[r] = 1 for r = 7 else 0:
 *     logit[r] = 0.02 r (+1 for r = 7): logit[0] = 0, logit[7] = 1.14,
 *     logit[191] = 3.82 (the 5 meets h2[1] = 0).
 *   Wv = [0.25, 7], bv = 0.1: value = tanh(0.5 + 0.1) = tanh(0.6)
 *     = 0.537049566998035. */
static float *hand_network(size_t *count)
{
    *count = az_file_floats(2, 2);
    float *f = calloc(*count, sizeof *f);
    float *w1 = f, *b1 = w1 + 2 * 1600, *w2 = b1 + 2, *b2 = w2 + 4, *wp = b2 + 2;
    float *bp = wp + 192 * 2, *wv = bp + 192, *bv = wv + 2;
    w1[0] = 0.5f, w1[5] = 1, w1[1599] = 1, b1[0] = 0.1f;
    w1[1600] = -1, w1[1605] = 0.25f;
    w2[0] = 1, w2[1] = 3, w2[2] = -2, w2[3] = 1, b2[0] = 0.4f, b2[1] = 0.2f;
    for (int r = 0; r < 192; r++)
        wp[2 * r] = 0.01f * (float)r, wp[2 * r + 1] = 5;
    bp[7] = 1;
    wv[0] = 0.25f, wv[1] = 7, bv[0] = 0.1f;
    return f;
}

static az_net *load(const char *path)
{
    az_net *net;
    char why[512];
    if (az_net_load(path, &net, why, sizeof why) != 0)
        fail_msg("%s", why);
    return net;
}

static void forward_by_hand(void **state)
{
    (void)state;
    size_t count;
    float *floats = hand_network(&count);
    az_header header = az_file_header(2, 2);
    const char *path = temp_path("hand.pkaz");
    assert_int_equal(az_file_write(path, &header, floats, count, 0), 0);
    free(floats);
    az_net *net = load(path);
    remove(path);
    /* The same input twice: batch of 2 through the batched path. */
    float x[2 * 1600] = {0}, logits[2 * 192], value[2], work[8];
    assert_true(az_net_work_size(net, 2) <= 8);
    for (int s = 0; s < 2; s++)
        x[s * 1600 + 0] = 1, x[s * 1600 + 5] = 2, x[s * 1600 + 1599] = -1;
    for (int backend = AZ_PORTABLE; backend <= (az_blas_available ? AZ_BLAS : AZ_PORTABLE);
         backend++) {
        for (size_t n = 1; n <= 2; n++) {
            memset(logits, 0, sizeof logits);
            az_net_forward(net, (az_backend)backend, x, n, logits, value, work);
            for (size_t s = 0; s < n; s++) {
                assert_float_equal(logits[s * 192 + 0], 0.0, 1e-6);
                assert_float_equal(logits[s * 192 + 7], 1.14, 1e-5);
                assert_float_equal(logits[s * 192 + 100], 2.0, 1e-5);
                assert_float_equal(logits[s * 192 + 191], 3.82, 1e-5);
                assert_float_equal(value[s], 0.537049566998035, 1e-6);
            }
        }
    }
    az_net_free(net);
}

/* W1 = 0, b1 = [1, 2], W2 = identity, b2 = 0: h2 = [1, 2] in any
 * position. Wp row r = [logit_r, 0]; Wv = [0.5, 0.25], bv = -0.5: value
 * tanh(0.5 + 0.5 - 0.5) = tanh(0.5) = 0.46211715726001. */
static const char *write_policy_network(const float *logit)
{
    size_t count = az_file_floats(2, 2);
    float *f = calloc(count, sizeof *f);
    float *b1 = f + 2 * 1600, *w2 = b1 + 2, *wp = w2 + 6, *wv = wp + 192 * 2 + 192;
    b1[0] = 1, b1[1] = 2, w2[0] = 1, w2[3] = 1;
    for (int r = 0; r < 192; r++)
        wp[2 * r] = logit[r];
    wv[0] = 0.5f, wv[1] = 0.25f, wv[2] = -0.5f;
    az_header header = az_file_header(2, 2);
    const char *path = temp_path("policy.pkaz");
    assert_int_equal(az_file_write(path, &header, f, count, 0), 0);
    free(f);
    return path;
}

/* Placements: PLACE[c] = ln 3 on the first legal cell, else 0, so that it
 * gets 3 / (n + 2) and each other legal cell 1 / (n + 2). Slides:
 * FROM[f] = 0.01 f, TO[t] = 0.1 (t % 3): each legal slide f -> t gets
 * e^(FROM + TO) over their sum. Illegal moves 0. */
static void evaluate_policy_and_value(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 7);
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t n;
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
    float logit[192] = {0};
    for (int f = 0; f < 64; f++)
        logit[f] = 0.01f * (float)f, logit[64 + f] = 0.1f * (float)(f % 3);
    logit[128 + moves[0] / 65] = logf(3);
    const char *path = write_policy_network(logit);
    packeis_player_az_net *net;
    assert_int_equal(packeis_player_az_load(path, &net, NULL, 0), 0);
    remove(path);
    float *policy = malloc(PACKEIS_MOVE_VALUES * sizeof *policy), value;
    assert_int_equal(packeis_player_az_evaluate(net, game, policy, PACKEIS_MOVE_VALUES, &value),
                     PACKEIS_OK);
    assert_float_equal(value, 0.46211715726001, 1e-6);
    assert_float_equal(policy[moves[0]], 3.0 / (double)(n + 2), 1e-6);
    double sum = 0;
    for (size_t i = 1; i < n; i++)
        assert_float_equal(policy[moves[i]], 1.0 / (double)(n + 2), 1e-6);
    for (int m = 0; m < PACKEIS_MOVE_VALUES; m++)
        sum += policy[m];
    assert_float_equal(sum, 1.0, 1e-5);
    /* To the movement phase: the slides. */
    while (packeis_game_phase(game) == PACKEIS_PHASE_PLACEMENT) {
        TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
        TC_CHECK(packeis_game_apply(game, moves[n / 2]), PACKEIS_OK);
    }
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
    assert_int_equal(packeis_player_az_evaluate(net, game, policy, PACKEIS_MOVE_VALUES, &value),
                     PACKEIS_OK);
    double total = 0;
    for (size_t i = 0; i < n; i++)
        total += exp(0.01 * (moves[i] / 64) + 0.1 * (moves[i] % 64 % 3));
    sum = 0;
    for (size_t i = 0; i < n; i++) {
        double want = exp(0.01 * (moves[i] / 64) + 0.1 * (moves[i] % 64 % 3)) / total;
        assert_float_equal(policy[moves[i]], want, 1e-6);
        sum += policy[moves[i]];
    }
    assert_float_equal(sum, 1.0, 1e-5);
    assert_float_equal(policy[TC_P(moves[0] / 64)], 0.0, 0);
    /* Refusals of the call itself. */
    assert_int_equal(packeis_player_az_evaluate(net, game, policy, 4095, &value),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_player_az_evaluate(NULL, game, policy, 4096, &value),
                     PACKEIS_E_INVALID_ARGUMENT);
    size_t plies;
    TC_CHECK(packeis_game_playout(game, 1, &plies), PACKEIS_OK);
    assert_int_equal(packeis_player_az_evaluate(net, game, policy, 4096, &value),
                     PACKEIS_E_GAME_OVER);
    free(policy);
    packeis_player_az_free(net);
    packeis_player_az_free(NULL);
    packeis_game_free(game);
}

/* An az player with a small random network (H1 = 16, H2 = 8). */
static packeis_player *random_az(uint64_t seed)
{
    const char *path = temp_path("random.pkaz");
    assert_int_equal(az_file_write_random(path, 16, 8, seed), 0);
    packeis_player *p;
    assert_int_equal(packeis_player_new("az", seed, &p), 0);
    const char *why = NULL;
    assert_int_equal(packeis_player_set_option(p, "weights", path, &why), 0);
    remove(path); /* read at once */
    return p;
}

static void whole_legal_games(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        packeis_game *game = tc_standard_game(players, 90 + (uint64_t)players);
        packeis_player *p = random_az((uint64_t)players);
        packeis_player_limits limits = {.nodes = 25};
        size_t plies = 0;
        while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
            packeis_move legal[PACKEIS_MAX_MOVES], move;
            size_t count;
            packeis_player_report report;
            TC_CHECK(packeis_game_legal_moves(game, legal, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
            assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report),
                             PACKEIS_OK);
            assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
            /* Exactly the budget; the root's visits are those after the
             * first (the root's own evaluation) plus what the tree kept. */
            assert_int_equal(report.nodes, count > 1 ? 25 : 0);
            assert_int_equal(report.root_moves, count);
            assert_true(report.pv_length >= 1 && report.pv[0] == move);
            assert_true(report.score >= 0 && report.score <= 1);
            uint64_t visits = 0, most = 0;
            for (size_t i = 0; i < count; i++) {
                visits += report.visits[i];
                if (report.visits[i] > most)
                    most = report.visits[i];
            }
            assert_true(count == 1 || visits >= 24);
            for (size_t i = 0; i < count; i++)
                if (report.moves[i] == move)
                    assert_int_equal(report.visits[i], most);
            TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
            plies++;
        }
        assert_true(plies > 10);
        packeis_player_free(p);
        packeis_game_free(game);
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Time: 50 ms with no node limit ends near 50 ms; the stop flag raised
 * before the search: a legal move at once. */
static void timed_then_stopped(packeis_player *p, const packeis_game *game)
{
    packeis_move move;
    packeis_player_report report;
    packeis_player_limits timed = {.seconds = 0.05};
    double start = now();
    assert_int_equal(packeis_player_choose(p, game, &timed, &move, &report), PACKEIS_OK);
    double took = now() - start;
    assert_true(took >= 0.05 && took < 1.0);
    assert_true(report.nodes > 0);
    assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
    atomic_int stop = 1;
    packeis_player_limits stopped = {.seconds = 10, .stop = &stop};
    start = now();
    assert_int_equal(packeis_player_choose(p, game, &stopped, &move, &report), PACKEIS_OK);
    assert_true(now() - start < 1.0);
    assert_int_equal(report.nodes, 0);
    assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
}

static void budgets_kept(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 3);
    packeis_player *p = random_az(9);
    packeis_move move;
    packeis_player_report report;
    timed_then_stopped(p, game);
    /* The default budget, the option "visits". */
    assert_int_equal(packeis_player_set_option(p, "visits", "33", NULL), 0);
    assert_int_equal(packeis_player_choose(p, game, NULL, &move, &report), PACKEIS_OK);
    assert_int_equal(report.nodes, 33);
    packeis_player_free(p);
    packeis_game_free(game);
}

/* The sum of the root visits of a report. */
static uint64_t root_visits(const packeis_player_report *report)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < report->root_moves; i++)
        sum += report->visits[i];
    return sum;
}

/* With reuse the tree of the position reached is kept: after the most
 * visited move, the next search starts from that child's visits (the root
 * visits exceed the 49 of a fresh tree: 50 visits, the first the root's own
 * evaluation); without reuse a fresh tree, exactly 49. */
static void tree_reuse(void **state)
{
    (void)state;
    for (int reuse = 0; reuse <= 1; reuse++) {
        packeis_game *game = tc_standard_game(2, 4);
        packeis_player *p = random_az(5);
        assert_int_equal(packeis_player_set_option(p, "reuse", reuse ? "true" : "false", NULL),
                         0);
        packeis_player_limits limits = {.nodes = 50};
        packeis_move move;
        packeis_player_report report;
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_int_equal(root_visits(&report), 49);
        uint64_t kept = 0;
        for (size_t i = 0; i < report.root_moves; i++)
            if (report.moves[i] == move)
                kept = report.visits[i];
        assert_true(kept > 1);
        TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        /* Kept: the child's visits less its own evaluation, plus 50. */
        assert_int_equal(root_visits(&report), reuse ? kept - 1 + 50 : 49);
        packeis_player_free(p);
        packeis_game_free(game);
    }
}

/* az says its searches grow (the browser game's slices): two searches of
 * the same position add up, 30 + 20 visits as one of 50 (49 at the root:
 * the first is the root's own evaluation). */
static void slices_add_up(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 6);
    packeis_player *p = random_az(7);
    assert_int_equal(packeis_player_resumes(p), PACKEIS_PLAYER_RESUME_GROWS);
    packeis_player_limits thirty = {.nodes = 30}, twenty = {.nodes = 20};
    packeis_move move;
    packeis_player_report report;
    assert_int_equal(packeis_player_choose(p, game, &thirty, &move, &report), PACKEIS_OK);
    assert_int_equal(root_visits(&report), 29);
    assert_int_equal(packeis_player_choose(p, game, &twenty, &move, &report), PACKEIS_OK);
    assert_int_equal(report.nodes, 20);
    assert_int_equal(root_visits(&report), 49);
    packeis_player_free(p);
    packeis_game_free(game);
}

/* A 200-visit search of `game` by `p`, its root visits into visits[] (the
 * report's order), into *report; checks the budget is spent exactly. */
static void search_200(packeis_player *p, const packeis_game *game, uint64_t *visits,
                       packeis_player_report *report)
{
    packeis_player_limits limits = {.nodes = 200};
    packeis_move move;
    assert_int_equal(packeis_player_choose(p, game, &limits, &move, report), PACKEIS_OK);
    assert_int_equal(report->nodes, 200);
    memcpy(visits, report->visits, report->root_moves * sizeof *visits);
}

/* The root visits of a search of `game` with `noise` and `seed`, into
 * visits[]. */
static size_t noisy_visits(const packeis_game *game, const char *noise, uint64_t seed,
                           uint64_t *visits)
{
    packeis_player *p = random_az(seed);
    assert_int_equal(packeis_player_set_option(p, "noise", noise, NULL), 0);
    packeis_player_report report;
    search_200(p, game, visits, &report);
    /* Searched again, the kept root keeps its noise: 199 more visits. */
    uint64_t more[PACKEIS_MAX_MOVES];
    search_200(p, game, more, &report);
    assert_int_equal(root_visits(&report), 199 + 200);
    packeis_player_free(p);
    return report.root_moves;
}

/* The noise changes the search, the same for the same seed and position
 * (random_az's network is made from its seed too: seeds 1 and 2 differ in
 * both, so the comparison across seeds is of the noise at 0 and 0.5). */
static void noise_explores(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 8);
    uint64_t plain[PACKEIS_MAX_MOVES], noisy[PACKEIS_MAX_MOVES], again[PACKEIS_MAX_MOVES];
    size_t count = noisy_visits(game, "0", 1, plain);
    assert_int_equal(noisy_visits(game, "0.5", 1, noisy), count);
    assert_int_equal(noisy_visits(game, "0.5", 1, again), count);
    assert_memory_equal(noisy, again, count * sizeof *noisy);
    assert_memory_not_equal(plain, noisy, count * sizeof *noisy);
    packeis_game_free(game);
}

/* The root visits of a 200-visit search of `game` by an az of seed 3 with
 * the option mix `mix` and a random 16-8 network (seed 1) whose value
 * bias is `bias` (the last float of the file), into visits[]. */
static size_t mixed_visits(const packeis_game *game, const char *mix, float bias,
                           uint64_t *visits)
{
    const char *path = temp_path("mix.pkaz");
    size_t count = az_file_floats(16, 8);
    float *floats = az_file_random(count, 1, 0.5f);
    assert_non_null(floats);
    floats[count - 1] = bias;
    az_header header = az_file_header(16, 8);
    assert_int_equal(az_file_write(path, &header, floats, count, 0), 0);
    free(floats);
    packeis_player *p;
    assert_int_equal(packeis_player_new("az", 3, &p), 0);
    assert_int_equal(packeis_player_set_option(p, "weights", path, NULL), 0);
    remove(path);
    assert_int_equal(packeis_player_set_option(p, "mix", mix, NULL), 0);
    packeis_player_report report;
    search_200(p, game, visits, &report);
    packeis_player_free(p);
    return report.root_moves;
}

/* mix 1 values leaves by their playouts alone: two networks that differ
 * only in their value (a bias of +4 or -4: tanh near +1 or -1 at every
 * leaf, which at mix 0 sends the search wide or deep) search alike; at
 * mix 0 and 0.5 they do not; the same seed repeats a mixed search. */
static void mix_values_by_playouts(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 8);
    uint64_t high[PACKEIS_MAX_MOVES], low[PACKEIS_MAX_MOVES], again[PACKEIS_MAX_MOVES];
    const char *mixes[] = {"0", "0.5", "1"};
    for (int m = 0; m < 3; m++) {
        size_t count = mixed_visits(game, mixes[m], 4.0f, high);
        assert_int_equal(mixed_visits(game, mixes[m], -4.0f, low), count);
        assert_int_equal(mixed_visits(game, mixes[m], 4.0f, again), count);
        assert_memory_equal(high, again, count * sizeof *high);
        if (m == 2)
            assert_memory_equal(high, low, count * sizeof *high);
        else
            assert_memory_not_equal(high, low, count * sizeof *high);
    }
    packeis_player *p;
    assert_int_equal(packeis_player_new("az", 3, &p), 0);
    const char *why = NULL;
    assert_int_equal(packeis_player_set_option(p, "mix", "1.5", &why), -1);
    packeis_player_free(p);
    packeis_game_free(game);
}

/* An az of `seed` with `weights` (NULL: the committed model, version 2)
 * and the options mix and threads. */
static packeis_player *threaded_az(uint64_t seed, const char *weights, const char *mix,
                                   const char *threads)
{
    packeis_player *p;
    assert_int_equal(packeis_player_new("az", seed, &p), 0);
    if (weights)
        assert_int_equal(packeis_player_set_option(p, "weights", weights, NULL), 0);
    assert_int_equal(packeis_player_set_option(p, "mix", mix, NULL), 0);
    assert_int_equal(packeis_player_set_option(p, "threads", threads, NULL), 0);
    return p;
}

/* The root visits of a search of `nodes` visits, into visits[]; the
 * report's move into *move. */
static size_t threaded_visits(packeis_player *p, const packeis_game *game, uint64_t nodes,
                              uint64_t *visits, packeis_move *move)
{
    packeis_player_limits limits = {.nodes = nodes};
    packeis_player_report report;
    assert_int_equal(packeis_player_choose(p, game, &limits, move, &report), PACKEIS_OK);
    assert_int_equal(report.nodes, nodes);
    memcpy(visits, report.visits, report.root_moves * sizeof *visits);
    return report.root_moves;
}

/* Root parallelism (the option threads): each thread grows a tree of its
 * own on its share of the visits and the roots are summed. With mix 0 the
 * search has no randomness, so two threads' trees are the one thread's
 * tree twice: 2 x 60 visits give exactly twice each root move's visits of
 * one thread's 60. With mix 0.5 the second thread's playouts are its own
 * (the sums are not twice one tree's), yet a seed repeats its search
 * whatever the threads' timing. Both network versions. */
static void threads_sum_their_trees(void **state)
{
    (void)state;
    const char *path = temp_path("threads.pkaz");
    assert_int_equal(az_file_write_random(path, 16, 8, 5), 0);
    const char *weights[] = {path, NULL};
    packeis_game *game = tc_standard_game(2, 12);
    for (int w = 0; w < 2; w++) {
        uint64_t one[PACKEIS_MAX_MOVES], two[PACKEIS_MAX_MOVES], again[PACKEIS_MAX_MOVES];
        packeis_move move_one, move_two, move_again;
        packeis_player *p = threaded_az(11, weights[w], "0", "1");
        size_t count = threaded_visits(p, game, 60, one, &move_one);
        packeis_player_free(p);
        p = threaded_az(11, weights[w], "0", "2");
        assert_int_equal(threaded_visits(p, game, 120, two, &move_two), count);
        packeis_player_free(p);
        for (size_t i = 0; i < count; i++)
            assert_int_equal(two[i], 2 * one[i]);
        assert_int_equal(move_two, move_one);
        p = threaded_az(11, weights[w], "0.5", "1");
        threaded_visits(p, game, 60, one, &move_one);
        packeis_player_free(p);
        p = threaded_az(11, weights[w], "0.5", "2");
        threaded_visits(p, game, 120, two, &move_two);
        packeis_player_free(p);
        p = threaded_az(11, weights[w], "0.5", "2");
        threaded_visits(p, game, 120, again, &move_again);
        packeis_player_free(p);
        assert_memory_equal(two, again, count * sizeof *two);
        assert_int_equal(move_two, move_again);
        uint64_t sum = 0, doubled = 1;
        for (size_t i = 0; i < count; i++) {
            sum += two[i];
            doubled &= two[i] == 2 * one[i];
        }
        assert_int_equal(sum, 120 - 2); /* each tree's first visit: its root */
        assert_false(doubled);
    }
    remove(path);
    packeis_game_free(game);
}

/* Threads on the clock and the stop flag, and the analysis of a threaded
 * search: every root move valued, line 1 the move chosen, each line's
 * visits the summed roots'. */
static void threads_timed_stopped_and_analysed(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 13);
    packeis_player *p = threaded_az(3, NULL, "0.5", "2");
    packeis_player_report report;
    timed_then_stopped(p, game);
    packeis_player_free(p);

    p = threaded_az(4, NULL, "0.5", "2");
    packeis_move chosen;
    packeis_player_limits limits = {.nodes = 300};
    assert_int_equal(packeis_player_choose(p, game, &limits, &chosen, &report), PACKEIS_OK);
    packeis_player_free(p);
    p = threaded_az(4, NULL, "0.5", "2");
    packeis_move legal[PACKEIS_MAX_MOVES];
    size_t count, got;
    TC_CHECK(packeis_game_legal_moves(game, legal, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
    packeis_player_line *lines = calloc(count, sizeof *lines);
    assert_non_null(lines);
    assert_int_equal(packeis_player_analyse(p, game, &limits, count, lines, &got, &report),
                     PACKEIS_OK);
    assert_int_equal(got, count);
    assert_int_equal(lines[0].move, chosen);
    for (size_t i = 0; i < count; i++) {
        assert_true(lines[i].nodes >= 1);
        assert_true(lines[i].value >= -1 && lines[i].value <= 1);
        assert_true(i == 0 || lines[i].nodes <= lines[0].nodes);
        for (size_t j = 0; j < report.root_moves; j++)
            if (report.moves[j] == lines[i].move && report.visits[j] > 0)
                assert_int_equal(lines[i].nodes, report.visits[j]);
    }
    free(lines);
    packeis_player_free(p);
    packeis_game_free(game);
}

/* The seat notation with a weights file, a bad one refused with its
 * reason; an az without weights refuses to choose, saying why. */
static void specs_and_missing_weights(void **state)
{
    (void)state;
    const char *path = temp_path("spec.pkaz");
    assert_int_equal(az_file_write_random(path, 8, 4, 1), 0);
    char spec[512], why[1024] = "";
    snprintf(spec, sizeof spec, "az:40,weights=%s,cpuct=2", path);
    packeis_player *p;
    packeis_player_limits budget = {0};
    assert_int_equal(packeis_player_from_spec(spec, 1, &p, &budget, why, sizeof why), 0);
    assert_int_equal(budget.nodes, 40);
    packeis_game *game = tc_standard_game(2, 5);
    packeis_move move;
    packeis_player_report report;
    assert_int_equal(packeis_player_choose(p, game, &budget, &move, &report), PACKEIS_OK);
    assert_int_equal(report.nodes, 40);
    assert_null(packeis_player_error(p));
    packeis_player_free(p);
    /* A truncated file in a spec. */
    az_header header = az_file_header(8, 4);
    float zero[8] = {0};
    assert_int_equal(az_file_write(path, &header, zero, 8, 0), 0);
    snprintf(spec, sizeof spec, "az:weights=%s", path);
    assert_int_equal(packeis_player_from_spec(spec, 1, &p, &budget, why, sizeof why), -1);
    assert_null(p);
    assert_non_null(strstr(why, "is truncated"));
    remove(path);
    /* Set by hand: refused, the player keeps no network and says why. */
    assert_int_equal(packeis_player_new("az", 1, &p), 0);
    const char *reason = NULL;
    assert_int_equal(packeis_player_set_option(p, "weights", path, &reason), -1);
    assert_non_null(strstr(reason, "cannot open"));
    assert_non_null(strstr(packeis_player_error(p), "cannot open"));
    assert_int_equal(packeis_player_set_option(p, "weights", "-", &reason), 0);
    /* No weights given: the committed model, if it is there. */
    FILE *model = fopen(PACKEIS_AZ_DEFAULT_WEIGHTS, "rb");
    packeis_status want = model ? PACKEIS_OK : PACKEIS_E_INVALID_ARGUMENT;
    if (model)
        fclose(model);
    packeis_player_limits few = {.nodes = 5};
    assert_int_equal(packeis_player_choose(p, game, &few, &move, NULL), want);
    if (want != PACKEIS_OK) {
        assert_int_equal(move, PACKEIS_MOVE_NONE);
        assert_non_null(strstr(packeis_player_error(p), "az-default.pkaz"));
    }
    packeis_player_free(p);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_files_refused),
        cmocka_unit_test(non_finite_refused),
        cmocka_unit_test(forward_by_hand),
        cmocka_unit_test(evaluate_policy_and_value),
        cmocka_unit_test(whole_legal_games),
        cmocka_unit_test(budgets_kept),
        cmocka_unit_test(tree_reuse),
        cmocka_unit_test(slices_add_up),
        cmocka_unit_test(noise_explores),
        cmocka_unit_test(mix_values_by_playouts),
        cmocka_unit_test(threads_sum_their_trees),
        cmocka_unit_test(threads_timed_stopped_and_analysed),
        cmocka_unit_test(specs_and_missing_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
