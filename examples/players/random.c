/* SPDX-License-Identifier: MIT */
/* random.c: a uniformly random legal move, drawn from the player's seed and
 * the position (the same seed and position always give the same move). */
#include "player_kind.h"

#include <stdlib.h>

typedef struct random_player {
    uint64_t seed;
} random_player;

static void *random_create(uint64_t seed)
{
    random_player *r = malloc(sizeof *r);
    if (r)
        r->seed = seed;
    return r;
}

static void random_set_option(void *state, size_t index, double value)
{
    (void)state, (void)index, (void)value; /* it has none */
}

static packeis_status random_choose(void *state, const packeis_game *game,
                                    const player_limits *limits, packeis_move *move,
                                    player_report *report)
{
    random_player *r = state;
    player_budget budget;
    player_budget_start(&budget, limits, 1);
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    packeis_status status = player_legal_moves(game, moves, &count);
    if (status != PACKEIS_OK)
        return status;
    uint64_t rng = player_move_seed(r->seed, game);
    *move = moves[player_below(&rng, count)];
    player_report_basics(report, &budget, 1);
    report->pv_length = 1;
    report->pv[0] = *move;
    return PACKEIS_OK;
}

static void random_destroy(void *state) { free(state); }

const player_kind player_random_kind = {
    .name = "random",
    .description = "a uniformly random legal move",
    .options = NULL,
    .option_count = 0,
    .create = random_create,
    .set_option = random_set_option,
    .choose = random_choose,
    .forget = NULL,
    .destroy = random_destroy,
};
