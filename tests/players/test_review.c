/* SPDX-License-Identifier: MIT */
/*
 * Values of several moves (packeis_player_analyse()) and game review
 * (packeis_player_review_move(), packeis_player_review_summarize()):
 * a line of four floes worked by hand, the solver's values against a brute
 * force over whole small games, MultiPV's first line against the move of a
 * single search, and bad input.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "builders.h"
#include <packeis/players.h>
#include "splitmix.h"

/* One row, cells 0 ... 3 at x = 0, 2, 4, 6: fish 1, 1, 3, 1; 2 players of
 * one penguin, placed on cells 0 (player 0) and 3 (player 1). Player 0 to
 * slide, to cell 1 or cell 2.
 *   0 -> 2: +1; player 1 is stuck (player 0 on 2) and goes out with cell 3
 *           (+1); player 0 slides back to 1 (+3), then goes out with it
 *           (+1): 5 to 1, a margin of +4.
 *   0 -> 1: +1; player 1 slides to 2 (+1); player 0 is stuck and goes out
 *           with cell 1 (+1); player 1 goes out with cell 2 (+3): 2 to 4,
 *           a margin of -2.
 * So the best move is 0 -> 2 (a win, +4 fish), and 0 -> 1 loses 2 in
 * reward (a win turned into a loss) and 6 fish. */
static packeis_game *row_game(void)
{
    static const tc_floe floes[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 3}, {6, 0, 1}};
    packeis_game *game = tc_custom_game(floes, TC_COUNT(floes), 2, 1, 0);
    const packeis_move placements[] = {TC_P(0), TC_P(3)};
    tc_play(game, placements, TC_COUNT(placements));
    return game;
}

static packeis_player *new_player(const char *name)
{
    packeis_player *p;
    assert_int_equal(packeis_player_new(name, 1, &p), 0);
    return p;
}

static void solver_lines_of_the_row(void **state)
{
    (void)state;
    packeis_game *game = row_game();
    packeis_player *ab = new_player("alphabeta");
    packeis_player_line lines[4];
    size_t count = 99;
    packeis_player_report report;
    assert_int_equal(packeis_player_analyse(ab, game, NULL, 4, lines, &count, &report),
                     PACKEIS_OK);
    assert_int_equal(count, 2);
    assert_int_equal(lines[0].move, TC_S(0, 2));
    assert_true(lines[0].exact && lines[0].has_margin);
    assert_true(lines[0].margin == 4 && lines[0].value == 1);
    assert_int_equal(lines[1].move, TC_S(0, 1));
    assert_true(lines[1].exact && lines[1].has_margin);
    assert_true(lines[1].margin == -2 && lines[1].value == -1);
    assert_true(lines[0].nodes > 0 && lines[1].nodes > 0);
    /* The line of 0 -> 2: player 1 is out, so player 0 slides on to 1. */
    assert_true(lines[0].pv_length >= 2);
    assert_int_equal(lines[0].pv[1], TC_S(2, 1));
    assert_true(report.exact);
    /* k = 1: the best line only. */
    assert_int_equal(packeis_player_analyse(ab, game, NULL, 1, lines, &count, NULL),
                     PACKEIS_OK);
    assert_int_equal(count, 1);
    assert_int_equal(lines[0].move, TC_S(0, 2));
    packeis_player_free(ab);
    packeis_game_free(game);
}

static void review_of_the_row(void **state)
{
    (void)state;
    packeis_game *game = row_game();
    packeis_player *estimator = new_player("mcts"), *solver = new_player("alphabeta");
    packeis_player_reviewer reviewer = {
        .estimator = estimator, .solver = solver, .solver_nodes = 100000};
    packeis_player_review_ply ply;
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(0, 1), &ply), PACKEIS_OK);
    assert_int_equal(ply.ply, 2);
    assert_int_equal(ply.player, 0);
    assert_int_equal(ply.played, TC_S(0, 1));
    assert_int_equal(ply.best, TC_S(0, 2));
    assert_true(ply.exact && ply.has_value && ply.has_margin && !ply.forced);
    assert_true(ply.value_before == 1 && ply.value_after == -1 && ply.loss == 2);
    assert_true(ply.margin_before == 4 && ply.margin_after == -2 && ply.fish_loss == 6);
    assert_int_equal(ply.judgement, 3);
    assert_true(ply.accuracy == 0); /* 103.1668 e^-4.354 - 3.1669 < 0 */
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(0, 2), &ply), PACKEIS_OK);
    assert_true(ply.exact && ply.loss == 0 && ply.fish_loss == 0 && ply.accuracy == 100);
    assert_int_equal(ply.judgement, 0);
    /* After 0 -> 2, player 1 is out and player 0 has one move: forced. */
    TC_CHECK(packeis_game_apply(game, TC_S(0, 2)), PACKEIS_OK);
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(2, 1), &ply), PACKEIS_OK);
    assert_true(ply.forced && !ply.has_value && ply.loss == 0);
    assert_int_equal(ply.ply, 3);
    /* Without a solver the estimator values the moves: not exact, and
     * mcts finds the blunder a loss too (it loses every playout). */
    packeis_game_free(game);
    game = row_game();
    reviewer.solver = NULL;
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(0, 1), &ply), PACKEIS_OK);
    assert_true(!ply.exact && ply.has_value && !ply.has_margin);
    assert_int_equal(ply.best, TC_S(0, 2));
    assert_true(ply.value_before == 1 && ply.value_after == -1 && ply.loss == 2);
    packeis_player_free(estimator);
    packeis_player_free(solver);
    packeis_game_free(game);
}

static void count_plies(void *context, const packeis_player_review_ply *ply, size_t done,
                        size_t total)
{
    size_t *calls = context;
    assert_int_equal(done, ++*calls);
    assert_int_equal(total, 3);
    assert_int_equal(ply->ply, done); /* the review starts at ply 1 */
}

static void review_of_a_whole_game(void **state)
{
    (void)state;
    packeis_game *game = row_game();
    const packeis_move rest[] = {TC_S(0, 2), TC_S(2, 1)};
    tc_play(game, rest, TC_COUNT(rest)); /* 4 plies: P0 P3 0-2 2-1, over */
    packeis_player *estimator = new_player("mcts"), *solver = new_player("alphabeta");
    packeis_player_reviewer reviewer = {
        .estimator = estimator, .solver = solver, .solver_nodes = 100000};
    packeis_player_review_ply plies[4];
    size_t done = 9, calls = 0;
    assert_int_equal(
        packeis_player_review_game(&reviewer, game, 1, 3, plies, &done, count_plies, &calls),
        PACKEIS_OK);
    assert_int_equal(done, 3);
    assert_int_equal(calls, 3);
    /* Player 1's placement: cells 1 and 3 are left (1 fish each). On 3,
     * as played, it loses by 4 (the row's analysis). On 1, player 0 is
     * stuck at once and goes out with cell 0 (1 fish); player 1 slides on
     * alone and takes 1, 3 and 1 (in either order): 5 to 1, +4. So the
     * placement played lost a won game, 8 fish. */
    assert_true(plies[0].exact && plies[0].player == 1 && plies[0].played == TC_P(3));
    assert_int_equal(plies[0].best, TC_P(1));
    assert_true(plies[0].margin_before == 4 && plies[0].margin_after == -4);
    assert_true(plies[0].loss == 2 && plies[0].fish_loss == 8 && plies[0].judgement == 3);
    assert_true(plies[1].exact && plies[1].loss == 0 && plies[1].margin_before == 4);
    assert_true(plies[2].forced);
    assert_int_equal(packeis_game_ply_count(game), 4); /* not changed */
    assert_int_equal(
        packeis_player_review_game(&reviewer, game, 3, 2, plies, &done, NULL, NULL),
        PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(
        packeis_player_review_game(&reviewer, game, 4, 0, plies, &done, NULL, NULL),
        PACKEIS_OK);
    assert_int_equal(done, 0);
    atomic_int stop = 1;
    reviewer.limits.stop = &stop;
    assert_int_equal(
        packeis_player_review_game(&reviewer, game, 0, 4, plies, &done, NULL, NULL),
        PACKEIS_E_STOPPED);
    assert_int_equal(done, 0);
    packeis_player_free(estimator);
    packeis_player_free(solver);
    packeis_game_free(game);
}

/* Whole random games on small boards (7 floes, 1 penguin each): every ply
 * reviewed exactly, its margins those of the brute force. */
static void exact_reviews_match_brute_force(void **state)
{
    (void)state;
    uint64_t rng = 39;
    packeis_player *estimator = new_player("mcts"), *solver = new_player("alphabeta");
    packeis_player_reviewer reviewer = {
        .estimator = estimator, .solver = solver, .solver_nodes = 1000000};
    int plies = 0, lossy = 0;
    for (int round = 0; round < 20; round++) {
        tc_floe floes[7];
        for (int i = 0; i < 7; i++)
            floes[i] = (tc_floe){2 * i + (int)(i >= 4), i >= 4, i < 2 ? 1 : 1 + (int)(i % 3)};
        packeis_game *game =
            tc_custom_game(floes, 7, 2, 1, (unsigned)round % 2 ? TC_ANY_FLOE : 0);
        while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
            packeis_move moves[PACKEIS_MAX_MOVES];
            size_t count;
            TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
            packeis_move played = moves[tc_below(&rng, count)];
            packeis_player_review_ply ply;
            assert_int_equal(packeis_player_review_move(&reviewer, game, played, &ply),
                             PACKEIS_OK);
            int me = packeis_game_current_player(game);
            TC_CHECK(packeis_game_apply(game, played), PACKEIS_OK);
            int after = tc_brute_force_margin(game, me);
            TC_CHECK(packeis_game_undo(game), PACKEIS_OK);
            if (!ply.forced) {
                assert_true(ply.exact && ply.has_margin);
                assert_true(ply.margin_before == tc_brute_force_margin(game, me));
                assert_true(ply.margin_after == after);
                assert_true(ply.fish_loss == ply.margin_before - after);
                assert_true(ply.value_after == (after > 0 ? 1 : after < 0 ? -1 : 0));
                lossy += ply.fish_loss > 0;
                plies++;
            }
            TC_CHECK(packeis_game_apply(game, played), PACKEIS_OK);
        }
        packeis_game_free(game);
    }
    print_message("%d plies reviewed exactly, %d with a fish loss\n", plies, lossy);
    assert_true(plies >= 60 && lossy >= 10);
    packeis_player_free(estimator);
    packeis_player_free(solver);
}

/* MultiPV's first line is the move a single search plays (same seed,
 * position and node budget); lines are ranked, values in range. */
static void first_line_is_the_move_played(void **state)
{
    (void)state;
    const char *names[] = {"mcts", "az", "montecarlo"};
    for (int seed = 1; seed <= 6; seed++) {
        packeis_game *game = tc_standard_game(2, (uint64_t)seed);
        for (int i = 0; i < 10 + seed; i++) { /* placement, then movement for most */
            packeis_move moves[PACKEIS_MAX_MOVES];
            size_t count;
            TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                     PACKEIS_OK);
            TC_CHECK(packeis_game_apply(game, moves[(size_t)(i * 7) % count]), PACKEIS_OK);
        }
        for (size_t n = 0; n < TC_COUNT(names); n++) {
            packeis_player *a = new_player(names[n]), *b = new_player(names[n]);
            packeis_player_limits limits = {.nodes = 600};
            packeis_move move;
            assert_int_equal(packeis_player_choose(a, game, &limits, &move, NULL), PACKEIS_OK);
            packeis_player_line lines[5];
            size_t count;
            assert_int_equal(packeis_player_analyse(b, game, &limits, 5, lines, &count, NULL),
                             PACKEIS_OK);
            assert_int_equal(count, 5);
            assert_int_equal(lines[0].move, move);
            for (size_t i = 0; i < count; i++) {
                assert_true(lines[i].value >= -1 && lines[i].value <= 1);
                assert_true(lines[i].nodes > 0);
                assert_int_equal(lines[i].pv[0], lines[i].move);
                assert_int_equal(packeis_game_check_move(game, lines[i].move), PACKEIS_OK);
                if (i > 0 && n < 2) /* mcts and az rank by visits */
                    assert_true(lines[i].nodes <= lines[i - 1].nodes);
            }
            packeis_player_free(a);
            packeis_player_free(b);
        }
        packeis_game_free(game);
    }
}

/* With 2 players a move played other than the best is valued by a search
 * of the position it leads to (the root's few visits of it are noise):
 * that search's work is in the ply's nodes; the best move's is not
 * searched again. */
static void played_moves_searched_again(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 5);
    for (int i = 0; i < 12; i++) { /* placements, then a few slides */
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t count;
        TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
        TC_CHECK(packeis_game_apply(game, moves[(size_t)(i * 5) % count]), PACKEIS_OK);
    }
    packeis_player *estimator = new_player("mcts");
    packeis_player_reviewer reviewer = {.estimator = estimator, .limits = {.nodes = 300}};
    packeis_player_review_ply best, other;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
    assert_int_equal(packeis_player_review_move(&reviewer, game, moves[0], &best), PACKEIS_OK);
    packeis_move played = best.best == moves[0] ? moves[1] : moves[0];
    packeis_player_forget(estimator);
    assert_int_equal(packeis_player_review_move(&reviewer, game, best.best, &best), PACKEIS_OK);
    assert_int_equal(best.nodes, 300);
    assert_true(best.loss == 0);
    packeis_player_forget(estimator);
    assert_int_equal(packeis_player_review_move(&reviewer, game, played, &other), PACKEIS_OK);
    assert_true(other.has_value && !other.exact);
    assert_int_equal(other.nodes, 600);
    assert_true(other.value_after >= -1 && other.value_after <= 1);
    packeis_player_free(estimator);
    packeis_game_free(game);
}

static void bad_input(void **state)
{
    (void)state;
    packeis_game *game = row_game();
    packeis_player *mcts = new_player("mcts"), *random = new_player("random");
    packeis_player_line lines[4];
    size_t count = 7;
    assert_int_equal(packeis_player_analyses(mcts), 1);
    assert_int_equal(packeis_player_analyses(random), 0);
    assert_int_equal(packeis_player_analyses(NULL), 0);
    assert_int_equal(packeis_player_analyse(random, game, NULL, 2, lines, &count, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(count, 0);
    assert_int_equal(packeis_player_analyse(mcts, game, NULL, 0, lines, &count, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_player_analyse(mcts, NULL, NULL, 2, lines, &count, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_player_analyse(mcts, game, NULL, 2, NULL, &count, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_player_limits bad = {.seconds = NAN};
    assert_int_equal(packeis_player_analyse(mcts, game, &bad, 2, lines, &count, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_player_reviewer reviewer = {.estimator = random};
    packeis_player_review_ply ply = {.ply = 77};
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(0, 1), &ply),
                     PACKEIS_E_INVALID_ARGUMENT);
    reviewer.estimator = mcts;
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(0, 3), &ply),
                     PACKEIS_E_INVALID_ARGUMENT); /* blocked by a penguin */
    assert_int_equal(packeis_player_review_move(NULL, game, TC_S(0, 1), &ply),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(ply.ply, 77); /* nothing written */
    /* A finished game. */
    const packeis_move rest[] = {TC_S(0, 2), TC_S(2, 1)};
    tc_play(game, rest, TC_COUNT(rest));
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    assert_int_equal(packeis_player_analyse(mcts, game, NULL, 2, lines, &count, NULL),
                     PACKEIS_E_GAME_OVER);
    assert_int_equal(packeis_player_review_move(&reviewer, game, TC_S(0, 1), &ply),
                     PACKEIS_E_GAME_OVER);
    packeis_player_free(mcts);
    packeis_player_free(random);
    packeis_game_free(game);
}

static void summaries_by_hand(void **state)
{
    (void)state;
    const packeis_player_review_ply plies[] = {
        {.player = 0, .has_value = 1, .loss = 0.0, .accuracy = 100, .judgement = 0},
        {.player = 1, .has_value = 1, .loss = 0.5, .accuracy = 10, .judgement = 3},
        {.player = 0,
         .has_value = 1,
         .loss = 0.15,
         .accuracy = 60,
         .judgement = 1,
         .exact = 1,
         .has_margin = 1,
         .fish_loss = 3},
        {.player = 1, .forced = 1},
        {.player = 1, .has_value = 0},
        {.player = 0, .has_value = 1, .loss = 0.25, .accuracy = 20, .judgement = 2},
    };
    packeis_player_review_summary s[2];
    assert_int_equal(packeis_player_review_summary_size(), sizeof s[0]);
    assert_int_equal(packeis_player_review_ply_size(), sizeof plies[0]);
    assert_int_equal(packeis_player_reviewer_size(), sizeof(packeis_player_reviewer));
    assert_int_equal(packeis_player_line_size(), sizeof(packeis_player_line));
    assert_int_equal(packeis_player_review_summarize(plies, TC_COUNT(plies), 2, s), 0);
    assert_int_equal(s[0].moves, 3);
    assert_int_equal(s[0].exact, 1);
    assert_true(fabs(s[0].average_loss - 0.4 / 3) < 1e-12);
    assert_true(fabs(s[0].accuracy - 60) < 1e-12);
    assert_int_equal(s[0].inaccuracies, 1);
    assert_int_equal(s[0].mistakes, 1);
    assert_int_equal(s[0].blunders, 0);
    assert_true(s[0].fish_lost == 3);
    assert_int_equal(s[1].moves, 1);
    assert_int_equal(s[1].forced, 1);
    assert_int_equal(s[1].unvalued, 1);
    assert_int_equal(s[1].blunders, 1);
    assert_true(s[1].average_loss == 0.5);
    assert_int_equal(packeis_player_review_summarize(NULL, 1, 2, s), -1);
    assert_int_equal(packeis_player_review_summarize(plies, 1, 5, s), -1);
    assert_int_equal(packeis_player_review_summarize(NULL, 0, 2, s), 0);
    /* The accuracy of a move: 100 for no loss; lichess's curve between. */
    assert_true(packeis_player_review_accuracy(0) == 100);
    assert_true(packeis_player_review_accuracy(-1) == 100);
    assert_true(fabs(packeis_player_review_accuracy(0.1) -
                     (103.1668 * exp(-0.04354 * 5) - 3.1669)) < 1e-9);
    assert_true(packeis_player_review_accuracy(2) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solver_lines_of_the_row),
        cmocka_unit_test(review_of_the_row),
        cmocka_unit_test(review_of_a_whole_game),
        cmocka_unit_test(exact_reviews_match_brute_force),
        cmocka_unit_test(first_line_is_the_move_played),
        cmocka_unit_test(played_moves_searched_again),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(summaries_by_hand),
    };
    return cmocka_run_group_tests_name("players-review", tests, NULL, NULL);
}
