/* SPDX-License-Identifier: MIT */
/* A playout records its positions without removing floes out of play
 * (doc/rules.md, "Floes out of play") and removes them when one is
 * restored: undoing a playout ply by ply must give back exactly the
 * positions that packeis_game_apply() goes through for the same moves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"

#define TEXT      4096
#define MAX_PLIES 160

static packeis_game *new_game(int players, uint64_t seed, int snake)
{
    return tc_game(tc_standard_options(players, seed, snake ? TC_SNAKE : 0u));
}

static void save(const packeis_game *game, char *text)
{
    size_t length;
    assert_int_equal(packeis_game_save_position(game, text, TEXT, &length), PACKEIS_OK);
}

/* The position text after each of the moves, applied one by one. */
static void positions_by_apply(const packeis_game *start, const packeis_move *moves,
                               size_t plies, char (*texts)[TEXT])
{
    packeis_game *game;
    assert_int_equal(packeis_game_clone(start, &game), PACKEIS_OK);
    save(game, texts[0]);
    for (size_t i = 0; i < plies; i++) {
        assert_int_equal(packeis_game_apply(game, moves[i]), PACKEIS_OK);
        save(game, texts[i + 1]);
    }
    packeis_game_free(game);
}

static void check_playout_undo(packeis_game *game, uint64_t seed)
{
    static char texts[MAX_PLIES + 1][TEXT];
    char now[TEXT];
    packeis_move moves[MAX_PLIES];
    size_t plies, count;
    size_t start = packeis_game_ply_count(game);
    packeis_game *before;
    assert_int_equal(packeis_game_clone(game, &before), PACKEIS_OK);
    assert_int_equal(packeis_game_playout(game, seed, &plies), PACKEIS_OK);
    assert_int_equal(packeis_game_history(game, NULL, 0, &count), PACKEIS_E_BUFFER_TOO_SMALL);
    packeis_move *all = malloc(count * sizeof *all);
    assert_int_equal(packeis_game_history(game, all, count, &count), PACKEIS_OK);
    memcpy(moves, all + start, plies * sizeof *moves);
    free(all);
    positions_by_apply(before, moves, plies, texts);
    for (size_t i = plies + 1; i-- > 0;) {
        save(game, now);
        assert_string_equal(now, texts[i]);
        if (i)
            assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
    }
    packeis_game_free(before);
}

/* From the start (placements included) and from mid-game, 2 to 4 players. */
static void test_undo_after_playout(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 40; seed++) {
            packeis_game *game = new_game(players, seed, (int)(seed & 1));
            check_playout_undo(game, seed * 7 + 1);
            assert_int_equal(packeis_game_playout(game, seed * 7 + 3, NULL), PACKEIS_OK);
            assert_int_equal(packeis_game_undo_to(game, 13), PACKEIS_OK);
            check_playout_undo(game, seed * 7 + 2);
            packeis_game_free(game);
        }
}

/* Two islands of one-fish floes: whichever island gets no penguin leaves the
 * board when movement begins, and not a ply earlier. */
static packeis_game *islands_game(int penguins)
{
    static const tc_floe islands[] = {
        {0, 0, 1},  {2, 0, 1},  {4, 0, 1},  {6, 0, 2},  {1, 1, 1},  {3, 1, 1},  {5, 1, 3},
        {20, 0, 1}, {22, 0, 1}, {24, 0, 2}, {26, 0, 1}, {21, 1, 1}, {23, 1, 1}, {25, 1, 3},
    };
    return tc_custom_game(islands, TC_COUNT(islands), 2, penguins, 0);
}

static void test_islands(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 200; seed++) {
        packeis_game *game = islands_game(1 + (int)(seed % 2));
        check_playout_undo(game, seed);
        packeis_game_free(game);
    }
}

/* undo_to jumps straight into the middle of a playout (going back only, so
 * that the history stays the playout's). */
static void test_undo_to_inside_playout(void **state)
{
    (void)state;
    packeis_game *game = new_game(2, 5, 0), *replay;
    assert_int_equal(packeis_game_playout(game, 99, NULL), PACKEIS_OK);
    packeis_move moves[MAX_PLIES];
    size_t count;
    assert_int_equal(packeis_game_history(game, moves, MAX_PLIES, &count), PACKEIS_OK);
    char a[TEXT], b[TEXT];
    for (size_t ply = count;; ply = ply >= 5 ? ply - 5 : 0) {
        assert_int_equal(packeis_game_undo_to(game, ply), PACKEIS_OK);
        assert_int_equal(packeis_game_clone(game, &replay), PACKEIS_OK);
        assert_int_equal(packeis_game_undo_to(replay, 0), PACKEIS_OK);
        for (size_t i = 0; i < ply; i++)
            assert_int_equal(packeis_game_apply(replay, moves[i]), PACKEIS_OK);
        save(game, a);
        save(replay, b);
        assert_string_equal(a, b);
        packeis_game_free(replay);
        if (ply == 0)
            break;
    }
    packeis_game_free(game);
}

/* More than 4 penguins a player: the playout takes its general loop, which
 * must record only moves packeis_game_apply() accepts, and the positions
 * they lead to (5 to 16 penguins, 2 to 4 players, any-floe placement so
 * that the board has room). */
static void test_many_penguins(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int penguins = 5; penguins <= 16 && penguins * players <= 60; penguins++)
            for (uint64_t seed = 0; seed < 3; seed++) {
                packeis_options *options = tc_standard_options(players, seed, TC_ANY_FLOE);
                assert_int_equal(packeis_options_set_penguins(options, penguins), PACKEIS_OK);
                packeis_game *game = tc_game(options);
                check_playout_undo(game, seed * 31 + (uint64_t)penguins);
                packeis_game_free(game);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_after_playout),
        cmocka_unit_test(test_islands),
        cmocka_unit_test(test_undo_to_inside_playout),
        cmocka_unit_test(test_many_penguins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
