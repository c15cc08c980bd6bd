/* SPDX-License-Identifier: MIT */
/* Layout pictures: a layout drawn as fish digits on a text grid, and read
 * back into options. The format is in doc/formats.md. */
#include "picture.h"

/* Moves from just after column `last` (-1: the line is empty) to `column`:
 * spaces before the first floe; between floes, '.' on the grid positions
 * (an even distance from the previous floe), spaces off them. */
static void pk_write_gap(pk_writer *writer, long long last, long long column)
{
    for (long long at = last + 1; at < column; at++)
        pk_write_char(writer, last >= 0 && (at - last) % 2 == 0 ? '.' : ' ');
}

void pk_picture_write(pk_writer *writer, const pk_layout *layout, const uint8_t *fish,
                      uint64_t drawn)
{
    int min_x = layout->bounds.min_x, cell = 0;
    for (int y = layout->y[0]; y <= layout->y[layout->cells - 1]; y++) {
        long long last = -1;
        for (; cell < layout->cells && layout->y[cell] == y; cell++) {
            if (!(drawn >> cell & 1))
                continue;
            long long column = (long long)layout->x[cell] - min_x;
            pk_write_gap(writer, last, column);
            pk_write_char(writer, (char)('0' + fish[cell]));
            last = column;
        }
        pk_write_char(writer, '\n');
    }
}

typedef struct pk_picture {
    const pk_layout *layout;
    const uint8_t *fish;
    uint64_t drawn;
} pk_picture;

static void pk_write_picture(pk_writer *writer, const void *context)
{
    const pk_picture *picture = context;
    pk_picture_write(writer, picture->layout, picture->fish, picture->drawn);
}

packeis_status packeis_game_layout_picture(const packeis_game *game, unsigned flags,
                                           char *buffer, size_t capacity, size_t *length)
{
    if (!game || !length || (flags & ~(unsigned)PACKEIS_PICTURE_CURRENT) ||
        (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_layout *layout = game->setup->layout;
    uint64_t drawn = flags & PACKEIS_PICTURE_CURRENT ? game->state.floes : layout->all;
    pk_picture picture = {layout, game->setup->fish, drawn};
    return pk_write_all(pk_write_picture, &picture, buffer, capacity, length);
}

/* Adds the floe of the digit under the reader, or reports why it cannot. */
static packeis_status pk_add_floe(pk_floes *floes, long long x, long long y, int fish)
{
    if (floes->count == PACKEIS_MAX_CELLS)
        return PACKEIS_E_TOO_MANY_CELLS;
    if (x < PACKEIS_COORD_MIN || x > PACKEIS_COORD_MAX || y < PACKEIS_COORD_MIN ||
        y > PACKEIS_COORD_MAX)
        return PACKEIS_E_COORD_OUT_OF_RANGE;
    if (floes->count && ((x + y) & 1) != ((floes->x[0] + floes->y[0]) & 1))
        return PACKEIS_E_MIXED_PARITY;
    floes->x[floes->count] = (int)x;
    floes->y[floes->count] = (int)y;
    floes->fish[floes->count++] = fish;
    return PACKEIS_OK;
}

/* One character of a picture line, at (x, y); not consumed. */
static packeis_status pk_read_cell(pk_reader *reader, long long x, long long y, pk_floes *floes)
{
    int c = pk_peek(reader);
    if (c == ' ' || c == '.')
        return PACKEIS_OK;
    if (c >= '1' && c <= '3')
        return pk_add_floe(floes, x, y, c - '0');
    return c >= '0' && c <= '9' ? PACKEIS_E_FISH_OUT_OF_RANGE : PACKEIS_E_MALFORMED_TEXT;
}

/* A line end ("\n" or "\r\n"), consumed; or the end of the text. */
static int pk_line_end(pk_reader *reader)
{
    if (pk_at_end(reader) || pk_accept(reader, '\n'))
        return 1;
    if (pk_peek(reader) == '\r' && reader->at + 1 < reader->length &&
        reader->text[reader->at + 1] == '\n') {
        reader->at += 2;
        return 1;
    }
    return 0;
}

static packeis_status pk_read_line(pk_reader *reader, long long x, long long y, pk_floes *floes)
{
    for (; !pk_line_end(reader); reader->at++, x++) {
        packeis_status status = pk_read_cell(reader, x, y, floes);
        if (status != PACKEIS_OK)
            return status;
    }
    return PACKEIS_OK;
}

static void pk_skip_line(pk_reader *reader)
{
    while (!pk_at_end(reader) && !pk_accept(reader, '\n'))
        reader->at++;
}

packeis_status pk_picture_read(pk_reader *reader, int origin_x, int origin_y, int bracket_ends,
                               pk_floes *floes)
{
    floes->count = 0;
    for (long long y = origin_y; !pk_at_end(reader);) {
        if (bracket_ends && pk_peek(reader) == '[')
            break;
        if (pk_peek(reader) == '#') {
            pk_skip_line(reader);
            continue;
        }
        packeis_status status = pk_read_line(reader, origin_x, y++, floes);
        if (status != PACKEIS_OK)
            return status;
    }
    return floes->count ? PACKEIS_OK : PACKEIS_E_NO_CELLS;
}

packeis_status packeis_options_set_layout_picture(packeis_options *options, const char *text,
                                                  size_t text_length, size_t *stop)
{
    if (!options || (!text && text_length) || !stop)
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_reader reader = {text, text_length, 0};
    pk_floes floes;
    packeis_status status = pk_picture_read(&reader, 0, 0, 0, &floes);
    if (status == PACKEIS_OK)
        status = packeis_options_set_layout(options, floes.x, floes.y, floes.fish, floes.count);
    *stop = reader.at;
    return status;
}
