/* SPDX-License-Identifier: MIT */
/* Batched random playouts for Monte Carlo tree search rollouts. */
#include <stdint.h>

#include "bits.h"
#include "internal.h"

/* Fish first, floes to break ties, as one comparable number (as in
 * standings.c). */
static int pk_batch_standing(const pk_state *st, int player)
{
    return st->fish[player] * 256 + st->floes_won[player];
}

static uint32_t pk_batch_winners(const pk_state *st, int players)
{
    int best = -1;
    uint32_t winners = 0;
    for (int player = 0; player < players; player++) {
        int standing = pk_batch_standing(st, player);
        if (standing > best) {
            best = standing;
            winners = 1u << player;
        } else if (standing == best) {
            winners |= 1u << player;
        }
    }
    return winners;
}

packeis_status packeis_game_playout_batch(const packeis_game *game, uint64_t seed, size_t games,
                                          uint32_t *winners, int *fish, int *floes,
                                          uint64_t *plies)
{
    if (!game || (!winners && !fish && !floes && !plies))
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_setup *setup = game->setup;
    const int players = setup->players;
    if (games > SIZE_MAX / (size_t)PACKEIS_MAX_PLAYERS)
        return PACKEIS_E_OUT_OF_RANGE;
    /* Every movement action removes a floe: the actions left are at most the
     * penguins still to place plus the floes on the board. */
    size_t longest = (size_t)(setup->total_penguins - game->state.placed) +
                     (size_t)pk_popcount(game->state.floes);
    size_t bytes = (longest ? longest : 1) * sizeof(pk_record);
    pk_record *scratch = pk_alloc(&game->allocator, bytes);
    if (!scratch)
        return PACKEIS_E_OUT_OF_MEMORY;
    uint64_t total = 0;
    for (size_t g = 0; g < games; g++) {
        pk_state st = game->state;
        total += setup->kernel->playout(setup, &st, seed + (uint64_t)g, scratch);
        if (winners)
            winners[g] = pk_batch_winners(&st, players);
        for (int p = 0; p < players; p++) {
            if (fish)
                fish[g * (size_t)players + (size_t)p] = st.fish[p];
            if (floes)
                floes[g * (size_t)players + (size_t)p] = st.floes_won[p];
        }
    }
    pk_release(&game->allocator, scratch, bytes);
    if (plies)
        *plies = total;
    return PACKEIS_OK;
}
