/* SPDX-License-Identifier: MIT */
/* Move values, legal move lists and move checking. */
#include "bits.h"
#include "internal.h"

static int pk_on_board(int cell) { return cell >= 0 && cell < PACKEIS_MAX_CELLS; }

packeis_move packeis_move_placement(int cell)
{
    return pk_on_board(cell) ? pk_placement_move(cell) : PACKEIS_MOVE_NONE;
}

packeis_move packeis_move_slide(int from, int to)
{
    if (!pk_on_board(from) || !pk_on_board(to) || from == to)
        return PACKEIS_MOVE_NONE;
    return pk_slide_move(from, to);
}

int packeis_move_is_placement(packeis_move move)
{
    return move < PACKEIS_MOVE_VALUES && move / PACKEIS_MAX_CELLS == move % PACKEIS_MAX_CELLS;
}

int packeis_move_from(packeis_move move)
{
    if (move >= PACKEIS_MOVE_VALUES || packeis_move_is_placement(move))
        return -1;
    return move / PACKEIS_MAX_CELLS;
}

int packeis_move_to(packeis_move move)
{
    return move < PACKEIS_MOVE_VALUES ? move % PACKEIS_MAX_CELLS : -1;
}

void pk_play(const pk_setup *setup, pk_state *state, packeis_move move)
{
    int from = move / PACKEIS_MAX_CELLS, to = move % PACKEIS_MAX_CELLS;
    if (from == to)
        setup->kernel->place(setup, state, to);
    else
        setup->kernel->slide(setup, state, from, to);
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

/* Section 3: why a penguin may not be placed on `cell`. */
static packeis_status pk_placement_fault(const packeis_game *game, int cell)
{
    if ((pk_all_penguins(&game->state) >> cell) & 1)
        return PACKEIS_E_OCCUPIED;
    if (!((game->setup->placeable >> cell) & 1))
        return PACKEIS_E_NOT_ONE_FISH;
    return PACKEIS_OK;
}

/* The direction in which `to` lies in line from `from`, or -1. */
static int pk_line_direction(const pk_layout *layout, int from, int to)
{
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
        if ((layout->ray[d][from] >> to) & 1)
            return d;
    return -1;
}

/* Section 4: why the penguin on `from` may not slide to `to`. The kernel's
 * reach answers the common case; the walk only names the obstacle. */
static packeis_status pk_slide_fault(const packeis_game *game, int from, int to)
{
    const pk_state *st = &game->state;
    const pk_layout *layout = game->setup->layout;
    if (!((st->penguins[st->turn] >> from) & 1))
        return PACKEIS_E_NOT_YOUR_PENGUIN;
    if ((game->setup->kernel->reach(layout, st, from) >> to) & 1)
        return PACKEIS_OK;
    int d = pk_line_direction(layout, from, to);
    if (d < 0)
        return PACKEIS_E_NOT_IN_LINE;
    uint64_t penguins = pk_all_penguins(st);
    for (int cell = layout->neighbor[from][d];; cell = layout->neighbor[cell][d]) {
        if ((penguins >> cell) & 1)
            return PACKEIS_E_BLOCKED_BY_PENGUIN;
        if (!((st->floes >> cell) & 1))
            return PACKEIS_E_BLOCKED_BY_GAP;
        if (cell == to)
            return PACKEIS_OK; /* not reached: reach() would have had it */
    }
}

packeis_status packeis_game_check_move(const packeis_game *game, packeis_move move)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_state *st = &game->state;
    if (st->phase == PACKEIS_PHASE_OVER)
        return PACKEIS_E_GAME_OVER;
    if (move >= PACKEIS_MOVE_VALUES)
        return PACKEIS_E_OUT_OF_RANGE;
    int from = move / PACKEIS_MAX_CELLS, to = move % PACKEIS_MAX_CELLS;
    int placement = from == to;
    if (placement != (st->phase == PACKEIS_PHASE_PLACEMENT))
        return PACKEIS_E_WRONG_PHASE;
    if (!pk_valid_cell(game, from) || !pk_valid_cell(game, to))
        return PACKEIS_E_OUT_OF_RANGE;
    return placement ? pk_placement_fault(game, to) : pk_slide_fault(game, from, to);
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
