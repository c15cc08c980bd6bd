/* SPDX-License-Identifier: MIT */
/* packeis.h, "Games: position": read-only questions about the position.
 * Each returns a value no valid call gives for a NULL game or a bad index. */
#include "internal.h"

int packeis_game_phase(const packeis_game *game) { return game ? game->state.phase : -1; }

const char *packeis_phase_name(int phase)
{
    switch (phase) {
    case PACKEIS_PHASE_PLACEMENT:
        return "placement";
    case PACKEIS_PHASE_MOVEMENT:
        return "movement";
    case PACKEIS_PHASE_OVER:
        return "over";
    default:
        return NULL;
    }
}

int packeis_game_current_player(const packeis_game *game)
{
    if (!game || game->state.phase == PACKEIS_PHASE_OVER)
        return -1;
    return game->state.turn;
}

uint64_t packeis_game_floes(const packeis_game *game) { return game ? game->state.floes : 0; }

uint64_t packeis_game_penguins(const packeis_game *game, int player)
{
    return game && pk_valid_player(game, player) ? game->state.penguins[player] : 0;
}

int packeis_game_penguin_at(const packeis_game *game, int cell)
{
    if (!game || !pk_valid_cell(game, cell))
        return -1;
    return pk_penguin_owner(&game->state, cell);
}

int packeis_game_is_out(const packeis_game *game, int player)
{
    if (!game || !pk_valid_player(game, player))
        return 0;
    return (game->state.out >> player) & 1;
}
