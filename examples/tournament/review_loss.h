/* SPDX-License-Identifier: MIT */
/*
 * review_loss.h: packeis-tournament --review: every game of the table
 * reviewed after it is played (packeis_player_review_game(), the reviewer
 * of examples/review/reviewer.h), each move's loss added up per
 * participant: how well each played, move by move, beside how often it won.
 */
#ifndef PACKEIS_TOURNAMENT_REVIEW_LOSS_H
#define PACKEIS_TOURNAMENT_REVIEW_LOSS_H

#include <stddef.h>
#include <stdint.h>

#include "referee.h"

/* One participant's figures over all its moves in all the games reviewed. */
typedef struct review_figures {
    size_t games;        /* games reviewed that it played */
    size_t moves;        /* its moves valued (not forced) */
    double average_loss; /* mean loss a move, 0 ... 2 */
    double accuracy;     /* mean accuracy a move, 0 ... 100 */
    size_t blunders;
    double blunders_per_game;
} review_figures;

/* How to review, and where to say how far it got. */
typedef struct review_options {
    const char *spec; /* the estimator (NULL: PACKEIS_PLAYER_REVIEW_ESTIMATOR) */
    uint64_t solver_nodes;
    int jobs;  /* games reviewed at once, each by a reviewer of its own */
    int quiet; /* no progress on standard error */
} review_options;

/* Checks the reviewer's spec before any game is played: 0, or -1 with the
 * reason in `why`. */
int review_check(const review_options *options, char *why, size_t why_size);

/*
 * Reviews every game counted (not failed, with its record) and fills
 * out[0 ... participants-1]. Each game's review does not depend on the
 * others nor on `jobs`. Returns 0; -1 when a game could not be reviewed
 * (said on standard error; the figures are those of the others).
 */
int review_games(const review_options *options, const played_game *games, size_t count,
                 int participants, review_figures *out);

#endif
