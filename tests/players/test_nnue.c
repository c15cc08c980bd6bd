/* SPDX-License-Identifier: MIT */
/*
 * The version 2 az network (lib/players/network/nnue*.c; doc/formats.md,
 * "Version 2"): files refused; an evaluation worked out by hand; the FLOE
 * accumulator taken from a reference position equal to the one computed
 * from scratch, exactly, over 10,000 positions of random and searched
 * games; every kernel the processor runs equal to the portable one, bit
 * for bit; the az player on such a network plays legal games.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "az_net.h"
#include "builders.h"
#include "nnue_file.h"
#include "splitmix.h"
#include <packeis/players.h>

static const char *temp_path(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "/tmp/test_nnue_%ld_%s", (long)getpid(), name);
    return path;
}

/* The network of `f`, written and read back. */
static az_net *load_file(const nnue_file *f)
{
    const char *path = temp_path("net.pkaz");
    assert_int_equal(nnue_file_write(path, f, 0, 0), 0);
    az_net *net = NULL;
    char why[512];
    int result = az_net_load(path, &net, why, sizeof why);
    if (result != 0)
        fail_msg("%s", why);
    remove(path);
    assert_int_equal(net->version, 2);
    return net;
}

/* Loading `f` (with `extra` bytes after, cut to `cut`) is refused with a
 * sentence holding `words`. */
static void refused(const nnue_file *f, size_t extra, size_t cut, const char *words)
{
    const char *path = temp_path("bad.pkaz");
    assert_int_equal(nnue_file_write(path, f, extra, cut), 0);
    az_net *net = (az_net *)1;
    char why[512] = "";
    assert_int_equal(az_net_load(path, &net, why, sizeof why), -1);
    assert_null(net);
    if (!strstr(why, words) || !strstr(why, path))
        fail_msg("'%s' does not say '%s'", why, words);
    remove(path);
}

static void bad_files_refused(void **state)
{
    (void)state;
    nnue_file *f = nnue_file_zero(1, 32, 32);
    refused(f, 1, 0, "too long");
    refused(f, 0, 100, "truncated");
    refused(f, 0, 20, "truncated");
    f->features = 2;
    refused(f, 0, 0, "feature set 2");
    f->features = 1, f->h1 = 48;
    refused(f, 0, 0, "H1=48");
    f->h1 = 32, f->h2 = 512;
    refused(f, 0, 0, "H2=512");
    f->h2 = 32, f->dense = 15;
    refused(f, 0, 0, "15 dense inputs");
    f->dense = 16, f->values = 1;
    refused(f, 0, 0, "1 value outputs");
    f->values = 4, f->version = 3;
    refused(f, 0, 0, "unknown az weights version 3");
    f->version = 2, f->wp[5] = -128;
    refused(f, 0, 0, "Wp[5] is -128");
    nnue_file_free(f);
}

/* A network of zeros but for a few weights, worked out by hand. */
static void evaluation_by_hand(void **state)
{
    (void)state;
    nnue_file *f = nnue_file_zero(1, 32, 32);
    f->b1[0] = 127;                  /* a1[0] = 127: 1.0 */
    f->w2[0 * 48 + 0] = 64;          /* s2[0] = 64 * 127: a2[0] = 127 */
    f->w2[1 * 48 + 32 + 9] = 32;     /* two players: s2[1] = 32 * 127, a2[1] = 63 */
    f->w1[(192 + 0) * 32 + 2] = 200; /* PENGUIN of the player to act on cell 0 */
    f->w2[2 * 48 + 2] = 64;          /* a2[2] = clamp(acc[2], 0, 127) */
    f->wv[0 * 32 + 0] = 64;          /* raw value of the player to act: 64 * 127 */
    f->wv[1 * 32 + 1] = -64;         /* of the other: -64 * 63 */
    f->wp[(128 + 7) * 32 + 0] = 64;  /* PLACE[7]: 1.0 */
    f->bp[128 + 9] = -8128;          /* PLACE[9]: -1.0 */
    az_net *net = load_file(f);
    assert_int_equal(packeis_player_az_version(net), 2);
    assert_int_equal(packeis_player_az_version(NULL), 0);
    packeis_game *game = tc_standard_game(2, 1);
    float policy[PACKEIS_MOVE_VALUES], values[PACKEIS_MAX_PLAYERS];
    assert_int_equal(
        packeis_player_az_evaluate_players(net, game, policy, PACKEIS_MOVE_VALUES, values),
        PACKEIS_OK);
    assert_float_equal(values[0], tanh(1.0), 1e-6);
    assert_float_equal(values[1], tanh(-63.0 / 127), 1e-6);
    assert_float_equal(values[2] + values[3], 0, 0);
    /* The placements on the one-fish floes: logits 0 but PLACE[7], 1, and
     * PLACE[9], -1, where those are legal. */
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
    double sum = 0;
    for (size_t i = 0; i < count; i++) {
        int c = packeis_move_to(moves[i]);
        sum += c == 7 ? exp(1) : c == 9 ? exp(-1) : 1;
    }
    for (size_t i = 0; i < count; i++) {
        int c = packeis_move_to(moves[i]);
        double want = (c == 7 ? exp(1) : c == 9 ? exp(-1) : 1) / sum;
        assert_float_equal(policy[moves[i]], want, 1e-6);
    }
    /* A penguin of player 0 on cell 0, if one-fish: acc[2] = 200 for
     * player 0's view only; player 1 to act sees it as the other's. */
    nnue_file_free(f);
    az_net_free(net);
    packeis_game_free(game);
}

/* The positions of one game played by `player` (NULL: at random). */
typedef void (*position_check)(const az_net *net, nnue_board *board, const packeis_game *game,
                               void *context);

/* Plays a game of `players` from `seed` by `player` or at random; at each
 * position after the first `reference` plies calls check(). Returns the
 * positions checked. */
static size_t walk_game(const az_net *net, int players, uint64_t seed, packeis_player *player,
                        size_t reference, position_check check, void *context)
{
    packeis_game *game = tc_standard_game(players, seed);
    nnue_board board;
    assert_int_equal(nnue_board_init(&board, net->nnue, game), PACKEIS_OK);
    size_t checked = 0, ply = 0;
    uint64_t rng = seed;
    while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
        if (ply == reference)
            nnue_board_set_reference(&board, game);
        if (ply >= reference) {
            check(net, &board, game, context);
            checked++;
        }
        packeis_move moves[PACKEIS_MAX_MOVES], move;
        size_t count;
        TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
        packeis_player_limits limits = {.nodes = 60};
        if (player)
            assert_int_equal(packeis_player_choose(player, game, &limits, &move, NULL),
                             PACKEIS_OK);
        else
            move = moves[tc_below(&rng, count)];
        TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
        ply++;
    }
    nnue_board_free(&board);
    packeis_game_free(game);
    return checked;
}

/* The accumulator from the reference equals the one from scratch. */
static void same_accumulator(const az_net *net, nnue_board *board, const packeis_game *game,
                             void *context)
{
    (void)context;
    int16_t incremental[1024], scratch[1024];
    uint64_t floes = packeis_game_floes(game);
    nnue_floes_acc(board, NULL, floes, incremental);
    nnue_floes_acc_scratch(board, NULL, floes, scratch);
    assert_memory_equal(incremental, scratch, net->nnue->h1 * sizeof *scratch);
}

/* Every kernel gives the portable one's logits and values. */
static void same_kernels(const az_net *net, nnue_board *board, const packeis_game *game,
                         void *context)
{
    (void)net, (void)context;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
    const nnue_kernel *kernels[4];
    size_t n = nnue_kernels(kernels, 4);
    static nnue_output want, got;
    nnue_evaluate(board, kernels[0], game, moves, count, &want);
    for (size_t k = 1; k < n; k++) {
        nnue_evaluate(board, kernels[k], game, moves, count, &got);
        assert_memory_equal(got.logits, want.logits, count * sizeof *got.logits);
        assert_memory_equal(got.raw_values, want.raw_values, sizeof got.raw_values);
    }
}

static packeis_player *searcher(const char *name, uint64_t seed)
{
    packeis_player *p;
    assert_int_equal(packeis_player_new(name, seed, &p), 0);
    return p;
}

/* 10,000 positions and more: random games with the reference at their
 * start and part-way, and games of alphabeta and mcts. */
static size_t walk_many(const az_net *net, position_check check)
{
    size_t positions = 0;
    for (uint64_t seed = 1; positions < 9400; seed++)
        positions += walk_game(net, 2 + (int)(seed % 3), seed, NULL, seed % 2 ? 0 : seed % 20,
                               check, NULL);
    const char *names[] = {"alphabeta", "mcts"};
    for (uint64_t seed = 1; seed <= 24; seed++) {
        packeis_player *p = searcher(names[seed % 2], seed);
        positions +=
            walk_game(net, 2 + (int)(seed % 3), 1000 + seed, p, seed % 12, check, NULL);
        packeis_player_free(p);
    }
    return positions;
}

static void incremental_equals_scratch(void **state)
{
    (void)state;
    for (uint32_t features = 1; features <= 3; features += 2) {
        nnue_file *f = nnue_file_random(features, 256, 32, features);
        az_net *net = load_file(f);
        size_t positions = walk_many(net, same_accumulator);
        assert_true(positions >= 10000);
        nnue_file_free(f);
        az_net_free(net);
    }
}

static void kernels_agree(void **state)
{
    (void)state;
    const nnue_kernel *kernels[4];
    size_t n = nnue_kernels(kernels, 4);
    assert_string_equal(kernels[0]->name, "portable");
    print_message("kernels:");
    for (size_t k = 0; k < n; k++)
        print_message(" %s", kernels[k]->name);
    print_message("\n");
    for (uint32_t features = 1; features <= 3; features += 2) {
        nnue_file *f = nnue_file_random(features, 64 * features, 32 * features, 7 + features);
        az_net *net = load_file(f);
        assert_true(walk_many(net, same_kernels) >= 10000);
        nnue_file_free(f);
        az_net_free(net);
    }
}

/* The az player on a version 2 network: whole legal games, 2 to 4 players. */
static void az_plays_legal_games(void **state)
{
    (void)state;
    nnue_file *f = nnue_file_random(3, 64, 32, 11);
    const char *path = temp_path("az.pkaz");
    assert_int_equal(nnue_file_write(path, f, 0, 0), 0);
    for (int players = 2; players <= 4; players++) {
        for (int mix = 0; mix <= 1; mix++) {
            packeis_player *p = searcher("az", (uint64_t)players);
            const char *why = NULL;
            assert_int_equal(packeis_player_set_option(p, "weights", path, &why), 0);
            assert_int_equal(packeis_player_set_option(p, "mix", mix ? "1" : "0", &why), 0);
            packeis_game *game = tc_standard_game(players, 40 + (uint64_t)players);
            packeis_player_limits limits = {.nodes = 40};
            while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
                packeis_move move;
                packeis_player_report report;
                assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report),
                                 PACKEIS_OK);
                TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
            }
            packeis_game_free(game);
            packeis_player_free(p);
        }
    }
    remove(path);
    nnue_file_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_files_refused),          cmocka_unit_test(evaluation_by_hand),
        cmocka_unit_test(incremental_equals_scratch), cmocka_unit_test(kernels_agree),
        cmocka_unit_test(az_plays_legal_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
