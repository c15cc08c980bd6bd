/* SPDX-License-Identifier: MIT */
/* review_loss.c: the games of a tournament reviewed (review_loss.h). */
#include "review_loss.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record.h"
#include "reviewer.h"
#include "status_name.h"

#define MAX_THREADS 256

typedef struct review_run {
    const review_options *options;
    const played_game *games;
    size_t count;
    packeis_player_review_summary (*summaries)[PACKEIS_MAX_PLAYERS]; /* per game */
    unsigned char *reviewed; /* per game: its summaries are set */
    pthread_mutex_t lock;
    size_t next, done, total;
    int failed, tty;
} review_run;

int review_check(const review_options *options, char *why, size_t why_size)
{
    review_setup setup;
    if (review_setup_make(&setup, options->spec, NULL, options->solver_nodes, NULL, why,
                          why_size) != 0)
        return -1;
    review_setup_free(&setup);
    return 0;
}

/* Game g's review into out[seats]; -1 with the reason in `why`. */
static int review_one(review_setup *setup, const played_game *played, size_t g,
                      packeis_player_review_summary *out, char *why, size_t why_size)
{
    char label[48];
    snprintf(label, sizeof label, "game %zu's record", g + 1);
    packeis_game *game;
    if (record_load(label, played->record, strlen(played->record), &game, why, why_size) != 0)
        return -1;
    size_t total = packeis_game_ply_count(game), done = 0;
    packeis_player_review_ply *plies = calloc(total ? total : 1, sizeof *plies);
    packeis_status status = plies ? PACKEIS_OK : PACKEIS_E_OUT_OF_MEMORY;
    review_setup_new_game(setup);
    if (status == PACKEIS_OK)
        status = packeis_player_review_game(&setup->reviewer, game, 0, total, plies, &done,
                                            NULL, NULL);
    if (status == PACKEIS_OK)
        packeis_player_review_summarize(plies, done, packeis_game_player_count(game), out);
    else
        snprintf(why, why_size, "game %zu: the review failed at action %zu: %s (%s)", g + 1,
                 done + 1, packeis_strerror(status), status_name(status));
    free(plies);
    packeis_game_free(game);
    return status == PACKEIS_OK ? 0 : -1;
}

static void progress(review_run *run)
{
    if (run->options->quiet)
        return;
    size_t done = run->done, total = run->total;
    if (run->tty)
        fprintf(stderr, "\rreviewing the games: %zu/%zu  %s", done, total,
                done == total ? "\n" : "");
    else if (done == total || 10 * done / total != 10 * (done - 1) / total)
        fprintf(stderr, "packeis-tournament: %zu/%zu games reviewed\n", done, total);
}

static void *worker(void *context)
{
    review_run *run = context;
    review_setup setup;
    char why[600];
    int made = review_setup_make(&setup, run->options->spec, NULL, run->options->solver_nodes,
                                 NULL, why, sizeof why);
    for (;;) {
        pthread_mutex_lock(&run->lock);
        size_t g = run->next;
        while (g < run->count && (run->games[g].failed || !run->games[g].record))
            g++;
        run->next = g + 1;
        pthread_mutex_unlock(&run->lock);
        if (g >= run->count)
            break;
        int status = made == 0 ? review_one(&setup, &run->games[g], g, run->summaries[g], why,
                                            sizeof why)
                               : -1;
        pthread_mutex_lock(&run->lock);
        run->reviewed[g] = status == 0;
        if (status != 0 && !run->failed++)
            fprintf(stderr, "%spackeis-tournament: --review: %s\n", run->tty ? "\n" : "", why);
        run->done++;
        progress(run);
        pthread_mutex_unlock(&run->lock);
    }
    if (made == 0)
        review_setup_free(&setup);
    return NULL;
}

/* Adds the games up per participant, in the order of the games. */
static void add_up(const review_run *run, int participants, review_figures *out)
{
    memset(out, 0, (size_t)participants * sizeof *out);
    for (size_t g = 0; g < run->count; g++) {
        if (!run->reviewed[g])
            continue;
        const game_result *r = &run->games[g].result;
        for (int s = 0; s < r->seats; s++) {
            const packeis_player_review_summary *summary = &run->summaries[g][s];
            int who = r->participant[s];
            out[who].games++;
            out[who].moves += summary->moves;
            out[who].blunders += summary->blunders;
            /* sums until the end */
            out[who].average_loss += summary->average_loss * (double)summary->moves;
            out[who].accuracy += summary->accuracy * (double)summary->moves;
        }
    }
    for (int p = 0; p < participants; p++) {
        if (out[p].moves) {
            out[p].average_loss /= (double)out[p].moves;
            out[p].accuracy /= (double)out[p].moves;
        }
        if (out[p].games)
            out[p].blunders_per_game = (double)out[p].blunders / (double)out[p].games;
    }
}

int review_games(const review_options *options, const played_game *games, size_t count,
                 int participants, review_figures *out)
{
    review_run run = {
        .options = options, .games = games, .count = count, .tty = isatty(STDERR_FILENO)};
    run.summaries = calloc(count ? count : 1, sizeof *run.summaries);
    run.reviewed = calloc(count ? count : 1, 1);
    if (!run.summaries || !run.reviewed) {
        free(run.summaries);
        free(run.reviewed);
        fprintf(stderr, "packeis-tournament: --review: out of memory\n");
        return -1;
    }
    for (size_t g = 0; g < count; g++)
        run.total += !games[g].failed && games[g].record;
    pthread_mutex_init(&run.lock, NULL);
    pthread_t threads[MAX_THREADS];
    int started = 0, jobs = options->jobs < 1 ? 1 : options->jobs;
    for (; started < jobs && started < MAX_THREADS; started++)
        if (pthread_create(&threads[started], NULL, worker, &run) != 0)
            break;
    if (started == 0)
        worker(&run);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&run.lock);
    add_up(&run, participants, out);
    free(run.summaries);
    free(run.reviewed);
    return run.failed ? -1 : 0;
}
