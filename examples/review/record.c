/* SPDX-License-Identifier: MIT */
/* record.c: a record file loaded for a review, or why not (record.h). */
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "status_name.h"

/* A record on the standard board is under 8 KB; a custom one is bounded by
 * its picture. Past this, a file given by mistake (an image, a log). */
#define RECORD_MAX (64u << 20)

/* The whole of `in` into *text (malloc()ed); -1 with errno. */
static int read_all(FILE *in, char **text, size_t *length)
{
    size_t size = 0, got = 0;
    char *data = NULL;
    for (;;) {
        if (got == size) {
            char *grown = size <= RECORD_MAX ? realloc(data, size ? 2 * size : 8192) : NULL;
            if (!grown) {
                free(data);
                errno = size > RECORD_MAX ? EFBIG : ENOMEM;
                return -1;
            }
            data = grown;
            size = size ? 2 * size : 8192;
        }
        size_t n = fread(data + got, 1, size - got, in);
        got += n;
        if (n == 0)
            break;
    }
    if (ferror(in) || got > RECORD_MAX) {
        int error = got > RECORD_MAX ? EFBIG : errno ? errno : EIO;
        free(data);
        errno = error;
        return -1;
    }
    *text = data;
    *length = got;
    return 0;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Where in the record `stop` is: its line and column, from 1. */
static void line_of(const char *text, size_t stop, size_t *line, size_t *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < stop; i++, (*column)++)
        if (text[i] == '\n')
            (*line)++, *column = 0;
}

/* The start of the actions: past the line "[Plies ...]", or 0 if none. */
static size_t actions_start(const char *text, size_t length)
{
    for (size_t i = 0; i + 7 <= length; i++)
        if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "[Plies ", 7) == 0) {
            while (i < length && text[i] != '\n')
                i++;
            return i;
        }
    return 0;
}

static int applying_status(packeis_status s)
{
    return s == PACKEIS_E_WRONG_PHASE || s == PACKEIS_E_GAME_OVER || s == PACKEIS_E_OCCUPIED ||
           s == PACKEIS_E_NOT_ONE_FISH || s == PACKEIS_E_NOT_YOUR_PENGUIN ||
           s == PACKEIS_E_NOT_IN_LINE || s == PACKEIS_E_BLOCKED_BY_PENGUIN ||
           s == PACKEIS_E_BLOCKED_BY_GAP || s == PACKEIS_E_OUT_OF_RANGE;
}

/*
 * The action at `stop`, when it falls among the actions: "action N (MOVE)
 * cannot be played: " for a move the rules refuse, "action N (MOVE): "
 * for a name that is no move of the board, "action number 'TEXT'
 * (expected N.): " for a wrong number; "the Result line does not match
 * the game replayed: " on that line. Empty elsewhere.
 */
static void describe_action(const char *text, size_t length, size_t stop, packeis_status s,
                            char *out, size_t size)
{
    size_t i = actions_start(text, length);
    if (i == 0 || stop <= i)
        return;
    unsigned long number = 0;
    while (i < length) {
        while (i < length && is_blank(text[i]))
            i++;
        size_t start = i;
        while (i < length && !is_blank(text[i]))
            i++;
        if (start >= length)
            return;
        if (text[start] == '[') {
            snprintf(out, size, "the Result line does not match the game replayed: ");
            return;
        }
        int numbered = i - start >= 2 && text[i - 1] == '.' &&
                       strspn(text + start, "0123456789") == i - start - 1;
        if (stop < start || stop >= i) {
            if (numbered)
                number = strtoul(text + start, NULL, 10);
            continue;
        }
        int shown = i - start > 32 ? 32 : (int)(i - start);
        if (numbered || number == 0)
            snprintf(out, size, "action number '%.*s' (expected %lu.): ", shown, text + start,
                     number + 1);
        else
            snprintf(out, size, "action %lu (%.*s)%s: ", number, shown, text + start,
                     applying_status(s) ? " cannot be played" : "");
        return;
    }
}

/* Where the fault at `stop` is, in words, ending in ": " (or empty). */
static void describe(const char *text, size_t length, size_t stop, packeis_status s, char *out,
                     size_t size)
{
    static const char game_line[] = "[Game \"packeis\"]";
    const char *feed = memchr(text, '\n', length);
    size_t first_line = feed ? (size_t)(feed - text) : length;
    out[0] = '\0';
    if (stop <= first_line &&
        (length < sizeof game_line - 1 || memcmp(text, game_line, sizeof game_line - 1) != 0))
        snprintf(out, size, "not a game record (no [Game \"packeis\"] line first): ");
    else if (stop >= length)
        snprintf(out, size, "the record ends early: ");
    else
        describe_action(text, length, stop, s, out, size);
}

int record_load(const char *path, const char *text, size_t length, packeis_game **game,
                char *why, size_t why_size)
{
    size_t stop = 0, line, column;
    *game = NULL;
    packeis_status status = packeis_game_load_record(text, length, NULL, game, &stop);
    if (status == PACKEIS_OK)
        return 0;
    char action[128];
    line_of(text, stop < length ? stop : length, &line, &column);
    describe(text, length, stop, status, action, sizeof action);
    snprintf(why, why_size, "%s:%zu:%zu: %s%s (%s)", path, line, column, action,
             packeis_strerror(status), status_name(status));
    return -1;
}

int record_open(const char *path, packeis_game **game, char *why, size_t why_size)
{
    int from_stdin = strcmp(path, "-") == 0;
    FILE *in = from_stdin ? stdin : fopen(path, "rb");
    char *text = NULL;
    size_t length = 0;
    *game = NULL;
    if (!in || read_all(in, &text, &length) != 0) {
        snprintf(why, why_size, "%s: %s", from_stdin ? "standard input" : path,
                 strerror(errno));
        if (in && !from_stdin)
            fclose(in);
        return -1;
    }
    if (!from_stdin)
        fclose(in);
    int status =
        record_load(from_stdin ? "standard input" : path, text, length, game, why, why_size);
    free(text);
    return status;
}
