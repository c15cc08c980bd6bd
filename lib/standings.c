/* SPDX-License-Identifier: MIT */
/* Scores, places and winners (section 7). */
#include "internal.h"

packeis_status packeis_game_score(const packeis_game *game, int player, int *fish, int *floes)
{
    if (!game || (!fish && !floes))
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_player(game, player))
        return PACKEIS_E_OUT_OF_RANGE;
    if (fish)
        *fish = game->state.fish[player];
    if (floes)
        *floes = game->state.floes_won[player];
    return PACKEIS_OK;
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

packeis_status packeis_game_rank(const packeis_game *game, int player, int *rank)
{
    if (!game || !rank)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_player(game, player))
        return PACKEIS_E_OUT_OF_RANGE;
    *rank = pk_rank_of(game->setup, &game->state, player);
    return PACKEIS_OK;
}

uint32_t pk_winners_of(const pk_setup *setup, const pk_state *state)
{
    uint32_t winners = 0;
    for (int player = 0; player < setup->players; player++)
        if (pk_rank_of(setup, state, player) == 1)
            winners |= 1u << player;
    return winners;
}

packeis_status packeis_game_winners(const packeis_game *game, uint32_t *players)
{
    if (!game || !players)
        return PACKEIS_E_INVALID_ARGUMENT;
    *players = pk_winners_of(game->setup, &game->state);
    return PACKEIS_OK;
}
