/* SPDX-License-Identifier: MIT */
/* session_review.c: the `review` command of packeis-play (session_review.h). */
#define _POSIX_C_SOURCE 200809L /* sigaction */

#include "session_review.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "review_view.h"
#include "reviewer.h"
#include "status_name.h"

/* ---- Ctrl-C ------------------------------------------------------------ */

/* The reviewer's stop flag, set by the first Ctrl-C of a review. */
static atomic_int stop_review;
/* What SIGINT did before the review (process_end_all_on_signal()'s
 * handler: end the engines, then die), given back after it. */
static struct sigaction before_review;

/* The first Ctrl-C stops the review; a second one does what Ctrl-C does
 * at any other time (only async-signal-safe calls here). */
static void on_interrupt(int signal_number)
{
    if (atomic_exchange(&stop_review, 1)) {
        sigaction(signal_number, &before_review, NULL);
        raise(signal_number);
    }
}

/* Catches SIGINT for the review: 1, or 0 when it was ignored (a
 * background job's) and stays so. */
static int catch_interrupt(void)
{
    atomic_store(&stop_review, 0);
    if (sigaction(SIGINT, NULL, &before_review) != 0 || before_review.sa_handler == SIG_IGN)
        return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGINT, &action, NULL) == 0;
}

static void release_interrupt(int caught)
{
    if (caught)
        sigaction(SIGINT, &before_review, NULL);
}

/* ---- progress ---------------------------------------------------------- */

typedef struct progress {
    session *s;
    size_t total;
} progress;

/* On a terminal, which action is being reviewed, erased by its row. */
static void show_note(const progress *p, size_t done)
{
    if (!p->s->terminal || done >= p->total)
        return;
    fprintf(p->s->out, "reviewing action %zu of %zu... (Ctrl-C stops)", done + 1, p->total);
    fflush(p->s->out);
}

static void erase_note(const progress *p)
{
    if (p->s->terminal)
        fputs("\r\033[K", p->s->out);
}

static void on_ply(void *context, const packeis_player_review_ply *ply, size_t done,
                   size_t total)
{
    progress *p = context;
    (void)total;
    erase_note(p);
    review_view_ply(p->s->out, p->s->game, &p->s->labels, p->s->st, ply);
    fflush(p->s->out); /* into a pipe too: the rows are the progress */
    show_note(p, done);
}

/* ---- the review -------------------------------------------------------- */

static void say(session *s, const char *what, const char *why)
{
    fprintf(s->out, "%s%s%s%s\n", s->st->error, what, why, s->st->reset);
}

/* Before the rows: what is reviewed, by whom, and what the figures mean. */
static void tell_start(session *s, const review_setup *setup, size_t total)
{
    fprintf(s->out, "Review of %zu action%s by %s", total, total == 1 ? "" : "s",
            setup->estimator);
    if (s->players == 2) /* the solver is for two players only */
        fprintf(s->out, "; = where exact (the endgame solved within %d positions)",
                PACKEIS_PLAYER_REVIEW_SOLVER_NODES);
    fputs(". Values: the mover's expected result, -1 lost to +1 won; loss: what the move "
          "played gave away.\n",
          s->out);
}

/* After the rows: why the review ended early, if it did. */
static void tell_end(session *s, const review_setup *setup, packeis_status status, size_t done,
                     size_t total)
{
    if (status == PACKEIS_E_STOPPED) {
        fprintf(s->out, "Stopped (Ctrl-C): %zu of %zu action%s reviewed.\n", done, total,
                total == 1 ? "" : "s");
    } else if (status != PACKEIS_OK) {
        const char *why = packeis_player_error(setup->reviewer.estimator);
        fprintf(s->out, "%sThe review failed at action %zu: %s (%s)%s%s%s\n", s->st->error,
                done + 1, packeis_strerror(status), status_name(status), why ? ": " : "",
                why ? why : "", s->st->reset);
    }
}

void session_review(session *s, const char *spec)
{
    size_t total = packeis_game_ply_count(s->game);
    if (total == 0) {
        say(s, "Nothing to review: no action has been played yet.", "");
        return;
    }
    review_setup setup;
    char why[600];
    if (review_setup_make(&setup, spec[0] ? spec : NULL, NULL,
                          PACKEIS_PLAYER_REVIEW_SOLVER_NODES, &stop_review, why,
                          sizeof why) != 0) {
        say(s, "review: ", why);
        return;
    }
    packeis_player_review_ply *plies = calloc(total, sizeof *plies);
    if (!plies) {
        say(s, "review: out of memory", "");
        review_setup_free(&setup);
        return;
    }
    tell_start(s, &setup, total);
    review_view_heading(s->out, s->game, &s->labels);
    progress p = {s, total};
    int caught = catch_interrupt();
    show_note(&p, 0);
    size_t done = 0;
    packeis_status status = packeis_player_review_game(&setup.reviewer, s->game, 0, total,
                                                       plies, &done, on_ply, &p);
    release_interrupt(caught);
    erase_note(&p);
    tell_end(s, &setup, status, done, total);
    if (done > 0) {
        fputc('\n', s->out);
        review_view_summary(s->out, s->game, &s->labels, s->st, plies, done);
    }
    free(plies);
    review_setup_free(&setup);
}
