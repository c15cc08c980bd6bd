/* SPDX-License-Identifier: MIT */
/* packeis.h, "Research fast paths": perft and divide, plain and watched
 * (reporting their progress, and stoppable), and the ready-made callback. The rules' fast path
 * counts the last PK_WATCHED_DEPTH actions; a watched call plays the actions above them one by
 * one and reports after each subtree. */
#include <stdint.h>

#include "internal.h"

/* The depth of the subtrees a watched perft counts between two reports: a
 * subtree of three actions is at most 64 x 63 actions played (the rules'
 * fast path counts the last ply without playing it), a fraction of a
 * millisecond, and the walk above it costs one action and one call per
 * subtree (the perft_watched row of tests/benchmark.c: the same rate as
 * perft's, and the longest time between two reports). */
enum { PK_WATCHED_DEPTH = 3 };

int packeis_stop_on_flag(void *flag, uint64_t done)
{
    (void)done;
    return flag ? __atomic_load_n((const int *)flag, __ATOMIC_RELAXED) : 0;
}

uint64_t packeis_game_perft(const packeis_game *game, unsigned depth)
{
    return game ? game->setup->kernel->perft(game->setup, &game->state, depth) : 0;
}

static int pk_perft_walk(const pk_setup *setup, const pk_state *st, unsigned depth,
                         pk_watch *watch);

/* The walk one action down: 0, or nonzero when the callback said stop. */
static int pk_perft_child(const pk_setup *setup, const pk_state *st, packeis_move move,
                          unsigned depth, pk_watch *watch)
{
    pk_state child = *st;
    setup->kernel->play(setup, &child, move);
    return pk_perft_walk(setup, &child, depth - 1, watch);
}

/* Slides are found penguin by penguin (kernel->reach), not listed: a list
 * of PACKEIS_MAX_MOVES on each level of a deep walk would take a quarter
 * of a megabyte of stack. Placements are at most PACKEIS_MAX_CELLS. */
static int pk_perft_walk(const pk_setup *setup, const pk_state *st, unsigned depth,
                         pk_watch *watch)
{
    if (depth <= PK_WATCHED_DEPTH || st->phase == PACKEIS_PHASE_OVER)
        return pk_watch_report(watch, setup->kernel->perft(setup, st, depth));
    if (st->phase == PACKEIS_PHASE_PLACEMENT) {
        packeis_move moves[PACKEIS_MAX_CELLS];
        size_t count = setup->kernel->legal_moves(setup, st, moves);
        for (size_t i = 0; i < count; i++)
            if (pk_perft_child(setup, st, moves[i], depth, watch))
                return 1;
        return 0;
    }
    for (uint64_t set = st->penguins[st->turn]; set; set &= set - 1) {
        int from = __builtin_ctzll(set);
        for (uint64_t to = setup->kernel->reach(setup->layout, st, from); to; to &= to - 1)
            if (pk_perft_child(setup, st, pk_slide_move(from, __builtin_ctzll(to)), depth,
                               watch))
                return 1;
    }
    return 0;
}

packeis_status packeis_game_perft_watched(const packeis_game *game, unsigned depth,
                                          packeis_progress progress, void *context,
                                          uint64_t *leaves)
{
    if (!game || !leaves)
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_watch watch = {progress, context, 0};
    if (pk_perft_walk(game->setup, &game->state, depth, &watch))
        return PACKEIS_E_STOPPED;
    *leaves = watch.done;
    return PACKEIS_OK;
}

/* The leaves below `move`, watched, into *leaves; nonzero when the
 * callback said stop. */
static int pk_divide_one(const pk_setup *setup, const pk_state *st, packeis_move move,
                         unsigned depth, pk_watch *watch, uint64_t *leaves)
{
    uint64_t before = watch->done;
    if (pk_perft_child(setup, st, move, depth, watch))
        return 1;
    *leaves = watch->done - before;
    return 0;
}

packeis_status packeis_game_divide_watched(const packeis_game *game, unsigned depth,
                                           packeis_progress progress, void *context,
                                           packeis_move *moves, uint64_t *leaves,
                                           size_t capacity, size_t *count)
{
    if (!game || !count || depth == 0 || (capacity && (!moves || !leaves)))
        return PACKEIS_E_INVALID_ARGUMENT;
    const pk_setup *setup = game->setup;
    size_t needed = setup->kernel->move_count(setup, &game->state);
    if (needed > capacity) {
        *count = needed;
        return PACKEIS_E_BUFFER_TOO_SMALL;
    }
    setup->kernel->legal_moves(setup, &game->state, moves);
    pk_watch watch = {progress, context, 0};
    for (size_t i = 0; i < needed; i++)
        if (pk_divide_one(setup, &game->state, moves[i], depth, &watch, &leaves[i]))
            return PACKEIS_E_STOPPED;
    *count = needed;
    return PACKEIS_OK;
}

packeis_status packeis_game_divide(const packeis_game *game, unsigned depth,
                                   packeis_move *moves, uint64_t *leaves, size_t capacity,
                                   size_t *count)
{
    return packeis_game_divide_watched(game, depth, NULL, NULL, moves, leaves, capacity, count);
}
