/* SPDX-License-Identifier: MIT */
/* packeis.h, "Games: setup and board": read-only questions about a game's
 * setup and board. Each returns a value no valid call gives for a NULL game
 * or a bad index. */
#include "internal.h"

int packeis_game_player_count(const packeis_game *game)
{
    return game ? game->setup->players : 0;
}

int packeis_game_penguins_per_player(const packeis_game *game)
{
    return game ? game->setup->penguins : 0;
}

int packeis_game_variant(const packeis_game *game, int variant)
{
    if (!game || variant < 0 || variant >= PACKEIS_VARIANT_COUNT)
        return 0;
    return (int)((game->setup->variants >> variant) & 1);
}

int packeis_game_is_standard_board(const packeis_game *game)
{
    return game ? game->setup->standard : 0;
}

uint64_t packeis_game_seed(const packeis_game *game) { return game ? game->setup->seed : 0; }

uint64_t packeis_game_hash_seed(const packeis_game *game)
{
    return game ? game->setup->keys->hash_seed : 0;
}

int packeis_game_cell_count(const packeis_game *game)
{
    return game ? game->setup->layout->cells : 0;
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

packeis_status packeis_game_layout_bounds(const packeis_game *game, int *min_x, int *min_y,
                                          int *max_x, int *max_y)
{
    if (!game || !min_x || !min_y || !max_x || !max_y)
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_bounds *bounds = &game->setup->layout->bounds;
    *min_x = bounds->min_x;
    *min_y = bounds->min_y;
    *max_x = bounds->max_x;
    *max_y = bounds->max_y;
    return PACKEIS_OK;
}

int packeis_game_cell_at(const packeis_game *game, int x, int y)
{
    return game ? pk_layout_find(game->setup->layout, x, y) : PK_NO_CELL;
}

int packeis_game_neighbor(const packeis_game *game, int cell, int direction)
{
    if (!game || !pk_valid_cell(game, cell) || direction < 0 ||
        direction >= PACKEIS_DIRECTION_COUNT)
        return PK_NO_CELL;
    return game->setup->layout->neighbor[cell][direction];
}

int packeis_game_fish(const packeis_game *game, int cell)
{
    return game && pk_valid_cell(game, cell) ? game->setup->fish[cell] : 0;
}
