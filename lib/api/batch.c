/* SPDX-License-Identifier: MIT */
/* Batched random playouts for Monte Carlo tree search rollouts. */
#include <stdint.h>

#include "internal.h"

typedef struct pk_batch_out {
    unsigned *winners;
    int *fish;
    int *floes;
} pk_batch_out;

static void pk_batch_report(const pk_setup *setup, const pk_state *st, size_t game,
                            const pk_batch_out *out)
{
    if (out->winners)
        out->winners[game] = pk_winners_of(setup, st);
    for (size_t p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        int present = p < (size_t)setup->players;
        if (out->fish)
            out->fish[game * PACKEIS_MAX_PLAYERS + p] = present ? st->fish[p] : 0;
        if (out->floes)
            out->floes[game * PACKEIS_MAX_PLAYERS + p] = present ? st->floes_won[p] : 0;
    }
}

/* Plays the games into `out`; returns the actions played, or SIZE_MAX when
 * the scratch history cannot be allocated. */
static size_t pk_batch_play(const packeis_game *game, uint64_t seed, size_t games,
                            const pk_batch_out *out)
{
    const pk_setup *setup = game->setup;
    /* One history long enough for any game from here, reused by all. */
    size_t bytes = (pk_actions_left(setup, &game->state) + 1) * sizeof(pk_record);
    pk_record *scratch = pk_alloc(&game->allocator, bytes);
    if (!scratch)
        return SIZE_MAX;
    size_t total = 0;
    for (size_t g = 0; g < games; g++) {
        pk_state st = game->state;
        total += setup->kernel->playout(setup, &st, seed + (uint64_t)g, scratch);
        pk_batch_report(setup, &st, g, out);
    }
    pk_release(&game->allocator, scratch, bytes);
    return total;
}

packeis_status packeis_game_playout_batch(const packeis_game *game, uint64_t seed, size_t games,
                                          unsigned *winners, int *fish, int *floes,
                                          size_t capacity, size_t *plies)
{
    if (!game || (!winners && !fish && !floes && !plies))
        return PACKEIS_E_INVALID_ARGUMENT;
    int buffers = winners || fish || floes;
    if (buffers && capacity > SIZE_MAX / PACKEIS_MAX_PLAYERS)
        return PACKEIS_E_OUT_OF_RANGE;
    if (buffers && games > capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    size_t total = 0;
    if (games) {
        pk_batch_out out = {winners, fish, floes};
        total = pk_batch_play(game, seed, games, &out);
        if (total == SIZE_MAX)
            return PACKEIS_E_OUT_OF_MEMORY;
    }
    if (plies)
        *plies = total;
    return PACKEIS_OK;
}
