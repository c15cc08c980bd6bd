/* SPDX-License-Identifier: MIT */
/*
 * session.h: one sitting of packeis-play: the game, its seats, and the loop
 * that asks the person at the keyboard or the computer player to act,
 * reads commands, and tells what happened.
 */
#ifndef PACKEIS_PLAY_SESSION_H
#define PACKEIS_PLAY_SESSION_H

#include <stdio.h>

#include <packeis/packeis.h>

#include "options.h"
#include "participant.h"
#include "scoreboard.h"
#include "style.h"

typedef struct session {
    packeis_game *game;
    int players;
    seat_spec spec[PACKEIS_MAX_PLAYERS];
    seat seats[PACKEIS_MAX_PLAYERS];
    int open[PACKEIS_MAX_PLAYERS]; /* a computer seat's player or engine is running */
    seat_spec hint_spec;
    seat hint;
    int hint_open;
    uint64_t seed;       /* of the players */
    uint64_t board_seed; /* of the standard board's shuffle */
    seat_labels labels;
    const style *st;
    int terminal; /* standard output is a terminal: "thinking" notes are erased */
    int humans;
    int board_shown; /* the board on screen is the current one */
    int unsaved;     /* actions played or taken back since the last save or load */
    FILE *in, *out;
} session;

/* Starts the game the configuration asks for (a new one, or the record of
 * --load). Returns 0, or 1 after saying why to standard error. */
int session_start(session *s, const config *cfg, const style *st, int terminal, FILE *in,
                  FILE *out);

/* Plays until the game is over (computers only), `quit`, or the end of
 * input. Returns the exit status: 0, or 1 if the library failed. */
int session_run(session *s);

void session_end(session *s);

/* Says which board this is (the seed of a standard board, to play it
 * again). */
void session_tell_seed(const session *s);

/* A seed nobody has played yet, from the clock: short enough to read out
 * and type again. */
uint64_t session_seed_from_clock(void);

/* How many actions `undo` keeps: the last turn of a person before the end,
 * the number of actions before it. (size_t)-1 if no person has played
 * yet. `human` tells which seats are people. */
size_t undo_target(const packeis_game *game, const int human[PACKEIS_MAX_PLAYERS]);

#endif
