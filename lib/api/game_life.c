/* SPDX-License-Identifier: MIT */
/* packeis.h, "Games: life": creation, copies, reset and release. */
#include <string.h>

#include "internal.h"

packeis_status packeis_game_new(const packeis_options *options, packeis_game **game)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_options defaults;
    if (!options) {
        packeis_allocator allocator = pk_default_allocator();
        pk_options_defaults(&defaults, &allocator);
        options = &defaults;
    }
    return pk_game_make(options, game);
}

packeis_status pk_game_make(const packeis_options *options, packeis_game **game)
{
    packeis_game *made = pk_alloc(&options->allocator, sizeof *made);
    if (!made)
        return PACKEIS_E_OUT_OF_MEMORY;
    memset(made, 0, sizeof *made);
    made->allocator = options->allocator;
    packeis_status status = pk_setup_init(&made->rules, options);
    if (status != PACKEIS_OK) {
        pk_release(&made->allocator, made, sizeof *made);
        return status;
    }
    made->setup = &made->rules;
    pk_state_start(made->setup, &made->state);
    *game = made;
    return PACKEIS_OK;
}

packeis_status packeis_game_clone(const packeis_game *game, packeis_game **copy)
{
    if (!copy || !game)
        return PACKEIS_E_INVALID_ARGUMENT;
    const packeis_allocator *allocator = &game->allocator;
    packeis_game *made = pk_alloc(allocator, sizeof *made);
    if (!made)
        return PACKEIS_E_OUT_OF_MEMORY;
    *made = *game;
    made->setup = &made->rules;
    made->history = NULL;
    made->capacity = 0;
    if (game->redo_end) {
        made->history = pk_alloc(allocator, game->redo_end * sizeof *made->history);
        if (!made->history) {
            pk_release(allocator, made, sizeof *made);
            return PACKEIS_E_OUT_OF_MEMORY;
        }
        memcpy(made->history, game->history, game->redo_end * sizeof *made->history);
        made->capacity = game->redo_end;
    }
    /* The board is the game's, on this same allocator: pk_setup_copy()
     * shares it, and only copying onto another allocator can fail. */
    (void)pk_setup_copy(&made->rules, game->setup, allocator);
    *copy = made;
    return PACKEIS_OK;
}

void packeis_game_free(packeis_game *game)
{
    if (!game)
        return;
    packeis_allocator allocator = game->allocator;
    pk_setup_release(game->setup);
    pk_release(&allocator, game->history, game->capacity * sizeof *game->history);
    pk_release(&allocator, game, sizeof *game);
}

/* A new seed changes only where the fish lie, not how many floes hold one
 * fish, so the placeable-floes check made at creation still holds: a reset
 * cannot fail, and it allocates nothing. */
void pk_game_restart(packeis_game *game, uint64_t seed)
{
    if (game->setup->standard)
        pk_setup_reshuffle(game->setup, seed);
    pk_state_start(game->setup, &game->state);
    game->plies = game->redo_end = 0;
}

packeis_status packeis_game_reset(packeis_game *game, uint64_t seed)
{
    if (!game)
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_game_restart(game, seed);
    return PACKEIS_OK;
}

/* The target keeps its allocator for everything it holds: the history grows
 * on it, and the source's heap board is shared only if it is on the same
 * allocator (else copied). Nothing changes on failure. */
packeis_status packeis_game_assign(packeis_game *target, const packeis_game *source)
{
    if (!target || !source)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (target == source)
        return PACKEIS_OK;
    pk_setup setup;
    packeis_status status = pk_setup_copy(&setup, source->setup, &target->allocator);
    if (status != PACKEIS_OK)
        return status;
    size_t played = target->plies, kept = target->redo_end;
    target->plies = target->redo_end = 0; /* nothing of the target to keep */
    status = pk_game_reserve(target, source->redo_end);
    target->plies = played;
    target->redo_end = kept;
    if (status != PACKEIS_OK) {
        pk_setup_release(&setup);
        return status;
    }
    if (source->redo_end)
        memcpy(target->history, source->history, source->redo_end * sizeof *target->history);
    target->plies = source->plies;
    target->redo_end = source->redo_end;
    target->state = source->state;
    pk_setup_release(&target->rules);
    target->rules = setup;
    return PACKEIS_OK;
}
