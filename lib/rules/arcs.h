/* SPDX-License-Identifier: MIT */
/* The arc test of doc/rules.md, "Floes out of play": after a slide from a
 * floe, can a free floe have lost its link to every penguin? Only if the
 * floes still around the origin form two or more separate arcs. Decided here
 * once; core/layout.c tabulates it per cell for the kernels with PEXT, the
 * others call it directly. */
#ifndef PK_ARCS_H
#define PK_ARCS_H

#include "packeis/packeis.h"

/* `ring`: bit d set when the neighbour in direction d (a packeis_direction,
 * counter-clockwise) is on the board. An arc starts at a present neighbour
 * whose clockwise predecessor is missing; two starts make two arcs. */
static inline int pk_ring_splits(unsigned ring)
{
    const unsigned last = PACKEIS_DIRECTION_COUNT - 1;
    const unsigned all = (1u << PACKEIS_DIRECTION_COUNT) - 1;
    unsigned arc_starts = ring & ~((ring << 1) | (ring >> last)) & all;
    return (arc_starts & (arc_starts - 1)) != 0;
}

#endif /* PK_ARCS_H */
