/* SPDX-License-Identifier: MIT */
/*
 * montecarlo.c: flat Monte Carlo. Every legal move gets the same number of
 * uniformly random playouts (packeis_game_playout(), round after round
 * so that a time limit or the stop flag leaves them even); the move with the
 * best mean reward for the mover wins. The reward of a playout is the
 * mover's share of the other players it beat (1 first alone, 0 last alone,
 * ties half), and a thousandth of its fish margin breaks ties between moves
 * that always win or always lose.
 *
 * Budget: limits.nodes playouts in all; without limits, the option
 * "playouts" per legal move.
 */
#include "player_kind.h"

#include <stdlib.h>
#include <string.h>

enum { MC_ROUND = 8, MC_REPORT_EVERY = 4096 };

typedef struct mc_player {
    uint64_t seed;
    int playouts_per_move;
    packeis_game *scratch; /* the position after the move sampled */
    packeis_game *rollout; /* one playout from there */
} mc_player;

static const packeis_player_option mc_options[] = {
    {"playouts", "int", "20", 1, 1000000,
     "playouts per legal move when no limit is given (the default budget)"},
};

/* The running totals of one root move. */
typedef struct mc_stats {
    uint64_t playouts;
    double reward, margin;
} mc_stats;

static void *mc_create(uint64_t seed)
{
    mc_player *mc = calloc(1, sizeof *mc);
    if (mc) {
        mc->seed = seed;
        mc->playouts_per_move = 20;
    }
    return mc;
}

static void mc_set_option(void *state, size_t index, double value)
{
    mc_player *mc = state;
    (void)index; /* the only one: playouts */
    mc->playouts_per_move = (int)value;
}

/* Plays `games` playouts after `move` and adds them to `stats`. */
static packeis_status mc_sample(mc_player *mc, const packeis_game *game, packeis_move move,
                                int mover, uint64_t seed, size_t games, mc_stats *stats)
{
    packeis_status status = packeis_game_assign(mc->scratch, game);
    if (status == PACKEIS_OK)
        status = packeis_game_apply(mc->scratch, move);
    int players = packeis_game_player_count(game);
    for (size_t g = 0; g < games && status == PACKEIS_OK; g++) {
        player_outcome out;
        status = packeis_game_assign(mc->rollout, mc->scratch);
        if (status == PACKEIS_OK)
            status = player_playout(mc->rollout, seed + g, &out);
        if (status != PACKEIS_OK)
            break;
        int best_other = -1;
        for (int p = 0; p < players; p++)
            if (p != mover && out.fish[p] > best_other)
                best_other = out.fish[p];
        stats->reward += out.wins[mover];
        stats->margin += out.fish[mover] - best_other;
        stats->playouts++;
    }
    return status;
}

static double mc_value(const mc_stats *stats)
{
    if (stats->playouts == 0)
        return -1e9;
    return (stats->reward + 1e-3 * stats->margin) / (double)stats->playouts;
}

static void mc_fill_report(packeis_player_report *report, const player_budget *budget,
                           const packeis_move *moves, const mc_stats *stats, size_t count,
                           size_t best, uint64_t used)
{
    player_report_basics(report, budget, used);
    report->depth = 1;
    report->root_moves = count;
    for (size_t i = 0; i < count; i++) {
        report->moves[i] = moves[i];
        report->visits[i] = stats[i].playouts;
    }
    report->pv_length = 1;
    report->pv[0] = moves[best];
    report->has_score = stats[best].playouts > 0;
    if (report->has_score)
        report->score = stats[best].reward / (double)stats[best].playouts;
}

static size_t mc_best(const mc_stats *stats, size_t count)
{
    size_t best = 0;
    for (size_t i = 1; i < count; i++)
        if (mc_value(&stats[i]) > mc_value(&stats[best]))
            best = i;
    return best;
}

/* Rounds of playouts over every move until the budget is spent. */
static packeis_status mc_search(mc_player *mc, const packeis_game *game,
                                const packeis_player_limits *limits, player_budget *budget,
                                const packeis_move *moves, mc_stats *stats, size_t count,
                                uint64_t *used, packeis_player_report *report)
{
    int mover = packeis_game_current_player(game);
    uint64_t seed = player_move_seed(mc->seed, game);
    uint64_t next_report = MC_REPORT_EVERY;
    while (!player_budget_over(budget, *used)) {
        uint64_t left = player_budget_left(budget, *used);
        size_t per_move = left / count >= MC_ROUND ? MC_ROUND : (size_t)(left / count);
        for (size_t i = 0; i < count && !player_budget_over(budget, *used); i++) {
            /* The last playouts of a node budget too small for a whole
             * round go to the first moves. */
            size_t games = per_move ? per_move : 1;
            packeis_status status =
                mc_sample(mc, game, moves[i], mover, seed + *used, games, &stats[i]);
            if (status != PACKEIS_OK)
                return status;
            *used += games;
        }
        if (limits->on_report && *used >= next_report) {
            next_report = *used + MC_REPORT_EVERY;
            mc_fill_report(report, budget, moves, stats, count, mc_best(stats, count), *used);
            limits->on_report(limits->context, report);
        }
    }
    return PACKEIS_OK;
}

/* The search of mc_choose() with the stats of every move in stats[count]
 * (zeroed by the caller), the move chosen in *move. */
static packeis_status mc_run(mc_player *mc, const packeis_game *game,
                             const packeis_player_limits *limits, const packeis_move *moves,
                             size_t count, mc_stats *stats, packeis_move *move,
                             packeis_player_report *report)
{
    packeis_status status = PACKEIS_OK;
    player_budget budget;
    player_budget_start(&budget, limits, (uint64_t)mc->playouts_per_move * count);
    if (!mc->scratch && (status = packeis_game_clone(game, &mc->scratch)) != PACKEIS_OK)
        return status;
    if (!mc->rollout && (status = packeis_game_clone(game, &mc->rollout)) != PACKEIS_OK)
        return status;
    uint64_t used = 0;
    if (count > 1)
        status = mc_search(mc, game, limits, &budget, moves, stats, count, &used, report);
    if (status == PACKEIS_OK) {
        size_t best = mc_best(stats, count);
        *move = moves[best];
        mc_fill_report(report, &budget, moves, stats, count, best, used);
        if (limits->on_report)
            limits->on_report(limits->context, report);
    }
    return status;
}

static packeis_status mc_choose(void *state, const packeis_game *game,
                                const packeis_player_limits *limits, packeis_move *move,
                                packeis_player_report *report)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    mc_stats *stats = calloc(count, sizeof *stats);
    if (!stats)
        return PACKEIS_E_OUT_OF_MEMORY;
    status = mc_run(state, game, limits, moves, count, stats, move, report);
    free(stats);
    return status;
}

/* The search, then each move's mean share of the others beaten w as
 * 2 w - 1 and its mean fish margin; the lines ranked as mc_best() ranks
 * (the margin breaks ties), best first. */
static packeis_status mc_analyse(void *state, const packeis_game *game,
                                 const packeis_player_limits *limits, const packeis_move *moves,
                                 size_t count, packeis_player_line *lines,
                                 packeis_player_report *report)
{
    mc_stats *stats = calloc(count, sizeof *stats);
    if (!stats)
        return PACKEIS_E_OUT_OF_MEMORY;
    packeis_move move;
    packeis_status status = mc_run(state, game, limits, moves, count, stats, &move, report);
    for (size_t i = 0; status == PACKEIS_OK && i < count; i++) {
        lines[i] =
            (packeis_player_line){.move = moves[i], .nodes = stats[i].playouts, .pv_length = 1};
        lines[i].pv[0] = moves[i];
        if (stats[i].playouts) {
            lines[i].value = 2 * stats[i].reward / (double)stats[i].playouts - 1;
            lines[i].has_margin = 1;
            lines[i].margin = stats[i].margin / (double)stats[i].playouts;
        }
    }
    for (size_t i = 1; status == PACKEIS_OK && i < count; i++) { /* stable */
        packeis_player_line line = lines[i];
        mc_stats key = stats[i];
        size_t j = i;
        for (; j > 0 && mc_value(&key) > mc_value(&stats[j - 1]); j--) {
            lines[j] = lines[j - 1];
            stats[j] = stats[j - 1];
        }
        lines[j] = line;
        stats[j] = key;
    }
    free(stats);
    return status;
}

static void mc_forget(void *state)
{
    mc_player *mc = state;
    packeis_game_free(mc->scratch);
    packeis_game_free(mc->rollout);
    mc->scratch = mc->rollout = NULL;
}

static void mc_destroy(void *state)
{
    mc_forget(state);
    free(state);
}

const player_kind player_montecarlo_kind = {
    .name = "montecarlo",
    .description = "flat Monte Carlo: the same number of random playouts after every legal "
                   "move, the best mean result wins",
    .options = mc_options,
    .option_count = sizeof mc_options / sizeof mc_options[0],
    .create = mc_create,
    .set_option = mc_set_option,
    .choose = mc_choose,
    .analyse = mc_analyse,
    .ranks = RANK_AS_GIVEN,
    .forget = mc_forget,
    .destroy = mc_destroy,
};
