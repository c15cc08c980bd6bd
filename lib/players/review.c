/* SPDX-License-Identifier: MIT */
/*
 * review.c: what each move of a game cost its player (players.h, "game
 * review"), from analyses (packeis_player_analyse()): the exact solver's
 * where it solves every move, else the estimator's. Built on the public
 * API only, as every surface that shows a review calls it.
 */
#include <packeis/players.h>

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

size_t packeis_player_reviewer_size(void) { return sizeof(packeis_player_reviewer); }

size_t packeis_player_review_ply_size(void) { return sizeof(packeis_player_review_ply); }

size_t packeis_player_review_summary_size(void)
{
    return sizeof(packeis_player_review_summary);
}

double packeis_player_review_accuracy(double loss)
{
    if (!(loss > 0))
        return 100;
    /* lichess's accuracy of a move, on winning percentages 50 (1 + value):
     * a loss of `loss` in value is 50 * loss percentage points. */
    double accuracy = 103.1668 * exp(-0.04354 * 50 * loss) - 3.1669;
    return accuracy < 0 ? 0 : accuracy > 100 ? 100 : accuracy;
}

static int judge(double loss)
{
    return loss >= PACKEIS_PLAYER_BLUNDER      ? 3
           : loss >= PACKEIS_PLAYER_MISTAKE    ? 2
           : loss >= PACKEIS_PLAYER_INACCURACY ? 1
                                               : 0;
}

/* The solver's lines of every move of `game` in *count, if it solved them
 * all (2 players, a budget); 0 lines otherwise. */
static packeis_status solve(const packeis_player_reviewer *r, const packeis_game *game,
                            packeis_player_line *lines, size_t legal, size_t *count,
                            uint64_t *nodes)
{
    *count = 0;
    if (!r->solver || r->solver_nodes == 0 || packeis_game_player_count(game) != 2)
        return PACKEIS_OK;
    packeis_player_limits limits = {.nodes = r->solver_nodes, .stop = r->limits.stop};
    packeis_player_report report;
    size_t got;
    packeis_status status =
        packeis_player_analyse(r->solver, game, &limits, legal, lines, &got, &report);
    *nodes += report.nodes;
    if (status != PACKEIS_OK)
        return status;
    for (size_t i = 0; i < got; i++)
        if (!lines[i].exact)
            return PACKEIS_OK;
    *count = got == legal ? got : 0;
    return PACKEIS_OK;
}

/* The value for `player` (2 players) of the position `played` leads to,
 * searched on its own: the estimator's best line there (its mover's value,
 * the other's the opposite, rewards summing to 0), after the moves that
 * are forced; a finished game's reward. *valued 0: no value (a search with
 * no visits). */
static packeis_status value_after(const packeis_player_reviewer *r, const packeis_game *game,
                                  packeis_move played, int player, double *value, int *valued,
                                  uint64_t *nodes)
{
    packeis_game *child;
    packeis_status status = packeis_game_clone(game, &child);
    if (status != PACKEIS_OK)
        return status;
    status = packeis_game_apply(child, played);
    while (status == PACKEIS_OK && packeis_game_phase(child) != PACKEIS_PHASE_OVER &&
           packeis_game_legal_move_count(child) == 1) {
        packeis_move only;
        size_t one;
        status = packeis_game_legal_moves(child, &only, 1, &one);
        if (status == PACKEIS_OK)
            status = packeis_game_apply(child, only);
    }
    *valued = 0;
    if (status == PACKEIS_OK && packeis_game_phase(child) == PACKEIS_PHASE_OVER) {
        *value = packeis_game_reward(child, player);
        *valued = 1;
    } else if (status == PACKEIS_OK) {
        packeis_player_line best;
        packeis_player_report report;
        size_t count = 0;
        status =
            packeis_player_analyse(r->estimator, child, &r->limits, 1, &best, &count, &report);
        *nodes += report.nodes;
        if (status == PACKEIS_OK && count == 1 && best.nodes > 0) {
            int same = packeis_game_current_player(child) == player;
            *value = same ? best.value : -best.value;
            *valued = 1;
        }
    }
    packeis_game_free(child);
    return status;
}

/* Fills the values of `out` from the analysis lines[count], best first. */
static void judge_lines(const packeis_player_line *lines, size_t count,
                        packeis_player_review_ply *out)
{
    const packeis_player_line *best = &lines[0], *played = NULL;
    for (size_t i = 0; i < count; i++)
        if (lines[i].move == out->played)
            played = &lines[i];
    out->best = best->move;
    out->has_value = played && played->nodes > 0 && best->nodes > 0;
    if (!out->has_value)
        return;
    out->exact = best->exact && played->exact;
    out->value_before = best->value;
    out->value_after = played->value;
    out->loss = best->value > played->value ? best->value - played->value : 0;
    out->accuracy = packeis_player_review_accuracy(out->loss);
    out->judgement = judge(out->loss);
    if (out->exact && best->has_margin && played->has_margin) {
        out->has_margin = 1;
        out->margin_before = best->margin;
        out->margin_after = played->margin;
        out->fish_loss = best->margin > played->margin ? best->margin - played->margin : 0;
    }
}

/* 2 players: the line of a move played other than the best gets the value
 * of a search of the position it leads to (value_after()), as a review of
 * a chess game values each position: a search that gave a poor move few
 * visits knows little of it (mcts's mean over a handful of playouts, az's
 * one visit). With 3 or 4 players, the values of the others after the
 * move are not one search's, and the root's stand. */
static packeis_status research_played(const packeis_player_reviewer *r,
                                      const packeis_game *game, packeis_move played,
                                      packeis_player_line *lines, size_t count, uint64_t *nodes)
{
    int player = packeis_game_current_player(game);
    if (packeis_game_player_count(game) != 2 || lines[0].move == played)
        return PACKEIS_OK;
    for (size_t i = 1; i < count; i++) {
        if (lines[i].move != played)
            continue;
        double value = 0;
        int valued = 0;
        packeis_status status = value_after(r, game, played, player, &value, &valued, nodes);
        if (status == PACKEIS_OK && valued) {
            lines[i].value = value;
            lines[i].nodes = lines[i].nodes ? lines[i].nodes : 1;
        }
        return status;
    }
    return PACKEIS_OK;
}

static int reviewer_ok(const packeis_player_reviewer *r)
{
    return r && r->estimator && packeis_player_analyses(r->estimator) &&
           (!r->solver || packeis_player_analyses(r->solver));
}

packeis_status packeis_player_review_move(const packeis_player_reviewer *r,
                                          const packeis_game *game, packeis_move played,
                                          packeis_player_review_ply *out)
{
    if (!reviewer_ok(r) || !game || !out)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (packeis_game_phase(game) == PACKEIS_PHASE_OVER)
        return PACKEIS_E_GAME_OVER;
    if (packeis_game_check_move(game, played) != PACKEIS_OK)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_player_review_ply ply = {
        .ply = packeis_game_ply_count(game),
        .player = packeis_game_current_player(game),
        .played = played,
        .best = played,
        .accuracy = 100,
    };
    size_t legal = packeis_game_legal_move_count(game), count = 0;
    if (legal == 1) {
        ply.forced = 1;
        *out = ply;
        return PACKEIS_OK;
    }
    packeis_player_line *lines = malloc(legal * sizeof *lines);
    if (!lines)
        return PACKEIS_E_OUT_OF_MEMORY;
    packeis_status status = solve(r, game, lines, legal, &count, &ply.nodes);
    int estimated = status == PACKEIS_OK && count == 0;
    if (estimated) {
        packeis_player_report report;
        status = packeis_player_analyse(r->estimator, game, &r->limits, legal, lines, &count,
                                        &report);
        ply.nodes += report.nodes;
    }
    if (status == PACKEIS_OK && estimated && count > 0)
        status = research_played(r, game, played, lines, count, &ply.nodes);
    if (status == PACKEIS_OK && count > 0) {
        judge_lines(lines, count, &ply);
        *out = ply;
    }
    free(lines);
    return status;
}

/* Whether the reviewer's stop flag is up. */
static int stopped(const packeis_player_reviewer *r)
{
    return r->limits.stop && atomic_load(r->limits.stop);
}

packeis_status packeis_player_review_game(const packeis_player_reviewer *r,
                                          const packeis_game *game, size_t first, size_t count,
                                          packeis_player_review_ply *plies, size_t *done,
                                          void (*on_ply)(void *context,
                                                         const packeis_player_review_ply *ply,
                                                         size_t done, size_t total),
                                          void *context)
{
    if (done)
        *done = 0;
    if (!reviewer_ok(r) || !game || !done || (count > 0 && !plies))
        return PACKEIS_E_INVALID_ARGUMENT;
    size_t played = packeis_game_ply_count(game);
    if (first > played || count > played - first)
        return PACKEIS_E_OUT_OF_RANGE;
    packeis_move *history = malloc((played ? played : 1) * sizeof *history);
    packeis_game *walk = NULL;
    packeis_status status = history ? packeis_game_clone(game, &walk) : PACKEIS_E_OUT_OF_MEMORY;
    size_t length = 0;
    if (status == PACKEIS_OK)
        status = packeis_game_history(game, history, played, &length);
    if (status == PACKEIS_OK)
        status = packeis_game_undo_to(walk, first);
    for (size_t i = 0; status == PACKEIS_OK && i < count; i++) {
        packeis_move move = history[first + i];
        status = packeis_player_review_move(r, walk, move, &plies[i]);
        if (status == PACKEIS_OK && stopped(r))
            status = PACKEIS_E_STOPPED;
        if (status != PACKEIS_OK)
            break;
        *done = i + 1;
        if (on_ply)
            on_ply(context, &plies[i], i + 1, count);
        status = packeis_game_apply(walk, move);
    }
    packeis_game_free(walk);
    free(history);
    return status;
}

static void add_ply(const packeis_player_review_ply *ply, packeis_player_review_summary *s)
{
    if (ply->forced) {
        s->forced++;
        return;
    }
    if (!ply->has_value) {
        s->unvalued++;
        return;
    }
    s->moves++;
    s->exact += ply->exact != 0;
    s->average_loss += ply->loss; /* sums until the end */
    s->accuracy += ply->accuracy;
    s->inaccuracies += ply->judgement == 1;
    s->mistakes += ply->judgement == 2;
    s->blunders += ply->judgement == 3;
    if (ply->has_margin)
        s->fish_lost += ply->fish_loss;
}

int packeis_player_review_summarize(const packeis_player_review_ply *plies, size_t count,
                                    int players, packeis_player_review_summary *out)
{
    if (!out || players < 1 || players > PACKEIS_MAX_PLAYERS || (count > 0 && !plies))
        return -1;
    memset(out, 0, (size_t)players * sizeof *out);
    for (size_t i = 0; i < count; i++)
        if (plies[i].player >= 0 && plies[i].player < players)
            add_ply(&plies[i], &out[plies[i].player]);
    for (int p = 0; p < players; p++)
        if (out[p].moves > 0) {
            out[p].average_loss /= (double)out[p].moves;
            out[p].accuracy /= (double)out[p].moves;
        }
    return 0;
}
