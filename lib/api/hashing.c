/* SPDX-License-Identifier: MIT */
/* packeis.h, "Text formats and hashing": the position hash (core/hash.c).
 * The text formats of that part of the header are lib/text's. */
#include "internal.h"

uint64_t packeis_game_hash(const packeis_game *game)
{
    return game ? pk_position_hash(game->setup, &game->state) : 0;
}
