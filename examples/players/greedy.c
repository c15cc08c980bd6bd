/* SPDX-License-Identifier: MIT */
/*
 * greedy.c: one ply of lookahead with no search.
 *
 * A slide is worth the fish it wins now (the floe it leaves) first, then the
 * fish of its destination (won when the penguin leaves it in turn): the
 * richest destination among the slides off the richest floe. A placement is
 * worth the fish within reach of the floe, along the six lines up to the
 * first gap or penguin. Ties are broken at random from the seed, so that two
 * greedy players with different seeds play different games.
 */
#include "player_kind.h"

#include <stdlib.h>

typedef struct greedy_player {
    uint64_t seed;
} greedy_player;

static int greedy_value(const packeis_game *game, packeis_move move)
{
    int to = packeis_move_to(move);
    if (packeis_move_is_placement(move))
        return player_fish_in_reach(game, to);
    return 4 * packeis_game_fish(game, packeis_move_from(move)) + packeis_game_fish(game, to);
}

static void *greedy_create(uint64_t seed)
{
    greedy_player *g = malloc(sizeof *g);
    if (g)
        g->seed = seed;
    return g;
}

static void greedy_set_option(void *state, size_t index, double value)
{
    (void)state, (void)index, (void)value; /* it has none */
}

static packeis_status greedy_choose(void *state, const packeis_game *game,
                                    const player_limits *limits, packeis_move *move,
                                    player_report *report)
{
    greedy_player *g = state;
    player_budget budget;
    player_budget_start(&budget, limits, 1);
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    uint64_t rng = player_move_seed(g->seed, game);
    int best = -1;
    size_t ties = 0;
    for (size_t i = 0; i < count; i++) {
        int value = greedy_value(game, moves[i]);
        if (value > best) {
            best = value;
            ties = 0;
        }
        /* Reservoir sampling: each of the best moves is kept with equal
         * chance. */
        if (value == best && player_below(&rng, ++ties) == 0)
            *move = moves[i];
    }
    player_report_basics(report, &budget, 1);
    report->pv_length = 1;
    report->pv[0] = *move;
    return PACKEIS_OK;
}

static void greedy_destroy(void *state) { free(state); }

const player_kind player_greedy_kind = {
    .name = "greedy",
    .description = "slides off the richest floe onto the richest destination; places where "
                   "most fish are within reach",
    .options = NULL,
    .option_count = 0,
    .create = greedy_create,
    .set_option = greedy_set_option,
    .choose = greedy_choose,
    .forget = NULL,
    .destroy = greedy_destroy,
};
