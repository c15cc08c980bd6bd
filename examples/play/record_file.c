/* SPDX-License-Identifier: MIT */
/* record_file.c: game records in files (record_file.h). */
#include "record_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_file.h"

/* The record of `game`, NUL-terminated, for free(); NULL when out of memory. */
static char *record_text(const packeis_game *game)
{
    size_t length = 0;
    char probe[1];
    packeis_status status = packeis_game_save_record(game, probe, 0, &length);
    if (status != PACKEIS_E_BUFFER_TOO_SMALL && status != PACKEIS_OK)
        return NULL;
    char *text = malloc(length + 1);
    if (text && packeis_game_save_record(game, text, length + 1, &length) != PACKEIS_OK) {
        free(text);
        text = NULL;
    }
    return text;
}

int record_file_save(const char *path, const packeis_game *game, char *why, size_t why_size)
{
    char *text = record_text(game);
    if (!text) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    FILE *file = fopen(path, "w");
    int ok = file != NULL;
    ok = ok && fputs(text, file) >= 0;
    int saved = errno;
    if (file && fclose(file) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    free(text);
    if (!ok)
        snprintf(why, why_size, "%s: %s", path, strerror(saved));
    return ok ? 0 : -1;
}

int record_file_load(const char *path, packeis_game **game, char *why, size_t why_size)
{
    size_t length, stop = 0;
    char *text = text_file_read(path, RECORD_FILE_MAX, &length, why, why_size);
    if (!text)
        return -1;
    packeis_status status = packeis_game_load_record(text, length, NULL, game, &stop);
    if (status != PACKEIS_OK) {
        size_t line, column;
        text_file_where(text, stop <= length ? stop : length, &line, &column);
        snprintf(why, why_size, "%s:%zu:%zu: %s%s", path, line, column,
                 packeis_strerror(status),
                 status == PACKEIS_E_MALFORMED_TEXT ? " (is it a game record?)" : "");
        *game = NULL;
    }
    free(text);
    return status == PACKEIS_OK ? 0 : -1;
}
