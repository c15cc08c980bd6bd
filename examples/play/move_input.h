/* SPDX-License-Identifier: MIT */
/*
 * move_input.h: a move as a person types it. The library's notation
 * (packeis_game_parse_move(): `c4`, `c4-e5`), in either case, and two
 * forgiving forms: the two cells of a slide apart (`c4 e5`, `c4 - e5`), and
 * during movement the destination alone when only one penguin of the player
 * to act can reach it.
 */
#ifndef PACKEIS_PLAY_MOVE_INPUT_H
#define PACKEIS_PLAY_MOVE_INPUT_H

#include <stddef.h>

#include <packeis/packeis.h>

/* Longest text read as a move; longer text is not a move. */
#define MOVE_INPUT_MAX 64

/* Reads `text` as a move for the player to act. Returns PACKEIS_OK with a
 * legal move in *move; otherwise a sentence saying why in `why` and
 * PACKEIS_E_MALFORMED_TEXT (not a move), or the status of
 * packeis_game_check_move() for a move the rules refuse (its words are in
 * the sentence: packeis_strerror()). A lone cell during movement that no
 * penguin can reach is PACKEIS_E_WRONG_PHASE, one that several can reach
 * PACKEIS_E_MALFORMED_TEXT (the sentence lists them). */
packeis_status move_read(const packeis_game *game, const char *text, packeis_move *move,
                         char *why, size_t why_size);

#endif
