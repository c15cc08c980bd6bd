/* SPDX-License-Identifier: MIT */
/* Scores, places and winners (section 7). */
#include "internal.h"

int packeis_game_fish_won(const packeis_game *game, int player)
{
    return game && pk_valid_player(game, player) ? game->state.fish[player] : 0;
}

int packeis_game_floes_won(const packeis_game *game, int player)
{
    return game && pk_valid_player(game, player) ? game->state.floes_won[player] : 0;
}

/* Fish first, floes to break ties, as one comparable number. */
static int pk_standing(const pk_state *st, int player)
{
    return st->fish[player] * 256 + st->floes_won[player];
}

static int pk_rank_of(const pk_setup *setup, const pk_state *state, int player)
{
    int rank = 1, mine = pk_standing(state, player);
    for (int other = 0; other < setup->players; other++)
        rank += pk_standing(state, other) > mine;
    return rank;
}

int packeis_game_rank(const packeis_game *game, int player)
{
    if (!game || !pk_valid_player(game, player))
        return 0;
    return pk_rank_of(game->setup, &game->state, player);
}

uint32_t pk_winners_of(const pk_setup *setup, const pk_state *state)
{
    uint32_t winners = 0;
    for (int player = 0; player < setup->players; player++)
        if (pk_rank_of(setup, state, player) == 1)
            winners |= 1u << player;
    return winners;
}

unsigned packeis_game_winners(const packeis_game *game)
{
    return game ? pk_winners_of(game->setup, &game->state) : 0;
}
