/* SPDX-License-Identifier: MIT */
/* libFuzzer target: layout pictures. Any input is read without a crash and
 * with `stop` inside it; a picture that reads draws a picture that reads
 * back to the same drawing (and the same cells), with and without
 * PACKEIS_PICTURE_CURRENT after a random playout. */
#include <packeis/packeis.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char drawn[1 << 22], again[1 << 22];

static void require(int condition)
{
    if (!condition)
        abort();
}

static packeis_game *game_of(const char *text, size_t length)
{
    packeis_options *options = NULL;
    packeis_game *game = NULL;
    size_t stop = length + 1;
    require(packeis_options_new(NULL, &options) == PACKEIS_OK);
    packeis_status status = packeis_options_set_layout_picture(options, text, length, &stop);
    require(stop <= length);
    require(packeis_options_set_penguins(options, 1) == PACKEIS_OK);
    require(packeis_options_set_variant(options, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1) ==
            PACKEIS_OK);
    if (status == PACKEIS_OK && packeis_game_new(options, &game) != PACKEIS_OK)
        game = NULL;
    packeis_options_free(options);
    return game;
}

static size_t draw(const packeis_game *game, unsigned flags, char *buffer)
{
    size_t length = 0;
    packeis_status status =
        packeis_game_layout_picture(game, flags, buffer, sizeof drawn, &length);
    require(status == PACKEIS_OK && strlen(buffer) == length);
    return length;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    packeis_game *game = game_of((const char *)data, size);
    if (!game)
        return 0;
    size_t length = draw(game, 0, drawn);
    packeis_game *copy = game_of(drawn, length);
    require(copy != NULL);
    require(draw(copy, 0, again) == length && memcmp(drawn, again, length) == 0);
    require(packeis_game_playout(game, size, NULL) == PACKEIS_OK);
    draw(game, PACKEIS_PICTURE_CURRENT, drawn);
    packeis_game_free(copy);
    packeis_game_free(game);
    return 0;
}
