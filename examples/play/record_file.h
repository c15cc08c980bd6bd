/* SPDX-License-Identifier: MIT */
/* record_file.h: game records (packeis_game_save_record(),
 * packeis_game_load_record()) in files, with errors a person can act on. */
#ifndef PACKEIS_PLAY_RECORD_FILE_H
#define PACKEIS_PLAY_RECORD_FILE_H

#include <stddef.h>

#include <packeis/packeis.h>

/* Where leaving an unfinished game with unsaved actions keeps it (in the
 * working directory; the last such game only: session_leave()). */
#define RECORD_FILE_RECOVERY "packeis-play-unsaved.txt"

/* Largest record file read: a record of the largest game is a few kB. */
#define RECORD_FILE_MAX (1 << 20)

/* Writes the record of `game` to `path`. 0, or -1 with the reason in `why`. */
int record_file_save(const char *path, const packeis_game *game, char *why, size_t why_size);

/* Reads the record in `path` and replays it into a new game. 0, or -1 with
 * the reason in `why` (for a record the library refuses: the line and
 * column where it stopped, and the library's words). */
int record_file_load(const char *path, packeis_game **game, char *why, size_t why_size);

#endif
