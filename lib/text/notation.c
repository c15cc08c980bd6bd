/* SPDX-License-Identifier: MIT */
/* Cell names and moves as text (doc/formats.md, "Cell names" and "Moves").
 * A cell's row is named by letters, bijective base 26 of y - min_y (a ... z,
 * aa, ab ...), its column by the number (x - min_x) / 2 + 1, min_x and
 * min_y being the smallest coordinates of the layout. Two cells of one row
 * differ by 2 in x, so no two cells share a name. */
#include "notation.h"

/* Rows and columns span at most the width of the coordinate range. */
#define PK_NAME_SPAN ((uint64_t)PACKEIS_COORD_MAX - (uint64_t)PACKEIS_COORD_MIN + 1)

static void pk_name_write_row(pk_writer *writer, uint64_t row)
{
    char letters[16];
    int count = 0;
    for (uint64_t n = row + 1; n; n = (n - 1) / 26)
        letters[count++] = (char)('a' + (n - 1) % 26);
    while (count)
        pk_write_char(writer, letters[--count]);
}

/* Writes the name of a cell known to exist. */
static void pk_name_write_cell(pk_writer *writer, const pk_layout *layout, int cell)
{
    int min_x = layout->bounds.min_x, min_y = layout->bounds.min_y;
    pk_name_write_row(writer, (uint64_t)((int64_t)layout->y[cell] - min_y));
    pk_write_uint(writer, (uint64_t)((int64_t)layout->x[cell] - min_x) / 2 + 1);
}

/* A cell's name, or a move's text: "from-to", or just "to" when from < 0. */
typedef struct pk_cell_text {
    const pk_layout *layout;
    int from, to;
} pk_cell_text;

static void pk_name_write_move(pk_writer *writer, const void *context)
{
    const pk_cell_text *text = context;
    if (text->from >= 0) {
        pk_name_write_cell(writer, text->layout, text->from);
        pk_write_char(writer, '-');
    }
    pk_name_write_cell(writer, text->layout, text->to);
}

void pk_move_write(pk_writer *writer, const pk_layout *layout, packeis_move move)
{
    pk_cell_text text = {layout, packeis_move_from(move), packeis_move_to(move)};
    pk_name_write_move(writer, &text);
}

packeis_status packeis_game_cell_name(const packeis_game *game, int cell, char *buffer,
                                      size_t capacity, size_t *length)
{
    if (!game || !length || (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    if (!pk_valid_cell(game, cell))
        return PACKEIS_E_OUT_OF_RANGE;
    pk_cell_text text = {game->setup->layout, -1, cell};
    return pk_write_all(pk_name_write_move, &text, buffer, capacity, length);
}

/* Reads row letters into a 0-based row; fails on the letter that makes the
 * row too large, or where no letter is. */
static int pk_name_read_row(pk_reader *reader, uint64_t *row)
{
    uint64_t n = 0;
    size_t start = reader->at;
    for (int c; (c = pk_peek(reader)) >= 'a' && c <= 'z'; reader->at++) {
        n = n * 26 + (uint64_t)(c - 'a' + 1);
        if (n > PK_NAME_SPAN)
            return 0;
    }
    if (reader->at == start)
        return 0;
    *row = n - 1;
    return 1;
}

/* Reads a column number: at least 1. */
static int pk_name_read_column(pk_reader *reader, uint64_t *column)
{
    return pk_read_uint(reader, 1, PK_NAME_SPAN, column);
}

/* The cell at (row, column) of the layout's name grid, or PK_NO_CELL. The
 * column holds x - min_x and x - min_x + 1; the parity of x + y picks one. */
static int pk_name_find(const pk_layout *layout, uint64_t row, uint64_t column)
{
    int min_x = layout->bounds.min_x, min_y = layout->bounds.min_y;
    int64_t y = (int64_t)min_y + (int64_t)row;
    int64_t x = (int64_t)min_x + 2 * ((int64_t)column - 1);
    int64_t parity = (layout->x[0] + layout->y[0]) & 1;
    if (((x + y) & 1) != parity)
        x++;
    if (y > PACKEIS_COORD_MAX || x > PACKEIS_COORD_MAX)
        return PK_NO_CELL;
    return pk_layout_find(layout, (int)x, (int)y);
}

/* Reads a cell name at the reader; on failure `at` is on the fault. */
static packeis_status pk_name_read_cell(pk_reader *reader, const pk_layout *layout, int *cell)
{
    size_t start = reader->at;
    uint64_t row, column;
    if (!pk_name_read_row(reader, &row) || !pk_name_read_column(reader, &column))
        return PACKEIS_E_MALFORMED_TEXT;
    int found = pk_name_find(layout, row, column);
    if (found == PK_NO_CELL) {
        reader->at = start;
        return PACKEIS_E_MALFORMED_TEXT;
    }
    *cell = found;
    return PACKEIS_OK;
}

packeis_status packeis_game_parse_cell(const packeis_game *game, const char *text,
                                       size_t text_length, int *cell, size_t *stop)
{
    if (!game || (!text && text_length) || !cell || !stop)
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_reader reader = pk_reader_of(text, text_length);
    int found = PK_NO_CELL;
    packeis_status status = pk_name_read_cell(&reader, game->setup->layout, &found);
    *stop = reader.at;
    if (status == PACKEIS_OK)
        *cell = found;
    return status;
}

/* The move helpers read the value (a placement's `from` is -1; a value
 * that is no move has `to` -1), so only the cells need checking here. */
packeis_status packeis_game_format_move(const packeis_game *game, packeis_move move,
                                        char *buffer, size_t capacity, size_t *length)
{
    if (!game || !length || (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    int from = packeis_move_from(move), to = packeis_move_to(move);
    if (!pk_valid_cell(game, to) ||
        (!packeis_move_is_placement(move) && !pk_valid_cell(game, from)))
        return PACKEIS_E_OUT_OF_RANGE;
    pk_cell_text text = {game->setup->layout, from, to};
    return pk_write_all(pk_name_write_move, &text, buffer, capacity, length);
}

/* Reads "c4" or "c4-e5" at the reader. A slide to its own origin ("c4-c4")
 * is no move (its value would be the placement's): malformed, at the
 * second name. */
packeis_status pk_move_read(pk_reader *reader, const pk_layout *layout, packeis_move *move)
{
    int from, to;
    packeis_status status = pk_name_read_cell(reader, layout, &from);
    if (status != PACKEIS_OK)
        return status;
    if (!pk_accept(reader, '-')) {
        *move = packeis_move_placement(from);
        return PACKEIS_OK;
    }
    size_t second = reader->at;
    status = pk_name_read_cell(reader, layout, &to);
    if (status != PACKEIS_OK)
        return status;
    if (to == from) {
        reader->at = second;
        return PACKEIS_E_MALFORMED_TEXT;
    }
    *move = packeis_move_slide(from, to);
    return PACKEIS_OK;
}

packeis_status packeis_game_parse_move(const packeis_game *game, const char *text,
                                       size_t text_length, unsigned flags, packeis_move *move,
                                       size_t *stop)
{
    if (!game || (!text && text_length) || !move || !stop ||
        (flags & ~(unsigned)PACKEIS_PARSE_CHECK_LEGAL))
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_reader reader = pk_reader_of(text, text_length);
    packeis_move read = PACKEIS_MOVE_NONE;
    packeis_status status = pk_move_read(&reader, game->setup->layout, &read);
    if (status == PACKEIS_OK && (flags & PACKEIS_PARSE_CHECK_LEGAL)) {
        status = packeis_game_check_move(game, read);
        if (status != PACKEIS_OK)
            reader.at = 0; /* the move as a whole is at fault */
    }
    *stop = reader.at;
    if (status == PACKEIS_OK)
        *move = read;
    return status;
}
