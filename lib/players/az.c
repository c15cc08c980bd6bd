/* SPDX-License-Identifier: MIT */
/*
 * az.c: PUCT tree search guided by a policy/value network (az_net.h), as
 * AlphaZero searches, its leaves valued by the network, a random playout,
 * or a mix of the two (AlphaGo's).
 *
 * Each visit walks down by PUCT, Q + cpuct * P * sqrt(N) / (1 + n) (Q the
 * mean value of the child for the player who chose it, 0 for an unvisited
 * child; P the network's prior; N and n the visits of parent and child),
 * evaluates the leaf it reaches with the network (its value of every
 * player, its prior over the legal moves, stored in the new children;
 * with the option "mix" above 0, the values mixed with one random game's
 * rewards from the leaf, (1 - mix) * network + mix * playout, as AlphaGo
 * mixed its value network with rollouts; by default mix is 0.5, which
 * measured stronger than the network alone or the playout alone with the
 * committed model: doc/learn.md) or,
 * at the end of the game, reads packeis_game_reward(), and adds to every
 * node on the way the value of the player who chose it. A version 2
 * network has a value per player; a version 1 network's is for the player
 * to act alone: the others get -value / (players - 1),
 * so that the values of a position sum to 0 as rewards do (with 2 players:
 * -value). The move played is the most visited; report.score is
 * (Q + 1) / 2 of that move, 0 ... 1 as the other players' scores.
 *
 * The tree is that of mcts (mcts_tree.h, its reuse between moves included),
 * a node's prior in place of the win estimate. Budget: limits.nodes visits
 * (network evaluations or finished games); without limits, the option
 * "visits". Self-play: the option "noise" mixes Dirichlet noise into the
 * root's priors (AlphaZero's exploration; alpha 10 / legal moves, at most
 * 1), drawn from the seed and the position. Weights: the option "weights", else the committed
 * model (PACKEIS_AZ_DEFAULT_WEIGHTS in the source tree, else its installed
 * copy PACKEIS_AZ_INSTALLED_WEIGHTS), read at the first move.
 */
#include "az_net.h"
#include "az_noise.h"
#include "mcts_tree.h"
#include "player_kind.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    AZ_PATH_MAX = 256, /* more plies than any game has */
    AZ_REPORT_EVERY = 256,
    AZ_WEIGHTS_PATH_MAX = 4096,
};

typedef struct az_player {
    uint64_t seed;
    uint64_t visits_default;
    double cpuct;
    double noise;         /* the weight of the Dirichlet noise at the root */
    double mix;           /* the weight of a playout in a leaf's value */
    uint64_t playouts;    /* played by this player: the next one's seed */
    uint64_t noised_root; /* the hash of the root last given noise, 0: none */
    int reuse;
    size_t tree_mb;
    char weights[AZ_WEIGHTS_PATH_MAX]; /* "": the default model */
    az_net *net;                       /* NULL until read */
    /* Version 2 networks: the layout's tables and the root's accumulator
     * (nnue.h), for the board of signature `nnue_signature` (0: none). */
    nnue_board nnue;
    uint64_t nnue_signature;
    nnue_output *nnue_out;
    char error[AZ_WEIGHTS_PATH_MAX + 256];
    mcts_tree tree;
    packeis_game *scratch;
    float input[AZ_INPUTS];
    float *work;
    uint64_t visits; /* of this move */
    int depth;
} az_player;

static const packeis_player_option az_options[] = {
    {"visits", "int", "800", 1, 1e12,
     "visits (network evaluations) per move when no limit is given (the default budget)"},
    {"cpuct", "float", "3", 0, 100,
     "the exploration constant of PUCT (3: the committed model's prior is worth following)"},
    {"reuse", "bool", "true", 0, 1, "keep the subtree of the position reached between moves"},
    {"tree", "int", "64", 1, 65536, "most memory of the tree in MB"},
    {"noise", "float", "0", 0, 1,
     "weight of Dirichlet(10 / legal moves) noise mixed into the root's priors, for "
     "self-play; 0: none"},
    {"weights", "string", "-", 0, 0,
     "the network's weights file (doc/formats.md, az weights); - (or empty): the committed "
     "model, lib/players/models/az-default.pkaz"},
    {"mix", "float", "0.5", 0, 1,
     "weight of one random playout's reward in a leaf's value, the network's the rest; "
     "0: the network alone (AlphaZero), 1: the playout alone"},
};

static void init_tree(az_player *a)
{
    mcts_tree_init(&a->tree, a->tree_mb * 1024 * 1024 / sizeof(mcts_node));
}

static void *az_create(uint64_t seed)
{
    az_player *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->seed = seed; /* for the noise and the playouts of "mix" */
    a->visits_default = 800;
    a->cpuct = 3;
    a->mix = 0.5;
    a->reuse = 1;
    a->tree_mb = 64;
    init_tree(a);
    return a;
}

static void az_forget(void *state)
{
    az_player *a = state;
    a->noised_root = 0;
    a->playouts = 0;
    mcts_tree_clear(&a->tree);
    packeis_game_free(a->scratch);
    a->scratch = NULL;
    nnue_board_free(&a->nnue);
    a->nnue_signature = 0;
}

static void az_set_option(void *state, size_t index, double value)
{
    az_player *a = state;
    switch (index) {
    case 0:
        a->visits_default = (uint64_t)value;
        break;
    case 1:
        a->cpuct = value;
        break;
    case 2:
        a->reuse = value != 0;
        break;
    case 4:
        a->noise = value;
        break;
    case 6:
        a->mix = value;
        break;
    default: /* 3, "tree" ("weights" is set_text's) */
        a->tree_mb = (size_t)value;
        az_forget(a);
        init_tree(a);
        break;
    }
}

/* The default network: the committed model in the source tree where it is
 * (a build tree), else the copy `meson install` put in the data folder. */
static const char *default_weights(void)
{
    FILE *probe = fopen(PACKEIS_AZ_DEFAULT_WEIGHTS, "rb");
    if (!probe)
        return PACKEIS_AZ_INSTALLED_WEIGHTS;
    fclose(probe);
    return PACKEIS_AZ_DEFAULT_WEIGHTS;
}

/* Reads the network of `path` ("" : the default) in place of the present
 * one; -1 with the reason in a->error, the player unchanged. */
static int load_weights(az_player *a, const char *path)
{
    const char *file = *path ? path : default_weights();
    az_net *net;
    char why[sizeof a->error - 64];
    int result = az_net_load(file, &net, why, sizeof why);
    float *work = result == 0 ? malloc(az_net_work_size(net, 1) * sizeof *work) : NULL;
    if (result == 0 && !work) {
        az_net_free(net);
        snprintf(why, sizeof why, "out of memory");
        result = -2;
    }
    if (result != 0) {
        snprintf(a->error, sizeof a->error, "az: %s", why);
        return -1;
    }
    az_forget(a); /* the old tree holds the old network's priors */
    az_net_free(a->net);
    free(a->work);
    a->net = net;
    a->work = work;
    return 0;
}

static int az_set_text(void *state, size_t index, const char *value, const char **why)
{
    az_player *a = state;
    (void)index; /* "weights", the only text option */
    if (strcmp(value, "-") == 0)
        value = ""; /* the default, as the protocol needs a word */
    if (strlen(value) >= sizeof a->weights) {
        *why = "a path too long";
        return -1;
    }
    if (*value && load_weights(a, value) != 0) {
        *why = a->error;
        return -1;
    }
    if (!*value) { /* the default, read at the next move */
        az_forget(a);
        az_net_free(a->net);
        a->net = NULL;
    }
    strcpy(a->weights, value);
    return 0;
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
 * the leaf (player_playout() of a->scratch, which the next visit assigns
 * afresh; its wins are the rewards on 0 ... 1). Its seed: the player's, and
 * how many it played, so a search repeats for its seed. */
static packeis_status mix_playout(az_player *a, int players, double *values)
{
    player_outcome out;
    packeis_status status =
        player_playout(a->scratch, player_mix(a->seed + a->playouts++), &out);
    for (int p = 0; p < players && status == PACKEIS_OK; p++)
        values[p] = (1 - a->mix) * values[p] + a->mix * (2 * out.wins[p] - 1);
    return status;
}

/* The network's prior over moves[count] and value of every player in
 * `game`. Version 2 has a value per player; version 1 the player to act's,
 * v, the others getting -v / (players - 1), so that the values of a
 * position sum to 0 as rewards do. */
static packeis_status network_values(az_player *a, const packeis_game *game,
                                     const packeis_move *moves, size_t count, float *prior,
                                     double *values)
{
    int players = packeis_game_player_count(game);
    if (a->net->version == 2) {
        nnue_evaluate(&a->nnue, NULL, game, moves, count, a->nnue_out);
        nnue_policy(a->nnue_out->logits, count, prior);
        for (int p = 0; p < players; p++)
            values[p] = a->nnue_out->values[p];
        return PACKEIS_OK;
    }
    float value;
    packeis_status status =
        az_net_evaluate(a->net, game, moves, count, prior, &value, a->input, a->work);
    int me = packeis_game_current_player(game);
    for (int p = 0; p < players; p++)
        values[p] = p == me ? value : -value / (players - 1);
    return status;
}

/* The leaf's value for every player: the network's (its prior goes into
 * the new children) or, when the game is over, the rewards. */
static packeis_status evaluate_leaf(az_player *a, uint32_t node, double *values)
{
    const packeis_game *game = a->scratch;
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
        status = network_values(a, game, moves, count, prior, values);
    if (status != PACKEIS_OK)
        return status;
    if (a->tree.nodes[node].first_child == 0)
        mcts_tree_add_children(&a->tree, node, moves, prior, count);
    return a->mix > 0 ? mix_playout(a, players, values) : PACKEIS_OK;
}

/* One visit: down by PUCT to a leaf, its value, backed up; through the
 * root's child `forced` first where it is not 0. */
static packeis_status visit_through(az_player *a, uint32_t forced)
{
    mcts_tree *tree = &a->tree;
    uint32_t path[AZ_PATH_MAX];
    int movers[AZ_PATH_MAX];
    int length = 0;
    uint32_t node = 0;
    packeis_status status = packeis_game_assign(a->scratch, tree->root_game);
    while (status == PACKEIS_OK && length < AZ_PATH_MAX) {
        const mcts_node *n = &tree->nodes[node];
        if (n->first_child == 0 || n->child_count == 0)
            break; /* a leaf, or the end of the game */
        movers[length] = packeis_game_current_player(a->scratch);
        node = length == 0 && forced ? forced : select_by_puct(tree, node, a->cpuct);
        path[length++] = node;
        status = packeis_game_apply(a->scratch, tree->nodes[node].move);
    }
    double values[PACKEIS_MAX_PLAYERS];
    if (status == PACKEIS_OK)
        status = evaluate_leaf(a, node, values);
    if (status != PACKEIS_OK)
        return status;
    tree->nodes[0].visits++;
    for (int i = 0; i < length; i++) {
        tree->nodes[path[i]].visits++;
        tree->nodes[path[i]].reward += (float)values[movers[i]];
    }
    if (length > a->depth)
        a->depth = length;
    return PACKEIS_OK;
}

static packeis_status visit(az_player *a) { return visit_through(a, 0); }

/* Mixes Dirichlet noise into the priors of the root's children, once a
 * position: a root kept from an earlier search of the same position keeps
 * its noise. The root is evaluated first if it is not yet (one visit, in
 * the budget). */
static packeis_status add_noise(az_player *a, const packeis_game *game, player_budget *budget)
{
    uint64_t hash = player_move_seed(a->seed, game) | 1;
    mcts_node *root = &a->tree.nodes[0];
    if (root->first_child && hash == a->noised_root)
        return PACKEIS_OK;
    if (!root->first_child) {
        if (player_budget_over(budget, a->visits))
            return PACKEIS_OK;
        packeis_status status = visit(a);
        if (status != PACKEIS_OK)
            return status;
        a->visits++;
        root = &a->tree.nodes[0];
        if (!root->first_child || !root->child_count)
            return PACKEIS_OK; /* the tree is full */
    }
    double eta[PACKEIS_MAX_MOVES];
    uint64_t state = hash;
    size_t count = root->child_count;
    double alpha = 10.0 / (double)count;
    az_dirichlet(&state, alpha > 1 ? 1 : alpha, count, eta);
    for (size_t i = 0; i < count; i++) {
        mcts_node *child = &a->tree.nodes[root->first_child + i];
        child->prior = (float)((1 - a->noise) * child->prior + a->noise * eta[i]);
    }
    a->noised_root = hash;
    return PACKEIS_OK;
}

/* Fills the report; returns the most visited root move. */
static packeis_move report_az_search(const az_player *a, const packeis_move *moves,
                                     size_t count, const player_budget *budget,
                                     packeis_player_report *report)
{
    const mcts_tree *tree = &a->tree;
    const mcts_node *root = &tree->nodes[0];
    float reward[PACKEIS_MAX_MOVES] = {0};
    size_t best = 0;
    report->root_moves = count;
    for (size_t i = 0; i < count; i++) {
        report->moves[i] = moves[i];
        report->visits[i] = 0;
        for (uint32_t c = root->first_child;
             root->first_child && c < root->first_child + root->child_count; c++)
            if (tree->nodes[c].move == moves[i]) {
                report->visits[i] = tree->nodes[c].visits;
                reward[i] = tree->nodes[c].reward;
            }
        if (report->visits[i] > report->visits[best])
            best = i;
    }
    player_report_basics(report, budget, a->visits);
    report->depth = a->depth;
    report->has_score = report->visits[best] > 0;
    if (report->has_score)
        report->score = (reward[best] / (double)report->visits[best] + 1) / 2;
    mcts_tree_principal_variation(tree, moves[best], report);
    return moves[best];
}

/* The version 2 network's tables for `game`'s board (made again only for
 * another board), the root's floes their reference: every position of the
 * search has a subset of them, so its accumulator is the root's less the
 * rows of the floes gone since. */
static packeis_status prepare_nnue(az_player *a, const packeis_game *game)
{
    uint64_t signature = player_board_signature(game) | 1;
    if (!a->nnue_out && !(a->nnue_out = malloc(sizeof *a->nnue_out)))
        return PACKEIS_E_OUT_OF_MEMORY;
    if (signature != a->nnue_signature) {
        nnue_board_free(&a->nnue);
        a->nnue_signature = 0;
        packeis_status status = nnue_board_init(&a->nnue, a->net->nnue, game);
        if (status != PACKEIS_OK)
            return status;
        a->nnue_signature = signature;
    }
    nnue_board_set_reference(&a->nnue, game);
    return PACKEIS_OK;
}

/* The tree rooted at `game` (the old one's subtree where it leads there),
 * the network read if it is not yet. */
static packeis_status prepare(az_player *a, const packeis_game *game)
{
    if (!a->net && load_weights(a, a->weights) != 0)
        return PACKEIS_E_INVALID_ARGUMENT;
    a->error[0] = '\0';
    if (!a->reuse)
        mcts_tree_clear(&a->tree);
    packeis_status status = mcts_tree_set_root(&a->tree, game, player_board_signature(game));
    if (status == PACKEIS_OK && !a->scratch)
        status = packeis_game_clone(game, &a->scratch);
    if (status == PACKEIS_OK && a->net->version == 2)
        status = prepare_nnue(a, game);
    return status;
}

static packeis_status az_choose(void *state, const packeis_game *game,
                                const packeis_player_limits *limits, packeis_move *move,
                                packeis_player_report *report)
{
    az_player *a = state;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status == PACKEIS_OK)
        status = prepare(a, game);
    if (status != PACKEIS_OK)
        return status;
    player_budget budget;
    player_budget_start(&budget, limits, a->visits_default);
    a->visits = 0;
    a->depth = 0;
    uint64_t next_report = AZ_REPORT_EVERY;
    if (a->noise > 0 && count > 1)
        status = add_noise(a, game, &budget);
    if (status != PACKEIS_OK)
        return status;
    while (count > 1 && !player_budget_over(&budget, a->visits)) {
        status = visit(a);
        if (status != PACKEIS_OK)
            return status;
        a->visits++;
        if (limits->on_report && a->visits >= next_report) {
            next_report += AZ_REPORT_EVERY;
            report_az_search(a, moves, count, &budget, report);
            limits->on_report(limits->context, report);
        }
    }
    *move = report_az_search(a, moves, count, &budget, report);
    if (limits->on_report)
        limits->on_report(limits->context, report);
    return PACKEIS_OK;
}

/* choose, then one visit through each root move the search left
 * unvisited (so that every move has a value), then each root move's mean
 * value and line. */
static packeis_status az_analyse(void *state, const packeis_game *game,
                                 const packeis_player_limits *limits, const packeis_move *moves,
                                 size_t count, packeis_player_line *lines,
                                 packeis_player_report *report)
{
    az_player *a = state;
    packeis_move move;
    packeis_status status = az_choose(a, game, limits, &move, report);
    const mcts_node *root = &a->tree.nodes[0];
    if (status == PACKEIS_OK && count > 1 && !root->first_child)
        status = visit(a); /* a budget of 0: the root's priors first */
    root = &a->tree.nodes[0];
    for (uint32_t c = 0;
         status == PACKEIS_OK && count > 1 && root->first_child && c < root->child_count;
         c++, root = &a->tree.nodes[0])
        if (a->tree.nodes[root->first_child + c].visits == 0)
            status = visit_through(a, root->first_child + c);
    if (status != PACKEIS_OK)
        return status;
    packeis_player_report line_report;
    for (size_t i = 0; i < count; i++) {
        lines[i] = (packeis_player_line){.move = moves[i], .pv_length = 1};
        lines[i].pv[0] = moves[i];
        for (uint32_t c = root->first_child;
             count > 1 && root->first_child && c < root->first_child + root->child_count; c++) {
            const mcts_node *child = &a->tree.nodes[c];
            if (child->move != moves[i] || child->visits == 0)
                continue;
            lines[i].nodes = child->visits;
            lines[i].value = child->reward / (double)child->visits;
            mcts_tree_principal_variation(&a->tree, moves[i], &line_report);
            player_line_pv(&lines[i], &line_report);
        }
    }
    return PACKEIS_OK;
}

static const char *az_error(const void *state)
{
    const az_player *a = state;
    return a->error[0] ? a->error : NULL;
}

static void az_destroy(void *state)
{
    az_player *a = state;
    az_forget(a);
    az_net_free(a->net);
    free(a->work);
    free(a->nnue_out);
    free(a);
}

const player_kind player_az_kind = {
    .name = "az",
    .description = "PUCT tree search guided by a policy/value network (AlphaZero-style, no "
                   "playouts), tree reuse",
    .options = az_options,
    .option_count = sizeof az_options / sizeof az_options[0],
    .create = az_create,
    .set_option = az_set_option,
    .set_text = az_set_text,
    .choose = az_choose,
    /* The tree kept at the same position (`reuse`, the default): searches
     * in slices add up, as mcts's do (the browser game slices them). */
    .resumes = PACKEIS_PLAYER_RESUME_GROWS,
    .forget = az_forget,
    .error = az_error,
    .destroy = az_destroy,
    .analyse = az_analyse,
    .ranks = RANK_BY_VISITS,
};
