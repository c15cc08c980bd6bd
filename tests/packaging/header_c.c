/* SPDX-License-Identifier: MIT */
/*
 * The public header, included first and alone, must compile cleanly in
 * strict C99 and C11 (-pedantic -Wall -Wextra -Werror, built by meson with
 * c_std=c99 / c11 and by check_header.py with every C compiler found).
 */
#include <packeis/packeis.h>
#include <packeis/packeis.h> /* the include guards hold */

#include <stdio.h>
#include <string.h>

/* C99 has no _Static_assert: a negative array size fails instead. */
#define PK_TEST_ASSERT(name, cond) typedef char name[(cond) ? 1 : -1]
PK_TEST_ASSERT(move_is_16_bits, sizeof(packeis_move) == 2);
PK_TEST_ASSERT(moves_fit, PACKEIS_MOVE_VALUES <= PACKEIS_MOVE_NONE);
PK_TEST_ASSERT(status_is_int, sizeof(packeis_status) == sizeof(int));
PK_TEST_ASSERT(max_cells_fits_u64, PACKEIS_MAX_CELLS == 64);
PK_TEST_ASSERT(version_number, PACKEIS_VERSION_NUMBER == PACKEIS_VERSION_MAJOR * 10000 +
                                                             PACKEIS_VERSION_MINOR * 100 +
                                                             PACKEIS_VERSION_PATCH);

int main(void)
{
    packeis_game *game = NULL;
    packeis_move move;

    if (packeis_version() != PACKEIS_VERSION_NUMBER ||
        strcmp(packeis_version_string(), PACKEIS_VERSION_STRING) != 0) {
        fprintf(stderr, "header %s, library %s\n", PACKEIS_VERSION_STRING,
                packeis_version_string());
        return 1;
    }
    if (packeis_game_new(NULL, &game) != PACKEIS_OK)
        return 1;
    move = packeis_move_placement(0);
    while (packeis_game_check_move(game, move) != PACKEIS_OK)
        move = packeis_move_placement(packeis_move_to(move) + 1);
    if (packeis_game_apply(game, move) != PACKEIS_OK || packeis_game_current_player(game) != 1)
        return 1;
    packeis_game_free(game);
    printf("C %ld: %s ok\n", (long)__STDC_VERSION__, packeis_version_string());
    return 0;
}
