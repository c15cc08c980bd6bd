/* SPDX-License-Identifier: MIT */
/* A slow, obviously correct reference engine written from the rules alone
 * (doc/rules.md): plain arrays, slides walked cell by cell, a plain flood
 * fill. It shares no code with the library; it reads a game only through
 * the public queries (the layout's geometry and fish, the setup, and the
 * position), then plays on its own. Used by tests/test_reference.c to check
 * the library at every ply and to compute perft, and by the API fuzzer
 * (tests/fuzz/fuzz_api.c) in debug builds.
 *
 *   ref_board b;  ref_pos p;
 *   ref_board_load(game, &b);       the board and setup, from the game
 *   ref_start(&b, &p);              the start of a game, or
 *   ref_pos_load(game, &b, &p);     the game's current position
 *   n = ref_moves(&b, &p, moves);   the legal moves, in the library's order
 *   ref_apply(&b, &p, moves[i]);    plays one (it must be legal)
 *   ref_perft(&b, &p, depth);       counts as packeis_game_perft()
 *   ref_pos_equal(&b, &p, &q);      compares two positions
 *
 * Nothing here allocates, prints or aborts. */
#ifndef PACKEIS_TESTS_REFERENCE_H
#define PACKEIS_TESTS_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

#define REF_NO_CELL (-1)

/* The board and setup: what never changes during a game. */
typedef struct ref_board {
    int cells, players, penguins, total; /* total: penguins of all players */
    int any_floe, snake;
    int fish[PACKEIS_MAX_CELLS];
    int next[PACKEIS_MAX_CELLS][PACKEIS_DIRECTION_COUNT]; /* neighbour or REF_NO_CELL */
} ref_board;

/* A position. Cells and players the board lacks are 0. */
typedef struct ref_pos {
    signed char floe[PACKEIS_MAX_CELLS];  /* 1 while the floe is on the board */
    signed char owner[PACKEIS_MAX_CELLS]; /* player with a penguin there, or -1 */
    int fish[PACKEIS_MAX_PLAYERS], floes[PACKEIS_MAX_PLAYERS], out[PACKEIS_MAX_PLAYERS];
    int turn;   /* the player to act, -1 once the game is over */
    int phase;  /* a packeis_phase value */
    int placed; /* penguins placed so far (all of them after placement) */
} ref_pos;

/* The doubled-width offsets of the six directions, in the header's enum
 * order: (x + ref_dx[d], y + ref_dy[d]) is the neighbour in direction d. */
extern const int ref_dx[PACKEIS_DIRECTION_COUNT], ref_dy[PACKEIS_DIRECTION_COUNT];

/* Reads the board and setup of `game`: cells, their fish and coordinates
 * (neighbours are found among the coordinates, not with
 * packeis_game_neighbor() or packeis_game_cell_at()), players, penguins
 * and variants. Returns 0, or -1 if a query fails (a NULL game). */
int ref_board_load(const packeis_game *game, ref_board *b);

/* The position at the start of a game on board b. */
void ref_start(const ref_board *b, ref_pos *p);

/* Reads the current position of `game` (board b) through the public
 * queries. Returns 0, or -1 if the game does not look like one of board b
 * (a query out of its documented range). */
int ref_pos_load(const packeis_game *game, const ref_board *b, ref_pos *p);

/* The player who places the penguin number i (from 0), by the rules or the
 * snake variant. */
int ref_placer(const ref_board *b, int i);

/* Where the penguin on `from` could slide: each direction walked until a
 * gap, a missing floe or a penguin. */
uint64_t ref_reach(const ref_board *b, const ref_pos *p, int from);

/* The legal moves in increasing order of value, written to `moves` (room for
 * PACKEIS_MAX_MOVES); returns their number. Move values are computed from
 * their documented formula (from * 64 + to; a placement on c is c * 65). */
size_t ref_moves(const ref_board *b, const ref_pos *p, packeis_move *moves);

/* Plays a legal move: the penguin, the turn passing (players with no move
 * go out), floes out of play removed, the end of the game. */
void ref_apply(const ref_board *b, ref_pos *p, packeis_move move);

/* How many players are not out. */
int ref_players_in(const ref_board *b, const ref_pos *p);

/* A player's place, by fish then floes (1 for first). */
int ref_rank(const ref_board *b, const ref_pos *p, int player);

/* The number of lines of `depth` actions; a finished game counts 1. */
uint64_t ref_perft(const ref_board *b, const ref_pos *p, unsigned depth);

/* 1 if the two positions of board b are equal. */
int ref_pos_equal(const ref_board *b, const ref_pos *x, const ref_pos *y);

#endif
