/* SPDX-License-Identifier: MIT */
/*
 * referee.h: plays one game of a tournament: opens its seats, asks each
 * for its moves, checks them, and ends the game at the first forfeit. The
 * forfeiting seat takes the last place alone; the others are placed among
 * themselves by the standings at that moment (fish, then floes).
 */
#ifndef PACKEIS_TOURNAMENT_REFEREE_H
#define PACKEIS_TOURNAMENT_REFEREE_H

#include "participant.h"
#include "schedule.h"
#include "table.h"

typedef struct played_game {
    game_result result;
    forfeit forfeit;          /* FORFEIT_NONE, or why result.forfeit_seat lost */
    char reason[REASON_SIZE]; /* what the forfeiting seat did */
    size_t plies;
    char *record; /* the game record (as packeis_game_save_record()), or NULL; free it */
    int failed;   /* the library failed (out of memory): the game is not counted */
    char failure[REASON_SIZE];
} played_game;

void referee_play(const planned_game *plan, const participant *participants,
                  const time_control *tc, played_game *out);

/*
 * Whether `played` (read back from a results file) is a game of `plan`:
 * its record replayed by the library (every move legal, its Result line
 * its standings) from the planned start (board, seats, variants), `plies`
 * actions long, over unless a seat forfeited (then that seat to act, or
 * no action yet), with the fish and places referee_play() gives it. 0, or
 * -1 with the reason in `why`.
 */
int referee_check(const planned_game *plan, const played_game *played, char *why,
                  size_t why_size);

#endif
