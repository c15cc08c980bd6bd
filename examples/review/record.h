/* SPDX-License-Identifier: MIT */
/*
 * record.h: a game record file (doc/formats.md, "Game records") read and
 * loaded for a review, and what is wrong with one said in a line a person
 * can act on: the file, its line and column, and for a move the rules
 * refuse the action's number and text as the record writes them.
 */
#ifndef PACKEIS_EXAMPLES_REVIEW_RECORD_H
#define PACKEIS_EXAMPLES_REVIEW_RECORD_H

#include <stddef.h>

#include <packeis/packeis.h>

/*
 * Loads the record in the file `path` ("-": standard input). 0 with
 * *game; -1 with the reason in `why`, which starts with the path: the
 * file cannot be read ("PATH: No such file or directory"), or the library
 * refused the record ("PATH:9:10: action 2 (a1) cannot be played: a
 * penguin is already on that floe (PACKEIS_E_OCCUPIED)").
 */
int record_open(const char *path, packeis_game **game, char *why, size_t why_size);

/* The same for a record already in memory, `path` naming it in `why`. */
int record_load(const char *path, const char *text, size_t length, packeis_game **game,
                char *why, size_t why_size);

#endif
