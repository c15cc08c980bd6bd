/* SPDX-License-Identifier: MIT */
/* Machine-learning views of a game: the observation planes (worked out by
 * hand on a small position, absolute and relative to the player to act),
 * the legal-move mask against the legal move list, and the move values and
 * their helpers over every value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"

#define PLANES     PACKEIS_OBSERVATION_PLANES
#define CELLS      PACKEIS_MAX_CELLS
#define SENTINEL_F (-7.25f)

static void observe(const packeis_game *game, unsigned flags, float *planes)
{
    size_t count = 0;
    for (size_t i = 0; i < PACKEIS_OBSERVATION_SIZE; i++)
        planes[i] = SENTINEL_F;
    assert_int_equal(
        packeis_game_observe(game, flags, planes, PACKEIS_OBSERVATION_SIZE, &count),
        PACKEIS_OK);
    assert_int_equal(count, PACKEIS_OBSERVATION_SIZE);
}

static int close_to(float a, float b)
{
    float d = a - b;
    return d < 1e-6f && d > -1e-6f;
}

/* Plane `plane` holds `value` on the cells of `on` and 0 elsewhere. */
static void assert_plane(const float *planes, int plane, uint64_t on, float value)
{
    for (int c = 0; c < CELLS; c++) {
        float want = (on >> c) & 1 ? value : 0.0f, got = planes[plane * CELLS + c];
        if (!close_to(got, want))
            print_error("plane %d cell %d: %g, expected %g\n", plane, c, (double)got,
                        (double)want);
        assert_true(close_to(got, want));
    }
}

#define BIT(c) ((uint64_t)1 << (c))

/* ------------------------------------------------------------------------ */
/* A hand-worked position.                                                  */

/* Three players, one penguin each, 8 floes (12 fish):
 *   (0,0) f1  (2,0) f1  (4,0) f2  (6,0) f3    cells 0 1 2 3
 *   (20,0) f1 alone                           cell 4
 *   (30,0) f1  (32,0) f1  (34,0) f2           cells 5 6 7
 * Player 0 places on 0, player 1 on the lone 4, player 2 on 5. Player 0
 * slides 0 -> 1 (floe 0: 1 fish); player 1 then has no move and goes out
 * with floe 4 (1 fish). Player 2 is to move. On the board: 1 (player 0),
 * 2, 3, 5 (player 2), 6, 7; floes 0 and 4 are gone. */
static const tc_floe board[] = {{0, 0, 1},  {2, 0, 1},  {4, 0, 2},  {6, 0, 3},
                                {20, 0, 1}, {30, 0, 1}, {32, 0, 1}, {34, 0, 2}};
static const packeis_move opening[] = {0 * 65, 4 * 65, 5 * 65, 0 * 64 + 1};
#define LAYOUT (BIT(8) - 1)

static packeis_game *position(void)
{
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 3, 1, 0);
    tc_play(game, opening, TC_COUNT(opening));
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(packeis_game_current_player(game), 2);
    assert_int_equal(packeis_game_is_out(game, 1), 1);
    assert_true(packeis_game_floes(game) == (LAYOUT & ~(BIT(0) | BIT(4))));
    return game;
}

/* The planes shared by both numberings. */
static void assert_board_planes(const float *o)
{
    assert_plane(o, PACKEIS_PLANE_FISH_1, BIT(1) | BIT(5) | BIT(6), 1.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_2, BIT(2) | BIT(7), 1.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_3, BIT(3), 1.0f);
    assert_plane(o, PACKEIS_PLANE_CELL, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_PLACEMENT, 0, 0.0f);
}

static void test_planes_absolute(void **state)
{
    (void)state;
    static float o[PACKEIS_OBSERVATION_SIZE];
    packeis_game *game = position();
    observe(game, 0, o);
    assert_board_planes(o);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 0, BIT(1), 1.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 1, 0, 0.0f); /* out */
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 2, BIT(5), 1.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 3, 0, 0.0f); /* no player 3 */
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 0, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 1, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 2, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 3, 0, 0.0f);
    /* 1 fish of the layout's 12 for players 0 and 1, 1 floe of 8. */
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 0, LAYOUT, 1.0f / 12.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 1, LAYOUT, 1.0f / 12.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 2, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 3, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 0, LAYOUT, 1.0f / 8.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 1, LAYOUT, 1.0f / 8.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 2, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 3, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 0, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 1, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 2, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 3, 0, 0.0f);
    packeis_game_free(game);
}

static void test_planes_relative(void **state)
{
    (void)state;
    static float o[PACKEIS_OBSERVATION_SIZE];
    packeis_game *game = position();
    /* Player 2 to act becomes 0; then 0 (as 1) and 1 (as 2); no 3. */
    observe(game, PACKEIS_OBSERVE_RELATIVE, o);
    assert_board_planes(o);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 0, BIT(5), 1.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 1, BIT(1), 1.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 2, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 3, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 0, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 1, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 2, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 3, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 0, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 1, LAYOUT, 1.0f / 12.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 2, LAYOUT, 1.0f / 12.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + 3, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 0, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 1, LAYOUT, 1.0f / 8.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 2, LAYOUT, 1.0f / 8.0f);
    assert_plane(o, PACKEIS_PLANE_FLOES_WON_0 + 3, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 0, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 1, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 2, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_OUT_0 + 3, 0, 0.0f);
    packeis_game_free(game);
}

static void test_planes_placement(void **state)
{
    (void)state;
    static float o[PACKEIS_OBSERVATION_SIZE];
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 3, 1, 0);
    tc_play(game, opening, 1); /* player 0 on 0; player 1 to place */
    observe(game, 0, o);
    assert_plane(o, PACKEIS_PLANE_FISH_1, BIT(0) | BIT(1) | BIT(4) | BIT(5) | BIT(6), 1.0f);
    assert_plane(o, PACKEIS_PLANE_FISH_2, BIT(2) | BIT(7), 1.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0, BIT(0), 1.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 1, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_PLACEMENT, LAYOUT, 1.0f);
    for (int p = 0; p < 4; p++) {
        assert_plane(o, PACKEIS_PLANE_FISH_WON_0 + p, 0, 0.0f);
        assert_plane(o, PACKEIS_PLANE_OUT_0 + p, 0, 0.0f);
    }
    /* Relative: player 1 is 0, player 2 is 1, player 0 is 2. */
    observe(game, PACKEIS_OBSERVE_RELATIVE, o);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 0, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_PENGUINS_0 + 2, BIT(0), 1.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 0, LAYOUT, 1.0f);
    assert_plane(o, PACKEIS_PLANE_TO_ACT_0 + 1, 0, 0.0f);
    assert_plane(o, PACKEIS_PLANE_PLACEMENT, LAYOUT, 1.0f);
    packeis_game_free(game);
}

static void test_planes_game_over(void **state)
{
    (void)state;
    static float absolute[PACKEIS_OBSERVATION_SIZE], relative[PACKEIS_OBSERVATION_SIZE];
    packeis_game *game = position();
    assert_int_equal(packeis_game_playout(game, 4, NULL), PACKEIS_OK);
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    observe(game, 0, absolute);
    observe(game, PACKEIS_OBSERVE_RELATIVE, relative);
    assert_memory_equal(absolute, relative, sizeof absolute); /* no one to act */
    assert_plane(absolute, PACKEIS_PLANE_FISH_1, 0, 0.0f);
    assert_plane(absolute, PACKEIS_PLANE_CELL, LAYOUT, 1.0f);
    int fish = 0;
    for (int p = 0; p < 4; p++) {
        assert_plane(absolute, PACKEIS_PLANE_TO_ACT_0 + p, 0, 0.0f);
        assert_plane(absolute, PACKEIS_PLANE_PENGUINS_0 + p, 0, 0.0f);
        assert_plane(absolute, PACKEIS_PLANE_OUT_0 + p, p < 3 ? LAYOUT : 0, 1.0f);
        assert_plane(absolute, PACKEIS_PLANE_FISH_WON_0 + p, p < 3 ? LAYOUT : 0,
                     (float)packeis_game_fish_won(game, p) / 12.0f);
        assert_plane(absolute, PACKEIS_PLANE_FLOES_WON_0 + p, p < 3 ? LAYOUT : 0,
                     (float)packeis_game_floes_won(game, p) / 8.0f);
        fish += packeis_game_fish_won(game, p);
    }
    assert_true(fish > 2);
    packeis_game_free(game);
}

/* Four players on the standard board: the rotation of every per-player
 * plane, against the absolute planes, after every ply of a game. */
static void test_relative_rotation(void **state)
{
    (void)state;
    static float absolute[PACKEIS_OBSERVATION_SIZE], relative[PACKEIS_OBSERVATION_SIZE];
    static const int groups[] = {PACKEIS_PLANE_PENGUINS_0, PACKEIS_PLANE_TO_ACT_0,
                                 PACKEIS_PLANE_FISH_WON_0, PACKEIS_PLANE_FLOES_WON_0,
                                 PACKEIS_PLANE_OUT_0};
    packeis_options *options = NULL;
    packeis_game *game = NULL;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, 4), PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    packeis_move moves[PACKEIS_MAX_MOVES];
    int turned = 0;
    for (size_t ply = 0;; ply++) {
        int me = packeis_game_current_player(game);
        observe(game, 0, absolute);
        observe(game, PACKEIS_OBSERVE_RELATIVE, relative);
        for (int k = 0; k < PLANES; k++) {
            int g = -1;
            for (size_t i = 0; i < TC_COUNT(groups); i++)
                if (k >= groups[i] && k < groups[i] + 4)
                    g = groups[i];
            int from = g < 0 || me < 0 ? k : g + (k - g + me) % 4;
            assert_memory_equal(&relative[k * CELLS], &absolute[from * CELLS],
                                CELLS * sizeof(float));
        }
        turned += me > 0;
        size_t n = 0;
        assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                         PACKEIS_OK);
        if (n == 0)
            break;
        assert_int_equal(packeis_game_apply(game, moves[(ply * 7 + 2) % n]), PACKEIS_OK);
    }
    assert_true(turned > 10);
    packeis_game_free(game);
}

static void test_observe_buffers_and_flags(void **state)
{
    (void)state;
    static float o[PACKEIS_OBSERVATION_SIZE];
    packeis_game *game = position();
    size_t count = 0;
    assert_int_equal(packeis_game_observe(game, 0, NULL, 0, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PACKEIS_OBSERVATION_SIZE);
    for (size_t i = 0; i < TC_COUNT(o); i++)
        o[i] = SENTINEL_F;
    count = 0;
    assert_int_equal(packeis_game_observe(game, PACKEIS_OBSERVE_RELATIVE, o,
                                          PACKEIS_OBSERVATION_SIZE - 1, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PACKEIS_OBSERVATION_SIZE);
    for (size_t i = 0; i < TC_COUNT(o); i++)
        assert_true(o[i] == SENTINEL_F);
    static const unsigned unknown[] = {2u, 3u, 4u, 0x80000000u, ~0u};
    for (size_t i = 0; i < TC_COUNT(unknown); i++) {
        count = 12345;
        assert_int_equal(
            packeis_game_observe(game, unknown[i], o, PACKEIS_OBSERVATION_SIZE, &count),
            PACKEIS_E_INVALID_ARGUMENT);
        assert_int_equal(count, 12345);
    }
    for (size_t i = 0; i < TC_COUNT(o); i++)
        assert_true(o[i] == SENTINEL_F);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* The legal mask.                                                          */

static void check_mask(const packeis_game *game)
{
    static uint8_t mask[PACKEIS_MOVE_VALUES];
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t n = 0, count = 0;
    memset(mask, 0xA5, sizeof mask);
    assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
    assert_int_equal(packeis_game_legal_mask(game, mask, PACKEIS_MOVE_VALUES, &count),
                     PACKEIS_OK);
    assert_int_equal(count, PACKEIS_MOVE_VALUES);
    size_t next = 0, ones = 0;
    for (unsigned m = 0; m < PACKEIS_MOVE_VALUES; m++) {
        int listed = next < n && moves[next] == m;
        next += (size_t)listed;
        assert_int_equal(mask[m], listed);
        ones += mask[m];
    }
    assert_int_equal(next, n); /* every listed move was met, in order */
    assert_int_equal(ones, n);
}

static void test_legal_mask_random_games(void **state)
{
    (void)state;
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 3; seed++) {
            packeis_game *game = tc_game(tc_standard_options(players, seed, 0));
            for (size_t ply = 0;; ply++) {
                check_mask(game);
                size_t n = 0;
                assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                                 PACKEIS_OK);
                if (n == 0)
                    break;
                assert_int_equal(packeis_game_apply(game, moves[(ply * 5 + seed) % n]),
                                 PACKEIS_OK);
            }
            packeis_game_free(game);
        }
}

static void test_legal_mask_buffer(void **state)
{
    (void)state;
    static uint8_t mask[PACKEIS_MOVE_VALUES];
    packeis_game *game = position();
    size_t count = 0;
    assert_int_equal(packeis_game_legal_mask(game, NULL, 0, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PACKEIS_MOVE_VALUES);
    memset(mask, 0xA5, sizeof mask);
    count = 0;
    assert_int_equal(packeis_game_legal_mask(game, mask, PACKEIS_MOVE_VALUES - 1, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PACKEIS_MOVE_VALUES);
    for (size_t i = 0; i < sizeof mask; i++)
        assert_int_equal(mask[i], 0xA5);
    /* Player 2 on 5: east 6 and 7, nothing else. */
    assert_int_equal(packeis_game_legal_mask(game, mask, PACKEIS_MOVE_VALUES, &count),
                     PACKEIS_OK);
    for (unsigned m = 0; m < PACKEIS_MOVE_VALUES; m++)
        assert_int_equal(mask[m], m == 5 * 64 + 6 || m == 5 * 64 + 7);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Move values.                                                             */

static void test_move_helpers_every_value(void **state)
{
    (void)state;
    for (unsigned v = 0; v < PACKEIS_MOVE_VALUES; v++) {
        packeis_move move = (packeis_move)v;
        int from = (int)(v / 64), to = (int)(v % 64);
        assert_int_equal(packeis_move_is_placement(move), from == to);
        assert_int_equal(packeis_move_from(move), from == to ? -1 : from);
        assert_int_equal(packeis_move_to(move), to);
        if (from == to)
            assert_int_equal(packeis_move_placement(to), move);
        else
            assert_int_equal(packeis_move_slide(from, to), move);
    }
    for (unsigned v = PACKEIS_MOVE_VALUES; v <= 0xFFFFu; v++) {
        packeis_move move = (packeis_move)v;
        assert_int_equal(packeis_move_is_placement(move), 0);
        assert_int_equal(packeis_move_from(move), -1);
        assert_int_equal(packeis_move_to(move), -1);
    }
    assert_int_equal(PACKEIS_MOVE_NONE, 0xFFFF);
    assert_int_equal(packeis_move_is_placement(PACKEIS_MOVE_NONE), 0);
    assert_int_equal(packeis_move_from(PACKEIS_MOVE_NONE), -1);
    assert_int_equal(packeis_move_to(PACKEIS_MOVE_NONE), -1);
}

static void test_move_constructors(void **state)
{
    (void)state;
    for (int c = 0; c < CELLS; c++) {
        assert_int_equal(packeis_move_placement(c), c * 65);
        assert_int_equal(packeis_move_slide(c, c), PACKEIS_MOVE_NONE);
        for (int t = 0; t < CELLS; t++)
            if (t != c)
                assert_int_equal(packeis_move_slide(c, t), c * 64 + t);
    }
    static const int bad[] = {-1, CELLS, 65, 4096, -65, 0x7FFFFFFF};
    for (size_t i = 0; i < TC_COUNT(bad); i++) {
        assert_int_equal(packeis_move_placement(bad[i]), PACKEIS_MOVE_NONE);
        assert_int_equal(packeis_move_slide(bad[i], 1), PACKEIS_MOVE_NONE);
        assert_int_equal(packeis_move_slide(1, bad[i]), PACKEIS_MOVE_NONE);
        assert_int_equal(packeis_move_slide(bad[i], bad[i]), PACKEIS_MOVE_NONE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_planes_absolute),
        cmocka_unit_test(test_planes_relative),
        cmocka_unit_test(test_planes_placement),
        cmocka_unit_test(test_planes_game_over),
        cmocka_unit_test(test_relative_rotation),
        cmocka_unit_test(test_observe_buffers_and_flags),
        cmocka_unit_test(test_legal_mask_random_games),
        cmocka_unit_test(test_legal_mask_buffer),
        cmocka_unit_test(test_move_helpers_every_value),
        cmocka_unit_test(test_move_constructors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
