/* SPDX-License-Identifier: MIT */
/*
 * session.h: the commands of the engine protocol (doc/protocol.md) for one
 * player: a line in, its replies out.
 */
#ifndef PACKEIS_ENGINE_SESSION_H
#define PACKEIS_ENGINE_SESSION_H

#include "search.h"

typedef struct session {
    packeis_player *player; /* borrowed */
    const char *author;     /* for `id author` */
    packeis_game *game;     /* the current position, owned */
    search search;
    packeis_player_limits defaults; /* of a go without limits (all 0: the player's own) */
    int quit;                       /* quit was read */
} session;

/* Starts a session at `position new`. Returns PACKEIS_OK or the library's
 * error. */
packeis_status session_open(session *s, packeis_player *p, const char *author);

/* Carries out one command line (without its line feed; a final carriage
 * return is ignored). */
void session_command(session *s, char *line);

/* Ends the search if any (no bestmove) and frees the position. */
void session_close(session *s);

#endif
