/* SPDX-License-Identifier: MIT */
/* az_api.c: the az network for programs (players.h, packeis_player_az_*),
 * e.g. the Python trainer's check that C and PyTorch agree. */
#include "az_net.h"
#include "player_kind.h"

#include <stdlib.h>
#include <string.h>

int packeis_player_az_load(const char *path, packeis_player_az_net **out, char *why,
                           size_t why_size)
{
    return az_net_load(path, out, why, why_size);
}

void packeis_player_az_free(packeis_player_az_net *net) { az_net_free(net); }

packeis_status packeis_player_az_evaluate(const packeis_player_az_net *net,
                                          const packeis_game *game, float *policy,
                                          size_t capacity, float *value)
{
    if (!net || !game || !policy || !value)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (capacity < PACKEIS_MOVE_VALUES)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    float prior[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    float *input = malloc((AZ_INPUTS + az_net_work_size(net, 1)) * sizeof *input);
    if (status == PACKEIS_OK && !input)
        status = PACKEIS_E_OUT_OF_MEMORY;
    if (status == PACKEIS_OK)
        status =
            az_net_evaluate(net, game, moves, count, prior, value, input, input + AZ_INPUTS);
    free(input);
    if (status != PACKEIS_OK)
        return status;
    memset(policy, 0, PACKEIS_MOVE_VALUES * sizeof *policy);
    for (size_t i = 0; i < count; i++)
        policy[moves[i]] = prior[i];
    return PACKEIS_OK;
}
