/* SPDX-License-Identifier: MIT */
/* packeis.h, "Batches of games": many games stepped in one call. A batch
 * is an array of ordinary games made by cloning the first, so that a custom
 * board is shared by all of them; a step plays every game as
 * packeis_game_apply() does and reports per game. */
#include <string.h>

#include "internal.h"

struct packeis_batch {
    packeis_allocator allocator;
    size_t size;
    packeis_game **games;
};

static void pk_free_games(packeis_game **games, size_t made)
{
    for (size_t i = 0; i < made; i++)
        packeis_game_free(games[i]);
}

/* Game 0 from the options, the others its clones, each on its own board
 * seed; nothing is left made on failure. */
static packeis_status pk_make_games(packeis_game **games, size_t size,
                                    const packeis_options *options)
{
    packeis_status status = packeis_game_new(options, &games[0]);
    if (status != PACKEIS_OK)
        return status;
    uint64_t seed = packeis_game_seed(games[0]);
    for (size_t i = 1; i < size; i++) {
        status = packeis_game_clone(games[0], &games[i]);
        if (status != PACKEIS_OK) {
            pk_free_games(games, i);
            return status;
        }
        pk_game_restart(games[i], seed + i);
    }
    return PACKEIS_OK;
}

packeis_status packeis_batch_new(const packeis_options *options, size_t games,
                                 packeis_batch **batch)
{
    if (!batch || games == 0 || games > PACKEIS_BATCH_MAX_GAMES)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_allocator allocator = options ? options->allocator : pk_default_allocator();
    packeis_batch *made = pk_alloc(&allocator, sizeof *made);
    packeis_game **array = pk_alloc(&allocator, games * sizeof *array);
    packeis_status status =
        made && array ? pk_make_games(array, games, options) : PACKEIS_E_OUT_OF_MEMORY;
    if (status != PACKEIS_OK) {
        pk_release(&allocator, array, array ? games * sizeof *array : 0);
        pk_release(&allocator, made, made ? sizeof *made : 0);
        return status;
    }
    made->allocator = allocator;
    made->size = games;
    made->games = array;
    *batch = made;
    return PACKEIS_OK;
}

void packeis_batch_free(packeis_batch *batch)
{
    if (!batch)
        return;
    packeis_allocator allocator = batch->allocator;
    pk_free_games(batch->games, batch->size);
    pk_release(&allocator, batch->games, batch->size * sizeof *batch->games);
    pk_release(&allocator, batch, sizeof *batch);
}

size_t packeis_batch_size(const packeis_batch *batch) { return batch ? batch->size : 0; }

packeis_game *packeis_batch_game(packeis_batch *batch, size_t index)
{
    return batch && index < batch->size ? batch->games[index] : NULL;
}

packeis_status packeis_batch_reset(packeis_batch *batch, const uint64_t *seeds)
{
    if (!batch)
        return PACKEIS_E_INVALID_ARGUMENT;
    for (size_t i = 0; i < batch->size; i++) {
        packeis_game *game = batch->games[i];
        pk_game_restart(game, seeds ? seeds[i] : game->setup->seed);
    }
    return PACKEIS_OK;
}

/* What one game's step reports. */
typedef struct pk_step_report {
    packeis_status status;
    int ended; /* the move ended the game */
} pk_step_report;

static pk_step_report pk_step_one(packeis_game *game, packeis_move move)
{
    pk_step_report report = {PACKEIS_OK, 0};
    if (move == PACKEIS_MOVE_NONE)
        return report;
    report.status = packeis_game_apply(game, move);
    report.ended = report.status == PACKEIS_OK && game->state.phase == PACKEIS_PHASE_OVER;
    return report;
}

static void pk_write_rewards(const packeis_game *game, int ended, float *rewards)
{
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        rewards[p] = ended && pk_valid_player(game, p)
                         ? (float)pk_reward_of(game->setup, &game->state, p)
                         : 0.0f;
}

packeis_status packeis_batch_step(packeis_batch *batch, const packeis_move *moves,
                                  const uint64_t *reset_seeds, packeis_status *statuses,
                                  float *rewards, uint8_t *terminated, int8_t *to_act)
{
    if (!batch || !moves)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_status first_refusal = PACKEIS_OK;
    for (size_t i = 0; i < batch->size; i++) {
        packeis_game *game = batch->games[i];
        pk_step_report report = pk_step_one(game, moves[i]);
        if (report.status != PACKEIS_OK && first_refusal == PACKEIS_OK)
            first_refusal = report.status;
        int over = game->state.phase == PACKEIS_PHASE_OVER;
        if (statuses)
            statuses[i] = report.status;
        if (rewards)
            pk_write_rewards(game, report.ended, rewards + i * PACKEIS_MAX_PLAYERS);
        if (terminated)
            terminated[i] = (uint8_t)over;
        if (over && reset_seeds)
            pk_game_restart(game, reset_seeds[i]);
        if (to_act)
            to_act[i] = (int8_t)packeis_game_current_player(game);
    }
    return first_refusal;
}

/* Every game's moves into a stride that holds any list: one pass. */
static packeis_status pk_list_all(const packeis_batch *batch, packeis_move *moves,
                                  size_t stride, uint16_t *counts, size_t *most)
{
    size_t largest = 0;
    for (size_t i = 0; i < batch->size; i++) {
        const packeis_game *game = batch->games[i];
        size_t n =
            game->setup->kernel->legal_moves(game->setup, &game->state, moves + i * stride);
        counts[i] = (uint16_t)n;
        largest = n > largest ? n : largest;
    }
    if (most)
        *most = largest;
    return PACKEIS_OK;
}

packeis_status packeis_batch_legal_moves(const packeis_batch *batch, packeis_move *moves,
                                         size_t capacity, size_t stride, uint16_t *counts,
                                         size_t *most)
{
    if (!batch || !counts || (stride && !moves))
        return PACKEIS_E_INVALID_ARGUMENT;
    int room = stride == 0 || capacity / stride >= batch->size;
    if (room && stride >= PACKEIS_MAX_MOVES)
        return pk_list_all(batch, moves, stride, counts, most);
    size_t largest = 0;
    for (size_t i = 0; i < batch->size; i++) {
        const packeis_game *game = batch->games[i];
        size_t n = game->setup->kernel->move_count(game->setup, &game->state);
        counts[i] = (uint16_t)n;
        largest = n > largest ? n : largest;
    }
    if (most)
        *most = largest;
    if (stride == 0)
        return PACKEIS_OK;
    if (!room || largest > stride)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    packeis_move list[PACKEIS_MAX_MOVES];
    for (size_t i = 0; i < batch->size; i++) {
        const packeis_game *game = batch->games[i];
        size_t n = game->setup->kernel->legal_moves(game->setup, &game->state, list);
        memcpy(moves + i * stride, list, n * sizeof *list);
    }
    return PACKEIS_OK;
}

/* What a batch filler writes for each game: `per_game` elements of `size`
 * bytes, by the single-game filler `fill` (api/learning.c). */
typedef struct pk_filler {
    size_t per_game, size;
    void (*fill)(const packeis_game *game, unsigned flags, void *out);
} pk_filler;

static void pk_fill_mask(const packeis_game *game, unsigned flags, void *out)
{
    (void)flags;
    pk_legal_mask_fill(game, out);
}

static void pk_fill_bits(const packeis_game *game, unsigned flags, void *out)
{
    (void)flags;
    pk_legal_bits_fill(game, out);
}

static void pk_fill_planes(const packeis_game *game, unsigned flags, void *out)
{
    pk_observe_planes(game, flags, out);
}

static void pk_fill_words(const packeis_game *game, unsigned flags, void *out)
{
    pk_observe_words(game, flags, out);
}

/* Every game's answer, game after game; the whole answer's size in *count. */
static packeis_status pk_batch_fill(const packeis_batch *batch, const pk_filler *filler,
                                    unsigned flags, void *buffer, size_t capacity,
                                    size_t *count)
{
    if (!batch || !count || (capacity && !buffer) ||
        (flags & ~(unsigned)PACKEIS_OBSERVE_RELATIVE))
        return PACKEIS_E_INVALID_ARGUMENT;
    *count = batch->size * filler->per_game;
    if (capacity < *count)
        return PACKEIS_E_BUFFER_TOO_SMALL;
    unsigned char *out = buffer;
    for (size_t i = 0; i < batch->size; i++)
        filler->fill(batch->games[i], flags, out + i * filler->per_game * filler->size);
    return PACKEIS_OK;
}

packeis_status packeis_batch_legal_mask(const packeis_batch *batch, uint8_t *mask,
                                        size_t capacity, size_t *count)
{
    static const pk_filler filler = {PACKEIS_MOVE_VALUES, sizeof *mask, pk_fill_mask};
    return pk_batch_fill(batch, &filler, 0, mask, capacity, count);
}

packeis_status packeis_batch_legal_bits(const packeis_batch *batch, uint64_t *bits,
                                        size_t capacity, size_t *count)
{
    static const pk_filler filler = {PACKEIS_LEGAL_BITS_WORDS, sizeof *bits, pk_fill_bits};
    return pk_batch_fill(batch, &filler, 0, bits, capacity, count);
}

packeis_status packeis_batch_observe(const packeis_batch *batch, unsigned flags, float *planes,
                                     size_t capacity, size_t *count)
{
    static const pk_filler filler = {PACKEIS_OBSERVATION_SIZE, sizeof *planes, pk_fill_planes};
    return pk_batch_fill(batch, &filler, flags, planes, capacity, count);
}

packeis_status packeis_batch_observe_bits(const packeis_batch *batch, unsigned flags,
                                          uint64_t *words, size_t capacity, size_t *count)
{
    static const pk_filler filler = {PACKEIS_OBSERVATION_PLANES, sizeof *words, pk_fill_words};
    return pk_batch_fill(batch, &filler, flags, words, capacity, count);
}
