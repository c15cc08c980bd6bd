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
    assert_true(pk_read_uint(&r, 4, &value));
    assert_int_equal(value, 4);
    r = reader_of("5");
    assert_false(pk_read_uint(&r, 4, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("18446744073709551615x");
    assert_true(pk_read_uint(&r, UINT64_MAX, &value));
    assert_true(value == UINT64_MAX);
    assert_int_equal(r.at, 20);
    r = reader_of("18446744073709551616");
    assert_false(pk_read_uint(&r, UINT64_MAX, &value));
    assert_int_equal(r.at, 19);
    r = reader_of("x");
    assert_false(pk_read_uint(&r, 10, &value));
    assert_int_equal(value, 18446744073709551615u);
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
    r = reader_of("-");
    assert_false(pk_read_int(&r, -5, 5, &value));
    assert_int_equal(r.at, 0);
    r = reader_of("-3");
    assert_false(pk_read_int(&r, 0, 5, &value));
}

/* A writer counts what does not fit and never writes past its capacity. */
static void test_writer_measures(void **state)
{
    (void)state;
    char buffer[8];
    memset(buffer, '#', sizeof buffer);
    pk_writer w = {buffer, 4, 0};
    size_t length = 0;
    pk_write_text(&w, "ab");
    pk_write_int(&w, -12);
    assert_int_equal(pk_write_finish(&w, &length), PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(length, 5);
    assert_int_equal(buffer[4], '#');
    pk_writer fits = {buffer, 6, 0};
    pk_write_text(&fits, "ab");
    pk_write_int(&fits, -12);
    assert_int_equal(pk_write_finish(&fits, &length), PACKEIS_OK);
    assert_string_equal(buffer, "ab-12");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_uint_limits),
        cmocka_unit_test(test_read_int),
        cmocka_unit_test(test_writer_measures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
