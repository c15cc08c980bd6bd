/* SPDX-License-Identifier: MIT */
/* Geometry of a layout: neighbours, rays, bounds and the arc-test table,
 * computed once per layout. */
#include <string.h>

#include "arcs.h"
#include "internal.h"

static const int pk_dx[PACKEIS_DIRECTION_COUNT] = {2, 1, -1, -2, -1, 1};
static const int pk_dy[PACKEIS_DIRECTION_COUNT] = {0, -1, -1, 0, 1, 1};

/* Cells are in reading order, so a binary search on (y, x) finds one. */
int pk_layout_find(const pk_layout *layout, int x, int y)
{
    int low = 0, high = layout->cells - 1;
    while (low <= high) {
        int mid = low + (high - low) / 2;
        int32_t my = layout->y[mid], mx = layout->x[mid];
        if (my == y && mx == x)
            return mid;
        if (my < y || (my == y && mx < x))
            low = mid + 1;
        else
            high = mid - 1;
    }
    return PK_NO_CELL;
}

static void pk_layout_link(pk_layout *layout, int cell)
{
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        int n = pk_layout_find(layout, layout->x[cell] + pk_dx[d], layout->y[cell] + pk_dy[d]);
        layout->neighbor[cell][d] = (int8_t)n;
        if (n != PK_NO_CELL)
            layout->adjacent[cell] |= (uint64_t)1 << n;
    }
}

/* A ray runs from a cell's neighbour while the layout has cells in line. */
static void pk_layout_cast(pk_layout *layout, int cell)
{
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        uint64_t ray = 0;
        for (int n = layout->neighbor[cell][d]; n != PK_NO_CELL; n = layout->neighbor[n][d])
            ray |= (uint64_t)1 << n;
        layout->ray[d][cell] = ray;
        layout->short_of[d * PACKEIS_MAX_CELLS + cell] = ~(ray | (uint64_t)1 << cell);
    }
}

/* cut_of (see pk_layout): for a penguin on p, the direction from p of each
 * cell of its rays; every other cell (and the row of padding) the last
 * entry of short_of, which keeps everything. After every cell's rays. */
static void pk_layout_cuts(pk_layout *layout)
{
    const int keep_all = PACKEIS_DIRECTION_COUNT * PACKEIS_MAX_CELLS;
    layout->short_of[keep_all] = ~(uint64_t)0;
    for (int c = 0; c <= PACKEIS_MAX_CELLS; c++)
        for (int p = 0; p < PACKEIS_MAX_CELLS; p++)
            layout->cut_of[c * PACKEIS_MAX_CELLS + p] = (uint16_t)keep_all;
    for (int p = 0; p < layout->cells; p++)
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            for (uint64_t ray = layout->ray[d][p]; ray; ray &= ray - 1) {
                int c = __builtin_ctzll(ray);
                layout->cut_of[c * PACKEIS_MAX_CELLS + p] =
                    (uint16_t)(d * PACKEIS_MAX_CELLS + c);
            }
}

/* Along an axis, the cells of a penguin's line in index order: its falling
 * ray (west, north-east, north-west), then the growing one (east,
 * south-west, south-east). */
static const int pk_axis_falling[PK_AXIS_COUNT] = {
    PACKEIS_DIRECTION_WEST, PACKEIS_DIRECTION_NORTH_EAST, PACKEIS_DIRECTION_NORTH_WEST};
static const int pk_axis_growing[PK_AXIS_COUNT] = {
    PACKEIS_DIRECTION_EAST, PACKEIS_DIRECTION_SOUTH_WEST, PACKEIS_DIRECTION_SOUTH_EAST};

/* pk_line_reach (internal.h), spelled out at compile time: for a penguin
 * at place `at` (0 to 8) of a line and the blockers `o` (8 bits) on it, the
 * places from `at` up to the first blocker above (bit 8 stands for the end
 * of the line: PDEP drops the places the line does not have), and from
 * at - 1 down to the first blocker below. */
#define PK_BELOW(at)    ((1u << (at)) - 1u)
#define PK_ABOVE(at, o) (((o) | 0x100u) & ~PK_BELOW(at)) /* blockers from `at` up */
#define PK_UP(at, o)    ((PK_ABOVE(at, o) & (0u - PK_ABOVE(at, o))) - (1u << (at)))
#define PK_SMEAR(b)                                                                            \
    ((b) | (b) >> 1 | (b) >> 2 | (b) >> 3 | (b) >> 4 | (b) >> 5 | (b) >> 6 | (b) >> 7)
#define PK_DOWN(at, o)  (PK_BELOW(at) & ~PK_SMEAR((o)&PK_BELOW(at)))
#define PK_REACH(at, o) (uint8_t)(PK_UP(at, o) | PK_DOWN(at, o))
#define PK_REACH_4(at, o)                                                                      \
    PK_REACH(at, o), PK_REACH(at, (o) + 1), PK_REACH(at, (o) + 2), PK_REACH(at, (o) + 3)
#define PK_REACH_16(at, o)                                                                     \
    PK_REACH_4(at, o), PK_REACH_4(at, (o) + 4), PK_REACH_4(at, (o) + 8),                       \
        PK_REACH_4(at, (o) + 12)
#define PK_REACH_64(at, o)                                                                     \
    PK_REACH_16(at, o), PK_REACH_16(at, (o) + 16), PK_REACH_16(at, (o) + 32),                  \
        PK_REACH_16(at, (o) + 48)
#define PK_REACH_ROW(at)                                                                       \
    PK_REACH_64(at, 0), PK_REACH_64(at, 64), PK_REACH_64(at, 128), PK_REACH_64(at, 192)

const uint8_t pk_line_reach[(PK_LINE_MAX + 1) << PK_LINE_MAX] = {
    PK_REACH_ROW(0), PK_REACH_ROW(1), PK_REACH_ROW(2), PK_REACH_ROW(3), PK_REACH_ROW(4),
    PK_REACH_ROW(5), PK_REACH_ROW(6), PK_REACH_ROW(7), PK_REACH_ROW(8),
};

/* line and line_row (see pk_layout), after the rays. */
static void pk_layout_lines(pk_layout *layout, int cell)
{
    for (int a = 0; a < PK_AXIS_COUNT; a++) {
        uint64_t falling = layout->ray[pk_axis_falling[a]][cell];
        uint64_t line = falling | layout->ray[pk_axis_growing[a]][cell];
        layout->line[cell][a] = line;
        layout->line_row[cell][a] = (uint16_t)(__builtin_popcountll(falling) << PK_LINE_MAX);
        if (__builtin_popcountll(line) > PK_LINE_MAX)
            layout->lines_fit = 0;
    }
}

/* The arc test (arcs.h) for every pattern of present neighbours of a cell,
 * so that a kernel with PEXT needs a single look-up. */
static void pk_layout_split_patterns(pk_layout *layout, int cell)
{
    /* Neighbours in index order are north-west, north-east, west, east,
     * south-west, south-east; compressed patterns skip missing ones. */
    static const int index_order[PACKEIS_DIRECTION_COUNT] = {
        PACKEIS_DIRECTION_NORTH_WEST, PACKEIS_DIRECTION_NORTH_EAST,
        PACKEIS_DIRECTION_WEST,       PACKEIS_DIRECTION_EAST,
        PACKEIS_DIRECTION_SOUTH_WEST, PACKEIS_DIRECTION_SOUTH_EAST};
    int directions[PACKEIS_DIRECTION_COUNT], present = 0;
    for (int i = 0; i < PACKEIS_DIRECTION_COUNT; i++)
        if (layout->neighbor[cell][index_order[i]] != PK_NO_CELL)
            directions[present++] = index_order[i];
    for (unsigned pattern = 0; pattern < (1u << present); pattern++) {
        unsigned ring = 0;
        for (int i = 0; i < present; i++)
            ring |= ((pattern >> i) & 1u) << directions[i];
        if (pk_ring_splits(ring))
            layout->split_patterns[cell] |= (uint64_t)1 << pattern;
    }
}

/* Computed once per layout, for callers that frame or name the cells. */
static void pk_layout_measure(pk_layout *layout)
{
    pk_bounds *bounds = &layout->bounds;
    bounds->min_x = bounds->max_x = layout->x[0];
    bounds->min_y = layout->y[0]; /* reading order: the first row first */
    bounds->max_y = layout->y[layout->cells - 1];
    for (int c = 1; c < layout->cells; c++) {
        if (layout->x[c] < bounds->min_x)
            bounds->min_x = layout->x[c];
        if (layout->x[c] > bounds->max_x)
            bounds->max_x = layout->x[c];
    }
}

void pk_layout_build(pk_layout *layout, const int *x, const int *y, int cells)
{
    memset(layout, 0, sizeof *layout);
    layout->cells = cells;
    layout->all = cells == PACKEIS_MAX_CELLS ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;
    for (int c = 0; c < cells; c++) {
        layout->x[c] = x[c];
        layout->y[c] = y[c];
    }
    pk_layout_measure(layout);
    for (int c = 0; c < cells; c++)
        pk_layout_link(layout, c);
    for (int c = 0; c < cells; c++) {
        pk_layout_cast(layout, c);
        pk_layout_split_patterns(layout, c);
    }
    pk_layout_cuts(layout);
    layout->lines_fit = 1;
    for (int c = 0; c < cells; c++)
        pk_layout_lines(layout, c);
}
