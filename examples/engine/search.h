/* SPDX-License-Identifier: MIT */
/*
 * search.h: the search of packeis-engine on a thread of its own, so that the
 * engine keeps reading commands (stop, isready) while a player thinks, and
 * the engine's output, one locked and flushed line at a time.
 */
#ifndef PACKEIS_ENGINE_SEARCH_H
#define PACKEIS_ENGINE_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>

#include <packeis/players.h>

/* Writes one line (a newline is added) to standard output and flushes it;
 * lines of the search thread and of the command loop never mix. */
void emit(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

typedef struct search {
    pthread_t thread;
    int started;  /* a thread was started and not yet joined */
    int infinite; /* bestmove waits for stop */
    atomic_int stop;
    atomic_int silent; /* quit: no bestmove */
    atomic_int done;   /* the thread has its move (set before bestmove is written) */
    packeis_player *player;
    packeis_game *game; /* a copy of the position searched, owned */
    packeis_player_limits limits;
    const char *score_kind; /* "fish" or "win" */
    /* go multipv K: K > 0 analyses (packeis_player_analyse()) into lines[],
     * line_count of them; 0 chooses one move (packeis_player_choose()). */
    size_t multipv;
    packeis_player_line *lines;
    size_t line_count;
    double started_at;
    uint64_t reported_nodes; /* of the last info line (search thread only) */
    packeis_move move;
    packeis_status status;
} search;

/* Whether a search is running (started and its move not yet found). */
int search_busy(search *s);

/* Starts searching a copy of `game` with `p` under `limits`; with
 * `multipv` above 0 the player analyses the best `multipv` moves (at most
 * the legal ones), each written as an `info multipv N` line when the search
 * ends, and must analyse (packeis_player_analyses()). Returns PACKEIS_OK
 * or the error of copying the game or of memory (nothing started). */
packeis_status search_start(search *s, packeis_player *p, const packeis_game *game,
                            const packeis_player_limits *limits, int infinite, size_t multipv);

/* Ends a running search at once and waits for its thread; with `quiet` no
 * bestmove is written. Nothing happens when no thread was started. */
void search_finish(search *s, int quiet);

#endif
