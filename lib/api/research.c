/* SPDX-License-Identifier: MIT */
/* packeis.h, "Research fast paths": playouts and batches of playouts
 * (perft and divide are api/perft.c's). */
#include <stdint.h>

#include "bits.h"
#include "internal.h"

/* The outputs of a batch of playouts; any may be NULL. */
typedef struct pk_batch_out {
    unsigned *winners;
    int *fish;
    int *floes;
    double *rewards;
} pk_batch_out;

/* Every movement action removes a floe, so the actions left are at most the
 * penguins still to place plus the floes on the board. */
size_t pk_actions_left(const pk_setup *setup, const pk_state *state)
{
    return (size_t)(setup->total_penguins - state->placed) + (size_t)pk_popcount(state->floes);
}

packeis_status packeis_game_playout(packeis_game *game, uint64_t seed, size_t *plies)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_status status = pk_game_reserve(game, pk_actions_left(game->setup, &game->state));
    if (status != PACKEIS_OK)
        return status;
    const pk_setup *setup = game->setup;
    /* A finished game with no history reserves nothing: history stays NULL,
     * and the kernel plays no action, so it gets no record to write. */
    pk_record *records = game->history ? game->history + game->plies : NULL;
    size_t played = setup->kernel->playout(setup, &game->state, seed, records);
    game->plies += played;
    game->redo_end = game->plies; /* the undone actions are forgotten */
    if (plies)
        *plies = played;
    return PACKEIS_OK;
}

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
        if (out->rewards)
            out->rewards[game * PACKEIS_MAX_PLAYERS + p] =
                present ? pk_reward_of(setup, st, (int)p) : 0.0;
    }
}

/* Plays games `first` to `end - 1` into `out`, two at a time (the kernel
 * interleaves them), recording nothing; returns the actions played. */
static size_t pk_batch_games(const packeis_game *game, uint64_t seed, size_t first, size_t end,
                             const pk_batch_out *out)
{
    const pk_setup *setup = game->setup;
    size_t total = 0, g = first;
    for (; g + 1 < end; g += 2) {
        pk_state pair[2] = {game->state, game->state};
        uint64_t seeds[2] = {seed + (uint64_t)g, seed + (uint64_t)g + 1};
        total += setup->kernel->playout_pair(setup, pair, seeds);
        pk_batch_report(setup, &pair[0], g, out);
        pk_batch_report(setup, &pair[1], g + 1, out);
    }
    if (g < end) {
        pk_state st = game->state;
        total += setup->kernel->playout(setup, &st, seed + (uint64_t)g, NULL);
        pk_batch_report(setup, &st, g, out);
    }
    return total;
}

/* The games of packeis_game_playout_batch(), or SIZE_MAX when the scratch
 * history cannot be allocated. That scratch is the 1.0.0 contract
 * (packeis.h: taken once from the game's allocator, so that the call can
 * report PACKEIS_E_OUT_OF_MEMORY, which callers and the bindings' tests
 * rely on); the games no longer need it. */
static size_t pk_batch_play(const packeis_game *game, uint64_t seed, size_t games,
                            const pk_batch_out *out)
{
    size_t bytes = (pk_actions_left(game->setup, &game->state) + 1) * sizeof(pk_record);
    pk_record *scratch = pk_alloc(&game->allocator, bytes);
    if (!scratch)
        return SIZE_MAX;
    size_t total = pk_batch_games(game, seed, 0, games, out);
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
        pk_batch_out out = {winners, fish, floes, NULL};
        total = pk_batch_play(game, seed, games, &out);
        if (total == SIZE_MAX)
            return PACKEIS_E_OUT_OF_MEMORY;
    }
    if (plies)
        *plies = total;
    return PACKEIS_OK;
}

packeis_status packeis_game_playout_rewards(const packeis_game *game, uint64_t seed,
                                            size_t games, double *rewards, int *fish,
                                            size_t capacity, packeis_progress progress,
                                            void *context, size_t *plies)
{
    if (!game || !rewards)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (capacity > SIZE_MAX / PACKEIS_MAX_PLAYERS)
        return PACKEIS_E_OUT_OF_RANGE;
    if (games > capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    pk_batch_out out = {NULL, fish, NULL, rewards};
    pk_watch watch = {progress, context, 0};
    size_t total = 0;
    for (size_t first = 0; first < games; first += PACKEIS_PLAYOUT_PROGRESS_GAMES) {
        size_t end = games - first > PACKEIS_PLAYOUT_PROGRESS_GAMES
                         ? first + PACKEIS_PLAYOUT_PROGRESS_GAMES
                         : games;
        total += pk_batch_games(game, seed, first, end, &out);
        if (pk_watch_report(&watch, end - first))
            return PACKEIS_E_STOPPED;
    }
    if (plies)
        *plies = total;
    return PACKEIS_OK;
}
