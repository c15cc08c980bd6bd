/* SPDX-License-Identifier: MIT */
#include "data_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tc_data_open(tc_data *d, const char *dir, const char *name)
{
    char path[4096];
    int n = dir ? snprintf(path, sizeof path, "%s/%s", dir, name)
                : snprintf(path, sizeof path, "%s", name);
    d->text = NULL;
    d->length = d->at = d->line = 0;
    if (n < 0 || (size_t)n >= sizeof path)
        return -1;
    FILE *file = fopen(path, "rb");
    if (!file)
        return -1;
    size_t capacity = 1 << 16;
    d->text = malloc(capacity);
    for (size_t got; d->text && (got = fread(d->text + d->length, 1, capacity - 1 - d->length,
                                             file)) > 0;) {
        d->length += got;
        if (d->length + 1 == capacity) {
            char *bigger = realloc(d->text, capacity * 2);
            if (!bigger) {
                free(d->text);
                d->text = NULL;
            }
            d->text = bigger;
            capacity *= 2;
        }
    }
    int failed = ferror(file) || !d->text;
    fclose(file);
    if (failed) {
        free(d->text);
        d->text = NULL;
        return -1;
    }
    d->text[d->length] = '\0';
    return 0;
}

char *tc_data_next(tc_data *d)
{
    while (d->at < d->length) {
        char *line = d->text + d->at;
        char *end = memchr(line, '\n', d->length - d->at);
        size_t size = end ? (size_t)(end - line) : d->length - d->at;
        d->at += size + (end != NULL);
        d->line++;
        if (size > 0 && line[size - 1] == '\r')
            size--;
        line[size] = '\0';
        if (size > 0 && line[0] != '#')
            return line;
    }
    return NULL;
}

void tc_data_close(tc_data *d)
{
    free(d->text);
    d->text = NULL;
}
