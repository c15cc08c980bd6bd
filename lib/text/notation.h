/* SPDX-License-Identifier: MIT */
/* Moves as text (notation.c), shared with game records (record.c). */
#ifndef PK_NOTATION_H
#define PK_NOTATION_H

#include "internal.h"
#include "text.h"

/* Writes a move whose cells are on the layout. */
void pk_move_write(pk_writer *writer, const pk_layout *layout, packeis_move move);

/* Reads "c4" or "c4-e5" at the reader; on failure `at` is on the fault. */
packeis_status pk_move_read(pk_reader *reader, const pk_layout *layout, packeis_move *move);

#endif /* PK_NOTATION_H */
