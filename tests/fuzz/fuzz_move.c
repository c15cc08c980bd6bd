/* SPDX-License-Identifier: MIT */
/* packeis_game_parse_cell() and packeis_game_parse_move() on arbitrary
 * bytes, against a few fixed games: the first byte picks the game and the
 * flags, the rest is the text. Whatever is read is written back identically
 * by packeis_game_cell_name() and packeis_game_format_move(). */
#include <stdlib.h>
#include <string.h>

#include <packeis/packeis.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { GAMES = 4 };

static void require(int condition)
{
    if (!condition)
        abort();
}

/* A column of 30 rows from y = -3 (names up to "ad"), fish 1 and 3. */
static packeis_game *tall_game(void)
{
    int x[64], y[64], fish[64];
    size_t count = 0;
    for (int row = -3; row < 27; row++)
        for (int k = 0; k < 2 - (row & 1); k++, count++) {
            x[count] = (row & 1) ? -3 : -4 + 2 * k;
            y[count] = row;
            fish[count] = count % 3 == 2 ? 3 : 1;
        }
    packeis_options *options;
    packeis_game *game;
    require(packeis_options_new(NULL, &options) == PACKEIS_OK);
    require(packeis_options_set_layout(options, x, y, fish, count) == PACKEIS_OK);
    require(packeis_game_new(options, &game) == PACKEIS_OK);
    packeis_options_free(options);
    return game;
}

/* Start, placement under way, movement under way, a tall custom layout. */
static packeis_game **games(void)
{
    static packeis_game *made[GAMES];
    if (made[0])
        return made;
    for (int g = 0; g < 3; g++) {
        require(packeis_game_new(NULL, &made[g]) == PACKEIS_OK);
        require(packeis_game_playout(made[g], 7, NULL) == PACKEIS_OK);
        require(packeis_game_undo_to(made[g], g == 0 ? 0 : g == 1 ? 3 : 20) == PACKEIS_OK);
    }
    made[3] = tall_game();
    return made;
}

static void check_cell(const packeis_game *game, const char *text, size_t size)
{
    int cell;
    size_t stop = (size_t)-1, length;
    char name[PACKEIS_CELL_NAME_SIZE];
    packeis_status status = packeis_game_parse_cell(game, text, size, &cell, &stop);
    require(stop <= size);
    if (status != PACKEIS_OK)
        return;
    require(packeis_game_cell_name(game, cell, name, sizeof name, &length) == PACKEIS_OK);
    require(length == stop && memcmp(name, text, length) == 0);
}

static void check_move(const packeis_game *game, const char *text, size_t size, unsigned flags)
{
    packeis_move move;
    size_t stop = (size_t)-1, length;
    char written[PACKEIS_MOVE_TEXT_SIZE];
    packeis_status status = packeis_game_parse_move(game, text, size, flags, &move, &stop);
    if (status == PACKEIS_E_INVALID_ARGUMENT) {
        require(flags & ~PACKEIS_PARSE_CHECK_LEGAL);
        return;
    }
    require(stop <= size);
    if (status != PACKEIS_OK)
        return;
    require(move < PACKEIS_MOVE_VALUES);
    require(packeis_game_format_move(game, move, written, sizeof written, &length) ==
            PACKEIS_OK);
    require(length == stop && memcmp(written, text, length) == 0);
    if (flags)
        require(packeis_game_check_move(game, move) == PACKEIS_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const packeis_game *game = games()[data[0] % GAMES];
    unsigned flags = (data[0] >> 2) & 3u; /* 2 and 3 are unknown flags */
    size--;
    char *text = malloc(size ? size : 1); /* exactly `size` bytes for ASan */
    require(text != NULL);
    memcpy(text, data + 1, size);
    check_cell(game, text, size);
    check_move(game, text, size, flags);
    free(text);
    return 0;
}
