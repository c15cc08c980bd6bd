/* SPDX-License-Identifier: MIT */
/* A game's history of records (pk_record): its growth, for
 * pk_game_reserve() (internal.h), which every action that records asks
 * first. Here in core/, beside the types, so that the kernel and the API
 * both build on it and no lower room calls a higher one. */
#include <string.h>

#include "internal.h"

enum { PK_FIRST_HISTORY = 64 }; /* records: a whole game on most boards */

packeis_status pk_game_grow(packeis_game *game, size_t needed)
{
    size_t capacity = game->capacity ? game->capacity : PK_FIRST_HISTORY;
    while (capacity < needed)
        capacity *= 2;
    const packeis_allocator *allocator = &game->allocator;
    pk_record *grown = pk_alloc(allocator, capacity * sizeof *grown);
    if (!grown)
        return PACKEIS_E_OUT_OF_MEMORY;
    if (game->redo_end)
        memcpy(grown, game->history, game->redo_end * sizeof *grown);
    pk_release(allocator, game->history, game->capacity * sizeof *game->history);
    game->history = grown;
    game->capacity = capacity;
    return PACKEIS_OK;
}
