/* SPDX-License-Identifier: MIT */
/*
 * scoreboard.h: the text around the board in packeis-play: the scores and
 * whose turn it is, what each action did (from the library's account of
 * the ply: packeis_game_ply_credited(), _ply_players_out(), _ply_removed()),
 * and the final standings with the floe tie-break.
 */
#ifndef PACKEIS_PLAY_SCOREBOARD_H
#define PACKEIS_PLAY_SCOREBOARD_H

#include <stddef.h>
#include <stdio.h>

#include <packeis/packeis.h>

#include "style.h"

/* Who plays each seat, as shown: "you", "greedy", "mcts:2s" ... */
typedef struct seat_labels {
    const char *label[PACKEIS_MAX_PLAYERS];
} seat_labels;

/* One line per player: letter, label, fish, floes, "out" and the turn
 * marker; then the phase and the last action. */
void scores_draw(FILE *out, const packeis_game *game, const seat_labels *labels,
                 const style *st);

/* What ply `ply` (from 0) did, a line for the action and one for each
 * consequence: "12. B greedy slides c4-e5, +2 fish", players going out
 * with the floes under their penguins, floes out of play removed. */
void ply_notice(FILE *out, const packeis_game *game, size_t ply, const seat_labels *labels,
                const style *st);

/* The standings, best first: place, player, fish and floes, and who won,
 * saying when the floes broke a tie on fish. */
void standings_draw(FILE *out, const packeis_game *game, const seat_labels *labels,
                    const style *st);

#endif
