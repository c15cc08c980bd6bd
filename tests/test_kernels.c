/* SPDX-License-Identifier: MIT */
/* The kernels against the rules' definition and against each other: the
 * table of slides along a packed line (pk_line_reach) against a walk along
 * the line; and the kernel this process runs (the one chosen for the
 * processor, or PACKEIS_KERNEL's: meson runs this under each) against the
 * generic kernel's ray scans, on random custom layouts, short-lined and
 * long-lined, and random positions of every phase: move counts, move lists
 * written into buffers of exactly their size, every cell's destinations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "internal.h"
#include "splitmix.h"

/* The slide rule on a packed line, walked: from `at` up, and from at - 1
 * down, until a blocker. */
static unsigned walked_reach(unsigned at, unsigned blockers)
{
    unsigned reach = 0;
    for (unsigned up = at; up < PK_LINE_MAX && !(blockers >> up & 1u); up++)
        reach |= 1u << up;
    for (unsigned down = at; down > 0 && !(blockers >> (down - 1) & 1u); down--)
        reach |= 1u << (down - 1);
    return reach;
}

static void test_line_table_is_the_walk(void **state)
{
    (void)state;
    for (unsigned at = 0; at <= PK_LINE_MAX; at++)
        for (unsigned blockers = 0; blockers < (1u << PK_LINE_MAX); blockers++)
            assert_int_equal(pk_line_reach[at << PK_LINE_MAX | blockers],
                             walked_reach(at, blockers));
    /* Two by hand: from place 3 with blockers on 1 and 6, places 2, 3, 4,
     * 5; from the last place (8) of a free line, all eight below it. */
    assert_int_equal(pk_line_reach[3 << PK_LINE_MAX | 0x42], 0x3C);
    assert_int_equal(pk_line_reach[8 << PK_LINE_MAX | 0x00], 0xFF);
}

/* A random layout of `rows` rows of up to `width` cells (a hex grid in
 * doubled-width units), at most 64 cells; 0 if it is not valid. */
static int random_layout(uint64_t *rng, int rows, int width, pk_layout *layout)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    int sx[PACKEIS_MAX_CELLS], sy[PACKEIS_MAX_CELLS], sfish[PACKEIS_MAX_CELLS];
    int count = 0, holes = (int)(tc_next(rng) % 4); /* in 16: how sparse */
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < width && count < PACKEIS_MAX_CELLS; c++) {
            if ((int)(tc_next(rng) % 16) < holes)
                continue;
            x[count] = 2 * c + (r & 1);
            y[count] = r;
            fish[count++] = 1;
        }
    if (pk_layout_validate(x, y, fish, (size_t)count, sx, sy, sfish) != PACKEIS_OK)
        return 0;
    pk_layout_build(layout, sx, sy, count);
    return 1;
}

/* A random position on `layout`: floes, up to four players' penguins on
 * some of them, a player to act, a phase, the placeable floes. */
static void random_position(uint64_t *rng, const pk_layout *layout, pk_state *st,
                            pk_setup *setup)
{
    memset(st, 0, sizeof *st);
    memset(setup, 0, sizeof *setup);
    uint64_t floes = (tc_next(rng) | tc_next(rng)) & layout->all, taken = 0;
    st->floes = tc_next(rng) % 8 ? floes : layout->all;
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        st->penguins[p] = tc_next(rng) & tc_next(rng) & tc_next(rng) & st->floes & ~taken;
        taken |= st->penguins[p];
    }
    st->turn = (uint8_t)(tc_next(rng) % PACKEIS_MAX_PLAYERS);
    st->phase = (uint8_t)(tc_next(rng) % 3);
    setup->layout = layout;
    setup->placeable = tc_next(rng) % 4 ? st->floes & tc_next(rng) : st->floes;
}

/* This process's kernel and the generic one agree on one position. */
static void assert_kernels_agree(const pk_kernel *kernel, const pk_setup *setup,
                                 const pk_state *st)
{
    const pk_kernel *generic = &pk_kernel_generic;
    size_t count = generic->move_count(setup, st);
    assert_int_equal(kernel->move_count(setup, st), count);
    packeis_move want[PACKEIS_MAX_MOVES];
    assert_int_equal(generic->legal_moves(setup, st, want), count);
    /* Exactly the room needed (a byte for none): ASan sees a write past it. */
    packeis_move *got = malloc(count ? count * sizeof *got : 1);
    assert_non_null(got);
    assert_int_equal(kernel->legal_moves(setup, st, got), count);
    assert_memory_equal(got, want, count * sizeof *got);
    free(got);
    for (int c = 0; c < setup->layout->cells; c++)
        assert_true(kernel->reach(setup->layout, st, c) ==
                    generic->reach(setup->layout, st, c));
}

static void test_kernel_agrees_with_generic(void **state)
{
    (void)state;
    /* Shapes: up to 8 cells a row (lines fit the look-up, mostly), wide
     * rows, single long rows, tall strips. */
    static const int shapes[][2] = {{8, 8}, {4, 16}, {1, 64}, {2, 32}, {16, 4}, {64, 1}};
    static pk_layout layout; /* 20 KB */
    const pk_kernel *kernel = pk_select_kernel();
    uint64_t rng = 2026;
    int fitting = 0, long_lined = 0;
    for (int i = 0; i < 1800; i++) {
        const int *shape = shapes[i % 6];
        if (!random_layout(&rng, shape[0], shape[1], &layout))
            continue;
        layout.lines_fit ? fitting++ : long_lined++;
        for (int p = 0; p < 50; p++) {
            pk_state st;
            pk_setup setup;
            random_position(&rng, &layout, &st, &setup);
            assert_kernels_agree(kernel, &setup, &st);
        }
    }
    /* Both ways of the slide rule were taken, many times. */
    assert_true(fitting > 100);
    assert_true(long_lined > 100);
}

/* Whether `kernel` is one of the tables this file can name. It names those
 * the library was built with only if it sees the library's PK_HAVE_* macros
 * (packeis_internal_dep passes them); without them the checks of "bmi2"
 * below were compiled out, and the AVX-512 table running unasked went
 * unseen. */
static int is_known_kernel(const pk_kernel *kernel)
{
    if (kernel == &pk_kernel_generic)
        return 1;
#if defined(PK_HAVE_BMI2_KERNEL)
    if (kernel == &pk_kernel_bmi2)
        return 1;
#endif
#if defined(PK_HAVE_AVX512_KERNEL)
    if (kernel == &pk_kernel_avx512)
        return 1;
#endif
    return 0;
}

/* PACKEIS_KERNEL takes effect: the test runs named "-generic" and "-bmi2"
 * (tests/meson.build) must test those kernels, not the default three
 * times. "generic" is always the generic table; "bmi2" is never the AVX-512
 * one (it is the BMI2 table where the processor has fast BMI2, else the
 * generic one). Whatever runs is a table this file knows by name. */
static void test_forced_kernel_is_the_one_that_runs(void **state)
{
    (void)state;
    const char *forced = getenv("PACKEIS_KERNEL");
    const pk_kernel *running = pk_select_kernel();
    assert_true(is_known_kernel(running));
    if (forced && strcmp(forced, "generic") == 0)
        assert_ptr_equal(running, &pk_kernel_generic);
#if defined(PK_HAVE_AVX512_KERNEL)
    if (forced && strcmp(forced, "bmi2") == 0)
        assert_ptr_not_equal(running, &pk_kernel_avx512);
#endif
#if defined(PK_HAVE_BMI2_KERNEL)
    if (forced && strcmp(forced, "bmi2") == 0)
        assert_true(running == &pk_kernel_bmi2 || running == &pk_kernel_generic);
#endif
    assert_ptr_equal(running, pk_select_kernel()); /* chosen once */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_table_is_the_walk),
        cmocka_unit_test(test_kernel_agrees_with_generic),
        cmocka_unit_test(test_forced_kernel_is_the_one_that_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
