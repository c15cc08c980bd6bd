/* SPDX-License-Identifier: MIT */
/* Move values, legal move lists and move checking. */
#include "internal.h"

#define PK_PLACEMENT_ORIGIN 0xFFFFu

packeis_move packeis_move_placement(int cell)
{
    if (cell < 0 || cell >= PACKEIS_MAX_CELLS)
        return PACKEIS_MOVE_NONE;
    return ((packeis_move)PK_PLACEMENT_ORIGIN << 16) | (packeis_move)cell;
}

packeis_move packeis_move_slide(int from, int to)
{
    if (from < 0 || from >= PACKEIS_MAX_CELLS || to < 0 || to >= PACKEIS_MAX_CELLS)
        return PACKEIS_MOVE_NONE;
    return ((packeis_move)from << 16) | (packeis_move)to;
}

int packeis_move_is_placement(packeis_move move)
{
    return move != PACKEIS_MOVE_NONE && (move >> 16) == PK_PLACEMENT_ORIGIN;
}

int packeis_move_from(packeis_move move)
{
    if (move == PACKEIS_MOVE_NONE || (move >> 16) == PK_PLACEMENT_ORIGIN)
        return -1;
    return (int)(move >> 16);
}

int packeis_move_to(packeis_move move)
{
    if (move == PACKEIS_MOVE_NONE)
        return -1;
    return (int)(move & 0xFFFFu);
}

void pk_play(const pk_setup *setup, pk_state *state, packeis_move move)
{
    if (packeis_move_is_placement(move))
        setup->kernel->place(setup, state, packeis_move_to(move));
    else
        setup->kernel->slide(setup, state, packeis_move_from(move), packeis_move_to(move));
}

packeis_status packeis_game_legal_moves(const packeis_game *game, packeis_move *moves,
                                        size_t capacity, size_t *count)
{
    if (!game || !count || (!moves && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_setup *setup = game->setup;
    /* A buffer that holds any position's moves is filled in one pass;
     * smaller ones are checked first so that they stay untouched. */
    if (capacity < PACKEIS_MAX_MOVES) {
        size_t needed = setup->kernel->move_count(setup, &game->state);
        if (needed > capacity) {
            *count = needed;
            return PACKEIS_E_BUFFER_TOO_SMALL;
        }
    }
    *count = setup->kernel->legal_moves(setup, &game->state, moves);
    return PACKEIS_OK;
}

packeis_status packeis_game_move_count(const packeis_game *game, size_t *count)
{
    if (!game || !count)
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = game->setup->kernel->move_count(game->setup, &game->state);
    return PACKEIS_OK;
}

static packeis_status pk_check_placement(const packeis_game *game, int to)
{
    const pk_state *st = &game->state;
    if (st->phase != PACKEIS_PHASE_PLACEMENT)
        return PACKEIS_E_WRONG_PHASE;
    if (!pk_valid_cell(game, to))
        return PACKEIS_E_OUT_OF_RANGE;
    uint64_t taken = pk_all_penguins(st);
    if (!((game->setup->placeable & ~taken) >> to & 1))
        return PACKEIS_E_ILLEGAL_MOVE;
    return PACKEIS_OK;
}

static packeis_status pk_check_slide(const packeis_game *game, int from, int to)
{
    const pk_state *st = &game->state;
    if (st->phase != PACKEIS_PHASE_MOVEMENT)
        return PACKEIS_E_WRONG_PHASE;
    if (!pk_valid_cell(game, from) || !pk_valid_cell(game, to))
        return PACKEIS_E_OUT_OF_RANGE;
    if (!(st->penguins[st->turn] >> from & 1))
        return PACKEIS_E_ILLEGAL_MOVE;
    uint64_t reach = game->setup->kernel->reach(game->setup->layout, st, from);
    return (reach >> to & 1) ? PACKEIS_OK : PACKEIS_E_ILLEGAL_MOVE;
}

packeis_status packeis_game_check_move(const packeis_game *game, packeis_move move)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (game->state.phase == PACKEIS_PHASE_OVER)
        return PACKEIS_E_GAME_OVER;
    if (move == PACKEIS_MOVE_NONE)
        return PACKEIS_E_OUT_OF_RANGE;
    if (packeis_move_is_placement(move))
        return pk_check_placement(game, packeis_move_to(move));
    return pk_check_slide(game, packeis_move_from(move), packeis_move_to(move));
}
