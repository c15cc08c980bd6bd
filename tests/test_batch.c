/* SPDX-License-Identifier: MIT */
/* Batches of games (1.1): each game of a batch plays exactly as a single
 * game given the same moves, and every output of a step agrees with the
 * single-game calls; refusals stay per game; auto-reset gives the board of
 * the seed given; bad arguments and failing allocators change nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "counting_alloc.h"
#include "splitmix.h"

#define GAMES 12
#define MAXP  PACKEIS_MAX_PLAYERS

static packeis_batch *batch_of(const packeis_options *options, size_t games)
{
    packeis_batch *batch = NULL;
    assert_int_equal(packeis_batch_new(options, games, &batch), PACKEIS_OK);
    assert_int_equal(packeis_batch_size(batch), games);
    return batch;
}

/* The single games a batch of `options` must equal: game i on the seed of
 * the options plus i. */
static void singles_of(packeis_options *options, uint64_t seed, packeis_game **singles)
{
    for (size_t i = 0; i < GAMES; i++) {
        assert_int_equal(packeis_options_set_seed(options, seed + i), PACKEIS_OK);
        assert_int_equal(packeis_game_new(options, &singles[i]), PACKEIS_OK);
    }
    assert_int_equal(packeis_options_set_seed(options, seed), PACKEIS_OK);
}

static void assert_same_game(const packeis_game *a, const packeis_game *b)
{
    char ta[PACKEIS_POSITION_TEXT_SIZE], tb[PACKEIS_POSITION_TEXT_SIZE];
    tc_save_position(a, ta);
    tc_save_position(b, tb);
    assert_string_equal(ta, tb);
    assert_true(packeis_game_hash(a) == packeis_game_hash(b));
    assert_int_equal(packeis_game_ply_count(a), packeis_game_ply_count(b));
}

/* What one step must report for game i, from its single twin. */
static void assert_step_outputs(const packeis_game *single, int ended, const float *rewards,
                                uint8_t terminated)
{
    int over = packeis_game_phase(single) == PACKEIS_PHASE_OVER;
    assert_int_equal(terminated, over);
    for (int p = 0; p < MAXP; p++)
        assert_true(rewards[p] == (ended ? (float)packeis_game_reward(single, p) : 0.0f));
}

/* Steps a batch of `options` with random legal moves until every game has
 * ended once, checking each step against single games, with auto-reset to
 * seeds 1000 + i: the reset games must equal single games reset so. */
static void play_against_singles(packeis_options *options, uint64_t seed)
{
    packeis_batch *batch = batch_of(options, GAMES);
    packeis_game *singles[GAMES];
    singles_of(options, seed, singles);
    static packeis_move lists[GAMES * PACKEIS_MAX_MOVES];
    uint16_t counts[GAMES];
    packeis_move moves[GAMES];
    uint64_t resets[GAMES], rng = seed;
    float rewards[GAMES * MAXP];
    uint8_t terminated[GAMES];
    int8_t to_act[GAMES];
    packeis_status statuses[GAMES];
    int ended_once[GAMES] = {0}, all_ended = 0;
    for (size_t i = 0; i < GAMES; i++) {
        resets[i] = 1000 + i;
        assert_same_game(packeis_batch_game(batch, i), singles[i]);
    }
    for (int step = 0; !all_ended; step++) {
        assert_true(step < 1000);
        size_t most = 0;
        assert_int_equal(packeis_batch_legal_moves(batch, lists, TC_COUNT(lists),
                                                   PACKEIS_MAX_MOVES, counts, &most),
                         PACKEIS_OK);
        for (size_t i = 0; i < GAMES; i++) {
            assert_int_equal(counts[i], packeis_game_legal_move_count(singles[i]));
            assert_true(counts[i] > 0); /* auto-reset: never a finished game */
            moves[i] = lists[i * PACKEIS_MAX_MOVES + tc_below(&rng, counts[i])];
            assert_true(counts[i] <= most);
        }
        assert_int_equal(
            packeis_batch_step(batch, moves, resets, statuses, rewards, terminated, to_act),
            PACKEIS_OK);
        all_ended = 1;
        for (size_t i = 0; i < GAMES; i++) {
            assert_int_equal(statuses[i], PACKEIS_OK);
            assert_int_equal(packeis_game_apply(singles[i], moves[i]), PACKEIS_OK);
            int ended = packeis_game_phase(singles[i]) == PACKEIS_PHASE_OVER;
            assert_step_outputs(singles[i], ended, rewards + i * MAXP, terminated[i]);
            if (ended) {
                ended_once[i] = 1;
                assert_int_equal(packeis_game_reset(singles[i], resets[i]), PACKEIS_OK);
                resets[i] += GAMES;
            }
            assert_int_equal(to_act[i], packeis_game_current_player(singles[i]));
            assert_same_game(packeis_batch_game(batch, i), singles[i]);
            all_ended &= ended_once[i];
        }
    }
    for (size_t i = 0; i < GAMES; i++)
        packeis_game_free(singles[i]);
    packeis_batch_free(batch);
}

static void standard_games_play_as_singles(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        packeis_options *options = tc_standard_options(players, 77 + (uint64_t)players, 0);
        play_against_singles(options, 77 + (uint64_t)players);
        packeis_options_free(options);
    }
}

static void variants_and_custom_boards_play_as_singles(void **state)
{
    (void)state;
    packeis_options *snake = tc_standard_options(3, 5, TC_SNAKE | TC_ANY_FLOE);
    play_against_singles(snake, 5);
    packeis_options_free(snake);
    static const tc_floe ring[] = {{0, 0, 1}, {2, 0, 2}, {4, 0, 1}, {1, 1, 1}, {3, 1, 3},
                                   {5, 1, 1}, {0, 2, 1}, {2, 2, 2}, {4, 2, 1}, {6, 2, 1}};
    packeis_options *custom = tc_custom_options(ring, TC_COUNT(ring), 2, 2, 0);
    play_against_singles(custom, 0);
    packeis_options_free(custom);
}

/* Game 0 gets an illegal move, game 1 none, game 2 a legal one: only game 2
 * moves, and the call reports game 0's reason. */
static void refusals_stay_per_game(void **state)
{
    (void)state;
    packeis_batch *batch = batch_of(NULL, 3);
    uint64_t before0 = packeis_game_hash(packeis_batch_game(batch, 0));
    uint64_t before1 = packeis_game_hash(packeis_batch_game(batch, 1));
    packeis_move legal[PACKEIS_MAX_MOVES];
    size_t n;
    assert_int_equal(
        packeis_game_legal_moves(packeis_batch_game(batch, 2), legal, PACKEIS_MAX_MOVES, &n),
        PACKEIS_OK);
    packeis_move moves[3] = {TC_S(0, 1), PACKEIS_MOVE_NONE, legal[0]};
    packeis_status statuses[3];
    uint8_t terminated[3] = {9, 9, 9};
    assert_int_equal(packeis_batch_step(batch, moves, NULL, statuses, NULL, terminated, NULL),
                     PACKEIS_E_WRONG_PHASE);
    assert_int_equal(statuses[0], PACKEIS_E_WRONG_PHASE);
    assert_int_equal(statuses[1], PACKEIS_OK);
    assert_int_equal(statuses[2], PACKEIS_OK);
    assert_memory_equal(terminated, ((uint8_t[]){0, 0, 0}), 3);
    assert_true(packeis_game_hash(packeis_batch_game(batch, 0)) == before0);
    assert_true(packeis_game_hash(packeis_batch_game(batch, 1)) == before1);
    assert_int_equal(packeis_game_ply_count(packeis_batch_game(batch, 0)), 0);
    assert_int_equal(packeis_game_ply_count(packeis_batch_game(batch, 2)), 1);
    packeis_batch_free(batch);
}

/* A finished game without reset: terminated again at every later step, no
 * reward again, GAME_OVER for a move. */
static void finished_games_without_reset(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {10, 0, 1}, {12, 0, 2}};
    packeis_options *options = tc_custom_options(board, TC_COUNT(board), 2, 1, 0);
    packeis_batch *batch = batch_of(options, 2);
    packeis_options_free(options);
    float r[2 * MAXP];
    uint8_t t[2];
    int8_t a[2];
    packeis_status s[2];
    const packeis_move line[][2] = {
        {TC_P(0), TC_P(0)}, {TC_P(1), TC_P(1)}, {TC_S(1, 2), PACKEIS_MOVE_NONE}};
    for (size_t k = 0; k < 3; k++)
        assert_int_equal(packeis_batch_step(batch, line[k], NULL, s, r, t, a), PACKEIS_OK);
    assert_memory_equal(t, ((uint8_t[]){1, 0}), 2);
    assert_true(r[0] == -1.0f && r[1] == 1.0f && r[2] == 0.0f && r[3] == 0.0f);
    assert_true(r[MAXP] == 0.0f && r[MAXP + 1] == 0.0f);
    assert_int_equal(a[0], -1);
    assert_int_equal(a[1], 1);
    packeis_move again[2] = {TC_S(1, 2), PACKEIS_MOVE_NONE};
    assert_int_equal(packeis_batch_step(batch, again, NULL, s, r, t, a), PACKEIS_E_GAME_OVER);
    assert_int_equal(s[0], PACKEIS_E_GAME_OVER);
    assert_int_equal(t[0], 1);
    assert_true(r[0] == 0.0f && r[1] == 0.0f);
    again[0] = PACKEIS_MOVE_NONE;
    assert_int_equal(packeis_batch_step(batch, again, NULL, s, r, t, a), PACKEIS_OK);
    assert_int_equal(t[0], 1);
    /* Reset now: the same board (no seeds), at its start. */
    assert_int_equal(packeis_batch_reset(batch, NULL), PACKEIS_OK);
    assert_int_equal(packeis_game_ply_count(packeis_batch_game(batch, 0)), 0);
    assert_int_equal(packeis_game_phase(packeis_batch_game(batch, 0)), PACKEIS_PHASE_PLACEMENT);
    packeis_batch_free(batch);
}

/* Several refusals in one step: each reported in its game, and the step
 * returns the first one's (in game order, not the last). */
static void the_first_refusal_is_returned(void **state)
{
    (void)state;
    const packeis_move wrong_phase = TC_S(0, 1), missing_cell = TC_P(63);
    const packeis_move orders[2][3] = {{PACKEIS_MOVE_NONE, wrong_phase, missing_cell},
                                       {PACKEIS_MOVE_NONE, missing_cell, wrong_phase}};
    const packeis_status first[2] = {PACKEIS_E_WRONG_PHASE, PACKEIS_E_OUT_OF_RANGE};
    for (int k = 0; k < 2; k++) {
        packeis_batch *batch = batch_of(NULL, 3);
        packeis_status statuses[3];
        assert_int_equal(packeis_batch_step(batch, orders[k], NULL, statuses, NULL, NULL, NULL),
                         first[k]);
        assert_int_equal(statuses[0], PACKEIS_OK);
        assert_int_equal(statuses[1], first[k]);
        assert_int_equal(statuses[2], first[1 - k]);
        packeis_batch_free(batch);
    }
}

/* With reset seeds, every game that is over is reset: also one that was
 * over before this step (its move PACKEIS_MOVE_NONE), not only those the
 * step ended; a game that is not over is left alone. */
static void games_over_before_the_step_are_reset(void **state)
{
    (void)state;
    packeis_batch *batch = batch_of(NULL, 2);
    packeis_game *first = packeis_batch_game(batch, 0);
    size_t plies;
    assert_int_equal(packeis_game_playout(first, 5, &plies), PACKEIS_OK);
    assert_int_equal(packeis_game_phase(first), PACKEIS_PHASE_OVER);
    const packeis_move none[2] = {PACKEIS_MOVE_NONE, PACKEIS_MOVE_NONE};
    const uint64_t seeds[2] = {77, 78};
    uint8_t terminated[2];
    int8_t to_act[2];
    assert_int_equal(packeis_batch_step(batch, none, seeds, NULL, NULL, terminated, to_act),
                     PACKEIS_OK);
    packeis_game *fresh = tc_game(tc_standard_options(2, 77, 0u));
    assert_same_game(packeis_batch_game(batch, 0), fresh);
    assert_int_equal(terminated[0], 1);
    assert_int_equal(to_act[0], 0);
    assert_true(packeis_game_seed(packeis_batch_game(batch, 1)) == 1); /* not reset */
    assert_int_equal(terminated[1], 0);
    packeis_game_free(fresh);
    packeis_batch_free(batch);
}

/* packeis_batch_reset() with seeds: game i on the board of seeds[i]. */
static void reset_with_a_seed_per_game(void **state)
{
    (void)state;
    packeis_batch *batch = batch_of(NULL, 3);
    const uint64_t seeds[3] = {7, 8, 9};
    assert_int_equal(packeis_batch_reset(batch, seeds), PACKEIS_OK);
    for (size_t i = 0; i < 3; i++) {
        packeis_game *single = tc_game(tc_standard_options(2, seeds[i], 0u));
        assert_same_game(packeis_batch_game(batch, i), single);
        packeis_game_free(single);
    }
    packeis_batch_free(batch);
}

/* Every filler of a batch gives what the single-game call gives, game
 * after game. */
static void fillers_agree_with_single_games(void **state)
{
    (void)state;
    enum { N = 5 };
    packeis_batch *batch = batch_of(NULL, N);
    uint64_t rng = 3;
    for (size_t i = 0; i < N; i++) { /* each game somewhere else */
        packeis_game *game = packeis_batch_game(batch, i);
        for (size_t k = 0; k < 9 * i; k++) {
            packeis_move list[PACKEIS_MAX_MOVES];
            size_t n;
            assert_int_equal(packeis_game_legal_moves(game, list, PACKEIS_MAX_MOVES, &n),
                             PACKEIS_OK);
            assert_int_equal(packeis_game_apply(game, list[tc_below(&rng, n)]), PACKEIS_OK);
        }
    }
    static float planes[N * PACKEIS_OBSERVATION_SIZE], one[PACKEIS_OBSERVATION_SIZE];
    static uint8_t masks[N * PACKEIS_MOVE_VALUES], mask[PACKEIS_MOVE_VALUES];
    uint64_t bits[N * PACKEIS_LEGAL_BITS_WORDS], onebits[PACKEIS_LEGAL_BITS_WORDS];
    uint64_t words[N * PACKEIS_OBSERVATION_PLANES], onewords[PACKEIS_OBSERVATION_PLANES];
    size_t c = 0;
    assert_int_equal(
        packeis_batch_observe(batch, PACKEIS_OBSERVE_RELATIVE, planes, N * 1600, &c),
        PACKEIS_OK);
    assert_int_equal(packeis_batch_observe_bits(batch, 0, words, N * 25, &c), PACKEIS_OK);
    assert_int_equal(packeis_batch_legal_mask(batch, masks, N * 4096, &c), PACKEIS_OK);
    assert_int_equal(packeis_batch_legal_bits(batch, bits, N * 64, &c), PACKEIS_OK);
    assert_int_equal(c, N * 64);
    for (size_t i = 0; i < N; i++) {
        const packeis_game *game = packeis_batch_game(batch, i);
        assert_int_equal(packeis_game_observe(game, PACKEIS_OBSERVE_RELATIVE, one, 1600, &c),
                         PACKEIS_OK);
        assert_memory_equal(planes + i * 1600, one, sizeof one);
        assert_int_equal(packeis_game_observe_bits(game, 0, onewords, 25, &c), PACKEIS_OK);
        assert_memory_equal(words + i * 25, onewords, sizeof onewords);
        assert_int_equal(packeis_game_legal_mask(game, mask, 4096, &c), PACKEIS_OK);
        assert_memory_equal(masks + i * 4096, mask, sizeof mask);
        assert_int_equal(packeis_game_legal_bits(game, onebits, 64, &c), PACKEIS_OK);
        assert_memory_equal(bits + i * 64, onebits, sizeof onebits);
    }
    packeis_batch_free(batch);
}

static void legal_lists_with_small_strides(void **state)
{
    (void)state;
    packeis_batch *batch = batch_of(NULL, 2);
    packeis_move moves[2 * 40];
    uint16_t counts[2] = {0, 0};
    size_t most = 0;
    /* At the start, the 30 floes with one fish. */
    assert_int_equal(packeis_batch_legal_moves(batch, NULL, 0, 0, counts, &most), PACKEIS_OK);
    assert_int_equal(counts[0], 30);
    assert_int_equal(most, 30);
    moves[0] = 4242;
    assert_int_equal(packeis_batch_legal_moves(batch, moves, 80, 29, counts, &most),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(moves[0], 4242);
    /* A stride whose product with the games wraps, or a capacity below it:
     * refused, and the buffer untouched. */
    assert_int_equal(packeis_batch_legal_moves(batch, moves, 8, SIZE_MAX / 2, counts, &most),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_batch_legal_moves(batch, moves, 79, 40, counts, &most),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(moves[0], 4242);
    assert_int_equal(counts[1], 30);
    assert_int_equal(packeis_batch_legal_moves(batch, moves, 80, 40, counts, NULL), PACKEIS_OK);
    packeis_move single[PACKEIS_MAX_MOVES];
    size_t n;
    assert_int_equal(
        packeis_game_legal_moves(packeis_batch_game(batch, 1), single, PACKEIS_MAX_MOVES, &n),
        PACKEIS_OK);
    assert_memory_equal(moves + 40, single, n * sizeof *single);
    assert_int_equal(packeis_batch_legal_moves(batch, NULL, 80, 40, counts, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_legal_moves(batch, moves, 80, 40, NULL, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_batch_free(batch);
}

static void bad_arguments_change_nothing(void **state)
{
    (void)state;
    packeis_batch *batch = (packeis_batch *)(uintptr_t)1, *made;
    assert_int_equal(packeis_batch_new(NULL, 0, &batch), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_new(NULL, PACKEIS_BATCH_MAX_GAMES + 1, &batch),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_new(NULL, 1, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_true(batch == (packeis_batch *)(uintptr_t)1);
    made = batch_of(NULL, 3);
    assert_null(packeis_batch_game(made, 3));
    assert_null(packeis_batch_game(NULL, 0));
    assert_int_equal(packeis_batch_size(NULL), 0);
    assert_int_equal(packeis_game_seed(packeis_batch_game(made, 2)),
                     packeis_game_seed(packeis_batch_game(made, 0)) + 2);
    static float planes[3 * 1600];
    uint8_t mask[3 * 4096];
    uint64_t bits[3 * 64], words[3 * 25];
    size_t c = 0;
    planes[0] = -1.0f;
    assert_int_equal(packeis_batch_observe(made, 0, planes, 3 * 1600 - 1, &c),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_batch_observe(made, 4, planes, 3 * 1600, &c),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_true(planes[0] == -1.0f);
    assert_int_equal(packeis_batch_legal_mask(made, mask, 3 * 4096 - 1, &c),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_batch_legal_bits(made, bits, 3 * 64 - 1, &c),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_batch_observe_bits(made, 0, words, 3 * 25 - 1, &c),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_batch_legal_bits(made, NULL, 64, &c), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_legal_bits(made, bits, 3 * 64, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_observe_bits(made, 0, words, 3 * 25 - 1, &c),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(c, 3 * 25);
    assert_int_equal(packeis_batch_legal_mask(NULL, mask, 4096, &c),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_step(made, NULL, NULL, NULL, NULL, NULL, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(
        packeis_batch_step(NULL, (packeis_move[]){0}, NULL, NULL, NULL, NULL, NULL),
        PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_batch_reset(NULL, NULL), PACKEIS_E_INVALID_ARGUMENT);
    packeis_batch_free(made);
    packeis_batch_free(NULL);
}

/* Each allocation of a batch of a custom board refused in turn: a clean
 * OUT_OF_MEMORY and nothing left allocated. */
static void allocation_failures_leak_nothing(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 2}, {6, 0, 1}};
    static tc_alloc counter;
    long refused = 0;
    for (long fail = 2;; fail++) { /* call 1: the options */
        tc_alloc_init(&counter, fail);
        packeis_allocator allocator = tc_alloc_allocator(&counter);
        packeis_options *options;
        assert_int_equal(packeis_options_new(&allocator, &options), PACKEIS_OK);
        packeis_status status = PACKEIS_OK;
        packeis_batch *batch = NULL;
        int x[4], y[4], fish[4];
        for (size_t i = 0; i < 4; i++)
            x[i] = board[i].x, y[i] = board[i].y, fish[i] = board[i].fish;
        if (packeis_options_set_penguins(options, 1) != PACKEIS_OK)
            fail_msg("set_penguins");
        if (counter.failures == 0)
            status = packeis_options_set_layout(options, x, y, fish, 4);
        if (status == PACKEIS_OK)
            status = packeis_batch_new(options, 4, &batch);
        packeis_options_free(options);
        if (status == PACKEIS_OK) {
            packeis_batch_free(batch);
            if (counter.failures == 0)
                break;
        } else {
            assert_int_equal(status, PACKEIS_E_OUT_OF_MEMORY);
            assert_null(batch);
            refused++;
        }
        if (counter.live)
            print_error("refused call %ld: %ld blocks live\n", fail, counter.live);
        assert_int_equal(counter.live, 0);
        assert_int_equal(counter.bad_release, 0);
    }
    assert_true(refused >= 4); /* the batch, its array, the games and the board */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(standard_games_play_as_singles),
        cmocka_unit_test(variants_and_custom_boards_play_as_singles),
        cmocka_unit_test(refusals_stay_per_game),
        cmocka_unit_test(the_first_refusal_is_returned),
        cmocka_unit_test(games_over_before_the_step_are_reset),
        cmocka_unit_test(reset_with_a_seed_per_game),
        cmocka_unit_test(finished_games_without_reset),
        cmocka_unit_test(fillers_agree_with_single_games),
        cmocka_unit_test(legal_lists_with_small_strides),
        cmocka_unit_test(bad_arguments_change_nothing),
        cmocka_unit_test(allocation_failures_leak_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
