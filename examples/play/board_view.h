/* SPDX-License-Identifier: MIT */
/*
 * board_view.h: the board as text, for a terminal. Each floe is three
 * characters, on a grid whose rows are offset by half a floe as on the
 * table:
 *
 *    2   free, with two fish        [A]  a penguin of player A
 *   <A>  the penguin that moved last     *   the floe it left (now gone)
 *    .   a floe that has left the board
 *
 * Rows are labelled with their letters on both sides and columns with their
 * numbers above and below, exactly as the move notation names them
 * (packeis_game_cell_name()): a column number stands between the two
 * offset floes of its column, one character from each.
 */
#ifndef PACKEIS_PLAY_BOARD_VIEW_H
#define PACKEIS_PLAY_BOARD_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include <packeis/packeis.h>

#include "style.h"

/* Draws the board of `game`. Floes in `marked` (a set of cells) are drawn
 * with `+` around their fish (" +2+" reads as "here"), to show where a
 * penguin can go. Returns PACKEIS_OK or the library's error. */
packeis_status board_draw(FILE *out, const packeis_game *game, const style *st,
                          uint64_t marked);

#endif
