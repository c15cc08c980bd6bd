/* SPDX-License-Identifier: MIT */
/* schedule.c: the games of a tournament (schedule.h). */
#include "schedule.h"

#include <stdlib.h>

/* SplitMix64's output function (as the library's generators use it). */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

#define GOLDEN 0x9E3779B97F4A7C15u

uint64_t schedule_board_seed(uint64_t seed, int board)
{
    return mix(seed + GOLDEN * ((uint64_t)board + 1));
}

uint64_t schedule_player_seed(uint64_t seed, size_t game, int seat)
{
    return mix(mix(seed ^ 0x706C61796572u) +
               GOLDEN * ((uint64_t)game * 4 + (uint64_t)seat + 1));
}

/* The next K-combination of 0 ... n-1 in lexicographic order; 0 after the
 * last. */
static int next_group(int *group, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && group[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    group[i]++;
    for (int j = i + 1; j < k; j++)
        group[j] = group[j - 1] + 1;
    return 1;
}

/* The next permutation of `order` in lexicographic order; 0 after the last. */
static int next_order(int *order, int k)
{
    int i = k - 2;
    while (i >= 0 && order[i] >= order[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = k - 1;
    while (order[j] <= order[i])
        j--;
    int t = order[i];
    order[i] = order[j];
    order[j] = t;
    for (int a = i + 1, b = k - 1; a < b; a++, b--)
        t = order[a], order[a] = order[b], order[b] = t;
    return 1;
}

static size_t orders_per_board(const schedule_setup *setup)
{
    size_t n = 1;
    if (setup->rotations)
        return (size_t)setup->seats;
    for (int i = 2; i <= setup->seats; i++)
        n *= (size_t)i;
    return n;
}

/* The seat orders of one group: every permutation (lexicographic, starting
 * with the group's own order), or the rotations. */
static size_t fill_orders(const schedule_setup *setup, int orders[][PACKEIS_MAX_PLAYERS])
{
    int k = setup->seats, order[PACKEIS_MAX_PLAYERS];
    size_t n = 0;
    for (int i = 0; i < k; i++)
        order[i] = i;
    if (setup->rotations) {
        for (int r = 0; r < k; r++, n++)
            for (int i = 0; i < k; i++)
                orders[n][i] = (i + r) % k;
        return n;
    }
    do {
        for (int i = 0; i < k; i++)
            orders[n][i] = order[i];
        n++;
    } while (next_order(order, k));
    return n;
}

planned_game *schedule_games(const schedule_setup *setup, size_t *count)
{
    int k = setup->seats, n = setup->participants, group[PACKEIS_MAX_PLAYERS];
    int orders[24][PACKEIS_MAX_PLAYERS];
    *count = 0;
    if (k < PACKEIS_MIN_PLAYERS || k > PACKEIS_MAX_PLAYERS || n < k || setup->boards < 1)
        return NULL;
    size_t order_count = fill_orders(setup, orders), groups = 0;
    for (int i = 0; i < k; i++)
        group[i] = i;
    do
        groups += !setup->gauntlet || group[0] == 0;
    while (next_group(group, k, n));
    size_t total = groups * (size_t)setup->boards * orders_per_board(setup);
    planned_game *games = calloc(total, sizeof *games);
    if (!games)
        return NULL;
    for (int i = 0; i < k; i++)
        group[i] = i;
    size_t g = 0;
    do {
        if (setup->gauntlet && group[0] != 0)
            continue;
        for (int b = 0; b < setup->boards; b++)
            for (size_t o = 0; o < order_count; o++, g++) {
                planned_game *game = &games[g];
                game->seats = k;
                game->board = b;
                game->board_seed = schedule_board_seed(setup->seed, b);
                game->variants = setup->variants;
                for (int s = 0; s < k; s++) {
                    game->participant[s] = group[orders[o][s]];
                    game->player_seed[s] = schedule_player_seed(setup->seed, g, s);
                }
            }
    } while (next_group(group, k, n));
    *count = total;
    return games;
}
