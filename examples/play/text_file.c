/* SPDX-License-Identifier: MIT */
/* text_file.c: text files read whole (text_file.h). */
#include "text_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Line and column (from 1) of an offset in a text. */
void text_file_where(const char *text, size_t offset, size_t *line, size_t *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            ++*line;
            *column = 1;
        } else {
            ++*column;
        }
    }
}

/* The whole file, NUL-terminated; NULL with the reason. */
char *text_file_read(const char *path, size_t max, size_t *length, char *why, size_t why_size)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(why, why_size, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *text = malloc(max + 1);
    size_t got = text ? fread(text, 1, max + 1, file) : 0;
    int failed = ferror(file);
    fclose(file);
    if (!text || failed || got > max) {
        snprintf(why, why_size, "%s: %s", path,
                 !text    ? "out of memory"
                 : failed ? "cannot be read"
                          : "too large");
        free(text);
        return NULL;
    }
    text[got] = '\0';
    *length = got;
    return text;
}
