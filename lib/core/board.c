/* SPDX-License-Identifier: MIT */
/* The standard board and its seeded shuffle (doc/rules.md, "The standard
 * board", "Fish and the shuffle"); the one validator of custom layouts
 * (doc/rules.md, "Custom layouts"). */
#include <string.h>

#include "internal.h"
#include "rng.h"

/* The shuffle, documented and frozen within a major version: start from the
 * fish list 30 x 1, 20 x 2, 10 x 3 in that order; for i = 59 down to 1, swap
 * entries i and j = below(i + 1), where below() is pk_rng_below() on a
 * SplitMix64 generator whose state starts at the seed. Cell i gets entry i. */
enum { PK_STANDARD_SHORT_ROW = 7 }; /* floes in an even row */

#define PK_TEN(f) f, f, f, f, f, f, f, f, f, f
static const uint8_t pk_fish_list[PK_STANDARD_CELLS] = {
    PK_TEN(1), PK_TEN(1), PK_TEN(1), PK_TEN(2), PK_TEN(2), PK_TEN(3),
};

/* In bytes: packeis_game_reset() runs this for every game. */
void pk_standard_fish(uint8_t *fish, uint64_t seed)
{
    memcpy(fish, pk_fish_list, sizeof pk_fish_list);
    pk_rng rng = {seed};
    for (int i = PK_STANDARD_CELLS - 1; i > 0; i--) {
        int j = (int)pk_rng_below(&rng, (uint32_t)i + 1);
        uint8_t held = fish[i];
        fish[i] = fish[j];
        fish[j] = held;
    }
}

void pk_standard_board(int *x, int *y, int *fish, uint64_t seed)
{
    int c = 0;
    for (int row = 0; row < PK_STANDARD_ROWS; row++) {
        int odd = row & 1; /* odd rows are the long ones, one floe more */
        for (int col = 0; col < PK_STANDARD_SHORT_ROW + odd; col++, c++) {
            x[c] = 2 * col + 1 - odd;
            y[c] = row;
        }
    }
    uint8_t shuffled[PK_STANDARD_CELLS];
    pk_standard_fish(shuffled, seed);
    for (int i = 0; i < PK_STANDARD_CELLS; i++)
        fish[i] = shuffled[i];
}

static int pk_before(const int *x, const int *y, int a, int b)
{
    return y[a] < y[b] || (y[a] == y[b] && x[a] < x[b]);
}

static void pk_swap(int *values, int a, int b)
{
    int held = values[a];
    values[a] = values[b];
    values[b] = held;
}

/* Insertion sort into reading order: at most 64 cells. */
static void pk_sort_cells(int *x, int *y, int *fish, int count)
{
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && pk_before(x, y, j, j - 1); j--) {
            pk_swap(x, j, j - 1);
            pk_swap(y, j, j - 1);
            pk_swap(fish, j, j - 1);
        }
}

/* After pk_sort_cells(), equal cells are next to each other. */
static int pk_has_duplicate(const int *x, const int *y, int count)
{
    for (int i = 1; i < count; i++)
        if (x[i] == x[i - 1] && y[i] == y[i - 1])
            return 1;
    return 0;
}

/* Every fault but duplicates, which need the sorted order. Each fault is
 * looked for over all cells before the next, so the status reported does not
 * depend on the order of the cells. */
static packeis_status pk_layout_check(const int *x, const int *y, const int *fish, size_t count)
{
    if (!x || !y || !fish)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (count == 0)
        return PACKEIS_E_NO_CELLS;
    if (count > PACKEIS_MAX_CELLS)
        return PACKEIS_E_TOO_MANY_CELLS;
    for (size_t i = 0; i < count; i++)
        if (!pk_coord_in_range(x[i]) || !pk_coord_in_range(y[i]))
            return PACKEIS_E_COORD_OUT_OF_RANGE;
    for (size_t i = 0; i < count; i++)
        if (!pk_fish_in_range(fish[i]))
            return PACKEIS_E_FISH_OUT_OF_RANGE;
    for (size_t i = 0; i < count; i++)
        if (!pk_same_parity(x[0], y[0], x[i], y[i]))
            return PACKEIS_E_MIXED_PARITY;
    return PACKEIS_OK;
}

packeis_status pk_layout_validate(const int *x, const int *y, const int *fish, size_t count,
                                  int *sx, int *sy, int *sfish)
{
    packeis_status status = pk_layout_check(x, y, fish, count);
    if (status != PACKEIS_OK)
        return status;
    memcpy(sx, x, count * sizeof *x);
    memcpy(sy, y, count * sizeof *y);
    memcpy(sfish, fish, count * sizeof *fish);
    pk_sort_cells(sx, sy, sfish, (int)count);
    return pk_has_duplicate(sx, sy, (int)count) ? PACKEIS_E_DUPLICATE_CELL : PACKEIS_OK;
}
