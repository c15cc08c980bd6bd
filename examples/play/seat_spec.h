/* SPDX-License-Identifier: MIT */
/*
 * seat_spec.h: who sits at a seat of packeis-play, as given on the command
 * line:
 *
 *   human                 a person at this keyboard
 *   NAME[:STRENGTH]       a built-in player (players.h): random, greedy,
 *                         montecarlo, alphabeta, mcts ...
 *   engine:COMMAND        a program speaking the engine protocol
 *                         (doc/protocol.md), such as "packeis-engine
 *                         --player mcts"
 *
 * STRENGTH is a comma-separated list of: a time per move (`2s`, `1.5s`,
 * `300ms`), a budget of work per move (a bare number: positions for
 * alphabeta, playouts for montecarlo and mcts), and options of the player
 * (`playouts=5000`, `threads=2`; `packeis-engine --list` shows them). Without
 * one, the player plays at its default budget. Example: `mcts:2s,threads=2`.
 */
#ifndef PACKEIS_PLAY_SEAT_SPEC_H
#define PACKEIS_PLAY_SEAT_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "participant.h"

typedef enum seat_kind { SEAT_HUMAN, SEAT_COMPUTER } seat_kind;

typedef struct seat_spec {
    seat_kind kind;
    /* A computer: the built-in player or engine (participant.h); its
     * label is what the table of seats shows. */
    participant who;
    /* Its budget per move; 0 = none of that kind. */
    double seconds;
    uint64_t nodes;
} seat_spec;

/* Reads a seat as above. A built-in player is checked (its name and every
 * option, on a player made for the purpose); an engine is started once for
 * its handshake (participant_engine()). Returns 0, or -1 with the reason in
 * `why`. `text` must outlive `out` (an engine's command points into it).
 * SIGPIPE must be ignored: an engine that cannot start is told by the
 * failed write of its handshake. */
int seat_spec_parse(const char *text, seat_spec *out, char *why, size_t why_size);

/* The time control of a seat's moves. */
time_control seat_time_control(const seat_spec *spec);

#endif
