/* SPDX-License-Identifier: MIT */
/*
 * session_review.h: packeis-play's `review [SPEC]`: what each action of the
 * game so far cost its player (packeis_player_review_game()), with the
 * review every surface offers by default (examples/review/reviewer.h: the
 * estimator PACKEIS_PLAYER_REVIEW_ESTIMATOR, or SPEC, and the endgame
 * solver's PACKEIS_PLAYER_REVIEW_SOLVER_NODES positions). A row is written
 * as each action is reviewed, a note on a terminal says which one is under
 * way, and Ctrl-C stops the review after it, keeping what was reviewed (a
 * second Ctrl-C ends the program as it does at any other time).
 */
#ifndef PACKEIS_PLAY_SESSION_REVIEW_H
#define PACKEIS_PLAY_SESSION_REVIEW_H

#include "session.h"

/* Reviews the game of `s`, every action of its history, with the
 * estimator `spec` ("" for the default), and writes the rows and the
 * summary to s->out (a refused spec or a failed review as one line). */
void session_review(session *s, const char *spec);

#endif
