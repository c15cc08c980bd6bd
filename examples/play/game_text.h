/* SPDX-License-Identifier: MIT */
/* game_text.h: small helpers on the library's notation for the views of
 * packeis-play. */
#ifndef PACKEIS_PLAY_GAME_TEXT_H
#define PACKEIS_PLAY_GAME_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

/* A move in the notation ("c4", "c4-e5"), or "?" if it names no cell. */
const char *move_text(const packeis_game *game, packeis_move move,
                      char buffer[PACKEIS_MOVE_TEXT_SIZE]);

/* The names of a set of cells joined by spaces ("a1 b3"), cut with "..."
 * if they do not fit in `size`. */
void cells_text(const packeis_game *game, uint64_t cells, char *buffer, size_t size);

/* The fish on a set of cells. */
int cells_fish(const packeis_game *game, uint64_t cells);

/* The number of cells in a set. */
int cells_count(uint64_t cells);

/* The action of ply `ply` (from 0), or PACKEIS_MOVE_NONE. */
packeis_move ply_move(const packeis_game *game, size_t ply);

#endif
