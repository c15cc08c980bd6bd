/* SPDX-License-Identifier: MIT */
/* Reading and writing the text formats: a bounded writer that measures what
 * does not fit, a reader that never looks past its length, the one number
 * syntax and the one table of words (variants, phases) of every format.
 * Shared by notation.c, position.c, picture.c and record.c. */
#ifndef PK_TEXT_H
#define PK_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "packeis/packeis.h"

/* Reads text[0 .. length-1]; `at` is the offset of the next character. */
typedef struct pk_reader {
    const char *text;
    size_t length;
    size_t at;
} pk_reader;

/* A reader at the start of a caller's text. The API lets a text be NULL
 * when its length is 0; reading it as "" keeps NULL out of pointer
 * arithmetic. */
static inline pk_reader pk_reader_of(const char *text, size_t length)
{
    pk_reader reader = {text ? text : "", length, 0};
    return reader;
}

/* Writes into buffer[0 .. capacity-1]; `length` counts every character
 * asked for, written or not, so a too-small buffer learns the size needed.
 * A writer with `match` set writes nothing: it compares what it is asked to
 * write with match[0 .. match_length-1], `matched` counting the characters
 * that agree up to the first that differs. */
typedef struct pk_writer {
    char *buffer;
    size_t capacity;
    size_t length;
    const char *match;
    size_t match_length;
    size_t matched;
} pk_writer;

void pk_write_char(pk_writer *writer, char c);
void pk_write_text(pk_writer *writer, const char *text);
void pk_write_uint(pk_writer *writer, uint64_t value);
void pk_write_int(pk_writer *writer, long long value);

/* Ends the text with a NUL and reports as the text format functions do:
 * PACKEIS_OK, or PACKEIS_E_BUFFER_TOO_SMALL with *length the size needed
 * (without the NUL). Never writes past the capacity. */
packeis_status pk_write_finish(pk_writer *writer, size_t *length);

/* Writes a whole text for a public writer function: `write` runs once to
 * measure and, only if the text fits, again into the buffer, so that a
 * too-small buffer is left untouched as the API promises. */
typedef void (*pk_write_fn)(pk_writer *writer, const void *context);
packeis_status pk_write_all(pk_write_fn write, const void *context, char *buffer,
                            size_t capacity, size_t *length);

/* Consumes what `write` writes if the text goes on with exactly that;
 * otherwise leaves `at` on the first character that differs. Allocates
 * nothing, whatever the length. */
int pk_expect_written(pk_reader *reader, pk_write_fn write, const void *context);

/* The next character, or -1 at the end. */
int pk_peek(const pk_reader *reader);
int pk_at_end(const pk_reader *reader);
/* Consumes `c` if it is next; returns whether it was. */
int pk_accept(pk_reader *reader, char c);
/* Consumes `word` if the text goes on with it; returns whether it did. */
int pk_accept_word(pk_reader *reader, const char *word);
/* The same where nothing else may follow: on a mismatch `at` is left on the
 * first character that differs, for the error's offset. */
int pk_expect_word(pk_reader *reader, const char *word);
void pk_skip_blanks(pk_reader *reader); /* spaces and tabs */

/* The one number syntax of the text formats: decimal digits without a
 * leading zero ("0" itself is written "0"). Reads a number within
 * [min, max]; on failure `at` is on the offending character: a leading
 * zero, the digit that goes past `max`, or the number's start when it is
 * below `min` or missing. */
int pk_read_uint(pk_reader *reader, uint64_t min, uint64_t max, uint64_t *value);

/* A hash seed as the formats write it: a number up to 2^64 - 1, and never
 * the default seed, which is written by leaving it out. On failure `at` is
 * on the seed. */
int pk_read_hash_seed_value(pk_reader *reader, uint64_t *seed);
/* The same with a '-' before negative numbers ("-0" is refused, at its
 * zero). */
int pk_read_int(pk_reader *reader, long long min, long long max, long long *value);
/* pk_read_int for the fields that fit an int. */
int pk_read_small(pk_reader *reader, int min, int max, int *value);

/* The words of the formats. Variants are written "-" when none is on,
 * else by name in the order of their values, joined by ','; reading takes
 * only that form (at on the first name that is unknown, repeated or out of
 * order). Phases are named as packeis_phase_name() names them. */
void pk_write_variants(pk_writer *writer, unsigned variants);
int pk_read_variants(pk_reader *reader, unsigned *variants);
void pk_write_phase(pk_writer *writer, int phase);
int pk_read_phase(pk_reader *reader, int *phase);

#endif /* PK_TEXT_H */
