/* SPDX-License-Identifier: MIT */
/* doc/rules.md, "Standings": places and winners. The packeis_game_*
 * questions about them are api/game_standings.c's. */
#include "internal.h"

/* Fish first, floes to break ties, as one comparable number: floes won are
 * fewer than PK_FLOES_WEIGHT. */
enum { PK_FLOES_WEIGHT = 256 };

static int pk_standing(const pk_state *st, int player)
{
    return st->fish[player] * PK_FLOES_WEIGHT + st->floes_won[player];
}

/* 1 plus the players strictly ahead: equal players share a place, and the
 * places after them are skipped. */
int pk_rank_of(const pk_setup *setup, const pk_state *state, int player)
{
    int rank = 1, mine = pk_standing(state, player);
    for (int other = 0; other < setup->players; other++)
        rank += pk_standing(state, other) > mine;
    return rank;
}

uint32_t pk_winners_of(const pk_setup *setup, const pk_state *state)
{
    uint32_t winners = 0;
    for (int player = 0; player < setup->players; player++)
        if (pk_rank_of(setup, state, player) == 1)
            winners |= 1u << player;
    return winners;
}

/* doc/rules.md, "Standings", for learning: the players ranked below minus
 * those ranked above, over the others; 0 until the game is over. */
double pk_reward_of(const pk_setup *setup, const pk_state *state, int player)
{
    if (state->phase != PACKEIS_PHASE_OVER)
        return 0.0;
    int mine = pk_standing(state, player), margin = 0;
    for (int other = 0; other < setup->players; other++) {
        int theirs = pk_standing(state, other);
        margin += (mine > theirs) - (mine < theirs);
    }
    return (double)margin / (double)(setup->players - 1);
}
