/* SPDX-License-Identifier: MIT */
/* A position text once read (position.c), before it is checked against the
 * rules and turned into a game (position_check.c). Offsets point into the
 * text, for reporting the field at fault. */
#ifndef PK_POSITION_H
#define PK_POSITION_H

#include "internal.h"
#include "text.h"

typedef struct pk_position_text {
    const char *text;
    packeis_options options;
    size_t layout_at;   /* the layout field ("std:" or "custom:") */
    size_t penguins_at; /* the number of penguins */
    size_t board_at;    /* board character of cell c: text[board_at + c] */
    size_t score_at[PACKEIS_MAX_PLAYERS];
    size_t out_at;                            /* the list of players out */
    size_t out_entry_at[PACKEIS_MAX_PLAYERS]; /* where player p is listed */
    size_t phase_at, turn_at;
    uint16_t fish[PACKEIS_MAX_PLAYERS];
    uint8_t floes[PACKEIS_MAX_PLAYERS];
    unsigned out; /* bit set of players out */
    int phase;    /* a packeis_phase */
    int turn;     /* the player to act, -1 once over */
} pk_position_text;

/* Turns a position read in full into a state of `setup`, checking it against
 * the rules; on PACKEIS_E_INVALID_POSITION *fault is the offset of the field
 * at fault. */
packeis_status pk_position_state(const pk_setup *setup, const pk_position_text *read,
                                 pk_state *state, size_t *fault);

/* Writes a position of `setup` as packeis_game_save_position() does; game
 * records use it for the position a game started from (record.c). */
void pk_position_write(pk_writer *writer, const pk_setup *setup, const pk_state *state);

/* Writes only the setup part, up to (not including) the first " | ": what
 * every position of `setup` starts with. */
void pk_position_write_setup(pk_writer *writer, const pk_setup *setup);

#endif /* PK_POSITION_H */
