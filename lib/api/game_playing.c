/* SPDX-License-Identifier: MIT */
/* packeis.h, "Games: playing": move lists, checking and applying moves,
 * undo and redo. The kernel decides; this file keeps the history. */
#include "internal.h"

/* The moves into a buffer that may be too small for them: counted first,
 * so that a buffer too small stays untouched. Out of line, so that the
 * common call, with room for any list, does no more than the kernel's. */
__attribute__((noinline)) static packeis_status pk_legal_moves_counted(const packeis_game *game,
                                                                       packeis_move *moves,
                                                                       size_t capacity,
                                                                       size_t *count)
{
    const pk_setup *setup = game->setup;
    size_t needed = setup->kernel->move_count(setup, &game->state);
    if (needed > capacity) {
        *count = needed;
        return PACKEIS_E_BUFFER_TOO_SMALL;
    }
    *count = setup->kernel->legal_moves(setup, &game->state, moves);
    return PACKEIS_OK;
}

packeis_status packeis_game_legal_moves(const packeis_game *game, packeis_move *moves,
                                        size_t capacity, size_t *count)
{
    if (!game || !count || (!moves && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    if (capacity < PACKEIS_MAX_MOVES)
        return pk_legal_moves_counted(game, moves, capacity, count);
    const pk_setup *setup = game->setup;
    *count = setup->kernel->legal_moves(setup, &game->state, moves);
    return PACKEIS_OK;
}

size_t packeis_game_legal_move_count(const packeis_game *game)
{
    return game ? game->setup->kernel->move_count(game->setup, &game->state) : 0;
}

uint64_t packeis_game_destinations(const packeis_game *game, int cell)
{
    if (!game || !pk_valid_cell(game, cell))
        return 0;
    const pk_state *st = &game->state;
    if (!((pk_all_penguins(st) >> cell) & 1))
        return 0;
    return game->setup->kernel->reach(game->setup->layout, st, cell);
}

packeis_status packeis_game_check_move(const packeis_game *game, packeis_move move)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    return game->setup->kernel->check(game->setup, &game->state, move);
}

/* Records the exact position before `move` in the history slot of the next
 * ply, then plays it: what apply and redo both do. Room must be there. */
static void pk_game_play(packeis_game *game, packeis_move move)
{
    pk_record *record = &game->history[game->plies++];
    record->before = game->state;
    record->lazy = PK_RECORD_EXACT;
    record->move = move;
    game->setup->kernel->play(game->setup, &game->state, move);
}

packeis_status packeis_game_apply(packeis_game *game, packeis_move move)
{
    packeis_status status = packeis_game_check_move(game, move);
    if (status != PACKEIS_OK)
        return status;
    status = pk_game_reserve(game, 1);
    if (status != PACKEIS_OK)
        return status;
    /* The next undone action, played again, keeps the others for redo. */
    int redoing = game->plies < game->redo_end && game->history[game->plies].move == move;
    pk_game_play(game, move);
    if (!redoing)
        game->redo_end = game->plies;
    return PACKEIS_OK;
}

/* Goes back to the position before action `plies` (see pk_record). */
static void pk_game_restore(packeis_game *game, size_t plies)
{
    pk_history_settle(game, plies);
    game->state = game->history[plies].before;
    game->plies = plies;
}

packeis_status packeis_game_undo(packeis_game *game)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (game->plies == 0)
        return PACKEIS_E_NOTHING_TO_UNDO;
    pk_game_restore(game, game->plies - 1);
    return PACKEIS_OK;
}

packeis_status packeis_game_undo_to(packeis_game *game, size_t plies)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (plies > game->plies)
        return PACKEIS_E_OUT_OF_RANGE;
    if (plies < game->plies)
        pk_game_restore(game, plies);
    return PACKEIS_OK;
}

packeis_status packeis_game_redo(packeis_game *game)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (game->plies == game->redo_end)
        return PACKEIS_E_NOTHING_TO_REDO;
    pk_game_play(game, game->history[game->plies].move);
    return PACKEIS_OK;
}

size_t packeis_game_redo_count(const packeis_game *game)
{
    return game ? game->redo_end - game->plies : 0;
}
