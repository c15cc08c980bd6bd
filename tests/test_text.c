/* SPDX-License-Identifier: MIT */
/* The bounded reader and writer under the text formats (lib/text/text.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "text.h"

static pk_reader reader_of(const char *text)
{
    pk_reader reader = {text, strlen(text), 0};
    return reader;
}

/* Limits are inclusive; a digit past the limit stops on that digit. */
static void test_read_uint_limits(void **state)
{
    (void)state;
    uint64_t value = 99;
    pk_reader r = reader_of("4");
    assert_true(pk_read_uint(&r, 0, 4, &value));
    assert_int_equal(value, 4);
    r = reader_of("5");
    assert_false(pk_read_uint(&r, 0, 4, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("18446744073709551615x");
    assert_true(pk_read_uint(&r, 0, UINT64_MAX, &value));
    assert_true(value == UINT64_MAX);
    assert_int_equal(r.at, 20);
    r = reader_of("18446744073709551616");
    assert_false(pk_read_uint(&r, 0, UINT64_MAX, &value));
    assert_int_equal(r.at, 19);
    r = reader_of("x");
    assert_false(pk_read_uint(&r, 0, 10, &value));
    assert_int_equal(r.at, 0);
    assert_int_equal(value, 18446744073709551615u);
}

/* Below the minimum: at the number's start. */
static void test_read_uint_minimum(void **state)
{
    (void)state;
    uint64_t value = 7;
    pk_reader r = reader_of("x 1");
    r.at = 2;
    assert_false(pk_read_uint(&r, 2, 4, &value));
    assert_int_equal(r.at, 2);
    assert_int_equal(value, 7);
    r = reader_of("2");
    assert_true(pk_read_uint(&r, 2, 4, &value));
    assert_int_equal(value, 2);
}

/* The one number syntax: no leading zero, the fault on that zero. */
static void test_leading_zeros(void **state)
{
    (void)state;
    uint64_t value = 5;
    long long signed_value = 5;
    pk_reader r = reader_of("0");
    assert_true(pk_read_uint(&r, 0, 9, &value));
    assert_int_equal(value, 0);
    assert_int_equal(r.at, 1);
    r = reader_of("0x");
    assert_true(pk_read_uint(&r, 0, 9, &value));
    assert_int_equal(r.at, 1);
    r = reader_of("01");
    assert_false(pk_read_uint(&r, 0, 99, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("00");
    assert_false(pk_read_uint(&r, 0, 99, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("-0");
    assert_false(pk_read_int(&r, -5, 5, &signed_value));
    assert_int_equal(r.at, 1);
    r = reader_of("-01");
    assert_false(pk_read_int(&r, -5, 5, &signed_value));
    assert_int_equal(r.at, 1);
    r = reader_of("007");
    assert_false(pk_read_int(&r, -5, 9, &signed_value));
    assert_int_equal(r.at, 0);
    assert_int_equal(value, 0);
    assert_int_equal(signed_value, 5);
}

static void test_read_int(void **state)
{
    (void)state;
    long long value = 0;
    pk_reader r = reader_of("-1000000");
    assert_true(pk_read_int(&r, -1000000, 1000000, &value));
    assert_int_equal(value, -1000000);
    r = reader_of("-1000001");
    assert_false(pk_read_int(&r, -1000000, 1000000, &value));
    assert_int_equal(r.at, 7);
    r = reader_of("-");
    assert_false(pk_read_int(&r, -5, 5, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("-3");
    assert_false(pk_read_int(&r, 0, 5, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("-3");
    assert_false(pk_read_int(&r, -9, -5, &value)); /* above a negative maximum */
    assert_int_equal(r.at, 0);
    r = reader_of("1");
    assert_false(pk_read_int(&r, 2, 5, &value));
    assert_int_equal(r.at, 0);
    int small = 0;
    r = reader_of("-7");
    assert_true(pk_read_small(&r, -9, 9, &small));
    assert_int_equal(small, -7);
}

/* A writer counts what does not fit and never writes past its capacity. */
static void test_writer_measures(void **state)
{
    (void)state;
    char buffer[8];
    memset(buffer, '#', sizeof buffer);
    pk_writer w = {.buffer = buffer, .capacity = 4};
    size_t length = 0;
    pk_write_text(&w, "ab");
    pk_write_int(&w, -12);
    assert_int_equal(pk_write_finish(&w, &length), PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, 5);
    assert_int_equal(buffer[4], '#');
    pk_writer fits = {.buffer = buffer, .capacity = 6};
    pk_write_text(&fits, "ab");
    pk_write_int(&fits, -12);
    assert_int_equal(pk_write_finish(&fits, &length), PACKEIS_OK);
    assert_string_equal(buffer, "ab-12");
}

static void write_words(pk_writer *writer, const void *context)
{
    pk_write_text(writer, context);
}

/* Expecting what a writer writes: consumed if all matches, else `at` on
 * the first difference; a text too short differs at its end. */
static void test_expect_written(void **state)
{
    (void)state;
    pk_reader r = reader_of("abcdef");
    assert_true(pk_expect_written(&r, write_words, "abc"));
    assert_int_equal(r.at, 3);
    assert_false(pk_expect_written(&r, write_words, "dxf"));
    assert_int_equal(r.at, 4);
    r = reader_of("ab");
    assert_false(pk_expect_written(&r, write_words, "abc"));
    assert_int_equal(r.at, 2);
}

/* The one table of words: variants in the order of their values, phases
 * as packeis_phase_name() names them. */
static void test_words(void **state)
{
    (void)state;
    char buffer[64];
    size_t length;
    pk_writer w = {.buffer = buffer, .capacity = sizeof buffer};
    pk_write_variants(&w, 3);
    pk_write_char(&w, ' ');
    pk_write_variants(&w, 0);
    for (int phase = PACKEIS_PHASE_PLACEMENT; phase <= PACKEIS_PHASE_OVER; phase++) {
        pk_write_char(&w, ' ');
        pk_write_phase(&w, phase);
    }
    assert_int_equal(pk_write_finish(&w, &length), PACKEIS_OK);
    assert_string_equal(buffer, "any-floe,snake - placement movement over");
    unsigned variants = 99;
    pk_reader r = reader_of("any-floe,snake");
    assert_true(pk_read_variants(&r, &variants));
    assert_int_equal(variants, 3);
    r = reader_of("snake,any-floe"); /* out of order: at the name */
    assert_false(pk_read_variants(&r, &variants));
    assert_int_equal(r.at, 6);
    r = reader_of("snake,snake"); /* repeated */
    assert_false(pk_read_variants(&r, &variants));
    assert_int_equal(r.at, 6);
    r = reader_of("bogus");
    assert_false(pk_read_variants(&r, &variants));
    assert_int_equal(r.at, 0);
    int phase = -1;
    r = reader_of("movement");
    assert_true(pk_read_phase(&r, &phase));
    assert_int_equal(phase, PACKEIS_PHASE_MOVEMENT);
    r = reader_of("move");
    assert_false(pk_read_phase(&r, &phase));
    assert_int_equal(r.at, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_uint_limits),
        cmocka_unit_test(test_read_uint_minimum),
        cmocka_unit_test(test_leading_zeros),
        cmocka_unit_test(test_read_int),
        cmocka_unit_test(test_writer_measures),
        cmocka_unit_test(test_expect_written),
        cmocka_unit_test(test_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
