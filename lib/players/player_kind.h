/* SPDX-License-Identifier: MIT */
/*
 * player_kind.h: what each player file gives the table of players.c, and the
 * helpers they share (budget, random numbers, standings). Private to
 * lib/players; programs include players.h.
 */
#ifndef PACKEIS_EXAMPLES_PLAYER_KIND_H
#define PACKEIS_EXAMPLES_PLAYER_KIND_H

#include <packeis/players.h>

/* One kind of player: its options and its functions over its own state. */
typedef struct player_kind {
    const char *name;
    const char *description;
    const packeis_player_option *options;
    size_t option_count;
    /* Allocates the state for `seed` with every option at its default;
     * NULL when out of memory. */
    void *(*create)(uint64_t seed);
    /* Sets option `index` (already checked against its type and range). */
    void (*set_option)(void *state, size_t index, double value);
    /* Sets the "string" option `index` from `value`: 0, or -1 with *why (a
     * sentence that lives as long as the state) and the state unchanged.
     * NULL for a kind without string options. */
    int (*set_text)(void *state, size_t index, const char *value, const char **why);
    /* Chooses a move; the game is not over and every pointer is valid. */
    packeis_status (*choose)(void *state, const packeis_game *game,
                             const packeis_player_limits *limits, packeis_move *move,
                             packeis_player_report *report);
    /* Why the last choose or set_text failed, or NULL (may be NULL). */
    const char *(*error)(const void *state);
    /* Drops what was kept between moves (may be NULL). */
    void (*forget)(void *state);
    void (*destroy)(void *state);
    /* How a search continues on the position last searched (0: afresh). */
    packeis_player_resume resumes;
    /* Searches as choose does and values every legal move: lines[i] for
     * moves[i] (the library's order, count above 0; RANK_AS_GIVEN: any
     * order, best first); NULL for a kind that values no move. */
    packeis_status (*analyse)(void *state, const packeis_game *game,
                              const packeis_player_limits *limits, const packeis_move *moves,
                              size_t count, packeis_player_line *lines,
                              packeis_player_report *report);
    /* How lines are ranked: as the kind chooses its move. */
    enum {
        RANK_BY_VALUE = 0,  /* value, then nodes (alphabeta) */
        RANK_BY_VISITS = 1, /* nodes, then value (mcts, az: the most visited is played) */
        RANK_AS_GIVEN = 2,  /* analyse ranked them itself (montecarlo) */
    } ranks;
} player_kind;

extern const player_kind player_random_kind;
extern const player_kind player_greedy_kind;
extern const player_kind player_montecarlo_kind;
extern const player_kind player_alphabeta_kind;
extern const player_kind player_mcts_kind;
extern const player_kind player_az_kind;

/* ---- random numbers (SplitMix64) -------------------------------------- */

uint64_t player_mix(uint64_t z);
uint64_t player_next(uint64_t *state);
/* 0 ... bound - 1 (bound > 0). */
uint64_t player_below(uint64_t *state, uint64_t bound);
/* The seed of one decision: the player's seed mixed with the position, so
 * that a player's choice depends on its seed and the position only. */
uint64_t player_move_seed(uint64_t seed, const packeis_game *game);

/* ---- the budget of one move -------------------------------------------- */

typedef struct player_budget {
    double start;    /* monotonic clock at the start */
    double deadline; /* 0: none */
    uint64_t nodes;  /* 0: none */
    const atomic_int *stop;
    int stopped; /* a limit was reached (sticky) */
} player_budget;

/* Seconds of a monotonic clock. */
double player_clock(void);
/* The budget of `limits`, or `default_nodes` when every limit is 0. */
void player_budget_start(player_budget *budget, const packeis_player_limits *limits,
                         uint64_t default_nodes);
/* Whether `used` nodes, the clock or the stop flag end the search now. */
int player_budget_over(player_budget *budget, uint64_t used);
/* How many more nodes may be spent after `used` (UINT64_MAX: no node limit). */
uint64_t player_budget_left(const player_budget *budget, uint64_t used);
double player_budget_elapsed(const player_budget *budget);

/* ---- standings --------------------------------------------------------- */

/* How one random game ended, for each player p at index p: `wins` the
 * share of the other players it beat, a tie counting half (1 for first
 * place alone, 0 for last alone: (packeis_game_reward() + 1) / 2, the
 * library's ranking), `fish` its fish. */
typedef struct player_outcome {
    double wins[PACKEIS_MAX_PLAYERS];
    int fish[PACKEIS_MAX_PLAYERS];
} player_outcome;

/* Plays `game` out at random with `seed` (packeis_game_playout(): the game
 * packeis_game_playout_batch() plays for that seed) and reads its end. */
packeis_status player_playout(packeis_game *game, uint64_t seed, player_outcome *out);

/* The legal moves; PACKEIS_E_GAME_OVER if there are none. */
/* line->pv = report->pv (the report's line starts with line->move). */
void player_line_pv(packeis_player_line *line, const packeis_player_report *report);

packeis_status player_legal_moves(const packeis_game *game, packeis_move *moves, size_t *count);

/* The fish a penguin on `cell` could reach in one slide, as if it stood
 * there: along the six lines up to the first gap or penguin. */
int player_fish_in_reach(const packeis_game *game, int cell);

/* What the greedy player thinks of a move, also the move ordering of the
 * searching players: for a slide 4 x the fish of the floe left (won now)
 * plus the fish of the destination; for a placement the fish within reach. */
int player_greedy_value(const packeis_game *game, packeis_move move);

/* The state of a player that keeps nothing but its seed (random, greedy):
 * a malloc'ed uint64_t. */
void *player_seed_create(uint64_t seed);
void player_seed_destroy(void *state);
/* The set_option of a player without options (never called). */
void player_no_option(void *state, size_t index, double value);

/* A number that tells boards apart (cells, coordinates, fish), so that a
 * player can drop what it kept from a game on another board. */
uint64_t player_board_signature(const packeis_game *game);

/* Fills the fields every report has. */
void player_report_basics(packeis_player_report *report, const player_budget *budget,
                          uint64_t nodes);
/* The report of a player that does not search: one node, the move alone. */
void player_report_move(packeis_player_report *report, const player_budget *budget,
                        packeis_move move);

/* A sentence into `why` (NULL or a size of 0: nothing happens), as
 * snprintf writes it: the reasons of packeis_player_from_spec() and of the
 * az weights loader. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void player_say(char *why, size_t size, const char *format, ...);

#endif
