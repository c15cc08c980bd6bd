/* SPDX-License-Identifier: MIT */
/* Batched random playouts for Monte Carlo tree search rollouts. */
#include <stdint.h>

#include "internal.h"

static void pk_batch_report(const pk_setup *setup, const pk_state *st, size_t game,
                            uint32_t *winners, int *fish, int *floes)
{
    size_t players = (size_t)setup->players;
    if (winners)
        winners[game] = pk_winners_of(setup, st);
    for (size_t p = 0; p < players; p++) {
        if (fish)
            fish[game * players + p] = st->fish[p];
        if (floes)
            floes[game * players + p] = st->floes_won[p];
    }
}

packeis_status packeis_game_playout_batch(const packeis_game *game, uint64_t seed, size_t games,
                                          uint32_t *winners, int *fish, int *floes,
                                          uint64_t *plies)
{
    if (!game || (!winners && !fish && !floes && !plies))
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_setup *setup = game->setup;
    if (games > SIZE_MAX / (size_t)setup->players)
        return PACKEIS_E_OUT_OF_RANGE;
    uint64_t total = 0;
    if (games) {
        /* One history long enough for any game from here, reused by all. */
        size_t bytes = (pk_actions_left(setup, &game->state) + 1) * sizeof(pk_record);
        pk_record *scratch = pk_alloc(&game->allocator, bytes);
        if (!scratch)
            return PACKEIS_E_OUT_OF_MEMORY;
        for (size_t g = 0; g < games; g++) {
            pk_state st = game->state;
            total += setup->kernel->playout(setup, &st, seed + (uint64_t)g, scratch);
            pk_batch_report(setup, &st, g, winners, fish, floes);
        }
        pk_release(&game->allocator, scratch, bytes);
    }
    if (plies)
        *plies = total;
    return PACKEIS_OK;
}
