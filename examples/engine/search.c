/* SPDX-License-Identifier: MIT */
/* search.c: the search thread of packeis-engine and its output (search.h). */
#define _POSIX_C_SOURCE 200809L /* getline, clock_gettime, pthreads */

#include "search.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t output_lock = PTHREAD_MUTEX_INITIALIZER;

void emit(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    pthread_mutex_lock(&output_lock);
    vprintf(format, args);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&output_lock);
    va_end(args);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Appends to a line buffer, never past its end. */
static void append(char *line, size_t size, size_t *used, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void append(char *line, size_t size, size_t *used, const char *format, ...)
{
    if (*used >= size)
        return;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(line + *used, size - *used, format, args);
    va_end(args);
    if (n > 0)
        *used += (size_t)n < size - *used ? (size_t)n : size - *used;
}

/* Appends ` pv MOVE ...` (nothing for an empty line). */
static void append_pv(const search *s, char *line, size_t size, size_t *used,
                      const packeis_move *pv, size_t pv_length)
{
    if (pv_length > 0)
        append(line, size, used, " pv");
    for (size_t i = 0; i < pv_length && i < PACKEIS_PLAYER_PV_MAX; i++) {
        /* A move's name depends on the layout only, so the position
         * searched names every move of the line. */
        char text[PACKEIS_MOVE_TEXT_SIZE];
        size_t length;
        if (packeis_game_format_move(s->game, pv[i], text, sizeof text, &length) != PACKEIS_OK)
            break;
        append(line, size, used, " %s", text);
    }
}

/* One `info` line from a report (doc/protocol.md, "Replies"). */
static void report_info(void *context, const packeis_player_report *report)
{
    search *s = context;
    if (atomic_load(&s->silent))
        return;
    s->reported_nodes = report->nodes;
    char line[PACKEIS_PLAYER_PV_MAX * PACKEIS_MOVE_TEXT_SIZE + 256];
    size_t used = 0;
    double seconds = now() - s->started_at;
    append(line, sizeof line, &used, "info");
    if (report->depth > 0)
        append(line, sizeof line, &used, " depth %d", report->depth);
    append(line, sizeof line, &used, " nodes %" PRIu64 " nps %.0f time %.0f", report->nodes,
           seconds > 0 ? (double)report->nodes / seconds : 0.0, seconds * 1000.0);
    if (report->has_score)
        append(line, sizeof line, &used, " score %s %.*f%s", s->score_kind,
               strcmp(s->score_kind, "fish") == 0 ? 1 : 3, report->score,
               report->exact ? " exact" : "");
    append_pv(s, line, sizeof line, &used, report->pv, report->pv_length);
    emit("%s", line);
}

/* One `info multipv N` line (doc/protocol.md, "Replies"): the search's
 * depth, the work below the move, the time since go, the move's value in
 * reward (-1 ... 1), its fish margin where the player has one, its line.
 * A move the search did not reach (nodes 0) has no score. */
static void report_line(search *s, size_t number, const packeis_player_line *l, int depth)
{
    char line[PACKEIS_PLAYER_PV_MAX * PACKEIS_MOVE_TEXT_SIZE + 256];
    size_t used = 0;
    append(line, sizeof line, &used, "info multipv %zu", number);
    if (depth > 0)
        append(line, sizeof line, &used, " depth %d", depth);
    append(line, sizeof line, &used, " nodes %" PRIu64 " time %.0f", l->nodes,
           (now() - s->started_at) * 1000.0);
    if (l->nodes > 0) {
        const char *exact = l->exact ? " exact" : "";
        append(line, sizeof line, &used, " score value %.3f%s", l->value, exact);
        if (l->has_margin)
            append(line, sizeof line, &used, " score fish %.1f%s", l->margin, exact);
    }
    append_pv(s, line, sizeof line, &used, l->pv, l->pv_length);
    emit("%s", line);
}

static void write_bestmove(const search *s)
{
    char text[PACKEIS_MOVE_TEXT_SIZE];
    size_t length;
    if (s->status != PACKEIS_OK ||
        packeis_game_format_move(s->game, s->move, text, sizeof text, &length) != PACKEIS_OK) {
        const char *why = packeis_player_error(s->player); /* az: no weights, say */
        emit("error go: the player failed: %s (%s)%s%s", packeis_strerror(s->status),
             packeis_status_name(s->status) ? packeis_status_name(s->status) : "?",
             why ? ": " : "", why ? why : "");
        return;
    }
    emit("bestmove %s", text);
}

static void *run(void *context)
{
    search *s = context;
    packeis_player_report report;
    if (s->multipv > 0) {
        s->status = packeis_player_analyse(s->player, s->game, &s->limits, s->multipv, s->lines,
                                           &s->line_count, &report);
        s->move = s->status == PACKEIS_OK ? s->lines[0].move : PACKEIS_MOVE_NONE;
    } else {
        s->status = packeis_player_choose(s->player, s->game, &s->limits, &s->move, &report);
    }
    /* The final report, unless the player's last on_report was it. */
    if (s->status == PACKEIS_OK && report.nodes > 0 && report.nodes != s->reported_nodes)
        report_info(s, &report);
    /* The lines, best first, when the search has ended (also by stop). */
    for (size_t i = 0; s->status == PACKEIS_OK && i < s->line_count; i++)
        if (!atomic_load(&s->silent))
            report_line(s, i + 1, &s->lines[i], report.depth);
    /* done before the bestmove: a client that has read it may send the next
     * command at once, and must not find the engine busy. */
    atomic_store(&s->done, 1);
    if (!s->infinite && !atomic_load(&s->silent))
        write_bestmove(s);
    return NULL;
}

int search_busy(search *s) { return s->started && (s->infinite || !atomic_load(&s->done)); }

/* Room for the lines of `go multipv K` in *lines: min(K, legal moves) of
 * them, *k set to that (K may be any 64-bit number, as UCI's engines take
 * it); none for K = 0. */
static packeis_status new_lines(const packeis_game *game, size_t *k,
                                packeis_player_line **lines)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t legal = 0;
    *lines = NULL;
    if (*k == 0)
        return PACKEIS_OK;
    packeis_status status = packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &legal);
    if (status != PACKEIS_OK)
        return status;
    if (*k > legal)
        *k = legal;
    if (*k > 0 && !(*lines = calloc(*k, sizeof **lines)))
        return PACKEIS_E_OUT_OF_MEMORY;
    return PACKEIS_OK;
}

packeis_status search_start(search *s, packeis_player *p, const packeis_game *game,
                            const packeis_player_limits *limits, int infinite, size_t multipv)
{
    search_finish(s, 1);
    packeis_game *copy;
    packeis_player_line *lines;
    packeis_status status = new_lines(game, &multipv, &lines);
    if (status == PACKEIS_OK)
        status = packeis_game_clone(game, &copy);
    if (status != PACKEIS_OK) {
        free(lines);
        return status;
    }
    s->game = copy;
    s->lines = lines;
    s->multipv = multipv;
    s->line_count = 0;
    s->player = p;
    s->infinite = infinite;
    s->limits = *limits;
    s->limits.stop = &s->stop;
    s->limits.on_report = report_info;
    s->limits.context = s;
    s->score_kind = strcmp(packeis_player_name(p), "alphabeta") == 0 ? "fish" : "win";
    s->started_at = now();
    atomic_store(&s->stop, 0);
    atomic_store(&s->silent, 0);
    atomic_store(&s->done, 0);
    s->reported_nodes = 0;
    if (pthread_create(&s->thread, NULL, run, s) != 0) {
        packeis_game_free(copy);
        free(lines);
        s->game = NULL;
        s->lines = NULL;
        return PACKEIS_E_OUT_OF_MEMORY;
    }
    s->started = 1;
    return PACKEIS_OK;
}

void search_finish(search *s, int quiet)
{
    if (!s->started)
        return;
    if (quiet)
        atomic_store(&s->silent, 1);
    atomic_store(&s->stop, 1);
    pthread_join(s->thread, NULL);
    if (s->infinite && !quiet)
        write_bestmove(s);
    packeis_game_free(s->game);
    free(s->lines);
    s->game = NULL;
    s->lines = NULL;
    s->started = 0;
}
