/* SPDX-License-Identifier: MIT */
/* packeis.h, "Games: history and what each action did": the actions
 * played, and who played each, the floes that left the board, who was
 * credited with which floes, who went out. Worked out from the positions
 * before and after the action, so that the hot paths record nothing more
 * than the position before each action (a playout: only its moves, see
 * pk_record). */
#include "bits.h"
#include "internal.h"

size_t packeis_game_ply_count(const packeis_game *game) { return game ? game->plies : 0; }

packeis_status packeis_game_history(const packeis_game *game, packeis_move *moves,
                                    size_t capacity, size_t *count)
{
    if (!game || !count || (!moves && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = game->plies;
    if (game->plies > capacity)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    for (size_t i = 0; i < game->plies; i++)
        moves[i] = game->history[i].move;
    return PACKEIS_OK;
}

/* The position after action `ply`, with floes out of play removed, given
 * the one before it: kept in the next record or the game, else (a
 * playout's record, pk_record) made by playing the action on `before`
 * rather than replaying the playout again up to it. */
static pk_state pk_state_after(const packeis_game *game, size_t ply, const pk_state *before)
{
    if (ply + 1 >= game->plies)
        return game->state;
    if (game->history[ply + 1].lazy == PK_RECORD_EXACT)
        return game->history[ply + 1].before;
    pk_state after = *before;
    game->setup->kernel->play(game->setup, &after, game->history[ply].move);
    return after;
}

/* The floes that left the board with action `ply`, whose position before
 * is `before`. */
static uint64_t pk_removed(const packeis_game *game, size_t ply, const pk_state *before)
{
    return before->floes & ~pk_state_after(game, ply, before).floes;
}

static int pk_valid_ply(const packeis_game *game, size_t ply)
{
    return game && ply < game->plies;
}

int packeis_game_ply_player(const packeis_game *game, size_t ply)
{
    return pk_valid_ply(game, ply) ? pk_history_before(game->setup, game->history, ply).turn
                                   : -1;
}

uint64_t packeis_game_ply_removed(const packeis_game *game, size_t ply)
{
    if (!pk_valid_ply(game, ply))
        return 0;
    pk_state before = pk_history_before(game->setup, game->history, ply);
    return pk_removed(game, ply, &before);
}

/* A player is credited with floes its penguins stood on when they left the
 * board (doc/rules.md, "Moving" and "Passing the turn; going out"): the
 * mover's origin, and for a player going out
 * the floes under its penguins, the mover's destination included. */
uint64_t packeis_game_ply_credited(const packeis_game *game, size_t ply, int player)
{
    if (!pk_valid_ply(game, ply) || !pk_valid_player(game, player))
        return 0;
    pk_state before = pk_history_before(game->setup, game->history, ply);
    uint64_t stood = before.penguins[player];
    if (before.turn == player)
        stood |= pk_bit(pk_move_target(game->history[ply].move));
    return pk_removed(game, ply, &before) & stood;
}

unsigned packeis_game_ply_players_out(const packeis_game *game, size_t ply)
{
    if (!pk_valid_ply(game, ply))
        return 0;
    pk_state before = pk_history_before(game->setup, game->history, ply);
    return pk_state_after(game, ply, &before).out & ~(unsigned)before.out;
}
