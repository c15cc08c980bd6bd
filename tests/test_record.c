/* SPDX-License-Identifier: MIT */
/* Game records (packeis_game_save_record() and packeis_game_load_record()),
 * through the public API only: the exact text of a small game worked out by
 * hand, round trips over many random games, and every error with where
 * reading stopped. */
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

enum { BIG = 1 << 14 };

/* ---- helpers ------------------------------------------------------------ */

static packeis_options *new_options(int players)
{
    packeis_options *options = NULL;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, players), PACKEIS_OK);
    return options;
}

static packeis_game *new_game(const packeis_options *options)
{
    packeis_game *game = NULL;
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    return game;
}

/* The record of a game, in `text` (BIG characters). */
static size_t save(const packeis_game *game, char *text)
{
    size_t length = 0;
    assert_int_equal(packeis_game_save_record(game, text, BIG, &length), PACKEIS_OK);
    assert_int_equal(length, strlen(text));
    return length;
}

static packeis_game *load(const char *text)
{
    packeis_game *game = NULL;
    size_t stop = 0, length = strlen(text);
    assert_int_equal(packeis_game_load_record(text, length, NULL, &game, &stop), PACKEIS_OK);
    assert_int_equal(stop, length);
    return game;
}

static void expect_error(const char *text, size_t length, packeis_status status, size_t stop)
{
    packeis_game *game = (packeis_game *)&game;
    size_t got = 0;
    assert_int_equal(packeis_game_load_record(text, length, NULL, &game, &got), status);
    if (got != stop)
        print_error("%.*s\n  stop %zu, expected %zu\n", (int)length, text, got, stop);
    assert_int_equal(got, stop);
    assert_ptr_equal(game, (packeis_game *)&game); /* not written */
}

static void play(packeis_game *game, const char *moves)
{
    for (size_t at = 0, length = strlen(moves); at < length;) {
        packeis_move move = PACKEIS_MOVE_NONE;
        size_t stop = 0;
        assert_int_equal(
            packeis_game_parse_move(game, moves + at, length - at, 0, &move, &stop),
            PACKEIS_OK);
        assert_int_equal(packeis_game_apply(game, move), PACKEIS_OK);
        at += stop + (moves[at + stop] == ' ');
    }
}

/* ---- the format --------------------------------------------------------- */

/* A 2 x 3 board (row b moved right), one penguin each, snake placement on
 * any floe, another hash seed: worked out by hand. A places on a1 (1 fish),
 * B on b3 (3 fish); A slides a1-a3 over a2 and scores a1 (1 fish, 1 floe);
 * B, who still has moves, is to act. */
static const char small_record[] = "[Game \"packeis\"]\n"
                                   "[Version \"1\"]\n"
                                   "[Players \"2\"]\n"
                                   "[Penguins \"1\"]\n"
                                   "[Variants \"any-floe,snake\"]\n"
                                   "[HashSeed \"99\"]\n"
                                   "[Board \"custom -2 5\"]\n"
                                   "1 2 3\n"
                                   " 1 2 3\n"
                                   "[Plies \"3\"]\n"
                                   "\n"
                                   "1. a1 2. b3 3. a1-a3\n"
                                   "\n"
                                   "[Result \"movement: A 1 fish 1 floes (1), B 0 fish 0 floes "
                                   "(2)\"]\n";

static packeis_game *small_game(void)
{
    static const tc_floe board[] = {{-2, 5, 1}, {0, 5, 2}, {2, 5, 3},
                                    {-1, 6, 1}, {1, 6, 2}, {3, 6, 3}};
    packeis_options *options =
        tc_custom_options(board, TC_COUNT(board), 2, 1, TC_SNAKE | TC_ANY_FLOE);
    assert_int_equal(packeis_options_set_hash_seed(options, 99), PACKEIS_OK);
    packeis_game *game = tc_game(options);
    play(game, "a1 b3 a1-a3");
    return game;
}

static void test_small_record(void **state)
{
    (void)state;
    packeis_game *game = small_game();
    static char text[BIG];
    save(game, text);
    assert_string_equal(text, small_record);
    packeis_game *loaded = load(small_record);
    int x = 0, y = 0;
    assert_int_equal(packeis_game_cell_coords(loaded, 3, &x, &y), PACKEIS_OK);
    assert_int_equal(x, -1);
    assert_int_equal(y, 6);
    packeis_game_free(loaded);
    packeis_game_free(game);
}

/* A new standard game: defaults written out, no actions. */
static void test_new_standard_game(void **state)
{
    (void)state;
    packeis_options *options = new_options(3);
    assert_int_equal(packeis_options_set_seed(options, 12345), PACKEIS_OK);
    packeis_game *game = new_game(options);
    static char text[BIG];
    save(game, text);
    assert_string_equal(text, "[Game \"packeis\"]\n"
                              "[Version \"1\"]\n"
                              "[Players \"3\"]\n"
                              "[Penguins \"3\"]\n"
                              "[Variants \"-\"]\n"
                              "[Board \"standard 12345\"]\n"
                              "[Plies \"0\"]\n"
                              "\n"
                              "[Result \"placement: A 0 fish 0 floes (1), B 0 fish 0 floes "
                              "(1), C 0 fish 0 floes (1)\"]\n");
    packeis_game *loaded = load(text);
    assert_int_equal(packeis_game_is_standard_board(loaded), 1);
    assert_true(packeis_game_seed(loaded) == 12345);
    packeis_game_free(loaded);
    packeis_game_free(game);
    packeis_options_free(options);
}

/* ---- round trips -------------------------------------------------------- */

/* A random custom layout: 8 to 64 floes on a 16 x 10 box, at an offset. */
static void random_layout(uint64_t *rng, packeis_options *options)
{
    int x[64], y[64], fish[64], count = 8 + (int)(tc_next(rng) % 57);
    int dx = (int)(tc_next(rng) % 21) - 10, dy = (int)(tc_next(rng) % 21) - 10;
    uint64_t used[10] = {0};
    for (int n = 0; n < count;) {
        int row = (int)(tc_next(rng) % 10), column = (int)(tc_next(rng) % 16);
        if (used[row] >> column & 1)
            continue;
        used[row] |= (uint64_t)1 << column;
        x[n] = 2 * column + (row & 1) + dx;
        y[n] = row + dy;
        fish[n++] = 1 + (int)(tc_next(rng) % 3);
    }
    assert_int_equal(packeis_options_set_layout(options, x, y, fish, (size_t)count),
                     PACKEIS_OK);
}

/* A random setup; NULL if the board cannot take the penguins. */
static packeis_game *random_game(uint64_t *rng)
{
    packeis_options *options = new_options(2 + (int)(tc_next(rng) % 3));
    uint64_t bits = tc_next(rng);
    assert_int_equal(
        packeis_options_set_variant(options, PACKEIS_VARIANT_SNAKE_PLACEMENT, (int)(bits & 1)),
        PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE,
                                                 (int)(bits >> 1 & 1)),
                     PACKEIS_OK);
    if (bits >> 2 & 1)
        assert_int_equal(packeis_options_set_hash_seed(options, tc_next(rng)), PACKEIS_OK);
    if (bits >> 3 & 1)
        assert_int_equal(packeis_options_set_penguins(options, 1 + (int)(bits >> 4 & 1)),
                         PACKEIS_OK);
    if (bits >> 5 & 1)
        random_layout(rng, options);
    else
        assert_int_equal(packeis_options_set_seed(options, tc_next(rng)), PACKEIS_OK);
    packeis_game *game = NULL;
    if (packeis_game_new(options, &game) != PACKEIS_OK)
        game = NULL;
    packeis_options_free(options);
    return game;
}

static void expect_same_play(const packeis_game *a, const packeis_game *b)
{
    packeis_move ma[256], mb[256];
    size_t na = 0, nb = 0;
    assert_int_equal(packeis_game_history(a, ma, 256, &na), PACKEIS_OK);
    assert_int_equal(packeis_game_history(b, mb, 256, &nb), PACKEIS_OK);
    assert_int_equal(na, nb);
    assert_memory_equal(ma, mb, na * sizeof *ma);
    assert_true(packeis_game_hash(a) == packeis_game_hash(b));
    assert_true(packeis_game_floes(a) == packeis_game_floes(b));
    assert_int_equal(packeis_game_phase(a), packeis_game_phase(b));
    assert_int_equal(packeis_game_current_player(a), packeis_game_current_player(b));
    int players = packeis_game_player_count(a);
    assert_int_equal(players, packeis_game_player_count(b));
    for (int p = 0; p < players; p++) {
        assert_int_equal(packeis_game_fish_won(a, p), packeis_game_fish_won(b, p));
        assert_int_equal(packeis_game_floes_won(a, p), packeis_game_floes_won(b, p));
        assert_int_equal(packeis_game_rank(a, p), packeis_game_rank(b, p));
        assert_true(packeis_game_penguins(a, p) == packeis_game_penguins(b, p));
    }
}

/* Undoing the loaded game back to the start gives the start position. */
static void expect_undoable(packeis_game *game)
{
    packeis_game *start = NULL;
    assert_int_equal(packeis_game_clone(game, &start), PACKEIS_OK);
    assert_int_equal(packeis_game_undo_to(start, 0), PACKEIS_OK);
    assert_int_equal(packeis_game_ply_count(start), 0);
    packeis_game_free(start);
}

/* Random games of 2 to 4 players on standard and custom boards, with and
 * without variants, finished or cut at a random action: record, load,
 * record again gives the same text, and the loaded game is the same. */
static void test_round_trips(void **state)
{
    (void)state;
    uint64_t rng = 77;
    static char text[BIG], again[BIG];
    int played = 0;
    for (int round = 0; round < 600; round++) {
        packeis_game *game = random_game(&rng);
        if (!game)
            continue;
        size_t plies = 0;
        assert_int_equal(packeis_game_playout(game, tc_next(&rng), &plies), PACKEIS_OK);
        if (round % 3)
            assert_int_equal(packeis_game_undo_to(game, tc_next(&rng) % (plies + 1)),
                             PACKEIS_OK);
        size_t length = save(game, text);
        packeis_game *loaded = load(text);
        assert_int_equal(save(loaded, again), length);
        assert_string_equal(again, text);
        expect_same_play(game, loaded);
        expect_undoable(loaded);
        packeis_game_free(loaded);
        packeis_game_free(game);
        played++;
    }
    assert_true(played > 500);
}

/* Windows line ends everywhere load the same game. */
static void test_crlf(void **state)
{
    (void)state;
    static char text[2 * sizeof small_record];
    size_t n = 0;
    for (const char *c = small_record; *c; c++) {
        if (*c == '\n')
            text[n++] = '\r';
        text[n++] = *c;
    }
    text[n] = '\0';
    packeis_game *game = load(text), *original = small_game();
    expect_same_play(game, original);
    packeis_game_free(original);
    packeis_game_free(game);
}

static void test_buffer_sizes(void **state)
{
    (void)state;
    packeis_game *game = small_game();
    static char text[BIG];
    size_t length = 0, needed = strlen(small_record);
    assert_int_equal(packeis_game_save_record(game, NULL, 0, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, needed);
    memset(text, '#', needed);
    assert_int_equal(packeis_game_save_record(game, text, needed, &length),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    for (size_t i = 0; i < needed; i++) /* left as it was */
        assert_int_equal(text[i], '#');
    assert_int_equal(packeis_game_save_record(game, text, needed + 1, &length), PACKEIS_OK);
    assert_string_equal(text, small_record);
    packeis_game_free(game);
}

/* ---- errors ------------------------------------------------------------- */

/* The small record with `from` (found once) replaced by `to`; the error is
 * expected `offset` characters after where `from` was. */
static void expect_edit_error(const char *from, const char *to, packeis_status status,
                              size_t offset)
{
    static char text[BIG];
    size_t before = tc_replace(small_record, from, to, text, sizeof text);
    expect_error(text, strlen(text), status, before + offset);
}

static void test_bad_headers(void **state)
{
    (void)state;
    expect_edit_error("[Game", "[Gmae", PACKEIS_E_MALFORMED_TEXT, 2);
    expect_edit_error("\"packeis\"", "\"packeys\"", PACKEIS_E_MALFORMED_TEXT, 6);
    expect_edit_error("[Version \"1\"]", "[Version \"2\"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_edit_error("[Players \"2\"]", "[Players \"5\"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_edit_error("[Players \"2\"]", "[Players \"1\"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_edit_error("[Penguins \"1\"]", "[Penguins \"0\"]", PACKEIS_E_MALFORMED_TEXT, 11);
    expect_edit_error("[Penguins \"1\"]", "[Penguins \"65\"]", PACKEIS_E_MALFORMED_TEXT, 12);
    expect_edit_error("[Penguins \"1\"]", "[Penguins \"1\"] ", PACKEIS_E_MALFORMED_TEXT, 14);
    expect_edit_error("[HashSeed \"99\"]", "[HashSeed \"99x\"]", PACKEIS_E_MALFORMED_TEXT, 13);
    expect_edit_error("custom -2 5", "custom -2,5", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_edit_error("custom -2 5", "custom -2 1000001", PACKEIS_E_MALFORMED_TEXT, 16);
    expect_edit_error("custom -2 5", "standard x", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_edit_error("[Plies \"3\"]", "[Plies \"-3\"]", PACKEIS_E_MALFORMED_TEXT, 8);
}

/* Variants as positions write them: in the order of their values, each
 * once; the fault on the name. */
static void test_unknown_variant(void **state)
{
    (void)state;
    expect_edit_error("any-floe,snake", "any-floe,snak", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_edit_error("any-floe,snake", "any-flow,snake", PACKEIS_E_MALFORMED_TEXT, 0);
    expect_edit_error("any-floe,snake", "snake,snake", PACKEIS_E_MALFORMED_TEXT, 6);
    expect_edit_error("any-floe,snake", "snake,any-floe", PACKEIS_E_MALFORMED_TEXT, 6);
    expect_edit_error("any-floe,snake", "any-floe,", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_edit_error("any-floe,snake", "", PACKEIS_E_MALFORMED_TEXT, 0);
}

/* The one number syntax of the text formats: no leading zero, no "-0";
 * the default hash seed is written by omission only. So every record read
 * is the one its game saves. */
static void test_strict_numbers(void **state)
{
    (void)state;
    expect_edit_error("[Plies \"3\"]", "[Plies \"03\"]", PACKEIS_E_MALFORMED_TEXT, 8);
    expect_edit_error("[Plies \"3\"]", "[Plies \"00\"]", PACKEIS_E_MALFORMED_TEXT, 8);
    expect_edit_error("[Players \"2\"]", "[Players \"02\"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_edit_error("[Penguins \"1\"]", "[Penguins \"01\"]", PACKEIS_E_MALFORMED_TEXT, 11);
    expect_edit_error("[Version \"1\"]", "[Version \"01\"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_edit_error("[HashSeed \"99\"]", "[HashSeed \"099\"]", PACKEIS_E_MALFORMED_TEXT, 11);
    expect_edit_error("[HashSeed \"99\"]", "[HashSeed \"5792019908689228577\"]",
                      PACKEIS_E_MALFORMED_TEXT, 11);
    expect_edit_error("custom -2 5", "custom -0 5", PACKEIS_E_MALFORMED_TEXT, 8);
    expect_edit_error("custom -2 5", "custom -2 05", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_edit_error("1. a1", "01. a1", PACKEIS_E_MALFORMED_TEXT, 0);
    expect_edit_error("3. a1-a3", "03. a1-a3", PACKEIS_E_MALFORMED_TEXT, 0);
    expect_edit_error("3. a1-a3", "3. a01-a3", PACKEIS_E_MALFORMED_TEXT, 4);
}

/* A picture fault stops at its character; a board too small for the
 * penguins stops at the Board line. */
static void test_bad_boards(void **state)
{
    (void)state;
    expect_edit_error(" 1 2 3\n", " 1 4 3\n", PACKEIS_E_FISH_OUT_OF_RANGE, 3);
    expect_edit_error(" 1 2 3\n", "1 2 3\n", PACKEIS_E_MIXED_PARITY, 0);
    expect_edit_error("1 2 3\n 1 2 3\n", "", PACKEIS_E_NO_CELLS, 0);
    expect_edit_error("[Penguins \"1\"]\n", "[Penguins \"4\"]\n", PACKEIS_E_TOO_FEW_FLOES,
                      15 + 28 + 16);
}

/* The small record with two replacements; the error is expected `offset`
 * characters after `marker` in the edited text. */
static void expect_edits_error(const char *from1, const char *to1, const char *from2,
                               const char *to2, const char *marker, size_t offset,
                               packeis_status status)
{
    static char text[BIG], once[BIG];
    const char *at = strstr(small_record, from1);
    assert_non_null(at);
    size_t before = (size_t)(at - small_record);
    memcpy(once, small_record, before);
    strcpy(once + before, to1);
    strcat(once, at + strlen(from1));
    at = strstr(once, from2);
    assert_non_null(at);
    before = (size_t)(at - once);
    memcpy(text, once, before);
    strcpy(text + before, to2);
    strcat(text, at + strlen(from2));
    const char *mark = strstr(text, marker);
    assert_non_null(mark);
    expect_error(text, strlen(text), status, (size_t)(mark - text) + offset);
}

/* Move N cannot be played: packeis_game_apply()'s error, at that move; each
 * reason a move is illegal has its own code. */
static void test_bad_moves(void **state)
{
    (void)state;
    expect_edit_error("2. b3", "2. a1", PACKEIS_E_OCCUPIED, 3);
    expect_edit_error("3. a1-a3", "3. b3", PACKEIS_E_WRONG_PHASE, 3);
    expect_edit_error("3. a1-a3", "3. a1-b2", PACKEIS_E_NOT_IN_LINE, 3);
    expect_edit_error("3. a1-a3", "3. b3-a3", PACKEIS_E_NOT_YOUR_PENGUIN, 3);
    expect_edit_error("2. b3", "2. a2", PACKEIS_E_BLOCKED_BY_PENGUIN, 9); /* at "3. " */
    /* Without any-floe, B cannot place on b3 (3 fish). */
    expect_edits_error("any-floe,snake", "snake", "2. b3", "2. b3", "2. b3", 3,
                       PACKEIS_E_NOT_ONE_FISH);
    /* B leaves b3 for b2; A, back west over a2, meets the gap of a1. */
    expect_edits_error("[Plies \"3\"]", "[Plies \"5\"]", "a1-a3\n", "a1-a3 4. b3-b2 5. a3-a1\n",
                       "5. ", 3, PACKEIS_E_BLOCKED_BY_GAP);
    expect_edit_error("3. a1-a3", "3. a1-a1", PACKEIS_E_MALFORMED_TEXT, 6);
    expect_edit_error("3. a1-a3", "3. a1-z9", PACKEIS_E_MALFORMED_TEXT, 6);
    expect_edit_error("3. a1-a3", "3. a1-a3x", PACKEIS_E_MALFORMED_TEXT, 8);
    expect_edit_error("3. a1-a3", "4. a1-a3", PACKEIS_E_MALFORMED_TEXT, 0);
    expect_edit_error("3. a1-a3", "3 a1-a3", PACKEIS_E_MALFORMED_TEXT, 1);
    expect_edit_error("[Plies \"3\"]", "[Plies \"4\"]", PACKEIS_E_MALFORMED_TEXT, 35);
    expect_edit_error("[Plies \"3\"]", "[Plies \"2\"]", PACKEIS_E_MALFORMED_TEXT, 25);
}

/* The Result line must be the replayed game's standings. */
static void test_bad_results(void **state)
{
    (void)state;
    expect_edit_error("A 1 fish", "A 2 fish", PACKEIS_E_MALFORMED_TEXT, 2);
    expect_edit_error("movement:", "over:", PACKEIS_E_MALFORMED_TEXT, 0);
    expect_edit_error("(2)\"]\n", "(2)\"]\n\nx", PACKEIS_E_MALFORMED_TEXT, 7);
    expect_edit_error("(2)\"]\n", "(2)\"] ]", PACKEIS_E_MALFORMED_TEXT, 6);
    static char text[BIG];
    strcpy(text, small_record);
    strcat(text, "\n \t\r\n");
    packeis_game_free(load(text)); /* blank space after the Result line */
    text[strlen(small_record) - 1] = '\0';
    packeis_game_free(load(text)); /* no final line end */
}

/* Every cut of a record fails, stopping within what is left (the last line
 * end is optional); a cut inside the actions stops at the cut. */
static void test_truncated(void **state)
{
    (void)state;
    static char text[BIG];
    packeis_options *options = new_options(3);
    packeis_game *game = new_game(options);
    assert_int_equal(packeis_game_playout(game, 5, NULL), PACKEIS_OK);
    size_t length = save(game, text);
    for (size_t cut = 0; cut + 1 < length; cut++) {
        packeis_game *loaded = NULL;
        size_t stop = length + 1;
        assert_int_not_equal(packeis_game_load_record(text, cut, NULL, &loaded, &stop),
                             PACKEIS_OK);
        assert_null(loaded);
        assert_true(stop <= cut);
    }
    size_t cut = (size_t)(strstr(text, " 12. ") - text) + 5;
    expect_error(text, cut, PACKEIS_E_MALFORMED_TEXT, cut);
    expect_error(text, cut + 1, PACKEIS_E_MALFORMED_TEXT, cut + 1);
    packeis_game_free(game);
    packeis_options_free(options);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    packeis_game *game = small_game(), *loaded = NULL;
    char text[8];
    size_t length = 0, stop = 0;
    assert_int_equal(packeis_game_save_record(NULL, text, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_save_record(game, text, 8, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_save_record(game, NULL, 8, &length),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_load_record(NULL, 3, NULL, &loaded, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_load_record("[", 1, NULL, NULL, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_load_record("[", 1, NULL, &loaded, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_allocator half = {NULL, NULL, NULL};
    assert_int_equal(packeis_game_load_record("[", 1, &half, &loaded, &stop),
                     PACKEIS_E_INVALID_ARGUMENT);
    expect_error(NULL, 0, PACKEIS_E_MALFORMED_TEXT, 0);
    assert_null(loaded);
    packeis_game_free(game);
}

/* ---- records that start from a position -------------------------------- */

/* A row of five floes (fish 1 1 2 3 1): A stuck on a1 behind a gap, B on a3
 * with two floes ahead, B to act. */
static const char row_position[] =
    "packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,3;8,0,1 players 2 "
    "penguins 1 variants - | A.B31 | 1/1 0/0 | out - | movement 1";

/* Worked out by hand: B slides a3-a4 and scores a3 (2 fish); A, who cannot
 * move, goes out with a1 (1 fish): 2 fish each, A ahead on floes. */
static const char row_record[] = "[Game \"packeis\"]\n"
                                 "[Version \"1\"]\n"
                                 "[Players \"2\"]\n"
                                 "[Penguins \"1\"]\n"
                                 "[Variants \"-\"]\n"
                                 "[Board \"custom\"]\n"
                                 "1 1 2 3 1\n"
                                 "[Position \"packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,3;8,0,1 "
                                 "players 2 penguins 1 variants - | A.B31 | 1/1 0/0 | out - | "
                                 "movement 1\"]\n"
                                 "[Plies \"1\"]\n"
                                 "\n"
                                 "1. a3-a4\n"
                                 "\n"
                                 "[Result \"movement: A 2 fish 2 floes (1), B 2 fish 1 floes "
                                 "(2)\"]\n";

static packeis_game *load_position(const char *text)
{
    packeis_game *game = NULL;
    size_t stop = 0, length = strlen(text);
    assert_int_equal(packeis_game_load_position(text, length, NULL, &game, &stop), PACKEIS_OK);
    assert_int_equal(stop, length);
    return game;
}

static void expect_position(const packeis_game *game, const char *expected)
{
    char text[PACKEIS_POSITION_TEXT_SIZE];
    size_t length = 0;
    assert_int_equal(packeis_game_save_position(game, text, sizeof text, &length), PACKEIS_OK);
    assert_string_equal(text, expected);
}

static void test_position_record(void **state)
{
    (void)state;
    static char text[BIG];
    packeis_game *game = load_position(row_position);
    save(game, text); /* no action yet: the Position line and no actions */
    assert_non_null(strstr(text, "[Position \""));
    assert_non_null(strstr(text, "[Plies \"0\"]\n\n[Result"));
    packeis_game_free(load(text));
    play(game, "a3-a4");
    save(game, text);
    assert_string_equal(text, row_record);
    packeis_game *loaded = load(row_record);
    expect_same_play(game, loaded);
    static char crlf[BIG];
    size_t n = 0;
    for (const char *c = row_record; *c; c++) {
        if (*c == '\n')
            crlf[n++] = '\r';
        crlf[n++] = *c;
    }
    crlf[n] = '\0';
    packeis_game *windows = load(crlf); /* the Position line ends in CRLF too */
    expect_same_play(game, windows);
    packeis_game_free(windows);
    assert_int_equal(packeis_game_ply_count(loaded), 1);
    assert_int_equal(packeis_game_undo(loaded), PACKEIS_OK);
    expect_position(loaded, row_position); /* undo goes back to the position */
    assert_int_equal(packeis_game_undo(loaded), PACKEIS_E_NOTHING_TO_UNDO);
    save(loaded, text); /* undone actions are not part of a record */
    assert_non_null(strstr(text, "[Plies \"0\"]"));
    packeis_game_free(loaded);
    packeis_game_free(game);
}

/* A position at the start of a game is the start of a game: a plain
 * record, which loads as a new game does. */
static void test_start_position_record(void **state)
{
    (void)state;
    static char text[BIG], plain[BIG];
    char position[PACKEIS_POSITION_TEXT_SIZE];
    size_t length = 0;
    packeis_options *options = new_options(3);
    packeis_game *game = new_game(options);
    assert_int_equal(packeis_game_save_position(game, position, sizeof position, &length),
                     PACKEIS_OK);
    packeis_game *loaded = load_position(position);
    assert_int_equal(packeis_game_playout(game, 3, NULL), PACKEIS_OK);
    assert_int_equal(packeis_game_playout(loaded, 3, NULL), PACKEIS_OK);
    save(game, plain);
    save(loaded, text);
    assert_string_equal(text, plain);
    assert_null(strstr(text, "[Position"));
    packeis_game_free(loaded);
    packeis_game_free(game);
    packeis_options_free(options);
}

/* Plays up to `count` random legal moves. */
static void play_random(packeis_game *game, uint64_t *rng, size_t count)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t legal = 0;
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &legal),
                         PACKEIS_OK);
        if (legal == 0)
            return;
        assert_int_equal(packeis_game_apply(game, moves[tc_next(rng) % legal]), PACKEIS_OK);
    }
}

/* Positions of random games, loaded, played on for a few actions: the
 * record loads into the same game (history, position, hash, standings, and
 * the position it started from), and saves the same text again. */
static void test_position_round_trips(void **state)
{
    (void)state;
    uint64_t rng = 4242;
    static char text[BIG], again[BIG];
    char position[PACKEIS_POSITION_TEXT_SIZE], now[PACKEIS_POSITION_TEXT_SIZE];
    int played = 0, with_position = 0;
    for (int round = 0; round < 600; round++) {
        packeis_game *game = random_game(&rng);
        if (!game)
            continue;
        size_t plies = 0, length = 0;
        assert_int_equal(packeis_game_playout(game, tc_next(&rng), &plies), PACKEIS_OK);
        size_t at = tc_next(&rng) % (plies + 1);
        assert_int_equal(packeis_game_undo_to(game, at), PACKEIS_OK);
        assert_int_equal(packeis_game_save_position(game, position, sizeof position, &length),
                         PACKEIS_OK);
        packeis_game *from = load_position(position);
        if (round % 4) {
            play_random(from, &rng, tc_next(&rng) % 12);
        } else { /* a playout records its positions its own way (internal.h) */
            assert_int_equal(packeis_game_playout(from, tc_next(&rng), &plies), PACKEIS_OK);
            assert_int_equal(packeis_game_undo_to(from, tc_next(&rng) % (plies + 1)),
                             PACKEIS_OK);
        }
        length = save(from, text);
        assert_int_equal(strstr(text, "[Position \"") != NULL, at > 0);
        with_position += at > 0;
        packeis_game *loaded = load(text);
        assert_int_equal(save(loaded, again), length);
        assert_string_equal(again, text);
        expect_same_play(from, loaded);
        assert_int_equal(packeis_game_save_position(from, now, sizeof now, &length),
                         PACKEIS_OK);
        expect_position(loaded, now);
        assert_int_equal(packeis_game_undo_to(loaded, 0), PACKEIS_OK);
        expect_position(loaded, position);
        packeis_game_free(loaded);
        packeis_game_free(from);
        packeis_game_free(game);
        played++;
    }
    assert_true(played > 500);
    assert_true(with_position > 400);
}

/* The row record with `from` (found once) replaced by `to`; the error is
 * expected `offset` characters after where `from` was. */
static void expect_row_error(const char *from, const char *to, packeis_status status,
                             size_t offset)
{
    static char text[BIG];
    size_t before = tc_replace(row_record, from, to, text, sizeof text);
    assert_null(strstr(row_record + before + 1, from));
    expect_error(text, strlen(text), status, before + offset);
}

static void test_bad_positions(void **state)
{
    (void)state;
    /* The setup part must be the headers' setup, to the character. */
    expect_row_error("6,0,3;8,0,1 players", "6,0,2;8,0,1 players", PACKEIS_E_MALFORMED_TEXT, 4);
    expect_row_error("1 players 2", "1 players 3", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_row_error("variants - |", "variants snake |", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_row_error("variants - |", "variants - hash 7 |", PACKEIS_E_MALFORMED_TEXT, 11);
    expect_row_error("\"packeis 1 custom", "\"packeis 2 custom", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_row_error("\"packeis 1 custom", "\"", PACKEIS_E_MALFORMED_TEXT, 1);
    /* The rest is read and checked as packeis_game_load_position() does. */
    expect_row_error("A.B31", "A.B21", PACKEIS_E_INVALID_POSITION, 3);
    expect_row_error("A.B31", "A.B3", PACKEIS_E_MALFORMED_TEXT, 4);
    expect_row_error("movement 1\"]", "movement 0\"]", PACKEIS_E_INVALID_POSITION, 9);
    expect_row_error("movement 1\"]", "movement 9\"]", PACKEIS_E_MALFORMED_TEXT, 9);
    expect_row_error("movement 1\"]", "movement 1 \"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_row_error("movement 1\"]", "movement 1\n\"]", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_row_error("movement 1\"]", "movement 1\"", PACKEIS_E_MALFORMED_TEXT, 11);
    expect_row_error("movement 1\"]", "movement 1", PACKEIS_E_MALFORMED_TEXT, 10);
    expect_row_error("[Position", "[Posiiton", PACKEIS_E_MALFORMED_TEXT, 2);
    /* The actions are played from the position. */
    expect_row_error("1. a3-a4", "1. a1-a2", PACKEIS_E_NOT_YOUR_PENGUIN, 3);
    expect_row_error("1. a3-a4", "1. a3-a1", PACKEIS_E_BLOCKED_BY_GAP, 3);
    expect_row_error("1. a3-a4", "1. a4", PACKEIS_E_WRONG_PHASE, 3);
    expect_row_error("(1), B", "(2), B", PACKEIS_E_MALFORMED_TEXT, 1);
}

/* Every cut of a position record fails within what is left. */
static void test_truncated_position(void **state)
{
    (void)state;
    size_t length = strlen(row_record);
    for (size_t cut = 0; cut + 1 < length; cut++) {
        packeis_game *loaded = NULL;
        size_t stop = length + 1;
        assert_int_not_equal(packeis_game_load_record(row_record, cut, NULL, &loaded, &stop),
                             PACKEIS_OK);
        assert_null(loaded);
        assert_true(stop <= cut);
    }
}

/* ---- allocation failures ------------------------------------------------ */

/* Each allocation of a load fails in turn: a clean error, nothing leaked;
 * the game, with its allocator, loads when none fails. */
static void expect_allocation_failures(const packeis_game *game)
{
    static char text[BIG];
    size_t length = save(game, text);
    for (long fail_at = 1;; fail_at++) {
        tc_alloc c;
        tc_alloc_init(&c, fail_at);
        packeis_allocator allocator = tc_alloc_allocator(&c);
        packeis_game *loaded = NULL;
        size_t stop = 0;
        packeis_status status =
            packeis_game_load_record(text, length, &allocator, &loaded, &stop);
        if (status == PACKEIS_OK) {
            assert_true(fail_at > 1); /* a load allocates: some call was refused */
            assert_true(c.calls < fail_at);
            expect_same_play(game, loaded);
            packeis_game_free(loaded);
            assert_int_equal(c.live, 0);
            assert_int_equal(c.bad_release, 0);
            break;
        }
        assert_int_equal(status, PACKEIS_E_OUT_OF_MEMORY);
        assert_int_equal(c.failures, 1);
        assert_null(loaded);
        assert_int_equal(c.live, 0);
        assert_int_equal(c.bad_release, 0);
    }
}

static void test_allocation_failures(void **state)
{
    (void)state;
    packeis_options *options = new_options(2);
    packeis_game *game = new_game(options);
    assert_int_equal(packeis_game_playout(game, 11, NULL), PACKEIS_OK);
    expect_allocation_failures(game);
    packeis_game_free(game);
    packeis_options_free(options);
    game = load_position(row_position); /* two games are made, one kept */
    play(game, "a3-a4");
    expect_allocation_failures(game);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_record),
        cmocka_unit_test(test_new_standard_game),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_crlf),
        cmocka_unit_test(test_buffer_sizes),
        cmocka_unit_test(test_bad_headers),
        cmocka_unit_test(test_unknown_variant),
        cmocka_unit_test(test_strict_numbers),
        cmocka_unit_test(test_bad_boards),
        cmocka_unit_test(test_bad_moves),
        cmocka_unit_test(test_bad_results),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_position_record),
        cmocka_unit_test(test_start_position_record),
        cmocka_unit_test(test_position_round_trips),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_truncated_position),
        cmocka_unit_test(test_allocation_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
