/* SPDX-License-Identifier: MIT */
/* Placeholder: being written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <packeis/packeis.h>

static void test_placeholder(void **state)
{
    (void)state;
    assert_int_equal(packeis_version(), PACKEIS_VERSION_NUMBER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_placeholder)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
