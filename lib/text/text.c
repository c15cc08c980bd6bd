/* SPDX-License-Identifier: MIT */
/* Bounded text writing and reading for the text formats. */
#include "text.h"

void pk_write_char(pk_writer *writer, char c)
{
    if (writer->length + 1 < writer->capacity)
        writer->buffer[writer->length] = c;
    writer->length++;
}

void pk_write_text(pk_writer *writer, const char *text)
{
    while (*text)
        pk_write_char(writer, *text++);
}

void pk_write_uint(pk_writer *writer, uint64_t value)
{
    char digits[20];
    int count = 0;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    while (count)
        pk_write_char(writer, digits[--count]);
}

void pk_write_int(pk_writer *writer, long long value)
{
    if (value < 0) {
        pk_write_char(writer, '-');
        pk_write_uint(writer, 0 - (uint64_t)value);
    } else {
        pk_write_uint(writer, (uint64_t)value);
    }
}

packeis_status pk_write_finish(pk_writer *writer, size_t *length)
{
    *length = writer->length;
    if (writer->length + 1 > writer->capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    writer->buffer[writer->length] = '\0';
    return PACKEIS_OK;
}

packeis_status pk_write_all(pk_write_fn write, const void *context, char *buffer,
                            size_t capacity, size_t *length)
{
    pk_writer measure = {NULL, 0, 0};
    write(&measure, context);
    if (measure.length >= capacity)
        return pk_write_finish(&measure, length);
    pk_writer writer = {buffer, capacity, 0};
    write(&writer, context);
    return pk_write_finish(&writer, length);
}

int pk_peek(const pk_reader *reader)
{
    return reader->at < reader->length ? (unsigned char)reader->text[reader->at] : -1;
}

int pk_at_end(const pk_reader *reader) { return reader->at >= reader->length; }

int pk_accept(pk_reader *reader, char c)
{
    if (pk_peek(reader) != (unsigned char)c)
        return 0;
    reader->at++;
    return 1;
}

int pk_accept_word(pk_reader *reader, const char *word)
{
    size_t at = reader->at;
    for (; *word; word++, at++)
        if (at >= reader->length || reader->text[at] != *word)
            return 0;
    reader->at = at;
    return 1;
}

int pk_expect_word(pk_reader *reader, const char *word)
{
    for (; *word; word++, reader->at++)
        if (pk_peek(reader) != (unsigned char)*word)
            return 0;
    return 1;
}

void pk_skip_blanks(pk_reader *reader)
{
    while (pk_peek(reader) == ' ' || pk_peek(reader) == '\t')
        reader->at++;
}

int pk_read_uint(pk_reader *reader, uint64_t max, uint64_t *value)
{
    uint64_t result = 0;
    size_t start = reader->at;
    for (int c; (c = pk_peek(reader)) >= '0' && c <= '9'; reader->at++) {
        uint64_t digit = (uint64_t)(c - '0');
        if (digit > max || result > (max - digit) / 10)
            return 0; /* `at` stays on the digit that overflows */
        result = result * 10 + digit;
    }
    if (reader->at == start)
        return 0;
    *value = result;
    return 1;
}

int pk_read_int(pk_reader *reader, long long min, long long max, long long *value)
{
    size_t start = reader->at;
    int negative = pk_accept(reader, '-');
    uint64_t limit = negative ? 0 - (uint64_t)min : (uint64_t)max, magnitude;
    if ((negative && min >= 0) || !pk_read_uint(reader, limit, &magnitude)) {
        if (reader->at == start + (size_t)negative)
            reader->at = start;
        return 0;
    }
    *value = negative ? (long long)(0 - magnitude) : (long long)magnitude;
    return 1;
}
