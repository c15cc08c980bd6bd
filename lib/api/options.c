/* SPDX-License-Identifier: MIT */
/* packeis.h, "Options": a game's setup, before it is checked against
 * itself. */
#include <string.h>

#include "internal.h"

void pk_options_defaults(packeis_options *options, const packeis_allocator *allocator)
{
    memset(options, 0, sizeof *options);
    options->allocator = *allocator;
    options->players = 2;
    options->hash_seed = PACKEIS_DEFAULT_HASH_SEED;
}

packeis_status packeis_options_new(const packeis_allocator *allocator,
                                   packeis_options **options)
{
    packeis_allocator chosen;
    if (!options || !pk_choose_allocator(allocator, &chosen))
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_options *made = pk_alloc(&chosen, sizeof *made);
    if (!made)
        return PACKEIS_E_OUT_OF_MEMORY;
    pk_options_defaults(made, &chosen);
    *options = made;
    return PACKEIS_OK;
}

void packeis_options_free(packeis_options *options)
{
    if (options) {
        packeis_allocator allocator = options->allocator;
        pk_release(&allocator, options, sizeof *options);
    }
}

packeis_status packeis_options_set_players(packeis_options *options, int players)
{
    if (!options || players < PACKEIS_MIN_PLAYERS || players > PACKEIS_MAX_PLAYERS)
        return PACKEIS_E_INVALID_ARGUMENT;
    options->players = players;
    return PACKEIS_OK;
}

packeis_status packeis_options_set_penguins(packeis_options *options, int penguins)
{
    if (!options || penguins < 0 || penguins > PACKEIS_MAX_CELLS)
        return PACKEIS_E_INVALID_ARGUMENT;
    options->penguins = penguins;
    return PACKEIS_OK;
}

packeis_status packeis_options_set_seed(packeis_options *options, uint64_t seed)
{
    if (!options)
        return PACKEIS_E_INVALID_ARGUMENT;
    options->seed = seed;
    return PACKEIS_OK;
}

packeis_status packeis_options_set_layout(packeis_options *options, const int *x, const int *y,
                                          const int *fish, size_t count)
{
    if (!options)
        return PACKEIS_E_INVALID_ARGUMENT;
    int sx[PACKEIS_MAX_CELLS], sy[PACKEIS_MAX_CELLS], sfish[PACKEIS_MAX_CELLS];
    packeis_status status = pk_layout_validate(x, y, fish, count, sx, sy, sfish);
    if (status != PACKEIS_OK)
        return status; /* the options are left as they were */
    memcpy(options->x, sx, count * sizeof *sx);
    memcpy(options->y, sy, count * sizeof *sy);
    memcpy(options->fish, sfish, count * sizeof *sfish);
    options->custom_cells = count;
    return PACKEIS_OK;
}

packeis_status packeis_options_set_standard_layout(packeis_options *options)
{
    if (!options)
        return PACKEIS_E_INVALID_ARGUMENT;
    options->custom_cells = 0;
    return PACKEIS_OK;
}

packeis_status packeis_options_set_variant(packeis_options *options, int variant, int enabled)
{
    if (!options || variant < 0 || variant >= PACKEIS_VARIANT_COUNT)
        return PACKEIS_E_INVALID_ARGUMENT;
    unsigned bit = 1u << (unsigned)variant;
    options->variants = enabled ? options->variants | bit : options->variants & ~bit;
    return PACKEIS_OK;
}

packeis_status packeis_options_set_hash_seed(packeis_options *options, uint64_t seed)
{
    if (!options)
        return PACKEIS_E_INVALID_ARGUMENT;
    options->hash_seed = seed;
    return PACKEIS_OK;
}
