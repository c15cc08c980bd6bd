/* SPDX-License-Identifier: MIT */
/*
 * seat_spec.h: who sits at a seat, in the one notation of packeis-play
 * (--seat, --opponents), packeis-tournament (--player) and packeis-engine
 * (--player), described once in examples/README.md ("Seats"):
 *
 *   human                 a person at this keyboard (packeis-play only)
 *   NAME[:STRENGTH]       a built-in player (players.h): random, greedy,
 *                         montecarlo, alphabeta, mcts ...
 *   engine:COMMAND        a program speaking the engine protocol
 *                         (doc/protocol.md), run as sh -c 'exec COMMAND'
 *
 * STRENGTH is a comma-separated list of: a time per move (`2s`, `1.5s`,
 * `300ms`), a budget of work per move (a bare number: positions for
 * alphabeta, playouts for montecarlo and mcts), and options of the player
 * (`playouts=5000`, `threads=2`; `packeis-engine --list` shows them). Without
 * one, the player plays at its default budget. Example: `mcts:2s,threads=2`.
 */
#ifndef PACKEIS_ENGINE_CLIENT_SEAT_SPEC_H
#define PACKEIS_ENGINE_CLIENT_SEAT_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "participant.h"

#define SEAT_STARTUP_MS 10000
#define SEAT_TIMEOUT_MS 120000
#define SEAT_GRACE_MS   2000

typedef enum seat_kind { SEAT_HUMAN, SEAT_COMPUTER } seat_kind;

typedef struct seat_spec {
    seat_kind kind;
    /* A computer: the built-in player or engine (participant.h), with its
     * strength's budget; its label is the text for a built-in player, the
     * `id name` for an engine. */
    participant who;
} seat_spec;

/* Reads a seat as above. A built-in player is checked (its name and every
 * option, on a player made for the purpose); an engine is started once for
 * its handshake (participant_engine()). Returns 0; 1 for an engine whose
 * handshake failed (the reason in `why`; a referee lets it take part and
 * forfeit); -1 with the reason in `why`. `text` must outlive `out` (an
 * engine's command points into it). SIGPIPE must be ignored: an engine that
 * cannot start is told by the failed write of its handshake. An engine gets
 * SEAT_STARTUP_MS for it. */
int seat_spec_parse(const char *text, seat_spec *out, char *why, size_t why_size);

/* The time control of a seat's moves in a game with a person (who waits
 * for an engine: not forever): the seat's own budget, SEAT_STARTUP_MS for
 * a handshake, SEAT_GRACE_MS beyond a movetime, SEAT_TIMEOUT_MS without. */
time_control seat_time_control(const seat_spec *spec);

#endif
