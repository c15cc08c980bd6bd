/* SPDX-License-Identifier: MIT */
/*
 * seats_file.h: who sat where in a saved game. A game record
 * (doc/formats.md) has no room for it, and the library reads nothing but
 * the record, so packeis-play keeps the seats beside the record FILE, in
 * FILE.seats, a line a seat in the seat notation (examples/README.md):
 *
 *   # packeis-play seats of game.txt
 *   A human
 *   B mcts:2s
 *
 * `replay FILE` and packeis_game_load_record() read the record as ever;
 * `packeis-play --load FILE` seats the players of FILE.seats again.
 */
#ifndef PACKEIS_PLAY_SEATS_FILE_H
#define PACKEIS_PLAY_SEATS_FILE_H

#include <stddef.h>

#include <packeis/packeis.h>

#include "seat_spec.h"

/* Longest seat text kept (an engine's command included). */
#define SEATS_FILE_TEXT_MAX 1000

/* The name of the seats file of the record `record_path`, for free();
 * NULL when out of memory. */
char *seats_file_name(const char *record_path);

/* Writes the seats file of the record `record_path`. 0, or -1 with the
 * reason in `why`. */
int seats_file_save(const char *record_path, const seat_spec *seats, int players, char *why,
                    size_t why_size);

/* Reads the seats file of the record `record_path`, which must hold
 * `players` seats: 1 with each seat's text in `texts` (for free()); 0 if
 * there is no such file; -1 with the reason in `why`. */
int seats_file_read(const char *record_path, int players, char *texts[PACKEIS_MAX_PLAYERS],
                    char *why, size_t why_size);

#endif
