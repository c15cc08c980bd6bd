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
static uint64_t pk_standard_floes_hash; /* the default keys of every standard floe */
static pk_once_flag pk_statics_once = PK_ONCE_INIT;

static void pk_build_statics(void)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    pk_standard_board(x, y, fish, 0);
    pk_layout_build(&pk_standard_layout, x, y, PK_STANDARD_CELLS);
    pk_hash_keys(&pk_default_keys, PACKEIS_DEFAULT_HASH_SEED);
    pk_standard_floes_hash = pk_keys_of(pk_default_keys.floe_key, pk_standard_layout.all);
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

/* The bit b of byte k (k = 0..7) of `bytes`, for each k, as bit k: one
 * multiply moves every byte's bit to the top byte without carries. */
static uint64_t pk_gather_bits(uint64_t bytes, int b)
{
    return (((bytes >> b) & 0x0101010101010101u) * 0x0102040810204080u) >> 56;
}

/* Bit c of *low and *high: bits 0 and 1 of fish[c]. Eight cells at a time
 * where the bytes load in cell order (setup->fish is 64 bytes, zero past
 * the layout); reset runs this for every game. */
static void pk_fish_bits(const uint8_t *fish, int cells, uint64_t *low, uint64_t *high)
{
    *low = *high = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    (void)cells;
    for (int c = 0; c < PACKEIS_MAX_CELLS; c += 8) {
        uint64_t bytes;
        memcpy(&bytes, fish + c, sizeof bytes);
        *low |= pk_gather_bits(bytes, 0) << c;
        *high |= pk_gather_bits(bytes, 1) << c;
    }
#else
    for (int c = 0; c < cells; c++) {
        *low |= (uint64_t)(fish[c] & 1) << c;
        *high |= (uint64_t)(fish[c] >> 1) << c;
    }
#endif
}

/* Fish sets and placeable floes from setup->fish: fish counts 1, 2, 3 are
 * told apart by their two bits. */
static void pk_setup_fish_sets(pk_setup *setup, int cells)
{
    uint64_t low, high;
    pk_fish_bits(setup->fish, cells, &low, &high);
    setup->fish_set[0] = 0;
    setup->fish_set[1] = low & ~high;
    setup->fish_set[2] = high & ~low;
    setup->fish_set[3] = low & high;
    setup->placeable = pk_placeable_floes(setup);
}

/* The standard board's fish for another seed; nothing else changes. The
 * fish multiset is the same for every seed (30 one-fish floes), so the
 * placeable-floes check made at creation still holds. */
void pk_setup_reshuffle(pk_setup *setup, uint64_t seed)
{
    pk_standard_fish(setup->fish, seed);
    setup->seed = seed;
    pk_setup_fish_sets(setup, PK_STANDARD_CELLS);
}

/* The first position's hash: every floe, no penguin, the first placer.
 * Without a board of its own (the standard board, the default keys) the
 * floes' part is the one of pk_build_statics(): sixty keys a new game
 * would XOR again. */
static uint64_t pk_setup_start_hash(const pk_setup *setup)
{
    uint64_t floes = setup->board ? pk_keys_of(setup->keys->floe_key, setup->layout->all)
                                  : pk_standard_floes_hash;
    return floes ^ pk_turn_key(setup, setup->placer[0]);
}

static void pk_setup_rules(pk_setup *setup, const packeis_options *options)
{
    setup->kernel = pk_select_kernel();
    setup->players = options->players;
    setup->penguins = pk_penguins_per_player(options);
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
    if (setup->standard) {
        pk_setup_reshuffle(setup, options->seed);
    } else {
        for (size_t c = 0; c < options->custom_cells; c++)
            setup->fish[c] = (uint8_t)options->fish[c];
        pk_setup_fish_sets(setup, (int)options->custom_cells);
    }
    if (!pk_room_for_penguins(setup)) {
        pk_setup_release(setup);
        return PACKEIS_E_TOO_FEW_FLOES;
    }
    pk_placement_order(setup);
    setup->start_hash = pk_setup_start_hash(setup);
    return PACKEIS_OK;
}

static void pk_setup_retain(pk_setup *setup)
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
    state->hash = setup->start_hash; /* pk_board_hash(), known in advance */
}
