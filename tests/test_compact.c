/* SPDX-License-Identifier: MIT */
/* The 1.1 additions for learning on one game: the legal-move count and bit
 * mask against the legal move list, the compact observation against the
 * float planes, and rewards worked out by hand on small finished games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "splitmix.h"

#define WORDS  PACKEIS_LEGAL_BITS_WORDS
#define PLANES PACKEIS_OBSERVATION_PLANES
#define CELLS  PACKEIS_MAX_CELLS

/* Every position of a few random games of each setup, passed to `check`. */
static void for_positions(void (*check)(const packeis_game *))
{
    static const unsigned variants[] = {0, TC_ANY_FLOE, TC_SNAKE};
    uint64_t rng = 99;
    for (int players = 2; players <= 4; players++) {
        for (size_t v = 0; v < TC_COUNT(variants); v++) {
            packeis_game *game =
                tc_game(tc_standard_options(players, tc_next(&rng), variants[v]));
            packeis_move moves[PACKEIS_MAX_MOVES];
            size_t n;
            for (;;) {
                check(game);
                assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                                 PACKEIS_OK);
                if (n == 0)
                    break;
                assert_int_equal(packeis_game_apply(game, moves[tc_below(&rng, n)]),
                                 PACKEIS_OK);
            }
            packeis_game_free(game);
        }
    }
}

static void check_count_and_bits(const packeis_game *game)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    uint64_t bits[WORDS], want[WORDS] = {0};
    size_t n, count = 0;
    assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
    assert_int_equal(packeis_game_legal_move_count(game), n);
    for (size_t i = 0; i < n; i++)
        want[moves[i] / 64] |= (uint64_t)1 << (moves[i] % 64);
    memset(bits, 0xA5, sizeof bits);
    assert_int_equal(packeis_game_legal_bits(game, bits, WORDS, &count), PACKEIS_OK);
    assert_int_equal(count, WORDS);
    assert_memory_equal(bits, want, sizeof want);
}

static void count_and_bits_match_the_move_list(void **state)
{
    (void)state;
    for_positions(check_count_and_bits);
}

/* The float planes rebuilt from the words as packeis_game_observe_bits()
 * documents them. */
static void spread(const packeis_game *game, const uint64_t *words, float *planes)
{
    uint64_t all = 0;
    int cells = packeis_game_cell_count(game), fish = 0;
    for (int c = 0; c < cells; c++) {
        all |= (uint64_t)1 << c;
        fish += packeis_game_fish(game, c);
    }
    for (int k = 0; k < PLANES; k++) {
        int fraction = k >= PACKEIS_PLANE_FISH_WON_0 && k < PACKEIS_PLANE_OUT_0;
        float value = k < PACKEIS_PLANE_FLOES_WON_0 ? (float)words[k] / (float)fish
                                                    : (float)words[k] / (float)cells;
        for (int c = 0; c < CELLS; c++)
            planes[k * CELLS + c] =
                fraction ? ((all >> c) & 1 ? value : 0.0f) : (float)((words[k] >> c) & 1);
    }
}

static void check_words(const packeis_game *game)
{
    static float planes[PACKEIS_OBSERVATION_SIZE], rebuilt[PACKEIS_OBSERVATION_SIZE];
    for (unsigned flags = 0; flags <= PACKEIS_OBSERVE_RELATIVE; flags++) {
        uint64_t words[PLANES];
        size_t count = 0;
        assert_int_equal(packeis_game_observe_bits(game, flags, words, PLANES, &count),
                         PACKEIS_OK);
        assert_int_equal(count, PLANES);
        assert_int_equal(
            packeis_game_observe(game, flags, planes, PACKEIS_OBSERVATION_SIZE, &count),
            PACKEIS_OK);
        spread(game, words, rebuilt);
        assert_memory_equal(planes, rebuilt, sizeof planes);
    }
}

static void compact_observation_spreads_to_the_planes(void **state)
{
    (void)state;
    for_positions(check_words);
}

#define BIT(c) ((uint64_t)1 << (c))

/* By hand, on the three-player position of test_observe: floes 0 1 2 3 (1 1
 * 2 3 fish), 4 alone (1), 5 6 7 (1 1 2). Player 0 placed on 0, 1 on 4, 2 on
 * 5; player 0 slid 0 -> 1 (1 fish), player 1 went out with floe 4 (1 fish);
 * player 2 is to act. */
static void compact_observation_by_hand(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1},  {2, 0, 1},  {4, 0, 2},  {6, 0, 3},
                                    {20, 0, 1}, {30, 0, 1}, {32, 0, 1}, {34, 0, 2}};
    static const packeis_move opening[] = {TC_P(0), TC_P(4), TC_P(5), TC_S(0, 1)};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 3, 1, 0);
    tc_play(game, opening, TC_COUNT(opening));
    uint64_t w[PLANES], all = BIT(8) - 1;
    size_t count;
    assert_int_equal(packeis_game_observe_bits(game, 0, w, PLANES, &count), PACKEIS_OK);
    assert_true(w[PACKEIS_PLANE_FISH_1] == (BIT(1) | BIT(5) | BIT(6)));
    assert_true(w[PACKEIS_PLANE_FISH_2] == (BIT(2) | BIT(7)));
    assert_true(w[PACKEIS_PLANE_FISH_3] == BIT(3));
    assert_true(w[PACKEIS_PLANE_PENGUINS_0 + 0] == BIT(1));
    assert_true(w[PACKEIS_PLANE_PENGUINS_0 + 1] == 0);
    assert_true(w[PACKEIS_PLANE_PENGUINS_0 + 2] == BIT(5));
    assert_true(w[PACKEIS_PLANE_PENGUINS_0 + 3] == 0);
    assert_true(w[PACKEIS_PLANE_TO_ACT_0 + 2] == all);
    assert_true(w[PACKEIS_PLANE_TO_ACT_0 + 0] == 0);
    assert_true(w[PACKEIS_PLANE_CELL] == all);
    assert_true(w[PACKEIS_PLANE_PLACEMENT] == 0);
    assert_int_equal(w[PACKEIS_PLANE_FISH_WON_0 + 0], 1);
    assert_int_equal(w[PACKEIS_PLANE_FISH_WON_0 + 1], 1);
    assert_int_equal(w[PACKEIS_PLANE_FISH_WON_0 + 2], 0);
    assert_int_equal(w[PACKEIS_PLANE_FLOES_WON_0 + 1], 1);
    assert_true(w[PACKEIS_PLANE_OUT_0 + 1] == all);
    assert_true(w[PACKEIS_PLANE_OUT_0 + 0] == 0);
    /* Relative: player 2 first, then 0, then 1. */
    assert_int_equal(
        packeis_game_observe_bits(game, PACKEIS_OBSERVE_RELATIVE, w, PLANES, &count),
        PACKEIS_OK);
    assert_true(w[PACKEIS_PLANE_PENGUINS_0 + 0] == BIT(5));
    assert_true(w[PACKEIS_PLANE_PENGUINS_0 + 1] == BIT(1));
    assert_true(w[PACKEIS_PLANE_OUT_0 + 2] == all);
    assert_true(w[PACKEIS_PLANE_TO_ACT_0 + 0] == all);
    packeis_game_free(game);
}

static void fillers_refuse_bad_buffers(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 1);
    uint64_t words[WORDS];
    size_t count = 7;
    memset(words, 0x5A, sizeof words);
    assert_int_equal(packeis_game_legal_bits(game, words, WORDS - 1, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, WORDS);
    assert_int_equal(packeis_game_observe_bits(game, 0, words, PLANES - 1, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PLANES);
    assert_true(words[0] == 0x5A5A5A5A5A5A5A5Aull);
    assert_int_equal(packeis_game_legal_bits(game, NULL, 0, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_game_legal_bits(NULL, words, WORDS, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_legal_bits(game, words, WORDS, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_legal_bits(game, NULL, WORDS, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_observe_bits(game, 2, words, PLANES, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_observe_bits(NULL, 0, words, PLANES, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_true(words[0] == 0x5A5A5A5A5A5A5A5Aull);
    assert_int_equal(packeis_game_legal_move_count(NULL), 0);
    assert_int_equal(packeis_game_legal_move_count(game), 60 - 30); /* the 1-fish floes */
    packeis_game_free(game);
}

static void assert_rewards(const packeis_game *game, const double *want, int players)
{
    double sum = 0.0;
    for (int p = 0; p < players; p++) {
        assert_true(packeis_game_reward(game, p) == want[p]);
        sum += packeis_game_reward(game, p);
    }
    assert_true(sum == 0.0);
}

/* Two players, one penguin each. Player 0 places on the lone floe 0, player
 * 1 on 1, beside 2 (2 fish). Player 0 cannot move and goes out with floe 0
 * (1 fish); player 1 slides to 2 (1 fish for floe 1), then goes out with it
 * (2 fish): 3 fish to 1, player 1 wins. */
static void rewards_of_a_win(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {10, 0, 1}, {12, 0, 2}};
    static const packeis_move line[] = {TC_P(0), TC_P(1)};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    assert_true(packeis_game_reward(game, 0) == 0.0);
    tc_play(game, line, 1);
    assert_true(packeis_game_reward(game, 1) == 0.0);
    tc_play(game, line + 1, 1);
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_true(packeis_game_reward(game, 1) == 0.0); /* not over yet */
    tc_play(game, (const packeis_move[]){TC_S(1, 2)}, 1);
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    assert_int_equal(packeis_game_fish_won(game, 0), 1);
    assert_int_equal(packeis_game_fish_won(game, 1), 3);
    assert_rewards(game, (const double[]){-1.0, 1.0}, 2);
    assert_true(packeis_game_reward(game, 2) == 0.0);
    assert_true(packeis_game_reward(game, -1) == 0.0);
    assert_true(packeis_game_reward(NULL, 0) == 0.0);
    packeis_game_free(game);
}

/* A tie on fish broken by floes: player 0 takes three 1-fish floes along a
 * row, player 1 a 1-fish and a 2-fish floe: 3 fish each, player 0 has more
 * floes and ranks first, so the rewards are 1 and -1, not a draw. */
static void rewards_of_a_fish_tie_broken_by_floes(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 1}, {10, 0, 1}, {12, 0, 2}};
    static const packeis_move line[] = {TC_P(0), TC_P(3), TC_S(0, 1), TC_S(3, 4), TC_S(1, 2)};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    tc_play(game, line, TC_COUNT(line));
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    assert_int_equal(packeis_game_fish_won(game, 0), 3);
    assert_int_equal(packeis_game_fish_won(game, 1), 3);
    assert_int_equal(packeis_game_floes_won(game, 0), 3);
    assert_int_equal(packeis_game_floes_won(game, 1), 2);
    assert_int_equal(packeis_game_rank(game, 0), 1);
    assert_int_equal(packeis_game_rank(game, 1), 2);
    assert_rewards(game, (const double[]){1.0, -1.0}, 2);
    packeis_game_free(game);
}

/* Two lone 1-fish floes: both players go out at once with 1 fish and 1
 * floe each, a draw. */
static void rewards_of_a_draw(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {10, 0, 1}};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    tc_play(game, (const packeis_move[]){TC_P(0), TC_P(1)}, 2);
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    assert_rewards(game, (const double[]){0.0, 0.0}, 2);
    packeis_game_free(game);
}

/* Three players: player 0 on 0 beside 1 (2 fish) takes 3 fish; players 1
 * and 2 on lone floes take 1 each and share second place: 1, -1/2, -1/2. */
static void rewards_of_a_shared_place(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {2, 0, 2}, {10, 0, 1}, {20, 0, 1}};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 3, 1, 0);
    tc_play(game, (const packeis_move[]){TC_P(0), TC_P(2), TC_P(3), TC_S(0, 1)}, 4);
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    assert_int_equal(packeis_game_fish_won(game, 0), 3);
    assert_rewards(game, (const double[]){1.0, -0.5, -0.5}, 3);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(count_and_bits_match_the_move_list),
        cmocka_unit_test(compact_observation_spreads_to_the_planes),
        cmocka_unit_test(compact_observation_by_hand),
        cmocka_unit_test(fillers_refuse_bad_buffers),
        cmocka_unit_test(rewards_of_a_win),
        cmocka_unit_test(rewards_of_a_draw),
        cmocka_unit_test(rewards_of_a_fish_tie_broken_by_floes),
        cmocka_unit_test(rewards_of_a_shared_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
