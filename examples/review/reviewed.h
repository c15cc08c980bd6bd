/* SPDX-License-Identifier: MIT */
/*
 * reviewed.h: one record's review as packeis-review keeps it until it
 * writes it (the terminal table, --json, --svg): its plies, its summary
 * per player, or why it could not be reviewed.
 */
#ifndef PACKEIS_EXAMPLES_REVIEW_REVIEWED_H
#define PACKEIS_EXAMPLES_REVIEW_REVIEWED_H

#include <stddef.h>

#include <packeis/players.h>

typedef struct reviewed_game {
    const char *source; /* the record's path as given, "-" for standard input */
    char error[600];    /* not empty: the record could not be reviewed, and why */
    packeis_game *game; /* the record's game (to write its moves), or NULL */
    int players;
    size_t total; /* the record's plies */
    size_t done;  /* plies reviewed: plies[0 ... done-1] */
    int complete; /* done == total: the review was not stopped */
    packeis_player_review_ply *plies;
    packeis_player_review_summary summary[PACKEIS_MAX_PLAYERS];
} reviewed_game;

/* A move as the records write it ("a1", "c4-e5"), into text[PACKEIS_MOVE_TEXT_SIZE]. */
const char *reviewed_move(const reviewed_game *g, packeis_move move, char *text);

/* "good", "inaccuracy", "mistake", "blunder" (judgement 0 ... 3). */
const char *reviewed_judgement(int judgement);

/* "", "?!", "?", "??" (judgement 0 ... 3). */
const char *reviewed_mark(int judgement);

#endif
