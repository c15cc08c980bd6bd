/* SPDX-License-Identifier: MIT */
/* Layout pictures: a layout drawn as fish digits on a text grid, and read
 * back into options; the floes of a custom layout read from any text, and
 * their check. The format is in doc/formats.md. */
#include <string.h>

#include "picture.h"

/* ---- Floes read from text ------------------------------------------------ */

int pk_floes_add(pk_floes *floes, int x, int y, int fish, size_t at)
{
    if (floes->count > PACKEIS_MAX_CELLS)
        return 0;
    floes->x[floes->count] = x;
    floes->y[floes->count] = y;
    floes->fish[floes->count] = fish;
    floes->at[floes->count++] = at;
    return 1;
}

/* The status of the first `count` floes as a layout, by the one validator
 * (its sorted copy is not needed here). */
static packeis_status pk_floes_status(const pk_floes *floes, size_t count)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    return pk_layout_validate(floes->x, floes->y, floes->fish, count, x, y, fish);
}

packeis_status pk_floes_check(const pk_floes *floes, size_t *at)
{
    if (pk_floes_status(floes, floes->count) == PACKEIS_OK)
        return PACKEIS_OK;
    size_t count = 1;
    while (pk_floes_status(floes, count) == PACKEIS_OK)
        count++;
    *at = floes->at[count - 1];
    return pk_floes_status(floes, count);
}

void pk_floes_set_layout(const pk_floes *floes, packeis_options *options)
{
    memcpy(options->x, floes->x, floes->count * sizeof *floes->x);
    memcpy(options->y, floes->y, floes->count * sizeof *floes->y);
    memcpy(options->fish, floes->fish, floes->count * sizeof *floes->fish);
    options->custom_cells = floes->count;
}

/* ---- Writing ------------------------------------------------------------- */

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
    for (int y = layout->bounds.min_y; y <= layout->bounds.max_y; y++) {
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

/* ---- Reading ------------------------------------------------------------- */

/* A coordinate as an int: one beyond the range stands for any beyond it,
 * which the layout check refuses all the same. */
static int pk_picture_coord(long long value)
{
    return value > PACKEIS_COORD_MAX ? PACKEIS_COORD_MAX + 1 : (int)value;
}

/* A line end ("\n" or "\r\n"), consumed; or the end of the text. */
static int pk_picture_line_end(pk_reader *reader)
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

/* Reads a line's characters, digits as floes (their fish checked later,
 * with the layout). Returns 0 on a character that is no part of a picture,
 * `at` on it; stops early once there is a floe too many. */
static int pk_picture_line(pk_reader *reader, long long x, long long y, pk_floes *floes)
{
    for (; !pk_picture_line_end(reader); reader->at++, x++) {
        int c = pk_peek(reader);
        if (c == ' ' || c == '.')
            continue;
        if (c < '0' || c > '9')
            return 0;
        if (!pk_floes_add(floes, pk_picture_coord(x), pk_picture_coord(y), c - '0', reader->at))
            return 1;
    }
    return 1;
}

static void pk_picture_skip_line(pk_reader *reader)
{
    while (!pk_at_end(reader) && !pk_accept(reader, '\n'))
        reader->at++;
}

/* Reads every floe up to the end of the picture; 0 on a malformed
 * character, `at` on it. */
static int pk_picture_floes(pk_reader *reader, long long x, long long y, int bracket_ends,
                            pk_floes *floes)
{
    while (!pk_at_end(reader) && floes->count <= PACKEIS_MAX_CELLS) {
        if (bracket_ends && pk_peek(reader) == '[')
            break;
        if (pk_peek(reader) == '#')
            pk_picture_skip_line(reader);
        else if (!pk_picture_line(reader, x, y++, floes))
            return 0;
    }
    return 1;
}

packeis_status pk_picture_read(pk_reader *reader, int origin_x, int origin_y, int bracket_ends,
                               pk_floes *floes)
{
    floes->count = 0;
    int well_formed = pk_picture_floes(reader, origin_x, origin_y, bracket_ends, floes);
    size_t fault;
    packeis_status status = floes->count ? pk_floes_check(floes, &fault) : PACKEIS_OK;
    if (status != PACKEIS_OK) {
        reader->at = fault; /* a floe before the malformed character, if any */
        return status;
    }
    if (!well_formed)
        return PACKEIS_E_MALFORMED_TEXT;
    return floes->count ? PACKEIS_OK : PACKEIS_E_NO_CELLS;
}

packeis_status packeis_options_set_layout_picture(packeis_options *options, const char *text,
                                                  size_t text_length, size_t *stop)
{
    if (!options || (!text && text_length) || !stop)
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_reader reader = pk_reader_of(text, text_length);
    pk_floes floes;
    packeis_status status = pk_picture_read(&reader, 0, 0, 0, &floes);
    if (status == PACKEIS_OK)
        pk_floes_set_layout(&floes, options);
    *stop = reader.at;
    return status;
}
