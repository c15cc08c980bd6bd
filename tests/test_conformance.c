/* SPDX-License-Identifier: MIT */
/* The conformance file tests/data/conformance.txt (its format is described
 * at its top): for every case, the library loads the position, writes it
 * back unchanged, gives its hash, and counts the documented perft; the
 * reference engine of tests/common/reference.c counts the same.
 *
 * Run with the folder of the data files as argument (meson passes it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "data_file.h"
#include "reference.h"

/* The number of cases of the file: a file cut short must not pass. */
#define CASES 42

static const char *data_dir = "tests/data";

/* Splits off the last space-separated field of `line` (made shorter). */
static char *last_field(char *line)
{
    char *space = strrchr(line, ' ');
    assert_non_null(space);
    *space = '\0';
    return space + 1;
}

static uint64_t number(const char *text, int base)
{
    char *end;
    assert_in_range(*text, '0', 'f');
    uint64_t value = strtoull(text, &end, base);
    assert_true(*end == '\0');
    return value;
}

static void check_case(char *line, size_t at, unsigned *phases, unsigned *players)
{
    char *hash_text = last_field(line);
    char *perft_text = last_field(line);
    char *depth_text = last_field(line);
    assert_int_equal(strlen(hash_text), 16);
    uint64_t hash = number(hash_text, 16), perft = number(perft_text, 10);
    unsigned depth = (unsigned)number(depth_text, 10);

    packeis_game *game = tc_load_position(line);
    char saved[PACKEIS_POSITION_TEXT_SIZE];
    tc_save_position(game, saved);
    assert_string_equal(saved, line);
    if (packeis_game_hash(game) != hash)
        fail_msg("conformance.txt line %zu: hash %016llx, file %016llx", at,
                 (unsigned long long)packeis_game_hash(game), (unsigned long long)hash);
    if (packeis_game_perft(game, depth) != perft)
        fail_msg("conformance.txt line %zu: perft(%u) %llu, file %llu", at, depth,
                 (unsigned long long)packeis_game_perft(game, depth),
                 (unsigned long long)perft);

    ref_board b;
    ref_pos p;
    assert_int_equal(ref_board_load(game, &b), 0);
    assert_int_equal(ref_pos_load(game, &b, &p), 0);
    if (ref_perft(&b, &p, depth) != perft)
        fail_msg("conformance.txt line %zu: reference perft(%u) %llu, file %llu", at, depth,
                 (unsigned long long)ref_perft(&b, &p, depth), (unsigned long long)perft);
    *phases |= 1u << packeis_game_phase(game);
    *players |= 1u << packeis_game_player_count(game);
    packeis_game_free(game);
}

static void test_conformance_file(void **state)
{
    (void)state;
    tc_data d;
    if (tc_data_open(&d, data_dir, "conformance.txt") != 0)
        fail_msg("cannot read %s/conformance.txt", data_dir);
    unsigned cases = 0, phases = 0, players = 0;
    for (char *line; (line = tc_data_next(&d)) != NULL; cases++)
        check_case(line, d.line, &phases, &players);
    tc_data_close(&d);
    assert_int_equal(cases, CASES);
    assert_int_equal(phases, 7u);   /* placement, movement, over */
    assert_int_equal(players, 28u); /* 2, 3 and 4 players */
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
