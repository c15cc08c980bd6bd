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
 * cell of its rays; every other cell (and "no penguin", p = 64) the last
 * row, which keeps everything. After every cell's rays. */
static void pk_layout_cuts(pk_layout *layout)
{
    const int keep_all = PACKEIS_DIRECTION_COUNT * PACKEIS_MAX_CELLS;
    for (int c = 0; c < PACKEIS_MAX_CELLS; c++)
        layout->short_of[keep_all + c] = ~(uint64_t)0;
    for (int c = 0; c < PACKEIS_MAX_CELLS; c++)
        for (int p = 0; p <= PACKEIS_MAX_CELLS; p++)
            layout->cut_of[c][p] = (uint16_t)(keep_all + c);
    for (int p = 0; p < layout->cells; p++)
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            for (uint64_t ray = layout->ray[d][p]; ray; ray &= ray - 1) {
                int c = __builtin_ctzll(ray);
                layout->cut_of[c][p] = (uint16_t)(d * PACKEIS_MAX_CELLS + c);
            }
}

/* Along an axis, the cells of a penguin's line in index order: its falling
 * ray (west, north-east, north-west), then the growing one (east,
 * south-west, south-east). */
static const int pk_axis_falling[PK_AXIS_COUNT] = {
    PACKEIS_DIRECTION_WEST, PACKEIS_DIRECTION_NORTH_EAST, PACKEIS_DIRECTION_NORTH_WEST};
static const int pk_axis_growing[PK_AXIS_COUNT] = {
    PACKEIS_DIRECTION_EAST, PACKEIS_DIRECTION_SOUTH_WEST, PACKEIS_DIRECTION_SOUTH_EAST};

/* line_reach (see pk_layout): for a penguin at place `at` among the cells
 * of its line and the blockers `occupied` among them, the places it can
 * slide to, up and down from it until a blocker. */
static void pk_layout_line_reach(pk_layout *layout)
{
    uint8_t *entry = layout->line_reach;
    for (unsigned at = 0; at <= PK_LINE_MAX; at++)
        for (unsigned occupied = 0; occupied < (1u << PK_LINE_MAX); occupied++) {
            unsigned reach = 0;
            for (unsigned up = at; up < PK_LINE_MAX && !(occupied >> up & 1u); up++)
                reach |= 1u << up;
            for (unsigned down = at; down > 0 && !(occupied >> (down - 1) & 1u); down--)
                reach |= 1u << (down - 1);
            *entry++ = (uint8_t)reach;
        }
}

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
    pk_layout_line_reach(layout);
}
