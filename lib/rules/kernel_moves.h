/* SPDX-License-Identifier: MIT */
/* Move generation: the destinations of a penguin (ray masks and the first
 * blocker), move counts and legal move lists.
 * Part of the kernel: included once per instruction set through kernel.h,
 * never on its own. */
#ifndef PK_KERNEL_TABLE
#    error "include kernel.h, not kernel_moves.h"
#endif

/* The cells of a falling ray beyond its first blocker's highest bit. With
 * LZCNT this is one shift: a falling ray never holds cell 63 (its cells lie
 * below its origin), so the shift stays below 64, and an empty set shifts by
 * 0, keeping the whole ray. */
#if defined(__LZCNT__)
static inline uint64_t k_above_highest(uint64_t set)
{
    return ~(uint64_t)0 << (64 - _lzcnt_u64(set));
}
#else
#    define k_above_highest pk_above_highest
#endif

/* Along east, south-west and south-east, cell indices grow (reading order);
 * along the other three they fall. */
static inline int k_growing(int direction)
{
    return direction == PACKEIS_DIRECTION_EAST || direction >= PACKEIS_DIRECTION_SOUTH_WEST;
}

/* The cells before the first blocker on one ray: a growing ray meets it at
 * its lowest bit, a falling ray at its highest. */
static inline uint64_t k_ray_reach(const pk_layout *lay, int cell, int direction,
                                   uint64_t blockers)
{
    uint64_t ray = lay->ray[direction][cell];
    return ray & (k_growing(direction) ? pk_below_lowest(ray & blockers)
                                       : k_above_highest(ray & blockers));
}

/* Cells a penguin on `cell` can slide to when `blockers` stop it. */
static inline uint64_t k_reach_blocked(const pk_layout *lay, int cell, uint64_t blockers)
{
    return k_ray_reach(lay, cell, PACKEIS_DIRECTION_EAST, blockers) |
           k_ray_reach(lay, cell, PACKEIS_DIRECTION_NORTH_EAST, blockers) |
           k_ray_reach(lay, cell, PACKEIS_DIRECTION_NORTH_WEST, blockers) |
           k_ray_reach(lay, cell, PACKEIS_DIRECTION_WEST, blockers) |
           k_ray_reach(lay, cell, PACKEIS_DIRECTION_SOUTH_WEST, blockers) |
           k_ray_reach(lay, cell, PACKEIS_DIRECTION_SOUTH_EAST, blockers);
}

static inline uint64_t k_blockers(const pk_state *st)
{
    return ~st->floes | pk_all_penguins(st);
}

static uint64_t k_reach(const pk_layout *lay, const pk_state *st, int cell)
{
    return k_reach_blocked(lay, cell, k_blockers(st));
}

/* The destinations of the penguin on each cell, kept across the actions of
 * a playout. Along one line of play, blocked cells (gaps and penguins) only
 * ever grow, so an entry computed earlier is still exact as long as none of
 * its cells has become blocked since: most penguins need no new rays after a
 * move. A cell holds at most one penguin in a game (it leaves a gap), so
 * entries never go to the wrong penguin. All ones marks an unknown entry: it
 * always meets the blockers, which include the penguin's own cell. */
typedef struct k_reach_cache {
    uint64_t reach[PACKEIS_MAX_CELLS];
} k_reach_cache;

/* The move count of a player's penguins from the cache, refreshing the
 * stale entries: a first pass without data-dependent branches finds them (a
 * cell set), a second recomputes only those (usually none or one). */
static inline size_t k_cached_move_count(const pk_layout *lay, uint64_t penguins,
                                         uint64_t blockers, k_reach_cache *cache)
{
    size_t count = 0;
    uint64_t stale = 0;
    for (uint64_t set = penguins; set; set &= set - 1) {
        int cell = pk_lowest(set);
        uint64_t reach = cache->reach[cell], bad = (reach & blockers) != 0;
        stale |= bad << cell;
        count += (size_t)pk_popcount(reach & (bad - 1)); /* 0 if stale */
    }
    for (; stale; stale &= stale - 1) {
        int cell = pk_lowest(stale);
        uint64_t reach = cache->reach[cell] = k_reach_blocked(lay, cell, blockers);
        count += (size_t)pk_popcount(reach);
    }
    return count;
}

/* A player's move count; with a cache, its entries for the player's
 * penguins are left up to date. */
static inline size_t k_player_move_count(const pk_layout *lay, const pk_state *st, int player,
                                         uint64_t blockers, k_reach_cache *cache)
{
    if (cache)
        return k_cached_move_count(lay, st->penguins[player], blockers, cache);
    size_t count = 0;
    for (uint64_t set = st->penguins[player]; set; set &= set - 1)
        count += (size_t)pk_popcount(k_reach_blocked(lay, pk_lowest(set), blockers));
    return count;
}

/* Whether a player has a move: the first penguin with a destination ends
 * the search. */
static inline int k_player_can_move(const pk_layout *lay, const pk_state *st, int player,
                                    uint64_t blockers)
{
    for (uint64_t set = st->penguins[player]; set; set &= set - 1)
        if (k_reach_blocked(lay, pk_lowest(set), blockers))
            return 1;
    return 0;
}

static inline uint64_t k_placement_targets(const pk_setup *setup, const pk_state *st)
{
    return setup->placeable & ~pk_all_penguins(st);
}

static size_t k_move_count(const pk_setup *setup, const pk_state *st)
{
    if (st->phase == PACKEIS_PHASE_PLACEMENT)
        return (size_t)pk_popcount(k_placement_targets(setup, st));
    if (st->phase != PACKEIS_PHASE_MOVEMENT)
        return 0;
    return k_player_move_count(setup->layout, st, st->turn, k_blockers(st), NULL);
}

static size_t k_legal_moves(const pk_setup *setup, const pk_state *st, packeis_move *out)
{
    size_t n = 0;
    if (st->phase == PACKEIS_PHASE_PLACEMENT) {
        for (uint64_t set = k_placement_targets(setup, st); set; set &= set - 1)
            out[n++] = pk_placement_move(pk_lowest(set));
        return n;
    }
    if (st->phase != PACKEIS_PHASE_MOVEMENT)
        return 0;
    uint64_t blockers = k_blockers(st);
    for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
        int from = pk_lowest(set);
        for (uint64_t to = k_reach_blocked(setup->layout, from, blockers); to; to &= to - 1)
            out[n++] = pk_slide_move(from, pk_lowest(to));
    }
    return n;
}
