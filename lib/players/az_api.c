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

int packeis_player_az_version(const packeis_player_az_net *net)
{
    return net ? (int)net->version : 0;
}

/* Version 1: the float network, its value spread over the players. */
static packeis_status evaluate_v1(const az_net *net, const packeis_game *game,
                                  const packeis_move *moves, size_t count, float *prior,
                                  float *values)
{
    float *input = malloc((AZ_INPUTS + az_net_work_size(net, 1)) * sizeof *input);
    if (!input)
        return PACKEIS_E_OUT_OF_MEMORY;
    float value;
    packeis_status status =
        az_net_evaluate(net, game, moves, count, prior, &value, input, input + AZ_INPUTS);
    free(input);
    int players = packeis_game_player_count(game), me = packeis_game_current_player(game);
    for (int q = 0; q < players; q++)
        values[q] = q == me ? value : -value / (float)(players - 1);
    return status;
}

/* Version 2: the integer network, on a board made for this one call. */
static packeis_status evaluate_v2(const az_net *net, const packeis_game *game,
                                  const packeis_move *moves, size_t count, float *prior,
                                  float *values)
{
    nnue_board board;
    nnue_output *out = malloc(sizeof *out);
    packeis_status status =
        out ? nnue_board_init(&board, net->nnue, game) : PACKEIS_E_OUT_OF_MEMORY;
    if (status == PACKEIS_OK) {
        nnue_evaluate(&board, NULL, game, moves, count, out);
        nnue_policy(out->logits, count, prior);
        memcpy(values, out->values, sizeof out->values);
        nnue_board_free(&board);
    }
    free(out);
    return status;
}

packeis_status packeis_player_az_evaluate_players(const packeis_player_az_net *net,
                                                  const packeis_game *game, float *policy,
                                                  size_t capacity, float *values)
{
    if (!net || !game || !policy || !values)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (capacity < PACKEIS_MOVE_VALUES)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    float prior[PACKEIS_MAX_MOVES], got[PACKEIS_MAX_PLAYERS] = {0};
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status == PACKEIS_OK)
        status = (net->version == 2 ? evaluate_v2 : evaluate_v1)(net, game, moves, count, prior,
                                                                 got);
    if (status != PACKEIS_OK)
        return status;
    memset(policy, 0, PACKEIS_MOVE_VALUES * sizeof *policy);
    for (size_t i = 0; i < count; i++)
        policy[moves[i]] = prior[i];
    memcpy(values, got, sizeof got);
    return PACKEIS_OK;
}

packeis_status packeis_player_az_evaluate(const packeis_player_az_net *net,
                                          const packeis_game *game, float *policy,
                                          size_t capacity, float *value)
{
    float values[PACKEIS_MAX_PLAYERS];
    if (!value)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_status status =
        packeis_player_az_evaluate_players(net, game, policy, capacity, values);
    if (status == PACKEIS_OK)
        *value = values[packeis_game_current_player(game)];
    return status;
}
