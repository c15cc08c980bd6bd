/* SPDX-License-Identifier: MIT */
/* packeis_game_load_position() on arbitrary bytes: it never crashes nor
 * reads past the length, reports a stop within the text, and whatever it
 * accepts is in canonical form: saving the game gives the text back (less a
 * final newline), and that text loads again to the same position. */
#include <stdlib.h>
#include <string.h>

#include <packeis/packeis.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int condition)
{
    if (!condition)
        abort();
}

static void check_saved(const packeis_game *game, const uint8_t *data, size_t size)
{
    char text[PACKEIS_POSITION_TEXT_SIZE];
    size_t length, stop;
    require(packeis_game_save_position(game, text, sizeof text, &length) == PACKEIS_OK);
    if (size && data[size - 1] == '\n')
        size--;
    require(length == size && memcmp(text, data, size) == 0);
    packeis_game *again = NULL;
    require(packeis_game_load_position(text, length, NULL, &again, &stop) == PACKEIS_OK);
    require(stop == length);
    require(packeis_game_hash(game) == packeis_game_hash(again));
    packeis_game_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly `size` bytes, so that ASan catches any over-read. */
    char *text = malloc(size ? size : 1);
    require(text != NULL);
    memcpy(text, data, size);
    packeis_game *game = NULL;
    size_t stop = (size_t)-1;
    packeis_status status = packeis_game_load_position(text, size, NULL, &game, &stop);
    require(stop <= size);
    if (status == PACKEIS_OK) {
        check_saved(game, data, size);
        require(packeis_game_playout(game, size, NULL) == PACKEIS_OK);
        packeis_game_free(game);
    } else {
        require(game == NULL);
    }
    free(text);
    return 0;
}
