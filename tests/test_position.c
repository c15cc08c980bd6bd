/* SPDX-License-Identifier: MIT */
/* Positions as text: round trips over thousands of positions of random games
 * (standard and custom layouts, every phase, variants, hash seeds), then a
 * test per error with the exact offset reported, and allocation failures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "counting_alloc.h"
#include "splitmix.h"

#define TEXT_SIZE 4096

/* A random layout around the origin, negative coordinates included: rows
 * -4 ... 3, each cell kept with probability 3/4, random fish. */
static void random_layout(packeis_options *options, uint64_t *rng)
{
    int x[64], y[64], fish[64];
    size_t count = 0;
    for (int row = -4; row < 4; row++)
        for (int col = -8 + (row & 1); col < 8 && count < 64; col += 2)
            if (tc_next(rng) % 4) {
                x[count] = col, y[count] = row;
                fish[count++] = 1 + (int)(tc_next(rng) % 3);
            }
    assert_int_equal(packeis_options_set_layout(options, x, y, fish, count), PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
                     PACKEIS_OK);
}

/* A game with a setup drawn from `seed`. */
static packeis_game *random_game(uint64_t seed)
{
    uint64_t rng = seed;
    packeis_options *options;
    packeis_game *game;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, 2 + (int)(seed % 3)), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(options, tc_next(&rng)), PACKEIS_OK);
    if (seed % 4 == 1)
        random_layout(options, &rng);
    if (seed % 5 == 2)
        assert_int_equal(packeis_options_set_hash_seed(options, seed), PACKEIS_OK);
    if (seed % 3 == 0)
        assert_int_equal(
            packeis_options_set_variant(options, PACKEIS_VARIANT_SNAKE_PLACEMENT, 1),
            PACKEIS_OK);
    if (seed % 7 == 3)
        assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    return game;
}

static size_t save(const packeis_game *game, char *text)
{
    size_t length;
    assert_int_equal(packeis_game_save_position(game, text, TEXT_SIZE, &length), PACKEIS_OK);
    assert_int_equal(strlen(text), length);
    return length;
}

static packeis_game *load(const char *text, size_t length)
{
    packeis_game *game = NULL;
    size_t stop = 0;
    assert_int_equal(packeis_game_load_position(text, length, NULL, &game, &stop), PACKEIS_OK);
    assert_int_equal(stop, length);
    return game;
}

static void compare_moves(const packeis_game *a, const packeis_game *b)
{
    packeis_move ma[PACKEIS_MAX_MOVES], mb[PACKEIS_MAX_MOVES];
    size_t ca, cb, na, nb;
    assert_int_equal(packeis_game_legal_moves(a, ma, PACKEIS_MAX_MOVES, &ca), PACKEIS_OK);
    assert_int_equal(packeis_game_legal_moves(b, mb, PACKEIS_MAX_MOVES, &cb), PACKEIS_OK);
    assert_int_equal(ca, cb);
    assert_memory_equal(ma, mb, ca * sizeof ma[0]);
    /* Counting only: too small unless there are no moves. */
    packeis_status counted = ca ? PACKEIS_E_BUFFER_TOO_SMALL : PACKEIS_OK;
    assert_int_equal(packeis_game_legal_moves(a, NULL, 0, &na), counted);
    assert_int_equal(packeis_game_legal_moves(b, NULL, 0, &nb), counted);
    assert_int_equal(na, ca);
    assert_int_equal(nb, ca);
}

static void compare_player(const packeis_game *a, const packeis_game *b, int p)
{
    assert_int_equal(packeis_game_fish_won(a, p), packeis_game_fish_won(b, p));
    assert_int_equal(packeis_game_floes_won(a, p), packeis_game_floes_won(b, p));
    assert_int_equal(packeis_game_rank(a, p), packeis_game_rank(b, p));
    assert_int_equal(packeis_game_is_out(a, p), packeis_game_is_out(b, p));
    assert_true(packeis_game_penguins(a, p) == packeis_game_penguins(b, p));
}

/* Everything a game shows about its position is equal in both. */
static void compare(const packeis_game *a, const packeis_game *b)
{
    compare_moves(a, b);
    int players = packeis_game_player_count(a);
    assert_int_equal(players, packeis_game_player_count(b));
    for (int p = 0; p < players; p++)
        compare_player(a, b, p);
    assert_int_equal(packeis_game_phase(a), packeis_game_phase(b));
    assert_int_equal(packeis_game_current_player(a), packeis_game_current_player(b));
    assert_true(packeis_game_hash(a) == packeis_game_hash(b));
    assert_true(packeis_game_floes(a) == packeis_game_floes(b));
    assert_int_equal(packeis_game_winners(a), packeis_game_winners(b));
}

/* game -> text -> game -> text; every 8th time both also play on. */
static void round_trip(const packeis_game *game, uint64_t seed)
{
    static char text[TEXT_SIZE], again[TEXT_SIZE];
    size_t length = save(game, text);
    packeis_game *loaded = load(text, length);
    assert_int_equal(packeis_game_ply_count(loaded), 0);
    assert_true(length < PACKEIS_POSITION_TEXT_SIZE);
    assert_int_equal(save(loaded, again), length);
    assert_string_equal(text, again);
    compare(game, loaded);
    if (seed % 8 == 0) {
        packeis_game *copy;
        assert_int_equal(packeis_game_clone(game, &copy), PACKEIS_OK);
        assert_int_equal(packeis_game_playout(copy, seed, NULL), PACKEIS_OK);
        assert_int_equal(packeis_game_playout(loaded, seed, NULL), PACKEIS_OK);
        compare(copy, loaded);
        packeis_game_free(copy);
    }
    packeis_game_free(loaded);
}

static void test_round_trips(void **state)
{
    (void)state;
    size_t positions = 0, over = 0;
    for (uint64_t seed = 0; seed < 120; seed++) {
        packeis_game *game = random_game(seed);
        uint64_t rng = seed;
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t count;
        do {
            round_trip(game, tc_next(&rng));
            positions++;
            assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                             PACKEIS_OK);
            if (count)
                assert_int_equal(packeis_game_apply(game, moves[tc_next(&rng) % count]),
                                 PACKEIS_OK);
        } while (count);
        over++;
        packeis_game_free(game);
    }
    assert_true(positions > 5000);
    assert_int_equal(over, 120);
}

/* Loads `text` expecting an error at an offset; *game stays untouched. */
static void expect_error(const char *text, packeis_status status, size_t offset)
{
    packeis_game *game = (packeis_game *)&game;
    size_t stop = 99999;
    assert_int_equal(packeis_game_load_position(text, strlen(text), NULL, &game, &stop),
                     status);
    assert_ptr_equal(game, (packeis_game *)&game);
    if (stop != offset)
        print_error("%s\n  stop %zu, expected %zu\n", text, stop, offset);
    assert_int_equal(stop, offset);
}

/* `base` with the first `old` replaced by `new`; `at` gets the offset of
 * the replacement, plus `extra`. */
static const char *edit(const char *base, const char *old, const char *new, size_t extra,
                        size_t *at)
{
    static char text[TEXT_SIZE];
    *at = tc_replace(base, old, new, text, sizeof text) + extra;
    return text;
}

static void expect_edit(const char *base, const char *old, const char *new, size_t extra,
                        packeis_status status)
{
    size_t at;
    const char *text = edit(base, old, new, extra, &at);
    expect_error(text, status, at);
}

/* A row of five floes, fish 1 1 2 3 1; player 0 stuck on the first, a gap,
 * player 1 on the third with two floes ahead. */
static const char row[] = "packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,3;8,0,1 players 2 penguins 1 "
                          "variants - | A.B31 | 1/1 0/0 | out - | movement 1";

static void test_valid_texts(void **state)
{
    (void)state;
    char again[TEXT_SIZE];
    packeis_game *game = load(row, strlen(row));
    save(game, again);
    assert_string_equal(again, row);
    packeis_game_free(game);
    char line[TEXT_SIZE];
    strcpy(line, row);
    strcat(line, "\n");
    game = load(line, strlen(line));
    packeis_game_free(game);
    size_t at;
    const char *hashed = edit(row, "variants -", "variants snake hash 0", 0, &at);
    game = load(hashed, strlen(hashed));
    save(game, again);
    assert_string_equal(again, hashed);
    packeis_game_free(game);
}

static void test_syntax_errors(void **state)
{
    (void)state;
    expect_edit(row, "packeis 1", "packeis 2", 8, PACKEIS_E_MALFORMED_TEXT); /* at the "2" */
    expect_edit(row, "custom:", "costum:", 0, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "0,0,1;", "00,0,1;", 0, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "2,0,1;", "-0,0,1;", 1, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "2,0,1;", "2,0;", 3, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "2,0,1;", "29999999999,0,1;", 9, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "players 2", "players 5", 8, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "players 2", "players 1", 8, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "players 2", "players  2", 8, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "penguins 1", "penguins 0", 9, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "penguins 1", "penguins 65", 10, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "variants -", "variants snake,any-floe", 15, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "variants -", "variants snake,snake", 15, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "variants -", "variants bogus", 9, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "variants -", "variants - hash 5792019908689228577", 16,
                PACKEIS_E_MALFORMED_TEXT); /* the default is written by omission */
    expect_edit(row, "variants -", "variants - hash 18446744073709551616", 35,
                PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "variants -", "variants - hash 01", 16, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "A.B31", "a.B31", 0, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "A.B31", "A.B3", 4, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "A.B31", "A.B311", 5, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "A.B31", "A.B3x", 4, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "1/1 0/0", "1/1", 4, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "1/1 0/0", "1/1 0/0 0/0", 7, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "1/1 0/0", "1/256 0/0", 4, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "1/1 0/0", "65536/1 0/0", 4, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "out -", "out 1,0", 6, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "out -", "out 0,0", 6, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "out -", "out", 4, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "movement -", 9, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "movement 4", 9, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "movements 1", 8, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "movement 1x", 10, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "movement 1\n\n", 11, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "over 1", 5, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "movement 1 ", 10, PACKEIS_E_MALFORMED_TEXT);
    /* The words of records' Result lines, not the old short ones. */
    expect_edit(row, "movement 1", "move 1", 0, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "movement 1", "place 1", 0, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "1/1 0/0", "01/1 0/0", 0, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "1/1 0/0", "1/1 0/00", 6, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "penguins 1", "penguins 01", 9, PACKEIS_E_MALFORMED_TEXT);
}

/* Every proper prefix of a valid text is malformed, reported within it. */
static void test_truncated(void **state)
{
    (void)state;
    size_t length = strlen(row);
    for (size_t cut = 0; cut < length; cut++) {
        packeis_game *game = NULL;
        size_t stop = 99999;
        assert_int_equal(packeis_game_load_position(row, cut, NULL, &game, &stop),
                         PACKEIS_E_MALFORMED_TEXT);
        assert_null(game);
        assert_true(stop <= cut);
    }
    expect_error("", PACKEIS_E_MALFORMED_TEXT, 0);
    size_t board = (size_t)(strstr(row, "A.B31") - row);
    packeis_game *game = NULL;
    size_t stop;
    assert_int_equal(packeis_game_load_position(row, board + 3, NULL, &game, &stop),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_int_equal(stop, board + 3);
}

/* A custom layout is checked floe by floe in reading order, with the
 * core's validator: the first floe at fault gives its error and `stop`. */
static void test_layout_errors(void **state)
{
    (void)state;
    expect_edit(row, "2,0,1;", "0,0,2;", 0, PACKEIS_E_DUPLICATE_CELL);
    expect_edit(row, "2,0,1;", "3,0,1;", 0, PACKEIS_E_MIXED_PARITY);
    expect_edit(row, "2,0,1;", "2,0,4;", 0, PACKEIS_E_FISH_OUT_OF_RANGE);
    expect_edit(row, "2,0,1;", "2,0,0;", 0, PACKEIS_E_FISH_OUT_OF_RANGE);
    expect_edit(row, "8,0,1 ", "2000002,0,1 ", 0, PACKEIS_E_COORD_OUT_OF_RANGE);
    expect_edit(row, "0,0,1;", "0,-1000001,1;", 0, PACKEIS_E_COORD_OUT_OF_RANGE);
    /* Every int is a coordinate to the syntax, INT_MIN too (it was read as
     * far as -INT_MAX only, and refused as malformed at its last digit);
     * one beyond an int is malformed, at the digit that takes it beyond. */
    expect_edit(row, "0,0,1;", "-2147483648,0,1;", 0, PACKEIS_E_COORD_OUT_OF_RANGE);
    expect_edit(row, "0,0,1;", "0,-2147483648,1;", 0, PACKEIS_E_COORD_OUT_OF_RANGE);
    expect_edit(row, "8,0,1 ", "2147483647,0,1 ", 0, PACKEIS_E_COORD_OUT_OF_RANGE);
    expect_edit(row, "0,0,1;", "-2147483649,0,1;", 10, PACKEIS_E_MALFORMED_TEXT);
    /* Two faults: the first floe's, whatever the validator's priority. */
    expect_edit(row, "2,0,1;4,0,2", "3,0,1;4,0,5", 0, PACKEIS_E_MIXED_PARITY);
    expect_edit(row, "0,0,1;2,0,1;", "2,0,1;0,0,1;", 6, PACKEIS_E_MALFORMED_TEXT);
    expect_edit(row, "0,0,1;2,0,1;4,0,2", "0,0,1;4,0,2;2,0,1", 12, PACKEIS_E_MALFORMED_TEXT);
    for (int extra = 0; extra < 2; extra++) { /* 65 floes, then 66 */
        char many[TEXT_SIZE] = "packeis 1 custom:";
        size_t sixty_fifth = 0, floes = 65 + (size_t)extra;
        for (size_t c = 0; c < floes; c++) {
            if (c == 64)
                sixty_fifth = strlen(many) + 1;
            size_t used = strlen(many);
            snprintf(many + used, sizeof many - used, "%s%zu,0,1", c ? ";" : "", 2 * c);
        }
        strcat(many, " players 2 penguins 1 variants - | ");
        for (size_t c = 0; c < floes; c++)
            strcat(many, "1");
        strcat(many, " | 0/0 0/0 | out - | placement 0");
        expect_error(many, PACKEIS_E_TOO_MANY_CELLS, sixty_fifth);
        many[strlen(many) - 1] = 'x'; /* then a syntax error comes first */
        expect_error(many, PACKEIS_E_MALFORMED_TEXT, strlen(many) - 1);
    }
    size_t at, penguins = (size_t)(strstr(row, "penguins 1") - row) + 9;
    expect_error(edit(row, "penguins 1", "penguins 4", 0, &at), PACKEIS_E_TOO_FEW_FLOES,
                 penguins);
}

/* The order of doc/formats.md, "What loading checks": the whole syntax,
 * then the layout, then the setup, then the rules; one test per step, each
 * with a fault of every later step in the same text. */
static void test_fault_order(void **state)
{
    (void)state;
    size_t at;
    /* Syntax first: the examples of issue 9. */
    char text[TEXT_SIZE];
    strcpy(text, edit(row, "custom:0,0,1;", "custom:1000001,1,1;0,0,1;", 0, &at));
    size_t second = (size_t)(strstr(text, ";0,0,1") - text) + 1; /* out of order */
    expect_error(edit(text, "A.B31", "x.B31", 0, &at), PACKEIS_E_MALFORMED_TEXT, second);
    strcpy(text, edit(row, "8,0,1 ", "8,0,1;1000001,0,1 ", 0, &at));
    expect_edit(text, "A.B31", "x.B31", 0, PACKEIS_E_MALFORMED_TEXT);
    const char std[] = "packeis 1 std:0 players 2 penguins 64 variants - | x";
    expect_error(std, PACKEIS_E_MALFORMED_TEXT, sizeof std - 2);
    /* Then the layout, before the setup (too few floes) and the rules. */
    strcpy(text, edit(row, "2,0,1;", "2,0,4;", 0, &at));
    size_t floe = at;
    strcpy(text, edit(text, "penguins 1", "penguins 9", 0, &at));
    expect_error(edit(text, "1/1 0/0", "9/9 0/0", 0, &at), PACKEIS_E_FISH_OUT_OF_RANGE, floe);
    /* Then the setup, before the rules. */
    strcpy(text, edit(row, "penguins 1", "penguins 9", 9, &at));
    size_t penguins = at;
    expect_error(edit(text, "1/1 0/0", "9/9 0/0", 0, &at), PACKEIS_E_TOO_FEW_FLOES, penguins);
    /* Then the rules. */
    expect_edit(row, "1/1 0/0", "9/9 0/0", 0, PACKEIS_E_INVALID_POSITION);
}

static void test_board_errors(void **state)
{
    (void)state;
    const packeis_status bad = PACKEIS_E_INVALID_POSITION;
    expect_edit(row, "A.B31", "A.B21", 3, bad);             /* fish mismatch */
    expect_edit(row, "A.B31", "A.BB1", 3, bad);             /* too many penguins */
    expect_edit(row, "A.B31", "A.C31", 2, bad);             /* no player 2 */
    expect_edit(row, "A.B31 | 1/1", "A1B.1 | 3/1", 4, bad); /* floe cut off: out of play */
    expect_edit(row, "A.B31", "A.231", 0, bad);             /* player 1 lost a penguin */
    expect_edit(row, "A.B31 | 1/1", "A1B31 | 0/0", 2, bad); /* nothing moved: B unplaceable */
    expect_edit(row, "1/1 0/0", "3/1 0/0", 0, bad);         /* 3 fish on one 1-fish floe */
    expect_edit(row, "1/1 0/0", "1/1 1/1", 4, bad);         /* two floes won, one gone */
    expect_edit(row, "1/1 0/0", "1/2 0/0", 0, bad);
    expect_edit(row, "out -", "out 1", 4, bad);           /* out with a penguin */
    expect_edit(row, "out -", "out 2", 4, bad);           /* no player 2 */
    expect_edit(row, "movement 1", "movement 0", 9, bad); /* player to act cannot move */
    expect_edit(row, "movement 1", "movement 3", 9, bad); /* no player 3 */
    size_t board = (size_t)(strstr(row, "A.B31") - row), at;
    expect_error(edit(row, "movement 1", "over -", 0, &at), bad, board); /* floes left */
}

/* Placement positions from a real game: the placement order is checked. */
static void test_placement_errors(void **state)
{
    (void)state;
    static const char base[] =
        "packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,1;8,0,1 players 2 "
        "penguins 2 variants snake | A1211 | 0/0 0/0 | out - | placement 1";
    packeis_game *game = load(base, strlen(base));
    packeis_game_free(game);
    const packeis_status bad = PACKEIS_E_INVALID_POSITION;
    expect_edit(base, "placement 1", "placement 0", 10, bad);
    expect_edit(base, "A1211", "B1211", 0, bad);
    expect_edit(base, "A1211", "AA211", 0, bad); /* snake: 0, 1, 1, 0 */
    expect_edit(base, "A1211 | 0/0", "A1211 | 1/1", 8, bad);
    expect_edit(base, "A1211 | 0/0 0/0 | out - | placement 1",
                "AB2B1 | 0/0 0/0 | out - | placement 1", 36,
                bad);                            /* player 0 places the fourth */
    expect_edit(base, "A1211", "11A11", 2, bad); /* 2 fish: not placeable */
    expect_edit(base, "A1211", "A12.1", 3, bad);
    expect_edit(base, "out -", "out 1", 4, bad);
    size_t at;
    const char *full = edit(base, "A1211 | 0/0 0/0 | out - | placement 1",
                            "AB2BA | 0/0 0/0 | out - | placement 0", 0, &at);
    expect_error(full, bad, (size_t)(strstr(full, "placement 0") - full));
}

static void test_over_errors(void **state)
{
    (void)state;
    static const char over[] = "packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,3;8,0,1 players 2 "
                               "penguins 1 variants - | ..... | 7/4 1/1 | out 0,1 | over -";
    packeis_game *game = load(over, strlen(over));
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    packeis_game_free(game);
    const packeis_status bad = PACKEIS_E_INVALID_POSITION;
    expect_edit(over, "out 0,1", "out 0", 4, bad);
    expect_edit(over, "out 0,1", "out -", 4, bad);
    expect_edit(over, "7/4 1/1", "7/4 1/2", 4, bad); /* 1 fish from 2 floes */
    expect_edit(over, "7/4 1/1", "9/4 1/1", 0, bad); /* at most 3+2+1+1 */
    expect_edit(over, "7/4 1/1", "5/4 1/1", 4, bad); /* 5+1 fish from all 5 floes: 8 */
    expect_edit(over, "..... | 7/4", "....1 | 6/3", 4, bad);
}

/* The longest positions fit PACKEIS_POSITION_TEXT_SIZE: 64 floes at the
 * most negative coordinates (one a row, so that most are 8 characters),
 * 4 players, both variants, the largest hash seed, every phase of random
 * games. */
static void test_position_size(void **state)
{
    (void)state;
    int x[64], y[64], fish[64];
    for (int c = 0; c < 64; c++) {
        y[c] = PACKEIS_COORD_MIN + c;
        x[c] = PACKEIS_COORD_MIN + (c & 1);
        fish[c] = c % 3 ? 3 : 1;
    }
    size_t longest = 0;
    for (uint64_t seed = 0; seed < 20; seed++) {
        packeis_options *options;
        packeis_game *game;
        assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
        assert_int_equal(packeis_options_set_layout(options, x, y, fish, 64), PACKEIS_OK);
        assert_int_equal(packeis_options_set_players(options, 4), PACKEIS_OK);
        assert_int_equal(packeis_options_set_penguins(options, 2), PACKEIS_OK);
        assert_int_equal(
            packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
            PACKEIS_OK);
        assert_int_equal(
            packeis_options_set_variant(options, PACKEIS_VARIANT_SNAKE_PLACEMENT, 1),
            PACKEIS_OK);
        assert_int_equal(packeis_options_set_hash_seed(options, UINT64_MAX), PACKEIS_OK);
        assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
        packeis_options_free(options);
        assert_int_equal(packeis_game_playout(game, seed, NULL), PACKEIS_OK);
        for (size_t plies = packeis_game_ply_count(game);; plies--) {
            size_t length;
            assert_int_equal(packeis_game_save_position(game, NULL, 0, &length),
                             PACKEIS_E_BUFFER_TOO_SMALL);
            assert_true(length < PACKEIS_POSITION_TEXT_SIZE);
            longest = length > longest ? length : longest;
            if (plies == 0)
                break;
            assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
        }
        packeis_game_free(game);
    }
    assert_true(longest > 1300);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    packeis_game *game;
    size_t stop = 7, length;
    packeis_allocator broken = {NULL, NULL, NULL};
    assert_int_equal(packeis_game_load_position(NULL, 1, NULL, &game, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    /* A NULL text of length 0 is the empty text, as for every parser. */
    assert_int_equal(packeis_game_load_position(NULL, 0, NULL, &game, &stop),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_int_equal(stop, 0);
    stop = 7; /* refused arguments leave it alone */
    assert_int_equal(packeis_game_load_position(row, strlen(row), NULL, NULL, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_load_position(row, strlen(row), NULL, &game, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_load_position(row, strlen(row), &broken, &game, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(stop, 7);
    game = load(row, strlen(row));
    char text[TEXT_SIZE] = "untouched";
    assert_int_equal(packeis_game_save_position(game, text, 10, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, strlen(row));
    assert_string_equal(text, "untouched");
    assert_int_equal(packeis_game_save_position(game, text, length, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_game_save_position(game, text, length + 1, &length), PACKEIS_OK);
    assert_int_equal(packeis_game_save_position(game, NULL, 0, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_game_save_position(NULL, text, 10, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_save_position(game, text, 10, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

static void test_allocation_failures(void **state)
{
    (void)state;
    /* Every call from the n-th on fails: the load must give up cleanly
     * wherever its allocations stop. */
    for (long fail_from = 1;; fail_from++) {
        tc_alloc c;
        tc_alloc_init(&c, 0);
        tc_alloc_fail_from(&c, fail_from);
        packeis_allocator allocator = tc_alloc_allocator(&c);
        packeis_game *game = NULL;
        size_t stop;
        packeis_status status =
            packeis_game_load_position(row, strlen(row), &allocator, &game, &stop);
        if (status == PACKEIS_OK) {
            assert_true(fail_from > 1); /* a load allocates: some call was refused */
            assert_int_equal(c.failures, 0);
            assert_true(c.live > 0);
            packeis_game_free(game);
            assert_int_equal(c.live, 0);
            assert_int_equal(c.bad_release, 0);
            break;
        }
        assert_int_equal(status, PACKEIS_E_OUT_OF_MEMORY);
        assert_null(game);
        assert_int_equal(c.live, 0);
        assert_int_equal(c.bad_release, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),   cmocka_unit_test(test_valid_texts),
        cmocka_unit_test(test_syntax_errors), cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_layout_errors), cmocka_unit_test(test_fault_order),
        cmocka_unit_test(test_board_errors),  cmocka_unit_test(test_placement_errors),
        cmocka_unit_test(test_over_errors),   cmocka_unit_test(test_position_size),
        cmocka_unit_test(test_bad_arguments), cmocka_unit_test(test_allocation_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
