/* SPDX-License-Identifier: MIT */
/*
 * results.h: the games of a tournament one line each, so that a tournament
 * can be played in slices (--games FIRST-LAST, on other machines, by a
 * cluster: bindings/python/packeis/cluster), over several sittings
 * (--resume) and its table built from the merged lines (--merge) exactly
 * as a run of the whole would build it.
 *
 * A results file is a first line "packeis-tournament-results 2", a second
 * "schedule " and the tournament's signature (16 hexadecimal digits: what
 * decides its games besides the number of boards: the participants and
 * their budgets, the time control, seats, orders, variants and seed), then
 * one line per game, in any order, of 12 fields separated by tabs:
 *
 *   game  plies  failed  failure  forfeit  forfeit_seat  reason  seats
 *   participants  fish  ranks  record
 *
 * game is 1-based; failed is 0 or 1; forfeit is a forfeit_name() or "-"
 * for none; forfeit_seat is -1 for none; participants, fish and ranks are
 * one number per seat separated by commas; failure, reason and record are
 * text with a backslash written "\\", a tab "\t" and a line feed "\n".
 * Every line ends with a line feed. Version 1 files (no schedule line) are
 * still read: their signature cannot be checked.
 */
#ifndef PACKEIS_TOURNAMENT_RESULTS_H
#define PACKEIS_TOURNAMENT_RESULTS_H

#include <stdint.h>
#include <stdio.h>

#include "referee.h"

#define RESULTS_HEADER    "packeis-tournament-results 2"
#define RESULTS_HEADER_V1 "packeis-tournament-results 1"

/* The first two lines. */
void results_write_header(FILE *out, uint64_t signature);

/* One game's line (game is 0-based here, written 1-based). */
void results_write(FILE *out, size_t game, const played_game *played);

/*
 * Reads the results file `path` into games[0 ... count-1], checking its
 * signature and every line against the schedule: seats, who sits where,
 * and each game's record replayed (referee_check()); a game already read
 * (seen[g] non-zero) is refused, and so is a last line cut off. 0, 1 for a
 * version 1 file (read, its signature unchecked), or -1 with the reason in
 * `why` ("PATH:LINE: ..."). Records read are malloc()ed into
 * games[g].record.
 */
int results_read(const char *path, uint64_t signature, const planned_game *plans, size_t count,
                 played_game *games, unsigned char *seen, char *why, size_t why_size);

/* The same from an open stream, `name` in the reasons. */
int results_read_stream(FILE *in, const char *name, uint64_t signature,
                        const planned_game *plans, size_t count, played_game *games,
                        unsigned char *seen, char *why, size_t why_size);

#endif
