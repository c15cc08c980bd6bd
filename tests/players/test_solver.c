/* SPDX-License-Identifier: MIT */
/*
 * The alphabeta player's endgame solver against a plain brute-force minimax
 * written here: on several hundred small random custom layouts (6 to 14
 * floes, random fish, 1 or 2 penguins each, 2 players, with and without the
 * variants), the value it reports as exact must be the game-theoretic fish
 * margin of the player to act, and the move it plays must keep that value.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "builders.h"
#include <packeis/players.h>
#include "splitmix.h"

/* A random layout of `count` floes in a 7 x 4 patch of the grid (cells of
 * even x + y), the first `ones` with one fish so that every penguin has a
 * floe to be placed on, the others with 1 to 3. */
static size_t random_layout(uint64_t *rng, size_t count, size_t ones, tc_floe *floes)
{
    tc_floe grid[28];
    size_t cells = 0;
    for (int y = 0; y < 4; y++)
        for (int x = y % 2; x < 14; x += 2)
            grid[cells++] = (tc_floe){x, y, 0};
    for (size_t i = 0; i < count; i++) {
        size_t j = i + (size_t)tc_below(rng, cells - i);
        tc_floe chosen = grid[j];
        grid[j] = grid[i];
        grid[i] = chosen;
        floes[i] = chosen;
        floes[i].fish = i < ones ? 1 : 1 + (int)tc_below(rng, 3);
    }
    return count;
}

/* Random placements (and sometimes a few random slides), so that larger
 * boards start where the brute force can still finish. */
static void random_opening(packeis_game *game, uint64_t *rng, size_t plies)
{
    for (size_t i = 0; i < plies && packeis_game_phase(game) != PACKEIS_PHASE_OVER; i++) {
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t count;
        TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
        TC_CHECK(packeis_game_apply(game, moves[tc_below(rng, count)]), PACKEIS_OK);
    }
}

/* One case: the solver's value and move against the brute force. Returns
 * whether the position was still open (a game over has nothing to solve). */
static int check_case(packeis_player *solver, packeis_game *game)
{
    if (packeis_game_phase(game) == PACKEIS_PHASE_OVER)
        return 0;
    int me = packeis_game_current_player(game);
    int truth = tc_brute_force_margin(game, me);
    packeis_player_limits limits = {.nodes = 5000000};
    packeis_player_report report;
    packeis_move move;
    packeis_player_forget(solver);
    assert_int_equal(packeis_player_choose(solver, game, &limits, &move, &report), PACKEIS_OK);
    assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
    assert_true(report.nodes <= limits.nodes);
    size_t count;
    packeis_move moves[PACKEIS_MAX_MOVES];
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
    if (count > 1) { /* with one legal move the player does not search */
        assert_true(report.exact);
        assert_true(report.has_score);
        assert_int_equal((int)report.score, truth);
        assert_true(report.score == (double)truth);
        assert_true(report.pv_length >= 1);
        assert_int_equal(report.pv[0], move);
    }
    TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
    assert_int_equal(tc_brute_force_margin(game, me), truth);
    TC_CHECK(packeis_game_undo(game), PACKEIS_OK);
    return 1;
}

static void solver_matches_brute_force(void **state)
{
    (void)state;
    uint64_t rng = 20261201;
    packeis_player *solver;
    assert_int_equal(packeis_player_new("alphabeta", 1, &solver), 0);
    int solved = 0, from_start = 0, one_penguin = 0, two_penguins = 0;
    for (int round = 0; round < 400; round++) {
        int penguins = 1 + (int)tc_below(&rng, 2);
        /* Whole games for the smaller boards; after random placements (and
         * for the largest a few slides) for the others. */
        size_t floes_count = 6 + (size_t)tc_below(&rng, 9);
        size_t opening = 0;
        if (penguins == 2 && floes_count > 9)
            opening = 4 + (size_t)tc_below(&rng, 3);
        if (penguins == 1 && floes_count > 12)
            opening = 2;
        unsigned variants = (unsigned)tc_below(&rng, 4); /* TC_ANY_FLOE | TC_SNAKE */
        tc_floe floes[14];
        random_layout(&rng, floes_count, (size_t)(2 * penguins), floes);
        packeis_game *game = tc_custom_game(floes, floes_count, 2, penguins, variants);
        random_opening(game, &rng, opening);
        if (check_case(solver, game)) {
            solved++;
            from_start += opening == 0;
            one_penguin += penguins == 1;
            two_penguins += penguins == 2;
        }
        packeis_game_free(game);
    }
    packeis_player_free(solver);
    print_message("solved %d (from the start %d), 1 penguin %d, 2 penguins %d\n", solved,
                  from_start, one_penguin, two_penguins);
    /* Several hundred positions solved, of every kind. */
    assert_true(solved >= 300);
    assert_true(from_start >= 100);
    assert_true(one_penguin >= 100 && two_penguins >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solver_matches_brute_force),
    };
    return cmocka_run_group_tests_name("players-solver", tests, NULL, NULL);
}
