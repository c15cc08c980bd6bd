/* SPDX-License-Identifier: MIT */
/* table.c: the table of a tournament from its results (see table.h). */
#include "table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The z value of a two-sided 95 % interval of a normal distribution. */
#define Z95 1.959963984540054

double table_elo_of_score(double score) { return 400.0 * log10(score / (1.0 - score)); }

/* A score of 0 or 1 moved half a game inwards, so that its Elo is finite. */
static double inwards(double score, int games)
{
    double margin = 0.5 / games;
    if (score < margin)
        return margin;
    if (score > 1.0 - margin)
        return 1.0 - margin;
    return score;
}

static int valid(const game_result *r, int participants)
{
    if (r->seats < PACKEIS_MIN_PLAYERS || r->seats > PACKEIS_MAX_PLAYERS)
        return 0;
    for (int s = 0; s < r->seats; s++)
        if (r->participant[s] < 0 || r->participant[s] >= participants || r->rank[s] < 1 ||
            r->rank[s] > r->seats)
            return 0;
    return 1;
}

/* The game score of seat s: its mean pairwise result against the others. */
static double game_score(const game_result *r, int s)
{
    double points = 0;
    for (int o = 0; o < r->seats; o++)
        if (o != s)
            points += r->rank[s] < r->rank[o] ? 1.0 : r->rank[s] == r->rank[o] ? 0.5 : 0.0;
    return points / (r->seats - 1);
}

static void count_game(const game_result *r, standing *rows, double *square_sums)
{
    for (int s = 0; s < r->seats; s++) {
        standing *row = &rows[r->participant[s]];
        int shared = 0;
        for (int o = 0; o < r->seats; o++)
            shared += o != s && r->rank[o] == r->rank[s];
        row->games++;
        row->places[r->rank[s] - 1]++;
        if (r->rank[s] == 1 && !shared)
            row->wins++;
        else if (r->rank[s] == 1)
            row->draws++;
        else
            row->losses++;
        row->forfeits += r->forfeit_seat == s;
        row->mean_fish += r->fish[s];
        row->mean_rank += r->rank[s];
        double g = game_score(r, s);
        row->score += g;
        square_sums[r->participant[s]] += g * g;
    }
}

/* Which participants a chain of games links to the anchor. */
static void link_to_anchor(const double *encounters, int n, int anchor, int *linked)
{
    int changed = 1;
    for (int i = 0; i < n; i++)
        linked[i] = i == anchor;
    while (changed) {
        changed = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n && !linked[i]; j++)
                if (linked[j] && encounters[i * n + j] > 0)
                    linked[i] = changed = 1;
    }
}

/* Solves a x = b (n x n, row-major) by Gaussian elimination with partial
 * pivoting; a and b are overwritten, x receives the solution. -1 if a is
 * singular. */
static int solve(double *a, double *b, double *x, int n)
{
    for (int c = 0; c < n; c++) {
        int pivot = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[pivot * n + c]))
                pivot = r;
        if (fabs(a[pivot * n + c]) < 1e-12)
            return -1;
        for (int k = 0; k < n; k++) {
            double t = a[c * n + k];
            a[c * n + k] = a[pivot * n + k];
            a[pivot * n + k] = t;
        }
        double t = b[c];
        b[c] = b[pivot];
        b[pivot] = t;
        for (int r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (int k = c; k < n; k++)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (int r = n - 1; r >= 0; r--) {
        double sum = b[r];
        for (int k = r + 1; k < n; k++)
            sum -= a[r * n + k] * x[k];
        x[r] = sum / a[r * n + r];
    }
    return 0;
}

/* R_i - sum_j w_ij R_j = D(s_i) for linked i but the anchor; R_i = 0 for
 * the anchor and for players without a rating. */
static int rate(standing *rows, const double *encounters, int n, int anchor)
{
    double *a = calloc((size_t)n * (size_t)n, sizeof *a);
    double *b = calloc((size_t)n, sizeof *b), *x = calloc((size_t)n, sizeof *x);
    int *linked = calloc((size_t)n, sizeof *linked);
    int status = -1;
    if (!a || !b || !x || !linked)
        goto done;
    link_to_anchor(encounters, n, anchor, linked);
    for (int i = 0; i < n; i++) {
        a[i * n + i] = 1.0;
        if (i == anchor || !linked[i])
            continue;
        double total = 0;
        for (int j = 0; j < n; j++)
            total += encounters[i * n + j];
        for (int j = 0; j < n; j++)
            a[i * n + j] -= encounters[i * n + j] / total;
        b[i] = table_elo_of_score(inwards(rows[i].score, rows[i].games));
    }
    if (solve(a, b, x, n) != 0)
        goto done;
    for (int i = 0; i < n; i++) {
        standing *row = &rows[i];
        row->rated = linked[i];
        row->interval = linked[i] && i != anchor;
        if (!row->rated)
            continue;
        row->elo = x[i];
        if (!row->interval)
            continue;
        double s = inwards(row->score, row->games);
        double margin = Z95 * row->score_se;
        row->elo_low =
            x[i] + table_elo_of_score(inwards(s - margin, row->games)) - table_elo_of_score(s);
        row->elo_high =
            x[i] + table_elo_of_score(inwards(s + margin, row->games)) - table_elo_of_score(s);
    }
    status = 0;
done:
    free(a);
    free(b);
    free(x);
    free(linked);
    return status;
}

int table_compute(const game_result *results, size_t count, int participants, int anchor,
                  standing *rows)
{
    if (participants < 1 || anchor < 0 || anchor >= participants || (count && !results) ||
        !rows)
        return -1;
    for (size_t g = 0; g < count; g++)
        if (!valid(&results[g], participants))
            return -1;
    int n = participants;
    double *encounters = calloc((size_t)n * (size_t)n, sizeof *encounters);
    double *square_sums = calloc((size_t)n, sizeof *square_sums);
    if (!encounters || !square_sums) {
        free(encounters);
        free(square_sums);
        return -1;
    }
    memset(rows, 0, (size_t)n * sizeof *rows);
    for (size_t g = 0; g < count; g++) {
        const game_result *r = &results[g];
        count_game(r, rows, square_sums);
        for (int s = 0; s < r->seats; s++)
            for (int o = 0; o < r->seats; o++)
                if (o != s)
                    encounters[r->participant[s] * n + r->participant[o]] += 1.0;
    }
    for (int i = 0; i < n; i++) {
        standing *row = &rows[i];
        if (row->games == 0)
            continue;
        row->mean_fish /= row->games;
        row->mean_rank /= row->games;
        row->score /= row->games;
        double variance = square_sums[i] / row->games - row->score * row->score;
        if (variance <= 1e-12) {
            /* Every game the same result: no spread was seen, which is no
             * proof of none. Take that of the score moved inwards. */
            double s = inwards(row->score, row->games);
            variance = s * (1.0 - s);
        }
        row->score_se = sqrt(variance) / sqrt(row->games);
    }
    int status = rate(rows, encounters, n, anchor);
    free(encounters);
    free(square_sums);
    return status;
}
