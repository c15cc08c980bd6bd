/* SPDX-License-Identifier: MIT */
/*
 * review_view.h: a game review (packeis_player_review_game()) as packeis-play
 * shows it: a row per action, written as soon as the action is reviewed
 * (number, player, move played, best move, the mover's value before and
 * after in reward, -1 ... 1, `=` where exact, the loss, the judgement as
 * chess marks it, ?! ? ??, and the fish lost where exact), then a summary
 * per player.
 */
#ifndef PACKEIS_PLAY_REVIEW_VIEW_H
#define PACKEIS_PLAY_REVIEW_VIEW_H

#include <stdio.h>

#include <packeis/players.h>

#include "scoreboard.h"
#include "style.h"

/* The heading of the rows. */
void review_view_heading(FILE *out, const packeis_game *game, const seat_labels *labels);

/* The row of a reviewed action of `game`'s history. */
void review_view_ply(FILE *out, const packeis_game *game, const seat_labels *labels,
                     const style *st, const packeis_player_review_ply *ply);

/* The summary of the rows reviewed, `count` of them: per player its moves
 * with a choice, forced ones, average loss, accuracy, ?! ? ?? and the fish
 * lost over its exact moves. */
void review_view_summary(FILE *out, const packeis_game *game, const seat_labels *labels,
                         const style *st, const packeis_player_review_ply *plies, size_t count);

/* "inaccuracy", "mistake", "blunder" (judgement 1 ... 3), else "". */
const char *review_view_judgement(int judgement);

#endif
