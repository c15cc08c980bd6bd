/* SPDX-License-Identifier: MIT */
/* A game's history of records (pk_record): its growth, for
 * pk_game_reserve() (internal.h), which every action that records asks
 * first, and the positions a playout did not keep. Here in core/, beside
 * the types, so that the kernel and the API both build on it and no lower
 * room calls a higher one. */
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

/* The nearest exact record at or before `ply`. */
static size_t pk_history_exact_from(const pk_record *history, size_t ply)
{
    while (history[ply].lazy == PK_RECORD_REPLAY)
        ply--;
    return ply;
}

pk_state pk_history_before(const pk_setup *setup, const pk_record *history, size_t ply)
{
    size_t from = pk_history_exact_from(history, ply);
    pk_state state = history[from].before;
    for (; from < ply; from++)
        setup->kernel->play(setup, &state, history[from].move);
    return state;
}

void pk_history_settle(packeis_game *game, size_t ply)
{
    pk_record *history = game->history;
    if (ply >= game->redo_end || history[ply].lazy != PK_RECORD_REPLAY)
        return;
    size_t from = pk_history_exact_from(history, ply);
    pk_state state = history[from].before;
    for (size_t i = from + 1; i < game->redo_end && history[i].lazy == PK_RECORD_REPLAY; i++) {
        game->setup->kernel->play(game->setup, &state, history[i - 1].move);
        history[i].before = state;
        history[i].lazy = PK_RECORD_EXACT;
    }
}
