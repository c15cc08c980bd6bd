/* SPDX-License-Identifier: MIT */
/*
 * mcts.c: Monte Carlo tree search (UCT) for 2 to 4 players.
 *
 * Each iteration walks down the tree by UCB1 (every child once first, the
 * greedy player's favourites first), expands the leaf it reaches, plays
 * "leaf" uniformly random games (default 2) to the end from there in one
 * packeis_game_playout_rewards() call, which plays two games interleaved, each
 * faster than one alone, and leaves the position as it was; then adds to
 * every node on the way, for each game, the reward of the player who chose it
 * (max-n): the share of the other players it beat, a tie counting half, mixed
 * with a little of its fish margin so that won and lost positions are still
 * told apart. The move played is the most visited one; its win estimate
 * (report.score) is the mean of the rank part alone over its playouts.
 *
 * Tree reuse: after a move, the subtree of the position reached is kept if
 * the next position is reached from the last one by the moves played since
 * (the history tells). Root parallelism: with the option "threads" above 1,
 * every thread searches a tree of its own from clones of the game, with its
 * own seed and share of the node budget; the root visits are summed.
 *
 * Budget: limits.nodes playouts; without limits, the option "playouts".
 *
 * Speed (doc/architecture.md, "Where an MCTS search spends its time"):
 * two playouts a leaf halve the walk, expansion and root copy of a playout
 * and use the interleaved batch; UCB1 reads 1/n, 1/sqrt(n) and
 * sqrt(log(n + 1)) from tables instead of dividing; expansion orders the
 * children from the board's fish and neighbour tables (mcts_tree.h).
 */
#include "mcts_tree.h"
#include "player_kind.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
    MCTS_THREADS_MAX = 64,
    MCTS_PATH_MAX = 256, /* more plies than any game has */
    MCTS_CLOCK_EVERY = 16,
    MCTS_REPORT_EVERY = 4096,
    MCTS_LEAF_MAX = 64,
    MCTS_LOG_TABLE = 4096, /* log(visits + 1) looked up below this */
};

typedef struct mcts_config {
    uint64_t playouts;  /* the default budget */
    double exploration; /* the constant of UCB1 */
    double margin;      /* the weight of the fish margin in a reward */
    int threads;
    int reuse;
    size_t tree_mb;
    int leaf; /* playouts from each new leaf */
} mcts_config;

/* One tree and what a thread needs to grow it. */
typedef struct mcts_worker {
    mcts_tree tree;
    packeis_game *scratch;
    /* Per move: */
    const packeis_game *game;
    player_budget *budget; /* &own_budget: each thread reads the clock alone */
    player_budget own_budget;
    const mcts_config *config;
    uint64_t seed, quota, playouts, iterations;
    int depth;
    packeis_status status;
} mcts_worker;

/* The stats of one thread's root children, gathered by move. */
typedef struct root_stats {
    uint64_t visits[PACKEIS_MOVE_VALUES];
    double wins[PACKEIS_MOVE_VALUES];
} root_stats;

typedef struct mcts_player {
    uint64_t seed;
    mcts_config config;
    mcts_worker workers[MCTS_THREADS_MAX];
    root_stats merged; /* the root visits of every thread, summed */
} mcts_player;

static const packeis_player_option mcts_options[] = {
    {"playouts", "int", "2000", 1, 1e12,
     "playouts per move when no limit is given (the default budget)"},
    {"exploration", "float", "0.3", 0, 100, "the exploration constant of UCB1"},
    {"margin", "float", "0.3", 0, 1, "weight of the fish margin in a playout's reward"},
    {"threads", "int", "1", 1, MCTS_THREADS_MAX, "root-parallel search threads"},
    {"reuse", "bool", "true", 0, 1, "keep the subtree of the position reached between moves"},
    {"tree", "int", "64", 1, 65536, "most memory of each thread's tree in MB"},
    {"leaf", "int", "2", 1, MCTS_LEAF_MAX,
     "playouts from each new leaf, played in one packeis_game_playout_rewards() call"},
};

/* For the visit counts of most nodes, what UCB1 takes of them, so that
 * choosing a child costs two multiplications a child and no division:
 * sqrt(log(n + 1)) of a parent, 1 / n and 1 / sqrt(n) of a child. */
typedef struct visit_tables {
    double sqrt_log[MCTS_LOG_TABLE];
    double inverse[MCTS_LOG_TABLE];
    double inverse_sqrt[MCTS_LOG_TABLE];
} visit_tables;

static visit_tables tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void)
{
    tables.inverse[0] = tables.inverse_sqrt[0] =
        0; /* never read: unvisited children go first */
    for (int n = 0; n < MCTS_LOG_TABLE; n++) {
        tables.sqrt_log[n] = sqrt(log((double)n + 1));
        if (n > 0) {
            tables.inverse[n] = 1.0 / n;
            tables.inverse_sqrt[n] = 1.0 / sqrt((double)n);
        }
    }
}

static double sqrt_log_visits(uint32_t n)
{
    return n < MCTS_LOG_TABLE ? tables.sqrt_log[n] : sqrt(log((double)n + 1));
}

/* The reward of every player for one finished game: its rank part
 * (out->wins) blended with its fish margin over the best other player. */
static void rewards(const mcts_config *config, int players, const player_outcome *out,
                    double *reward)
{
    for (int p = 0; p < players; p++) {
        int best_other = -1;
        for (int q = 0; q < players; q++)
            if (q != p && out->fish[q] > best_other)
                best_other = out->fish[q];
        double margin = 0.5 + (out->fish[p] - best_other) / 40.0;
        margin = margin < 0 ? 0 : margin > 1 ? 1 : margin;
        reward[p] = (1 - config->margin) * out->wins[p] + config->margin * margin;
    }
}

/* The child of `node` UCB1 picks. */
static uint32_t select_child(const mcts_tree *tree, uint32_t node, double exploration)
{
    const mcts_node *n = &tree->nodes[node];
    double spread = exploration * sqrt_log_visits(n->visits);
    uint32_t best = n->first_child;
    double best_value = -1;
    for (uint32_t c = n->first_child; c < n->first_child + n->child_count; c++) {
        const mcts_node *child = &tree->nodes[c];
        uint32_t v = child->visits;
        if (v == 0)
            return c;
        double value = v < MCTS_LOG_TABLE
                           ? child->reward * tables.inverse[v] + spread * tables.inverse_sqrt[v]
                           : child->reward / v + spread / sqrt((double)v);
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    return best;
}

/* `games` random games from `game` (packeis_game_playout_rewards(): game
 * g is packeis_game_playout()'s for seed + g, two played interleaved), each
 * read as player_playout() reads its end: the library's reward
 * (packeis_game_reward(), its ranking with the floe tie-break) and the
 * fish. */
static packeis_status play_out(const packeis_game *game, uint64_t seed, size_t games,
                               player_outcome *out)
{
    double reward[MCTS_LEAF_MAX * PACKEIS_MAX_PLAYERS];
    int fish[MCTS_LEAF_MAX * PACKEIS_MAX_PLAYERS];
    packeis_status status =
        packeis_game_playout_rewards(game, seed, games, reward, fish, games, NULL, NULL, NULL);
    int players = packeis_game_player_count(game);
    for (size_t g = 0; g < games && status == PACKEIS_OK; g++)
        for (int p = 0; p < players; p++) {
            out[g].wins[p] = (reward[g * PACKEIS_MAX_PLAYERS + (size_t)p] + 1) / 2;
            out[g].fish[p] = fish[g * PACKEIS_MAX_PLAYERS + (size_t)p];
        }
    return status;
}

/* One iteration: select, expand, play `games` games out, back up. */
static packeis_status iterate(mcts_worker *w, uint64_t seed, size_t games)
{
    mcts_tree *tree = &w->tree;
    uint32_t path[MCTS_PATH_MAX];
    int movers[MCTS_PATH_MAX];
    int length = 0;
    uint32_t node = 0;
    packeis_status status = packeis_game_assign(w->scratch, tree->root_game);
    while (status == PACKEIS_OK) {
        mcts_node *n = &tree->nodes[node];
        if (n->first_child == 0 && packeis_game_phase(w->scratch) != PACKEIS_PHASE_OVER) {
            int expanded;
            status = mcts_tree_expand(tree, node, w->scratch, &expanded);
            if (status != PACKEIS_OK || !expanded)
                break;
            n = &tree->nodes[node];
        }
        if (n->first_child == 0 || n->child_count == 0 || length == MCTS_PATH_MAX)
            break;
        movers[length] = packeis_game_current_player(w->scratch);
        node = select_child(tree, node, w->config->exploration);
        path[length++] = node;
        status = packeis_game_apply(w->scratch, tree->nodes[node].move);
        if (tree->nodes[node].visits == 0)
            break; /* a new leaf: play out from here */
    }
    player_outcome out[MCTS_LEAF_MAX];
    if (status == PACKEIS_OK)
        status = play_out(w->scratch, seed, games, out);
    if (status != PACKEIS_OK)
        return status;
    int players = packeis_game_player_count(w->scratch);
    for (size_t g = 0; g < games; g++) {
        double reward[PACKEIS_MAX_PLAYERS];
        const double *wins = out[g].wins;
        rewards(w->config, players, &out[g], reward);
        tree->nodes[0].visits++;
        for (int i = 0; i < length; i++) {
            tree->nodes[path[i]].visits++;
            tree->nodes[path[i]].reward += (float)reward[movers[i]];
            tree->nodes[path[i]].wins += (float)wins[movers[i]];
        }
    }
    if (length > w->depth)
        w->depth = length;
    return PACKEIS_OK;
}

static void *mcts_create(uint64_t seed)
{
    mcts_player *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->seed = seed;
    m->config = (mcts_config){2000, 0.3, 0.3, 1, 1, 64, 2};
    pthread_once(&tables_once, fill_tables);
    for (int t = 0; t < MCTS_THREADS_MAX; t++)
        mcts_tree_init(&m->workers[t].tree,
                       m->config.tree_mb * 1024 * 1024 / sizeof(mcts_node));
    return m;
}

static void mcts_forget(void *state)
{
    mcts_player *m = state;
    for (int t = 0; t < MCTS_THREADS_MAX; t++) {
        mcts_tree_clear(&m->workers[t].tree);
        packeis_game_free(m->workers[t].scratch);
        m->workers[t].scratch = NULL;
    }
}

static void mcts_set_option(void *state, size_t index, double value)
{
    mcts_player *m = state;
    switch (index) {
    case 0:
        m->config.playouts = (uint64_t)value;
        break;
    case 1:
        m->config.exploration = value;
        break;
    case 2:
        m->config.margin = value;
        break;
    case 3:
        m->config.threads = (int)value;
        break;
    case 4:
        m->config.reuse = value != 0;
        break;
    case 6:
        m->config.leaf = (int)value;
        break;
    default:
        m->config.tree_mb = (size_t)value;
        mcts_forget(m);
        for (int t = 0; t < MCTS_THREADS_MAX; t++)
            mcts_tree_init(&m->workers[t].tree,
                           m->config.tree_mb * 1024 * 1024 / sizeof(mcts_node));
        break;
    }
}

static void gather(const mcts_worker *w, root_stats *stats)
{
    const mcts_node *root = &w->tree.nodes[0];
    if (root->first_child == 0)
        return;
    for (uint32_t c = root->first_child; c < root->first_child + root->child_count; c++) {
        stats->visits[w->tree.nodes[c].move] += w->tree.nodes[c].visits;
        stats->wins[w->tree.nodes[c].move] += w->tree.nodes[c].wins;
    }
}

/* Fills the report from the workers; returns the most visited move. */
static packeis_move report_search(mcts_player *m, int threads, const packeis_move *moves,
                                  size_t count, const player_budget *budget,
                                  packeis_player_report *report)
{
    root_stats *stats = &m->merged;
    memset(stats, 0, sizeof *stats);
    uint64_t playouts = 0;
    int depth = 0;
    for (int t = 0; t < threads; t++) {
        gather(&m->workers[t], stats);
        playouts += m->workers[t].playouts;
        if (m->workers[t].depth > depth)
            depth = m->workers[t].depth;
    }
    size_t best = 0;
    report->root_moves = count;
    for (size_t i = 0; i < count; i++) {
        report->moves[i] = moves[i];
        report->visits[i] = stats->visits[moves[i]];
        if (report->visits[i] > report->visits[best])
            best = i;
    }
    player_report_basics(report, budget, playouts);
    report->depth = depth;
    report->has_score = report->visits[best] > 0;
    if (report->has_score)
        report->score = stats->wins[moves[best]] / (double)report->visits[best];
    mcts_tree_principal_variation(&m->workers[0].tree, moves[best], report);
    return moves[best];
}

/* A thread's search: iterations until its quota or the budget is spent. */
static void run_worker(mcts_worker *w, const packeis_player_limits *limits, mcts_player *m,
                       const packeis_move *moves, size_t count, packeis_player_report *report)
{
    uint64_t next_report = MCTS_REPORT_EVERY;
    while (w->playouts < w->quota) {
        if (w->iterations % MCTS_CLOCK_EVERY == 0 && player_budget_over(w->budget, 0))
            break;
        uint64_t games = w->quota - w->playouts;
        if (games > (uint64_t)w->config->leaf)
            games = (uint64_t)w->config->leaf;
        w->status = iterate(w, w->seed + w->playouts, (size_t)games);
        if (w->status != PACKEIS_OK)
            return;
        w->playouts += games;
        w->iterations++;
        if (report && limits->on_report && w->playouts >= next_report) {
            next_report += MCTS_REPORT_EVERY;
            report_search(m, 1, moves, count, w->budget, report);
            limits->on_report(limits->context, report);
        }
    }
}

typedef struct thread_job {
    mcts_worker *worker;
    const packeis_player_limits *limits;
} thread_job;

static void *thread_main(void *arg)
{
    thread_job *job = arg;
    run_worker(job->worker, job->limits, NULL, NULL, 0, NULL);
    return NULL;
}

/* Gets worker t ready for this move: its tree rooted at the game. */
static packeis_status prepare_worker(mcts_player *m, int t, const packeis_game *game,
                                     player_budget *budget, uint64_t quota, uint64_t seed)
{
    mcts_worker *w = &m->workers[t];
    w->game = game;
    w->own_budget = *budget;
    w->budget = &w->own_budget;
    w->config = &m->config;
    w->quota = quota;
    w->seed = player_mix(seed + (uint64_t)t);
    w->playouts = w->iterations = 0;
    w->depth = 0;
    w->status = PACKEIS_OK;
    if (!m->config.reuse)
        mcts_tree_clear(&w->tree);
    packeis_status status = mcts_tree_set_root(&w->tree, game, player_board_signature(game));
    if (status == PACKEIS_OK && !w->scratch)
        status = packeis_game_clone(game, &w->scratch);
    return status;
}

static packeis_status mcts_choose(void *state, const packeis_game *game,
                                  const packeis_player_limits *limits, packeis_move *move,
                                  packeis_player_report *report)
{
    mcts_player *m = state;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    player_budget budget;
    player_budget_start(&budget, limits, m->config.playouts);
    int threads = m->config.threads;
    uint64_t total = budget.nodes ? budget.nodes : UINT64_MAX;
    uint64_t seed = player_move_seed(m->seed, game);
    for (int t = 0; t < threads && status == PACKEIS_OK; t++) {
        uint64_t quota = total == UINT64_MAX
                             ? UINT64_MAX
                             : total / threads + ((uint64_t)t < total % threads);
        status = prepare_worker(m, t, game, &budget, count > 1 ? quota : 0, seed);
    }
    if (status != PACKEIS_OK)
        return status;
    pthread_t ids[MCTS_THREADS_MAX];
    thread_job jobs[MCTS_THREADS_MAX];
    int started = 1;
    for (; started < threads; started++) {
        jobs[started] = (thread_job){&m->workers[started], limits};
        if (pthread_create(&ids[started], NULL, thread_main, &jobs[started]) != 0)
            break;
    }
    run_worker(&m->workers[0], limits, m, moves, count, report);
    /* The trees of threads that could not start are searched here, one
     * after the other: the same playouts and the same move as with them. */
    for (int t = started; t < threads; t++)
        run_worker(&m->workers[t], limits, NULL, NULL, 0, NULL);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
    for (int t = 0; t < threads; t++)
        if (m->workers[t].status != PACKEIS_OK)
            return m->workers[t].status;
    *move = report_search(m, threads, moves, count, &budget, report);
    if (limits->on_report)
        limits->on_report(limits->context, report);
    return PACKEIS_OK;
}

/* choose, then each root move's value from the merged stats: the mean
 * win share w of its playouts as 2 w - 1, its line from thread 0's tree. */
static packeis_status mcts_analyse(void *state, const packeis_game *game,
                                   const packeis_player_limits *limits,
                                   const packeis_move *moves, size_t count,
                                   packeis_player_line *lines, packeis_player_report *report)
{
    mcts_player *m = state;
    packeis_move move;
    packeis_status status = mcts_choose(m, game, limits, &move, report);
    if (status != PACKEIS_OK)
        return status;
    packeis_player_report line_report;
    for (size_t i = 0; i < count; i++) {
        uint64_t visits = count > 1 ? m->merged.visits[moves[i]] : 0;
        lines[i] = (packeis_player_line){.move = moves[i], .nodes = visits, .pv_length = 1};
        lines[i].pv[0] = moves[i];
        if (!visits)
            continue;
        lines[i].value = 2 * m->merged.wins[moves[i]] / (double)visits - 1;
        mcts_tree_principal_variation(&m->workers[0].tree, moves[i], &line_report);
        player_line_pv(&lines[i], &line_report);
    }
    return PACKEIS_OK;
}

static void mcts_destroy(void *state)
{
    mcts_forget(state);
    free(state);
}

const player_kind player_mcts_kind = {
    .name = "mcts",
    .description = "UCT Monte Carlo tree search with max-n rewards, tree reuse and optional "
                   "root-parallel threads",
    .options = mcts_options,
    .option_count = sizeof mcts_options / sizeof mcts_options[0],
    .create = mcts_create,
    .set_option = mcts_set_option,
    .choose = mcts_choose,
    .forget = mcts_forget,
    .destroy = mcts_destroy,
    .resumes = PACKEIS_PLAYER_RESUME_GROWS,
    .analyse = mcts_analyse,
    .ranks = RANK_BY_VISITS,
};
