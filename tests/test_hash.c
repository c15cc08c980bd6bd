/* SPDX-License-Identifier: MIT */
/* The position hash: kept incrementally equal to a from-scratch computation,
 * equal for transpositions, restored by undo, seeded, and different for
 * positions that differ only beside the board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "internal.h"

static packeis_game *new_game(int players, uint64_t seed, uint64_t hash_seed)
{
    packeis_options *options;
    packeis_game *game;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, players), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(options, seed), PACKEIS_OK);
    assert_int_equal(packeis_options_set_hash_seed(options, hash_seed), PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    return game;
}

static uint64_t hash_of(const packeis_game *game) { return packeis_game_hash(game); }

static void play(packeis_game *game, packeis_move move)
{
    assert_int_equal(packeis_game_apply(game, move), PACKEIS_OK);
}

/* After every action of many random games the kept Zobrist part equals the
 * sum of the keys of what the board shows; undo gives back each hash. */
static void test_incremental_equals_scratch(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        packeis_game *game = new_game(players, (uint64_t)players, PACKEIS_DEFAULT_HASH_SEED);
        for (uint64_t seed = 0; seed < 50; seed++) {
            size_t plies;
            assert_int_equal(packeis_game_playout(game, seed, &plies), PACKEIS_OK);
            for (size_t ply = plies; ply-- > 0;) {
                assert_int_equal(game->state.hash, pk_board_hash(game->setup, &game->state));
                assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
            }
            assert_int_equal(game->state.hash, pk_board_hash(game->setup, &game->state));
        }
        packeis_game_free(game);
    }
}

/* Two move orders reaching one position: placements a, b, c, d by players
 * 0, 1, 0, 1 against c, d, a, b give the same penguins and the same turn. */
static void test_transposition(void **state)
{
    (void)state;
    packeis_game *first = new_game(2, 0, 7), *second = new_game(2, 0, 7);
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    assert_int_equal(packeis_game_legal_moves(first, moves, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
    assert_true(count >= 4);
    play(first, moves[0]), play(first, moves[1]), play(first, moves[2]), play(first, moves[3]);
    play(second, moves[2]), play(second, moves[3]), play(second, moves[0]);
    assert_int_not_equal(hash_of(first), hash_of(second));
    play(second, moves[1]);
    assert_int_equal(hash_of(first), hash_of(second));
    packeis_game_free(first);
    packeis_game_free(second);
}

static void test_undo_restores_hash(void **state)
{
    (void)state;
    packeis_game *game = new_game(3, 5, PACKEIS_DEFAULT_HASH_SEED);
    uint64_t start = hash_of(game);
    assert_int_equal(packeis_game_playout(game, 11, NULL), PACKEIS_OK);
    assert_int_not_equal(hash_of(game), start);
    assert_int_equal(packeis_game_undo_to(game, 0), PACKEIS_OK);
    assert_int_equal(hash_of(game), start);
    packeis_game_free(game);
}

/* The hash seed changes every hash; the same seed gives the same hash. */
static void test_seeded_keys(void **state)
{
    (void)state;
    packeis_game *a = new_game(2, 3, 1), *b = new_game(2, 3, 2), *c = new_game(2, 3, 1);
    assert_int_not_equal(hash_of(a), hash_of(b));
    assert_int_equal(hash_of(a), hash_of(c));
    packeis_game_free(a);
    packeis_game_free(b);
    packeis_game_free(c);
}

/* Scores are part of the position: equal boards with other scores differ. */
static void test_scores_are_hashed(void **state)
{
    (void)state;
    packeis_game *game = new_game(2, 9, PACKEIS_DEFAULT_HASH_SEED), *copy;
    assert_int_equal(packeis_game_playout(game, 3, NULL), PACKEIS_OK);
    assert_int_equal(packeis_game_undo_to(game, 20), PACKEIS_OK);
    assert_int_equal(packeis_game_clone(game, &copy), PACKEIS_OK);
    assert_int_equal(hash_of(game), hash_of(copy));
    copy->state.fish[0]++;
    assert_int_not_equal(hash_of(game), hash_of(copy));
    packeis_game_free(game);
    packeis_game_free(copy);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental_equals_scratch), cmocka_unit_test(test_transposition),
        cmocka_unit_test(test_undo_restores_hash),         cmocka_unit_test(test_seeded_keys),
        cmocka_unit_test(test_scores_are_hashed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
