/* SPDX-License-Identifier: MIT */
/* random.c: a uniformly random legal move, drawn from the player's seed and
 * the position (the same seed and position always give the same move). */
#include "player_kind.h"

static packeis_status random_choose(void *state, const packeis_game *game,
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
    *move = moves[player_below(&rng, count)];
    player_report_move(report, &budget, *move);
    return PACKEIS_OK;
}

const player_kind player_random_kind = {
    .name = "random",
    .description = "a uniformly random legal move",
    .options = NULL,
    .option_count = 0,
    .create = player_seed_create,
    .set_option = player_no_option,
    .choose = random_choose,
    .forget = NULL,
    .destroy = player_seed_destroy,
};
