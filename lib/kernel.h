/* SPDX-License-Identifier: MIT */
/* The hot paths: move counting and generation, actions, turn passing,
 * playouts and perft. This file is compiled once per instruction set by the
 * kernel_*.c files, each of which defines PK_KERNEL_TABLE first; nothing here
 * is visible outside those translation units. */
#ifndef PK_KERNEL_TABLE
#    error "define PK_KERNEL_TABLE before including kernel.h"
#endif

#include <string.h>

#include "bits.h"
#include "internal.h"
#include "rng.h"

static inline uint64_t k_penguins(const pk_state *st) { return pk_all_penguins(st); }

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

/* Cells a penguin on `cell` can slide to when `blockers` stop it: along each
 * ray, the cells before the first blocker. Growing rays meet their first
 * blocker at its lowest bit, falling rays at its highest. */
static inline uint64_t k_reach_blocked(const pk_layout *lay, int cell, uint64_t blockers)
{
    uint64_t e = lay->ray[PACKEIS_DIRECTION_EAST][cell];
    uint64_t sw = lay->ray[PACKEIS_DIRECTION_SOUTH_WEST][cell];
    uint64_t se = lay->ray[PACKEIS_DIRECTION_SOUTH_EAST][cell];
    uint64_t w = lay->ray[PACKEIS_DIRECTION_WEST][cell];
    uint64_t ne = lay->ray[PACKEIS_DIRECTION_NORTH_EAST][cell];
    uint64_t nw = lay->ray[PACKEIS_DIRECTION_NORTH_WEST][cell];
    return (e & pk_below_lowest(e & blockers)) | (sw & pk_below_lowest(sw & blockers)) |
           (se & pk_below_lowest(se & blockers)) | (w & k_above_highest(w & blockers)) |
           (ne & k_above_highest(ne & blockers)) | (nw & k_above_highest(nw & blockers));
}

static inline uint64_t k_blockers(const pk_state *st) { return ~st->floes | k_penguins(st); }

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

static inline uint64_t k_cached_reach(const pk_layout *lay, k_reach_cache *cache, int cell,
                                      uint64_t blockers)
{
    uint64_t reach = cache->reach[cell];
    if (reach & blockers)
        reach = cache->reach[cell] = k_reach_blocked(lay, cell, blockers);
    return reach;
}

/* A player's move count; with a cache, its entries for the player's
 * penguins are left up to date. */
static inline size_t k_player_move_count(const pk_layout *lay, const pk_state *st, int player,
                                         uint64_t blockers, k_reach_cache *cache)
{
    size_t count = 0;
    for (uint64_t set = st->penguins[player]; set; set &= set - 1) {
        int cell = pk_lowest(set);
        uint64_t to = cache ? k_cached_reach(lay, cache, cell, blockers)
                            : k_reach_blocked(lay, cell, blockers);
        count += (size_t)pk_popcount(to);
    }
    return count;
}

static inline uint64_t k_placement_targets(const pk_setup *setup, const pk_state *st)
{
    return setup->placeable & ~k_penguins(st);
}

static size_t k_move_count(const pk_setup *setup, const pk_state *st)
{
    if (st->phase == PACKEIS_PHASE_PLACEMENT)
        return (size_t)pk_popcount(k_placement_targets(setup, st));
    if (st->phase != PACKEIS_PHASE_MOVEMENT)
        return 0;
    return k_player_move_count(&setup->layout, st, st->turn, k_blockers(st), NULL);
}

static size_t k_legal_moves(const pk_setup *setup, const pk_state *st, packeis_move *out)
{
    size_t n = 0;
    if (st->phase == PACKEIS_PHASE_PLACEMENT) {
        for (uint64_t set = k_placement_targets(setup, st); set; set &= set - 1)
            out[n++] = 0xFFFF0000u | (packeis_move)pk_lowest(set);
        return n;
    }
    if (st->phase != PACKEIS_PHASE_MOVEMENT)
        return 0;
    uint64_t blockers = k_blockers(st);
    for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
        int from = pk_lowest(set);
        packeis_move base = (packeis_move)from << 16;
        for (uint64_t to = k_reach_blocked(&setup->layout, from, blockers); to; to &= to - 1)
            out[n++] = base | (packeis_move)pk_lowest(to);
    }
    return n;
}

static inline int k_fish_on(const pk_layout *lay, uint64_t cells)
{
    return pk_popcount(cells & lay->fish_set[1]) + 2 * pk_popcount(cells & lay->fish_set[2]) +
           3 * pk_popcount(cells & lay->fish_set[3]);
}

/* Hash keys follow every change of floes, penguins and turn. */
static inline void k_remove_floes(const pk_setup *setup, pk_state *st, uint64_t cells)
{
    st->hash ^= pk_keys_of(setup->floe_key, cells & st->floes);
    st->floes &= ~cells;
}

static inline void k_set_turn(const pk_setup *setup, pk_state *st, int turn)
{
    st->hash ^= pk_turn_key(setup, st->turn) ^ pk_turn_key(setup, turn);
    st->turn = (uint8_t)turn;
}

/* Section 6: keep a free floe only if a chain of free floes links it to a
 * penguin. A breadth-first fill from the penguins over the free floes. */
static void k_remove_unreachable(const pk_setup *setup, pk_state *st)
{
    const pk_layout *lay = &setup->layout;
    uint64_t penguins = k_penguins(st), free_floes = st->floes & ~penguins;
    uint64_t kept = 0, frontier = penguins;
    while (frontier) {
        uint64_t next = 0;
        for (; frontier; frontier &= frontier - 1)
            next |= lay->adjacent[pk_lowest(frontier)];
        frontier = next & free_floes & ~kept;
        kept |= frontier;
    }
    k_remove_floes(setup, st, st->floes & ~(penguins | kept));
}

/* After a slide from `from`, can a floe have lost its link to every penguin?
 * Only if the floes around `from` now form two or more separate arcs: the arc
 * the penguin left through stays linked along its path (see the rules page). */
static inline int k_may_split(const pk_layout *lay, const pk_state *st, int from)
{
#if defined(PK_HAVE_PDEP)
    return (int)((lay->split_patterns[from] >> _pext_u64(st->floes, lay->adjacent[from])) & 1);
#else
    unsigned ring = 0;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        int n = lay->neighbor[from][d];
        ring |= (unsigned)(n >= 0 && ((st->floes >> n) & 1)) << d;
    }
    unsigned arc_starts = ring & ~((ring << 1) | (ring >> 5)) & 0x3Fu;
    return (arc_starts & (arc_starts - 1)) != 0;
#endif
}

/* Removes the free floes a slide from `from` cut off. Only a component of
 * free floes holding a free neighbour of `from` can have lost its link, and
 * one holding a floe beside a penguin has not: each remaining candidate's
 * component is explored until it meets such a floe, or removed whole. */
static void k_prune_after_slide(const pk_setup *setup, pk_state *st, int from)
{
    const pk_layout *lay = &setup->layout;
    uint64_t penguins = k_penguins(st), guarded = penguins;
    for (uint64_t set = penguins; set; set &= set - 1)
        guarded |= lay->adjacent[pk_lowest(set)];
    uint64_t free_floes = st->floes & ~penguins;
    uint64_t candidates = lay->adjacent[from] & free_floes & ~guarded;
    while (candidates) {
        uint64_t region = candidates & (0 - candidates), frontier = region;
        while (frontier && !(region & guarded)) {
            uint64_t next = 0;
            for (; frontier; frontier &= frontier - 1)
                next |= lay->adjacent[pk_lowest(frontier)];
            frontier = next & free_floes & ~region;
            region |= frontier;
        }
        if (!(region & guarded))
            k_remove_floes(setup, st, region);
        candidates &= ~region;
    }
}

static void k_go_out(const pk_setup *setup, pk_state *st, int player)
{
    uint64_t cells = st->penguins[player];
    st->fish[player] = (uint16_t)(st->fish[player] + k_fish_on(&setup->layout, cells));
    st->floes_won[player] = (uint8_t)(st->floes_won[player] + pk_popcount(cells));
    k_remove_floes(setup, st, cells);
    st->hash ^= pk_keys_of(setup->penguin_key[player], cells);
    st->penguins[player] = 0;
    st->out |= (uint8_t)(1u << player);
}

static inline int k_next_player(const pk_setup *setup, int player)
{
    return player + 1 == setup->players ? 0 : player + 1;
}

/* Section 5: hands the turn to the first player, starting with `first` in
 * turn order, who can move; players on the way with no move go out. Returns
 * that player's move count (keeping `reach` up to date, if not NULL), or 0
 * when the game is over. A player going out needs no section-6 check: its
 * stuck penguins have no free floe beside them, so no chain ran through
 * them. */
static inline size_t k_pass_turn(const pk_setup *setup, pk_state *st, int first,
                                 k_reach_cache *reach)
{
    const pk_layout *lay = &setup->layout;
    uint64_t blockers = k_blockers(st);
    int player = first;
    for (int i = 0; i < setup->players; i++, player = k_next_player(setup, player)) {
        if (st->out & (1u << player))
            continue;
        size_t count = k_player_move_count(lay, st, player, blockers, reach);
        if (count) {
            k_set_turn(setup, st, player);
            return count;
        }
        k_go_out(setup, st, player);
    }
    k_set_turn(setup, st, PK_NO_PLAYER);
    st->phase = PACKEIS_PHASE_OVER;
    k_remove_floes(setup, st, st->floes); /* no penguin is left to link them */
    return 0;
}

/* Places a penguin for the player to act; the last placement starts the
 * movement phase. Returns the move count of the player to act next. */
static size_t k_place_counted(const pk_setup *setup, pk_state *st, int cell,
                              k_reach_cache *reach)
{
    st->penguins[st->turn] |= pk_bit(cell);
    st->hash ^= setup->penguin_key[st->turn][cell];
    st->placed++;
    if (st->placed < setup->total_penguins) {
        k_set_turn(setup, st, setup->placer[st->placed]);
        return (size_t)pk_popcount(k_placement_targets(setup, st));
    }
    st->phase = PACKEIS_PHASE_MOVEMENT;
    k_remove_unreachable(setup, st);
    return k_pass_turn(setup, st, 0, reach);
}

static void k_place(const pk_setup *setup, pk_state *st, int cell)
{
    (void)k_place_counted(setup, st, cell, NULL);
}

/* Section 4 then 5 and 6; `prune` says whether to keep the board equal to the
 * table (section 6), which perft can skip since it changes no move. */
static inline size_t k_slide_counted(const pk_setup *setup, pk_state *st, int from, int to,
                                     int prune, k_reach_cache *reach)
{
    const pk_layout *lay = &setup->layout;
    int player = st->turn;
    st->penguins[player] ^= pk_bit(from) | pk_bit(to);
    st->floes &= ~pk_bit(from);
    st->hash ^= setup->penguin_key[player][from] ^ setup->penguin_key[player][to] ^
                setup->floe_key[from];
    st->fish[player] = (uint16_t)(st->fish[player] + lay->fish[from]);
    st->floes_won[player]++;
    if (prune && k_may_split(lay, st, from))
        k_prune_after_slide(setup, st, from);
    return k_pass_turn(setup, st, k_next_player(setup, player), reach);
}

static void k_slide(const pk_setup *setup, pk_state *st, int from, int to)
{
    (void)k_slide_counted(setup, st, from, to, 1, NULL);
}

/* Plays the k-th legal move (in packeis_game_legal_moves() order), the
 * destinations of the penguins to act being up to date in `reach`; returns
 * the next player's move count. */
static size_t k_play_nth(const pk_setup *setup, pk_state *st, uint32_t k, k_reach_cache *reach,
                         packeis_move *move)
{
    if (st->phase == PACKEIS_PHASE_PLACEMENT) {
        int cell = pk_select(k_placement_targets(setup, st), k);
        *move = 0xFFFF0000u | (packeis_move)cell;
        return k_place_counted(setup, st, cell, reach);
    }
    for (uint64_t set = st->penguins[st->turn];; set &= set - 1) {
        int from = pk_lowest(set);
        uint64_t destinations = reach->reach[from];
        uint32_t here = (uint32_t)pk_popcount(destinations);
        if (k < here) {
            int to = pk_select(destinations, k);
            *move = ((packeis_move)from << 16) | (packeis_move)to;
            return k_slide_counted(setup, st, from, to, 1, reach);
        }
        k -= here;
    }
}

static size_t k_playout(const pk_setup *setup, pk_state *st, uint64_t seed, pk_record *history)
{
    k_reach_cache reach;
    memset(&reach, 0xFF, sizeof reach);
    pk_rng rng = {seed};
    size_t plies = 0, count = k_move_count(setup, st);
    if (st->phase == PACKEIS_PHASE_MOVEMENT)
        k_player_move_count(&setup->layout, st, st->turn, k_blockers(st), &reach);
    while (count) {
        pk_record *record = &history[plies++];
        record->before = *st;
        uint32_t k = pk_rng_below(&rng, (uint32_t)count);
        count = k_play_nth(setup, st, k, &reach, &record->move);
    }
    return plies;
}

static uint64_t k_perft_from(const pk_setup *setup, const pk_state *st, size_t count,
                             unsigned depth);

static uint64_t k_perft_placements(const pk_setup *setup, const pk_state *st, unsigned depth)
{
    uint64_t leaves = 0;
    for (uint64_t set = k_placement_targets(setup, st); set; set &= set - 1) {
        pk_state child = *st;
        size_t count = k_place_counted(setup, &child, pk_lowest(set), NULL);
        leaves += k_perft_from(setup, &child, count, depth - 1);
    }
    return leaves;
}

static uint64_t k_perft_slides(const pk_setup *setup, const pk_state *st, unsigned depth)
{
    uint64_t leaves = 0, blockers = k_blockers(st);
    for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
        int from = pk_lowest(set);
        for (uint64_t to = k_reach_blocked(&setup->layout, from, blockers); to; to &= to - 1) {
            pk_state child = *st;
            size_t count = k_slide_counted(setup, &child, from, pk_lowest(to), 0, NULL);
            leaves += k_perft_from(setup, &child, count, depth - 1);
        }
    }
    return leaves;
}

/* The first player after `player` in turn order who is not out (`player`
 * itself if everyone else is). */
static inline int k_next_in_play(const pk_setup *setup, const pk_state *st, int player)
{
    int next = k_next_player(setup, player);
    while (next != player && (st->out >> next) & 1)
        next = k_next_player(setup, next);
    return next;
}

/* Adds to loss[c], for each cell c a penguin can reach along `segment` (the
 * reachable part of one ray), how many of its moves a blocker on c would
 * take away: c and every cell beyond it. */
static inline void k_add_losses(uint16_t *loss, uint64_t segment, int growing)
{
    int left = pk_popcount(segment), seen = 0;
    for (; segment; segment &= segment - 1, seen++)
        loss[pk_lowest(segment)] += (uint16_t)(growing ? left - seen : seen + 1);
}

/* Fills loss[] for the penguins of `player`; returns their move count. */
static size_t k_reply_losses(const pk_layout *lay, const pk_state *st, int player,
                             uint64_t blockers, uint16_t *loss)
{
    size_t total = 0;
    for (uint64_t set = st->penguins[player]; set; set &= set - 1) {
        int cell = pk_lowest(set);
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
            uint64_t ray = lay->ray[d][cell];
            int growing = d == PACKEIS_DIRECTION_EAST || d >= PACKEIS_DIRECTION_SOUTH_WEST;
            uint64_t segment = ray & (growing ? pk_below_lowest(ray & blockers)
                                              : k_above_highest(ray & blockers));
            k_add_losses(loss, segment, growing);
            total += (size_t)pk_popcount(segment);
        }
    }
    return total;
}

/* perft 2 of a movement position, without playing the slides. A slide to
 * `to` leaves the next player's moves as they were but for those through or
 * onto `to` (its origin was blocked before and stays blocked as a gap), so
 * the replies are that player's count less loss[to]. Slides that leave it no
 * move, or a player moving alone, take the general path. */
static uint64_t k_perft_two(const pk_setup *setup, const pk_state *st)
{
    const pk_layout *lay = &setup->layout;
    int next = k_next_in_play(setup, st, st->turn);
    if (next == st->turn)
        return k_perft_slides(setup, st, 2);
    uint16_t loss[PACKEIS_MAX_CELLS] = {0};
    uint64_t blockers = k_blockers(st), leaves = 0;
    size_t replies = k_reply_losses(lay, st, next, blockers, loss);
    for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
        int from = pk_lowest(set);
        for (uint64_t to = k_reach_blocked(lay, from, blockers); to; to &= to - 1) {
            size_t left = replies - loss[pk_lowest(to)];
            if (left) {
                leaves += left;
                continue;
            }
            pk_state child = *st;
            size_t count = k_slide_counted(setup, &child, from, pk_lowest(to), 0, NULL);
            leaves += count ? count : 1;
        }
    }
    return leaves;
}

/* `count` is the move count of the player to act, known from the action that
 * led here, so the last ply is counted without being played. */
static uint64_t k_perft_from(const pk_setup *setup, const pk_state *st, size_t count,
                             unsigned depth)
{
    if (count == 0)
        return 1; /* the game is over: a leaf */
    if (depth == 1)
        return count;
    if (st->phase == PACKEIS_PHASE_PLACEMENT)
        return k_perft_placements(setup, st, depth);
    if (depth == 2)
        return k_perft_two(setup, st);
    return k_perft_slides(setup, st, depth);
}

static uint64_t k_perft(const pk_setup *setup, const pk_state *st, unsigned depth)
{
    if (depth == 0)
        return 1;
    return k_perft_from(setup, st, k_move_count(setup, st), depth);
}

const pk_kernel PK_KERNEL_TABLE = {
    k_move_count, k_legal_moves, k_reach, k_place, k_slide, k_playout, k_perft,
};
