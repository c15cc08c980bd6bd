/* SPDX-License-Identifier: MIT */
/* Layout pictures (packeis_game_layout_picture() and
 * packeis_options_set_layout_picture()), through the public API only. The
 * expected pictures were drawn by hand from the format's definition; the
 * standard board's fish are those of seed 0 in tests/test_layouts.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "splitmix.h"

enum { BIG = 1 << 16 };

/* ---- helpers ------------------------------------------------------------ */

static packeis_options *new_options(void)
{
    packeis_options *options = NULL;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    return options;
}

static packeis_game *new_game(const packeis_options *options)
{
    packeis_game *game = NULL;
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    return game;
}

/* The picture of a game, in a static buffer. */
static const char *picture(const packeis_game *game, unsigned flags)
{
    static char buffer[BIG];
    size_t length = 0;
    assert_int_equal(packeis_game_layout_picture(game, flags, buffer, sizeof buffer, &length),
                     PACKEIS_OK);
    assert_int_equal(length, strlen(buffer));
    return buffer;
}

/* A game on the layout of a picture (1 penguin each, any floe). */
static packeis_game *game_of_length(const char *text, size_t length)
{
    packeis_options *options = new_options();
    size_t stop = 0;
    assert_int_equal(packeis_options_set_layout_picture(options, text, length, &stop),
                     PACKEIS_OK);
    assert_int_equal(stop, length);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
                     PACKEIS_OK);
    packeis_game *game = new_game(options);
    packeis_options_free(options);
    return game;
}

static packeis_game *game_of(const char *text) { return game_of_length(text, strlen(text)); }

static void expect_coords(const packeis_game *game, int cell, int x, int y)
{
    int gx = -1, gy = -1;
    assert_int_equal(packeis_game_cell_coords(game, cell, &gx, &gy), PACKEIS_OK);
    assert_int_equal(gx, x);
    assert_int_equal(gy, y);
}

/* Parsing fails with `status` at `stop`, and the options keep their layout. */
static void expect_error(const char *text, size_t length, packeis_status status, size_t stop)
{
    packeis_options *options = new_options();
    size_t got = 0;
    assert_int_equal(packeis_options_set_layout_picture(options, "1 1\n", 4, &got), PACKEIS_OK);
    assert_int_equal(packeis_options_set_layout_picture(options, text, length, &got), status);
    assert_int_equal(got, stop);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
                     PACKEIS_OK);
    packeis_game *game = new_game(options);
    assert_string_equal(picture(game, 0), "1 1\n");
    packeis_game_free(game);
    packeis_options_free(options);
}

static void expect_error_text(const char *text, packeis_status status, size_t stop)
{
    expect_error(text, strlen(text), status, stop);
}

/* ---- drawing ------------------------------------------------------------ */

static void test_standard_board(void **state)
{
    (void)state;
    static const char expected[] = " 1 2 1 3 2 1 1\n"
                                   "2 1 2 1 1 1 1 1\n"
                                   " 2 3 2 1 1 2 3\n"
                                   "3 1 1 2 1 3 1 2\n"
                                   " 1 2 2 1 1 2 3\n"
                                   "2 2 3 2 1 2 1 1\n"
                                   " 2 1 3 2 1 2 1\n"
                                   "2 1 1 1 3 1 1 3\n";
    packeis_game *game = new_game(NULL);
    assert_string_equal(picture(game, 0), expected);
    assert_string_equal(picture(game, PACKEIS_PICTURE_CURRENT), expected);
    packeis_game_free(game);
}

/* Floes at odd offsets, a gap inside a row (dots), an empty row (an empty
 * line) and a row starting further right (spaces). */
static void test_custom_board(void **state)
{
    (void)state;
    packeis_options *options = new_options();
    static const int x[] = {-3, 1, 5, -2, 4, 1}, y[] = {10, 10, 10, 11, 13, 14};
    static const int fish[] = {1, 2, 3, 1, 2, 3};
    assert_int_equal(packeis_options_set_layout(options, x, y, fish, 6), PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
                     PACKEIS_OK);
    packeis_game *game = new_game(options);
    assert_string_equal(picture(game, 0), "1 . 2 . 3\n"
                                          " 1\n"
                                          "\n"
                                          "       2\n"
                                          "    3\n");
    packeis_game_free(game);
    packeis_options_free(options);
}

static void test_offset_floes(void **state)
{
    (void)state;
    packeis_game *game = game_of("\n\n   2 1");
    expect_coords(game, 0, 3, 2);
    assert_string_equal(picture(game, 0), "2 1\n");
    packeis_game_free(game);
}

/* A too small buffer learns the length; one more than it is enough. */
static void test_buffer_sizes(void **state)
{
    (void)state;
    packeis_game *game = game_of("1 2\n 3\n");
    char buffer[16], untouched[16];
    size_t length = 0;
    memset(buffer, '#', sizeof buffer);
    memcpy(untouched, buffer, sizeof buffer);
    assert_int_equal(packeis_game_layout_picture(game, 0, NULL, 0, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, 7);
    assert_int_equal(packeis_game_layout_picture(game, 0, buffer, 7, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, 7);
    assert_memory_equal(buffer, untouched, sizeof buffer); /* left as it was */
    assert_int_equal(packeis_game_layout_picture(game, 0, buffer, 8, &length), PACKEIS_OK);
    assert_string_equal(buffer, "1 2\n 3\n");
    packeis_game_free(game);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    packeis_game *game = new_game(NULL);
    packeis_options *options = new_options();
    char buffer[8];
    size_t length = 0;
    assert_int_equal(packeis_game_layout_picture(NULL, 0, buffer, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_layout_picture(game, 0, buffer, 8, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_layout_picture(game, 2, buffer, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_layout_picture(game, 1u << 31, buffer, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_layout_picture(game, 0, NULL, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout_picture(NULL, "1", 1, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout_picture(options, NULL, 1, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout_picture(options, "1", 1, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_options_free(options);
    packeis_game_free(game);
}

/* ---- the current board -------------------------------------------------- */

static void play(packeis_game *game, const char *const *moves)
{
    for (; *moves; moves++) {
        packeis_move move = PACKEIS_MOVE_NONE;
        size_t stop = 0;
        assert_int_equal(packeis_game_parse_move(game, *moves, strlen(*moves), 0, &move, &stop),
                         PACKEIS_OK);
        assert_int_equal(packeis_game_apply(game, move), PACKEIS_OK);
    }
}

/* Gone floes leave dots (between floes) or nothing (at a row's ends); the
 * frame stays the layout's, so an emptied row is an empty line. */
static void test_current_floes(void **state)
{
    (void)state;
    packeis_game *game = game_of("1 1 1 1\n 2 2 2\n3 3 3 3\n");
    static const char *const moves[] = {"a2", "c1", "a2-b2", NULL};
    play(game, moves);
    assert_string_equal(picture(game, 0), "1 1 1 1\n 2 2 2\n3 3 3 3\n");
    assert_string_equal(picture(game, PACKEIS_PICTURE_CURRENT), "1 . 1 1\n 2 2 2\n3 3 3 3\n");
    assert_int_equal(packeis_game_playout(game, 9, NULL), PACKEIS_OK);
    assert_string_equal(picture(game, PACKEIS_PICTURE_CURRENT), "\n\n\n");
    packeis_game_free(game);
}

/* ---- reading ------------------------------------------------------------ */

/* Comments, CRLF, dots anywhere, no final newline, leading blank lines. */
static void test_reading_forms(void **state)
{
    (void)state;
    packeis_game *game = game_of("# a comment\r\n\r\n  1 . 2\r\n#another\n   3 .  ");
    assert_string_equal(picture(game, 0), "1 . 2\n 3\n");
    expect_coords(game, 0, 2, 1);
    expect_coords(game, 1, 6, 1);
    expect_coords(game, 2, 3, 2);
    packeis_game_free(game);
}

/* A random layout of 2 to 64 floes of one parity in a 20 x 12 box, moved
 * by a random offset. */
static void random_layout(uint64_t *rng, int *x, int *y, int *fish, size_t *count)
{
    size_t want = 2 + tc_next(rng) % 63;
    int dx = (int)(tc_next(rng) % 41) - 20, dy = (int)(tc_next(rng) % 41) - 20;
    int parity = (int)(tc_next(rng) & 1);
    uint64_t used[12] = {0};
    for (*count = 0; *count < want;) {
        int row = (int)(tc_next(rng) % 12), column = (int)(tc_next(rng) % 20);
        int cx = 2 * column + ((row + parity) & 1);
        if (used[row] >> column & 1)
            continue;
        used[row] |= (uint64_t)1 << column;
        x[*count] = cx + dx;
        y[*count] = row + dy;
        fish[(*count)++] = 1 + (int)(tc_next(rng) % 3);
    }
}

/* The same floes in the same cells, moved so that the smallest
 * coordinates are 0. */
static void expect_moved_copy(const packeis_game *first, const packeis_game *second)
{
    int cells = packeis_game_cell_count(first), min_x = 0, min_y = 0;
    assert_int_equal(cells, packeis_game_cell_count(second));
    for (int c = 0; c < cells; c++) {
        int x, y;
        assert_int_equal(packeis_game_cell_coords(first, c, &x, &y), PACKEIS_OK);
        min_x = c == 0 || x < min_x ? x : min_x;
        min_y = c == 0 ? y : min_y;
    }
    for (int c = 0; c < cells; c++) {
        int x, y;
        assert_int_equal(packeis_game_cell_coords(first, c, &x, &y), PACKEIS_OK);
        expect_coords(second, c, x - min_x, y - min_y);
        assert_int_equal(packeis_game_fish(first, c), packeis_game_fish(second, c));
    }
}

/* A picture spanning w columns and h rows takes at most (w + 2) * h
 * characters, as the header promises. */
static void expect_within_bound(const packeis_game *game, size_t length)
{
    int min_x, min_y, max_x, max_y;
    assert_int_equal(packeis_game_layout_bounds(game, &min_x, &min_y, &max_x, &max_y),
                     PACKEIS_OK);
    size_t w = (size_t)(max_x - min_x + 1), h = (size_t)(max_y - min_y + 1);
    assert_true(length <= (w + 2) * h);
}

/* Print, parse, print again: the same picture and the same floes. */
static void test_round_trips(void **state)
{
    (void)state;
    uint64_t rng = 2024;
    for (int round = 0; round < 500; round++) {
        int x[64], y[64], fish[64];
        size_t count;
        random_layout(&rng, x, y, fish, &count);
        packeis_options *options = new_options();
        assert_int_equal(packeis_options_set_layout(options, x, y, fish, count), PACKEIS_OK);
        assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
        assert_int_equal(
            packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
            PACKEIS_OK);
        packeis_game *first = new_game(options);
        static char text[BIG];
        strcpy(text, picture(first, 0));
        expect_within_bound(first, strlen(text));
        packeis_game *second = game_of(text);
        assert_string_equal(picture(second, 0), text);
        expect_moved_copy(first, second);
        packeis_game_free(second);
        packeis_game_free(first);
        packeis_options_free(options);
    }
}

/* ---- errors ------------------------------------------------------------- */

static void test_malformed(void **state)
{
    (void)state;
    expect_error_text("1 2\n 3 x", PACKEIS_E_MALFORMED_TEXT, 7);
    expect_error_text("1\t2", PACKEIS_E_MALFORMED_TEXT, 1);
    expect_error_text("1\r2\n", PACKEIS_E_MALFORMED_TEXT, 1);
    expect_error_text("1 2\r", PACKEIS_E_MALFORMED_TEXT, 3);
    expect_error_text("1 # no\n", PACKEIS_E_MALFORMED_TEXT, 2);
    expect_error_text(" #\n", PACKEIS_E_MALFORMED_TEXT, 1);
    expect_error("1 \0 2", 5, PACKEIS_E_MALFORMED_TEXT, 2);
}

static void test_fish_out_of_range(void **state)
{
    (void)state;
    expect_error_text("1 2\n 4", PACKEIS_E_FISH_OUT_OF_RANGE, 5);
    expect_error_text("0", PACKEIS_E_FISH_OUT_OF_RANGE, 0);
    expect_error_text("3 9 x", PACKEIS_E_FISH_OUT_OF_RANGE, 2);
}

/* 65 floes: the error is at the 65th digit, even if a later one is bad. */
static void test_too_many_cells(void **state)
{
    (void)state;
    char text[256];
    size_t length = 0;
    for (int row = 0; row < 8; row++)
        length += (size_t)sprintf(text + length, "%s1 1 1 1 1 1 1 1\n", row & 1 ? " " : "");
    strcpy(text + length, "# more\n2 x");
    expect_error_text(text, PACKEIS_E_TOO_MANY_CELLS, length + 7);
    text[length] = '\0';
    packeis_game *game = game_of(text);
    packeis_game_free(game);
}

static void test_mixed_parity(void **state)
{
    (void)state;
    expect_error_text("11", PACKEIS_E_MIXED_PARITY, 1);
    expect_error_text(" 1 2\n 3", PACKEIS_E_MIXED_PARITY, 6);
    expect_error_text("1\n1 . 3", PACKEIS_E_MIXED_PARITY, 2);
    expect_error_text("#\n 1\n\n2 3 1 2", PACKEIS_E_MIXED_PARITY, 6);
}

/* Columns and lines up to PACKEIS_COORD_MAX, not one more. */
static void test_coordinates_out_of_range(void **state)
{
    (void)state;
    size_t far = PACKEIS_COORD_MAX;
    char *text = malloc(far + 3);
    assert_non_null(text);
    memset(text, ' ', far + 2);
    text[0] = text[far] = '1';
    packeis_game *game = game_of_length(text, far + 1);
    expect_coords(game, 1, PACKEIS_COORD_MAX, 0);
    packeis_game_free(game);
    text[far] = ' ';
    text[far + 1] = '2';
    expect_error(text, far + 2, PACKEIS_E_COORD_OUT_OF_RANGE, far + 1);
    memset(text, '\n', far + 2);
    text[far + 1] = '3';
    expect_error(text, far + 2, PACKEIS_E_COORD_OUT_OF_RANGE, far + 1);
    free(text);
}

static void test_no_cells(void **state)
{
    (void)state;
    expect_error_text("", PACKEIS_E_NO_CELLS, 0);
    expect_error(NULL, 0, PACKEIS_E_NO_CELLS, 0);
    expect_error_text("  . .\n# 1 2 3\n\r\n", PACKEIS_E_NO_CELLS, 16);
}

/* The largest texts a layout makes (doc/formats.md, "Output sizes"): 64
 * floes, one a row over the whole coordinate range, all but the first at
 * the right edge. Their size is asked first (capacity 0): nothing is
 * allocated or written, and the picture's length is exactly one line feed
 * a row plus, on each row with floes, the columns up to its last floe. */
static void test_extreme_sizes(void **state)
{
    (void)state;
    enum { CELLS = 64 };
    const long long span = (long long)PACKEIS_COORD_MAX - PACKEIS_COORD_MIN;
    int x[CELLS], y[CELLS], fish[CELLS];
    for (int c = 0; c < CELLS; c++) {
        y[c] = c == CELLS - 1 ? PACKEIS_COORD_MAX : PACKEIS_COORD_MIN + c * 31746;
        x[c] = c == 0 ? PACKEIS_COORD_MIN : PACKEIS_COORD_MAX;
        fish[c] = 1;
    }
    packeis_options *options;
    packeis_game *game;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_layout(options, x, y, fish, CELLS), PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    size_t expected = (size_t)span + 1; /* a line feed per row */
    for (int c = 0; c < CELLS; c++)
        expected += (size_t)((long long)x[c] - PACKEIS_COORD_MIN + 1);
    size_t picture = 0, record = 0, position = 0;
    assert_int_equal(packeis_game_layout_picture(game, 0, NULL, 0, &picture),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_true(picture == expected);
    /* The bound of doc/formats.md: rows + rows with floes * columns. */
    assert_true(picture <= (size_t)(span + 1) + (size_t)CELLS * (size_t)(span + 1));
    assert_int_equal(packeis_game_save_record(game, NULL, 0, &record),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_true(record > picture && record <= picture + 8192);
    assert_int_equal(packeis_game_save_position(game, NULL, 0, &position),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_true(position < PACKEIS_POSITION_TEXT_SIZE);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_standard_board),
        cmocka_unit_test(test_extreme_sizes),
        cmocka_unit_test(test_custom_board),
        cmocka_unit_test(test_offset_floes),
        cmocka_unit_test(test_buffer_sizes),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_current_floes),
        cmocka_unit_test(test_reading_forms),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_fish_out_of_range),
        cmocka_unit_test(test_too_many_cells),
        cmocka_unit_test(test_mixed_parity),
        cmocka_unit_test(test_coordinates_out_of_range),
        cmocka_unit_test(test_no_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
