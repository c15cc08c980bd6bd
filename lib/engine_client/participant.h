/* SPDX-License-Identifier: MIT */
/*
 * participant.h: who plays, a built-in player ("mcts:visits=500,threads=2")
 * or an engine (a command line speaking doc/protocol.md), and one seat of
 * one game: a fresh player, or a fresh engine process, asked for its moves
 * under the time control. Whatever goes wrong with an engine comes back as
 * a forfeit with its reason. seat_spec.h reads the notation into a
 * participant; packeis-tournament, packeis-play and packeis-engine use it.
 */
#ifndef PACKEIS_ENGINE_CLIENT_PARTICIPANT_H
#define PACKEIS_ENGINE_CLIENT_PARTICIPANT_H

#include <stdint.h>

#include <packeis/players.h>
#include "process.h"

#define REASON_SIZE 256

typedef struct participant {
    char label[128];     /* as shown in the table (a repeated one gets "#2") */
    char spec[128];      /* a built-in player's seat notation, whatever the label */
    const char *command; /* an engine's command line, or NULL for a built-in player */
    /* Its own budget per move (the notation's strength: `2s`, `500`); when
     * either is set it replaces the time control's movetime and nodes. */
    double seconds;
    uint64_t nodes;
} participant;

/* The budget of every move of a tournament. */
typedef struct time_control {
    int movetime_ms; /* go movetime; 0 = none */
    uint64_t nodes;  /* go nodes; 0 = none */
    int grace_ms;    /* added to movetime before an engine times out */
    int timeout_ms;  /* an engine's limit per move without movetime */
    int startup_ms;  /* an engine's limit for its handshake */
} time_control;

/* Why a seat forfeits (doc/protocol.md, "What a referee checks"). */
typedef enum forfeit {
    FORFEIT_NONE = 0,
    FORFEIT_ILLEGAL, /* a move the rules refuse */
    FORFEIT_TIMEOUT, /* no bestmove in time */
    FORFEIT_CRASH,   /* exited, or closed its output */
    FORFEIT_GARBAGE, /* a line that is no reply, a bestmove that is no move */
    FORFEIT_ERROR    /* answered `error`, or a built-in player failed */
} forfeit;

/* "illegal", "timeout", "crash", "garbage", "error" ("" for none). */
const char *forfeit_name(forfeit f);

/* Reads a built-in seat, "NAME[:STRENGTH]" (packeis_player_from_spec():
 * the players library reads the notation), keeping its budget; checks the
 * name and every option on a player made for the purpose. 0, or -1 with the
 * reason in `why`. */
int participant_builtin(participant *out, const char *spec, char *why, size_t why_size);

/* A new player of the built-in participant `who` (its spec, in `label`),
 * with its options set; NULL with the reason in `why`. */
packeis_player *participant_player(const participant *who, uint64_t seed, char *why,
                                   size_t why_size);

/* The time control of `who`'s moves: `base`, with its own budget instead
 * of base's movetime and nodes if it has one. */
time_control participant_time_control(const participant *who, const time_control *base);

/* An engine: starts it once for its handshake, to learn its name and check
 * that it speaks the protocol. 0; 1 if its handshake failed (the reason in
 * `why`, its label the command: it takes part, and each of its games is
 * forfeited with the reason its seat finds); -1 if it cannot be started or
 * run (the shell's status 126 or 127: no such program). */
int participant_engine(participant *out, const char *command, const time_control *tc, char *why,
                       size_t why_size);

typedef struct seat {
    const participant *who;
    packeis_player *player; /* built-in */
    process engine;         /* engine */
    int started;
} seat;

/* Opens a seat for a new game: a player with `seed`, or a fresh engine
 * through its handshake and newgame. FORFEIT_NONE, or why it failed (with
 * the reason in `why`), the seat then closed (an engine started for it is
 * ended). The seat keeps `who`, which must outlive it. */
forfeit seat_open(seat *s, const participant *who, uint64_t seed, const time_control *tc,
                  char *why);

/* The seat's move in `game`, which started at `start` (a saved position)
 * and has had the moves `moves` (space-separated, maybe empty) since, under
 * participant_time_control(s->who, tc). */
forfeit seat_move(seat *s, const packeis_game *game, const char *start, const char *moves,
                  const time_control *tc, packeis_move *move, char *why);

void seat_close(seat *s);

#endif
