// SPDX-License-Identifier: MIT
//
// <packeis/players.h> in C++ (-std=c++11 -pedantic -Wall -Wextra -Werror):
// it must compile (its stop flag is std::atomic_int there), give C
// linkage, and a C++ program must stop a search with the flag.
#include <packeis/players.h>
#include <packeis/players.h> // the include guards hold

#include <atomic>
#include <cstdio>
#include <cstring>

extern "C" typedef const char *version_fn(void);
static version_fn *const version_ptr = &packeis_player_version;

int main()
{
    packeis_player *player = nullptr;
    packeis_options *options = nullptr;
    packeis_game *game = nullptr;
    std::atomic_int stop(1); // set before: the search stops at once
    packeis_player_limits limits;
    std::memset(&limits, 0, sizeof limits);
    limits.stop = &stop;
    packeis_move move = PACKEIS_MOVE_NONE;
    bool ok = version_ptr()[0] != '\0' && packeis_player_new("mcts", 1, &player) == 0 &&
              packeis_options_new(nullptr, &options) == PACKEIS_OK &&
              packeis_game_new(options, &game) == PACKEIS_OK &&
              packeis_player_choose(player, game, &limits, &move, nullptr) == PACKEIS_OK &&
              packeis_game_check_move(game, move) == PACKEIS_OK;
    packeis_game_free(game);
    packeis_options_free(options);
    packeis_player_free(player);
    if (!ok)
        std::fprintf(stderr, "players.h: a stopped search gave no legal move\n");
    return ok ? 0 : 1;
}
