/* SPDX-License-Identifier: MIT */
/*
 * report.h: what a tournament writes: the table (text, CSV, JSON), the
 * forfeits, and the index of the game records.
 */
#ifndef PACKEIS_TOURNAMENT_REPORT_H
#define PACKEIS_TOURNAMENT_REPORT_H

#include <stdio.h>

#include "participant.h"
#include "referee.h"
#include "review_loss.h"
#include "schedule.h"
#include "table.h"

typedef struct report {
    const participant *participants;
    const standing *rows;
    int count;  /* participants */
    int anchor; /* rated 0 */
    int seats;
    const planned_game *plans;
    const played_game *games;
    size_t game_count;
    /* --review: each participant's figures (NULL without it), and the
     * reviewer: the estimator's spec and the solver's positions. */
    const review_figures *review;
    const char *reviewer;
    uint64_t solver_nodes;
} report;

/* The table for people, best first, then the forfeits. With a review,
 * the columns loss, accuracy and blunders a game after rank. */
void report_table(FILE *out, const report *r);

/* The table as CSV, one row per participant, best first; with a review
 * the columns average_loss, accuracy, blunders_per_game, reviewed_moves
 * last. */
void report_csv(FILE *out, const report *r);

/* The table and every game as JSON; with a review, "reviewer" and each
 * row's average_loss, accuracy, blunders_per_game and reviewed_moves. */
void report_json(FILE *out, const report *r);

/* One line per game: its number, record file, board, seats and results. */
void report_index(FILE *out, const report *r);

#endif
