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
 *
 * Threads (the option "threads"): root parallelism, as mcts has. Each
 * thread grows a tree of its own (az_worker.c) on its share of a node
 * budget, or until the clock or the stop flag ends them all; the network
 * is shared, read only. The move is the most visited over the roots
 * summed, so with a node budget a seed gives the same move however the
 * threads run. Worker 0 is the search of one thread, its playouts seeded
 * as before threads existed.
 */
#include "az_worker.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    AZ_THREADS_MAX = 64,
    AZ_REPORT_EVERY = 256,
    AZ_WEIGHTS_PATH_MAX = 4096,
};

/* The visits and summed values of the root's children of every worker,
 * gathered by move. */
typedef struct az_root_stats {
    uint64_t visits[PACKEIS_MOVE_VALUES];
    double reward[PACKEIS_MOVE_VALUES];
} az_root_stats;

typedef struct az_player {
    az_settings settings;
    uint64_t visits_default;
    int reuse;
    int threads;
    size_t tree_mb;
    char weights[AZ_WEIGHTS_PATH_MAX]; /* "": the default model */
    char error[AZ_WEIGHTS_PATH_MAX + 256];
    az_worker workers[AZ_THREADS_MAX];
    az_root_stats merged; /* of the last search */
} az_player;

static const packeis_player_option az_options[] = {
    {"visits", "int", "800", 1, 1e12,
     "visits (network evaluations) per move when no limit is given (the default budget)"},
    {"cpuct", "float", "3", 0, 100,
     "the exploration constant of PUCT (3: the committed model's prior is worth following)"},
    {"reuse", "bool", "true", 0, 1, "keep the subtree of the position reached between moves"},
    {"tree", "int", "64", 1, 65536, "most memory of each thread's tree in MB"},
    {"noise", "float", "0", 0, 1,
     "weight of Dirichlet(10 / legal moves) noise mixed into the root's priors, for "
     "self-play; 0: none"},
    {"weights", "string", "-", 0, 0,
     "the network's weights file (doc/formats.md, az weights); - (or empty): the committed "
     "model, lib/players/models/az-default.pkaz"},
    {"mix", "float", "0.5", 0, 1,
     "weight of one random playout's reward in a leaf's value, the network's the rest; "
     "0: the network alone (AlphaZero), 1: the playout alone"},
    {"threads", "int", "1", 1, AZ_THREADS_MAX,
     "root-parallel search threads, a tree each (their roots' visits summed)"},
};

static void init_trees(az_player *a)
{
    for (int t = 0; t < AZ_THREADS_MAX; t++)
        mcts_tree_init(&a->workers[t].tree, a->tree_mb * 1024 * 1024 / sizeof(mcts_node));
}

static void *az_create(uint64_t seed)
{
    az_player *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->settings = (az_settings){.cpuct = 3, .mix = 0.5, .seed = seed};
    a->visits_default = 800;
    a->reuse = 1;
    a->threads = 1;
    a->tree_mb = 64;
    for (int t = 0; t < AZ_THREADS_MAX; t++) {
        a->workers[t].settings = &a->settings;
        /* the playouts of "mix": worker 0 from the player's seed, as
         * with one thread; the others from streams of their own */
        a->workers[t].seed = seed + (uint64_t)t * 0x9E3779B97F4A7C15u;
    }
    init_trees(a);
    return a;
}

static void az_forget(void *state)
{
    az_player *a = state;
    for (int t = 0; t < AZ_THREADS_MAX; t++)
        az_worker_forget(&a->workers[t]);
}

static void az_set_option(void *state, size_t index, double value)
{
    az_player *a = state;
    switch (index) {
    case 0:
        a->visits_default = (uint64_t)value;
        break;
    case 1:
        a->settings.cpuct = value;
        break;
    case 2:
        a->reuse = value != 0;
        break;
    case 4:
        a->settings.noise = value;
        break;
    case 6:
        a->settings.mix = value;
        break;
    case 7:
        a->threads = (int)value;
        break;
    default: /* 3, "tree" ("weights" is set_text's) */
        a->tree_mb = (size_t)value;
        az_forget(a);
        for (int t = 0; t < AZ_THREADS_MAX; t++)
            mcts_tree_free(&a->workers[t].tree);
        init_trees(a);
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
    if (az_net_load(file, &net, why, sizeof why) != 0) {
        snprintf(a->error, sizeof a->error, "az: %s", why);
        return -1;
    }
    az_forget(a); /* the old trees hold the old network's priors */
    az_net_free(a->settings.net);
    a->settings.net = net;
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
        az_net_free(a->settings.net);
        a->settings.net = NULL;
    }
    strcpy(a->weights, value);
    return 0;
}

/* Sums the root children of the first `threads` workers into a->merged. */
static void merge_roots(az_player *a, int threads)
{
    az_root_stats *stats = &a->merged;
    memset(stats, 0, sizeof *stats);
    for (int t = 0; t < threads; t++) {
        const mcts_tree *tree = &a->workers[t].tree;
        const mcts_node *root = &tree->nodes[0];
        if (!tree->root_game || !root->first_child)
            continue;
        for (uint32_t c = root->first_child; c < root->first_child + root->child_count; c++) {
            stats->visits[tree->nodes[c].move] += tree->nodes[c].visits;
            stats->reward[tree->nodes[c].move] += tree->nodes[c].reward;
        }
    }
}

/* Fills the report from the first `threads` workers; returns the most
 * visited root move. */
static packeis_move report_az_search(az_player *a, int threads, const packeis_move *moves,
                                     size_t count, const player_budget *budget,
                                     packeis_player_report *report)
{
    merge_roots(a, threads);
    uint64_t visits = 0;
    int depth = 0;
    for (int t = 0; t < threads; t++) {
        visits += a->workers[t].visits;
        if (a->workers[t].depth > depth)
            depth = a->workers[t].depth;
    }
    size_t best = 0;
    report->root_moves = count;
    for (size_t i = 0; i < count; i++) {
        report->moves[i] = moves[i];
        report->visits[i] = count > 1 ? a->merged.visits[moves[i]] : 0;
        if (report->visits[i] > report->visits[best])
            best = i;
    }
    player_report_basics(report, budget, visits);
    report->depth = depth;
    report->has_score = report->visits[best] > 0;
    if (report->has_score)
        report->score = (a->merged.reward[moves[best]] / (double)report->visits[best] + 1) / 2;
    mcts_tree_principal_variation(&a->workers[0].tree, moves[best], report);
    return moves[best];
}

/* Worker t ready for this move: its share of a node budget, the network
 * read if it is not yet. */
static packeis_status prepare(az_player *a, int t, const packeis_game *game,
                              const player_budget *budget, size_t count)
{
    uint64_t total = budget->nodes ? budget->nodes : UINT64_MAX;
    int threads = a->threads;
    uint64_t quota =
        total == UINT64_MAX ? UINT64_MAX : total / threads + ((uint64_t)t < total % threads);
    az_worker *w = &a->workers[t];
    packeis_status status = az_worker_prepare(w, game, a->reuse, budget, count > 1 ? quota : 0);
    if (status == PACKEIS_OK && a->settings.noise > 0 && count > 1)
        status = az_worker_add_noise(w, game);
    return status;
}

/* What worker 0 reports as it goes: its own tree's figures. */
typedef struct az_ticker {
    az_player *player;
    const packeis_player_limits *limits;
    const packeis_move *moves;
    size_t count;
    packeis_player_report *report;
} az_ticker;

static void tick(void *context)
{
    az_ticker *t = context;
    report_az_search(t->player, 1, t->moves, t->count, &t->player->workers[0].budget,
                     t->report);
    t->limits->on_report(t->limits->context, t->report);
}

static void *az_thread_main(void *worker)
{
    az_worker_run(worker, 0, NULL, NULL);
    return NULL;
}

/* The workers' searches, worker 0 on this thread (reporting), the others
 * on threads of their own; a thread that cannot start searches here after
 * worker 0, the same visits and the same move as on its own. */
static packeis_status run_workers(az_player *a, const packeis_player_limits *limits,
                                  const packeis_move *moves, size_t count,
                                  packeis_player_report *report)
{
    pthread_t ids[AZ_THREADS_MAX];
    int started = 1;
    for (; started < a->threads; started++)
        if (pthread_create(&ids[started], NULL, az_thread_main, &a->workers[started]) != 0)
            break;
    az_ticker ticker = {a, limits, moves, count, report};
    az_worker_run(&a->workers[0], limits->on_report ? AZ_REPORT_EVERY : 0, tick, &ticker);
    for (int t = started; t < a->threads; t++)
        az_worker_run(&a->workers[t], 0, NULL, NULL);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
    for (int t = 0; t < a->threads; t++)
        if (a->workers[t].status != PACKEIS_OK)
            return a->workers[t].status;
    return PACKEIS_OK;
}

static packeis_status az_choose(void *state, const packeis_game *game,
                                const packeis_player_limits *limits, packeis_move *move,
                                packeis_player_report *report)
{
    az_player *a = state;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    if (!a->settings.net && load_weights(a, a->weights) != 0)
        return PACKEIS_E_INVALID_ARGUMENT;
    a->error[0] = '\0';
    player_budget budget;
    player_budget_start(&budget, limits, a->visits_default);
    for (int t = 0; t < a->threads && status == PACKEIS_OK; t++)
        status = prepare(a, t, game, &budget, count);
    if (status == PACKEIS_OK)
        status = run_workers(a, limits, moves, count, report);
    if (status != PACKEIS_OK)
        return status;
    *move = report_az_search(a, a->threads, moves, count, &budget, report);
    if (limits->on_report)
        limits->on_report(limits->context, report);
    return PACKEIS_OK;
}

/* choose, then one visit of worker 0 through each root move that no
 * worker visited (so that every move has a value), then each root move's
 * mean value over the workers' roots and its line from worker 0's tree. */
static packeis_status az_analyse(void *state, const packeis_game *game,
                                 const packeis_player_limits *limits, const packeis_move *moves,
                                 size_t count, packeis_player_line *lines,
                                 packeis_player_report *report)
{
    az_player *a = state;
    packeis_move move;
    packeis_status status = az_choose(a, game, limits, &move, report);
    az_worker *w = &a->workers[0];
    if (status == PACKEIS_OK && count > 1 && !w->tree.nodes[0].first_child)
        status = az_worker_visit_through(w, 0); /* a budget of 0: the root's priors first */
    const mcts_node *root = &w->tree.nodes[0];
    for (uint32_t c = 0;
         status == PACKEIS_OK && count > 1 && root->first_child && c < root->child_count;
         c++, root = &w->tree.nodes[0])
        if (a->merged.visits[w->tree.nodes[root->first_child + c].move] == 0)
            status = az_worker_visit_through(w, root->first_child + c);
    if (status != PACKEIS_OK)
        return status;
    merge_roots(a, a->threads);
    packeis_player_report line_report;
    for (size_t i = 0; i < count; i++) {
        uint64_t visits = count > 1 ? a->merged.visits[moves[i]] : 0;
        lines[i] = (packeis_player_line){.move = moves[i], .nodes = visits, .pv_length = 1};
        lines[i].pv[0] = moves[i];
        if (!visits)
            continue;
        lines[i].value = a->merged.reward[moves[i]] / (double)visits;
        mcts_tree_principal_variation(&w->tree, moves[i], &line_report);
        player_line_pv(&lines[i], &line_report);
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
    for (int t = 0; t < AZ_THREADS_MAX; t++)
        mcts_tree_free(&a->workers[t].tree);
    az_net_free(a->settings.net);
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
