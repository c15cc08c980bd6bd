/* SPDX-License-Identifier: MIT */
/*
 * alphabeta.c: iterative-deepening alpha-beta on the fish margin.
 *
 * The value of a position is, for the player to act at the root, its fish
 * minus the opponent's (2 players), or minus the best of the others' (3 and
 * 4 players, "paranoid": every other player is taken to play against it).
 * The root player maximizes it and the others minimize it, which for 2
 * players is negamax; turns need not alternate (a player with no move goes
 * out and the other plays on), so each node looks at whose turn it is.
 *
 * Values are in sixteenths of a fish. At the horizon a position is worth the
 * fish won, plus the fish under each player's penguins (they are won for
 * sure: a penguin leaving its floe, or a player going out, takes it), plus
 * half the fish of its territory (the floes its penguins reach in fewer
 * slides than anyone else's: a breadth-first search over bitboard rays),
 * plus a sixteenth for each floe it can reach in one slide (mobility).
 *
 * Endgame solver: every node knows whether all the lines below it reached
 * the end of the game. Such a value is the game-theoretic one (or a bound of
 * it, after a cutoff) and goes into the transposition table as good at any
 * depth, so once the remaining tree is small enough for the node budget the
 * iterative deepening ends with an exact root value and stops: for 2 players
 * the fish margin under perfect play (report.exact).
 *
 * Moves are ordered: the table's best move first, then by the history of
 * cutoffs (from, to), then by fish (the floe left, then the destination; for
 * placements the fish within reach); moves after the first are searched in
 * a null window first (principal variation search). The
 * node budget counts moves applied and is never exceeded; the clock and the
 * stop flag are read every 32 nodes (a node of the placement phase may take
 * several microseconds: 256 of them overran a 100 ms move by 10 ms).
 */
#include "player_kind.h"
#include "transposition.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    AB_SCALE = 16,            /* value units per fish */
    AB_INF = 1 << 20,         /* beyond every value */
    AB_MAX_DEPTH = 120,       /* more plies than any game has (64 floes) */
    AB_CLOCK_EVERY = 32,      /* nodes between two looks at the clock */
    AB_DEFAULT_NODES = 20000, /* see the option "nodes" */
    AB_TERRITORY = 8,         /* value units per fish of territory */
};

typedef struct ab_player {
    uint64_t seed; /* unused by the search itself, which is deterministic */
    uint64_t default_nodes;
    size_t table_mb;
    int table_ready;
    tt_table table;
    uint64_t board; /* the signature of the board the table is about */
    packeis_game *scratch;
} ab_player;

static const packeis_player_option ab_options[] = {
    {"nodes", "int", "20000", 1, 1e12,
     "positions searched per move when no limit is given (the default budget)"},
    {"hash", "int", "4", 1, 4096, "size of the transposition table in MB"},
};

/* One search: the scratch game walked with apply and undo. */
typedef struct ab_search {
    ab_player *ab;
    packeis_game *game;
    player_budget *budget;
    int root_player, players;
    uint64_t key_salt; /* the table is about values for the root player */
    int fish[PACKEIS_MAX_CELLS];
    uint64_t fish_mask[3]; /* the floes of 1, 2 and 3 fish */
    /* The cells a slide from a cell could pass along each direction, up to
     * the board's edge, split by whether the cell indices grow along it
     * (east and south: the nearest blocker is the lowest bit) or shrink. */
    uint64_t ray_up[PACKEIS_MAX_CELLS][3], ray_down[PACKEIS_MAX_CELLS][3];
    int history[PACKEIS_MAX_CELLS][PACKEIS_MAX_CELLS]; /* cutoffs by from, to */
    uint64_t nodes;
    int aborted;
} ab_search;

static int fish_of(const ab_search *s, uint64_t set)
{
    return __builtin_popcountll(set & s->fish_mask[0]) +
           2 * __builtin_popcountll(set & s->fish_mask[1]) +
           3 * __builtin_popcountll(set & s->fish_mask[2]);
}

/* The floes a penguin on `cell` reaches in one slide over `free`. */
static uint64_t slides_from(const ab_search *s, int cell, uint64_t free)
{
    uint64_t reach = 0;
    for (int k = 0; k < 3; k++) {
        uint64_t ray = s->ray_up[cell][k], blocked = ray & ~free;
        if (blocked)
            ray &= (blocked & (0 - blocked)) - 1;
        reach |= ray;
        ray = s->ray_down[cell][k];
        blocked = ray & ~free;
        if (blocked)
            ray &= ~UINT64_C(0) << (63 - __builtin_clzll(blocked)) << 1;
        reach |= ray;
    }
    return reach;
}

static uint64_t slides_from_set(const ab_search *s, uint64_t cells, uint64_t free)
{
    uint64_t reach = 0;
    for (; cells; cells &= cells - 1)
        reach |= slides_from(s, __builtin_ctzll(cells), free);
    return reach;
}

/* The value of each player in sixteenths of a fish, into value[p]: the
 * fish won; before the end also the fish under its penguins (won for sure)
 * and its territory, the fish of the floes its penguins reach in fewer
 * slides than any other player's (a floe reached first by several is
 * shared), a floe of the others' territory blocking the way as a gap does
 * (a breadth-first search of slides from all penguins at once, layer by
 * layer). A player walled in alone counts its whole island. */
static void player_values(const ab_search *s, int at_end, int *value)
{
    uint64_t penguins[PACKEIS_MAX_PLAYERS], frontier[PACKEIS_MAX_PLAYERS], occupied = 0;
    for (int p = 0; p < s->players; p++) {
        value[p] = AB_SCALE * packeis_game_fish_won(s->game, p);
        penguins[p] = at_end ? 0 : packeis_game_penguins(s->game, p);
        occupied |= penguins[p];
        frontier[p] = penguins[p];
    }
    if (at_end)
        return;
    uint64_t free = packeis_game_floes(s->game) & ~occupied, claimed = 0;
    int half_shares[PACKEIS_MAX_PLAYERS] = {0};
    for (int p = 0; p < s->players; p++)
        value[p] += AB_SCALE * fish_of(s, penguins[p]);
    for (int layer = 0; layer < PACKEIS_MAX_CELLS; layer++) {
        uint64_t next[PACKEIS_MAX_PLAYERS], any = 0, twice = 0;
        for (int p = 0; p < s->players; p++) {
            next[p] = frontier[p] ? slides_from_set(s, frontier[p], free & ~claimed) : 0;
            twice |= any & next[p];
            any |= next[p];
        }
        if (!any)
            break;
        for (int p = 0; p < s->players; p++) {
            half_shares[p] += 2 * fish_of(s, next[p] & ~twice) + fish_of(s, next[p] & twice);
            if (layer == 0) /* mobility: a tie-break among equal territories */
                value[p] += __builtin_popcountll(next[p]);
            frontier[p] = next[p];
        }
        claimed |= any;
    }
    for (int p = 0; p < s->players; p++)
        value[p] += AB_TERRITORY * half_shares[p] / 2;
}

/* The root player's value minus the best of the others'. */
static int evaluate(const ab_search *s, int at_end)
{
    int value[PACKEIS_MAX_PLAYERS];
    player_values(s, at_end, value);
    int best_other = INT_MIN;
    for (int p = 0; p < s->players; p++)
        if (p != s->root_player && value[p] > best_other)
            best_other = value[p];
    return value[s->root_player] - best_other;
}

static int *history_of(ab_search *s, packeis_move move)
{
    int to = packeis_move_to(move);
    return &s->history[packeis_move_is_placement(move) ? to : packeis_move_from(move)][to];
}

/* player_greedy_value() on the rays: for a slide 4 x the fish of the floe
 * left plus those of the destination, for a placement the fish within one
 * slide of its floe over the `free` floes. */
static int greedy_value_on_rays(const ab_search *s, packeis_move move, uint64_t free)
{
    int to = packeis_move_to(move);
    if (packeis_move_is_placement(move))
        return fish_of(s, slides_from(s, to, free));
    return 4 * s->fish[packeis_move_from(move)] + s->fish[to];
}

/* Sorts the moves best first: `first` (if present), then by the history of
 * cutoffs, then by greedy value, the library's order breaking ties. */
static void order_moves(ab_search *s, packeis_move *moves, size_t count, packeis_move first)
{
    int scores[PACKEIS_MAX_MOVES];
    uint64_t free = packeis_game_floes(s->game);
    for (int p = 0; p < s->players; p++)
        free &= ~packeis_game_penguins(s->game, p);
    for (size_t i = 0; i < count; i++)
        scores[i] = moves[i] == first ? INT_MAX
                                      : *history_of(s, moves[i]) * 32 +
                                            greedy_value_on_rays(s, moves[i], free);
    for (size_t i = 1; i < count; i++) {
        packeis_move m = moves[i];
        int v = scores[i];
        size_t j = i;
        for (; j > 0 && scores[j - 1] < v; j--) {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
        }
        moves[j] = m;
        scores[j] = v;
    }
}

/* A move that cut the search off at `depth` plies is tried early elsewhere
 * (the history heuristic); halving every count keeps them in range. */
static void reward_cutoff(ab_search *s, packeis_move move, int depth)
{
    int *h = history_of(s, move);
    *h += depth * depth;
    if (*h > (1 << 20))
        for (int a = 0; a < PACKEIS_MAX_CELLS; a++)
            for (int b = 0; b < PACKEIS_MAX_CELLS; b++)
                s->history[a][b] /= 2;
}

/* Whether the budget stops the search before one more node. */
static int out_of_budget(ab_search *s)
{
    if (s->aborted)
        return 1;
    if (s->budget->nodes && s->nodes >= s->budget->nodes)
        s->aborted = 1;
    else if (s->nodes % AB_CLOCK_EVERY == 0 && player_budget_over(s->budget, s->nodes))
        s->aborted = 1;
    return s->aborted;
}

static int tt_cutoff(const tt_entry *e, int depth, int alpha, int beta)
{
    if (!e || e->depth < depth)
        return 0;
    return e->bound == TT_EXACT || (e->bound == TT_LOWER && e->value >= beta) ||
           (e->bound == TT_UPPER && e->value <= alpha);
}

static int search_child(ab_search *s, int depth, int alpha, int beta, int scout, int maximizing,
                        int *to_end, packeis_status *status);

/* The value of the scratch game searched `depth` plies deep; *to_end tells
 * whether every line below reached the end of the game. */
static int search(ab_search *s, int depth, int alpha, int beta, int *to_end,
                  packeis_status *status)
{
    if (packeis_game_phase(s->game) == PACKEIS_PHASE_OVER) {
        *to_end = 1;
        return evaluate(s, 1);
    }
    if (depth == 0) {
        *to_end = 0;
        return evaluate(s, 0);
    }
    uint64_t key = packeis_game_hash(s->game) ^ s->key_salt;
    const tt_entry *entry = tt_probe(&s->ab->table, key);
    if (tt_cutoff(entry, depth, alpha, beta)) {
        *to_end = entry->depth == TT_DEPTH_END;
        return entry->value;
    }
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    if ((*status = player_legal_moves(s->game, moves, &count)) != PACKEIS_OK) {
        s->aborted = 1;
        return 0;
    }
    order_moves(s, moves, count, entry ? entry->move : PACKEIS_MOVE_NONE);
    int maximizing = packeis_game_current_player(s->game) == s->root_player;
    int alpha0 = alpha, beta0 = beta, best = maximizing ? -AB_INF : AB_INF, all_end = 1;
    packeis_move best_move = moves[0];
    for (size_t i = 0; i < count && alpha < beta; i++) {
        if (out_of_budget(s))
            return 0;
        if ((*status = packeis_game_apply(s->game, moves[i])) != PACKEIS_OK) {
            s->aborted = 1;
            return 0;
        }
        s->nodes++;
        int child_end;
        int v = search_child(s, depth - 1, alpha, beta, i > 0, maximizing, &child_end, status);
        packeis_status undone = packeis_game_undo(s->game);
        if (undone != PACKEIS_OK && *status == PACKEIS_OK)
            *status = undone;
        if (s->aborted || *status != PACKEIS_OK) {
            s->aborted = 1;
            return 0;
        }
        all_end &= child_end;
        if (maximizing ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if (maximizing && v > alpha)
            alpha = v;
        if (!maximizing && v < beta)
            beta = v;
    }
    if (alpha >= beta)
        reward_cutoff(s, best_move, depth);
    int bound = best <= alpha0 ? TT_UPPER : best >= beta0 ? TT_LOWER : TT_EXACT;
    tt_store(&s->ab->table, key, best, all_end ? TT_DEPTH_END : depth, bound, best_move);
    *to_end = all_end;
    return best;
}

/* A child searched in the window (alpha, beta); a move after the first
 * (`scout`) first in a null window next to the bound of the side to move
 * (principal variation search): proving it no better is cheap, and only a
 * move that turns out better is searched again in the full window. */
static int search_child(ab_search *s, int depth, int alpha, int beta, int scout, int maximizing,
                        int *to_end, packeis_status *status)
{
    if (scout && beta - alpha > 1) {
        int v = maximizing ? search(s, depth, alpha, alpha + 1, to_end, status)
                           : search(s, depth, beta - 1, beta, to_end, status);
        if (s->aborted || *status != PACKEIS_OK || v <= alpha || v >= beta)
            return v;
    }
    return search(s, depth, alpha, beta, to_end, status);
}

/* The principal variation, read from the table. */
static void read_pv(ab_search *s, packeis_move first, packeis_player_report *report)
{
    report->pv_length = 0;
    packeis_move move = first;
    size_t played = 0;
    while (report->pv_length < PACKEIS_PLAYER_PV_MAX && move != PACKEIS_MOVE_NONE &&
           packeis_game_check_move(s->game, move) == PACKEIS_OK &&
           packeis_game_apply(s->game, move) == PACKEIS_OK) {
        report->pv[report->pv_length++] = move;
        played++;
        const tt_entry *e = tt_probe(&s->ab->table, packeis_game_hash(s->game) ^ s->key_salt);
        move = e ? e->move : PACKEIS_MOVE_NONE;
    }
    while (played-- > 0)
        if (packeis_game_undo(s->game) != PACKEIS_OK)
            break; /* cannot happen: the moves were just played */
}

/* One iteration at the root: the best move and its value at `depth`; on an
 * abort, the best of the moves searched completely (the previous best comes
 * first, so it is never worse than what the last iteration found). */
static packeis_status search_root(ab_search *s, packeis_move *moves, size_t count, int depth,
                                  packeis_move *best_move, int *best_value, int *exact,
                                  int *complete)
{
    packeis_status status = PACKEIS_OK;
    int alpha = -AB_INF, all_end = 1, searched = 0;
    order_moves(s, moves, count, *best_move);
    for (size_t i = 0; i < count; i++) {
        if (out_of_budget(s))
            break;
        if ((status = packeis_game_apply(s->game, moves[i])) != PACKEIS_OK)
            return status;
        s->nodes++;
        int child_end;
        int v = search_child(s, depth - 1, alpha, AB_INF, i > 0, 1, &child_end, &status);
        packeis_status undone = packeis_game_undo(s->game);
        if (status != PACKEIS_OK || undone != PACKEIS_OK)
            return status != PACKEIS_OK ? status : undone;
        if (s->aborted)
            break;
        searched++;
        all_end &= child_end;
        if (v > alpha) {
            alpha = v;
            *best_move = moves[i];
            *best_value = v;
        }
    }
    *complete = searched == (int)count;
    *exact = *complete && all_end;
    if (*complete)
        tt_store(&s->ab->table, packeis_game_hash(s->game) ^ s->key_salt, alpha,
                 all_end ? TT_DEPTH_END : depth, TT_EXACT, *best_move);
    return PACKEIS_OK;
}

static void *ab_create(uint64_t seed)
{
    ab_player *ab = calloc(1, sizeof *ab);
    if (ab) {
        ab->seed = seed;
        ab->default_nodes = AB_DEFAULT_NODES;
        ab->table_mb = 4;
    }
    return ab;
}

static void ab_set_option(void *state, size_t index, double value)
{
    ab_player *ab = state;
    if (index == 0) {
        ab->default_nodes = (uint64_t)value;
    } else if ((size_t)value != ab->table_mb) {
        ab->table_mb = (size_t)value;
        tt_free(&ab->table); /* made again, at the new size, by the next move */
        ab->table_ready = 0;
    }
}

/* The table and the scratch game, made on first use or for a new board. */
static packeis_status ab_prepare(ab_player *ab, const packeis_game *game)
{
    if (!ab->table_ready) {
        if (tt_init(&ab->table, ab->table_mb) != 0)
            return PACKEIS_E_OUT_OF_MEMORY;
        ab->table_ready = 1;
        ab->board = player_board_signature(game);
    }
    uint64_t board = player_board_signature(game);
    if (board != ab->board) {
        tt_clear(&ab->table);
        ab->board = board;
    }
    if (!ab->scratch)
        return packeis_game_clone(game, &ab->scratch);
    return packeis_game_assign(ab->scratch, game);
}

static void fill_report(ab_search *s, packeis_player_report *report, int depth,
                        packeis_move move, int value, int exact)
{
    player_report_basics(report, s->budget, s->nodes);
    report->depth = depth;
    report->has_score = 1;
    report->score = (double)value / AB_SCALE;
    report->exact = exact;
    read_pv(s, move, report);
}

static packeis_status deepen(ab_search *s, const packeis_player_limits *limits,
                             packeis_move *move, packeis_player_report *report)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(s->game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    order_moves(s, moves, count, PACKEIS_MOVE_NONE);
    *move = moves[0];
    player_report_basics(report, s->budget, 0);
    report->pv_length = 1;
    report->pv[0] = *move;
    if (count == 1)
        return PACKEIS_OK;
    for (int depth = 1; depth <= AB_MAX_DEPTH; depth++) {
        packeis_move best = *move;
        int value = 0, exact = 0, complete = 0;
        status = search_root(s, moves, count, depth, &best, &value, &exact, &complete);
        if (status != PACKEIS_OK)
            return status;
        if (best != *move || complete)
            *move = best;
        if (!complete)
            break;
        fill_report(s, report, depth, best, value, exact);
        if (limits->on_report)
            limits->on_report(limits->context, report);
        if (exact)
            break;
    }
    player_report_basics(report, s->budget, s->nodes);
    if (report->pv[0] != *move) {
        /* A move of an unfinished iteration beat the last depth's choice:
         * its line is not known yet. */
        report->pv_length = 1;
        report->pv[0] = *move;
    }
    return PACKEIS_OK;
}

/* The fish and the rays of the board. */
static void prepare_board(ab_search *s, const packeis_game *game)
{
    for (int cell = 0; cell < packeis_game_cell_count(game); cell++) {
        s->fish[cell] = packeis_game_fish(game, cell);
        if (s->fish[cell] >= 1 && s->fish[cell] <= 3)
            s->fish_mask[s->fish[cell] - 1] |= UINT64_C(1) << cell;
        int up = 0, down = 0;
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
            uint64_t ray = 0;
            int first = packeis_game_neighbor(game, cell, d);
            for (int next = first; next >= 0; next = packeis_game_neighbor(game, next, d))
                ray |= UINT64_C(1) << next;
            if (first < 0)
                continue;
            /* Along a direction the index always grows or always shrinks
             * (cells are numbered by row, then left to right). */
            if (first > cell && up < 3)
                s->ray_up[cell][up++] = ray;
            else if (first < cell && down < 3)
                s->ray_down[cell][down++] = ray;
        }
    }
}

/* *s ready to search `game` within `limits` (*budget, started here): the
 * table and the scratch game made or cleared as needed, the board's
 * tables. */
static packeis_status begin_search(ab_player *ab, const packeis_game *game,
                                   const packeis_player_limits *limits, player_budget *budget,
                                   ab_search *s)
{
    player_budget_start(budget, limits, ab->default_nodes);
    packeis_status status = ab_prepare(ab, game);
    if (status != PACKEIS_OK)
        return status;
    memset(s, 0, sizeof *s);
    s->ab = ab;
    s->game = ab->scratch;
    s->budget = budget;
    s->root_player = packeis_game_current_player(game);
    s->players = packeis_game_player_count(game);
    s->key_salt = player_mix(UINT64_C(0xA1FAB37A) + (uint64_t)s->root_player);
    prepare_board(s, game);
    return PACKEIS_OK;
}

static packeis_status ab_choose(void *state, const packeis_game *game,
                                const packeis_player_limits *limits, packeis_move *move,
                                packeis_player_report *report)
{
    player_budget budget;
    ab_search s;
    packeis_status status = begin_search(state, game, limits, &budget, &s);
    return status == PACKEIS_OK ? deepen(&s, limits, move, report) : status;
}

/* What an analysis keeps of the last depth completed, per root move. */
typedef struct ab_lines {
    int value[PACKEIS_MAX_MOVES];
    int end[PACKEIS_MAX_MOVES]; /* every line below reached the end */
    uint64_t nodes[PACKEIS_MAX_MOVES];
} ab_lines;

/* One iteration of an analysis: every root move searched with a full
 * window (no cutoff at the root, so each value is the move's own, not a
 * bound). *complete: every move was searched. */
static packeis_status search_root_all(ab_search *s, const packeis_move *moves, size_t count,
                                      int depth, ab_lines *out, int *complete)
{
    packeis_status status = PACKEIS_OK;
    size_t searched = 0;
    for (size_t i = 0; i < count && !out_of_budget(s); i++) {
        if ((status = packeis_game_apply(s->game, moves[i])) != PACKEIS_OK)
            return status;
        uint64_t before = s->nodes++;
        int end;
        int v = search_child(s, depth - 1, -AB_INF, AB_INF, 0, 1, &end, &status);
        packeis_status undone = packeis_game_undo(s->game);
        if (status != PACKEIS_OK || undone != PACKEIS_OK)
            return status != PACKEIS_OK ? status : undone;
        out->nodes[i] += s->nodes - before;
        if (s->aborted)
            break;
        out->value[i] = v;
        out->end[i] = end;
        searched++;
    }
    *complete = searched == count;
    return PACKEIS_OK;
}

/* A value of the line's reward scale from a margin in value units: the
 * sign of an exact one, else tanh(margin in fish / 4). */
static double reward_of(int value, int exact)
{
    if (exact)
        return value > 0 ? 1 : value < 0 ? -1 : 0;
    return tanh((double)value / AB_SCALE / 4);
}

/* Deepens as deepen() does, every root move valued at each depth; the
 * lines hold the last depth completed (nodes 0 where none was). */
/* What an analysis works in: on the heap, being some 40 KB (WebAssembly's
 * stack is 64 KB by default, and the search's own frames come on top). */
typedef struct ab_analysis {
    ab_lines work, done;
    packeis_player_report line_report;
} ab_analysis;

/* The lines from the last depth completed (nodes 0 where none was). */
static void fill_lines(ab_search *s, ab_analysis *a, const packeis_move *moves, size_t count,
                       int depth_done, packeis_player_line *lines)
{
    for (size_t i = 0; i < count; i++) {
        lines[i] = (packeis_player_line){.move = moves[i], .pv_length = 1};
        lines[i].pv[0] = moves[i];
        if (!depth_done)
            continue;
        int exact = a->done.end[i] && s->players == 2;
        lines[i].nodes = a->work.nodes[i];
        lines[i].exact = exact;
        lines[i].value = reward_of(a->done.value[i], exact);
        lines[i].has_margin = 1;
        lines[i].margin = (double)a->done.value[i] / AB_SCALE;
        read_pv(s, moves[i], &a->line_report);
        player_line_pv(&lines[i], &a->line_report);
    }
}

/* Deepens as deepen() does, every root move valued at each depth. */
static packeis_status analyse_lines(ab_search *s, const packeis_move *moves, size_t count,
                                    const packeis_player_limits *limits,
                                    packeis_player_line *lines, packeis_player_report *report)
{
    ab_analysis *a = calloc(1, sizeof *a);
    if (!a)
        return PACKEIS_E_OUT_OF_MEMORY;
    int depth_done = 0, solved = 0;
    packeis_status status = PACKEIS_OK;
    player_report_basics(report, s->budget, 0);
    for (int depth = 1; count > 1 && depth <= AB_MAX_DEPTH && !solved; depth++) {
        int complete = 0;
        status = search_root_all(s, moves, count, depth, &a->work, &complete);
        if (status != PACKEIS_OK || !complete)
            break;
        a->done = a->work;
        depth_done = depth;
        solved = 1;
        size_t best = 0;
        for (size_t i = 0; i < count; i++) {
            solved &= a->work.end[i];
            best = a->work.value[i] > a->work.value[best] ? i : best;
        }
        fill_report(s, report, depth, moves[best], a->work.value[best],
                    solved && s->players == 2);
        if (limits->on_report)
            limits->on_report(limits->context, report);
    }
    if (status == PACKEIS_OK) {
        player_report_basics(report, s->budget, s->nodes);
        fill_lines(s, a, moves, count, depth_done, lines);
    }
    free(a);
    return status;
}

static packeis_status ab_analyse(void *state, const packeis_game *game,
                                 const packeis_player_limits *limits, const packeis_move *moves,
                                 size_t count, packeis_player_line *lines,
                                 packeis_player_report *report)
{
    player_budget budget;
    ab_search *s = malloc(sizeof *s); /* 19 KB: off the stack, as the analysis */
    if (!s)
        return PACKEIS_E_OUT_OF_MEMORY;
    packeis_status status = begin_search(state, game, limits, &budget, s);
    if (status == PACKEIS_OK)
        status = analyse_lines(s, moves, count, limits, lines, report);
    free(s);
    return status;
}

static void ab_forget(void *state)
{
    ab_player *ab = state;
    tt_clear(&ab->table);
}

static void ab_destroy(void *state)
{
    ab_player *ab = state;
    tt_free(&ab->table);
    packeis_game_free(ab->scratch);
    free(ab);
}

const player_kind player_alphabeta_kind = {
    .name = "alphabeta",
    .description = "iterative-deepening alpha-beta on the fish margin (paranoid for 3-4 "
                   "players), transposition table, exact endgame solver for 2 players",
    .options = ab_options,
    .option_count = sizeof ab_options / sizeof ab_options[0],
    .create = ab_create,
    .set_option = ab_set_option,
    .choose = ab_choose,
    .forget = ab_forget,
    .destroy = ab_destroy,
    .resumes = PACKEIS_PLAYER_RESUME_DEEPENS,
    .analyse = ab_analyse,
    .ranks = RANK_BY_VALUE,
};
