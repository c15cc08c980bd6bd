/* SPDX-License-Identifier: MIT */
/* Bounded text writing and reading for the text formats. */
#include "text.h"

/* Variant v is named pk_variant_words[v]. */
static const char *const pk_variant_words[PACKEIS_VARIANT_COUNT] = {
    [PACKEIS_VARIANT_PLACE_ANY_FLOE] = "any-floe",
    [PACKEIS_VARIANT_SNAKE_PLACEMENT] = "snake",
};

/* ---- Writing ----------------------------------------------------------- */

static void pk_match_char(pk_writer *writer, char c)
{
    if (writer->matched == writer->length && writer->length < writer->match_length &&
        writer->match[writer->length] == c)
        writer->matched++;
}

void pk_write_char(pk_writer *writer, char c)
{
    if (writer->match)
        pk_match_char(writer, c);
    else if (writer->length + 1 < writer->capacity)
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
    char digits[20]; /* UINT64_MAX has 20 */
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
    pk_writer measure = {.buffer = NULL};
    write(&measure, context);
    if (measure.length >= capacity)
        return pk_write_finish(&measure, length);
    pk_writer writer = {.buffer = buffer, .capacity = capacity};
    write(&writer, context);
    return pk_write_finish(&writer, length);
}

int pk_expect_written(pk_reader *reader, pk_write_fn write, const void *context)
{
    pk_writer writer = {.match = reader->text + reader->at,
                        .match_length = reader->length - reader->at};
    write(&writer, context);
    reader->at += writer.matched;
    return writer.matched == writer.length;
}

void pk_write_variants(pk_writer *writer, unsigned variants)
{
    if (!variants)
        pk_write_char(writer, '-');
    const char *separator = "";
    for (int v = 0; v < PACKEIS_VARIANT_COUNT; v++)
        if ((variants >> v) & 1) {
            pk_write_text(writer, separator);
            pk_write_text(writer, pk_variant_words[v]);
            separator = ",";
        }
}

void pk_write_phase(pk_writer *writer, int phase)
{
    pk_write_text(writer, packeis_phase_name(phase));
}

/* ---- Reading ----------------------------------------------------------- */

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

static int pk_is_digit(int c) { return c >= '0' && c <= '9'; }

/* A zero with more digits after it. */
static int pk_leading_zero(const pk_reader *reader)
{
    return pk_peek(reader) == '0' && reader->at + 1 < reader->length &&
           pk_is_digit((unsigned char)reader->text[reader->at + 1]);
}

/* The digits of a number no larger than `max`. */
static int pk_read_digits(pk_reader *reader, uint64_t max, uint64_t *value)
{
    uint64_t result = 0;
    size_t start = reader->at;
    if (pk_leading_zero(reader))
        return 0;
    for (int c; pk_is_digit(c = pk_peek(reader)); reader->at++) {
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

int pk_read_uint(pk_reader *reader, uint64_t min, uint64_t max, uint64_t *value)
{
    size_t start = reader->at;
    uint64_t read;
    if (!pk_read_digits(reader, max, &read))
        return 0;
    if (read < min) {
        reader->at = start;
        return 0;
    }
    *value = read;
    return 1;
}

int pk_read_int(pk_reader *reader, long long min, long long max, long long *value)
{
    size_t start = reader->at;
    int negative = pk_accept(reader, '-');
    if (negative && pk_peek(reader) == '0' && min < 0)
        return 0; /* "-0": `at` on its zero */
    uint64_t magnitude, limit = negative ? 0 - (uint64_t)min : (uint64_t)max;
    if ((negative && min >= 0) || !pk_read_digits(reader, limit, &magnitude)) {
        if (reader->at == start + (size_t)negative)
            reader->at = start;
        return 0;
    }
    long long read = negative ? (long long)(0 - magnitude) : (long long)magnitude;
    if (read < min || read > max) { /* only one side was bounded while reading */
        reader->at = start;
        return 0;
    }
    *value = read;
    return 1;
}

int pk_read_small(pk_reader *reader, int min, int max, int *value)
{
    long long read;
    if (!pk_read_int(reader, min, max, &read))
        return 0;
    *value = (int)read;
    return 1;
}

int pk_read_variants(pk_reader *reader, unsigned *variants)
{
    *variants = 0;
    if (pk_accept(reader, '-'))
        return 1;
    int v = 0;
    do {
        while (v < PACKEIS_VARIANT_COUNT && !pk_accept_word(reader, pk_variant_words[v]))
            v++;
        if (v == PACKEIS_VARIANT_COUNT)
            return 0;
        *variants |= 1u << v++;
    } while (pk_accept(reader, ','));
    return 1;
}

int pk_read_phase(pk_reader *reader, int *phase)
{
    for (int p = PACKEIS_PHASE_PLACEMENT; p <= PACKEIS_PHASE_OVER; p++)
        if (pk_accept_word(reader, packeis_phase_name(p))) {
            *phase = p;
            return 1;
        }
    return 0;
}

int pk_read_hash_seed_value(pk_reader *reader, uint64_t *seed)
{
    size_t start = reader->at;
    if (!pk_read_uint(reader, 0, UINT64_MAX, seed))
        return 0;
    if (*seed == PACKEIS_DEFAULT_HASH_SEED) {
        reader->at = start;
        return 0;
    }
    return 1;
}
