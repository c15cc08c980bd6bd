/* SPDX-License-Identifier: MIT */
#include "builders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tc_fail(const char *file, int line, const char *what, packeis_status status)
{
    const char *name = packeis_status_name(status);
    fprintf(stderr, "%s:%d: %s: unexpected status %d (%s)\n", file, line, what, status,
            name ? name : "not a status");
    fflush(stderr);
    abort();
}

void tc_check(packeis_status got, packeis_status want, const char *file, int line,
              const char *what)
{
    if (got != want)
        tc_fail(file, line, what, got);
}

static void tc_set_variants(packeis_options *options, unsigned variants)
{
    for (int v = 0; v < PACKEIS_VARIANT_COUNT; v++)
        TC_CHECK(packeis_options_set_variant(options, v, (variants >> v) & 1u), PACKEIS_OK);
}

packeis_options *tc_standard_options(int players, uint64_t seed, unsigned variants)
{
    packeis_options *options = NULL;
    TC_CHECK(packeis_options_new(NULL, &options), PACKEIS_OK);
    TC_CHECK(packeis_options_set_players(options, players), PACKEIS_OK);
    TC_CHECK(packeis_options_set_seed(options, seed), PACKEIS_OK);
    tc_set_variants(options, variants);
    return options;
}

packeis_game *tc_game(packeis_options *options)
{
    packeis_game *game = NULL;
    TC_CHECK(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    return game;
}

packeis_game *tc_standard_game(int players, uint64_t seed)
{
    return tc_game(tc_standard_options(players, seed, 0));
}

packeis_options *tc_custom_options(const tc_floe *floes, size_t count, int players,
                                   int penguins, unsigned variants)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    if (count > PACKEIS_MAX_CELLS)
        tc_fail(__FILE__, __LINE__, "tc_custom_options: too many floes",
                PACKEIS_E_TOO_MANY_CELLS);
    for (size_t i = 0; i < count; i++) {
        x[i] = floes[i].x;
        y[i] = floes[i].y;
        fish[i] = floes[i].fish;
    }
    packeis_options *options = NULL;
    TC_CHECK(packeis_options_new(NULL, &options), PACKEIS_OK);
    TC_CHECK(packeis_options_set_players(options, players), PACKEIS_OK);
    if (penguins > 0)
        TC_CHECK(packeis_options_set_penguins(options, penguins), PACKEIS_OK);
    TC_CHECK(packeis_options_set_layout(options, x, y, fish, count), PACKEIS_OK);
    tc_set_variants(options, variants);
    return options;
}

packeis_game *tc_custom_game(const tc_floe *floes, size_t count, int players, int penguins,
                             unsigned variants)
{
    return tc_game(tc_custom_options(floes, count, players, penguins, variants));
}

void tc_play(packeis_game *game, const packeis_move *moves, size_t count)
{
    for (size_t i = 0; i < count; i++)
        TC_CHECK(packeis_game_apply(game, moves[i]), PACKEIS_OK);
}

void tc_play_expect(packeis_game *game, const packeis_move *moves, const packeis_status *want,
                    size_t count)
{
    for (size_t i = 0; i < count; i++)
        TC_CHECK(packeis_game_apply(game, moves[i]), want[i]);
}

packeis_game *tc_load_position(const char *text)
{
    packeis_game *game = NULL;
    size_t stop = 0;
    packeis_status status = packeis_game_load_position(text, strlen(text), NULL, &game, &stop);
    if (status != PACKEIS_OK) {
        fprintf(stderr, "cannot load, at offset %zu: %s\n", stop, text);
        tc_fail(__FILE__, __LINE__, "tc_load_position", status);
    }
    return game;
}

size_t tc_save_position(const packeis_game *game, char *text)
{
    size_t length = 0;
    TC_CHECK(packeis_game_save_position(game, text, PACKEIS_POSITION_TEXT_SIZE, &length),
             PACKEIS_OK);
    return length;
}

size_t tc_replace(const char *base, const char *old, const char *new_text, char *text,
                  size_t size)
{
    const char *found = strstr(base, old);
    if (found == NULL) {
        fprintf(stderr, "tc_replace: \"%s\" not in: %s\n", old, base);
        tc_fail(__FILE__, __LINE__, "tc_replace", PACKEIS_E_INVALID_ARGUMENT);
    }
    size_t before = (size_t)(found - base), after = strlen(found + strlen(old));
    if (before + strlen(new_text) + after >= size)
        tc_fail(__FILE__, __LINE__, "tc_replace: too long", PACKEIS_E_BUFFER_TOO_SMALL);
    memcpy(text, base, before);
    strcpy(text + before, new_text);
    strcat(text, found + strlen(old));
    return before;
}

int tc_brute_force_margin(packeis_game *game, int me)
{
    if (packeis_game_phase(game) == PACKEIS_PHASE_OVER)
        return packeis_game_fish_won(game, me) - packeis_game_fish_won(game, 1 - me);
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    TC_CHECK(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
    int maximizing = packeis_game_current_player(game) == me;
    int best = maximizing ? -1000 : 1000;
    for (size_t i = 0; i < count; i++) {
        TC_CHECK(packeis_game_apply(game, moves[i]), PACKEIS_OK);
        int v = tc_brute_force_margin(game, me);
        TC_CHECK(packeis_game_undo(game), PACKEIS_OK);
        if (maximizing ? v > best : v < best)
            best = v;
    }
    return best;
}
