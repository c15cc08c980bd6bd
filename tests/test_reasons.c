/* SPDX-License-Identifier: MIT */
/* Why a move is illegal: one test per reason of packeis.h on positions
 * worked out by hand, the documented order when several reasons apply, and
 * a sweep over every move value of random games against a walk of the
 * geometry queries. Every refusal is checked on check_move and apply alike,
 * and apply must leave the game exactly as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"

/* Moves as constants, by the documented values (a placement on c is c * 65,
 * a slide from a to b is a * 64 + b), checked in test_encoding_constants. */
#define P(c)    TC_P(c)
#define S(a, b) TC_S(a, b)

/* What a refusal must not change. */
typedef struct seen {
    uint64_t hash, floes;
    size_t plies, redo, legal_count;
    int phase, player;
    packeis_move legal[PACKEIS_MAX_MOVES];
} seen;

static void look(const packeis_game *game, seen *s)
{
    s->hash = packeis_game_hash(game);
    s->floes = packeis_game_floes(game);
    s->plies = packeis_game_ply_count(game);
    s->redo = packeis_game_redo_count(game);
    s->phase = packeis_game_phase(game);
    s->player = packeis_game_current_player(game);
    assert_int_equal(
        packeis_game_legal_moves(game, s->legal, PACKEIS_MAX_MOVES, &s->legal_count),
        PACKEIS_OK);
}

static void assert_unchanged(const packeis_game *game, const seen *before)
{
    seen now;
    look(game, &now);
    assert_true(now.hash == before->hash);
    assert_true(now.floes == before->floes);
    assert_int_equal(now.plies, before->plies);
    assert_int_equal(now.redo, before->redo);
    assert_int_equal(now.phase, before->phase);
    assert_int_equal(now.player, before->player);
    assert_int_equal(now.legal_count, before->legal_count);
    assert_memory_equal(now.legal, before->legal, now.legal_count * sizeof now.legal[0]);
}

/* check_move and apply both give `why`, and apply changes nothing. */
static void assert_rejected(packeis_game *game, packeis_move move, packeis_status why)
{
    seen before;
    look(game, &before);
    packeis_status checked = packeis_game_check_move(game, move);
    if (checked != why)
        print_error("move %u (%d -> %d): %s, expected %s\n", (unsigned)move,
                    packeis_move_from(move), packeis_move_to(move),
                    packeis_status_name(checked), packeis_status_name(why));
    assert_int_equal(checked, why);
    assert_int_equal(packeis_game_apply(game, move), why);
    assert_unchanged(game, &before);
}

static void test_encoding_constants(void **state)
{
    (void)state;
    for (int a = 0; a < 15; a++) {
        assert_int_equal(P(a), packeis_move_placement(a));
        for (int b = 0; b < 15; b++)
            if (a != b)
                assert_int_equal(S(a, b), packeis_move_slide(a, b));
    }
}

/* ------------------------------------------------------------------------ */
/* The board of the hand-worked tests.                                      */

/* Row 0: cells 0 to 8 at x = 0, 2, ..., 16; no floe at (18,0); cells 9 and
 * 10 at (20,0) and (22,0). Row 1: cells 11 to 14 at x = 1, 3, 5, 7. Cell 8
 * carries 3 fish, cell 13 two, every other one.
 *
 *   00  01  02  03  04  05  06  07  08  ..  09  10
 *     11  12  13  14
 *
 * Player 0 places on 1 and 4, player 1 on 2 and 10; then 1 -> 0 (player 0)
 * and 10 -> 9 (player 1). Player 0 is to move with penguins on 0 and 4;
 * player 1 has 2 and 9 (9 is stuck: the hole west, the gap 10 east); 1 and
 * 10 are gaps. Nothing is out of play: 0 touches 11, and 9 holds a penguin.
 *
 *   P0  __  P1  03  P0  05  06  07  08  ..  P1  __
 *     11  12  13  14                                                      */
static const tc_floe board[] = {
    {0, 0, 1},  {2, 0, 1},  {4, 0, 1},  {6, 0, 1},  {8, 0, 1},
    {10, 0, 1}, {12, 0, 1}, {14, 0, 1}, {16, 0, 3}, {20, 0, 1},
    {22, 0, 1}, {1, 1, 1},  {3, 1, 1},  {5, 1, 2},  {7, 1, 1},
};
static const packeis_move opening[] = {P(1), P(2), P(4), P(10), S(1, 0), S(10, 9)};

static packeis_game *placement_game(int any_floe)
{
    return tc_custom_game(board, TC_COUNT(board), 2, 2, any_floe ? TC_ANY_FLOE : 0u);
}

static packeis_game *movement_game(void)
{
    packeis_game *game = placement_game(0);
    tc_play(game, opening, TC_COUNT(opening));
    /* The position drawn above. */
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(packeis_game_current_player(game), 0);
    assert_true(packeis_game_penguins(game, 0) == ((1u << 0) | (1u << 4)));
    assert_true(packeis_game_penguins(game, 1) == ((1u << 2) | (1u << 9)));
    assert_true(packeis_game_floes(game) == (0x7FFFu & ~((1u << 1) | (1u << 10))));
    /* 0: east the gap, south-east 11 and then no floe. 4: east 5 to 8 up
     * to the hole, west 3 up to player 1, south-west 14; (9,1) is none. */
    static const packeis_move legal[] = {S(0, 11), S(4, 3), S(4, 5), S(4, 6),
                                         S(4, 7),  S(4, 8), S(4, 14)};
    packeis_move got[PACKEIS_MAX_MOVES];
    size_t count = 0;
    assert_int_equal(packeis_game_legal_moves(game, got, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
    assert_int_equal(count, TC_COUNT(legal));
    assert_memory_equal(got, legal, sizeof legal);
    return game;
}

/* ------------------------------------------------------------------------ */
/* One test per reason.                                                     */

static void test_not_your_penguin(void **state)
{
    (void)state;
    packeis_game *game = movement_game();
    assert_rejected(game, S(3, 5), PACKEIS_E_NOT_YOUR_PENGUIN);   /* an empty floe */
    assert_rejected(game, S(11, 12), PACKEIS_E_NOT_YOUR_PENGUIN); /* another */
    assert_rejected(game, S(2, 3), PACKEIS_E_NOT_YOUR_PENGUIN);   /* player 1's, free way */
    assert_rejected(game, S(9, 8), PACKEIS_E_NOT_YOUR_PENGUIN);   /* player 1's */
    assert_rejected(game, S(1, 11), PACKEIS_E_NOT_YOUR_PENGUIN);  /* a gap */
    packeis_game_free(game);
}

static void test_not_in_line(void **state)
{
    (void)state;
    packeis_game *game = movement_game();
    assert_rejected(game, S(4, 13), PACKEIS_E_NOT_IN_LINE); /* (8,0) to (5,1): a jump */
    assert_rejected(game, S(0, 12), PACKEIS_E_NOT_IN_LINE); /* (0,0) to (3,1) */
    assert_rejected(game, S(4, 12), PACKEIS_E_NOT_IN_LINE); /* (8,0) to (3,1) */
    /* (8,0) east to (20,0) and (22,0): a straight line, but over (18,0),
     * which is no cell of the layout. */
    assert_rejected(game, S(4, 9), PACKEIS_E_NOT_IN_LINE);
    assert_rejected(game, S(4, 10), PACKEIS_E_NOT_IN_LINE);
    packeis_game_free(game);
}

static void test_blocked_by_penguin(void **state)
{
    (void)state;
    packeis_game *game = movement_game();
    assert_rejected(game, S(4, 2), PACKEIS_E_BLOCKED_BY_PENGUIN); /* onto player 1 */
    assert_rejected(game, S(4, 1), PACKEIS_E_BLOCKED_BY_PENGUIN); /* over it, onto a gap */
    /* Over player 1 and the gap beyond, onto its own penguin: the penguin
     * is met first. */
    assert_rejected(game, S(4, 0), PACKEIS_E_BLOCKED_BY_PENGUIN);
    packeis_game_free(game);
}

static void test_blocked_by_gap(void **state)
{
    (void)state;
    packeis_game *game = movement_game();
    assert_rejected(game, S(0, 1), PACKEIS_E_BLOCKED_BY_GAP); /* onto the gap */
    assert_rejected(game, S(0, 3), PACKEIS_E_BLOCKED_BY_GAP); /* over it and player 1 */
    /* Over the gap onto player 1's penguin: the gap is met first. */
    assert_rejected(game, S(0, 2), PACKEIS_E_BLOCKED_BY_GAP);
    packeis_game_free(game);
}

static void test_occupied(void **state)
{
    (void)state;
    packeis_game *game = placement_game(0);
    tc_play(game, opening, 1);                       /* player 0 on 1 */
    assert_rejected(game, P(1), PACKEIS_E_OCCUPIED); /* the other player's penguin */
    tc_play(game, &opening[1], 1);                   /* player 1 on 2 */
    assert_rejected(game, P(2), PACKEIS_E_OCCUPIED); /* its own */
    assert_rejected(game, P(1), PACKEIS_E_OCCUPIED);
    packeis_game_free(game);
}

static void test_not_one_fish(void **state)
{
    (void)state;
    packeis_game *game = placement_game(0);
    assert_rejected(game, P(8), PACKEIS_E_NOT_ONE_FISH);  /* three fish */
    assert_rejected(game, P(13), PACKEIS_E_NOT_ONE_FISH); /* two fish */
    assert_int_equal(packeis_game_check_move(game, P(14)), PACKEIS_OK);
    packeis_game_free(game);
}

static void test_place_any_floe(void **state)
{
    (void)state;
    packeis_game *game = placement_game(1);
    assert_int_equal(packeis_game_check_move(game, P(8)), PACKEIS_OK); /* three fish */
    assert_int_equal(packeis_game_check_move(game, P(13)), PACKEIS_OK);
    assert_int_equal(packeis_game_apply(game, P(8)), PACKEIS_OK);
    assert_int_equal(packeis_game_penguin_at(game, 8), 0);
    assert_rejected(game, P(8), PACKEIS_E_OCCUPIED); /* still not on a penguin */
    assert_int_equal(packeis_game_apply(game, P(13)), PACKEIS_OK);
    assert_int_equal(packeis_game_penguin_at(game, 13), 1);
    packeis_game_free(game);
}

static void test_wrong_phase(void **state)
{
    (void)state;
    packeis_game *game = placement_game(0);
    assert_rejected(game, S(3, 5), PACKEIS_E_WRONG_PHASE);
    tc_play(game, opening, 1);
    assert_rejected(game, S(1, 0), PACKEIS_E_WRONG_PHASE); /* a penguin, a free way */
    packeis_game_free(game);
    game = movement_game();
    assert_rejected(game, P(3), PACKEIS_E_WRONG_PHASE);    /* a free one-fish floe */
    assert_rejected(game, P(0), PACKEIS_E_WRONG_PHASE);    /* its own penguin */
    assert_rejected(game, S(4, 4), PACKEIS_E_WRONG_PHASE); /* 4 * 64 + 4 is P(4) */
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* The order of the reasons (packeis_game_check_move()).                    */

static void test_order_value_before_phase(void **state)
{
    (void)state;
    /* Values that are no moves are out of range in either phase. */
    static const packeis_move none[] = {PACKEIS_MOVE_NONE, PACKEIS_MOVE_VALUES, 0x8000, 0xFFFE};
    packeis_game *game = placement_game(0);
    for (size_t i = 0; i < TC_COUNT(none); i++)
        assert_rejected(game, none[i], PACKEIS_E_OUT_OF_RANGE);
    packeis_game_free(game);
    game = movement_game();
    for (size_t i = 0; i < TC_COUNT(none); i++)
        assert_rejected(game, none[i], PACKEIS_E_OUT_OF_RANGE);
    packeis_game_free(game);
}

static void test_order_phase_before_cell(void **state)
{
    (void)state;
    /* The layout has cells 0 to 14: a move of the wrong phase is that,
     * whatever its cells; of the right phase, a cell beyond 14 is out of
     * range before anything is said of its penguins. */
    packeis_game *game = placement_game(0);
    assert_rejected(game, S(63, 0), PACKEIS_E_WRONG_PHASE);
    assert_rejected(game, S(20, 40), PACKEIS_E_WRONG_PHASE);
    assert_rejected(game, P(15), PACKEIS_E_OUT_OF_RANGE);
    assert_rejected(game, P(63), PACKEIS_E_OUT_OF_RANGE);
    packeis_game_free(game);
    game = movement_game();
    assert_rejected(game, P(15), PACKEIS_E_WRONG_PHASE);
    assert_rejected(game, P(63), PACKEIS_E_WRONG_PHASE);
    assert_rejected(game, S(15, 0), PACKEIS_E_OUT_OF_RANGE);
    assert_rejected(game, S(4, 15), PACKEIS_E_OUT_OF_RANGE); /* its penguin, east */
    assert_rejected(game, S(3, 63), PACKEIS_E_OUT_OF_RANGE); /* no penguin on 3 */
    assert_rejected(game, S(63, 62), PACKEIS_E_OUT_OF_RANGE);
    packeis_game_free(game);
}

static void test_order_penguin_before_line(void **state)
{
    (void)state;
    packeis_game *game = movement_game();
    /* Not the player's penguin and not in line either. */
    assert_rejected(game, S(3, 12), PACKEIS_E_NOT_YOUR_PENGUIN); /* (6,0) to (3,1) */
    assert_rejected(game, S(2, 14), PACKEIS_E_NOT_YOUR_PENGUIN); /* player 1, (4,0) to (7,1) */
    assert_rejected(game, S(1, 13), PACKEIS_E_NOT_YOUR_PENGUIN); /* a gap, to (5,1) */
    /* Not in line, though a penguin stands on the way: the line is judged
     * first (S(4, 9) ends on player 1's penguin beyond the hole). */
    assert_rejected(game, S(4, 9), PACKEIS_E_NOT_IN_LINE);
    packeis_game_free(game);
}

static void test_order_game_over_first(void **state)
{
    (void)state;
    /* (0,0) (2,0) (4,0): player 0 on 1, player 1 on 0. 1 -> 2 ends the game:
     * player 1 is stuck beside the new gap, then player 0 on 2. */
    static const tc_floe row[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 3}};
    static const packeis_move moves[] = {P(1), P(0), S(1, 2)};
    static const packeis_move after[] = {
        PACKEIS_MOVE_NONE,
        PACKEIS_MOVE_VALUES,
        0xFFFE,
        P(0),
        P(2),
        P(63),
        S(1, 2),
        S(2, 1),
        S(0, 1),
        S(63, 0),
    };
    packeis_game *game = tc_custom_game(row, TC_COUNT(row), 2, 1, 0);
    tc_play(game, moves, TC_COUNT(moves));
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    for (size_t i = 0; i < TC_COUNT(after); i++)
        assert_rejected(game, after[i], PACKEIS_E_GAME_OVER);
    assert_int_equal(packeis_game_check_move(NULL, PACKEIS_MOVE_NONE),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_apply(NULL, P(0)), PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Every move value of random games against a walk of the geometry.         */

/* The reason packeis.h gives for `move`, worked out from the queries of
 * the position and the geometry alone. */
static packeis_status expected_reason(const packeis_game *game, unsigned move)
{
    int phase = packeis_game_phase(game), cells = packeis_game_cell_count(game);
    uint64_t floes = packeis_game_floes(game);
    if (phase == PACKEIS_PHASE_OVER)
        return PACKEIS_E_GAME_OVER;
    if (move >= PACKEIS_MOVE_VALUES)
        return PACKEIS_E_OUT_OF_RANGE;
    int from = (int)move / 64, to = (int)move % 64;
    if (from == to) {
        if (phase != PACKEIS_PHASE_PLACEMENT)
            return PACKEIS_E_WRONG_PHASE;
        if (to >= cells)
            return PACKEIS_E_OUT_OF_RANGE;
        if (packeis_game_penguin_at(game, to) >= 0)
            return PACKEIS_E_OCCUPIED;
        if (packeis_game_fish(game, to) != 1 &&
            !packeis_game_variant(game, PACKEIS_VARIANT_PLACE_ANY_FLOE))
            return PACKEIS_E_NOT_ONE_FISH;
        return PACKEIS_OK;
    }
    if (phase != PACKEIS_PHASE_MOVEMENT)
        return PACKEIS_E_WRONG_PHASE;
    if (from >= cells || to >= cells)
        return PACKEIS_E_OUT_OF_RANGE;
    if (packeis_game_penguin_at(game, from) != packeis_game_current_player(game))
        return PACKEIS_E_NOT_YOUR_PENGUIN;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        int c = packeis_game_neighbor(game, from, d);
        while (c >= 0 && c != to)
            c = packeis_game_neighbor(game, c, d);
        if (c != to)
            continue;
        for (c = packeis_game_neighbor(game, from, d);; c = packeis_game_neighbor(game, c, d)) {
            if (packeis_game_penguin_at(game, c) >= 0)
                return PACKEIS_E_BLOCKED_BY_PENGUIN;
            if (!((floes >> c) & 1))
                return PACKEIS_E_BLOCKED_BY_GAP;
            if (c == to)
                return PACKEIS_OK;
        }
    }
    return PACKEIS_E_NOT_IN_LINE;
}

/* Every value 0 ... 4096 and PACKEIS_MOVE_NONE: check_move gives the
 * walked reason, apply agrees and changes nothing, and the legal moves are
 * exactly the values accepted. Returns how often each reason came up. */
static void sweep(packeis_game *game, long *tally)
{
    seen before;
    look(game, &before);
    size_t legal = 0;
    for (unsigned m = 0; m <= PACKEIS_MOVE_VALUES; m++) {
        packeis_move move = (packeis_move)m;
        packeis_status want = expected_reason(game, m);
        packeis_status got = packeis_game_check_move(game, move);
        if (got != want)
            print_error("move %u: %s, expected %s\n", m, packeis_status_name(got),
                        packeis_status_name(want));
        assert_int_equal(got, want);
        tally[got]++;
        if (got == PACKEIS_OK) {
            assert_true(legal < before.legal_count);
            assert_int_equal(before.legal[legal++], move);
        } else if (m % 7 == 0 || got >= PACKEIS_E_NOT_YOUR_PENGUIN) {
            assert_int_equal(packeis_game_apply(game, move), got);
        }
    }
    assert_int_equal(packeis_game_check_move(game, PACKEIS_MOVE_NONE),
                     expected_reason(game, PACKEIS_MOVE_NONE));
    assert_int_equal(legal, before.legal_count);
    assert_unchanged(game, &before);
}

static void test_sweep_random_games(void **state)
{
    (void)state;
    long tally[PACKEIS_STATUS_COUNT] = {0};
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 3; seed++) {
            packeis_game *game =
                tc_game(tc_standard_options(players, seed, seed == 1 ? TC_ANY_FLOE : 0));
            for (size_t ply = 0;; ply++) {
                if (ply % 3 == 0 || packeis_game_phase(game) == PACKEIS_PHASE_OVER)
                    sweep(game, tally);
                size_t n = 0;
                assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                                 PACKEIS_OK);
                if (n == 0)
                    break;
                assert_int_equal(packeis_game_apply(game, moves[(ply * 13 + seed) % n]),
                                 PACKEIS_OK);
            }
            packeis_game_free(game);
        }
    /* Every reason a position can give came up. */
    for (int why = PACKEIS_E_OUT_OF_RANGE; why <= PACKEIS_E_NOT_ONE_FISH; why++)
        if (why != PACKEIS_E_OUT_OF_MEMORY && why != PACKEIS_E_BUFFER_TOO_SMALL) {
            print_message("%s: %ld\n", packeis_status_name(why), tally[why]);
            assert_true(tally[why] > 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_encoding_constants),
        cmocka_unit_test(test_not_your_penguin),
        cmocka_unit_test(test_not_in_line),
        cmocka_unit_test(test_blocked_by_penguin),
        cmocka_unit_test(test_blocked_by_gap),
        cmocka_unit_test(test_occupied),
        cmocka_unit_test(test_not_one_fish),
        cmocka_unit_test(test_place_any_floe),
        cmocka_unit_test(test_wrong_phase),
        cmocka_unit_test(test_order_value_before_phase),
        cmocka_unit_test(test_order_phase_before_cell),
        cmocka_unit_test(test_order_penguin_before_line),
        cmocka_unit_test(test_order_game_over_first),
        cmocka_unit_test(test_sweep_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
