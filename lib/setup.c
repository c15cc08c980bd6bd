/* SPDX-License-Identifier: MIT */
/* The rules and board of a game, built from options and held in the game.
 * The standard board's geometry and the default hash seed's keys are built
 * once per process; other boards live on the heap, shared by clones. */
#include <string.h>

#include "bits.h"
#include "internal.h"
#include "once.h"

/* Read-only once built: written only by pk_build_statics(), under
 * pk_call_once(), before any game can point at them. */
static pk_layout pk_standard_layout;
static pk_keys pk_default_keys;
static pk_once_flag pk_statics_once = PK_ONCE_INIT;

static void pk_build_statics(void)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    pk_standard_board(x, y, fish, 0);
    pk_layout_build(&pk_standard_layout, x, y, 60);
    pk_hash_keys(&pk_default_keys, PACKEIS_DEFAULT_HASH_SEED);
}

static int pk_rules_penguins(int players)
{
    return 6 - players; /* 4 with 2 players, 3 with 3, 2 with 4 */
}

/* Section 3, or the snake variant: round r places in order when r is even
 * and in reverse when r is odd. */
static void pk_setup_placement_order(pk_setup *setup)
{
    int snake = (setup->variants >> PACKEIS_VARIANT_SNAKE_PLACEMENT) & 1;
    for (int i = 0; i < setup->total_penguins; i++) {
        int round = i / setup->players, seat = i % setup->players;
        int reverse = snake && (round & 1);
        setup->placer[i] = (uint8_t)(reverse ? setup->players - 1 - seat : seat);
    }
}

/* Sets the layout and keys pointers from `board` and `standard`. */
static void pk_setup_point(pk_setup *setup)
{
    pk_board *board = setup->board;
    int own_keys = board && board->keys.hash_seed != PACKEIS_DEFAULT_HASH_SEED;
    setup->layout = setup->standard ? &pk_standard_layout : &board->layout;
    setup->keys = own_keys ? &board->keys : &pk_default_keys;
}

/* A heap board for a custom layout, a hash seed other than the default, or
 * both; what the static data covers is left unused (zero). */
static pk_board *pk_board_new(const packeis_options *options)
{
    pk_board *board = pk_alloc(&options->allocator, sizeof *board);
    if (!board)
        return NULL;
    memset(board, 0, sizeof *board);
    atomic_init(&board->references, 1);
    board->allocator = options->allocator;
    if (options->custom_cells)
        pk_layout_build(&board->layout, options->x, options->y, (int)options->custom_cells);
    board->keys.hash_seed = options->hash_seed;
    if (options->hash_seed != PACKEIS_DEFAULT_HASH_SEED)
        pk_hash_keys(&board->keys, options->hash_seed);
    return board;
}

static void pk_setup_fish(pk_setup *setup, const int *fish, int cells)
{
    memset(setup->fish_set, 0, sizeof setup->fish_set);
    for (int c = 0; c < cells; c++) {
        setup->fish[c] = (uint8_t)fish[c];
        setup->fish_set[fish[c]] |= (uint64_t)1 << c;
    }
    int any = (setup->variants >> PACKEIS_VARIANT_PLACE_ANY_FLOE) & 1;
    setup->placeable = any ? setup->layout->all : setup->fish_set[1];
}

/* The standard board's fish for another seed; nothing else changes. The
 * fish multiset is the same for every seed (30 one-fish floes), so the
 * placeable-floes check made at creation still holds. */
void pk_setup_reshuffle(pk_setup *setup, uint64_t seed)
{
    int fish[PACKEIS_MAX_CELLS];
    pk_standard_fish(fish, seed);
    setup->seed = seed;
    pk_setup_fish(setup, fish, 60);
}

static void pk_setup_rules(pk_setup *setup, const packeis_options *options)
{
    setup->kernel = pk_select_kernel();
    setup->players = options->players;
    setup->penguins =
        options->penguins ? options->penguins : pk_rules_penguins(options->players);
    setup->total_penguins = setup->players * setup->penguins;
    setup->variants = options->variants;
    setup->standard = options->custom_cells == 0;
}

packeis_status pk_setup_init(pk_setup *setup, const packeis_options *options)
{
    pk_call_once(&pk_statics_once, pk_build_statics);
    memset(setup, 0, sizeof *setup);
    pk_setup_rules(setup, options);
    if (!setup->standard || options->hash_seed != PACKEIS_DEFAULT_HASH_SEED) {
        setup->board = pk_board_new(options);
        if (!setup->board)
            return PACKEIS_E_OUT_OF_MEMORY;
    }
    pk_setup_point(setup);
    if (setup->standard)
        pk_setup_reshuffle(setup, options->seed);
    else
        pk_setup_fish(setup, options->fish, (int)options->custom_cells);
    if (pk_popcount(setup->placeable) < setup->total_penguins) {
        pk_setup_release(setup);
        return PACKEIS_E_TOO_FEW_FLOES;
    }
    pk_setup_placement_order(setup);
    return PACKEIS_OK;
}

void pk_setup_retain(pk_setup *setup)
{
    if (setup->board)
        atomic_fetch_add_explicit(&setup->board->references, 1, memory_order_relaxed);
}

void pk_setup_release(pk_setup *setup)
{
    pk_board *board = setup->board;
    if (board && atomic_fetch_sub_explicit(&board->references, 1, memory_order_acq_rel) == 1) {
        packeis_allocator allocator = board->allocator;
        pk_release(&allocator, board, sizeof *board);
    }
    setup->board = NULL;
}

static int pk_same_allocator(const packeis_allocator *a, const packeis_allocator *b)
{
    return a->alloc == b->alloc && a->release == b->release && a->context == b->context;
}

/* A new reference to `source` in `copy`, whose heap board (if any) belongs
 * to `allocator`: shared when it already does, else copied into a new one,
 * so that a game never holds memory of another game's allocator. */
packeis_status pk_setup_copy(pk_setup *copy, const pk_setup *source,
                             const packeis_allocator *allocator)
{
    pk_board *board = source->board;
    if (board && !pk_same_allocator(&board->allocator, allocator)) {
        pk_board *made = pk_alloc(allocator, sizeof *made);
        if (!made)
            return PACKEIS_E_OUT_OF_MEMORY;
        memcpy(made, board, sizeof *made);
        atomic_init(&made->references, 1);
        made->allocator = *allocator;
        *copy = *source;
        copy->board = made;
        pk_setup_point(copy);
        return PACKEIS_OK;
    }
    *copy = *source;
    pk_setup_retain(copy);
    return PACKEIS_OK;
}

void pk_state_start(const pk_setup *setup, pk_state *state)
{
    memset(state, 0, sizeof *state);
    state->floes = setup->layout->all;
    state->phase = PACKEIS_PHASE_PLACEMENT;
    state->turn = setup->placer[0];
    state->hash = pk_board_hash(setup, state);
}
