/* SPDX-License-Identifier: MIT */
/* The observation planes and the fixed action numbering for machine
 * learning. */
#include <string.h>

#include "internal.h"

#define PK_PLANE_CELLS ((size_t)PACKEIS_MAX_CELLS)

packeis_status packeis_observation_shape(size_t *planes, size_t *cells, size_t *actions)
{
    if (!planes || !cells || !actions)
        return PACKEIS_E_INVALID_ARGUMENT;
    *planes = PACKEIS_OBSERVATION_PLANES;
    *cells = PK_PLANE_CELLS;
    *actions = PACKEIS_ACTION_COUNT;
    return PACKEIS_OK;
}

static void pk_fill_plane(float *plane, uint64_t cells)
{
    for (size_t i = 0; i < PK_PLANE_CELLS; i++)
        plane[i] = (float)((cells >> i) & 1u);
}

packeis_status packeis_game_observe(const packeis_game *game, int flags, float *planes,
                                    size_t capacity, size_t *count)
{
    if (!game || !count || (capacity && !planes) || (flags & ~PACKEIS_OBSERVE_RELATIVE))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = PACKEIS_OBSERVATION_SIZE;
    if (capacity < PACKEIS_OBSERVATION_SIZE)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    const pk_setup *setup = game->setup;
    const pk_layout *lay = setup->layout;
    const pk_state *st = &game->state;
    const int players = setup->players;
    int first = 0;
    if ((flags & PACKEIS_OBSERVE_RELATIVE) && st->turn != PK_NO_PLAYER)
        first = st->turn;
    for (int f = 1; f <= 3; f++)
        pk_fill_plane(planes + (size_t)(PACKEIS_PLANE_FISH_1 + f - 1) * PK_PLANE_CELLS,
                      st->floes & setup->fish_set[f]);
    for (int k = 0; k < PACKEIS_MAX_PLAYERS; k++) {
        uint64_t mine = 0, to_act = 0;
        if (k < players) {
            int player = (first + k) % players;
            mine = st->penguins[player];
            to_act = st->turn == player ? lay->all : 0;
        }
        pk_fill_plane(planes + (size_t)(PACKEIS_PLANE_PENGUINS_0 + k) * PK_PLANE_CELLS, mine);
        pk_fill_plane(planes + (size_t)(PACKEIS_PLANE_TO_ACT_0 + k) * PK_PLANE_CELLS, to_act);
    }
    pk_fill_plane(planes + (size_t)PACKEIS_PLANE_CELL * PK_PLANE_CELLS, lay->all);
    pk_fill_plane(planes + (size_t)PACKEIS_PLANE_PLACEMENT * PK_PLANE_CELLS,
                  st->phase == PACKEIS_PHASE_PLACEMENT ? lay->all : 0);
    return PACKEIS_OK;
}

packeis_status packeis_move_to_action(packeis_move move, int *action)
{
    if (!action)
        return PACKEIS_E_INVALID_ARGUMENT;
    int to = packeis_move_to(move);
    int from = packeis_move_is_placement(move) ? to : packeis_move_from(move);
    if (move == PACKEIS_MOVE_NONE || to < 0 || to >= PACKEIS_MAX_CELLS || from < 0 ||
        from >= PACKEIS_MAX_CELLS || (from == to && !packeis_move_is_placement(move)))
        return PACKEIS_E_OUT_OF_RANGE;
    *action = from * PACKEIS_MAX_CELLS + to;
    return PACKEIS_OK;
}

packeis_status packeis_action_to_move(int action, packeis_move *move)
{
    if (!move)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (action < 0 || action >= PACKEIS_ACTION_COUNT)
        return PACKEIS_E_OUT_OF_RANGE;
    int from = action / PACKEIS_MAX_CELLS, to = action % PACKEIS_MAX_CELLS;
    *move = from == to ? packeis_move_placement(to) : packeis_move_slide(from, to);
    return PACKEIS_OK;
}

packeis_status packeis_game_legal_action_mask(const packeis_game *game, uint8_t *mask,
                                              size_t capacity, size_t *count)
{
    if (!game || !count || (capacity && !mask))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = PACKEIS_ACTION_COUNT;
    if (capacity < PACKEIS_ACTION_COUNT)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    const pk_setup *setup = game->setup;
    size_t n = setup->kernel->legal_moves(setup, &game->state, moves);
    memset(mask, 0, PACKEIS_ACTION_COUNT);
    for (size_t i = 0; i < n; i++) {
        int action = 0;
        if (packeis_move_to_action(moves[i], &action) == PACKEIS_OK)
            mask[action] = 1;
    }
    return PACKEIS_OK;
}
