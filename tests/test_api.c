/* SPDX-License-Identifier: MIT */
/* The bad-input matrix and robustness: every public function with NULL
 * pointers, values out of range, wrong phases, illegal moves and short
 * buffers returns its documented status and leaves the game exactly as it
 * was; allocator failures are clean and leak nothing; games and clones of one
 * game run on several threads at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "counting_alloc.h"

#define NCELLS     PACKEIS_MAX_CELLS
#define NPLAYERS   PACKEIS_MAX_PLAYERS
#define MAX_PLIES  160
#define SENTINEL   0x5A5A5A5A
#define SENTINEL64 0x5A5A5A5A5A5A5A5Au

/* ------------------------------------------------------------------------ */
/* A snapshot of everything the public queries say about a game.            */

typedef struct snapshot {
    int players, penguins, variant[PACKEIS_VARIANT_COUNT], standard, cells;
    uint64_t seed, hash_seed, floes, hash;
    int fish_on[NCELLS];
    int phase, player;
    uint64_t penguin_set[NPLAYERS];
    int fish[NPLAYERS], floes_won[NPLAYERS], out[NPLAYERS], rank[NPLAYERS];
    unsigned winners;
    size_t plies, redo, legal_count;
    packeis_move legal[PACKEIS_MAX_MOVES], history[MAX_PLIES];
    int owner[NCELLS];
    uint64_t destinations[NCELLS], perft2;
    int bounds[4];
} snapshot;

static void snap_setup(const packeis_game *g, snapshot *s)
{
    s->players = packeis_game_player_count(g);
    s->penguins = packeis_game_penguins_per_player(g);
    for (int v = 0; v < PACKEIS_VARIANT_COUNT; v++)
        s->variant[v] = packeis_game_variant(g, v);
    s->standard = packeis_game_is_standard_board(g);
    s->seed = packeis_game_seed(g);
    s->hash_seed = packeis_game_hash_seed(g);
    s->cells = packeis_game_cell_count(g);
    for (int c = 0; c < s->cells; c++)
        s->fish_on[c] = packeis_game_fish(g, c);
    assert_int_equal(packeis_game_layout_bounds(g, &s->bounds[0], &s->bounds[1], &s->bounds[2],
                                                &s->bounds[3]),
                     PACKEIS_OK);
}

static void snap_cells(const packeis_game *g, snapshot *s)
{
    for (int c = 0; c < s->cells; c++) {
        s->owner[c] = packeis_game_penguin_at(g, c);
        s->destinations[c] = packeis_game_destinations(g, c);
    }
}

static void snap_players(const packeis_game *g, snapshot *s)
{
    for (int p = 0; p < s->players; p++) {
        s->penguin_set[p] = packeis_game_penguins(g, p);
        s->fish[p] = packeis_game_fish_won(g, p);
        s->floes_won[p] = packeis_game_floes_won(g, p);
        s->out[p] = packeis_game_is_out(g, p);
        s->rank[p] = packeis_game_rank(g, p);
    }
    s->winners = packeis_game_winners(g);
}

static void snap_take(const packeis_game *g, snapshot *s)
{
    size_t count = 0;
    memset(s, 0, sizeof *s);
    snap_setup(g, s);
    snap_cells(g, s);
    snap_players(g, s);
    s->floes = packeis_game_floes(g);
    s->hash = packeis_game_hash(g);
    s->phase = packeis_game_phase(g);
    s->player = packeis_game_current_player(g);
    s->plies = packeis_game_ply_count(g);
    s->redo = packeis_game_redo_count(g);
    assert_int_equal(packeis_game_history(g, s->history, MAX_PLIES, &count), PACKEIS_OK);
    assert_int_equal(packeis_game_legal_moves(g, s->legal, PACKEIS_MAX_MOVES, &s->legal_count),
                     PACKEIS_OK);
    s->perft2 = packeis_game_perft(g, 2);
}

static void snap_expect(const packeis_game *g, const snapshot *before)
{
    static snapshot now;
    snap_take(g, &now);
    assert_memory_equal(&now, before, sizeof now);
}

/* ------------------------------------------------------------------------ */
/* Games at each stage.                                                     */

enum stage { PLACEMENT, MOVEMENT, OVER, STAGES };

static packeis_game *new_game(packeis_options *o)
{
    packeis_game *g = NULL;
    assert_int_equal(packeis_game_new(o, &g), PACKEIS_OK);
    return g;
}

/* Plays the move of index (i * 5 + 1) mod count, `plies` times. */
static void play_fixed(packeis_game *g, size_t plies)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (size_t i = 0; i < plies; i++) {
        size_t n = 0;
        assert_int_equal(packeis_game_legal_moves(g, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
        assert_true(n > 0);
        assert_int_equal(packeis_game_apply(g, moves[(i * 5 + 1) % n]), PACKEIS_OK);
    }
}

/* A small custom board (20 floes), so that cells 20..63 are valid move
 * values but not cells of the layout; on allocator `a` (NULL: the default). */
static packeis_game *small_game_on(const packeis_allocator *a)
{
    int x[20], y[20], fish[20];
    packeis_options *o = NULL;
    for (int i = 0; i < 20; i++) {
        y[i] = i / 5;
        x[i] = 2 * (i % 5) + (y[i] & 1);
        fish[i] = i % 3 == 0 ? 2 : 1;
    }
    assert_int_equal(packeis_options_new(a, &o), PACKEIS_OK);
    assert_int_equal(packeis_options_set_layout(o, x, y, fish, 20), PACKEIS_OK);
    packeis_game *g = new_game(o);
    packeis_options_free(o);
    return g;
}

static packeis_game *small_game(void) { return small_game_on(NULL); }

static packeis_game *stage_game(enum stage stage)
{
    packeis_game *g = small_game();
    if (stage == PLACEMENT)
        play_fixed(g, 3);
    if (stage == MOVEMENT)
        play_fixed(g, 8 + 3);
    if (stage == OVER)
        assert_int_equal(packeis_game_playout(g, 5, NULL), PACKEIS_OK);
    return g;
}

/* ------------------------------------------------------------------------ */
/* Status codes, version, limits, move values.                              */

static void test_strerror(void **state)
{
    (void)state;
    const char *unknown = packeis_strerror(9999);
    assert_non_null(unknown);
    assert_string_equal(unknown, "unknown status");
    assert_string_equal(packeis_strerror(-1), "unknown status");
    assert_string_equal(packeis_strerror(INT_MIN), "unknown status");
    /* The newest code; update when one is appended. */
    const int last = PACKEIS_E_STOPPED;
    assert_int_equal(last, PACKEIS_STATUS_COUNT - 1);
    assert_string_equal(packeis_strerror(last + 1), "unknown status");
    for (int a = PACKEIS_OK; a <= last; a++) {
        const char *text = packeis_strerror(a);
        assert_non_null(text);
        assert_true(strlen(text) > 0);
        assert_string_not_equal(text, unknown);
        for (int b = PACKEIS_OK; b < a; b++)
            assert_string_not_equal(text, packeis_strerror(b));
    }
}

static void test_version_and_limits(void **state)
{
    (void)state;
    char text[32];
    assert_int_equal(packeis_version(), PACKEIS_VERSION_NUMBER);
    assert_int_equal(PACKEIS_VERSION_NUMBER, PACKEIS_VERSION_MAJOR * 10000 +
                                                 PACKEIS_VERSION_MINOR * 100 +
                                                 PACKEIS_VERSION_PATCH);
    assert_string_equal(packeis_version_string(), PACKEIS_VERSION_STRING);
    snprintf(text, sizeof text, "%d.%d.%d", PACKEIS_VERSION_MAJOR, PACKEIS_VERSION_MINOR,
             PACKEIS_VERSION_PATCH);
    assert_string_equal(packeis_version_string(), text);
    assert_int_equal(PACKEIS_MOVE_VALUES, PACKEIS_MAX_CELLS * PACKEIS_MAX_CELLS);
    assert_true(PACKEIS_MOVE_NONE >= PACKEIS_MOVE_VALUES);
    assert_int_equal(PACKEIS_OBSERVATION_SIZE, PACKEIS_OBSERVATION_PLANES * PACKEIS_MAX_CELLS);
    assert_int_equal(PACKEIS_STATUS_COUNT, 25);
}

static void test_move_values(void **state)
{
    (void)state;
    const int bad[] = {-1, NCELLS, INT_MAX, INT_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(packeis_move_placement(bad[i]), PACKEIS_MOVE_NONE);
        assert_int_equal(packeis_move_slide(bad[i], 0), PACKEIS_MOVE_NONE);
        assert_int_equal(packeis_move_slide(0, bad[i]), PACKEIS_MOVE_NONE);
    }
    assert_int_equal(packeis_move_is_placement(PACKEIS_MOVE_NONE), 0);
    assert_int_equal(packeis_move_from(PACKEIS_MOVE_NONE), -1);
    assert_int_equal(packeis_move_to(PACKEIS_MOVE_NONE), -1);
    assert_int_equal(packeis_move_slide(3, 3), PACKEIS_MOVE_NONE);
    assert_int_equal(packeis_move_placement(63), 4095);
    assert_int_equal(packeis_move_slide(5, 63), 383);
    assert_int_equal(packeis_move_from(packeis_move_placement(7)), -1);
    assert_int_equal(packeis_move_to(packeis_move_placement(7)), 7);
    assert_int_equal(packeis_move_is_placement(packeis_move_slide(7, 8)), 0);
    /* Values from PACKEIS_MOVE_VALUES up are not moves. */
    const packeis_move beyond[] = {PACKEIS_MOVE_VALUES, PACKEIS_MOVE_VALUES + 65, 0x8000,
                                   0xFFFE};
    for (size_t i = 0; i < sizeof beyond / sizeof beyond[0]; i++) {
        assert_int_equal(packeis_move_is_placement(beyond[i]), 0);
        assert_int_equal(packeis_move_from(beyond[i]), -1);
        assert_int_equal(packeis_move_to(beyond[i]), -1);
    }
}

static void test_status_names(void **state)
{
    (void)state;
    /* Each code with its number in the migration notes (its index here)
     * and its name as written in the header. */
    static const struct {
        int code;
        const char *name;
    } statuses[PACKEIS_STATUS_COUNT] = {
        {PACKEIS_OK, "PACKEIS_OK"},
        {PACKEIS_E_INVALID_ARGUMENT, "PACKEIS_E_INVALID_ARGUMENT"},
        {PACKEIS_E_OUT_OF_RANGE, "PACKEIS_E_OUT_OF_RANGE"},
        {PACKEIS_E_OUT_OF_MEMORY, "PACKEIS_E_OUT_OF_MEMORY"},
        {PACKEIS_E_BUFFER_TOO_SMALL, "PACKEIS_E_BUFFER_TOO_SMALL"},
        {PACKEIS_E_GAME_OVER, "PACKEIS_E_GAME_OVER"},
        {PACKEIS_E_WRONG_PHASE, "PACKEIS_E_WRONG_PHASE"},
        {PACKEIS_E_NOT_YOUR_PENGUIN, "PACKEIS_E_NOT_YOUR_PENGUIN"},
        {PACKEIS_E_NOT_IN_LINE, "PACKEIS_E_NOT_IN_LINE"},
        {PACKEIS_E_BLOCKED_BY_PENGUIN, "PACKEIS_E_BLOCKED_BY_PENGUIN"},
        {PACKEIS_E_BLOCKED_BY_GAP, "PACKEIS_E_BLOCKED_BY_GAP"},
        {PACKEIS_E_OCCUPIED, "PACKEIS_E_OCCUPIED"},
        {PACKEIS_E_NOT_ONE_FISH, "PACKEIS_E_NOT_ONE_FISH"},
        {PACKEIS_E_NOTHING_TO_UNDO, "PACKEIS_E_NOTHING_TO_UNDO"},
        {PACKEIS_E_NOTHING_TO_REDO, "PACKEIS_E_NOTHING_TO_REDO"},
        {PACKEIS_E_DUPLICATE_CELL, "PACKEIS_E_DUPLICATE_CELL"},
        {PACKEIS_E_MIXED_PARITY, "PACKEIS_E_MIXED_PARITY"},
        {PACKEIS_E_FISH_OUT_OF_RANGE, "PACKEIS_E_FISH_OUT_OF_RANGE"},
        {PACKEIS_E_TOO_MANY_CELLS, "PACKEIS_E_TOO_MANY_CELLS"},
        {PACKEIS_E_NO_CELLS, "PACKEIS_E_NO_CELLS"},
        {PACKEIS_E_COORD_OUT_OF_RANGE, "PACKEIS_E_COORD_OUT_OF_RANGE"},
        {PACKEIS_E_TOO_FEW_FLOES, "PACKEIS_E_TOO_FEW_FLOES"},
        {PACKEIS_E_MALFORMED_TEXT, "PACKEIS_E_MALFORMED_TEXT"},
        {PACKEIS_E_INVALID_POSITION, "PACKEIS_E_INVALID_POSITION"},
        {PACKEIS_E_STOPPED, "PACKEIS_E_STOPPED"},
    };
    for (int status = 0; status < PACKEIS_STATUS_COUNT; status++) {
        assert_int_equal(statuses[status].code, status);
        const char *name = packeis_status_name(status);
        assert_non_null(name);
        assert_string_equal(name, statuses[status].name);
        assert_non_null(packeis_strerror(status));
    }
    assert_null(packeis_status_name(PACKEIS_STATUS_COUNT));
    assert_null(packeis_status_name(25));
    assert_null(packeis_status_name(-1));
    assert_null(packeis_status_name(INT_MAX));
    assert_null(packeis_status_name(INT_MIN));
    assert_non_null(packeis_strerror(24));
    assert_non_null(packeis_strerror(-1));
}

static void test_phase_names(void **state)
{
    (void)state;
    assert_string_equal(packeis_phase_name(PACKEIS_PHASE_PLACEMENT), "placement");
    assert_string_equal(packeis_phase_name(PACKEIS_PHASE_MOVEMENT), "movement");
    assert_string_equal(packeis_phase_name(PACKEIS_PHASE_OVER), "over");
    assert_int_equal(PACKEIS_PHASE_PLACEMENT, 0);
    assert_int_equal(PACKEIS_PHASE_MOVEMENT, 1);
    assert_int_equal(PACKEIS_PHASE_OVER, 2);
    assert_null(packeis_phase_name(3));
    assert_null(packeis_phase_name(-1));
    assert_null(packeis_phase_name(INT_MAX));
    assert_null(packeis_phase_name(INT_MIN));
}

/* ------------------------------------------------------------------------ */
/* Options and game creation.                                               */

static void *plain_alloc(void *context, size_t size)
{
    (void)context;
    return malloc(size);
}

static void plain_release(void *context, void *block, size_t size)
{
    (void)context;
    (void)size;
    free(block);
}

static void test_options_bad(void **state)
{
    (void)state;
    packeis_options *o = NULL, *keep = (packeis_options *)&o;
    packeis_allocator half = {plain_alloc, NULL, NULL}, other = {NULL, plain_release, NULL};
    int x[1] = {0}, y[1] = {0}, fish[1] = {1};
    assert_int_equal(packeis_options_new(NULL, NULL), PACKEIS_E_INVALID_ARGUMENT);
    o = keep;
    assert_int_equal(packeis_options_new(&half, &o), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_new(&other, &o), PACKEIS_E_INVALID_ARGUMENT);
    assert_ptr_equal(o, keep);
    assert_int_equal(packeis_options_new(NULL, &o), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(NULL, 3), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_players(o, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_players(o, 5), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_penguins(NULL, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_penguins(o, -1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_penguins(o, NCELLS + 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_seed(NULL, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_hash_seed(NULL, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(NULL, x, y, fish, 1),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(o, NULL, y, fish, 1),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(o, x, NULL, fish, 1),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(o, x, y, NULL, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_layout(o, x, y, fish, 0), PACKEIS_E_NO_CELLS);
    assert_int_equal(packeis_options_set_layout(o, x, y, fish, NCELLS + 1),
                     PACKEIS_E_TOO_MANY_CELLS);
    assert_int_equal(packeis_options_set_standard_layout(NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_variant(NULL, 0, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_variant(o, -1, 1), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_variant(o, PACKEIS_VARIANT_COUNT, 1),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_options_free(NULL);
    /* the options still hold the defaults */
    static snapshot from_options, from_defaults;
    packeis_game *a = new_game(o), *b = new_game(NULL);
    snap_take(a, &from_options);
    snap_take(b, &from_defaults);
    assert_memory_equal(&from_options, &from_defaults, sizeof from_options);
    packeis_game_free(a);
    packeis_game_free(b);
    packeis_options_free(o);
}

static void test_game_new_bad(void **state)
{
    (void)state;
    packeis_options *o = NULL;
    packeis_game *keep = (packeis_game *)&o, *g = keep;
    assert_int_equal(packeis_game_new(NULL, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_new(NULL, &o), PACKEIS_OK);
    assert_int_equal(packeis_game_new(o, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_options_set_penguins(o, 16), PACKEIS_OK); /* 32 > 30 */
    assert_int_equal(packeis_game_new(o, &g), PACKEIS_E_TOO_FEW_FLOES);
    assert_ptr_equal(g, keep);
    assert_int_equal(packeis_options_set_variant(o, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1),
                     PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(o, 31), PACKEIS_OK); /* 62 > 60 */
    assert_int_equal(packeis_game_new(o, &g), PACKEIS_E_TOO_FEW_FLOES);
    assert_ptr_equal(g, keep);
    packeis_game_free(NULL);
    packeis_options_free(o);
}

/* ------------------------------------------------------------------------ */
/* Queries with bad arguments: documented status, outputs untouched, game   */
/* unchanged.                                                               */

#define EXPECT_FAILS(call, status, out)                                                        \
    do {                                                                                       \
        assert_int_equal((call), (status));                                                    \
        assert_int_equal((out), SENTINEL);                                                     \
    } while (0)

/* Accessors of a NULL game return their documented values. */
static void null_game_accessors(void)
{
    assert_int_equal(packeis_game_player_count(NULL), 0);
    assert_int_equal(packeis_game_penguins_per_player(NULL), 0);
    assert_int_equal(packeis_game_variant(NULL, PACKEIS_VARIANT_PLACE_ANY_FLOE), 0);
    assert_int_equal(packeis_game_is_standard_board(NULL), 0);
    assert_true(packeis_game_seed(NULL) == 0);
    assert_true(packeis_game_hash_seed(NULL) == 0);
    assert_int_equal(packeis_game_cell_count(NULL), 0);
    assert_int_equal(packeis_game_cell_at(NULL, 1, 0), -1);
    assert_int_equal(packeis_game_neighbor(NULL, 0, 0), -1);
    assert_int_equal(packeis_game_fish(NULL, 0), 0);
    assert_int_equal(packeis_game_phase(NULL), -1);
    assert_int_equal(packeis_game_current_player(NULL), -1);
    assert_true(packeis_game_floes(NULL) == 0);
    assert_true(packeis_game_penguins(NULL, 0) == 0);
    assert_int_equal(packeis_game_penguin_at(NULL, 0), -1);
    assert_int_equal(packeis_game_is_out(NULL, 0), 0);
    assert_int_equal(packeis_game_fish_won(NULL, 0), 0);
    assert_int_equal(packeis_game_floes_won(NULL, 0), 0);
    assert_int_equal(packeis_game_rank(NULL, 0), 0);
    assert_int_equal(packeis_game_winners(NULL), 0);
    assert_true(packeis_game_destinations(NULL, 0) == 0);
    assert_int_equal(packeis_game_redo_count(NULL), 0);
    assert_int_equal(packeis_game_ply_count(NULL), 0);
    assert_int_equal(packeis_game_ply_player(NULL, 0), -1);
    assert_true(packeis_game_ply_removed(NULL, 0) == 0);
    assert_true(packeis_game_ply_credited(NULL, 0, 0) == 0);
    assert_int_equal(packeis_game_ply_players_out(NULL, 0), 0);
    assert_true(packeis_game_perft(NULL, 0) == 0);
    assert_true(packeis_game_perft(NULL, 2) == 0);
    assert_true(packeis_game_hash(NULL) == 0);
}

static void bad_setup_queries(const packeis_game *g)
{
    int v = SENTINEL, w = SENTINEL, b[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
    assert_int_equal(packeis_game_variant(g, -1), 0);
    assert_int_equal(packeis_game_variant(g, PACKEIS_VARIANT_COUNT), 0);
    EXPECT_FAILS(packeis_game_cell_coords(NULL, 0, &v, &w), PACKEIS_E_INVALID_ARGUMENT, v);
    EXPECT_FAILS(packeis_game_cell_coords(g, 0, NULL, &w), PACKEIS_E_INVALID_ARGUMENT, w);
    EXPECT_FAILS(packeis_game_cell_coords(g, 0, &v, NULL), PACKEIS_E_INVALID_ARGUMENT, v);
    EXPECT_FAILS(packeis_game_layout_bounds(NULL, &b[0], &b[1], &b[2], &b[3]),
                 PACKEIS_E_INVALID_ARGUMENT, b[0]);
    EXPECT_FAILS(packeis_game_layout_bounds(g, NULL, &b[1], &b[2], &b[3]),
                 PACKEIS_E_INVALID_ARGUMENT, b[1]);
    EXPECT_FAILS(packeis_game_layout_bounds(g, &b[0], NULL, &b[2], &b[3]),
                 PACKEIS_E_INVALID_ARGUMENT, b[0]);
    EXPECT_FAILS(packeis_game_layout_bounds(g, &b[0], &b[1], NULL, &b[3]),
                 PACKEIS_E_INVALID_ARGUMENT, b[3]);
    EXPECT_FAILS(packeis_game_layout_bounds(g, &b[0], &b[1], &b[2], NULL),
                 PACKEIS_E_INVALID_ARGUMENT, b[2]);
    for (int i = 0; i < 4; i++)
        assert_int_equal(b[i], SENTINEL);
    assert_int_equal(packeis_game_cell_at(g, PACKEIS_COORD_MAX, INT_MIN), -1);
    assert_int_equal(packeis_game_cell_at(g, INT_MAX, INT_MAX), -1);
}

static const int bad_cells[] = {-1, 20, 63, NCELLS, INT_MAX, INT_MIN};
#define BAD_CELLS (sizeof bad_cells / sizeof bad_cells[0])

static void bad_cell_queries(const packeis_game *g, int c)
{
    int v = SENTINEL, w = SENTINEL;
    EXPECT_FAILS(packeis_game_cell_coords(g, c, &v, &w), PACKEIS_E_OUT_OF_RANGE, v);
    assert_int_equal(w, SENTINEL);
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
        assert_int_equal(packeis_game_neighbor(g, c, d), -1);
    assert_int_equal(packeis_game_fish(g, c), 0);
    assert_int_equal(packeis_game_penguin_at(g, c), -1);
    assert_true(packeis_game_destinations(g, c) == 0);
}

static void bad_direction_queries(const packeis_game *g)
{
    assert_int_equal(packeis_game_neighbor(g, 6, -1), -1);
    assert_int_equal(packeis_game_neighbor(g, 6, PACKEIS_DIRECTION_COUNT), -1);
    assert_int_equal(packeis_game_neighbor(g, 6, INT_MAX), -1);
    assert_int_equal(packeis_game_neighbor(g, 6, INT_MIN), -1);
}

static void bad_player_queries(const packeis_game *g, int p)
{
    assert_true(packeis_game_penguins(g, p) == 0);
    assert_int_equal(packeis_game_is_out(g, p), 0);
    assert_int_equal(packeis_game_fish_won(g, p), 0);
    assert_int_equal(packeis_game_floes_won(g, p), 0);
    assert_int_equal(packeis_game_rank(g, p), 0);
    assert_true(packeis_game_ply_credited(g, 0, p) == 0);
}

static void bad_ply_queries(const packeis_game *g)
{
    size_t plies = packeis_game_ply_count(g);
    const size_t bad[] = {plies, plies + 1, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(packeis_game_ply_player(g, bad[i]), -1);
        assert_true(packeis_game_ply_removed(g, bad[i]) == 0);
        assert_int_equal(packeis_game_ply_players_out(g, bad[i]), 0);
        for (int p = 0; p < NPLAYERS; p++)
            assert_true(packeis_game_ply_credited(g, bad[i], p) == 0);
    }
}

static void null_position_queries(const packeis_game *g)
{
    size_t count = SENTINEL;
    packeis_move moves[4];
    EXPECT_FAILS(packeis_game_history(NULL, moves, 4, &count), PACKEIS_E_INVALID_ARGUMENT,
                 count);
    assert_int_equal(packeis_game_history(g, moves, 4, NULL), PACKEIS_E_INVALID_ARGUMENT);
    EXPECT_FAILS(packeis_game_history(g, NULL, 4, &count), PACKEIS_E_INVALID_ARGUMENT, count);
    EXPECT_FAILS(packeis_game_legal_moves(NULL, moves, 4, &count), PACKEIS_E_INVALID_ARGUMENT,
                 count);
    assert_int_equal(packeis_game_legal_moves(g, moves, 4, NULL), PACKEIS_E_INVALID_ARGUMENT);
    EXPECT_FAILS(packeis_game_legal_moves(g, NULL, 4, &count), PACKEIS_E_INVALID_ARGUMENT,
                 count);
}

static void null_search_calls(packeis_game *g)
{
    uint64_t leaves[4] = {SENTINEL64, SENTINEL64, SENTINEL64, SENTINEL64};
    packeis_move moves[4] = {0x5A5A, 0x5A5A, 0x5A5A, 0x5A5A};
    size_t count = SENTINEL;
    assert_int_equal(packeis_game_divide(NULL, 1, moves, leaves, 4, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_divide(g, 0, moves, leaves, 4, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_divide(g, 1, moves, leaves, 4, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_divide(g, 1, NULL, leaves, 4, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_divide(g, 1, moves, NULL, 4, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(count, SENTINEL);
    assert_int_equal(leaves[0], SENTINEL64);
    assert_int_equal(moves[0], 0x5A5A);
    assert_int_equal(packeis_game_playout(NULL, 1, &count), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(count, SENTINEL);
}

static void null_batch_calls(const packeis_game *g)
{
    unsigned winners[2] = {SENTINEL, SENTINEL};
    int fish[2 * NPLAYERS] = {SENTINEL};
    size_t plies = SENTINEL;
    float planes[PACKEIS_OBSERVATION_SIZE];
    uint8_t mask[PACKEIS_MOVE_VALUES];
    size_t count = SENTINEL;
    assert_int_equal(packeis_game_playout_batch(NULL, 1, 1, winners, NULL, NULL, 2, &plies),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_playout_batch(g, 1, 1, NULL, NULL, NULL, 2, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    /* Room for 1 game, 2 asked: nothing is played. */
    assert_int_equal(packeis_game_playout_batch(g, 1, 2, winners, NULL, NULL, 1, &plies),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(packeis_game_playout_batch(g, 1, 2, NULL, fish, NULL, 1, &plies),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    /* capacity * PACKEIS_MAX_PLAYERS overflows. */
    assert_int_equal(
        packeis_game_playout_batch(g, 1, 1, NULL, fish, NULL, SIZE_MAX / 2, &plies),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(
        packeis_game_playout_batch(g, 1, 1, NULL, NULL, fish, SIZE_MAX / 2, &plies),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(winners[0], SENTINEL);
    assert_int_equal(winners[1], SENTINEL);
    assert_int_equal(fish[0], SENTINEL);
    assert_int_equal(plies, SENTINEL);
    assert_int_equal(packeis_game_playout_batch(g, 1, 0, winners, NULL, NULL, 0, &plies),
                     PACKEIS_OK);
    assert_int_equal(winners[0], SENTINEL);
    assert_int_equal(plies, 0);
    EXPECT_FAILS(packeis_game_observe(NULL, 0, planes, PACKEIS_OBSERVATION_SIZE, &count),
                 PACKEIS_E_INVALID_ARGUMENT, count);
    assert_int_equal(packeis_game_observe(g, 0, planes, PACKEIS_OBSERVATION_SIZE, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    EXPECT_FAILS(packeis_game_observe(g, 0, NULL, 1, &count), PACKEIS_E_INVALID_ARGUMENT,
                 count);
    EXPECT_FAILS(packeis_game_observe(g, 2, planes, PACKEIS_OBSERVATION_SIZE, &count),
                 PACKEIS_E_INVALID_ARGUMENT, count);
    EXPECT_FAILS(packeis_game_observe(g, ~0u, planes, PACKEIS_OBSERVATION_SIZE, &count),
                 PACKEIS_E_INVALID_ARGUMENT, count);
    EXPECT_FAILS(packeis_game_legal_mask(NULL, mask, sizeof mask, &count),
                 PACKEIS_E_INVALID_ARGUMENT, count);
    assert_int_equal(packeis_game_legal_mask(g, mask, sizeof mask, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    EXPECT_FAILS(packeis_game_legal_mask(g, NULL, 1, &count), PACKEIS_E_INVALID_ARGUMENT,
                 count);
}

static void null_lifecycle_calls(packeis_game *g)
{
    packeis_game *keep = (packeis_game *)&keep, *copy = keep;
    assert_int_equal(packeis_game_clone(NULL, &copy), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_clone(g, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_ptr_equal(copy, keep);
    assert_int_equal(packeis_game_assign(NULL, g), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_assign(g, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_assign(g, g), PACKEIS_OK);
    assert_int_equal(packeis_game_reset(NULL, 0), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_undo(NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_undo_to(NULL, 0), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_redo(NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_apply(NULL, packeis_move_placement(0)),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_check_move(NULL, packeis_move_placement(0)),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_check_move(NULL, PACKEIS_MOVE_NONE),
                     PACKEIS_E_INVALID_ARGUMENT);
}

static void bad_undo_calls(packeis_game *g)
{
    size_t plies = packeis_game_ply_count(g);
    assert_int_equal(packeis_game_undo_to(g, plies + 1), PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_undo_to(g, SIZE_MAX), PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_undo_to(g, plies), PACKEIS_OK);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    static snapshot before;
    for (int stage = 0; stage < STAGES; stage++) {
        packeis_game *g = stage_game((enum stage)stage);
        snap_take(g, &before);
        null_game_accessors();
        bad_setup_queries(g);
        bad_direction_queries(g);
        for (size_t i = 0; i < BAD_CELLS; i++)
            bad_cell_queries(g, bad_cells[i]);
        const int bad_players[] = {-1, 2, NPLAYERS, INT_MAX, INT_MIN};
        for (size_t i = 0; i < sizeof bad_players / sizeof bad_players[0]; i++)
            bad_player_queries(g, bad_players[i]);
        bad_ply_queries(g);
        null_position_queries(g);
        null_search_calls(g);
        null_batch_calls(g);
        null_lifecycle_calls(g);
        bad_undo_calls(g);
        snap_expect(g, &before);
        packeis_game_free(g);
    }
}

static void test_nothing_to_undo(void **state)
{
    (void)state;
    static snapshot before;
    packeis_game *g = small_game();
    snap_take(g, &before);
    assert_int_equal(packeis_game_undo(g), PACKEIS_E_NOTHING_TO_UNDO);
    assert_int_equal(packeis_game_redo(g), PACKEIS_E_NOTHING_TO_REDO);
    assert_int_equal(packeis_game_undo_to(g, 1), PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_undo_to(g, 0), PACKEIS_OK);
    snap_expect(g, &before);
    packeis_game_free(g);
}

/* ------------------------------------------------------------------------ */
/* Too-small buffers: *count is the size needed, the buffer is untouched.   */

static void expect_untouched(const void *buffer, size_t bytes)
{
    const unsigned char *b = buffer;
    for (size_t i = 0; i < bytes; i++)
        assert_int_equal(b[i], 0xA5);
}

/* Calls `fill(g, buffer, capacity, &count)` with capacities 0 (NULL buffer),
 * needed - 1 and needed. */
typedef packeis_status (*filler)(const packeis_game *, void *, size_t, size_t *);

static void check_buffer(const packeis_game *g, filler fill, size_t element)
{
    static unsigned char buffer[PACKEIS_MOVE_VALUES * 8];
    size_t needed = SENTINEL, count = SENTINEL;
    packeis_status first = fill(g, NULL, 0, &needed);
    assert_true(first == PACKEIS_OK || first == PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(first == PACKEIS_OK, needed == 0);
    if (needed > 0) {
        memset(buffer, 0xA5, sizeof buffer);
        assert_int_equal(fill(g, buffer, needed - 1, &count), PACKEIS_E_BUFFER_TOO_SMALL);
        assert_int_equal(count, needed);
        expect_untouched(buffer, sizeof buffer);
    }
    count = SENTINEL;
    assert_int_equal(fill(g, buffer, needed, &count), PACKEIS_OK);
    assert_int_equal(count, needed);
    assert_true(needed * element <= sizeof buffer);
}

static packeis_status fill_legal(const packeis_game *g, void *b, size_t cap, size_t *count)
{
    return packeis_game_legal_moves(g, b, cap, count);
}

static packeis_status fill_history(const packeis_game *g, void *b, size_t cap, size_t *count)
{
    return packeis_game_history(g, b, cap, count);
}

static packeis_status fill_observe(const packeis_game *g, void *b, size_t cap, size_t *count)
{
    return packeis_game_observe(g, 0, b, cap, count);
}

static packeis_status fill_mask(const packeis_game *g, void *b, size_t cap, size_t *count)
{
    return packeis_game_legal_mask(g, b, cap, count);
}

/* divide writes two buffers: both must stay untouched. */
static void check_divide_buffers(const packeis_game *g)
{
    static packeis_move moves[PACKEIS_MAX_MOVES];
    static uint64_t leaves[PACKEIS_MAX_MOVES];
    size_t needed = SENTINEL, count = SENTINEL;
    packeis_status first = packeis_game_divide(g, 2, NULL, NULL, 0, &needed);
    assert_int_equal(first == PACKEIS_OK, needed == 0);
    if (needed == 0)
        return;
    assert_int_equal(first, PACKEIS_E_BUFFER_TOO_SMALL);
    memset(moves, 0xA5, sizeof moves);
    memset(leaves, 0xA5, sizeof leaves);
    assert_int_equal(packeis_game_divide(g, 2, moves, leaves, needed - 1, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, needed);
    expect_untouched(moves, sizeof moves);
    expect_untouched(leaves, sizeof leaves);
    assert_int_equal(packeis_game_divide(g, 2, moves, leaves, needed, &count), PACKEIS_OK);
}

static void test_small_buffers(void **state)
{
    (void)state;
    static snapshot before;
    for (int stage = 0; stage < STAGES; stage++) {
        packeis_game *g = stage_game((enum stage)stage);
        snap_take(g, &before);
        check_buffer(g, fill_legal, sizeof(packeis_move));
        check_buffer(g, fill_history, sizeof(packeis_move));
        check_buffer(g, fill_observe, sizeof(float));
        check_buffer(g, fill_mask, sizeof(uint8_t));
        check_divide_buffers(g);
        snap_expect(g, &before);
        packeis_game_free(g);
    }
}

/* ------------------------------------------------------------------------ */
/* Illegal moves: check_move and apply agree on the documented status, and  */
/* the game does not change.                                                */

static void expect_rejected(packeis_game *g, packeis_move move, packeis_status status)
{
    static snapshot before;
    snap_take(g, &before);
    if (packeis_game_check_move(g, move) != status)
        print_error("move %u: status %s\n", (unsigned)move,
                    packeis_status_name(packeis_game_check_move(g, move)));
    assert_int_equal(packeis_game_check_move(g, move), status);
    assert_int_equal(packeis_game_apply(g, move), status);
    snap_expect(g, &before);
}

/* Moves that no phase accepts, with the status each phase gives (cells 20
 * to 63 are move cells but not cells of the 20-floe layout). */
static void reject_garbage(packeis_game *g, int phase)
{
    packeis_status slide_status =
        phase == PACKEIS_PHASE_PLACEMENT ? PACKEIS_E_WRONG_PHASE : PACKEIS_E_OUT_OF_RANGE;
    packeis_status place_status =
        phase == PACKEIS_PHASE_PLACEMENT ? PACKEIS_E_OUT_OF_RANGE : PACKEIS_E_WRONG_PHASE;
    expect_rejected(g, PACKEIS_MOVE_NONE, PACKEIS_E_OUT_OF_RANGE);
    expect_rejected(g, PACKEIS_MOVE_VALUES, PACKEIS_E_OUT_OF_RANGE);
    expect_rejected(g, 0x8000, PACKEIS_E_OUT_OF_RANGE);
    expect_rejected(g, 0xFFFE, PACKEIS_E_OUT_OF_RANGE);
    expect_rejected(g, packeis_move_slide(20, 0), slide_status);
    expect_rejected(g, packeis_move_slide(0, 63), slide_status);
    expect_rejected(g, packeis_move_slide(63, 62), slide_status);
    expect_rejected(g, 21 * 64 + 20, slide_status);
    expect_rejected(g, packeis_move_placement(20), place_status);
    expect_rejected(g, packeis_move_placement(63), place_status);
    expect_rejected(g, 40 * 65, place_status);
}

static int first_penguin(const packeis_game *g, int player)
{
    uint64_t set = packeis_game_penguins(g, player);
    assert_true(set != 0);
    return __builtin_ctzll(set);
}

static void reject_placements(packeis_game *g)
{
    /* small_game: cells 0, 3, 6, ... carry two fish; placements only ever
     * went on one-fish floes, so cell 0 is free. */
    assert_int_equal(packeis_game_fish(g, 0), 2);
    assert_int_equal(packeis_game_penguin_at(g, 0), -1);
    uint64_t taken = packeis_game_penguins(g, 0);
    assert_true(taken != 0);
    reject_garbage(g, PACKEIS_PHASE_PLACEMENT);
    expect_rejected(g, packeis_move_placement(0), PACKEIS_E_NOT_ONE_FISH);
    expect_rejected(g, packeis_move_placement(__builtin_ctzll(taken)), PACKEIS_E_OCCUPIED);
    expect_rejected(g, packeis_move_slide(__builtin_ctzll(taken), 19), PACKEIS_E_WRONG_PHASE);
}

/* The reason packeis.h gives for sliding the penguin of the player to act
 * on `from` to `to`, worked out by walking the geometry queries: NOT_IN_LINE
 * if no walk along one direction over cells of the layout meets `to`; else
 * the first penguin or gap on the way, or OK. */
static packeis_status slide_reason(const packeis_game *g, int from, int to)
{
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        int c = packeis_game_neighbor(g, from, d);
        while (c >= 0 && c != to)
            c = packeis_game_neighbor(g, c, d);
        if (c != to)
            continue;
        for (c = packeis_game_neighbor(g, from, d);; c = packeis_game_neighbor(g, c, d)) {
            if (packeis_game_penguin_at(g, c) >= 0)
                return PACKEIS_E_BLOCKED_BY_PENGUIN;
            if (!((packeis_game_floes(g) >> c) & 1))
                return PACKEIS_E_BLOCKED_BY_GAP;
            if (c == to)
                return PACKEIS_OK;
        }
    }
    return PACKEIS_E_NOT_IN_LINE;
}

static void reject_slides(packeis_game *g)
{
    int player = packeis_game_current_player(g);
    assert_true(player == 0 || player == 1);
    packeis_move legal[PACKEIS_MAX_MOVES];
    size_t n = 0;
    assert_int_equal(packeis_game_legal_moves(g, legal, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
    assert_true(n > 0);
    /* A penguin that can move, and one of the other player. */
    int mine = packeis_move_from(legal[0]), theirs = first_penguin(g, 1 - player);
    assert_int_equal(packeis_game_penguin_at(g, mine), player);
    reject_garbage(g, PACKEIS_PHASE_MOVEMENT);
    /* No slide to itself: no value for it; mine * 65 is a placement. */
    expect_rejected(g, packeis_move_slide(mine, mine), PACKEIS_E_OUT_OF_RANGE);
    expect_rejected(g, (packeis_move)(mine * 65), PACKEIS_E_WRONG_PHASE);
    /* Every other destination: the walked reason, each at least once. */
    uint64_t reach = packeis_game_destinations(g, mine);
    int seen[PACKEIS_STATUS_COUNT] = {0};
    for (int to = 0; to < 20; to++) {
        if (to == mine)
            continue;
        packeis_status why = slide_reason(g, mine, to);
        assert_int_equal(why == PACKEIS_OK, (reach >> to) & 1);
        seen[why]++;
        if (why != PACKEIS_OK)
            expect_rejected(g, packeis_move_slide(mine, to), why);
    }
    assert_true(seen[PACKEIS_OK] > 0);
    assert_true(seen[PACKEIS_E_NOT_IN_LINE] > 0);
    expect_rejected(g, packeis_move_slide(mine, theirs), slide_reason(g, mine, theirs));
    /* The other player's penguin, to a cell it could reach. */
    uint64_t theirs_reach = packeis_game_destinations(g, theirs);
    if (theirs_reach)
        expect_rejected(g, packeis_move_slide(theirs, __builtin_ctzll(theirs_reach)),
                        PACKEIS_E_NOT_YOUR_PENGUIN);
    /* A floe with no penguin, to its neighbour: no penguin to move. */
    uint64_t free_floes = packeis_game_floes(g);
    for (int p = 0; p < 2; p++)
        free_floes &= ~packeis_game_penguins(g, p);
    assert_true(free_floes != 0);
    int empty = __builtin_ctzll(free_floes);
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
        if (packeis_game_neighbor(g, empty, d) >= 0)
            expect_rejected(g, packeis_move_slide(empty, packeis_game_neighbor(g, empty, d)),
                            PACKEIS_E_NOT_YOUR_PENGUIN);
    expect_rejected(g, packeis_move_placement(empty), PACKEIS_E_WRONG_PHASE);
}

static void reject_after_over(packeis_game *g)
{
    const packeis_move moves[] = {PACKEIS_MOVE_NONE, PACKEIS_MOVE_VALUES,
                                  packeis_move_placement(0), packeis_move_slide(0, 1),
                                  packeis_move_placement(63)};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        expect_rejected(g, moves[i], PACKEIS_E_GAME_OVER);
    size_t plies = SENTINEL, count = SENTINEL;
    assert_int_equal(packeis_game_playout(g, 3, &plies), PACKEIS_OK);
    assert_int_equal(plies, 0);
    assert_int_equal(packeis_game_legal_moves(g, NULL, 0, &count), PACKEIS_OK);
    assert_int_equal(count, 0);
}

static void test_illegal_moves(void **state)
{
    (void)state;
    packeis_game *g = stage_game(PLACEMENT);
    reject_placements(g);
    packeis_game_free(g);
    g = stage_game(MOVEMENT);
    reject_slides(g);
    packeis_game_free(g);
    g = stage_game(OVER);
    reject_after_over(g);
    packeis_game_free(g);
}

/* ------------------------------------------------------------------------ */
/* Allocator failure injection.                                             */

/* Runs `call`; if the allocator refused, checks the status and that the
 * game did not change, then runs it again (the allocator fails only once). */
#define WITH_RETRY(c, g, call)                                                                 \
    do {                                                                                       \
        static snapshot before_;                                                               \
        long failures_ = (c)->failures;                                                        \
        if (g)                                                                                 \
            snap_take((g), &before_);                                                          \
        packeis_status status_ = (call);                                                       \
        if ((c)->failures != failures_) {                                                      \
            assert_int_equal(status_, PACKEIS_E_OUT_OF_MEMORY);                                \
            if (g)                                                                             \
                snap_expect((g), &before_);                                                    \
            status_ = (call);                                                                  \
        }                                                                                      \
        assert_int_equal(status_, PACKEIS_OK);                                                 \
    } while (0)

typedef struct outcome {
    snapshot game, copy, target;
    unsigned winners[8];
    size_t batch_plies;
} outcome;

static packeis_options *scenario_options(tc_alloc *c, const packeis_allocator *a)
{
    packeis_options *keep = (packeis_options *)&keep, *o = keep;
    packeis_status status = packeis_options_new(a, &o);
    if (status != PACKEIS_OK) {
        assert_int_equal(status, PACKEIS_E_OUT_OF_MEMORY);
        assert_ptr_equal(o, keep);
        assert_int_equal(packeis_options_new(a, &o), PACKEIS_OK);
    }
    (void)c;
    assert_int_equal(packeis_options_set_players(o, 2), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(o, 17), PACKEIS_OK);
    return o;
}

/* game_new and clone: on failure the output is untouched. */
static packeis_game *scenario_new(tc_alloc *c, const packeis_options *o,
                                  const packeis_game *from)
{
    packeis_game *keep = (packeis_game *)&keep, *g = keep;
    long failures = c->failures;
    packeis_status status = from ? packeis_game_clone(from, &g) : packeis_game_new(o, &g);
    if (c->failures != failures) {
        assert_int_equal(status, PACKEIS_E_OUT_OF_MEMORY);
        assert_ptr_equal(g, keep);
        status = from ? packeis_game_clone(from, &g) : packeis_game_new(o, &g);
    }
    assert_int_equal(status, PACKEIS_OK);
    return g;
}

static void scenario_apply(tc_alloc *c, packeis_game *g, size_t plies)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (size_t i = 0; i < plies; i++) {
        size_t n = 0;
        assert_int_equal(packeis_game_legal_moves(g, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
        if (n == 0)
            return;
        WITH_RETRY(c, g, packeis_game_apply(g, moves[(i * 3 + 2) % n]));
    }
}

static void scenario(tc_alloc *c, const packeis_allocator *a, outcome *out)
{
    packeis_options *o = scenario_options(c, a);
    packeis_game *g = scenario_new(c, o, NULL), *target = scenario_new(c, o, NULL);
    scenario_apply(c, g, 12);
    packeis_game *copy = scenario_new(c, NULL, g);
    scenario_apply(c, copy, 3); /* a clone's history is full: it must grow */
    WITH_RETRY(c, target, packeis_game_assign(target, copy));
    WITH_RETRY(c, g, packeis_game_playout(g, 99, NULL));
    WITH_RETRY(c, g, packeis_game_undo_to(g, 10));
    WITH_RETRY(c, g, packeis_game_redo(g));
    WITH_RETRY(c, copy, packeis_game_playout(copy, 7, NULL));
    /* packeis.h: reset "never allocates, so it cannot fail on a valid game". */
    long calls = c->calls;
    assert_int_equal(packeis_game_reset(target, 3), PACKEIS_OK);
    assert_int_equal(c->calls, calls);
    WITH_RETRY(c, target,
               packeis_game_playout_batch(target, 5, 8, out->winners, NULL, NULL, 8,
                                          &out->batch_plies));
    WITH_RETRY(c, target, packeis_game_assign(target, g));
    snap_take(g, &out->game);
    snap_take(copy, &out->copy);
    snap_take(target, &out->target);
    packeis_game_free(copy);
    packeis_game_free(g);
    packeis_game_free(target);
    packeis_options_free(o);
}

static void test_allocator_failures(void **state)
{
    (void)state;
    static tc_alloc c;
    static outcome clean, injected;
    packeis_allocator a = tc_alloc_allocator(&c);
    tc_alloc_init(&c, 0);
    scenario(&c, &a, &clean);
    long total = c.calls;
    assert_int_equal(c.live, 0);
    assert_int_equal(c.bad_release, 0);
    for (long n = 1;; n++) {
        tc_alloc_init(&c, n);
        scenario(&c, &a, &injected);
        assert_int_equal(c.live, 0);
        assert_int_equal(c.bad_release, 0);
        assert_memory_equal(&injected, &clean, sizeof clean);
        if (c.failures == 0)
            break;
    }
    print_message("allocations in the scenario: %ld, each failed once\n", total);
    /* options, two games, the first's history (grown once), the clone and
     * its history (grown), the playout batch's scratch history ...: the
     * count is deterministic, so a change in how the library allocates
     * shows here. */
    assert_int_equal(total, 11);
}

/* ------------------------------------------------------------------------ */
/* Threads.                                                                 */

typedef struct job {
    int players, errors;
    uint64_t seed;
    packeis_game *game; /* a clone to use, or NULL: make a game */
    packeis_move history[MAX_PLIES];
    size_t plies;
    int fish[NPLAYERS];
    uint64_t perft;
    packeis_move playout[MAX_PLIES];
    size_t playout_plies;
} job;

/* cmocka's assertions are not for other threads: jobs count their errors. */
#define JOB_OK(j, call) ((j)->errors += (call) != PACKEIS_OK)

static void step_randomly(job *j, packeis_game *g)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (uint64_t i = j->seed;; i = i * 6364136223846793005u + 1442695040888963407u) {
        size_t n = 0;
        JOB_OK(j, packeis_game_legal_moves(g, moves, PACKEIS_MAX_MOVES, &n));
        if (n == 0 || j->errors)
            return;
        JOB_OK(j, packeis_game_apply(g, moves[(i >> 33) % n]));
    }
}

static packeis_game *job_game(const job *j)
{
    packeis_options *o = NULL;
    assert_int_equal(packeis_options_new(NULL, &o), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(o, j->players), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(o, j->seed), PACKEIS_OK);
    packeis_game *g = new_game(o);
    packeis_options_free(o);
    return g;
}

/* Plays a game step by step, then a playout from its middle, and a perft;
 * frees the game. */
static void *run_job(void *arg)
{
    job *j = arg;
    packeis_game *g = j->game;
    size_t start = packeis_game_ply_count(g);
    step_randomly(j, g);
    JOB_OK(j, packeis_game_history(g, j->history, MAX_PLIES, &j->plies));
    for (int p = 0; p < j->players; p++)
        j->fish[p] = packeis_game_fish_won(g, p);
    JOB_OK(j, packeis_game_undo_to(g, start + (j->plies - start) / 2));
    j->perft = packeis_game_perft(g, 3);
    j->errors += j->perft == 0;
    JOB_OK(j, packeis_game_redo(g)); /* the undone half is there to redo */
    JOB_OK(j, packeis_game_undo(g));
    JOB_OK(j, packeis_game_playout(g, j->seed ^ 0xABCDEFu, NULL));
    JOB_OK(j, packeis_game_history(g, j->playout, MAX_PLIES, &j->playout_plies));
    packeis_game_free(g);
    j->game = NULL;
    return NULL;
}

static void expect_same_job(const job *a, const job *b)
{
    assert_int_equal(a->errors, 0);
    assert_int_equal(b->errors, 0);
    assert_int_equal(a->plies, b->plies);
    assert_memory_equal(a->history, b->history, a->plies * sizeof a->history[0]);
    assert_memory_equal(a->fish, b->fish, sizeof a->fish);
    assert_int_equal(a->perft, b->perft);
    assert_int_equal(a->playout_plies, b->playout_plies);
    assert_memory_equal(a->playout, b->playout, a->playout_plies * sizeof a->playout[0]);
}

/* Runs the jobs one by one on this thread, then all at once on threads,
 * and expects the same results. `make` gives a job its game. */
static void run_jobs(job *jobs, size_t n, packeis_game *(*make)(const job *))
{
    static job serial[4];
    pthread_t threads[4];
    for (size_t i = 0; i < n; i++) {
        serial[i] = jobs[i];
        serial[i].game = make(&jobs[i]);
        run_job(&serial[i]);
    }
    for (size_t i = 0; i < n; i++)
        jobs[i].game = make(&jobs[i]);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, run_job, &jobs[i]), 0);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (size_t i = 0; i < n; i++)
        expect_same_job(&jobs[i], &serial[i]);
}

static void test_threads_separate_games(void **state)
{
    (void)state;
    static job jobs[4];
    for (int i = 0; i < 4; i++) {
        memset(&jobs[i], 0, sizeof jobs[i]);
        jobs[i].players = 2 + i % 3;
        jobs[i].seed = 1000u + (uint64_t)i;
    }
    run_jobs(jobs, 4, job_game);
}

static packeis_game *shared_original;

static packeis_game *clone_shared(const job *j)
{
    packeis_game *copy = NULL;
    (void)j;
    assert_int_equal(packeis_game_clone(shared_original, &copy), PACKEIS_OK);
    return copy;
}

static void test_threads_clones(void **state)
{
    (void)state;
    static job jobs[4];
    packeis_options *o = NULL;
    assert_int_equal(packeis_options_new(NULL, &o), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(o, 3), PACKEIS_OK);
    shared_original = new_game(o);
    packeis_options_free(o);
    play_fixed(shared_original, 9 + 4);
    for (int i = 0; i < 4; i++) {
        memset(&jobs[i], 0, sizeof jobs[i]);
        jobs[i].players = 3;
        jobs[i].seed = 77u * (uint64_t)i + 1;
    }
    run_jobs(jobs, 4, clone_shared);
    packeis_game_free(shared_original);
    for (int i = 0; i < 4; i++)
        assert_true(jobs[i].plies > 13);
}

/* ------------------------------------------------------------------------ */
/* Assign across allocators; reset.                                         */

/* A target keeps every allocation on its own allocator: a custom board
 * assigned from another allocator is copied, never shared, and a failed copy
 * leaves the target as it was. */
static void test_assign_across_allocators(void **state)
{
    (void)state;
    static tc_alloc ra, rb;
    static snapshot before, after;
    tc_alloc_init(&ra, 0);
    tc_alloc_init(&rb, 0);
    packeis_allocator a = tc_alloc_allocator(&ra);
    packeis_allocator b = tc_alloc_allocator(&rb);
    packeis_game *source = small_game_on(&a), *target = small_game_on(&b);
    play_fixed(source, 8 + 3);
    packeis_game *standard = NULL;
    packeis_options *o = NULL;
    assert_int_equal(packeis_options_new(&b, &o), PACKEIS_OK);
    assert_int_equal(packeis_game_new(o, &standard), PACKEIS_OK);
    packeis_options_free(o);
    assert_int_equal(packeis_game_assign(target, standard), PACKEIS_OK);
    packeis_game_free(standard);
    snap_take(target, &before);
    rb.fail_at = rb.calls + 1; /* the next call only */
    assert_int_equal(packeis_game_assign(target, source), PACKEIS_E_OUT_OF_MEMORY);
    snap_expect(target, &before);
    assert_int_equal(packeis_game_assign(target, source), PACKEIS_OK);
    snap_take(source, &before);
    packeis_game_free(source);
    assert_int_equal(ra.live, 0);
    assert_int_equal(ra.bad_release, 0);
    tc_alloc_retire(&ra); /* the target must not use `a` any more */
    snap_take(target, &after);
    assert_memory_equal(&after, &before, sizeof after);
    packeis_game *copy = NULL;
    assert_int_equal(packeis_game_clone(target, &copy), PACKEIS_OK);
    assert_int_equal(packeis_game_playout(copy, 3, NULL), PACKEIS_OK);
    packeis_game_free(target);
    packeis_game_free(copy);
    assert_int_equal(rb.live, 0);
    assert_int_equal(rb.bad_release, 0);
    assert_int_equal(ra.retired_calls, 0);
}

static packeis_options *reset_options(int players, uint64_t seed, int variant,
                                      uint64_t hash_seed)
{
    packeis_options *o = NULL;
    assert_int_equal(packeis_options_new(NULL, &o), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(o, players), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(o, seed), PACKEIS_OK);
    if (variant >= 0)
        assert_int_equal(packeis_options_set_variant(o, variant, 1), PACKEIS_OK);
    assert_int_equal(packeis_options_set_hash_seed(o, hash_seed), PACKEIS_OK);
    return o;
}

/* Everything a snapshot holds, and the hash and the fish of every cell. */
static void expect_same_game(const packeis_game *g, const packeis_game *h)
{
    static snapshot sg, sh;
    snap_take(g, &sg);
    snap_take(h, &sh);
    assert_memory_equal(&sg, &sh, sizeof sg);
    assert_int_equal(packeis_game_hash(g), packeis_game_hash(h));
    for (int c = 0; c < sg.cells; c++)
        assert_int_equal(packeis_game_fish(g, c), packeis_game_fish(h, c));
}

/* Reset with a seed gives the very game packeis_game_new() gives. */
static void test_reset_equals_new(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int variant = -1; variant < PACKEIS_VARIANT_COUNT; variant++) {
            uint64_t hash_seed = variant == 0 ? 12345 : PACKEIS_DEFAULT_HASH_SEED;
            packeis_options *o = reset_options(players, 1, variant, hash_seed);
            packeis_game *g = new_game(o);
            for (uint64_t seed = 2; seed < 12; seed++) {
                assert_int_equal(packeis_game_playout(g, seed, NULL), PACKEIS_OK);
                assert_int_equal(packeis_game_reset(g, seed), PACKEIS_OK);
                assert_int_equal(packeis_options_set_seed(o, seed), PACKEIS_OK);
                packeis_game *fresh = new_game(o);
                expect_same_game(g, fresh);
                packeis_game_free(fresh);
            }
            packeis_game_free(g);
            packeis_options_free(o);
        }
    assert_int_equal(packeis_game_reset(NULL, 1), PACKEIS_E_INVALID_ARGUMENT);
}

/* A custom layout ignores the seed and goes back to its start; a clone made
 * before is untouched; nothing is allocated. */
static void test_reset_custom_and_clone(void **state)
{
    (void)state;
    static tc_alloc c;
    static snapshot start, cloned;
    tc_alloc_init(&c, 0);
    packeis_allocator a = tc_alloc_allocator(&c);
    packeis_game *g = small_game_on(&a);
    snap_take(g, &start);
    play_fixed(g, 8 + 3);
    packeis_game *copy = NULL;
    assert_int_equal(packeis_game_clone(g, &copy), PACKEIS_OK);
    snap_take(copy, &cloned);
    tc_alloc_fail_from(&c, c.calls + 1); /* any allocation from here fails */
    assert_int_equal(packeis_game_reset(g, 99), PACKEIS_OK);
    assert_int_equal(c.failures, 0);
    snap_expect(g, &start);
    snap_expect(copy, &cloned);
    packeis_game_free(copy);
    packeis_game_free(g);
    assert_int_equal(c.live, 0);
    assert_int_equal(c.bad_release, 0);
}

/* On the standard board too, reset allocates nothing and spares clones. */
static void test_reset_standard_no_allocation(void **state)
{
    (void)state;
    static tc_alloc c;
    static snapshot cloned;
    tc_alloc_init(&c, 0);
    packeis_allocator a = tc_alloc_allocator(&c);
    packeis_options *o = NULL;
    assert_int_equal(packeis_options_new(&a, &o), PACKEIS_OK);
    packeis_game *g = new_game(o), *copy = NULL;
    play_fixed(g, 10);
    assert_int_equal(packeis_game_clone(g, &copy), PACKEIS_OK);
    snap_take(copy, &cloned);
    tc_alloc_fail_from(&c, c.calls + 1);
    for (uint64_t seed = 0; seed < 5; seed++)
        assert_int_equal(packeis_game_reset(g, seed), PACKEIS_OK);
    assert_int_equal(c.failures, 0);
    snap_expect(copy, &cloned);
    tc_alloc_fail_from(&c, 0);
    packeis_game_free(copy);
    packeis_game_free(g);
    packeis_options_free(o);
    assert_int_equal(c.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_version_and_limits),
        cmocka_unit_test(test_move_values),
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_phase_names),
        cmocka_unit_test(test_options_bad),
        cmocka_unit_test(test_game_new_bad),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_nothing_to_undo),
        cmocka_unit_test(test_small_buffers),
        cmocka_unit_test(test_illegal_moves),
        cmocka_unit_test(test_allocator_failures),
        cmocka_unit_test(test_assign_across_allocators),
        cmocka_unit_test(test_reset_equals_new),
        cmocka_unit_test(test_reset_custom_and_clone),
        cmocka_unit_test(test_reset_standard_no_allocation),
        cmocka_unit_test(test_threads_separate_games),
        cmocka_unit_test(test_threads_clones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
