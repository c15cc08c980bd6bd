/* SPDX-License-Identifier: MIT */
/* libFuzzer target: game records. Any input is read without a crash and
 * with `stop` inside it; a record that loads saves a record that loads
 * into the same game and saves the same text again. */
#include <packeis/packeis.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char saved[1 << 22], again[1 << 22];

static void require(int condition)
{
    if (!condition)
        abort();
}

static packeis_game *load(const char *text, size_t length)
{
    packeis_game *game = NULL;
    size_t stop = length + 1;
    packeis_status status = packeis_game_load_record(text, length, NULL, &game, &stop);
    require(stop <= length);
    require((status == PACKEIS_OK) == (game != NULL));
    return game;
}

static size_t save(const packeis_game *game, char *buffer)
{
    size_t length = 0;
    require(packeis_game_save_record(game, buffer, sizeof saved, &length) == PACKEIS_OK);
    require(strlen(buffer) == length);
    return length;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    packeis_game *game = load((const char *)data, size);
    if (!game)
        return 0;
    size_t length = save(game, saved);
    packeis_game *copy = load(saved, length);
    require(copy != NULL && packeis_game_hash(copy) == packeis_game_hash(game));
    require(packeis_game_ply_count(copy) == packeis_game_ply_count(game));
    require(save(copy, again) == length && memcmp(saved, again, length) == 0);
    packeis_game_free(copy);
    packeis_game_free(game);
    return 0;
}
