/* SPDX-License-Identifier: MIT */
/*
 * The arithmetic of the tournament's table (examples/tournament/table.c) on
 * results worked out by hand. D(s) = 400 log10(s / (1 - s)); the values
 * were computed with a calculator from the formulas of table.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "table.h"

#define EPS 1e-6

static game_result duel(int first, int second, int first_rank, int second_rank)
{
    game_result r = {2, {first, second}, {20, 10}, {first_rank, second_rank}, -1};
    return r;
}

/* Appends n copies of a result. */
static size_t repeat(game_result *out, size_t at, game_result r, int n)
{
    for (int i = 0; i < n; i++)
        out[at++] = r;
    return at;
}

static void test_elo_of_score(void **state)
{
    (void)state;
    assert_float_equal(table_elo_of_score(0.5), 0.0, EPS);
    /* 10/11: odds 10, 400 log10 10 = 400. */
    assert_float_equal(table_elo_of_score(10.0 / 11.0), 400.0, EPS);
    assert_float_equal(table_elo_of_score(1.0 / 11.0), -400.0, EPS);
    /* 0.75: odds 3, 400 log10 3 = 190.8485. */
    assert_float_equal(table_elo_of_score(0.75), 190.848502, EPS);
}

/* Random (0) against A (1), 100 games: A wins 70, draws 10, loses 20. A's
 * score (70 + 5) / 100 = 0.75, Elo D(0.75) = 190.85 above random. The game
 * scores have mean 0.75 and mean square (70 + 10 / 4) / 100 = 0.725, so a
 * variance of 0.725 - 0.5625 = 0.1625 and a standard error of
 * sqrt(0.1625) / 10 = 0.040311; 1.96 of them is 0.079009, and the interval
 * is [D(0.670991), D(0.829009)] = [123.80, 274.23]. */
static void test_two_players_against_the_anchor(void **state)
{
    (void)state;
    game_result results[100];
    size_t n = 0;
    n = repeat(results, n, duel(1, 0, 1, 2), 35); /* A first to move */
    n = repeat(results, n, duel(0, 1, 2, 1), 35);
    n = repeat(results, n, duel(0, 1, 1, 1), 10);
    n = repeat(results, n, duel(0, 1, 1, 2), 20);
    standing rows[2];
    assert_int_equal(table_compute(results, n, 2, 0, rows), 0);

    const standing *a = &rows[1], *random = &rows[0];
    assert_int_equal(a->games, 100);
    assert_int_equal(a->wins, 70);
    assert_int_equal(a->draws, 10);
    assert_int_equal(a->losses, 20);
    assert_int_equal(a->places[0], 80);
    assert_int_equal(a->places[1], 20);
    assert_float_equal(a->score, 0.75, EPS);
    assert_float_equal(a->score_se, 0.0403112887, EPS);
    assert_float_equal(a->mean_rank, 1.2, EPS);
    /* Fish: 20 as first seat, 10 as second: 35 * 20 + 65 * 10 = 1350. */
    assert_float_equal(a->mean_fish, 13.5, EPS);
    assert_true(a->rated && a->interval);
    assert_float_equal(a->elo, 190.848502, EPS);
    assert_float_equal(a->elo_low, 123.803823, 1e-5);
    assert_float_equal(a->elo_high, 274.233998, 1e-5);

    assert_int_equal(random->wins, 20);
    assert_int_equal(random->draws, 10);
    assert_int_equal(random->losses, 70);
    assert_float_equal(random->score, 0.25, EPS);
    assert_true(random->rated);
    assert_false(random->interval);
    assert_float_equal(random->elo, 0.0, EPS);
}

/* A round robin: random (0), A (1), B (2). A and B each beat random 10
 * times in 11, and split their 2 games. So each scores 11/13 over 13 games,
 * 11 of them against random (rated 0) and 2 against the other:
 * R = 2/13 R + D(11/13), R = 13/11 D(11/13) = 13/11 * 296.1451 = 349.9896.
 * Random's own score (2 of 22) plays no part: it is the anchor. A's game
 * scores are 11 ones and 2 zeros: standard error sqrt(11/13 * 2/13 / 13) =
 * 0.100068, 1.96 of them 0.196131: s_lo = 0.650024 (D = 107.56) and s_hi =
 * 1.04 moved in to 1 - 1/26 (D = 400 log10 25 = 559.18). The interval is
 * R + D(s_lo) - D(11/13) = 161.40 to R + 559.18 - 296.15 = 613.02. */
static void test_round_robin_solves_for_every_rating(void **state)
{
    (void)state;
    game_result results[24];
    size_t n = 0;
    n = repeat(results, n, duel(1, 0, 1, 2), 10);
    n = repeat(results, n, duel(0, 1, 1, 2), 1);
    n = repeat(results, n, duel(2, 0, 1, 2), 10);
    n = repeat(results, n, duel(0, 2, 1, 2), 1);
    n = repeat(results, n, duel(1, 2, 1, 2), 1);
    n = repeat(results, n, duel(1, 2, 2, 1), 1);
    standing rows[3];
    assert_int_equal(table_compute(results, n, 3, 0, rows), 0);
    for (int p = 1; p <= 2; p++) {
        assert_int_equal(rows[p].games, 13);
        assert_float_equal(rows[p].score, 11.0 / 13.0, EPS);
        assert_float_equal(rows[p].elo, 349.989635, 1e-5);
        assert_float_equal(rows[p].elo_low, 161.400764, 1e-5);
        assert_float_equal(rows[p].elo_high, 613.020563, 1e-5);
    }
    assert_int_equal(rows[0].games, 22);
    assert_float_equal(rows[0].score, 2.0 / 22.0, EPS);
    assert_float_equal(rows[0].elo, 0.0, EPS);
}

/* Three games of three players, seats and places:
 *   game 1: 0 1 2 placed 3 1 2
 *   game 2: 1 2 0 placed 1 1 3   (1 and 2 share first place)
 *   game 3: 2 0 1 placed 1 2 3   (participant 1 forfeited)
 * Game scores (mean over the two opponents; a shared place is 1/2):
 *   participant 0: 0, 0, 1/2          score 1/6   places 0 1 2  mean 8/3
 *   participant 1: 1, 3/4, 0          score 7/12  places 2 0 1  mean 5/3
 *   participant 2: 1/2, 3/4, 1        score 3/4   places 2 1 0  mean 4/3
 * Every pair met 3 times, so with R0 = 0: R1 - R2 / 2 = D(7/12) = 58.4512
 * and R2 - R1 / 2 = D(3/4) = 190.8485, so R1 = 4/3 (58.4512 + 95.4243) =
 * 205.1673 and R2 = 190.8485 + 102.5836 = 293.4321. Participant 1's game
 * scores have variance (1 + 9/16) / 3 - (7/12)^2 = 0.180556, standard error
 * 0.245327, so s +- 0.480830 leaves [1/6, 5/6] and is moved in to its ends
 * (half a game of 3): D = -+279.5880, and the interval is
 * 205.1673 - 279.5880 - 58.4512 = -132.8720 to 205.1673 + 279.5880 - 58.4512
 * = 426.3041. */
static void test_three_players_places_and_shared_first(void **state)
{
    (void)state;
    game_result results[3] = {
        {3, {0, 1, 2}, {10, 30, 20}, {3, 1, 2}, -1},
        {3, {1, 2, 0}, {25, 25, 5}, {1, 1, 3}, -1},
        {3, {2, 0, 1}, {40, 6, 3}, {1, 2, 3}, 2},
    };
    standing rows[4]; /* participant 3 never plays */
    assert_int_equal(table_compute(results, 3, 4, 0, rows), 0);

    const int places[3][3] = {{0, 1, 2}, {2, 0, 1}, {2, 1, 0}};
    const double scores[3] = {1.0 / 6.0, 7.0 / 12.0, 0.75};
    const double ranks[3] = {8.0 / 3.0, 5.0 / 3.0, 4.0 / 3.0};
    const double fish[3] = {21.0 / 3.0, 58.0 / 3.0, 85.0 / 3.0};
    for (int p = 0; p < 3; p++) {
        assert_int_equal(rows[p].games, 3);
        for (int k = 0; k < 3; k++)
            assert_int_equal(rows[p].places[k], places[p][k]);
        assert_float_equal(rows[p].score, scores[p], EPS);
        assert_float_equal(rows[p].mean_rank, ranks[p], EPS);
        assert_float_equal(rows[p].mean_fish, fish[p], EPS);
    }
    assert_int_equal(rows[1].wins, 1);
    assert_int_equal(rows[1].draws, 1);
    assert_int_equal(rows[1].losses, 1);
    assert_int_equal(rows[1].forfeits, 1);
    assert_int_equal(rows[0].forfeits, 0);
    assert_int_equal(rows[2].wins, 1);
    assert_int_equal(rows[2].draws, 1);
    assert_int_equal(rows[0].losses, 3);

    assert_float_equal(rows[1].elo, 205.167287, 1e-5);
    assert_float_equal(rows[2].elo, 293.432145, 1e-5);
    assert_float_equal(rows[1].score_se, 0.245327, 1e-6);
    assert_float_equal(rows[1].elo_low, -132.872, 1e-3);
    assert_float_equal(rows[1].elo_high, 426.304, 1e-3);

    assert_int_equal(rows[3].games, 0);
    assert_false(rows[3].rated);
}

/* A wins both its games against random: score 1, moved in to 1 - 1/4 =
 * 0.75, so Elo D(0.75) = 190.85. No spread was seen, so the variance is
 * 0.75 * 0.25 = 0.1875: standard error sqrt(0.1875 / 2) = 0.306186, 1.96 of
 * them 0.600125; s +- that, moved in to [0.25, 0.75], gives the interval
 * [190.85 + D(0.25) - D(0.75), 190.85] = [-190.85, 190.85]. */
static void test_a_clean_sweep_still_has_an_interval(void **state)
{
    (void)state;
    game_result results[2] = {duel(1, 0, 1, 2), duel(0, 1, 2, 1)};
    standing rows[2];
    assert_int_equal(table_compute(results, 2, 2, 0, rows), 0);
    assert_float_equal(rows[1].score, 1.0, EPS);
    assert_float_equal(rows[1].score_se, 0.306186, 1e-6);
    assert_float_equal(rows[1].elo, 190.848502, 1e-5);
    assert_float_equal(rows[1].elo_low, -190.848502, 1e-5);
    assert_float_equal(rows[1].elo_high, 190.848502, 1e-5);
}

static void test_bad_results_are_refused(void **state)
{
    (void)state;
    standing rows[2];
    game_result r = duel(0, 2, 1, 2); /* participant 2 of 2 */
    assert_int_equal(table_compute(&r, 1, 2, 0, rows), -1);
    r = duel(0, 1, 0, 1); /* place 0 */
    assert_int_equal(table_compute(&r, 1, 2, 0, rows), -1);
    r = duel(0, 1, 1, 3); /* place 3 of 2 */
    assert_int_equal(table_compute(&r, 1, 2, 0, rows), -1);
    r.seats = 5;
    assert_int_equal(table_compute(&r, 1, 2, 0, rows), -1);
    r = duel(0, 1, 1, 2);
    assert_int_equal(table_compute(&r, 1, 2, 2, rows), -1); /* anchor out of range */
    assert_int_equal(table_compute(NULL, 1, 2, 0, rows), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_of_score),
        cmocka_unit_test(test_two_players_against_the_anchor),
        cmocka_unit_test(test_round_robin_solves_for_every_rating),
        cmocka_unit_test(test_three_players_places_and_shared_first),
        cmocka_unit_test(test_a_clean_sweep_still_has_an_interval),
        cmocka_unit_test(test_bad_results_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
