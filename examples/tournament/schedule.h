/* SPDX-License-Identifier: MIT */
/*
 * schedule.h: which games a tournament plays. The participants meet in
 * groups of `seats` (every group for a round robin; for a gauntlet the
 * groups that hold participant 0); each group plays every board, and each
 * board in every seat order (every permutation, or only the rotations), so
 * that no participant is favoured by the first move or the board. Seeds are
 * derived from the tournament's seed alone, so a game's board and its
 * players' seeds do not depend on which thread plays it or when.
 */
#ifndef PACKEIS_TOURNAMENT_SCHEDULE_H
#define PACKEIS_TOURNAMENT_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

typedef struct planned_game {
    int seats;
    int participant[PACKEIS_MAX_PLAYERS]; /* in seat (turn) order */
    int board;                            /* 0 ... boards-1 */
    uint64_t board_seed;                  /* the standard board's shuffle */
    uint64_t player_seed[PACKEIS_MAX_PLAYERS];
    unsigned variants; /* the set of packeis_variant bits every game is played with */
} planned_game;

typedef struct schedule_setup {
    int participants;
    int seats;     /* 2 ... 4 */
    int gauntlet;  /* only groups with participant 0 */
    int rotations; /* only the rotations of each group, not every order */
    int boards;    /* boards per group */
    uint64_t seed;
    unsigned variants; /* bit v: packeis_variant v on (--variant) */
} schedule_setup;

/* The games, in a new array (free it) of *count; NULL when out of memory or
 * for a setup with no game (fewer participants than seats). */
planned_game *schedule_games(const schedule_setup *setup, size_t *count);

/* The shuffle seed of board b, and the seed of seat s of game g. */
uint64_t schedule_board_seed(uint64_t seed, int board);
uint64_t schedule_player_seed(uint64_t seed, size_t game, int seat);

#endif
