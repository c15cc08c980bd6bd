/* SPDX-License-Identifier: MIT */
/* What each action of the history did: who played it, the floes that left
 * the board, who was credited with which floes, who went out. Worked out
 * from the positions before and after the action, so that the hot path
 * records nothing more than the position before each action. */
#include "bits.h"
#include "internal.h"

/* The position before action `ply`, with section 6 applied (a playout
 * records positions without it; see pk_record). */
static pk_state pk_state_before(const packeis_game *game, size_t ply)
{
    const pk_record *record = &game->history[ply];
    pk_state state = record->before;
    if (record->unpruned)
        game->setup->kernel->prune(game->setup, &state);
    return state;
}

static pk_state pk_state_after(const packeis_game *game, size_t ply)
{
    return ply + 1 < game->plies ? pk_state_before(game, ply + 1) : game->state;
}

static int pk_valid_ply(const packeis_game *game, size_t ply)
{
    return game && ply < game->plies;
}

int packeis_game_ply_player(const packeis_game *game, size_t ply)
{
    return pk_valid_ply(game, ply) ? game->history[ply].before.turn : -1;
}

uint64_t packeis_game_ply_removed(const packeis_game *game, size_t ply)
{
    if (!pk_valid_ply(game, ply))
        return 0;
    return pk_state_before(game, ply).floes & ~pk_state_after(game, ply).floes;
}

/* A player is credited with floes its penguins stood on when they left the
 * board (sections 4 and 5): the mover's origin, and for a player going out
 * the floes under its penguins, the mover's destination included. */
uint64_t packeis_game_ply_credited(const packeis_game *game, size_t ply, int player)
{
    if (!pk_valid_ply(game, ply) || !pk_valid_player(game, player))
        return 0;
    const pk_record *record = &game->history[ply];
    uint64_t stood = record->before.penguins[player];
    if (record->before.turn == player)
        stood |= pk_bit(record->move % PACKEIS_MAX_CELLS);
    return packeis_game_ply_removed(game, ply) & stood;
}

unsigned packeis_game_ply_players_out(const packeis_game *game, size_t ply)
{
    if (!pk_valid_ply(game, ply))
        return 0;
    return pk_state_after(game, ply).out & ~(unsigned)game->history[ply].before.out;
}
