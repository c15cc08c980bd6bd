/* SPDX-License-Identifier: MIT */
/* az_worker.c: one PUCT tree of the az player grown by visits (az.c tells
 * the search; az_worker.h what a worker holds). */
#include "az_worker.h"
#include "az_noise.h"

#include <math.h>
#include <stdlib.h>

enum { AZ_PATH_MAX = 256 /* more plies than any game has */ };

void az_worker_forget(az_worker *w)
{
    w->noised_root = 0;
    w->playouts = 0;
    mcts_tree_clear(&w->tree);
    packeis_game_free(w->scratch);
    w->scratch = NULL;
    nnue_board_free(&w->nnue);
    w->nnue_signature = 0;
    free(w->nnue_out);
    w->nnue_out = NULL;
    free(w->input);
    free(w->work);
    w->input = w->work = NULL;
}

/* The child of `node` PUCT picks. In float: the walk compares a few dozen
 * children a step, and single precision halves its divisions' cost. */
static uint32_t select_by_puct(const mcts_tree *tree, uint32_t node, double cpuct)
{
    const mcts_node *n = &tree->nodes[node];
    float explore = (float)cpuct * sqrtf(n->visits > 0 ? (float)n->visits : 1.0f);
    uint32_t best = n->first_child;
    float best_value = -INFINITY;
    const mcts_node *child = &tree->nodes[n->first_child];
    for (uint32_t c = 0; c < n->child_count; c++, child++) {
        float visits = (float)child->visits;
        float q = child->visits ? child->reward / visits : 0.0f;
        float value = q + explore * child->prior / (1.0f + visits);
        if (value > best_value) {
            best_value = value;
            best = n->first_child + c;
        }
    }
    return best;
}

/* values = (1 - mix) * values + mix * the rewards of one random game from
 * the leaf (player_playout() of w->scratch, which the next visit assigns
 * afresh; its wins are the rewards on 0 ... 1). Its seed: the worker's,
 * and how many it played, so a search repeats for its seed. */
static packeis_status mix_playout(az_worker *w, int players, double *values)
{
    double mix = w->settings->mix;
    player_outcome out;
    packeis_status status =
        player_playout(w->scratch, player_mix(w->seed + w->playouts++), &out);
    for (int p = 0; p < players && status == PACKEIS_OK; p++)
        values[p] = (1 - mix) * values[p] + mix * (2 * out.wins[p] - 1);
    return status;
}

/* The network's prior over moves[count] and value of every player in
 * `game`. Version 2 has a value per player; version 1 the player to act's,
 * v, the others getting -v / (players - 1), so that the values of a
 * position sum to 0 as rewards do. */
static packeis_status network_values(az_worker *w, const packeis_game *game,
                                     const packeis_move *moves, size_t count, float *prior,
                                     double *values)
{
    int players = packeis_game_player_count(game);
    const az_net *net = w->settings->net;
    if (net->version == 2) {
        nnue_evaluate(&w->nnue, NULL, game, moves, count, w->nnue_out);
        nnue_policy(w->nnue_out->logits, count, prior);
        for (int p = 0; p < players; p++)
            values[p] = w->nnue_out->values[p];
        return PACKEIS_OK;
    }
    float value;
    packeis_status status =
        az_net_evaluate(net, game, moves, count, prior, &value, w->input, w->work);
    int me = packeis_game_current_player(game);
    for (int p = 0; p < players; p++)
        values[p] = p == me ? value : -value / (players - 1);
    return status;
}

/* The leaf's value for every player: the network's (its prior goes into
 * the new children) or, when the game is over, the rewards. */
static packeis_status evaluate_leaf(az_worker *w, uint32_t node, double *values)
{
    const packeis_game *game = w->scratch;
    int players = packeis_game_player_count(game);
    if (packeis_game_phase(game) == PACKEIS_PHASE_OVER) {
        for (int p = 0; p < players; p++)
            values[p] = packeis_game_reward(game, p);
        return PACKEIS_OK;
    }
    packeis_move moves[PACKEIS_MAX_MOVES];
    float prior[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status == PACKEIS_OK)
        status = network_values(w, game, moves, count, prior, values);
    if (status != PACKEIS_OK)
        return status;
    if (w->tree.nodes[node].first_child == 0)
        mcts_tree_add_children(&w->tree, node, moves, prior, count);
    return w->settings->mix > 0 ? mix_playout(w, players, values) : PACKEIS_OK;
}

packeis_status az_worker_visit_through(az_worker *w, uint32_t forced)
{
    mcts_tree *tree = &w->tree;
    uint32_t path[AZ_PATH_MAX];
    int movers[AZ_PATH_MAX];
    int length = 0;
    uint32_t node = 0;
    packeis_status status = packeis_game_assign(w->scratch, tree->root_game);
    while (status == PACKEIS_OK && length < AZ_PATH_MAX) {
        const mcts_node *n = &tree->nodes[node];
        if (n->first_child == 0 || n->child_count == 0)
            break; /* a leaf, or the end of the game */
        movers[length] = packeis_game_current_player(w->scratch);
        node = length == 0 && forced ? forced : select_by_puct(tree, node, w->settings->cpuct);
        path[length++] = node;
        status = packeis_game_apply(w->scratch, tree->nodes[node].move);
    }
    double values[PACKEIS_MAX_PLAYERS];
    if (status == PACKEIS_OK)
        status = evaluate_leaf(w, node, values);
    if (status != PACKEIS_OK)
        return status;
    tree->nodes[0].visits++;
    for (int i = 0; i < length; i++) {
        tree->nodes[path[i]].visits++;
        tree->nodes[path[i]].reward += (float)values[movers[i]];
    }
    if (length > w->depth)
        w->depth = length;
    return PACKEIS_OK;
}

int az_worker_may_visit(az_worker *w)
{
    return w->visits < w->quota && !player_budget_over(&w->budget, 0);
}

packeis_status az_worker_add_noise(az_worker *w, const packeis_game *game)
{
    uint64_t hash = player_move_seed(w->settings->seed, game) | 1;
    mcts_node *root = &w->tree.nodes[0];
    if (root->first_child && hash == w->noised_root)
        return PACKEIS_OK;
    if (!root->first_child) {
        if (!az_worker_may_visit(w))
            return PACKEIS_OK;
        packeis_status status = az_worker_visit_through(w, 0);
        if (status != PACKEIS_OK)
            return status;
        w->visits++;
        root = &w->tree.nodes[0];
        if (!root->first_child || !root->child_count)
            return PACKEIS_OK; /* the tree is full */
    }
    double eta[PACKEIS_MAX_MOVES];
    uint64_t state = hash;
    size_t count = root->child_count;
    double alpha = 10.0 / (double)count, noise = w->settings->noise;
    az_dirichlet(&state, alpha > 1 ? 1 : alpha, count, eta);
    for (size_t i = 0; i < count; i++) {
        mcts_node *child = &w->tree.nodes[root->first_child + i];
        child->prior = (float)((1 - noise) * child->prior + noise * eta[i]);
    }
    w->noised_root = hash;
    return PACKEIS_OK;
}

packeis_status az_worker_run(az_worker *w, uint64_t every, void (*tick)(void *), void *context)
{
    uint64_t next_tick = every;
    while (az_worker_may_visit(w)) {
        w->status = az_worker_visit_through(w, 0);
        if (w->status != PACKEIS_OK)
            return w->status;
        w->visits++;
        if (every && w->visits >= next_tick) {
            next_tick += every;
            tick(context);
        }
    }
    return w->status;
}

/* The version 2 network's tables for `game`'s board (made again only for
 * another board), the root's floes their reference: every position of the
 * search has a subset of them, so its accumulator is the root's less the
 * rows of the floes gone since. */
static packeis_status prepare_nnue(az_worker *w, const packeis_game *game)
{
    uint64_t signature = player_board_signature(game) | 1;
    if (!w->nnue_out && !(w->nnue_out = malloc(sizeof *w->nnue_out)))
        return PACKEIS_E_OUT_OF_MEMORY;
    if (signature != w->nnue_signature) {
        nnue_board_free(&w->nnue);
        w->nnue_signature = 0;
        packeis_status status = nnue_board_init(&w->nnue, w->settings->net->nnue, game);
        if (status != PACKEIS_OK)
            return status;
        w->nnue_signature = signature;
    }
    nnue_board_set_reference(&w->nnue, game);
    return PACKEIS_OK;
}

/* Version 1: the planes and the forward pass's work space. */
static packeis_status prepare_buffers(az_worker *w)
{
    if (!w->input)
        w->input = malloc(AZ_INPUTS * sizeof *w->input);
    if (!w->work)
        w->work = malloc(az_net_work_size(w->settings->net, 1) * sizeof *w->work);
    return w->input && w->work ? PACKEIS_OK : PACKEIS_E_OUT_OF_MEMORY;
}

packeis_status az_worker_prepare(az_worker *w, const packeis_game *game, int reuse,
                                 const player_budget *budget, uint64_t quota)
{
    w->budget = *budget;
    w->quota = quota;
    w->visits = 0;
    w->depth = 0;
    w->status = PACKEIS_OK;
    if (!reuse)
        mcts_tree_clear(&w->tree);
    packeis_status status = mcts_tree_set_root(&w->tree, game, player_board_signature(game));
    if (status == PACKEIS_OK && !w->scratch)
        status = packeis_game_clone(game, &w->scratch);
    if (status == PACKEIS_OK)
        status = w->settings->net->version == 2 ? prepare_nnue(w, game) : prepare_buffers(w);
    return status;
}
