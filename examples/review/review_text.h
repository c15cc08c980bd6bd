/* SPDX-License-Identifier: MIT */
/*
 * review_text.h: a review for people, in the terminal: a table of the
 * plies (number as in the record, player, move played, best move, value
 * before -> after for the mover, loss, `=` where exact, the marks ?!, ?
 * and ?? of the judgements) and the summary per player.
 */
#ifndef PACKEIS_EXAMPLES_REVIEW_TEXT_H
#define PACKEIS_EXAMPLES_REVIEW_TEXT_H

#include <stdio.h>

#include "reviewed.h"

/* The table and summary of one reviewed game (or its error). */
void review_text_game(FILE *out, const reviewed_game *g);

#endif
