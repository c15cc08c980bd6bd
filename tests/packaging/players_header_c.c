/* SPDX-License-Identifier: MIT */
/*
 * <packeis/players.h> in strict C99 and C11 (-pedantic -Wall -Wextra
 * -Werror): it must compile, and a program must link against the players
 * library and stop a search with the flag the header declares.
 */
#include <packeis/players.h>
#include <packeis/players.h> /* the include guards hold */

#include <stdio.h>
#include <string.h>

int main(void)
{
    packeis_player *player = NULL;
    packeis_options *options = NULL;
    packeis_game *game = NULL;
    atomic_int stop;
    atomic_init(&stop, 1); /* set before: the search stops at once */
    packeis_player_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.stop = &stop;
    packeis_move move = PACKEIS_MOVE_NONE;
    int ok = packeis_player_new("mcts", 1, &player) == 0 &&
             packeis_options_new(NULL, &options) == PACKEIS_OK &&
             packeis_game_new(options, &game) == PACKEIS_OK &&
             packeis_player_choose(player, game, &limits, &move, NULL) == PACKEIS_OK &&
             packeis_game_check_move(game, move) == PACKEIS_OK &&
             packeis_player_report_size() == sizeof(packeis_player_report);
    packeis_game_free(game);
    packeis_options_free(options);
    packeis_player_free(player);
    if (!ok)
        fprintf(stderr, "players.h: a stopped search gave no legal move\n");
    return ok ? 0 : 1;
}
