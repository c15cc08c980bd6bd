/* SPDX-License-Identifier: MIT */
/* Read-only questions about a game's setup and position. */
#include <string.h>

#include "bits.h"
#include "internal.h"

packeis_status packeis_game_player_count(const packeis_game *game, int *players)
{
    if (!game || !players)
        return PACKEIS_E_INVALID_ARGUMENT;
    *players = game->setup->players;
    return PACKEIS_OK;
}

packeis_status packeis_game_penguins_per_player(const packeis_game *game, int *penguins)
{
    if (!game || !penguins)
        return PACKEIS_E_INVALID_ARGUMENT;
    *penguins = game->setup->penguins;
    return PACKEIS_OK;
}

packeis_status packeis_game_variant(const packeis_game *game, int variant, int *enabled)
{
    if (!game || !enabled || variant < 0 || variant >= PACKEIS_VARIANT_COUNT)
        return PACKEIS_E_INVALID_ARGUMENT;
    *enabled = (int)((game->setup->variants >> variant) & 1);
    return PACKEIS_OK;
}

packeis_status packeis_game_board_seed(const packeis_game *game, int *is_standard,
                                       uint64_t *seed)
{
    if (!game || !is_standard || !seed)
        return PACKEIS_E_INVALID_ARGUMENT;
    *is_standard = game->setup->standard;
    *seed = game->setup->seed;
    return PACKEIS_OK;
}

packeis_status packeis_game_cell_count(const packeis_game *game, int *cells)
{
    if (!game || !cells)
        return PACKEIS_E_INVALID_ARGUMENT;
    *cells = game->setup->layout->cells;
    return PACKEIS_OK;
}

packeis_status packeis_game_cell_coords(const packeis_game *game, int cell, int *x, int *y)
{
    if (!game || !x || !y)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell))
        return PACKEIS_E_OUT_OF_RANGE;
    *x = game->setup->layout->x[cell];
    *y = game->setup->layout->y[cell];
    return PACKEIS_OK;
}

packeis_status packeis_game_cell_at(const packeis_game *game, int x, int y, int *cell)
{
    if (!game || !cell)
        return PACKEIS_E_INVALID_ARGUMENT;
    *cell = pk_layout_find(game->setup->layout, x, y);
    return PACKEIS_OK;
}

packeis_status packeis_game_neighbor(const packeis_game *game, int cell, int direction,
                                     int *neighbor)
{
    if (!game || !neighbor)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell) || direction < 0 || direction >= PACKEIS_DIRECTION_COUNT)
        return PACKEIS_E_OUT_OF_RANGE;
    *neighbor = game->setup->layout->neighbor[cell][direction];
    return PACKEIS_OK;
}

packeis_status packeis_game_fish(const packeis_game *game, int cell, int *fish)
{
    if (!game || !fish)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell))
        return PACKEIS_E_OUT_OF_RANGE;
    *fish = game->setup->fish[cell];
    return PACKEIS_OK;
}

packeis_status packeis_game_fish_set(const packeis_game *game, int fish, uint64_t *cells)
{
    if (!game || !cells)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (fish < 1 || fish > 3)
        return PACKEIS_E_OUT_OF_RANGE;
    *cells = game->setup->fish_set[fish];
    return PACKEIS_OK;
}

packeis_status packeis_game_phase(const packeis_game *game, int *phase)
{
    if (!game || !phase)
        return PACKEIS_E_INVALID_ARGUMENT;
    *phase = game->state.phase;
    return PACKEIS_OK;
}

packeis_status packeis_game_is_over(const packeis_game *game, int *over)
{
    if (!game || !over)
        return PACKEIS_E_INVALID_ARGUMENT;
    *over = game->state.phase == PACKEIS_PHASE_OVER;
    return PACKEIS_OK;
}

packeis_status packeis_game_current_player(const packeis_game *game, int *player)
{
    if (!game || !player)
        return PACKEIS_E_INVALID_ARGUMENT;
    *player = game->state.phase == PACKEIS_PHASE_OVER ? -1 : game->state.turn;
    return PACKEIS_OK;
}

packeis_status packeis_game_floe_present(const packeis_game *game, int cell, int *present)
{
    if (!game || !present)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell))
        return PACKEIS_E_OUT_OF_RANGE;
    *present = (int)((game->state.floes >> cell) & 1);
    return PACKEIS_OK;
}

packeis_status packeis_game_penguin_at(const packeis_game *game, int cell, int *player)
{
    if (!game || !player)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell))
        return PACKEIS_E_OUT_OF_RANGE;
    *player = pk_penguin_owner(&game->state, cell);
    return PACKEIS_OK;
}

packeis_status packeis_game_penguin_cells(const packeis_game *game, int player, int *cells,
                                          size_t capacity, size_t *count)
{
    if (!game || !count || (!cells && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_player(game, player))
        return PACKEIS_E_OUT_OF_RANGE;
    uint64_t set = game->state.penguins[player];
    size_t needed = (size_t)pk_popcount(set);
    *count = needed;
    if (needed > capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    for (size_t i = 0; set; set &= set - 1)
        cells[i++] = pk_lowest(set);
    return PACKEIS_OK;
}

packeis_status packeis_game_floe_set(const packeis_game *game, uint64_t *cells)
{
    if (!game || !cells)
        return PACKEIS_E_INVALID_ARGUMENT;
    *cells = game->state.floes;
    return PACKEIS_OK;
}

packeis_status packeis_game_penguin_set(const packeis_game *game, int player, uint64_t *cells)
{
    if (!game || !cells)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_player(game, player))
        return PACKEIS_E_OUT_OF_RANGE;
    *cells = game->state.penguins[player];
    return PACKEIS_OK;
}

packeis_status packeis_game_is_out(const packeis_game *game, int player, int *out)
{
    if (!game || !out)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_player(game, player))
        return PACKEIS_E_OUT_OF_RANGE;
    *out = (game->state.out >> player) & 1;
    return PACKEIS_OK;
}

packeis_status packeis_game_ply_count(const packeis_game *game, size_t *plies)
{
    if (!game || !plies)
        return PACKEIS_E_INVALID_ARGUMENT;
    *plies = game->plies;
    return PACKEIS_OK;
}

packeis_status packeis_game_history(const packeis_game *game, packeis_move *moves,
                                    size_t capacity, size_t *count)
{
    if (!game || !count || (!moves && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = game->plies;
    if (game->plies > capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    for (size_t i = 0; i < game->plies; i++)
        moves[i] = game->history[i].move;
    return PACKEIS_OK;
}

packeis_status packeis_game_destinations(const packeis_game *game, int cell, uint64_t *cells)
{
    if (!game || !cells)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell))
        return PACKEIS_E_OUT_OF_RANGE;
    const pk_state *st = &game->state;
    int occupied = (int)((pk_all_penguins(st) >> cell) & 1);
    *cells = occupied ? game->setup->kernel->reach(game->setup->layout, st, cell) : 0;
    return PACKEIS_OK;
}
