/* SPDX-License-Identifier: MIT */
/* Reading the plain-text data files of tests/data: the lines that are not
 * empty and do not start with '#', one at a time. */
#ifndef PACKEIS_TESTS_DATA_FILE_H
#define PACKEIS_TESTS_DATA_FILE_H

#include <stddef.h>

typedef struct tc_data {
    char *text;    /* the whole file, NUL-terminated */
    size_t length; /* its length */
    size_t at;     /* where the next line starts */
    size_t line;   /* the number (from 1) of the line last returned */
} tc_data;

/* Reads the file `name` of the folder `dir` (dir may be NULL: `name` is the
 * path). Returns 0, or -1 if it cannot be read (errno tells why). */
int tc_data_open(tc_data *d, const char *dir, const char *name);

/* The next line that is not empty and is not a comment, without its line
 * end (a final '\r' is removed too), NUL-terminated inside d->text; NULL at
 * the end of the file. */
char *tc_data_next(tc_data *d);

void tc_data_close(tc_data *d);

#endif
