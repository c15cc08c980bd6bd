/* SPDX-License-Identifier: MIT */
/*
 * table.h: the arithmetic of a tournament's table, from the results of its
 * games: wins, draws, places, mean fish and rank, the score and an Elo
 * rating with a 95 % interval. No input or output: tests feed it results
 * worked out by hand (tests/tournament/test_table.c).
 *
 * The method (also in examples/README.md):
 *
 * - A game of K players counts as K (K - 1) / 2 pairwise encounters: the
 *   better placed of two players scores 1, the worse 0, two players of one
 *   place 1/2 each. A player's game score is its mean over its K - 1
 *   opponents (1 for first place alone, 0 for last alone); its score s is
 *   the mean game score over its games. With two players this is the usual
 *   1 for a win, 1/2 for a draw.
 * - The Elo rating R solves, for every rated player i but the anchor,
 *   R_i = (mean rating of i's opponents, weighted by encounters) + D(s_i),
 *   with D(s) = 400 log10(s / (1 - s)) (the logistic formula inverted), and
 *   R_anchor = 0. A score of 0 or 1 is first moved half a game inwards
 *   (to 1 / (2 n) or 1 - 1 / (2 n) for n games), which keeps D finite.
 * - The 95 % interval: the standard error of s is the standard deviation of
 *   the game scores (population form) over the square root of the games;
 *   s +- 1.96 standard errors, moved inwards as above, map through D around
 *   R_i: [R_i + D(s_lo) - D(s), R_i + D(s_hi) - D(s)]. When every game
 *   had the same result (no spread seen), the variance is that of the score
 *   moved inwards, s (1 - s). The opponents' ratings are taken as exact, so
 *   the interval is that of a performance against this field. The anchor
 *   has no interval.
 * - Players not linked to the anchor by any chain of games have no rating.
 */
#ifndef PACKEIS_TOURNAMENT_TABLE_H
#define PACKEIS_TOURNAMENT_TABLE_H

#include <stddef.h>

#include <packeis/packeis.h>

/* The outcome of one game: who sat where, and how each seat ended. */
typedef struct game_result {
    int seats;                            /* players in the game, 2 ... 4 */
    int participant[PACKEIS_MAX_PLAYERS]; /* who sat in each seat (0 ... n-1) */
    int fish[PACKEIS_MAX_PLAYERS];
    int rank[PACKEIS_MAX_PLAYERS]; /* 1 ... seats, shared places as packeis_game_rank() */
    int forfeit_seat;              /* the seat that forfeited, or -1 */
} game_result;

/* One row of the table. */
typedef struct standing {
    int games;
    int wins;                        /* first place alone */
    int draws;                       /* first place shared */
    int losses;                      /* any other place */
    int forfeits;                    /* games lost by forfeit */
    int places[PACKEIS_MAX_PLAYERS]; /* games finished at place 1, 2, ... (shared counted) */
    double mean_fish;
    double mean_rank;
    double score;    /* mean game score, 0 ... 1 */
    double score_se; /* its standard error */
    int rated;       /* elo is meaningful */
    int interval;    /* elo_low and elo_high are meaningful (not the anchor) */
    double elo, elo_low, elo_high;
} standing;

/* 400 log10(s / (1 - s)): the Elo difference that makes s the expected score. */
double table_elo_of_score(double score);

/* Fills rows[0 ... participants-1] from `count` results. The anchor is the
 * participant rated 0 (random). Returns 0, or -1 for a result naming a
 * participant out of range, a bad seat count or rank, or out of memory. */
int table_compute(const game_result *results, size_t count, int participants, int anchor,
                  standing *rows);

#endif
