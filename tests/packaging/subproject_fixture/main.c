/* SPDX-License-Identifier: MIT */
/*
 * A consumer of libpackeis that knows nothing of its source tree: it is built
 * by the 'install' test (against a staged install, through pkg-config) and by
 * the 'subproject' test (through dependency('packeis') with a fallback).
 *
 * Usage: consumer [EXPECTED-VERSION]
 */
#include <packeis/packeis.h>

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);           \
            failures++;                                                                        \
        }                                                                                      \
    } while (0)

int main(int argc, char **argv)
{
    packeis_options *options = NULL;
    packeis_game *game = NULL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count = 0, plies = 99;

    /* The header and the library loaded at run time must agree. */
    CHECK(packeis_version() == PACKEIS_VERSION_NUMBER);
    CHECK(strcmp(packeis_version_string(), PACKEIS_VERSION_STRING) == 0);
    if (argc > 1)
        CHECK(strcmp(packeis_version_string(), argv[1]) == 0);
    CHECK(strcmp(packeis_status_name(PACKEIS_E_OCCUPIED), "PACKEIS_E_OCCUPIED") == 0);

    CHECK(packeis_options_new(NULL, &options) == PACKEIS_OK);
    if (options == NULL)
        return 1;
    CHECK(packeis_options_set_players(options, 3) == PACKEIS_OK);
    CHECK(packeis_options_set_seed(options, 2024) == PACKEIS_OK);
    CHECK(packeis_game_new(options, &game) == PACKEIS_OK);
    packeis_options_free(options);
    if (game == NULL)
        return 1;

    CHECK(packeis_game_phase(game) == PACKEIS_PHASE_PLACEMENT);
    CHECK(packeis_game_current_player(game) == 0);

    /* Play one move, check it took, take it back. */
    CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count) == PACKEIS_OK);
    CHECK(count > 0);
    if (count > 0) {
        CHECK(packeis_move_is_placement(moves[0]) == 1);
        CHECK(packeis_game_apply(game, moves[0]) == PACKEIS_OK);
        CHECK(packeis_game_penguin_at(game, packeis_move_to(moves[0])) == 0);
        CHECK(packeis_game_current_player(game) == 1);
        CHECK(packeis_game_ply_count(game) == 1);
        CHECK(packeis_game_apply(game, moves[0]) == PACKEIS_E_OCCUPIED);
        CHECK(packeis_game_undo(game) == PACKEIS_OK);
        CHECK(packeis_game_ply_count(game) == 0);
        CHECK(packeis_game_redo(game) == PACKEIS_OK);
        CHECK(packeis_game_ply_count(game) == 1);
    }

    /* Finish the game at random, on a freshly shuffled board. */
    CHECK(packeis_game_reset(game, 7) == PACKEIS_OK);
    CHECK(packeis_game_seed(game) == 7);
    CHECK(packeis_game_playout(game, 7, &plies) == PACKEIS_OK);
    CHECK(plies > 0);
    CHECK(packeis_game_phase(game) == PACKEIS_PHASE_OVER);
    CHECK(packeis_game_winners(game) != 0);
    packeis_game_free(game);

    if (failures == 0)
        printf("packeis %s: consumer ok\n", packeis_version_string());
    return failures == 0 ? 0 : 1;
}
