/* SPDX-License-Identifier: MIT */
/* packeis.h, "Machine learning": the observation planes and the legal
 * move mask. */
#include <string.h>

#include "bits.h"
#include "internal.h"

#define PK_PLANE_CELLS ((size_t)PACKEIS_MAX_CELLS)

static void pk_fill_plane(float *plane, uint64_t cells)
{
    for (size_t i = 0; i < PK_PLANE_CELLS; i++)
        plane[i] = (float)((cells >> i) & 1u);
}

/* `value` on the cells of the layout, 0 elsewhere. */
static void pk_fill_constant(float *plane, uint64_t layout, float value)
{
    for (size_t i = 0; i < PK_PLANE_CELLS; i++)
        plane[i] = ((layout >> i) & 1u) ? value : 0.0f;
}

static float *pk_plane(float *planes, int plane)
{
    return planes + (size_t)plane * PK_PLANE_CELLS;
}

/* The planes that come in fours, for player `player` (or -1: a player the
 * game does not have) in slot `k`. */
static void pk_observe_player(const packeis_game *game, float *planes, int k, int player)
{
    const pk_layout *lay = game->setup->layout;
    const pk_state *st = &game->state;
    int present = player >= 0;
    pk_fill_plane(pk_plane(planes, PACKEIS_PLANE_PENGUINS_0 + k),
                  present ? st->penguins[player] : 0);
    pk_fill_plane(pk_plane(planes, PACKEIS_PLANE_TO_ACT_0 + k),
                  present && st->turn == player ? lay->all : 0);
    float fish =
        present ? (float)st->fish[player] / (float)pk_fish_on(game->setup, lay->all) : 0.0f;
    float floes = present ? (float)st->floes_won[player] / (float)lay->cells : 0.0f;
    int out = present && ((st->out >> player) & 1);
    pk_fill_constant(pk_plane(planes, PACKEIS_PLANE_FISH_WON_0 + k), lay->all, fish);
    pk_fill_constant(pk_plane(planes, PACKEIS_PLANE_FLOES_WON_0 + k), lay->all, floes);
    pk_fill_plane(pk_plane(planes, PACKEIS_PLANE_OUT_0 + k), out ? lay->all : 0);
}

packeis_status packeis_game_observe(const packeis_game *game, unsigned flags, float *planes,
                                    size_t capacity, size_t *count)
{
    if (!game || !count || (capacity && !planes) ||
        (flags & ~(unsigned)PACKEIS_OBSERVE_RELATIVE))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = PACKEIS_OBSERVATION_SIZE;
    if (capacity < PACKEIS_OBSERVATION_SIZE)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    const pk_setup *setup = game->setup;
    const pk_layout *lay = setup->layout;
    const pk_state *st = &game->state;
    int first = 0;
    if ((flags & PACKEIS_OBSERVE_RELATIVE) && st->turn != PK_NO_PLAYER)
        first = st->turn;
    for (int f = PK_MIN_FISH; f <= PK_MAX_FISH; f++)
        pk_fill_plane(pk_plane(planes, PACKEIS_PLANE_FISH_1 + f - 1),
                      st->floes & setup->fish_set[f]);
    for (int k = 0; k < PACKEIS_MAX_PLAYERS; k++)
        pk_observe_player(game, planes, k,
                          k < setup->players ? (first + k) % setup->players : -1);
    pk_fill_plane(pk_plane(planes, PACKEIS_PLANE_CELL), lay->all);
    pk_fill_plane(pk_plane(planes, PACKEIS_PLANE_PLACEMENT),
                  st->phase == PACKEIS_PHASE_PLACEMENT ? lay->all : 0);
    return PACKEIS_OK;
}

packeis_status packeis_game_legal_mask(const packeis_game *game, uint8_t *mask, size_t capacity,
                                       size_t *count)
{
    if (!game || !count || (capacity && !mask))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = PACKEIS_MOVE_VALUES;
    if (capacity < PACKEIS_MOVE_VALUES)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    const pk_setup *setup = game->setup;
    size_t n = setup->kernel->legal_moves(setup, &game->state, moves);
    memset(mask, 0, PACKEIS_MOVE_VALUES);
    for (size_t i = 0; i < n; i++)
        mask[moves[i]] = 1;
    return PACKEIS_OK;
}
