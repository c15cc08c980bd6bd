/* SPDX-License-Identifier: MIT */
/* Custom layouts, options, variants and the seeded shuffle of the standard
 * board, through the public API only. Every expected value below was worked
 * out by hand from doc/rules.md and packeis.h (or, for the shuffle, by an
 * independent re-implementation of the documented algorithm), never copied
 * from the engine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

enum { MAX_FLOES = 70 };

/* A layout as three parallel arrays, as packeis_options_set_layout() takes. */
typedef struct layout {
    int x[MAX_FLOES], y[MAX_FLOES], fish[MAX_FLOES];
    size_t count;
} layout;

static void add_floe(layout *l, int x, int y, int fish)
{
    assert_true(l->count < MAX_FLOES);
    l->x[l->count] = x;
    l->y[l->count] = y;
    l->fish[l->count] = fish;
    l->count++;
}

/* `rows` rows of `per_row` floes, each with `fish` fish: row y holds
 * x = (y & 1) + 2k, so every x + y is even. Cells are numbered row by row. */
static layout grid(int rows, int per_row, int fish)
{
    layout l = {.count = 0};
    for (int y = 0; y < rows; y++)
        for (int k = 0; k < per_row; k++)
            add_floe(&l, (y & 1) + 2 * k, y, fish);
    return l;
}

static packeis_options *new_options(int players)
{
    packeis_options *options = NULL;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, players), PACKEIS_OK);
    return options;
}

static void set_layout(packeis_options *options, const layout *l)
{
    assert_int_equal(packeis_options_set_layout(options, l->x, l->y, l->fish, l->count),
                     PACKEIS_OK);
}

static packeis_game *new_game(const packeis_options *options)
{
    packeis_game *game = NULL;
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    assert_non_null(game);
    return game;
}

/* A game on `l` with one penguin each (these tests look at geometry). */
static packeis_game *game_on(const layout *l, int players)
{
    packeis_options *options = new_options(players);
    set_layout(options, l);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    packeis_game *game = new_game(options);
    packeis_options_free(options);
    return game;
}

static int cell_count(const packeis_game *game) { return packeis_game_cell_count(game); }

static void assert_coords(const packeis_game *game, int cell, int x, int y)
{
    int cx = -99, cy = -99;
    assert_int_equal(packeis_game_cell_coords(game, cell, &cx, &cy), PACKEIS_OK);
    assert_int_equal(cx, x);
    assert_int_equal(cy, y);
}

static int fish_of(const packeis_game *game, int cell) { return packeis_game_fish(game, cell); }

static int neighbor(const packeis_game *game, int cell, int direction)
{
    return packeis_game_neighbor(game, cell, direction);
}

static int current_player(const packeis_game *game)
{
    return packeis_game_current_player(game);
}

static int phase_of(const packeis_game *game) { return packeis_game_phase(game); }

static int variant_on(const packeis_game *game, int variant)
{
    return packeis_game_variant(game, variant);
}

/* The board of a game: standard (with its seed) or custom (seed 0). */
static void assert_board(const packeis_game *game, int standard, uint64_t seed)
{
    assert_int_equal(packeis_game_is_standard_board(game), standard);
    assert_int_equal(packeis_game_seed(game), seed);
}

static void assert_bounds(const packeis_game *game, int min_x, int min_y, int max_x, int max_y)
{
    int got[4] = {-99, -99, -99, -99};
    assert_int_equal(packeis_game_layout_bounds(game, &got[0], &got[1], &got[2], &got[3]),
                     PACKEIS_OK);
    assert_int_equal(got[0], min_x);
    assert_int_equal(got[1], min_y);
    assert_int_equal(got[2], max_x);
    assert_int_equal(got[3], max_y);
}

static void place(packeis_game *game, int cell)
{
    assert_int_equal(packeis_game_apply(game, packeis_move_placement(cell)), PACKEIS_OK);
}

static int count_bits(uint64_t set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

/* The status packeis_options_set_layout() gives for `l`. */
static packeis_status layout_status(const layout *l)
{
    packeis_options *options = new_options(2);
    packeis_status status = packeis_options_set_layout(options, l->x, l->y, l->fish, l->count);
    packeis_options_free(options);
    return status;
}

/* A valid three-floe row (0,0) (2,0) (4,0), one fish each. */
static layout small_row(void)
{
    layout l = {.count = 0};
    add_floe(&l, 0, 0, 1);
    add_floe(&l, 2, 0, 1);
    add_floe(&l, 4, 0, 1);
    return l;
}

/* ------------------------------------------------------------------------ */
/* Layout validation: one test per error                                   */

static void test_duplicate_cell(void **state)
{
    (void)state;
    layout l = small_row();
    add_floe(&l, 2, 0, 3); /* (2,0) a second time */
    assert_int_equal(layout_status(&l), PACKEIS_E_DUPLICATE_CELL);
}

static void test_duplicate_cell_not_adjacent_in_input(void **state)
{
    (void)state;
    /* The two copies of (0,0) are first and last in the input: found after
     * sorting into reading order all the same. */
    layout l = small_row();
    add_floe(&l, 1, 1, 1);
    add_floe(&l, 0, 0, 2);
    assert_int_equal(layout_status(&l), PACKEIS_E_DUPLICATE_CELL);
}

static void test_mixed_parity(void **state)
{
    (void)state;
    layout l = small_row();
    add_floe(&l, 1, 0, 1); /* 1 + 0 is odd, the others even */
    assert_int_equal(layout_status(&l), PACKEIS_E_MIXED_PARITY);
}

static void test_fish_zero(void **state)
{
    (void)state;
    layout l = small_row();
    l.fish[1] = 0;
    assert_int_equal(layout_status(&l), PACKEIS_E_FISH_OUT_OF_RANGE);
}

static void test_fish_four(void **state)
{
    (void)state;
    layout l = small_row();
    l.fish[2] = 4;
    assert_int_equal(layout_status(&l), PACKEIS_E_FISH_OUT_OF_RANGE);
}

static void test_too_many_cells(void **state)
{
    (void)state;
    /* 65 distinct floes of even parity: a 64-floe grid and one more. */
    layout l = grid(8, 8, 1);
    add_floe(&l, 0, 8, 1);
    assert_int_equal(l.count, 65);
    assert_int_equal(layout_status(&l), PACKEIS_E_TOO_MANY_CELLS);
}

static void test_no_cells(void **state)
{
    (void)state;
    layout l = small_row();
    l.count = 0;
    assert_int_equal(layout_status(&l), PACKEIS_E_NO_CELLS);
}

static void test_coord_out_of_range(void **state)
{
    (void)state;
    /* Parity kept even so that the coordinate is the only fault. */
    layout l = small_row();
    l.x[1] = PACKEIS_COORD_MAX + 2;
    assert_int_equal(layout_status(&l), PACKEIS_E_COORD_OUT_OF_RANGE);
    l = small_row();
    l.y[2] = PACKEIS_COORD_MIN - 2;
    assert_int_equal(layout_status(&l), PACKEIS_E_COORD_OUT_OF_RANGE);
}

static void test_coord_limits_accepted(void **state)
{
    (void)state;
    /* Both ends of the range are legal; (1000000, -1000000) is even. */
    layout l = {.count = 0};
    add_floe(&l, PACKEIS_COORD_MAX, PACKEIS_COORD_MIN, 1);
    add_floe(&l, PACKEIS_COORD_MIN, PACKEIS_COORD_MAX, 1);
    packeis_game *game = game_on(&l, 2);
    /* Reading order: the floe in the row -1000000 comes first. */
    assert_coords(game, 0, PACKEIS_COORD_MAX, PACKEIS_COORD_MIN);
    assert_coords(game, 1, PACKEIS_COORD_MIN, PACKEIS_COORD_MAX);
    packeis_game_free(game);
}

static void test_faults_reported_in_documented_order(void **state)
{
    (void)state;
    /* Coordinates, then fish, then parity, then duplicates, each looked for
     * over all floes: the later fault comes first in the input. */
    layout l = small_row();
    add_floe(&l, 0, 0, 1);       /* duplicate */
    add_floe(&l, 1, 0, 1);       /* mixed parity */
    add_floe(&l, 8, 0, 0);       /* bad fish */
    add_floe(&l, 2000000, 0, 1); /* bad coordinate */
    assert_int_equal(layout_status(&l), PACKEIS_E_COORD_OUT_OF_RANGE);
    l.count--;
    assert_int_equal(layout_status(&l), PACKEIS_E_FISH_OUT_OF_RANGE);
    l.count--;
    assert_int_equal(layout_status(&l), PACKEIS_E_MIXED_PARITY);
    l.count--;
    assert_int_equal(layout_status(&l), PACKEIS_E_DUPLICATE_CELL);
}

static void test_null_arrays(void **state)
{
    (void)state;
    layout l = small_row();
    packeis_options *options = new_options(2);
    assert_int_equal(packeis_options_set_layout(options, NULL, l.y, l.fish, 3),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(options, l.x, NULL, l.fish, 3),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(options, l.x, l.y, NULL, 3),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(NULL, l.x, l.y, l.fish, 3),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_options_free(options);
}

/* Plays every failing call on options holding `kept`, then checks a game
 * made from them still has `kept`. */
static void assert_layout_kept(packeis_options *options, const layout *kept)
{
    layout bad = small_row();
    bad.fish[0] = 4;
    assert_int_not_equal(packeis_options_set_layout(options, bad.x, bad.y, bad.fish, 3),
                         PACKEIS_OK);
    bad = small_row();
    bad.x[0] = 1;
    assert_int_not_equal(packeis_options_set_layout(options, bad.x, bad.y, bad.fish, 3),
                         PACKEIS_OK);
    bad = small_row();
    bad.x[0] = 2;
    assert_int_not_equal(packeis_options_set_layout(options, bad.x, bad.y, bad.fish, 3),
                         PACKEIS_OK);
    assert_int_not_equal(packeis_options_set_layout(options, bad.x, bad.y, bad.fish, 0),
                         PACKEIS_OK);
    packeis_game *game = new_game(options);
    assert_int_equal(cell_count(game), (int)kept->count);
    for (int c = 0; c < (int)kept->count; c++) {
        assert_coords(game, c, kept->x[c], kept->y[c]);
        assert_int_equal(fish_of(game, c), kept->fish[c]);
    }
    packeis_game_free(game);
}

static void test_error_keeps_previous_layout(void **state)
{
    (void)state;
    /* Eight one-fish floes in reading order, enough for 2 x 4 penguins. */
    layout kept = grid(2, 4, 1);
    kept.fish[7] = 3;
    kept.fish[0] = 2;
    add_floe(&kept, 1, 3, 1);
    add_floe(&kept, 3, 3, 1);
    packeis_options *options = new_options(2);
    set_layout(options, &kept);
    assert_layout_kept(options, &kept);
    packeis_options_free(options);
}

static void test_error_keeps_standard_board(void **state)
{
    (void)state;
    packeis_options *options = new_options(2);
    assert_int_equal(packeis_options_set_seed(options, 7), PACKEIS_OK);
    layout bad = small_row();
    bad.fish[1] = 0;
    assert_int_equal(packeis_options_set_layout(options, bad.x, bad.y, bad.fish, 3),
                     PACKEIS_E_FISH_OUT_OF_RANGE);
    packeis_game *game = new_game(options);
    assert_board(game, 1, 7);
    assert_int_equal(cell_count(game), 60);
    packeis_game_free(game);
    packeis_options_free(options);
}

/* ------------------------------------------------------------------------ */
/* Accepted layouts                                                         */

static void test_sixty_four_floes(void **state)
{
    (void)state;
    /* 8 rows of 8: cell 8y + k is at ((y & 1) + 2k, y). */
    layout l = grid(8, 8, 1);
    packeis_game *game = game_on(&l, 2);
    assert_int_equal(cell_count(game), 64);
    for (int c = 0; c < 64; c++)
        assert_coords(game, c, ((c / 8) & 1) + 2 * (c % 8), c / 8);
    assert_true(packeis_game_floes(game) == ~(uint64_t)0);
    assert_bounds(game, 0, 0, 15, 7);
    /* Cell 63 is (15,7): west 62, north-west (14,6) = 55, nothing else. */
    assert_int_equal(neighbor(game, 63, PACKEIS_DIRECTION_WEST), 62);
    assert_int_equal(neighbor(game, 63, PACKEIS_DIRECTION_NORTH_WEST), 55);
    assert_int_equal(neighbor(game, 63, PACKEIS_DIRECTION_NORTH_EAST), -1);
    assert_int_equal(neighbor(game, 63, PACKEIS_DIRECTION_EAST), -1);
    assert_int_equal(neighbor(game, 63, PACKEIS_DIRECTION_SOUTH_EAST), -1);
    /* A penguin on the last cell is bit 63. */
    place(game, 63);
    assert_true(packeis_game_penguins(game, 0) == (uint64_t)1 << 63);
    assert_int_equal(packeis_game_penguin_at(game, 63), 0);
    packeis_game_free(game);
}

static void test_negative_coordinates(void **state)
{
    (void)state;
    /* Rows -1 and 0; x + y even everywhere. Reading order:
     *   (-3,-1)=0  (-1,-1)=1
     *      (-2,0)=2   (0,0)=3                                             */
    layout l = {.count = 0};
    add_floe(&l, 0, 0, 3);
    add_floe(&l, -3, -1, 1);
    add_floe(&l, -2, 0, 2);
    add_floe(&l, -1, -1, 1);
    packeis_game *game = game_on(&l, 2);
    assert_coords(game, 0, -3, -1);
    assert_coords(game, 1, -1, -1);
    assert_coords(game, 2, -2, 0);
    assert_coords(game, 3, 0, 0);
    assert_int_equal(fish_of(game, 3), 3);
    assert_int_equal(fish_of(game, 2), 2);
    assert_int_equal(neighbor(game, 0, PACKEIS_DIRECTION_SOUTH_EAST), 2);
    assert_int_equal(neighbor(game, 1, PACKEIS_DIRECTION_SOUTH_WEST), 2);
    assert_int_equal(neighbor(game, 1, PACKEIS_DIRECTION_SOUTH_EAST), 3);
    assert_int_equal(neighbor(game, 3, PACKEIS_DIRECTION_WEST), 2);
    assert_int_equal(neighbor(game, 3, PACKEIS_DIRECTION_NORTH_WEST), 1);
    assert_int_equal(packeis_game_cell_at(game, -1, -1), 1);
    assert_int_equal(packeis_game_cell_at(game, -4, -1), -1);
    /* x from -3 to 0, y from -1 to 0. */
    assert_bounds(game, -3, -1, 0, 0);
    packeis_game_free(game);
}

/* Checks that `game` is the 6-floe layout of test_input_order_irrelevant. */
static void assert_renumbered(const packeis_game *game)
{
    static const int want_x[] = {3, 5, 2, 4, 6, 1};
    static const int want_y[] = {0, 0, 1, 1, 1, 2};
    static const int want_fish[] = {1, 2, 3, 1, 2, 3};
    assert_int_equal(cell_count(game), 6);
    for (int c = 0; c < 6; c++) {
        assert_coords(game, c, want_x[c], want_y[c]);
        assert_int_equal(fish_of(game, c), want_fish[c]);
    }
}

static void test_input_order_irrelevant(void **state)
{
    (void)state;
    /* Reading order (by y, then x):
     *      (3,0)=0 f1  (5,0)=1 f2
     *   (2,1)=2 f3 (4,1)=3 f1 (6,1)=4 f2
     *  (1,2)=5 f3                                                          */
    layout forward = {.count = 0}, shuffled = {.count = 0};
    add_floe(&forward, 3, 0, 1);
    add_floe(&forward, 5, 0, 2);
    add_floe(&forward, 2, 1, 3);
    add_floe(&forward, 4, 1, 1);
    add_floe(&forward, 6, 1, 2);
    add_floe(&forward, 1, 2, 3);
    static const int order[] = {5, 4, 1, 3, 0, 2};
    for (int i = 0; i < 6; i++)
        add_floe(&shuffled, forward.x[order[i]], forward.y[order[i]], forward.fish[order[i]]);
    packeis_game *a = game_on(&forward, 2);
    packeis_game *b = game_on(&shuffled, 2);
    assert_renumbered(a);
    assert_renumbered(b);
    packeis_game_free(a);
    packeis_game_free(b);
}

static void test_standard_layout_restored(void **state)
{
    (void)state;
    layout l = small_row();
    packeis_options *options = new_options(2);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    set_layout(options, &l);
    packeis_game *custom = new_game(options);
    assert_board(custom, 0, 0);
    assert_int_equal(cell_count(custom), 3);
    assert_bounds(custom, 0, 0, 4, 0);
    assert_int_equal(packeis_options_set_standard_layout(options), PACKEIS_OK);
    packeis_game *back = new_game(options);
    assert_board(back, 1, 0);
    assert_int_equal(cell_count(back), 60);
    assert_bounds(back, 0, 0, 14, 7);
    packeis_game_free(custom);
    packeis_game_free(back);
    packeis_options_free(options);
}

/* ------------------------------------------------------------------------ */
/* Room for the penguins                                                    */

static packeis_status new_game_status(const layout *l, int players, int penguins)
{
    packeis_options *options = new_options(players);
    if (l)
        set_layout(options, l);
    assert_int_equal(packeis_options_set_penguins(options, penguins), PACKEIS_OK);
    packeis_game *game = NULL;
    packeis_status status = packeis_game_new(options, &game);
    if (status == PACKEIS_OK) {
        int per_player = packeis_game_penguins_per_player(game);
        if (penguins)
            assert_int_equal(per_player, penguins);
    } else {
        assert_null(game);
    }
    packeis_game_free(game);
    packeis_options_free(options);
    return status;
}

/* A grid of 16 floes of which exactly `ones` carry one fish (the others 2). */
static layout floes_with_ones(int ones)
{
    layout l = grid(2, 8, 2);
    for (int c = 0; c < ones; c++)
        l.fish[c] = 1;
    return l;
}

static void test_too_few_one_fish_floes(void **state)
{
    (void)state;
    /* Defaults: 2 x 4 = 8 penguins, 3 x 3 = 9, 4 x 2 = 8. */
    layout seven = floes_with_ones(7), eight = floes_with_ones(8);
    layout nine = floes_with_ones(9);
    assert_int_equal(new_game_status(&seven, 2, 0), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(&eight, 2, 0), PACKEIS_OK);
    assert_int_equal(new_game_status(&eight, 3, 0), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(&nine, 3, 0), PACKEIS_OK);
    assert_int_equal(new_game_status(&seven, 4, 0), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(&eight, 4, 0), PACKEIS_OK);
}

static void test_penguins_override_custom(void **state)
{
    (void)state;
    /* Six one-fish floes: 2 players take 1, 2 or 3 each, not 4; 3 players
     * 2 each, not 3. */
    layout six = floes_with_ones(6);
    assert_int_equal(new_game_status(&six, 2, 1), PACKEIS_OK);
    assert_int_equal(new_game_status(&six, 2, 3), PACKEIS_OK);
    assert_int_equal(new_game_status(&six, 2, 4), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(&six, 3, 2), PACKEIS_OK);
    assert_int_equal(new_game_status(&six, 3, 3), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(&six, 4, 1), PACKEIS_OK);
    assert_int_equal(new_game_status(&six, 4, 2), PACKEIS_E_TOO_FEW_FLOES);
}

static void test_penguins_override_standard(void **state)
{
    (void)state;
    /* The standard board has 30 one-fish floes, whatever the seed. */
    assert_int_equal(new_game_status(NULL, 2, 1), PACKEIS_OK);
    assert_int_equal(new_game_status(NULL, 2, 15), PACKEIS_OK);
    assert_int_equal(new_game_status(NULL, 2, 16), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(NULL, 3, 10), PACKEIS_OK);
    assert_int_equal(new_game_status(NULL, 3, 11), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(new_game_status(NULL, 4, 7), PACKEIS_OK);
    assert_int_equal(new_game_status(NULL, 4, 8), PACKEIS_E_TOO_FEW_FLOES);
}

static void test_penguins_option_range(void **state)
{
    (void)state;
    packeis_options *options = new_options(2);
    assert_int_equal(packeis_options_set_penguins(options, -1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_penguins(options, PACKEIS_MAX_CELLS + 1),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_penguins(options, PACKEIS_MAX_CELLS), PACKEIS_OK);
    /* 0 goes back to the rules' number. */
    assert_int_equal(packeis_options_set_penguins(options, 0), PACKEIS_OK);
    packeis_game *game = new_game(options);
    assert_int_equal(packeis_game_penguins_per_player(game), 4);
    packeis_game_free(game);
    packeis_options_free(options);
}

static void test_one_penguin_each_game(void **state)
{
    (void)state;
    /* With one penguin each, movement starts after two placements. */
    layout l = floes_with_ones(4);
    packeis_options *options = new_options(2);
    set_layout(options, &l);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    packeis_game *game = new_game(options);
    place(game, 0);
    assert_int_equal(phase_of(game), PACKEIS_PHASE_PLACEMENT);
    place(game, 3);
    assert_int_equal(phase_of(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(current_player(game), 0);
    packeis_game_free(game);
    packeis_options_free(options);
}

/* ------------------------------------------------------------------------ */
/* Variants                                                                 */

static void test_variants_off_by_default(void **state)
{
    (void)state;
    packeis_game *game = new_game(NULL);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_PLACE_ANY_FLOE), 0);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_SNAKE_PLACEMENT), 0);
    /* An unknown variant is off. */
    assert_int_equal(packeis_game_variant(game, PACKEIS_VARIANT_COUNT), 0);
    assert_int_equal(packeis_game_variant(game, -1), 0);
    packeis_game_free(game);
    packeis_options *options = new_options(2);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_COUNT, 1),
                     PACKEIS_E_INVALID_ARGUMENT);
    game = new_game(options);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_PLACE_ANY_FLOE), 0);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_SNAKE_PLACEMENT), 0);
    packeis_game_free(game);
    packeis_options_free(options);
}

/* A game on `l` with one variant on or off and `penguins` each. */
static packeis_game *variant_game(const layout *l, int players, int penguins, int variant,
                                  int on)
{
    packeis_options *options = new_options(players);
    set_layout(options, l);
    assert_int_equal(packeis_options_set_penguins(options, penguins), PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(options, variant, on), PACKEIS_OK);
    packeis_game *game = new_game(options);
    packeis_options_free(options);
    return game;
}

/* Cells (0,0) f1, (2,0) f2, (4,0) f3, (6,0) f1 = cells 0..3. */
static layout mixed_row(void)
{
    layout l = {.count = 0};
    add_floe(&l, 0, 0, 1);
    add_floe(&l, 2, 0, 2);
    add_floe(&l, 4, 0, 3);
    add_floe(&l, 6, 0, 1);
    return l;
}

static void test_place_any_floe(void **state)
{
    (void)state;
    layout l = mixed_row();
    packeis_game *game = variant_game(&l, 2, 2, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_PLACE_ANY_FLOE), 1);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_SNAKE_PLACEMENT), 0);
    /* Every floe is a placement: 0, 1, 2, 3 by destination. */
    packeis_move moves[8];
    size_t count = 0;
    assert_int_equal(packeis_game_legal_moves(game, moves, 8, &count), PACKEIS_OK);
    assert_int_equal(count, 4);
    for (int c = 0; c < 4; c++)
        assert_int_equal(moves[c], packeis_move_placement(c));
    assert_int_equal(packeis_game_check_move(game, packeis_move_placement(2)), PACKEIS_OK);
    place(game, 1); /* two fish */
    assert_int_equal(packeis_game_check_move(game, packeis_move_placement(2)), PACKEIS_OK);
    place(game, 2); /* three fish */
    /* Still no placement on an occupied floe. */
    assert_int_equal(packeis_game_check_move(game, packeis_move_placement(1)),
                     PACKEIS_E_OCCUPIED);
    assert_int_equal(packeis_game_apply(game, packeis_move_placement(1)), PACKEIS_E_OCCUPIED);
    assert_int_equal(packeis_game_apply(game, packeis_move_placement(2)), PACKEIS_E_OCCUPIED);
    packeis_game_free(game);
}

static void test_place_any_floe_off(void **state)
{
    (void)state;
    layout l = mixed_row();
    packeis_game *game = variant_game(&l, 2, 1, PACKEIS_VARIANT_PLACE_ANY_FLOE, 0);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_PLACE_ANY_FLOE), 0);
    assert_int_equal(packeis_game_apply(game, packeis_move_placement(1)),
                     PACKEIS_E_NOT_ONE_FISH);
    assert_int_equal(packeis_game_apply(game, packeis_move_placement(2)),
                     PACKEIS_E_NOT_ONE_FISH);
    assert_int_equal(packeis_game_ply_count(game), 0);
    place(game, 3);
    packeis_game_free(game);
}

static void test_place_any_floe_room(void **state)
{
    (void)state;
    /* Two one-fish floes for four penguins: only the variant has room. */
    layout l = mixed_row();
    packeis_options *options = new_options(2);
    set_layout(options, &l);
    assert_int_equal(packeis_options_set_penguins(options, 2), PACKEIS_OK);
    packeis_game *game = NULL;
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_E_TOO_FEW_FLOES);
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
                     PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_game_free(game);
    /* And it can be turned off again. */
    assert_int_equal(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 0),
                     PACKEIS_OK);
    game = NULL;
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_E_TOO_FEW_FLOES);
    packeis_options_free(options);
}

/* Places penguins on cells 0, 1, 2, ... checking that the player to act
 * follows `order`; then movement starts with player 0. */
static void assert_placement_order(packeis_game *game, const int *order, int placements)
{
    for (int i = 0; i < placements; i++) {
        assert_int_equal(phase_of(game), PACKEIS_PHASE_PLACEMENT);
        assert_int_equal(current_player(game), order[i]);
        place(game, i);
        assert_int_equal(packeis_game_penguin_at(game, i), order[i]);
    }
    assert_int_equal(phase_of(game), PACKEIS_PHASE_MOVEMENT);
    assert_int_equal(current_player(game), 0);
}

/* Two rows of ten one-fish floes: after placing on cells 0..8 of the top
 * row, every penguin can still step into the free second row. */
static packeis_game *snake_game(int players, int on)
{
    layout l = grid(2, 10, 1);
    packeis_game *game = variant_game(&l, players, 0, PACKEIS_VARIANT_SNAKE_PLACEMENT, on);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_SNAKE_PLACEMENT), on);
    assert_int_equal(variant_on(game, PACKEIS_VARIANT_PLACE_ANY_FLOE), 0);
    return game;
}

static void test_snake_two_players(void **state)
{
    (void)state;
    static const int order[] = {0, 1, 1, 0, 0, 1, 1, 0};
    packeis_game *game = snake_game(2, 1);
    assert_placement_order(game, order, 8);
    packeis_game_free(game);
}

static void test_snake_three_players(void **state)
{
    (void)state;
    static const int order[] = {0, 1, 2, 2, 1, 0, 0, 1, 2};
    packeis_game *game = snake_game(3, 1);
    assert_placement_order(game, order, 9);
    packeis_game_free(game);
}

static void test_snake_four_players(void **state)
{
    (void)state;
    static const int order[] = {0, 1, 2, 3, 3, 2, 1, 0};
    packeis_game *game = snake_game(4, 1);
    assert_placement_order(game, order, 8);
    packeis_game_free(game);
}

static void test_snake_off(void **state)
{
    (void)state;
    static const int order[] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
    packeis_game *game = snake_game(3, 0);
    assert_placement_order(game, order, 9);
    packeis_game_free(game);
}

static void test_snake_undo(void **state)
{
    (void)state;
    /* Undoing the third placement of a snake game gives the turn back to
     * player 1, who placed it. */
    packeis_game *game = snake_game(2, 1);
    place(game, 0);
    place(game, 1);
    place(game, 2);
    assert_int_equal(current_player(game), 0);
    assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
    assert_int_equal(current_player(game), 1);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* The seeded shuffle of the standard board                                 */

/* Fish of cells 0..59 for seeds 0, 1 and 2, computed by an independent
 * Python implementation of the algorithm documented at
 * packeis_options_set_seed() (SplitMix64, Lemire's bounded draw,
 * Fisher-Yates from i = 59 down to 1 over 30 x 1, 20 x 2, 10 x 3). */
static const int seed_fish[3][60] = {
    {1, 2, 1, 3, 2, 1, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 3, 2, 1, 1, 2, 3, 3, 1, 1, 2, 1, 3, 1, 2,
     1, 2, 2, 1, 1, 2, 3, 2, 2, 3, 2, 1, 2, 1, 1, 2, 1, 3, 2, 1, 2, 1, 2, 1, 1, 1, 3, 1, 1, 3},
    {1, 1, 1, 1, 1, 3, 3, 2, 2, 2, 1, 2, 2, 1, 1, 2, 1, 3, 2, 3, 3, 1, 3, 2, 1, 1, 3, 1, 2, 3,
     2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 2, 3, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 3, 2, 2},
    {1, 1, 1, 1, 3, 1, 1, 2, 1, 3, 3, 1, 2, 2, 1, 3, 1, 3, 1, 2, 1, 3, 2, 1, 2, 1, 2, 1, 2, 2,
     3, 1, 2, 2, 1, 2, 1, 1, 1, 1, 3, 2, 1, 1, 1, 2, 3, 1, 1, 1, 2, 1, 3, 2, 1, 1, 2, 2, 2, 2},
};

static void test_shuffle_pinned_seeds(void **state)
{
    (void)state;
    for (int seed = 0; seed < 3; seed++) {
        packeis_game *game = tc_standard_game(2, (uint64_t)seed);
        assert_int_equal(cell_count(game), 60);
        for (int c = 0; c < TC_STANDARD_CELLS; c++)
            assert_int_equal(fish_of(game, c), seed_fish[seed][c]);
        assert_board(game, 1, (uint64_t)seed);
        packeis_game_free(game);
    }
}

static void test_default_board_is_seed_zero(void **state)
{
    (void)state;
    packeis_game *game = new_game(NULL);
    for (int c = 0; c < TC_STANDARD_CELLS; c++)
        assert_int_equal(fish_of(game, c), seed_fish[0][c]);
    packeis_game_free(game);
}

/* The three fish sets of a game: disjoint, covering all 60 cells, 30/20/10. */
static void fish_sets(const packeis_game *game, uint64_t sets[3])
{
    sets[0] = sets[1] = sets[2] = 0;
    assert_int_equal(cell_count(game), 60);
    for (int c = 0; c < TC_STANDARD_CELLS; c++) {
        int fish = fish_of(game, c);
        assert_in_range(fish, 1, 3);
        sets[fish - 1] |= (uint64_t)1 << c;
    }
    assert_true((sets[0] | sets[1] | sets[2]) == ((uint64_t)1 << 60) - 1);
    assert_int_equal(count_bits(sets[0]), 30);
    assert_int_equal(count_bits(sets[1]), 20);
    assert_int_equal(count_bits(sets[2]), 10);
}

static void test_shuffle_counts_many_seeds(void **state)
{
    (void)state;
    static const uint64_t extra[] = {UINT64_MAX, 0x8000000000000000u, 0x9E3779B97F4A7C15u,
                                     123456789u};
    uint64_t previous[3] = {0, 0, 0};
    for (int i = 0; i < 200 + 4; i++) {
        uint64_t seed = i < 200 ? (uint64_t)i * 7919u : extra[i - 200];
        packeis_game *game = tc_standard_game(2, seed);
        uint64_t sets[3];
        fish_sets(game, sets);
        /* Each board differs from the one before (two equal boards out of
         * C(60,30)*C(30,20) arrangements would be an accident of ~1e-24). */
        assert_false(sets[0] == previous[0] && sets[1] == previous[1]);
        previous[0] = sets[0];
        previous[1] = sets[1];
        packeis_game_free(game);
    }
}

static void test_shuffle_same_seed_same_board(void **state)
{
    (void)state;
    packeis_game *a = tc_standard_game(2, 424242), *b = tc_standard_game(2, 424242);
    uint64_t sa[3], sb[3];
    fish_sets(a, sa);
    fish_sets(b, sb);
    for (int f = 0; f < 3; f++)
        assert_true(sa[f] == sb[f]);
    packeis_game_free(a);
    packeis_game_free(b);
}

/* The library's boards for the pinned seeds differ pairwise (each equals
 * its pinned table, test_pinned_seeds): the seed is not ignored. */
static void test_pinned_seeds_differ(void **state)
{
    (void)state;
    for (uint64_t a = 0; a < 3; a++)
        for (uint64_t b = a + 1; b < 3; b++) {
            packeis_game *first = tc_standard_game(2, a), *second = tc_standard_game(2, b);
            int differ = 0;
            for (int c = 0; c < TC_STANDARD_CELLS; c++)
                differ += fish_of(first, c) != fish_of(second, c);
            assert_int_not_equal(differ, 0);
            packeis_game_free(first);
            packeis_game_free(second);
        }
}

static void test_seed_ignored_with_custom_layout(void **state)
{
    (void)state;
    layout l = mixed_row();
    packeis_options *options = new_options(2);
    assert_int_equal(packeis_options_set_penguins(options, 1), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(options, 5), PACKEIS_OK);
    set_layout(options, &l);
    packeis_game *game = new_game(options);
    assert_board(game, 0, 0);
    for (int c = 0; c < 4; c++)
        assert_int_equal(fish_of(game, c), l.fish[c]);
    packeis_game_free(game);
    packeis_options_free(options);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_duplicate_cell),
        cmocka_unit_test(test_duplicate_cell_not_adjacent_in_input),
        cmocka_unit_test(test_mixed_parity),
        cmocka_unit_test(test_fish_zero),
        cmocka_unit_test(test_fish_four),
        cmocka_unit_test(test_too_many_cells),
        cmocka_unit_test(test_no_cells),
        cmocka_unit_test(test_coord_out_of_range),
        cmocka_unit_test(test_coord_limits_accepted),
        cmocka_unit_test(test_faults_reported_in_documented_order),
        cmocka_unit_test(test_null_arrays),
        cmocka_unit_test(test_error_keeps_previous_layout),
        cmocka_unit_test(test_error_keeps_standard_board),
        cmocka_unit_test(test_sixty_four_floes),
        cmocka_unit_test(test_negative_coordinates),
        cmocka_unit_test(test_input_order_irrelevant),
        cmocka_unit_test(test_standard_layout_restored),
        cmocka_unit_test(test_too_few_one_fish_floes),
        cmocka_unit_test(test_penguins_override_custom),
        cmocka_unit_test(test_penguins_override_standard),
        cmocka_unit_test(test_penguins_option_range),
        cmocka_unit_test(test_one_penguin_each_game),
        cmocka_unit_test(test_variants_off_by_default),
        cmocka_unit_test(test_place_any_floe),
        cmocka_unit_test(test_place_any_floe_off),
        cmocka_unit_test(test_place_any_floe_room),
        cmocka_unit_test(test_snake_two_players),
        cmocka_unit_test(test_snake_three_players),
        cmocka_unit_test(test_snake_four_players),
        cmocka_unit_test(test_snake_off),
        cmocka_unit_test(test_snake_undo),
        cmocka_unit_test(test_shuffle_pinned_seeds),
        cmocka_unit_test(test_default_board_is_seed_zero),
        cmocka_unit_test(test_shuffle_counts_many_seeds),
        cmocka_unit_test(test_shuffle_same_seed_same_board),
        cmocka_unit_test(test_pinned_seeds_differ),
        cmocka_unit_test(test_seed_ignored_with_custom_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
