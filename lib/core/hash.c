/* SPDX-License-Identifier: MIT */
/* The position hash: Zobrist keys for what the board shows, kept up to date
 * by the kernel, mixed at query time with the few numbers beside the board.
 * Both parts are documented in doc/formats.md and frozen within a major
 * version. */
#include "bits.h"
#include "internal.h"
#include "rng.h"

/* Keys in this order from SplitMix64 seeded with the hash seed: one per cell
 * for a floe, one per player and cell for a penguin, one per player to act
 * and one for a finished game. All 64 cells get keys, whatever the layout. */
void pk_hash_keys(pk_keys *keys, uint64_t hash_seed)
{
    pk_rng rng = {hash_seed};
    keys->hash_seed = hash_seed;
    for (int c = 0; c < PACKEIS_MAX_CELLS; c++)
        keys->floe_key[c] = pk_rng_next(&rng);
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        for (int c = 0; c < PACKEIS_MAX_CELLS; c++)
            keys->penguin_key[p][c] = pk_rng_next(&rng);
    for (int t = 0; t <= PACKEIS_MAX_PLAYERS; t++)
        keys->turn_key[t] = pk_rng_next(&rng);
}

/* From scratch; the kernel keeps state->hash equal to this. */
uint64_t pk_board_hash(const pk_setup *setup, const pk_state *state)
{
    const pk_keys *keys = setup->keys;
    uint64_t hash = pk_keys_of(keys->floe_key, state->floes);
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        hash ^= pk_keys_of(keys->penguin_key[p], state->penguins[p]);
    return hash ^ pk_turn_key(setup, state->turn);
}

/* The board part, then the scores, players out and phase packed in two
 * words: fish of players 0-3 in 16 bits each; floes of players 0-3 in 8 bits
 * each, then the players out (8 bits) and the phase (8 bits). */
uint64_t pk_position_hash(const pk_setup *setup, const pk_state *state)
{
    uint64_t fish = 0, rest = 0;
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        fish |= (uint64_t)state->fish[p] << (16 * p);
        rest |= (uint64_t)state->floes_won[p] << (8 * p);
    }
    rest |= (uint64_t)state->out << 32 | (uint64_t)state->phase << 40;
    return state->hash ^ pk_mix64(fish ^ pk_mix64(rest ^ setup->keys->hash_seed));
}
