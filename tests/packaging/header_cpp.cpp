// SPDX-License-Identifier: MIT
//
// The public header in C++ (-std=c++11 -pedantic -Wall -Wextra -Werror): it
// must compile, its extern "C" block must give C linkage, and a C++ program
// must link against and call the C library.
#include <packeis/packeis.h>
#include <packeis/packeis.h> // the include guards hold

#include <cstdio>
#include <cstring>
#include <type_traits>

static_assert(sizeof(packeis_move) == 2, "packeis_move is 16 bits");
static_assert(std::is_same<packeis_status, int>::value, "packeis_status is int");
static_assert(PACKEIS_MAX_CELLS == 64, "a cell set fits uint64_t");

// Taking the address with an explicit C-linkage pointer type checks the
// declarations are extern "C" (they would not link otherwise anyway).
extern "C" typedef int version_fn(void);
static version_fn *const version_ptr = &packeis_version;

int main()
{
    if (version_ptr() != PACKEIS_VERSION_NUMBER ||
        std::strcmp(packeis_version_string(), PACKEIS_VERSION_STRING) != 0) {
        std::fprintf(stderr, "header %s, library %s\n", PACKEIS_VERSION_STRING,
                     packeis_version_string());
        return 1;
    }
    packeis_options *options = nullptr;
    packeis_game *game = nullptr;
    if (packeis_options_new(nullptr, &options) != PACKEIS_OK ||
        packeis_options_set_players(options, 4) != PACKEIS_OK ||
        packeis_game_new(options, &game) != PACKEIS_OK)
        return 1;
    packeis_options_free(options);

    packeis_move moves[PACKEIS_MAX_MOVES];
    std::size_t count = 0;
    if (packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count) != PACKEIS_OK ||
        count == 0 || packeis_game_apply(game, moves[count - 1]) != PACKEIS_OK ||
        packeis_game_current_player(game) != 1)
        return 1;
    packeis_game_free(game);
    std::printf("C++ %ld: %s ok\n", static_cast<long>(__cplusplus), packeis_version_string());
    return 0;
}
