/* SPDX-License-Identifier: MIT */
/* player_common.c: random numbers, the budget of a move and the standings,
 * shared by every player. */
#include "player_kind.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t player_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint64_t player_next(uint64_t *state)
{
    *state += UINT64_C(0x9E3779B97F4A7C15);
    return player_mix(*state);
}

uint64_t player_below(uint64_t *state, uint64_t bound)
{
    /* Lemire's multiply-shift on 32 bits (every bound here is a count of
     * moves or children); its bias is negligible for a player's choices. */
    return ((player_next(state) >> 32) * (bound & 0xFFFFFFFFu)) >> 32;
}

uint64_t player_move_seed(uint64_t seed, const packeis_game *game)
{
    return player_mix(seed ^
                      player_mix(packeis_game_hash(game) + packeis_game_ply_count(game)));
}

double player_clock(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

void player_budget_start(player_budget *budget, const packeis_player_limits *limits,
                         uint64_t default_nodes)
{
    budget->start = player_clock();
    budget->stop = limits->stop;
    budget->stopped = 0;
    if (limits->seconds <= 0 && limits->nodes == 0) {
        budget->deadline = 0;
        budget->nodes = default_nodes;
        return;
    }
    budget->deadline = limits->seconds > 0 ? budget->start + limits->seconds : 0;
    budget->nodes = limits->nodes;
}

int player_budget_over(player_budget *budget, uint64_t used)
{
    if (budget->stopped)
        return 1;
    if ((budget->nodes && used >= budget->nodes) ||
        (budget->stop && atomic_load_explicit(budget->stop, memory_order_relaxed)) ||
        (budget->deadline > 0 && player_clock() >= budget->deadline))
        budget->stopped = 1;
    return budget->stopped;
}

uint64_t player_budget_left(const player_budget *budget, uint64_t used)
{
    if (!budget->nodes)
        return UINT64_MAX;
    return used >= budget->nodes ? 0 : budget->nodes - used;
}

double player_budget_elapsed(const player_budget *budget)
{
    return player_clock() - budget->start;
}

packeis_status player_playout(packeis_game *game, uint64_t seed, player_outcome *out)
{
    packeis_status status = packeis_game_playout(game, seed, NULL);
    int players = packeis_game_player_count(game);
    for (int p = 0; p < players && status == PACKEIS_OK; p++) {
        out->wins[p] = (packeis_game_reward(game, p) + 1) / 2;
        out->fish[p] = packeis_game_fish_won(game, p);
    }
    return status;
}

packeis_status player_legal_moves(const packeis_game *game, packeis_move *moves, size_t *count)
{
    packeis_status status = packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, count);
    if (status == PACKEIS_OK && *count == 0)
        status = PACKEIS_E_GAME_OVER;
    return status;
}

void player_report_basics(packeis_player_report *report, const player_budget *budget,
                          uint64_t nodes)
{
    report->nodes = nodes;
    report->seconds = player_budget_elapsed(budget);
}

int player_fish_in_reach(const packeis_game *game, int cell)
{
    uint64_t floes = packeis_game_floes(game);
    int total = 0;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        for (int next = packeis_game_neighbor(game, cell, d);
             next >= 0 && ((floes >> next) & 1) && packeis_game_penguin_at(game, next) < 0;
             next = packeis_game_neighbor(game, next, d))
            total += packeis_game_fish(game, next);
    }
    return total;
}

uint64_t player_board_signature(const packeis_game *game)
{
    int cells = packeis_game_cell_count(game);
    uint64_t signature = player_mix((uint64_t)cells ^ packeis_game_hash_seed(game));
    /* The rules too: a position of one board has other moves (and values)
     * under another variant or count of players or penguins. */
    uint64_t rules = (uint64_t)packeis_game_player_count(game) << 8 |
                     (uint64_t)packeis_game_penguins_per_player(game) << 16;
    for (int v = 0; v < PACKEIS_VARIANT_COUNT; v++)
        rules |= (uint64_t)(packeis_game_variant(game, v) == 1) << (24 + v);
    signature = player_mix(signature ^ rules);
    for (int cell = 0; cell < cells; cell++) {
        int x = 0, y = 0;
        if (packeis_game_cell_coords(game, cell, &x, &y) != PACKEIS_OK)
            x = y = 0;
        uint64_t floe = ((uint64_t)(uint32_t)x << 34) ^ ((uint64_t)(uint32_t)y << 2) ^
                        (uint64_t)packeis_game_fish(game, cell);
        signature = player_mix(signature ^ floe);
    }
    return signature;
}

int player_greedy_value(const packeis_game *game, packeis_move move)
{
    int to = packeis_move_to(move);
    if (packeis_move_is_placement(move))
        return player_fish_in_reach(game, to);
    return 4 * packeis_game_fish(game, packeis_move_from(move)) + packeis_game_fish(game, to);
}

void *player_seed_create(uint64_t seed)
{
    uint64_t *state = malloc(sizeof *state);
    if (state)
        *state = seed;
    return state;
}

void player_seed_destroy(void *state) { free(state); }

void player_no_option(void *state, size_t index, double value)
{
    (void)state, (void)index, (void)value;
}

void player_report_move(packeis_player_report *report, const player_budget *budget,
                        packeis_move move)
{
    player_report_basics(report, budget, 1);
    report->pv_length = 1;
    report->pv[0] = move;
}

void player_say(char *why, size_t size, const char *format, ...)
{
    if (!why || !size)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(why, size, format, args);
    va_end(args);
}

void player_line_pv(packeis_player_line *line, const packeis_player_report *report)
{
    line->pv_length = report->pv_length;
    memcpy(line->pv, report->pv, report->pv_length * sizeof *line->pv);
}
