/* SPDX-License-Identifier: MIT */
/* Positions as text (position.c), shared with game records (record.c).
 * Loading is one path for both: the whole text is read (pk_position_read_text),
 * the layout checked (pk_floes_check), the game made by the one game
 * constructor (pk_game_make), then the position checked against the rules
 * of that game (pk_position_validate, lib/rules/position_validity.c) and
 * installed in it. */
#ifndef PK_POSITION_H
#define PK_POSITION_H

#include "internal.h"
#include "picture.h"
#include "text.h"

/* The play part of a position text: the position in rules terms, as
 * pk_position_validate() (lib/rules/position_validity.c) checks it, and
 * where each field is in the text, to turn the field at fault into the
 * offset of an error. */
typedef struct pk_position_text {
    pk_position_candidate position;
    size_t board_at; /* the board character of cell c is at board_at + c */
    size_t score_at[PACKEIS_MAX_PLAYERS];
    size_t out_at;                            /* the list of players out */
    size_t out_entry_at[PACKEIS_MAX_PLAYERS]; /* where player p is listed */
    size_t phase_at, turn_at;
} pk_position_text;

/* A whole position text once read: its setup, not yet checked. */
typedef struct pk_position_read {
    packeis_options options; /* all but the custom layout */
    int custom;              /* the layout is `floes` */
    pk_floes floes;
    size_t penguins_at; /* where the number of penguins is */
    pk_position_text play;
} pk_position_read;

/* Reads the syntax of a whole position, from reader->at to the end of the
 * text (a final newline accepted), into `read`, whose options the caller
 * has set to the defaults. Returns 0 with `at` on the first character at
 * fault. */
int pk_position_read_text(pk_reader *reader, pk_position_read *read);

/* Puts a game just made from the options the text was read with at the
 * position `play` describes, once it passes the rules; on error the game is
 * unchanged and *fault is the offset of the field at fault. */
packeis_status pk_position_install(packeis_game *game, const pk_position_text *play,
                                   size_t *fault);

/* Writes a position of `setup` as packeis_game_save_position() does; game
 * records use it for the position a game started from (record.c). */
void pk_position_write(pk_writer *writer, const pk_setup *setup, const pk_state *state);

/* Writes only the setup part, up to (not including) the first " | ": what
 * every position of `setup` starts with. */
void pk_position_write_setup(pk_writer *writer, const pk_setup *setup);

#endif /* PK_POSITION_H */
