/* SPDX-License-Identifier: MIT */
/* The floes of a custom layout as read from text (positions, pictures),
 * and layout pictures (picture.c), shared with game records (record.c). */
#ifndef PK_PICTURE_H
#define PK_PICTURE_H

#include "internal.h"
#include "text.h"

/* Floes read from a text, in reading order (never one before the one
 * preceding it), with where each is written. One more than a layout holds,
 * so that the floe too many can be reported. */
typedef struct pk_floes {
    int x[PACKEIS_MAX_CELLS + 1], y[PACKEIS_MAX_CELLS + 1], fish[PACKEIS_MAX_CELLS + 1];
    size_t at[PACKEIS_MAX_CELLS + 1];
    size_t count;
} pk_floes;

/* Adds a floe, or returns 0 if there is already one too many. */
int pk_floes_add(pk_floes *floes, int x, int y, int fish, size_t at);

/* Checks the floes as a layout, with the core's validator: on a fault,
 * returns its status with *at where the first floe at fault is written
 * (the first whose addition makes the floes fail). */
packeis_status pk_floes_check(const pk_floes *floes, size_t *at);

/* Sets floes that passed pk_floes_check() as the custom layout. */
void pk_floes_set_layout(const pk_floes *floes, packeis_options *options);

/* Draws the cells of `drawn` in the frame of the whole layout. */
void pk_picture_write(pk_writer *writer, const pk_layout *layout, const uint8_t *fish,
                      uint64_t drawn);

/* Reads a picture from reader->at to the end of the text or, if
 * `bracket_ends`, to a line starting with '['. The floe at column c of line
 * l (comment lines not counted) is at (origin_x + c, origin_y + l). Faults
 * are reported in reading order: the first floe at fault (pk_floes_check)
 * or, if none comes before it, the first character that is no part of a
 * picture. On error reader->at is the offending character; on success the
 * end of the picture. */
packeis_status pk_picture_read(pk_reader *reader, int origin_x, int origin_y, int bracket_ends,
                               pk_floes *floes);

#endif /* PK_PICTURE_H */
