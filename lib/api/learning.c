/* SPDX-License-Identifier: MIT */
/* packeis.h, "Machine learning": the observation planes, in compact form
 * (a word per plane) and as floats, and the legal moves as a byte mask and
 * a bit mask. The float planes are the compact ones spread over the cells,
 * so the two forms cannot disagree. */
#include <string.h>

#include "internal.h"

#define PK_PLANE_CELLS ((size_t)PACKEIS_MAX_CELLS)

/* Whether plane `k` holds a fraction (its word is the numerator). */
static int pk_fraction_plane(int k)
{
    return k >= PACKEIS_PLANE_FISH_WON_0 && k < PACKEIS_PLANE_OUT_0;
}

/* The words of the planes that come in fours, for player `player` (or -1:
 * a player the game does not have) in slot `k`. */
static void pk_observe_player(const packeis_game *game, uint64_t *words, int k, int player)
{
    const pk_state *st = &game->state;
    uint64_t all = game->setup->layout->all;
    if (player < 0)
        return;
    words[PACKEIS_PLANE_PENGUINS_0 + k] = st->penguins[player];
    words[PACKEIS_PLANE_TO_ACT_0 + k] = st->turn == player ? all : 0;
    words[PACKEIS_PLANE_FISH_WON_0 + k] = st->fish[player];
    words[PACKEIS_PLANE_FLOES_WON_0 + k] = st->floes_won[player];
    words[PACKEIS_PLANE_OUT_0 + k] = ((st->out >> player) & 1) ? all : 0;
}

/* The first player of the per-player slots that `flags` asks for. */
static int pk_first_slot(const packeis_game *game, unsigned flags)
{
    int turn = game->state.turn;
    return (flags & PACKEIS_OBSERVE_RELATIVE) && turn != PK_NO_PLAYER ? turn : 0;
}

/* The compact planes with player `first` in slot 0 of each group of four. */
static void pk_observe_words_from(const packeis_game *game, int first, uint64_t *words)
{
    const pk_setup *setup = game->setup;
    const pk_state *st = &game->state;
    uint64_t all = setup->layout->all;
    memset(words, 0, PACKEIS_OBSERVATION_PLANES * sizeof *words);
    for (int f = PK_MIN_FISH; f <= PK_MAX_FISH; f++)
        words[PACKEIS_PLANE_FISH_1 + f - 1] = st->floes & setup->fish_set[f];
    for (int k = 0; k < PACKEIS_MAX_PLAYERS; k++)
        pk_observe_player(game, words, k,
                          k < setup->players ? (first + k) % setup->players : -1);
    words[PACKEIS_PLANE_CELL] = all;
    words[PACKEIS_PLANE_PLACEMENT] = st->phase == PACKEIS_PHASE_PLACEMENT ? all : 0;
}

void pk_observe_words(const packeis_game *game, unsigned flags, uint64_t *words)
{
    pk_observe_words_from(game, pk_first_slot(game, flags), words);
}

/* The eight floats of each byte of a set: 1.0 on its bits, 0.0 elsewhere
 * (a constant table: filling a plane is eight copies of 32 bytes). */
#define PK_E1(n)                                                                               \
    {                                                                                          \
        (float)((n)&1), (float)(((n) >> 1) & 1), (float)(((n) >> 2) & 1),                      \
            (float)(((n) >> 3) & 1), (float)(((n) >> 4) & 1), (float)(((n) >> 5) & 1),         \
            (float)(((n) >> 6) & 1), (float)(((n) >> 7) & 1)                                   \
    }
#define PK_E4(n)  PK_E1(n), PK_E1((n) + 1), PK_E1((n) + 2), PK_E1((n) + 3)
#define PK_E16(n) PK_E4(n), PK_E4((n) + 4), PK_E4((n) + 8), PK_E4((n) + 12)
#define PK_E64(n) PK_E16(n), PK_E16((n) + 16), PK_E16((n) + 32), PK_E16((n) + 48)
static const float pk_byte_floats[256][8] = {PK_E64(0), PK_E64(64), PK_E64(128), PK_E64(192)};

/* 1.0 on the cells of a set, 0.0 elsewhere. */
static void pk_fill_plane(float *plane, uint64_t cells)
{
    for (size_t byte = 0; byte < PK_PLANE_CELLS / 8; byte++)
        memcpy(plane + 8 * byte, pk_byte_floats[(cells >> (8 * byte)) & 0xFFu],
               sizeof pk_byte_floats[0]);
}

/* `value` on the cells of the layout, 0 elsewhere. */
static void pk_fill_constant(float *plane, uint64_t layout, float value)
{
    pk_fill_plane(plane, layout);
    for (size_t i = 0; i < PK_PLANE_CELLS; i++)
        plane[i] *= value;
}

/* The float planes with player `first` in slot 0 of each group of four. */
static void pk_observe_planes_from(const packeis_game *game, int first, float *planes)
{
    const pk_layout *lay = game->setup->layout;
    float fish_total = (float)pk_fish_on(game->setup, lay->all);
    uint64_t words[PACKEIS_OBSERVATION_PLANES];
    pk_observe_words_from(game, first, words);
    for (int k = 0; k < PACKEIS_OBSERVATION_PLANES; k++) {
        float *plane = planes + (size_t)k * PK_PLANE_CELLS;
        if (!pk_fraction_plane(k))
            pk_fill_plane(plane, words[k]);
        else if (k < PACKEIS_PLANE_FLOES_WON_0)
            pk_fill_constant(plane, lay->all, (float)words[k] / fish_total);
        else
            pk_fill_constant(plane, lay->all, (float)words[k] / (float)lay->cells);
    }
}

void pk_observe_planes(const packeis_game *game, unsigned flags, float *planes)
{
    pk_observe_planes_from(game, pk_first_slot(game, flags), planes);
}

/* The checks of a buffer filler: PACKEIS_OK when it may write `needed`
 * elements. */
static packeis_status pk_check_fill(const packeis_game *game, const void *buffer,
                                    size_t capacity, size_t *count, size_t needed)
{
    if (!game || !count || (capacity && !buffer))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = needed;
    return capacity < needed ? PACKEIS_E_BUFFER_TOO_SMALL : PACKEIS_OK;
}

packeis_status packeis_game_observe(const packeis_game *game, unsigned flags, float *planes,
                                    size_t capacity, size_t *count)
{
    if (flags & ~(unsigned)PACKEIS_OBSERVE_RELATIVE)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_status status =
        pk_check_fill(game, planes, capacity, count, PACKEIS_OBSERVATION_SIZE);
    if (status == PACKEIS_OK)
        pk_observe_planes(game, flags, planes);
    return status;
}

packeis_status packeis_game_observe_bits(const packeis_game *game, unsigned flags,
                                         uint64_t *words, size_t capacity, size_t *count)
{
    if (flags & ~(unsigned)PACKEIS_OBSERVE_RELATIVE)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_status status =
        pk_check_fill(game, words, capacity, count, PACKEIS_OBSERVATION_PLANES);
    if (status == PACKEIS_OK)
        pk_observe_words(game, flags, words);
    return status;
}

/* The checks of an observation seen by `player`: those of a buffer
 * filler, the player's range before the buffer's size. */
static packeis_status pk_check_viewer(const packeis_game *game, int player, const void *buffer,
                                      size_t capacity, size_t *count, size_t needed)
{
    if (!game || !count || (capacity && !buffer))
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_player(game, player))
        return PACKEIS_E_OUT_OF_RANGE;
    return pk_check_fill(game, buffer, capacity, count, needed);
}

packeis_status packeis_game_observe_as(const packeis_game *game, int player, float *planes,
                                       size_t capacity, size_t *count)
{
    packeis_status status =
        pk_check_viewer(game, player, planes, capacity, count, PACKEIS_OBSERVATION_SIZE);
    if (status == PACKEIS_OK)
        pk_observe_planes_from(game, player, planes);
    return status;
}

packeis_status packeis_game_observe_bits_as(const packeis_game *game, int player,
                                            uint64_t *words, size_t capacity, size_t *count)
{
    packeis_status status =
        pk_check_viewer(game, player, words, capacity, count, PACKEIS_OBSERVATION_PLANES);
    if (status == PACKEIS_OK)
        pk_observe_words_from(game, player, words);
    return status;
}

void pk_legal_mask_fill(const packeis_game *game, uint8_t *mask)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    const pk_setup *setup = game->setup;
    size_t n = setup->kernel->legal_moves(setup, &game->state, moves);
    memset(mask, 0, PACKEIS_MOVE_VALUES);
    for (size_t i = 0; i < n; i++)
        mask[moves[i]] = 1;
}

/* A slide from f is f * 64 + its target, so in movement word f of the bit
 * mask is the set of destinations of the penguin on f: the legal slides
 * are those of the penguins of the player to act (as the kernel lists
 * them), and no move list is needed. Placements take the list. */
void pk_legal_bits_fill(const packeis_game *game, uint64_t *bits)
{
    const pk_setup *setup = game->setup;
    const pk_state *st = &game->state;
    memset(bits, 0, PACKEIS_LEGAL_BITS_WORDS * sizeof *bits);
    if (st->phase == PACKEIS_PHASE_MOVEMENT) {
        for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
            int from = __builtin_ctzll(set);
            bits[from] = setup->kernel->reach(setup->layout, st, from);
        }
        return;
    }
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t n = setup->kernel->legal_moves(setup, st, moves);
    for (size_t i = 0; i < n; i++)
        bits[moves[i] / 64] |= UINT64_C(1) << (moves[i] % 64);
}

packeis_status packeis_game_legal_mask(const packeis_game *game, uint8_t *mask, size_t capacity,
                                       size_t *count)
{
    packeis_status status = pk_check_fill(game, mask, capacity, count, PACKEIS_MOVE_VALUES);
    if (status == PACKEIS_OK)
        pk_legal_mask_fill(game, mask);
    return status;
}

packeis_status packeis_game_legal_bits(const packeis_game *game, uint64_t *bits,
                                       size_t capacity, size_t *count)
{
    packeis_status status =
        pk_check_fill(game, bits, capacity, count, PACKEIS_LEGAL_BITS_WORDS);
    if (status == PACKEIS_OK)
        pk_legal_bits_fill(game, bits);
    return status;
}
