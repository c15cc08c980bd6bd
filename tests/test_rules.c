/* SPDX-License-Identifier: MIT */
/* A test (or several) per rule of doc/rules.md, through the public API only.
 *
 * Most positions are small custom layouts. Every expected value was worked
 * out by hand from doc/rules.md: each test's comment draws its board (cells are
 * numbered in reading order, by y then x) and says how the answer follows.
 * Nothing here was copied from running the engine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

#define BIT(c) ((uint64_t)1 << (c))
/* Moves as constants, by the values documented at ::packeis_move: a
 * placement on c is c * 65, a slide from a to b is a * 64 + b (checked
 * against the constructors in test_move_encoding). */
#define P(c)    TC_P(c)
#define S(a, b) TC_S(a, b)

enum { EAST, NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST, SOUTH_EAST };

/* A custom layout, the setup, and a line of actions to play on it. */
typedef struct scenario {
    const tc_floe *floes;
    size_t floe_count;
    int players, penguins;
    const packeis_move *moves;
    size_t move_count;
} scenario;

#define SCENARIO(f, players, penguins, m)                                                      \
    {                                                                                          \
        f, TC_COUNT(f), players, penguins, m, TC_COUNT(m)                                      \
    }

/* The scenario's game after its first `plies` actions. */
static packeis_game *start(const scenario *s, size_t plies)
{
    assert_true(plies <= s->move_count);
    packeis_game *game = tc_custom_game(s->floes, s->floe_count, s->players, s->penguins, 0);
    tc_play(game, s->moves, plies);
    return game;
}

/* Short names for the value accessors. */
static uint64_t floe_set(const packeis_game *game) { return packeis_game_floes(game); }

static uint64_t penguin_set(const packeis_game *game, int player)
{
    return packeis_game_penguins(game, player);
}

static int current(const packeis_game *game) { return packeis_game_current_player(game); }

static int phase(const packeis_game *game) { return packeis_game_phase(game); }

static int is_out(const packeis_game *game, int player)
{
    return packeis_game_is_out(game, player);
}

static int rank(const packeis_game *game, int player)
{
    return packeis_game_rank(game, player);
}

static unsigned winners(const packeis_game *game) { return packeis_game_winners(game); }

/* The number of legal moves, asked with an empty buffer. */
static size_t move_count(const packeis_game *game)
{
    size_t count = 999;
    packeis_status status = packeis_game_legal_moves(game, NULL, 0, &count);
    assert_int_equal(status, count ? PACKEIS_E_BUFFER_TOO_SMALL : PACKEIS_OK);
    return count;
}

static uint64_t destinations(const packeis_game *game, int cell)
{
    return packeis_game_destinations(game, cell);
}

static void assert_score(const packeis_game *game, int player, int fish, int floes)
{
    assert_int_equal(packeis_game_fish_won(game, player), fish);
    assert_int_equal(packeis_game_floes_won(game, player), floes);
}

static void assert_legal_moves(const packeis_game *game, const packeis_move *want, size_t count)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (size_t i = 0; i < PACKEIS_MAX_MOVES; i++)
        moves[i] = 0xBEEF;
    size_t got = 0;
    assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &got),
                     PACKEIS_OK);
    assert_int_equal(got, count);
    assert_int_equal(move_count(game), count);
    for (size_t i = 0; i < count; i++)
        assert_int_equal(moves[i], want[i]);
    for (size_t i = count; i < PACKEIS_MAX_MOVES; i++) /* nothing written past the list */
        assert_int_equal(moves[i], 0xBEEF);
}

/* Every check of the end of a game: no player left, nothing to play. */
static void assert_game_over(packeis_game *game)
{
    assert_int_equal(phase(game), PACKEIS_PHASE_OVER);
    assert_int_equal(current(game), -1);
    assert_legal_moves(game, NULL, 0);
    assert_int_equal(packeis_game_apply(game, S(0, 1)), PACKEIS_E_GAME_OVER);
    assert_int_equal(packeis_game_apply(game, P(0)), PACKEIS_E_GAME_OVER);
    assert_int_equal(packeis_game_check_move(game, S(1, 0)), PACKEIS_E_GAME_OVER);
    int players = packeis_game_player_count(game);
    assert_true(players >= 2);
    for (int p = 0; p < players; p++) {
        assert_int_equal(is_out(game, p), 1);
        assert_true(penguin_set(game, p) == 0);
    }
    assert_true(floe_set(game) == 0);
}

/* ------------------------------------------------------------------------ */
/* Everything a caller can observe, for the undo tests.                     */

enum { SNAP_MOVES = 128 };

typedef struct snapshot {
    uint64_t floes, penguins[PACKEIS_MAX_PLAYERS], hash;
    int fish[PACKEIS_MAX_PLAYERS], floes_won[PACKEIS_MAX_PLAYERS];
    int out[PACKEIS_MAX_PLAYERS], rank[PACKEIS_MAX_PLAYERS];
    unsigned winners;
    int phase, player, players;
    size_t plies, history_count, legal_count;
    size_t redo; /* compared only where it must not change */
    packeis_move history[SNAP_MOVES], legal[SNAP_MOVES];
} snapshot;

static void take_snapshot(const packeis_game *game, snapshot *s)
{
    s->players = packeis_game_player_count(game);
    assert_true(s->players >= 2);
    s->floes = floe_set(game);
    s->hash = packeis_game_hash(game);
    s->redo = packeis_game_redo_count(game);
    for (int p = 0; p < s->players; p++) {
        s->penguins[p] = penguin_set(game, p);
        s->fish[p] = packeis_game_fish_won(game, p);
        s->floes_won[p] = packeis_game_floes_won(game, p);
        s->out[p] = is_out(game, p);
        s->rank[p] = rank(game, p);
    }
    s->winners = winners(game);
    s->phase = phase(game);
    s->player = current(game);
    s->plies = packeis_game_ply_count(game);
    assert_int_equal(packeis_game_history(game, s->history, SNAP_MOVES, &s->history_count),
                     PACKEIS_OK);
    assert_int_equal(packeis_game_legal_moves(game, s->legal, SNAP_MOVES, &s->legal_count),
                     PACKEIS_OK);
}

static void assert_snapshot(const packeis_game *game, const snapshot *want)
{
    snapshot got;
    take_snapshot(game, &got);
    assert_int_equal(got.players, want->players);
    assert_true(got.floes == want->floes);
    assert_true(got.hash == want->hash);
    for (int p = 0; p < want->players; p++) {
        assert_true(got.penguins[p] == want->penguins[p]);
        assert_int_equal(got.fish[p], want->fish[p]);
        assert_int_equal(got.floes_won[p], want->floes_won[p]);
        assert_int_equal(got.out[p], want->out[p]);
        assert_int_equal(got.rank[p], want->rank[p]);
    }
    assert_int_equal(got.winners, want->winners);
    assert_int_equal(got.phase, want->phase);
    assert_int_equal(got.player, want->player);
    assert_int_equal(got.plies, want->plies);
    assert_int_equal(got.history_count, want->history_count);
    assert_memory_equal(got.history, want->history, want->history_count * sizeof *got.history);
    assert_int_equal(got.legal_count, want->legal_count);
    assert_memory_equal(got.legal, want->legal, want->legal_count * sizeof *got.legal);
}

static void test_move_encoding(void **state)
{
    (void)state;
    assert_int_equal(P(0), packeis_move_placement(0));
    assert_int_equal(P(0), 0);
    assert_int_equal(P(63), packeis_move_placement(63));
    assert_int_equal(P(63), 4095);
    assert_int_equal(S(5, 9), packeis_move_slide(5, 9));
    assert_int_equal(S(5, 9), 329);
    assert_int_equal(S(63, 0), packeis_move_slide(63, 0));
    assert_int_equal(S(63, 0), 4032);
    assert_int_equal(packeis_move_from(S(15, 10)), 15);
    assert_int_equal(packeis_move_to(S(15, 10)), 10);
    assert_int_equal(packeis_move_is_placement(P(7)), 1);
    assert_int_equal(packeis_move_is_placement(S(7, 8)), 0);
}

/* ------------------------------------------------------------------------ */
/* Section 1: the board                                                     */

static packeis_game *standard_game(void)
{
    packeis_game *game = NULL;
    assert_int_equal(packeis_game_new(NULL, &game), PACKEIS_OK);
    return game;
}

static void test_standard_board_coordinates(void **state)
{
    (void)state;
    /* Rows of 7 (even y: x = 1, 3, ..., 13) and 8 (odd y: x = 0, ..., 14),
     * numbered in reading order. */
    packeis_game *game = standard_game();
    assert_int_equal(packeis_game_cell_count(game), 60);
    int c = 0;
    for (int y = 0; y < 8; y++)
        for (int x = (y % 2 == 0) ? 1 : 0; x <= ((y % 2 == 0) ? 13 : 14); x += 2, c++) {
            int cx = -1, cy = -1;
            assert_int_equal(packeis_game_cell_coords(game, c, &cx, &cy), PACKEIS_OK);
            assert_int_equal(cx, x);
            assert_int_equal(cy, y);
            assert_int_equal(packeis_game_cell_at(game, x, y), c);
        }
    assert_int_equal(c, 60);
    packeis_game_free(game);
}

static void test_standard_board_missing_coordinates(void **state)
{
    (void)state;
    /* Wrong parity, left/right of a row, above the top, below the bottom. */
    static const int missing[][2] = {{0, 0},  {2, 0}, {15, 0}, {-1, 1}, {16, 1},
                                     {1, -1}, {1, 8}, {0, 8},  {-1, 0}, {14, 6}};
    packeis_game *game = standard_game();
    for (size_t i = 0; i < TC_COUNT(missing); i++)
        assert_int_equal(packeis_game_cell_at(game, missing[i][0], missing[i][1]), -1);
    packeis_game_free(game);
}

static void test_standard_board_neighbors(void **state)
{
    (void)state;
    /* Read off the picture in doc/rules.md, "The standard board"; columns E NE NW W SW SE. */
    static const int want[][7] = {
        {0, 1, -1, -1, -1, 7, 8},     /* top-left corner (1,0) */
        {6, -1, -1, -1, 5, 13, 14},   /* top-right corner (13,0) */
        {7, 8, 0, -1, -1, -1, 15},    /* left end of a long row (0,1) */
        {14, -1, -1, 6, 13, 21, -1},  /* right end of a long row (14,1) */
        {21, -1, 14, 13, 20, 28, 29}, /* right end of a short row (13,2) */
        {25, 26, 18, 17, 24, 32, 33}, /* inside (6,3) */
        {45, 46, 38, 37, -1, 52, 53}, /* left end of a short row (1,6) */
        {52, 53, 45, -1, -1, -1, -1}, /* bottom-left corner (0,7) */
        {59, -1, -1, 51, 58, -1, -1}, /* bottom-right corner (14,7) */
    };
    packeis_game *game = standard_game();
    for (size_t i = 0; i < TC_COUNT(want); i++)
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            assert_int_equal(packeis_game_neighbor(game, want[i][0], d), want[i][1 + d]);
    /* A bad direction or cell has no neighbour. */
    assert_int_equal(packeis_game_neighbor(game, 9, PACKEIS_DIRECTION_COUNT), -1);
    assert_int_equal(packeis_game_neighbor(game, 9, -1), -1);
    assert_int_equal(packeis_game_neighbor(game, 60, EAST), -1);
    assert_int_equal(packeis_game_neighbor(game, -1, EAST), -1);
    packeis_game_free(game);
}

static void test_standard_board_neighbors_symmetric(void **state)
{
    (void)state;
    /* b is a's neighbour in direction d iff a is b's in (d + 3) % 6. Pairs
     * of neighbours: east-west 4 * 6 + 4 * 7 = 52 within the rows; between
     * two rows each of the 7 floes of the short row has 2, 7 * 2 * 7 = 98.
     * Each pair is seen from both ends. */
    packeis_game *game = standard_game();
    int links = 0;
    for (int c = 0; c < TC_STANDARD_CELLS; c++)
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
            int n = packeis_game_neighbor(game, c, d);
            if (n < 0)
                continue;
            links++;
            assert_int_equal(packeis_game_neighbor(game, n, (d + 3) % 6), c);
        }
    assert_int_equal(links, 2 * (52 + 98));
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Sections 2 and 3: players, penguins, placement                          */

/* Two rows and a lone floe. Cell 10 (30,0) touches nothing; 11 and 12 carry
 * 2 and 3 fish, every other floe 1:
 *   00 01 02 03 04 05 06 07 08 09          10
 *     11 12 13 14 15 16 17 18 19 20                                       */
static const tc_floe placement_board[] = {
    {0, 0, 1},  {2, 0, 1},  {4, 0, 1},  {6, 0, 1},  {8, 0, 1},  {10, 0, 1}, {12, 0, 1},
    {14, 0, 1}, {16, 0, 1}, {18, 0, 1}, {30, 0, 3}, {1, 1, 2},  {3, 1, 3},  {5, 1, 1},
    {7, 1, 1},  {9, 1, 1},  {11, 1, 1}, {13, 1, 1}, {15, 1, 1}, {17, 1, 1}, {19, 1, 1},
};
#define PLACEMENT_ALL ((BIT(21) - 1))

static void test_default_penguins(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        packeis_game *game =
            tc_custom_game(placement_board, TC_COUNT(placement_board), players, 0, 0);
        assert_int_equal(packeis_game_penguins_per_player(game), 6 - players); /* 4, 3, 2 */
        packeis_game_free(game);
    }
}

static void test_placement_legal_list(void **state)
{
    (void)state;
    /* Placements go on the free one-fish floes, listed by destination. */
    static const packeis_move first[] = {P(0),  P(1),  P(2),  P(3),  P(4),  P(5),
                                         P(6),  P(7),  P(8),  P(9),  P(13), P(14),
                                         P(15), P(16), P(17), P(18), P(19), P(20)};
    packeis_game *game = tc_custom_game(placement_board, TC_COUNT(placement_board), 2, 0, 0);
    assert_legal_moves(game, first, TC_COUNT(first));
    assert_int_equal(packeis_game_apply(game, P(4)), PACKEIS_OK);
    static const packeis_move second[] = {P(0),  P(1),  P(2),  P(3),  P(5),  P(6),
                                          P(7),  P(8),  P(9),  P(13), P(14), P(15),
                                          P(16), P(17), P(18), P(19), P(20)};
    assert_legal_moves(game, second, TC_COUNT(second));
    packeis_game_free(game);
}

/* Tries a rejected action and checks it changed nothing. */
static void assert_rejected(packeis_game *game, packeis_move move, packeis_status why)
{
    snapshot before;
    take_snapshot(game, &before);
    assert_int_equal(packeis_game_check_move(game, move), why);
    assert_int_equal(packeis_game_apply(game, move), why);
    assert_snapshot(game, &before);
    assert_int_equal(packeis_game_redo_count(game), before.redo);
}

static void test_placement_only_on_free_one_fish_floes(void **state)
{
    (void)state;
    packeis_game *game = tc_custom_game(placement_board, TC_COUNT(placement_board), 2, 0, 0);
    assert_rejected(game, P(11), PACKEIS_E_NOT_ONE_FISH); /* two fish */
    assert_rejected(game, P(12), PACKEIS_E_NOT_ONE_FISH); /* three fish */
    assert_rejected(game, P(10), PACKEIS_E_NOT_ONE_FISH); /* three fish */
    assert_rejected(game, P(21), PACKEIS_E_OUT_OF_RANGE); /* not on the layout */
    assert_int_equal(packeis_game_apply(game, P(0)), PACKEIS_OK);
    assert_rejected(game, P(0), PACKEIS_E_OCCUPIED); /* player 0's penguin */
    assert_int_equal(packeis_game_apply(game, P(13)), PACKEIS_OK);
    assert_rejected(game, P(13), PACKEIS_E_OCCUPIED); /* its own penguin */
    assert_rejected(game, P(0), PACKEIS_E_OCCUPIED);  /* the other's */
    assert_int_equal(current(game), 0);
    packeis_game_free(game);
}

static void test_slide_during_placement(void **state)
{
    (void)state;
    /* The penguin on 0 could slide east were it the movement phase. */
    packeis_game *game = tc_custom_game(placement_board, TC_COUNT(placement_board), 2, 0, 0);
    assert_rejected(game, S(0, 1), PACKEIS_E_WRONG_PHASE);
    assert_int_equal(packeis_game_apply(game, P(0)), PACKEIS_OK);
    assert_int_equal(packeis_game_apply(game, P(5)), PACKEIS_OK);
    assert_rejected(game, S(0, 1), PACKEIS_E_WRONG_PHASE);
    assert_int_equal(phase(game), PACKEIS_PHASE_PLACEMENT);
    packeis_game_free(game);
}

/* Places penguins on 0, 1, 2, ... (all one-fish, in the top row) checking
 * the turn order 0, 1, ..., n-1, 0, ... and that no floe leaves the board. */
static void check_placement_round(int players)
{
    packeis_game *game =
        tc_custom_game(placement_board, TC_COUNT(placement_board), players, 0, 0);
    int total = players * (6 - players);
    for (int i = 0; i < total; i++) {
        assert_int_equal(phase(game), PACKEIS_PHASE_PLACEMENT);
        assert_int_equal(current(game), i % players);
        assert_true(floe_set(game) == PLACEMENT_ALL);
        assert_int_equal(packeis_game_apply(game, P(i)), PACKEIS_OK);
        assert_true(penguin_set(game, i % players) & BIT(i));
    }
    /* Movement starts with player 0, whose penguin on 0 can step to 11.
     * The lone floe 10 has no penguin and leaves the board ("Floes out of play"). */
    assert_int_equal(phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(current(game), 0);
    assert_true(floe_set(game) == (PLACEMENT_ALL & ~BIT(10)));
    for (int p = 0; p < players; p++)
        assert_score(game, p, 0, 0);
    assert_rejected(game, P(15), PACKEIS_E_WRONG_PHASE);
    packeis_game_free(game);
}

static void test_placement_turn_order(void **state)
{
    (void)state;
    check_placement_round(2);
    check_placement_round(3);
    check_placement_round(4);
}

/* ------------------------------------------------------------------------ */
/* Moving (doc/rules.md)                                                     */

/* Four rows; cell 6 carries 2 fish, cell 10 three, the others one.
 *      00  01  02  03            (1,0) (3,0) (5,0) (7,0)
 *    04  05  06  07  08          (0,1) ... (8,1)
 *      09  10  11  12            (1,2) ... (7,2)
 *    13  14  15  16  17          (0,3) ... (8,3)
 * Player 0 places on 5 and 15, player 1 on 7 and 0. */
static const tc_floe slide_board[] = {
    {1, 0, 1}, {3, 0, 1}, {5, 0, 1}, {7, 0, 1}, {0, 1, 1}, {2, 1, 1},
    {4, 1, 2}, {6, 1, 1}, {8, 1, 1}, {1, 2, 1}, {3, 2, 3}, {5, 2, 1},
    {7, 2, 1}, {0, 3, 1}, {2, 3, 1}, {4, 3, 1}, {6, 3, 1}, {8, 3, 1},
};
static const packeis_move slide_moves[] = {
    P(5), P(7), P(15), P(0), S(5, 9), S(7, 6), S(15, 10), S(6, 2), S(10, 11),
};
static const scenario slide_game = SCENARIO(slide_board, 2, 2, slide_moves);

static void test_slide_legal_moves_in_order(void **state)
{
    (void)state;
    /* Player 0 to move, penguins on 5 (2,1) and 15 (4,3):
     *  5: E 6 then 7 is player 1's; NE 1 then the edge; NW 0 is player 1's;
     *     W 4; SW 9, 13; SE 10 then 15 is its own.
     * 15: E 16, 17; NE 11 then 7 (player 1); NW 10 then 5 (own); W 14, 13;
     *     no row below.
     * By origin, then destination. */
    static const packeis_move want[] = {
        S(5, 1),   S(5, 4),   S(5, 6),   S(5, 9),   S(5, 10),  S(5, 13),
        S(15, 10), S(15, 11), S(15, 13), S(15, 14), S(15, 16), S(15, 17),
    };
    packeis_game *game = start(&slide_game, 4);
    assert_int_equal(phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(current(game), 0);
    assert_legal_moves(game, want, TC_COUNT(want));
    assert_true(destinations(game, 5) ==
                (BIT(1) | BIT(4) | BIT(6) | BIT(9) | BIT(10) | BIT(13)));
    assert_true(destinations(game, 15) ==
                (BIT(10) | BIT(11) | BIT(13) | BIT(14) | BIT(16) | BIT(17)));
    /* Player 1's penguin on 0: E 1, 2, 3; SW 4; SE 5 is taken. */
    assert_true(destinations(game, 0) == (BIT(1) | BIT(2) | BIT(3) | BIT(4)));
    assert_true(destinations(game, 6) == 0);
    packeis_game_free(game);
}

static void test_slide_blocked_by_penguins(void **state)
{
    (void)state;
    packeis_game *game = start(&slide_game, 4);
    assert_rejected(game, S(5, 0), PACKEIS_E_BLOCKED_BY_PENGUIN);  /* onto player 1 */
    assert_rejected(game, S(5, 7), PACKEIS_E_BLOCKED_BY_PENGUIN);  /* onto player 1 */
    assert_rejected(game, S(5, 8), PACKEIS_E_BLOCKED_BY_PENGUIN);  /* over player 1 on 7 */
    assert_rejected(game, S(5, 15), PACKEIS_E_BLOCKED_BY_PENGUIN); /* onto its own */
    assert_rejected(game, S(15, 5), PACKEIS_E_BLOCKED_BY_PENGUIN); /* onto its own */
    assert_rejected(game, S(15, 0), PACKEIS_E_BLOCKED_BY_PENGUIN); /* over its own on 5 */
    assert_rejected(game, S(15, 3), PACKEIS_E_BLOCKED_BY_PENGUIN); /* over player 1 on 7 */
    packeis_game_free(game);
}

static void test_slide_straight_lines_only(void **state)
{
    (void)state;
    packeis_game *game = start(&slide_game, 4);
    assert_rejected(game, S(5, 11), PACKEIS_E_NOT_IN_LINE); /* (2,1) to (5,2) */
    assert_rejected(game, S(5, 2), PACKEIS_E_NOT_IN_LINE);  /* (2,1) to (5,0) */
    assert_rejected(game, S(5, 14), PACKEIS_E_NOT_IN_LINE); /* (2,1) to (2,3) */
    /* No slide at all: there is no value for it, and 5 * 64 + 5 is the
     * placement on 5, of the wrong phase now. */
    assert_int_equal(packeis_move_slide(5, 5), PACKEIS_MOVE_NONE);
    assert_rejected(game, packeis_move_slide(5, 5), PACKEIS_E_OUT_OF_RANGE);
    assert_rejected(game, S(5, 5), PACKEIS_E_WRONG_PHASE);
    assert_rejected(game, S(0, 1), PACKEIS_E_NOT_YOUR_PENGUIN); /* player 1's penguin */
    assert_rejected(game, S(6, 8), PACKEIS_E_NOT_YOUR_PENGUIN); /* no penguin on 6 */
    assert_rejected(game, S(5, 18), PACKEIS_E_OUT_OF_RANGE);    /* 18 is no cell */
    packeis_game_free(game);
}

static void test_slide_blocked_by_gaps(void **state)
{
    (void)state;
    /* After 5 -> 9 the floe 5 is a gap. Player 1: 7 (6,1) W reaches 6 and
     * stops before 5; E 8; NE 3; NW 2; SW 11 then 15 (player 0); SE 12, 17.
     * 0 (1,0): E 1, 2, 3; SW 4; SE 5 is a gap (10 beyond it is free). */
    static const packeis_move want[] = {
        S(0, 1), S(0, 2), S(0, 3),  S(0, 4),  S(7, 2),  S(7, 3),
        S(7, 6), S(7, 8), S(7, 11), S(7, 12), S(7, 17),
    };
    packeis_game *game = start(&slide_game, 5);
    assert_int_equal(current(game), 1);
    assert_legal_moves(game, want, TC_COUNT(want));
    assert_rejected(game, S(7, 5), PACKEIS_E_BLOCKED_BY_GAP);  /* onto the gap */
    assert_rejected(game, S(7, 4), PACKEIS_E_BLOCKED_BY_GAP);  /* over the gap */
    assert_rejected(game, S(0, 5), PACKEIS_E_BLOCKED_BY_GAP);  /* onto the gap */
    assert_rejected(game, S(0, 10), PACKEIS_E_BLOCKED_BY_GAP); /* over the gap */
    packeis_game_free(game);
}

static void test_slide_stops_at_layout_hole(void **state)
{
    (void)state;
    /* (0,0) (2,0) _ (6,0) (8,0): the missing (4,0) ends the line like the
     * edge. Player 0 on 0 reaches only 1. */
    static const tc_floe board[] = {{0, 0, 1}, {2, 0, 1}, {6, 0, 1}, {8, 0, 1}};
    static const packeis_move want[] = {S(0, 1)};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    tc_play(game, (const packeis_move[]){P(0), P(3)}, 2);
    assert_legal_moves(game, want, TC_COUNT(want));
    /* (0,0) to (6,0) is east, but over (4,0), which is no cell. */
    assert_rejected(game, S(0, 2), PACKEIS_E_NOT_IN_LINE);
    packeis_game_free(game);
}

/* A row of `cells` floes, (0,0) (2,0) ... */
static packeis_game *row_game(tc_floe *row, int cells)
{
    for (int c = 0; c < cells; c++)
        row[c] = (tc_floe){2 * c, 0, 1};
    return tc_custom_game(row, (size_t)cells, 2, 1, 0);
}

static void test_slide_along_long_lines(void **state)
{
    (void)state;
    tc_floe row[12];
    /* Nine floes, the most a line may hold for the look-up of the slide
     * rule: player 0 on 8 (all eight others west of it), player 1 on 0. */
    static const packeis_move nine[] = {S(8, 1), S(8, 2), S(8, 3), S(8, 4),
                                        S(8, 5), S(8, 6), S(8, 7)};
    packeis_game *game = row_game(row, 9);
    tc_play(game, (const packeis_move[]){P(8), P(0)}, 2);
    assert_legal_moves(game, nine, TC_COUNT(nine));
    assert_true(destinations(game, 0) == BIT(8) - 2);
    packeis_game_free(game);
    /* Ten and twelve: lines too long to look up, the rays scanned. Player 0
     * on 5, player 1 on 9: west to 0, east until 9. */
    static const packeis_move ten[] = {S(5, 0), S(5, 1), S(5, 2), S(5, 3),
                                       S(5, 4), S(5, 6), S(5, 7), S(5, 8)};
    for (int cells = 10; cells <= 12; cells += 2) {
        game = row_game(row, cells);
        tc_play(game, (const packeis_move[]){P(5), P(9)}, 2);
        assert_legal_moves(game, ten, TC_COUNT(ten));
        uint64_t east = (BIT(cells) - 1) - (BIT(10) - 1);
        assert_true(destinations(game, 9) == (east | BIT(6) | BIT(7) | BIT(8)));
        assert_rejected(game, S(5, 9), PACKEIS_E_BLOCKED_BY_PENGUIN);
        packeis_game_free(game);
    }
}

static void test_slide_credits_departed_floe(void **state)
{
    (void)state;
    /* 5 -> 9: +1 (floe 5); 7 -> 6: +1; 15 -> 10: +1; 6 -> 2: +2 (floe 6);
     * 10 -> 11: +3 (floe 10). The floes left are gone, their fish printed
     * unchanged; nothing else leaves (every free floe touches a penguin or a
     * free floe that does). */
    static const int want[][4] = {
        {1, 1, 0, 0}, {1, 1, 1, 1}, {2, 2, 1, 1}, {2, 2, 3, 2}, {5, 3, 3, 2},
    };
    static const int left[] = {5, 7, 15, 6, 10};
    packeis_game *game = start(&slide_game, 4);
    uint64_t floes = BIT(18) - 1;
    for (int i = 0; i < 5; i++) {
        tc_play(game, &slide_moves[4 + i], 1);
        assert_score(game, 0, want[i][0], want[i][1]);
        assert_score(game, 1, want[i][2], want[i][3]);
        floes &= ~BIT(left[i]);
        assert_true(floe_set(game) == floes);
        assert_int_equal(current(game), (i + 1) % 2);
    }
    assert_int_equal(packeis_game_fish(game, 10), 3);
    assert_true(penguin_set(game, 0) == (BIT(9) | BIT(11)));
    assert_true(penguin_set(game, 1) == (BIT(0) | BIT(2)));
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Passing the turn; going out (doc/rules.md)                                */

/* (0,0) f1, (2,0) f1, (4,0) f3. Player 0 on 1, player 1 on 0. Player 0's
 * only move is 1 -> 2 (+1); then player 1 (on 0, beside the new gap) has no
 * move and is out with floe 0 (+1 fish, +1 floe); then player 0 on 2 (the
 * gap west, nothing east) is out with floe 2 (+3): 4 fish 2 floes. */
static const tc_floe out_board[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 3}};
static const packeis_move out_moves[] = {P(1), P(0), S(1, 2)};
static const scenario out_game = SCENARIO(out_board, 2, 1, out_moves);

static void test_going_out_and_game_over(void **state)
{
    (void)state;
    packeis_game *game = start(&out_game, 2);
    static const packeis_move only[] = {S(1, 2)};
    assert_legal_moves(game, only, 1);
    tc_play(game, &out_moves[2], 1);
    assert_score(game, 0, 4, 2);
    assert_score(game, 1, 1, 1);
    assert_game_over(game);
    assert_int_equal(rank(game, 0), 1);
    assert_int_equal(rank(game, 1), 2);
    assert_int_equal(winners(game), 0x1);
    packeis_game_free(game);
}

/* Player 0 on the lone (0,0) f1; player 1 on (10,0) of the row
 * (10,0) f1, (12,0) f1, (14,0) f2, (16,0) f3. */
static const tc_floe alone_board[] = {
    {0, 0, 1}, {10, 0, 1}, {12, 0, 1}, {14, 0, 2}, {16, 0, 3}};
static const packeis_move alone_moves[] = {P(0), P(1), S(1, 2), S(2, 3), S(3, 4)};
static const scenario alone_game = SCENARIO(alone_board, 2, 1, alone_moves);

static void test_out_at_start_of_movement(void **state)
{
    (void)state;
    /* Player 0's turn comes first and it has no move: out at once, with its
     * floe (1 fish); player 1 is to move. Nothing else leaves: 2, 3, 4 are
     * linked to player 1's penguin. */
    packeis_game *game = start(&alone_game, 2);
    assert_int_equal(phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(is_out(game, 0), 1);
    assert_int_equal(is_out(game, 1), 0);
    assert_true(penguin_set(game, 0) == 0);
    assert_true(floe_set(game) == (BIT(1) | BIT(2) | BIT(3) | BIT(4)));
    assert_score(game, 0, 1, 1);
    assert_score(game, 1, 0, 0);
    assert_int_equal(current(game), 1);
    assert_int_equal(packeis_game_ply_count(game), 2);
    packeis_game_free(game);
}

static void test_last_player_moves_alone(void **state)
{
    (void)state;
    /* Player 1 plays 1 -> 2 (+1), 2 -> 3 (+1), 3 -> 4 (+2) back to back;
     * then on 4 it has no move: out with +3. 7 fish, 4 floes. */
    packeis_game *game = start(&alone_game, 2);
    for (int i = 2; i < 5; i++) {
        assert_int_equal(current(game), 1);
        tc_play(game, &alone_moves[i], 1);
    }
    assert_score(game, 1, 7, 4);
    assert_score(game, 0, 1, 1);
    assert_game_over(game);
    assert_int_equal(winners(game), 0x2);
    packeis_game_free(game);
}

/* Three players, one penguin each. Player 0 on (0,0) of the row (0,0) f1,
 * (2,0) f1, (4,0) f2; players 1 and 2 on the lone floes (20,0) and (30,0). */
static const tc_floe two_out_board[] = {
    {0, 0, 1}, {2, 0, 1}, {4, 0, 2}, {20, 0, 1}, {30, 0, 1}};
static const packeis_move two_out_moves[] = {P(0), P(3), P(4), S(0, 1), S(1, 2)};
static const scenario two_out_game = SCENARIO(two_out_board, 3, 1, two_out_moves);

static void test_several_players_out_in_one_turn(void **state)
{
    (void)state;
    packeis_game *game = start(&two_out_game, 3);
    /* Player 0 can move, so it plays first; the others are not out yet:
     * their turn has not come. */
    assert_int_equal(current(game), 0);
    assert_int_equal(is_out(game, 1), 0);
    assert_int_equal(is_out(game, 2), 0);
    assert_true(penguin_set(game, 1) == BIT(3));
    /* After 0 -> 1 both players 1 and 2 find no move and go out, with one
     * fish each; player 0 moves again. */
    tc_play(game, &two_out_moves[3], 1);
    assert_int_equal(is_out(game, 1), 1);
    assert_int_equal(is_out(game, 2), 1);
    assert_true(penguin_set(game, 1) == 0);
    assert_true(penguin_set(game, 2) == 0);
    assert_score(game, 1, 1, 1);
    assert_score(game, 2, 1, 1);
    assert_true(floe_set(game) == (BIT(1) | BIT(2)));
    assert_int_equal(current(game), 0);
    /* 1 -> 2 (+1), then out on 2 (+2): 4 fish, 3 floes. */
    tc_play(game, &two_out_moves[4], 1);
    assert_score(game, 0, 4, 3);
    assert_game_over(game);
    packeis_game_free(game);
}

/* (0,0) f1, (2,0) f2, (4,0) f3, (6,0) f2, (8,0) f1, lone (20,0) f1 and
 * (30,0) f1. Player 0 on 0 and the lone 5; player 1 on 4 and the lone 6. */
static const tc_floe stuck_board[] = {{0, 0, 1}, {2, 0, 2},  {4, 0, 3}, {6, 0, 2},
                                      {8, 0, 1}, {20, 0, 1}, {30, 0, 1}};
static const packeis_move stuck_moves[] = {P(0), P(4), P(5), P(6), S(0, 1), S(4, 3), S(1, 2)};
static const scenario stuck_game = SCENARIO(stuck_board, 2, 2, stuck_moves);

static void test_stuck_penguin_stays(void **state)
{
    (void)state;
    packeis_game *game = start(&stuck_game, 4);
    /* Player 0's penguin on 5 cannot move, the one on 0 can (1, 2, 3). */
    static const packeis_move first[] = {S(0, 1), S(0, 2), S(0, 3)};
    assert_legal_moves(game, first, TC_COUNT(first));
    assert_true(penguin_set(game, 0) == (BIT(0) | BIT(5)));
    tc_play(game, &stuck_moves[4], 1); /* 0 -> 1 */
    /* Player 1: 4 reaches 3, 2 (1 is taken); 6 is stuck. */
    static const packeis_move second[] = {S(4, 2), S(4, 3)};
    assert_legal_moves(game, second, TC_COUNT(second));
    assert_true(penguin_set(game, 0) == (BIT(1) | BIT(5)));
    assert_int_equal(is_out(game, 0), 0);
    tc_play(game, &stuck_moves[5], 1); /* 4 -> 3 */
    assert_int_equal(current(game), 0);
    assert_true(penguin_set(game, 1) == (BIT(3) | BIT(6)));
    assert_true(floe_set(game) == (BIT(1) | BIT(2) | BIT(3) | BIT(5) | BIT(6)));
    assert_score(game, 0, 1, 1);
    assert_score(game, 1, 1, 1);
    packeis_game_free(game);
}

static void test_stuck_penguins_leave_with_their_owner(void **state)
{
    (void)state;
    /* 1 -> 2 (+2 for player 0). Player 1: 3 has player 0 west and the gap 4
     * east, 6 is alone: out with floes 3 and 6 (+3 fish, +2 floes: 4 and 3).
     * Player 0: 2 has gaps on both sides, 5 is alone: out with floes 2 and
     * 5 (+4 fish, +2 floes: 7 and 4). */
    packeis_game *game = start(&stuck_game, 7);
    assert_score(game, 0, 7, 4);
    assert_score(game, 1, 4, 3);
    assert_game_over(game);
    assert_int_equal(rank(game, 0), 1);
    assert_int_equal(rank(game, 1), 2);
    packeis_game_free(game);
}

/* (0,0) f1, (2,0) f1, then apart (10,0) f1, (12,0) f1, (14,0) f2, and the
 * lone (30,0) f1. Player 0 on 1 and 2, player 1 on 0 and the lone 5. */
static const tc_floe beside_board[] = {{0, 0, 1},  {2, 0, 1},  {10, 0, 1},
                                       {12, 0, 1}, {14, 0, 2}, {30, 0, 1}};
static const packeis_move beside_moves[] = {P(1), P(0), P(2), P(5), S(2, 3), S(3, 4)};
static const scenario beside_game = SCENARIO(beside_board, 2, 2, beside_moves);

static void test_out_penguins_floes_leave_board(void **state)
{
    (void)state;
    /* Player 0 plays 2 -> 3 (+1). Player 1: 0 has player 0 east and nothing
     * else, 5 is alone: out with +2 fish, +2 floes. Floe 0 leaves with it,
     * though it touches player 0's penguin on 1: that penguin is now stuck,
     * and only 3 -> 4 is left. */
    static const packeis_move only[] = {S(3, 4)};
    packeis_game *game = start(&beside_game, 5);
    assert_int_equal(is_out(game, 1), 1);
    assert_score(game, 1, 2, 2);
    assert_true(floe_set(game) == (BIT(1) | BIT(3) | BIT(4)));
    assert_int_equal(current(game), 0);
    assert_legal_moves(game, only, TC_COUNT(only));
    assert_true(destinations(game, 1) == 0);
    assert_rejected(game, S(1, 0), PACKEIS_E_BLOCKED_BY_GAP); /* 0 left with player 1 */
    /* 3 -> 4 (+1); then player 0 is stuck too: out with 1 and 4 (+3). */
    tc_play(game, &beside_moves[5], 1);
    assert_score(game, 0, 5, 4);
    assert_game_over(game);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Floes out of play (doc/rules.md)                                          */

/*   00  01  02  03  04  05        (0,0) f2 (2,0) f3 (4,0) f1 ... (10,0) f1
 *     06                          (1,1) f3
 * (4,0) has no neighbour below, so leaving it cuts {0, 1, 6} off. Player 0
 * on 2, player 1 on 5. */
static const tc_floe island_board[] = {{0, 0, 2}, {2, 0, 3},  {4, 0, 1}, {6, 0, 1},
                                       {8, 0, 1}, {10, 0, 1}, {1, 1, 3}};
static const packeis_move island_moves[] = {P(2), P(5), S(2, 3), S(5, 4)};
static const scenario island_game = SCENARIO(island_board, 2, 1, island_moves);

static void test_island_removed_after_move(void **state)
{
    (void)state;
    packeis_game *game = start(&island_game, 2);
    assert_true(floe_set(game) == BIT(7) - 1);
    /* 2 -> 3: floe 2 credited (+1); 0, 1, 6 are linked to no penguin and
     * leave, credited to nobody (their 8 fish go nowhere). */
    tc_play(game, &island_moves[2], 1);
    assert_true(floe_set(game) == (BIT(3) | BIT(4) | BIT(5)));
    assert_score(game, 0, 1, 1);
    assert_score(game, 1, 0, 0);
    assert_int_equal(current(game), 1);
    packeis_game_free(game);
}

static void test_no_removal_while_linked(void **state)
{
    (void)state;
    /* 2 -> 1 instead: the west part holds player 0, the east part player 1,
     * so every floe stays but 2. */
    packeis_game *game = start(&island_game, 2);
    tc_play(game, (const packeis_move[]){S(2, 1)}, 1);
    assert_true(floe_set(game) == ((BIT(7) - 1) & ~BIT(2)));
    assert_score(game, 0, 1, 1);
    packeis_game_free(game);
}

static void test_island_game_ends_in_draw(void **state)
{
    (void)state;
    /* Then 5 -> 4 (+1 for player 1). Player 0 on 3: 2 is a gap, 4 taken:
     * out with +1. Player 1 on 4: 3 and 5 are gaps: out with +1. Both have
     * 2 fish and 2 floes: a shared first place, a draw. */
    packeis_game *game = start(&island_game, 4);
    assert_score(game, 0, 2, 2);
    assert_score(game, 1, 2, 2);
    assert_game_over(game);
    assert_int_equal(rank(game, 0), 1);
    assert_int_equal(rank(game, 1), 1);
    assert_int_equal(winners(game), 0x3);
    packeis_game_free(game);
}

/*     00  01  02          (1,0) f1  (3,0) f1  (5,0) f2
 *   03  04  05  06      (0,1) f3  (2,1) f1  (4,1) f2  (6,1) f1
 *     07  08  09          (1,2) f1  (3,2) f1  (5,2) f2
 * Cell 4 has all six neighbours. Player 0 on 4 and 7, player 1 on 0 and 6. */
static const tc_floe ring_board[] = {{1, 0, 1}, {3, 0, 1}, {5, 0, 2}, {0, 1, 3}, {2, 1, 1},
                                     {4, 1, 2}, {6, 1, 1}, {1, 2, 1}, {3, 2, 1}, {5, 2, 2}};
static const packeis_move ring_moves[] = {P(4), P(0), P(7), P(6), S(7, 9), S(0, 1), S(4, 5)};
static const scenario ring_game = SCENARIO(ring_board, 2, 2, ring_moves);

static void test_island_cut_off_around_full_ring(void **state)
{
    (void)state;
    /* 7 -> 9 and 0 -> 1 leave gaps at 7 and 0; 3 still touches the penguin
     * on 4, so all stays. Then 4 -> 5: around 4 only 1, 5 and 8 (one arc,
     * east) and 3 (another, west) are left; 3 touches no penguin and no
     * free floe (0, 4, 7 are gaps): it leaves, its 3 fish to nobody. 8
     * touches the penguin on 5 and stays. */
    packeis_game *game = start(&ring_game, 6);
    assert_true(floe_set(game) == ((BIT(10) - 1) & ~(BIT(0) | BIT(7))));
    tc_play(game, &ring_moves[6], 1);
    assert_true(floe_set(game) == (BIT(1) | BIT(2) | BIT(5) | BIT(6) | BIT(8) | BIT(9)));
    assert_score(game, 0, 2, 2);
    assert_score(game, 1, 1, 1);
    assert_int_equal(current(game), 1);
    packeis_game_free(game);
}

/* (0,0) (2,0) (4,0) one fish each, and the pair (10,0) f3 (12,0) f2 apart. */
static const tc_floe start_board[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 1}, {10, 0, 3}, {12, 0, 2}};
static const packeis_move start_moves[] = {P(0), P(2)};
static const scenario start_game = SCENARIO(start_board, 2, 1, start_moves);

static void test_island_removed_when_movement_begins(void **state)
{
    (void)state;
    packeis_game *game = start(&start_game, 1);
    assert_true(floe_set(game) == BIT(5) - 1); /* never during placement */
    tc_play(game, &start_moves[1], 1);
    /* No penguin can reach 3 or 4: they leave as movement begins. */
    assert_int_equal(phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_true(floe_set(game) == (BIT(0) | BIT(1) | BIT(2)));
    assert_score(game, 0, 0, 0);
    assert_score(game, 1, 0, 0);
    assert_int_equal(current(game), 0);
    packeis_game_free(game);
}

/* (0,0) f2, (2,0) f1, (4,0) f1, (6,0) f3 and the lone (20,0) f1. Player 0 on
 * 1, player 1 on the lone 4. */
static const tc_floe cut_board[] = {{0, 0, 2}, {2, 0, 1}, {4, 0, 1}, {6, 0, 3}, {20, 0, 1}};
static const packeis_move cut_moves[] = {P(1), P(4), S(1, 2), S(2, 3)};
static const scenario cut_game = SCENARIO(cut_board, 2, 1, cut_moves);

static void test_removal_with_player_going_out(void **state)
{
    (void)state;
    /* 1 -> 2 (+1) cuts floe 0 off (credited to nobody); player 1 then has
     * no move and goes out with its own floe 4 (+1, credited to it). */
    packeis_game *game = start(&cut_game, 3);
    assert_true(floe_set(game) == (BIT(2) | BIT(3)));
    assert_score(game, 0, 1, 1);
    assert_score(game, 1, 1, 1);
    assert_int_equal(is_out(game, 1), 1);
    assert_int_equal(current(game), 0);
    /* 2 -> 3 (+1), then out on 3 (+3). */
    tc_play(game, &cut_moves[3], 1);
    assert_score(game, 0, 5, 3);
    assert_game_over(game);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Standings (doc/rules.md)                                                  */

/* Three separate pairs, one penguin each: player 0 (0,0) f1 -> (2,0) f3,
 * player 1 (10,0) f1 -> (12,0) f3, player 2 (20,0) f1 -> (22,0) f2. */
static const tc_floe tie_board[] = {{0, 0, 1},  {2, 0, 3},  {10, 0, 1},
                                    {12, 0, 3}, {20, 0, 1}, {22, 0, 2}};
static const packeis_move tie_moves[] = {P(0), P(2), P(4), S(0, 1), S(2, 3), S(4, 5)};
static const scenario tie_game = SCENARIO(tie_board, 3, 1, tie_moves);

static void assert_ranks(const packeis_game *game, const int *want, int players)
{
    for (int p = 0; p < players; p++)
        assert_int_equal(rank(game, p), want[p]);
}

static void test_provisional_standings(void **state)
{
    (void)state;
    static const int all_first[] = {1, 1, 1}, one_ahead[] = {1, 2, 2}, two[] = {1, 1, 3};
    packeis_game *game = start(&tie_game, 3);
    assert_ranks(game, all_first, 3); /* 0, 0, 0 */
    assert_int_equal(winners(game), 0x7);
    tc_play(game, &tie_moves[3], 1); /* 1, 0, 0 */
    assert_ranks(game, one_ahead, 3);
    assert_int_equal(winners(game), 0x1);
    tc_play(game, &tie_moves[4], 1); /* 1, 1, 0 */
    assert_ranks(game, two, 3);
    assert_int_equal(winners(game), 0x3);
    packeis_game_free(game);
}

static void test_shared_first_place(void **state)
{
    (void)state;
    /* After the three moves all are stuck: players 0 and 1 end with 1 + 3
     * fish and 2 floes, player 2 with 1 + 2 and 2: places 1, 1, 3. */
    static const int want[] = {1, 1, 3};
    packeis_game *game = start(&tie_game, 6);
    assert_game_over(game);
    assert_score(game, 0, 4, 2);
    assert_score(game, 1, 4, 2);
    assert_score(game, 2, 3, 2);
    assert_ranks(game, want, 3);
    assert_int_equal(winners(game), 0x3);
    packeis_game_free(game);
}

static void test_floes_break_fish_tie(void **state)
{
    (void)state;
    /* Player 0: (0,0) f1 -> (2,0) f2, 3 fish 2 floes. Player 1: (10,0) f1 ->
     * (12,0) f1 -> (14,0) f1, 3 fish 3 floes: player 1 wins on floes. */
    static const tc_floe board[] = {{0, 0, 1}, {2, 0, 2}, {10, 0, 1}, {12, 0, 1}, {14, 0, 1}};
    static const packeis_move moves[] = {P(0), P(2), S(0, 1), S(2, 3), S(3, 4)};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    tc_play(game, moves, TC_COUNT(moves));
    assert_game_over(game);
    assert_score(game, 0, 3, 2);
    assert_score(game, 1, 3, 3);
    assert_int_equal(rank(game, 0), 2);
    assert_int_equal(rank(game, 1), 1);
    assert_int_equal(winners(game), 0x2);
    packeis_game_free(game);
}

static void test_four_player_standings(void **state)
{
    (void)state;
    /* Pairs f1 -> f3, f1 -> f2, f1 -> f2, f1 -> f1: 4, 3, 3, 2 fish with 2
     * floes each; places 1, 2, 2, 4. */
    static const tc_floe board[] = {{0, 0, 1},  {2, 0, 3},  {10, 0, 1}, {12, 0, 2},
                                    {20, 0, 1}, {22, 0, 2}, {30, 0, 1}, {32, 0, 1}};
    static const packeis_move moves[] = {P(0),    P(2),    P(4),    P(6),
                                         S(0, 1), S(2, 3), S(4, 5), S(6, 7)};
    static const int want[] = {1, 2, 2, 4};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 4, 1, 0);
    tc_play(game, moves, TC_COUNT(moves));
    assert_game_over(game);
    assert_score(game, 3, 2, 2);
    assert_ranks(game, want, 4);
    assert_int_equal(winners(game), 0x1);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Section 8: undo                                                          */

/* Plays the whole scenario, then walks back with undo and undo_to, checking
 * that every query gives what it gave at that point on the way forward. */
static void check_undo(const scenario *s)
{
    static snapshot seen[32];
    assert_true(s->move_count < TC_COUNT(seen));
    packeis_game *game = start(s, 0);
    take_snapshot(game, &seen[0]);
    assert_int_equal(packeis_game_undo(game), PACKEIS_E_NOTHING_TO_UNDO);
    assert_snapshot(game, &seen[0]);
    for (size_t i = 0; i < s->move_count; i++) {
        tc_play(game, &s->moves[i], 1);
        take_snapshot(game, &seen[i + 1]);
    }
    for (size_t i = s->move_count; i > 0; i--) {
        assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
        assert_snapshot(game, &seen[i - 1]);
    }
    assert_int_equal(packeis_game_undo(game), PACKEIS_E_NOTHING_TO_UNDO);
    tc_play(game, s->moves, s->move_count);
    assert_snapshot(game, &seen[s->move_count]);
    assert_int_equal(packeis_game_undo_to(game, s->move_count + 1), PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_undo_to(game, s->move_count), PACKEIS_OK);
    assert_snapshot(game, &seen[s->move_count]);
    /* From the end, jump back to every earlier point and replay. */
    for (size_t keep = 0; keep <= s->move_count; keep++) {
        assert_int_equal(packeis_game_undo_to(game, keep), PACKEIS_OK);
        assert_snapshot(game, &seen[keep]);
        tc_play(game, &s->moves[keep], s->move_count - keep);
        assert_snapshot(game, &seen[s->move_count]);
    }
    packeis_game_free(game);
}

static void test_undo_every_scenario(void **state)
{
    (void)state;
    const scenario *all[] = {&slide_game, &out_game,    &alone_game, &two_out_game,
                             &stuck_game, &island_game, &start_game, &cut_game,
                             &tie_game,   &beside_game};
    for (size_t i = 0; i < TC_COUNT(all); i++)
        check_undo(all[i]);
}

static void test_undo_game_over(void **state)
{
    (void)state;
    /* Undoing 1 -> 2 of out_game takes back both players going out. */
    static const packeis_move placed[] = {P(1), P(0)};
    packeis_game *game = start(&out_game, 3);
    assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
    assert_int_equal(phase(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(current(game), 0);
    assert_int_equal(is_out(game, 0), 0);
    assert_int_equal(is_out(game, 1), 0);
    assert_true(penguin_set(game, 0) == BIT(1));
    assert_true(penguin_set(game, 1) == BIT(0));
    assert_true(floe_set(game) == (BIT(0) | BIT(1) | BIT(2)));
    assert_score(game, 0, 0, 0);
    assert_score(game, 1, 0, 0);
    packeis_move history[4];
    size_t count = 0;
    assert_int_equal(packeis_game_history(game, history, 4, &count), PACKEIS_OK);
    assert_int_equal(count, 2);
    assert_memory_equal(history, placed, sizeof placed);
    packeis_game_free(game);
}

static void test_undo_out_at_start(void **state)
{
    (void)state;
    /* Undoing the last placement of alone_game takes back player 0 going
     * out: placement again, player 1 to place, every floe back. */
    packeis_game *game = start(&alone_game, 2);
    assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
    assert_int_equal(phase(game), PACKEIS_PHASE_PLACEMENT);
    assert_int_equal(current(game), 1);
    assert_int_equal(is_out(game, 0), 0);
    assert_true(penguin_set(game, 0) == BIT(0));
    assert_true(penguin_set(game, 1) == 0);
    assert_true(floe_set(game) == BIT(5) - 1);
    assert_score(game, 0, 0, 0);
    packeis_game_free(game);
}

static void test_undo_island_removal(void **state)
{
    (void)state;
    packeis_game *game = start(&island_game, 3);
    assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
    assert_true(floe_set(game) == BIT(7) - 1);
    assert_true(penguin_set(game, 0) == BIT(2));
    assert_score(game, 0, 0, 0);
    assert_int_equal(current(game), 0);
    assert_int_equal(packeis_game_ply_count(game), 2);
    /* Undo the placements too; then nothing is left to undo. */
    assert_int_equal(packeis_game_undo_to(game, 0), PACKEIS_OK);
    assert_true(penguin_set(game, 0) == 0);
    assert_true(penguin_set(game, 1) == 0);
    assert_int_equal(phase(game), PACKEIS_PHASE_PLACEMENT);
    assert_int_equal(packeis_game_undo(game), PACKEIS_E_NOTHING_TO_UNDO);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_encoding),
        cmocka_unit_test(test_standard_board_coordinates),
        cmocka_unit_test(test_standard_board_missing_coordinates),
        cmocka_unit_test(test_standard_board_neighbors),
        cmocka_unit_test(test_standard_board_neighbors_symmetric),
        cmocka_unit_test(test_default_penguins),
        cmocka_unit_test(test_placement_legal_list),
        cmocka_unit_test(test_placement_only_on_free_one_fish_floes),
        cmocka_unit_test(test_slide_during_placement),
        cmocka_unit_test(test_placement_turn_order),
        cmocka_unit_test(test_slide_legal_moves_in_order),
        cmocka_unit_test(test_slide_blocked_by_penguins),
        cmocka_unit_test(test_slide_straight_lines_only),
        cmocka_unit_test(test_slide_blocked_by_gaps),
        cmocka_unit_test(test_slide_stops_at_layout_hole),
        cmocka_unit_test(test_slide_along_long_lines),
        cmocka_unit_test(test_slide_credits_departed_floe),
        cmocka_unit_test(test_going_out_and_game_over),
        cmocka_unit_test(test_out_at_start_of_movement),
        cmocka_unit_test(test_last_player_moves_alone),
        cmocka_unit_test(test_several_players_out_in_one_turn),
        cmocka_unit_test(test_stuck_penguin_stays),
        cmocka_unit_test(test_stuck_penguins_leave_with_their_owner),
        cmocka_unit_test(test_out_penguins_floes_leave_board),
        cmocka_unit_test(test_island_removed_after_move),
        cmocka_unit_test(test_no_removal_while_linked),
        cmocka_unit_test(test_island_game_ends_in_draw),
        cmocka_unit_test(test_island_cut_off_around_full_ring),
        cmocka_unit_test(test_island_removed_when_movement_begins),
        cmocka_unit_test(test_removal_with_player_going_out),
        cmocka_unit_test(test_provisional_standings),
        cmocka_unit_test(test_shared_first_place),
        cmocka_unit_test(test_floes_break_fish_tie),
        cmocka_unit_test(test_four_player_standings),
        cmocka_unit_test(test_undo_every_scenario),
        cmocka_unit_test(test_undo_game_over),
        cmocka_unit_test(test_undo_out_at_start),
        cmocka_unit_test(test_undo_island_removal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
