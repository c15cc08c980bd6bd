/* SPDX-License-Identifier: MIT */
/* seats_file.c: the seats of a saved game (seats_file.h). */
#define _POSIX_C_SOURCE 200809L

#include "seats_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text_file.h"

char *seats_file_name(const char *record_path)
{
    size_t length = strlen(record_path);
    char *name = malloc(length + sizeof ".seats");
    if (name) {
        memcpy(name, record_path, length);
        memcpy(name + length, ".seats", sizeof ".seats");
    }
    return name;
}

/* A seat in the notation: what seat_spec_parse() reads back. */
static void write_seat(FILE *file, int p, const seat_spec *spec)
{
    if (spec->kind == SEAT_HUMAN)
        fprintf(file, "%c human\n", 'A' + p);
    else if (spec->who.command)
        fprintf(file, "%c engine:%s\n", 'A' + p, spec->who.command);
    else
        fprintf(file, "%c %s\n", 'A' + p, spec->who.label);
}

int seats_file_save(const char *record_path, const seat_spec *seats, int players, char *why,
                    size_t why_size)
{
    char *name = seats_file_name(record_path);
    FILE *file = name ? fopen(name, "w") : NULL;
    int saved = name ? errno : ENOMEM;
    int written = 0; /* the pointer is not looked at once closed */
    if (file) {
        fprintf(file, "# packeis-play seats of %s (examples/README.md, packeis-play)\n",
                record_path);
        for (int p = 0; p < players; p++)
            write_seat(file, p, &seats[p]);
        written = !ferror(file);
        saved = errno;
        if (fclose(file) != 0 && written) {
            written = 0;
            saved = errno;
        }
    }
    if (!written)
        snprintf(why, why_size, "%s: %s", name ? name : record_path, strerror(saved));
    free(name);
    return written ? 0 : -1;
}

/* The seat of line `text` (up to `end`), for seat `p`: "B mcts:2s". NULL
 * if the line is not that. */
static char *read_seat(const char *text, const char *end, int p)
{
    size_t length = (size_t)(end - text);
    if (length > 0 && text[length - 1] == '\r')
        length--;
    if (length < 3 || text[0] != 'A' + p || text[1] != ' ' || length - 2 > SEATS_FILE_TEXT_MAX)
        return NULL;
    for (size_t i = 2; i < length; i++)
        if ((unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7e)
            return NULL;
    char *copy = malloc(length - 1);
    if (copy) {
        memcpy(copy, text + 2, length - 2);
        copy[length - 2] = '\0';
    }
    return copy;
}

/* The seats of `text`, a line each after comments and blank lines. The
 * number of seats read, or -1 at line `*line`. */
static int read_seats(const char *text, int players, char *texts[PACKEIS_MAX_PLAYERS],
                      size_t *line)
{
    int count = 0;
    *line = 0;
    for (const char *at = text; *at;) {
        const char *end = strchr(at, '\n');
        if (!end)
            end = at + strlen(at);
        ++*line;
        int skipped = at[0] == '#' || at == end || (at[0] == '\r' && at + 1 == end);
        if (!skipped && (count == players || !(texts[count] = read_seat(at, end, count))))
            return -1;
        count += !skipped;
        at = *end ? end + 1 : end;
    }
    return count;
}

int seats_file_read(const char *record_path, int players, char *texts[PACKEIS_MAX_PLAYERS],
                    char *why, size_t why_size)
{
    memset(texts, 0, sizeof(char *) * PACKEIS_MAX_PLAYERS);
    char *name = seats_file_name(record_path);
    if (!name) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    if (access(name, F_OK) != 0 && errno == ENOENT) {
        free(name);
        return 0;
    }
    size_t length, line = 0;
    char *text = text_file_read(name, 64 * 1024, &length, why, why_size);
    int count = text && strlen(text) == length ? read_seats(text, players, texts, &line) : -1;
    if (text && count != players) {
        if (count < 0)
            snprintf(
                why, why_size,
                "%s:%zu: not a seat line ('A human', 'B mcts:2s', ..., one a seat in order)",
                name, line);
        else
            snprintf(why, why_size, "%s: %d seats for a game of %d players", name, count,
                     players);
    }
    free(text);
    free(name);
    if (count == players)
        return 1;
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        free(texts[p]);
        texts[p] = NULL;
    }
    return -1;
}
