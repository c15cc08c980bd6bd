/* SPDX-License-Identifier: MIT */
/* The research fast paths: playouts, perft and divide. */
#include "bits.h"
#include "internal.h"

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

uint64_t packeis_game_perft(const packeis_game *game, unsigned depth)
{
    return game ? game->setup->kernel->perft(game->setup, &game->state, depth) : 0;
}

static uint64_t pk_perft_after(const pk_setup *setup, const pk_state *st, packeis_move move,
                               unsigned depth)
{
    pk_state child = *st;
    pk_play(setup, &child, move);
    return setup->kernel->perft(setup, &child, depth);
}

packeis_status packeis_game_divide(const packeis_game *game, unsigned depth,
                                   packeis_move *moves, uint64_t *leaves, size_t capacity,
                                   size_t *count)
{
    if (!game || !count || depth == 0 || (capacity && (!moves || !leaves)))
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_setup *setup = game->setup;
    size_t needed = setup->kernel->move_count(setup, &game->state);
    *count = needed;
    if (needed > capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    setup->kernel->legal_moves(setup, &game->state, moves);
    for (size_t i = 0; i < needed; i++)
        leaves[i] = pk_perft_after(setup, &game->state, moves[i], depth - 1);
    return PACKEIS_OK;
}
