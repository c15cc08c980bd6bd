/* SPDX-License-Identifier: MIT */
/* Cell names and moves as text: the standard board by hand, custom layouts
 * with negative coordinates and more than 26 rows, round trips of every
 * cell and of every legal move of many random positions, and each error
 * with the offset reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "splitmix.h"

static packeis_game *standard_game(void)
{
    packeis_game *game;
    assert_int_equal(packeis_game_new(NULL, &game), PACKEIS_OK);
    return game;
}

/* A column of 30 rows from y = -3, two cells wide on even rows, at x = -3
 * (odd rows) or -4, -2 (even rows); fish 1 except every third. */
static packeis_game *tall_game(void)
{
    int x[64], y[64], fish[64];
    size_t count = 0;
    for (int row = -3; row < 27; row++) {
        int odd = row & 1;
        for (int k = 0; k < 2 - odd; k++, count++) {
            x[count] = odd ? -3 : -4 + 2 * k;
            y[count] = row;
            fish[count] = count % 3 == 2 ? 3 : 1;
        }
    }
    packeis_options *options;
    packeis_game *game;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_layout(options, x, y, fish, count), PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    return game;
}

static void expect_name(const packeis_game *game, int cell, const char *name)
{
    char buffer[PACKEIS_CELL_NAME_SIZE];
    size_t length;
    assert_int_equal(packeis_game_cell_name(game, cell, buffer, sizeof buffer, &length),
                     PACKEIS_OK);
    assert_string_equal(buffer, name);
    assert_int_equal(length, strlen(name));
}

static void expect_cell(const packeis_game *game, const char *text, int cell, size_t stop)
{
    int read = -2;
    size_t at = 99;
    assert_int_equal(packeis_game_parse_cell(game, text, strlen(text), &read, &at), PACKEIS_OK);
    assert_int_equal(read, cell);
    assert_int_equal(at, stop);
}

static void expect_bad_cell(const packeis_game *game, const char *text, size_t stop)
{
    int read = -2;
    size_t at = 99;
    assert_int_equal(packeis_game_parse_cell(game, text, strlen(text), &read, &at),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_int_equal(read, -2);
    assert_int_equal(at, stop);
}

static void test_standard_names(void **state)
{
    (void)state;
    packeis_game *game = standard_game();
    static const struct {
        int cell;
        const char *name;
    } names[] = {{0, "a1"},  {6, "a7"},  {7, "b1"},  {14, "b8"}, {15, "c1"},
                 {29, "d8"}, {30, "e1"}, {44, "f8"}, {52, "h1"}, {59, "h8"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        expect_name(game, names[i].cell, names[i].name);
        expect_cell(game, names[i].name, names[i].cell, strlen(names[i].name));
    }
    packeis_game_free(game);
}

static void test_tall_layout_names(void **state)
{
    (void)state;
    packeis_game *game = tall_game();
    static const struct {
        int x, y;
        const char *name;
    } names[] = {{-3, -3, "a1"},  {-2, -2, "b2"},  {-4, 22, "z1"},
                 {-3, 23, "aa1"}, {-2, 24, "ab2"}, {-4, 26, "ad1"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        int cell = packeis_game_cell_at(game, names[i].x, names[i].y);
        assert_true(cell >= 0);
        expect_name(game, cell, names[i].name);
    }
    expect_bad_cell(game, "a2", 0); /* row a has one cell */
    expect_bad_cell(game, "ae1", 0);
    packeis_game_free(game);
}

/* Every cell's name reads back as that cell, and nothing after it is read. */
static void round_trip_cells(const packeis_game *game)
{
    int cells = packeis_game_cell_count(game);
    assert_true(cells > 0);
    for (int c = 0; c < cells; c++) {
        char buffer[PACKEIS_CELL_NAME_SIZE + 2];
        size_t length;
        assert_int_equal(
            packeis_game_cell_name(game, c, buffer, PACKEIS_CELL_NAME_SIZE, &length),
            PACKEIS_OK);
        strcpy(buffer + length, "-x");
        expect_cell(game, buffer, c, length);
    }
}

static void test_every_cell_round_trips(void **state)
{
    (void)state;
    packeis_game *game = standard_game(), *tall = tall_game();
    round_trip_cells(game);
    round_trip_cells(tall);
    packeis_game_free(game);
    packeis_game_free(tall);
}

static void test_name_buffer(void **state)
{
    (void)state;
    packeis_game *game = standard_game();
    char buffer[8] = "zzzzzzz";
    size_t length = 0;
    assert_int_equal(packeis_game_cell_name(game, 59, buffer, 2, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, 2);
    assert_string_equal(buffer, "zzzzzzz");
    assert_int_equal(packeis_game_cell_name(game, 59, NULL, 0, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_game_cell_name(game, 59, buffer, 3, &length), PACKEIS_OK);
    assert_string_equal(buffer, "h8");
    assert_int_equal(packeis_game_cell_name(game, 60, buffer, 8, &length),
                     PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_cell_name(game, -1, buffer, 8, &length),
                     PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_cell_name(NULL, 0, buffer, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_cell_name(game, 0, buffer, 8, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_cell_name(game, 0, NULL, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

static void test_bad_cell_names(void **state)
{
    (void)state;
    packeis_game *game = standard_game();
    expect_bad_cell(game, "", 0);
    expect_bad_cell(game, "1a", 0);
    expect_bad_cell(game, "A1", 0);
    expect_bad_cell(game, " a1", 0);
    expect_bad_cell(game, "a", 1);
    expect_bad_cell(game, "a-", 1);
    expect_bad_cell(game, "a0", 1);
    expect_bad_cell(game, "a01", 1);
    expect_bad_cell(game, "a8", 0);  /* row a has 7 cells */
    expect_bad_cell(game, "i1", 0);  /* 8 rows */
    expect_bad_cell(game, "a12", 0); /* read greedily: column 12 */
    expect_bad_cell(game, "a99999999999", 7);
    expect_bad_cell(game, "zzzzz1", 4);
    expect_bad_cell(game, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", 5);
    expect_cell(game, "b8x", 14, 2);
    int cell;
    size_t stop;
    char text[2] = {'a', '1'}; /* not NUL-terminated: only the length counts */
    assert_int_equal(packeis_game_parse_cell(game, text, 1, &cell, &stop),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_int_equal(stop, 1);
    assert_int_equal(packeis_game_parse_cell(game, NULL, 1, &cell, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    /* A NULL text of length 0 is the empty text, as for every parser. */
    assert_int_equal(packeis_game_parse_cell(game, NULL, 0, &cell, &stop),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_int_equal(stop, 0);
    assert_int_equal(packeis_game_parse_cell(game, "a1", 2, &cell, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_parse_cell(game, "a1", 2, NULL, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_parse_cell(NULL, "a1", 2, &cell, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

/* Every legal move formats, and parses back to itself, legal. */
static size_t check_moves(const packeis_game *game)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
    for (size_t i = 0; i < count; i++) {
        char text[PACKEIS_MOVE_TEXT_SIZE];
        size_t length, stop;
        packeis_move read = PACKEIS_MOVE_NONE;
        assert_int_equal(packeis_game_format_move(game, moves[i], text, sizeof text, &length),
                         PACKEIS_OK);
        assert_int_equal(packeis_game_parse_move(game, text, length, PACKEIS_PARSE_CHECK_LEGAL,
                                                 &read, &stop),
                         PACKEIS_OK);
        assert_int_equal(read, moves[i]);
        assert_int_equal(stop, length);
        assert_int_equal(strchr(text, '-') != NULL, !packeis_move_is_placement(moves[i]));
    }
    return count;
}

/* Plays a random game, checking the moves of every position on the way. */
static size_t check_random_game(packeis_game *game, uint64_t seed)
{
    size_t checked = 0, count;
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (;;) {
        checked += check_moves(game);
        assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                         PACKEIS_OK);
        if (count == 0)
            return checked;
        assert_int_equal(packeis_game_apply(game, moves[tc_next(&seed) % count]), PACKEIS_OK);
    }
}

static packeis_game *random_setup_game(uint64_t seed)
{
    packeis_options *options;
    packeis_game *game;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, 2 + (int)(seed % 3)), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(options, seed), PACKEIS_OK);
    assert_int_equal(
        packeis_options_set_variant(options, PACKEIS_VARIANT_SNAKE_PLACEMENT, (int)(seed & 4)),
        PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    return game;
}

static void test_moves_of_random_games(void **state)
{
    (void)state;
    size_t checked = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        packeis_game *game = seed % 5 == 4 ? tall_game() : random_setup_game(seed);
        checked += check_random_game(game, seed);
        packeis_game_free(game);
    }
    assert_true(checked > 10000);
}

static void expect_bad_move(const packeis_game *game, const char *text, unsigned flags,
                            packeis_status status, size_t stop)
{
    packeis_move read = 12345;
    size_t at = 99;
    assert_int_equal(packeis_game_parse_move(game, text, strlen(text), flags, &read, &at),
                     status);
    assert_int_equal(read, 12345);
    assert_int_equal(at, stop);
}

static void test_move_errors(void **state)
{
    (void)state;
    packeis_game *game = standard_game();
    int fish = packeis_game_fish(game, 0);
    assert_true(fish >= 1 && fish <= 3);
    expect_bad_move(game, "a1-", 0, PACKEIS_E_MALFORMED_TEXT, 3);
    expect_bad_move(game, "a1-i1", 0, PACKEIS_E_MALFORMED_TEXT, 3);
    expect_bad_move(game, "-a1", 0, PACKEIS_E_MALFORMED_TEXT, 0);
    expect_bad_move(game, "a1-a1", 0, PACKEIS_E_MALFORMED_TEXT, 3); /* no such move */
    expect_bad_move(game, "b8-b8 ", 0, PACKEIS_E_MALFORMED_TEXT, 3);
    expect_bad_move(game, "a1-a2", PACKEIS_PARSE_CHECK_LEGAL, PACKEIS_E_WRONG_PHASE, 0);
    expect_bad_move(game, "a1", 2, PACKEIS_E_INVALID_ARGUMENT, 99);
    expect_bad_move(game, "a1", 1u << 31, PACKEIS_E_INVALID_ARGUMENT, 99);
    packeis_move move;
    size_t stop;
    if (fish == 1) {
        assert_int_equal(packeis_game_apply(game, packeis_move_placement(0)), PACKEIS_OK);
        expect_bad_move(game, "a1", PACKEIS_PARSE_CHECK_LEGAL, PACKEIS_E_OCCUPIED, 0);
    } else {
        expect_bad_move(game, "a1", PACKEIS_PARSE_CHECK_LEGAL, PACKEIS_E_NOT_ONE_FISH, 0);
    }
    assert_int_equal(packeis_game_parse_move(game, "a1", 2, 0, &move, &stop), PACKEIS_OK);
    assert_int_equal(move, packeis_move_placement(0));
    assert_int_equal(stop, 2);
    assert_int_equal(packeis_game_parse_move(game, "a1-a2 ", 6, 0, &move, &stop), PACKEIS_OK);
    assert_int_equal(move, packeis_move_slide(0, 1));
    assert_int_equal(stop, 5);
    char text[PACKEIS_MOVE_TEXT_SIZE] = "untouched";
    size_t length;
    assert_int_equal(
        packeis_game_format_move(game, PACKEIS_MOVE_NONE, text, sizeof text, &length),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(
        packeis_game_format_move(game, PACKEIS_MOVE_VALUES, text, sizeof text, &length),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(
        packeis_game_format_move(game, packeis_move_slide(0, 60), text, sizeof text, &length),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(
        packeis_game_format_move(game, packeis_move_slide(63, 0), text, sizeof text, &length),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(
        packeis_game_format_move(game, packeis_move_placement(60), text, sizeof text, &length),
        PACKEIS_E_OUT_OF_RANGE);
    assert_string_equal(text, "untouched");
    assert_int_equal(
        packeis_game_format_move(game, packeis_move_slide(0, 59), text, 5, &length),
        PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, 5);
    assert_string_equal(text, "untouched");
    assert_int_equal(
        packeis_game_format_move(game, packeis_move_slide(0, 59), text, 6, &length),
        PACKEIS_OK);
    assert_string_equal(text, "a1-h8");
    assert_int_equal(packeis_game_format_move(NULL, 0, text, 6, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

/* Move values are from * 64 + to, a placement cell * 65: the text follows
 * the value, not the other way round. */
static void test_move_values(void **state)
{
    (void)state;
    packeis_game *game = standard_game();
    static const struct {
        unsigned value;
        const char *text;
    } moves[] = {
        {0, "a1"}, {59 * 65, "h8"}, {59, "a1-h8"}, {59 * 64, "h8-a1"}, {7 * 64 + 8, "b1-b2"}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        char text[PACKEIS_MOVE_TEXT_SIZE];
        size_t length, stop;
        packeis_move read = PACKEIS_MOVE_NONE;
        assert_int_equal(packeis_game_format_move(game, (packeis_move)moves[i].value, text,
                                                  sizeof text, &length),
                         PACKEIS_OK);
        assert_string_equal(text, moves[i].text);
        assert_int_equal(packeis_game_parse_move(game, text, length, 0, &read, &stop),
                         PACKEIS_OK);
        assert_int_equal(read, moves[i].value);
    }
    packeis_game_free(game);
}

/* The size constants hold the longest names and moves: a layout spanning
 * the whole coordinate range has a cell in row 2000000 ("ditoc") and
 * column 1000001. */
static void test_text_sizes(void **state)
{
    (void)state;
    static const int x[] = {PACKEIS_COORD_MIN, PACKEIS_COORD_MAX};
    static const int y[] = {PACKEIS_COORD_MIN, PACKEIS_COORD_MAX}, fish[] = {1, 1};
    packeis_options *options;
    packeis_game *game;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_layout(options, x, y, fish, 2), PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    expect_name(game, 1, "ditoc1000001");
    expect_cell(game, "ditoc1000001", 1, 12);
    assert_true(strlen("ditoc1000001") < PACKEIS_CELL_NAME_SIZE);
    char text[PACKEIS_MOVE_TEXT_SIZE];
    size_t length;
    assert_int_equal(
        packeis_game_format_move(game, packeis_move_slide(1, 0), text, sizeof text, &length),
        PACKEIS_OK);
    assert_string_equal(text, "ditoc1000001-a1");
    /* The longest move joins two longest names. */
    assert_true(2 * strlen("ditoc1000001") + 1 < PACKEIS_MOVE_TEXT_SIZE);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_standard_names),
        cmocka_unit_test(test_tall_layout_names),
        cmocka_unit_test(test_every_cell_round_trips),
        cmocka_unit_test(test_name_buffer),
        cmocka_unit_test(test_bad_cell_names),
        cmocka_unit_test(test_moves_of_random_games),
        cmocka_unit_test(test_move_errors),
        cmocka_unit_test(test_move_values),
        cmocka_unit_test(test_text_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
