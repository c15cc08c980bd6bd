/* SPDX-License-Identifier: MIT */
/* session_commands.h: what the commands of the prompt do (command.h), and
 * the parts of the session (session.c) they share. */
#ifndef PACKEIS_PLAY_SESSION_COMMANDS_H
#define PACKEIS_PLAY_SESSION_COMMANDS_H

#include "command.h"
#include "session.h"

/* Carries out a command of the person at the keyboard. Returns 0 to go on,
 * 1 to stop (quit), -1 if the library failed. */
int session_command(session *s, command c);

/* Writes the game record to `path` and its seats to `path`.seats
 * (seats_file.h). 0, or -1 with the reason in `why`. */
int session_save(session *s, const char *path, char *why, size_t why_size);

/* Leaving (quit, or the end of input when `end_of_input`): says goodbye; an
 * unfinished game with actions not saved is first kept in
 * RECORD_FILE_RECOVERY, and said so, so that nothing played is lost. */
void session_leave(session *s, int end_of_input);

/* The board and the scores. */
void session_show(session *s);

/* Plays a legal move and tells what it did. */
packeis_status session_play(session *s, packeis_move move);

/* Asks a computer seat for a move in the current position. */
forfeit session_ask(session *s, seat *who, const seat_spec *spec, packeis_move *move,
                    char *why);

/* The computers start a new game (after load). 0, or -1 with the reason. */
int session_restart_seats(session *s, char *why);

/* Sets the layout of a picture file. PACKEIS_OK, or an error with the
 * reason in `why` (file:line:column and the library's words). */
packeis_status session_read_layout(packeis_options *options, const char *path, char *why,
                                   size_t why_size);

#endif
