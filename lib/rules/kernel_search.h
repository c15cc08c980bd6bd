/* SPDX-License-Identifier: MIT */
/* The research fast paths: random playouts and perft, with the last two
 * plies of perft counted without being played.
 * Part of the kernel: included once per instruction set through kernel.h,
 * never on its own. */
#ifndef PK_KERNEL_TABLE
#    error "include kernel.h, not kernel_search.h"
#endif

/* Plays the k-th legal move (in packeis_game_legal_moves() order), the
 * destinations of the penguins to act being up to date in `reach`; returns
 * the next player's move count. */
static size_t k_play_nth(const pk_setup *setup, pk_state *st, uint32_t k, k_reach_cache *reach,
                         packeis_move *move)
{
    if (st->phase == PACKEIS_PHASE_PLACEMENT) {
        int cell = pk_select(k_placement_targets(setup, st), k);
        *move = pk_placement_move(cell);
        return k_place_counted(setup, st, cell, K_PLAYOUT, reach);
    }
    for (uint64_t set = st->penguins[st->turn];; set &= set - 1) {
        int from = pk_lowest(set);
        uint64_t destinations = reach->reach[from];
        uint32_t here = (uint32_t)pk_popcount(destinations);
        if (k < here) {
            int to = pk_select(destinations, k);
            *move = pk_slide_move(from, to);
            return k_slide_counted(setup, st, from, to, K_PLAYOUT, reach);
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
        k_player_move_count(setup->layout, st, st->turn, k_blockers(st), &reach);
    while (count) {
        pk_record *record = &history[plies++];
        record->before = *st;
        /* Section 6 applies in movement only, and the first position is the
         * game's own, which is exact. */
        record->unpruned = plies > 1 && st->phase == PACKEIS_PHASE_MOVEMENT;
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
        size_t count = k_place_counted(setup, &child, pk_lowest(set), K_PERFT, NULL);
        leaves += k_perft_from(setup, &child, count, depth - 1);
    }
    return leaves;
}

static uint64_t k_perft_slides(const pk_setup *setup, const pk_state *st, unsigned depth)
{
    uint64_t leaves = 0, blockers = k_blockers(st);
    for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
        int from = pk_lowest(set);
        for (uint64_t to = k_reach_blocked(setup->layout, from, blockers); to; to &= to - 1) {
            pk_state child = *st;
            size_t count = k_slide_counted(setup, &child, from, pk_lowest(to), K_PERFT, NULL);
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
            uint64_t segment = k_ray_reach(lay, cell, d, blockers);
            k_add_losses(loss, segment, k_growing(d));
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
    const pk_layout *lay = setup->layout;
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
            size_t count = k_slide_counted(setup, &child, from, pk_lowest(to), K_PERFT, NULL);
            leaves += k_perft_from(setup, &child, count, 1);
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
