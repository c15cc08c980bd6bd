/* SPDX-License-Identifier: MIT */
/*
 * reviewer.h: the reviewer of packeis-review and packeis-tournament
 * --review, made from the options a person gives: the estimator's seat
 * spec (PACKEIS_PLAYER_REVIEW_ESTIMATOR by default), a budget that
 * overrides the spec's, and the solver's positions (an alphabeta player;
 * 0: none). Both players get seed 1, so that a review under a node budget
 * is the same on every run.
 */
#ifndef PACKEIS_EXAMPLES_REVIEW_REVIEWER_H
#define PACKEIS_EXAMPLES_REVIEW_REVIEWER_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <packeis/players.h>

typedef struct review_setup {
    packeis_player_reviewer reviewer;
    /* The estimator as one seat spec, --budget folded in: what the JSON's
     * "reviewer" says, and what reproduces the review. */
    char estimator[512];
    uint64_t solver_nodes;
} review_setup;

/*
 * Makes the reviewer: `spec` a seat spec of a player that analyses (NULL:
 * the default), `budget` NULL or a time or node budget as the seat
 * notation writes them ("200ms", "1s", "5000"), which replaces the spec's
 * own, `solver_nodes` the solver's budget (0: no solver), `stop` the flag
 * that stops a review (may be NULL). 0, or -1 with a one-line reason in
 * `why` (the players are then freed).
 */
int review_setup_make(review_setup *out, const char *spec, const char *budget,
                      uint64_t solver_nodes, const atomic_int *stop, char *why,
                      size_t why_size);

/* Frees the players (a zeroed setup too). */
void review_setup_free(review_setup *setup);

/* A new game to review: the players forget what they kept (mcts's tree,
 * alphabeta's table), so a game's review does not depend on the games
 * reviewed before it. */
void review_setup_new_game(review_setup *setup);

#endif
