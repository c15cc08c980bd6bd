/* SPDX-License-Identifier: MIT */
/* The immutable part of a game, built from options and shared by clones. */
#include <string.h>

#include "bits.h"
#include "internal.h"

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

static void pk_setup_board(pk_setup *setup, const packeis_options *options)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    int cells = (int)options->custom_cells;
    setup->standard = cells == 0;
    setup->seed = setup->standard ? options->seed : 0;
    if (setup->standard) {
        cells = 60;
        pk_standard_board(x, y, fish, options->seed);
    } else {
        memcpy(x, options->x, (size_t)cells * sizeof *x);
        memcpy(y, options->y, (size_t)cells * sizeof *y);
        memcpy(fish, options->fish, (size_t)cells * sizeof *fish);
    }
    pk_layout_build(&setup->layout, x, y, fish, cells);
}

static packeis_status pk_setup_fill(pk_setup *setup, const packeis_options *options)
{
    setup->allocator = options->allocator;
    setup->kernel = pk_select_kernel();
    setup->players = options->players;
    setup->penguins =
        options->penguins ? options->penguins : pk_rules_penguins(options->players);
    setup->total_penguins = setup->players * setup->penguins;
    setup->variants = options->variants;
    setup->hash_seed = options->hash_seed;
    pk_hash_keys(setup);
    pk_setup_board(setup, options);
    int any = (setup->variants >> PACKEIS_VARIANT_PLACE_ANY_FLOE) & 1;
    setup->placeable = any ? setup->layout.all : setup->layout.fish_set[1];
    if (pk_popcount(setup->placeable) < setup->total_penguins)
        return PACKEIS_E_TOO_FEW_FLOES;
    pk_setup_placement_order(setup);
    return PACKEIS_OK;
}

packeis_status pk_setup_new(pk_setup **setup, const packeis_options *options)
{
    pk_setup *made = pk_alloc(&options->allocator, sizeof *made);
    if (!made)
        return PACKEIS_E_OUT_OF_MEMORY;
    memset(made, 0, sizeof *made);
    packeis_status status = pk_setup_fill(made, options);
    if (status != PACKEIS_OK) {
        pk_release(&options->allocator, made, sizeof *made);
        return status;
    }
    atomic_init(&made->references, 1);
    *setup = made;
    return PACKEIS_OK;
}

void pk_setup_retain(pk_setup *setup)
{
    atomic_fetch_add_explicit(&setup->references, 1, memory_order_relaxed);
}

void pk_setup_release(pk_setup *setup)
{
    if (atomic_fetch_sub_explicit(&setup->references, 1, memory_order_acq_rel) == 1) {
        packeis_allocator allocator = setup->allocator;
        pk_release(&allocator, setup, sizeof *setup);
    }
}

void pk_state_start(const pk_setup *setup, pk_state *state)
{
    memset(state, 0, sizeof *state);
    state->floes = setup->layout.all;
    state->phase = PACKEIS_PHASE_PLACEMENT;
    state->turn = setup->placer[0];
    state->hash = pk_board_hash(setup, state);
}
