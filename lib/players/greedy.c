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

static packeis_status greedy_choose(void *state, const packeis_game *game,
                                    const packeis_player_limits *limits, packeis_move *move,
                                    packeis_player_report *report)
{
    player_budget budget;
    player_budget_start(&budget, limits, 1);
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    uint64_t rng = player_move_seed(*(const uint64_t *)state, game);
    int best = -1;
    size_t ties = 0;
    for (size_t i = 0; i < count; i++) {
        int value = player_greedy_value(game, moves[i]);
        if (value > best) {
            best = value;
            ties = 0;
        }
        /* Reservoir sampling: each of the best moves is kept with equal
         * chance. */
        if (value == best && player_below(&rng, ++ties) == 0)
            *move = moves[i];
    }
    player_report_move(report, &budget, *move);
    return PACKEIS_OK;
}

const player_kind player_greedy_kind = {
    .name = "greedy",
    .description = "slides off the richest floe onto the richest destination; places where "
                   "most fish are within reach",
    .options = NULL,
    .option_count = 0,
    .create = player_seed_create,
    .set_option = player_no_option,
    .choose = greedy_choose,
    .forget = NULL,
    .destroy = player_seed_destroy,
};
