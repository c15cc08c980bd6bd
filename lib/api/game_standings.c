/* SPDX-License-Identifier: MIT */
/* packeis.h, "Games: standings". The ranking rule is rules/standings.c's. */
#include "internal.h"

int packeis_game_fish_won(const packeis_game *game, int player)
{
    return game && pk_valid_player(game, player) ? game->state.fish[player] : 0;
}

int packeis_game_floes_won(const packeis_game *game, int player)
{
    return game && pk_valid_player(game, player) ? game->state.floes_won[player] : 0;
}

int packeis_game_rank(const packeis_game *game, int player)
{
    if (!game || !pk_valid_player(game, player))
        return 0;
    return pk_rank_of(game->setup, &game->state, player);
}

unsigned packeis_game_winners(const packeis_game *game)
{
    return game ? pk_winners_of(game->setup, &game->state) : 0;
}

double packeis_game_reward(const packeis_game *game, int player)
{
    if (!game || !pk_valid_player(game, player))
        return 0.0;
    return pk_reward_of(game->setup, &game->state, player);
}
