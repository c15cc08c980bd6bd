/* SPDX-License-Identifier: MIT */
/* Layout pictures (picture.c), shared with game records (record.c). */
#ifndef PK_PICTURE_H
#define PK_PICTURE_H

#include "internal.h"
#include "text.h"

/* Floes read from a picture, in reading order of the text. */
typedef struct pk_floes {
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    size_t count;
} pk_floes;

/* Draws the cells of `drawn` in the frame of the whole layout. */
void pk_picture_write(pk_writer *writer, const pk_layout *layout, const uint8_t *fish,
                      uint64_t drawn);

/* Reads a picture from reader->at to the end of the text or, if
 * `bracket_ends`, to a line starting with '['. The floe at column c of line
 * l (comment lines not counted) is at (origin_x + c, origin_y + l). On error
 * reader->at is the offending character; on success the end of the
 * picture. Duplicates cannot occur; the caller sets the layout. */
packeis_status pk_picture_read(pk_reader *reader, int origin_x, int origin_y, int bracket_ends,
                               pk_floes *floes);

#endif /* PK_PICTURE_H */
