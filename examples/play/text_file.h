/* SPDX-License-Identifier: MIT */
/* text_file.h: a text file read whole, and where an offset in it is, for
 * messages such as "board.txt:3:7: ...". */
#ifndef PACKEIS_PLAY_TEXT_FILE_H
#define PACKEIS_PLAY_TEXT_FILE_H

#include <stddef.h>

/* The file's text, NUL-terminated, for free(); NULL with the reason in `why`
 * (it cannot be opened or read, or holds more than `max` bytes). */
char *text_file_read(const char *path, size_t max, size_t *length, char *why, size_t why_size);

/* The line and column (both from 1) of `offset` in `text`. */
void text_file_where(const char *text, size_t offset, size_t *line, size_t *column);

#endif
