/* SPDX-License-Identifier: MIT */
/* What the library's rooms share. Never installed. */
#ifndef PK_INTERNAL_H
#define PK_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "packeis/packeis.h"

#define PK_NO_CELL   (-1)
#define PK_NO_PLAYER 0xFF

/* doc/rules.md, "The standard board" and "Fish and the shuffle". */
#define PK_STANDARD_CELLS 60
#define PK_STANDARD_ROWS  8
#define PK_MIN_FISH       1
#define PK_MAX_FISH       3

/* The three lines through a cell (pk_layout.line), and the most cells one
 * may hold besides the cell for the slide look-up to apply. */
#define PK_AXIS_COUNT 3
#define PK_LINE_MAX   8

/* The smallest rectangle holding every cell, in doubled-width units. */
typedef struct pk_bounds {
    int min_x, min_y, max_x, max_y;
} pk_bounds;

/* Geometry of a layout: immutable once built. The standard board's exists
 * once per process (setup.c); a custom layout's lives in a pk_board. */
typedef struct pk_layout {
    int cells;
    pk_bounds bounds;
    uint64_t all;                                             /* every cell of the layout */
    uint64_t ray[PACKEIS_DIRECTION_COUNT][PACKEIS_MAX_CELLS]; /* cells beyond c, in line */
    /* short_of[d * 64 + c]: every cell but c and its ray in direction d,
     * what a penguin that could reach c keeps once c is blocked, if it lies
     * on the opposite ray (playouts); the one entry after the last
     * direction keeps every cell. cut_of[c * 64 + p]: the index in short_of
     * of what a penguin on p keeps once c is blocked, whichever line they
     * share (that last entry if none). Rows of 64, so that a row's address
     * is a shift; p = 64 ("no penguin", whose entry in the playouts' table
     * is 0, so any index serves) reads the next row's first, and the row
     * after the last is there for it. */
    uint64_t short_of[PACKEIS_DIRECTION_COUNT * PACKEIS_MAX_CELLS + 1];
    uint16_t cut_of[(PACKEIS_MAX_CELLS + 1) * PACKEIS_MAX_CELLS];
    uint64_t adjacent[PACKEIS_MAX_CELLS];                        /* the neighbours of c */
    int8_t neighbor[PACKEIS_MAX_CELLS][PACKEIS_DIRECTION_COUNT]; /* or PK_NO_CELL */
    int32_t x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS];
    /* Bit i of split_patterns[c]: with the neighbours of c present as the
     * bits of i (in index order, as pext(floes, adjacent[c]) gives them),
     * they form two or more separate arcs around c. */
    uint64_t split_patterns[PACKEIS_MAX_CELLS];
    /* The slide rule by look-up, for kernels with PEXT and PDEP, where no
     * line holds more than PK_LINE_MAX cells besides the penguin's
     * (lines_fit). line[c][a]: the cells in line with c along axis a
     * (east-west, north-east/south-west, north-west/south-east), c itself
     * left out. c's place among them is the length of its falling ray,
     * whose cells come first in index order; line_row[c][a] is that place
     * times 2^PK_LINE_MAX, the offset of its row in pk_line_reach (the same
     * for every layout). PEXT of the blockers on the line indexes the row,
     * and PDEP of the entry onto the line gives where a penguin on c can
     * slide along it. */
    uint64_t line[PACKEIS_MAX_CELLS][PK_AXIS_COUNT];
    uint16_t line_row[PACKEIS_MAX_CELLS][PK_AXIS_COUNT];
    int lines_fit;
} pk_layout;

/* layout.c: the slides along a packed line of up to PK_LINE_MAX cells
 * besides the penguin's: entry (place << PK_LINE_MAX | blockers) holds the
 * places it can reach (pk_layout.line_row). */
extern const uint8_t pk_line_reach[(PK_LINE_MAX + 1) << PK_LINE_MAX];

/* Zobrist keys of one hash seed (hash.c): those of the default seed exist
 * once per process; others live in a pk_board. */
typedef struct pk_keys {
    uint64_t hash_seed;
    uint64_t floe_key[PACKEIS_MAX_CELLS];
    uint64_t penguin_key[PACKEIS_MAX_PLAYERS][PACKEIS_MAX_CELLS];
    uint64_t turn_key[PACKEIS_MAX_PLAYERS + 1]; /* the last one: game over */
} pk_keys;

/* A custom layout's geometry, or a hash seed's keys other than the default,
 * on the heap, shared by clones (and by assigned games on the same
 * allocator), freed with the last of them. */
typedef struct pk_board {
    atomic_int references;
    packeis_allocator allocator;
    pk_layout layout;
    pk_keys keys;
} pk_board;

/* The mutable position: small enough that a snapshot is one memcpy. */
typedef struct pk_state {
    uint64_t floes;                         /* floes still on the board */
    uint64_t penguins[PACKEIS_MAX_PLAYERS]; /* per player */
    uint16_t fish[PACKEIS_MAX_PLAYERS];     /* credited fish */
    uint8_t floes_won[PACKEIS_MAX_PLAYERS]; /* credited floes */
    uint8_t turn;                           /* player to act, PK_NO_PLAYER once over */
    uint8_t out;                            /* bit set of players who are out */
    uint8_t phase;                          /* a packeis_phase */
    uint8_t placed;                         /* penguins placed so far */
    uint64_t hash; /* Zobrist keys of floes, penguins and turn (hash.c) */
} pk_state;

struct pk_setup;
struct pk_record;

/* The rules' hot paths (lib/rules/kernel.c, compiled once per instruction
 * set; dispatch.c chooses one table per process). */
typedef struct pk_kernel {
    size_t (*move_count)(const struct pk_setup *, const pk_state *);
    size_t (*legal_moves)(const struct pk_setup *, const pk_state *, packeis_move *);
    /* The cells the penguin on `cell` can slide to. */
    uint64_t (*reach)(const pk_layout *, const pk_state *, int cell);
    /* PACKEIS_OK, or why the move is illegal: packeis_game_check_move(). */
    packeis_status (*check)(const struct pk_setup *, const pk_state *, packeis_move);
    /* Plays a move `check` accepted, with all that follows it. */
    void (*play)(const struct pk_setup *, pk_state *, packeis_move);
    /* A random game to its end from *state (packeis_game_playout()), its
     * actions recorded in `history` (room for pk_actions_left()), or not
     * if NULL; returns the actions played. */
    size_t (*playout)(const struct pk_setup *, pk_state *, uint64_t seed,
                      struct pk_record *history);
    /* The same for two games at once, games[0] with seeds[0] and games[1]
     * with seeds[1], recording nothing (playout_batch); returns the actions
     * of both. */
    size_t (*playout_pair)(const struct pk_setup *, pk_state games[2], const uint64_t seeds[2]);
    uint64_t (*perft)(const struct pk_setup *, const pk_state *, unsigned depth);
    /* Removes every floe out of play (doc/rules.md, "Floes out of play"). */
    void (*prune)(const struct pk_setup *, pk_state *);
} pk_kernel;

/* What a game's rules and board are: small, held inside the game and
 * copied with it. Geometry and keys are reached through pointers, into
 * static storage for the standard board and the default hash seed, or into
 * `board` otherwise. */
typedef struct pk_setup {
    const pk_kernel *kernel;
    const pk_layout *layout;
    const pk_keys *keys;
    uint64_t placeable; /* cells a penguin may be placed on */
    int players;
    int penguins;       /* per player */
    int total_penguins; /* players * penguins */
    unsigned variants;  /* bit v: packeis_variant v is on */
    pk_board *board;    /* NULL when layout and keys are the static ones */
    int standard;       /* the standard board, shuffled with seed */
    uint64_t seed;
    uint64_t start_hash;                /* of the first position, whatever the fish */
    uint64_t fish_set[PK_MAX_FISH + 1]; /* fish_set[f]: cells with f fish */
    uint8_t fish[PACKEIS_MAX_CELLS];
    uint8_t placer[PACKEIS_MAX_CELLS]; /* who places the i-th penguin */
} pk_setup;

/* One history entry: the position before an action, and the action. A
 * playout records only its moves (rules/kernel_playout.inc): writing the
 * position before each would cost it a tenth of its time, and most
 * playouts are never looked back on. Their positions are made again when
 * asked for, by playing the moves from the nearest exact record before
 * them (pk_history_before()); the first record of a playout is exact. */
typedef enum pk_record_lazy {
    PK_RECORD_EXACT,  /* `before` is the position */
    PK_RECORD_REPLAY, /* `before` is not kept: see pk_history_before() */
} pk_record_lazy;

typedef struct pk_record {
    pk_state before;
    uint8_t lazy; /* a pk_record_lazy */
    packeis_move move;
} pk_record;

/* The hot fields first: the state, the setup pointer and the start of the
 * rules (kernel, geometry) share the first two cache lines. history[0 ...
 * plies-1] are the actions played; history[plies ... redo_end-1] the
 * actions undone, which redo plays again. */
struct packeis_game {
    pk_state state;
    pk_setup *setup; /* &rules, kept so after every copy */
    pk_setup rules;  /* in the game's own allocation: no other for a standard game */
    pk_record *history;
    size_t plies;
    size_t redo_end;
    size_t capacity;
    packeis_allocator allocator; /* for the game, its history and its board */
};

/* The options object, fully owned by its creator. */
struct packeis_options {
    packeis_allocator allocator;
    int players;
    int penguins; /* 0: the rules' number */
    uint64_t seed;
    unsigned variants;
    uint64_t hash_seed;
    size_t custom_cells; /* 0: the standard board */
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
};

/* api/options.c */
void pk_options_defaults(packeis_options *options, const packeis_allocator *allocator);

/* alloc.c */
void *pk_alloc(const packeis_allocator *allocator, size_t size);
void pk_release(const packeis_allocator *allocator, void *block, size_t size);
packeis_allocator pk_default_allocator(void);
/* The allocator an object made for a caller uses: the caller's, if it has
 * both functions, or malloc's when the caller gave none; 0 when the
 * caller's lacks a function. */
int pk_choose_allocator(const packeis_allocator *given, packeis_allocator *chosen);

/* layout.c: builds geometry from coordinates already validated and sorted in
 * reading order. */
void pk_layout_build(pk_layout *layout, const int *x, const int *y, int cells);
int pk_layout_find(const pk_layout *layout, int x, int y);

/* The rules of one floe of a custom layout (doc/rules.md, "Coordinates" and
 * "Custom layouts"), for pk_layout_check() and for readers that check floes
 * as they read them. */
static inline int pk_coord_in_range(long long value)
{
    return value >= PACKEIS_COORD_MIN && value <= PACKEIS_COORD_MAX;
}

static inline int pk_fish_in_range(long long fish)
{
    return fish >= PK_MIN_FISH && fish <= PK_MAX_FISH;
}

/* Whether (x, y) lies on the honeycomb of (x0, y0). */
static inline int pk_same_parity(long long x0, long long y0, long long x, long long y)
{
    return ((x + y) & 1) == ((x0 + y0) & 1);
}

/* board.c: the one layout validator, doc/rules.md, "Custom layouts".
 * pk_layout_validate() checks a layout for every fault in the order given
 * there, and on success writes its cells into sx, sy, sfish (room for
 * PACKEIS_MAX_CELLS) in reading order. Readers that report the first floe
 * at fault call it on growing prefixes of what they read. */
packeis_status pk_layout_validate(const int *x, const int *y, const int *fish, size_t count,
                                  int *sx, int *sy, int *sfish);
void pk_standard_board(int *x, int *y, int *fish, uint64_t seed);
void pk_standard_fish(uint8_t *fish, uint64_t seed);

/* dispatch.c: chosen once per process. */
const pk_kernel *pk_select_kernel(void);
extern const pk_kernel pk_kernel_generic;
#if defined(PK_HAVE_BMI2_KERNEL)
extern const pk_kernel pk_kernel_bmi2;
#endif
#if defined(PK_HAVE_AVX512_KERNEL)
extern const pk_kernel pk_kernel_avx512; /* pk_kernel_bmi2 with AVX-512 move lists */
#endif

/* rules/placement.c: the rules of setting up (doc/rules.md, "Players and
 * penguins", "Placement", "Variants"), for pk_setup_init(). */
int pk_penguins_per_player(const packeis_options *options);
void pk_placement_order(pk_setup *setup);
uint64_t pk_placeable_floes(const pk_setup *setup);
int pk_room_for_penguins(const pk_setup *setup);

/* rules/position_validity.c: the rules a position given whole (a loaded
 * one) must satisfy, since play did not reach it (doc/formats.md, "What
 * loading checks"). The position comes in rules terms and a fault names a
 * field of it, never a place in a text: the text loader maps it. */

/* A position given whole. `state` as given: floes (those under penguins
 * too), penguins (one per cell, each on a floe), fish and floes_won of the
 * players of the game, out (players 0 ... PACKEIS_MAX_PLAYERS - 1), phase,
 * turn (read only in the placement and movement phases); its placed and
 * hash are derived, not read. `fish_seen[f]`: the free floes the position
 * shows with f fish (PK_MIN_FISH <= f <= PK_MAX_FISH), which a pk_state
 * cannot carry (it takes the layout's). */
typedef struct pk_position_candidate {
    pk_state state;
    uint64_t fish_seen[PK_MAX_FISH + 1];
} pk_position_candidate;

/* The field of a candidate that breaks a rule. */
typedef enum pk_position_field {
    PK_FIELD_CELL,      /* what the board holds on cell `index` */
    PK_FIELD_BOARD,     /* the board as a whole (its count of penguins) */
    PK_FIELD_SCORE,     /* the fish and floes of player `index` */
    PK_FIELD_OUT,       /* the set of players out */
    PK_FIELD_OUT_ENTRY, /* player `index` in the set of players out */
    PK_FIELD_PHASE,
    PK_FIELD_TURN /* the player to act */
} pk_position_field;

typedef struct pk_position_fault {
    pk_position_field field;
    int index; /* the cell or player, for the fields that have one; else 0 */
} pk_position_fault;

/* PACKEIS_OK with *state the candidate's position, ready to play; or
 * PACKEIS_E_INVALID_POSITION with *fault the first field at fault, in the
 * order doc/formats.md gives, and *state untouched. */
packeis_status pk_position_validate(const pk_setup *setup,
                                    const pk_position_candidate *candidate, pk_state *state,
                                    pk_position_fault *fault);

/* setup.c */
packeis_status pk_setup_init(pk_setup *setup, const packeis_options *options);
void pk_setup_reshuffle(pk_setup *setup, uint64_t seed);
void pk_setup_release(pk_setup *setup);
packeis_status pk_setup_copy(pk_setup *target, const pk_setup *source,
                             const packeis_allocator *allocator);

void pk_state_start(const pk_setup *setup, pk_state *state);

/* hash.c */
void pk_hash_keys(pk_keys *keys, uint64_t hash_seed);
uint64_t pk_board_hash(const pk_setup *setup, const pk_state *state);
uint64_t pk_position_hash(const pk_setup *setup, const pk_state *state);

/* The XOR of the keys of a set of cells. */
static inline uint64_t pk_keys_of(const uint64_t *keys, uint64_t cells)
{
    uint64_t hash = 0;
    for (; cells; cells &= cells - 1)
        hash ^= keys[__builtin_ctzll(cells)];
    return hash;
}

static inline uint64_t pk_turn_key(const pk_setup *setup, int turn)
{
    return setup->keys->turn_key[turn == PK_NO_PLAYER ? PACKEIS_MAX_PLAYERS : turn];
}

/* The fish printed on a set of cells (doc/rules.md, "Fish and the
 * shuffle"): what a player is credited with for them. */
static inline int pk_fish_on(const pk_setup *setup, uint64_t cells)
{
    const uint64_t *fish_set = setup->fish_set;
    return __builtin_popcountll(cells & fish_set[1]) +
           2 * __builtin_popcountll(cells & fish_set[2]) +
           3 * __builtin_popcountll(cells & fish_set[3]);
}

/* standings.c: the ranking rule. */
int pk_rank_of(const pk_setup *setup, const pk_state *state, int player);
uint32_t pk_winners_of(const pk_setup *setup, const pk_state *state);
/* packeis_game_reward(): what the final standings are worth to a player. */
double pk_reward_of(const pk_setup *setup, const pk_state *state, int player);

/* api/research.c */
size_t pk_actions_left(const pk_setup *setup, const pk_state *state);

/* The caller's packeis_progress callback and the work done so far: the long
 * calls of api/research.c and api/perft.c report through it. */
typedef struct pk_watch {
    packeis_progress progress; /* or NULL */
    void *context;
    uint64_t done;
} pk_watch;

/* Adds `work` to the work done and asks the callback; nonzero: stop. */
static inline int pk_watch_report(pk_watch *watch, uint64_t work)
{
    watch->done += work;
    return watch->progress && watch->progress(watch->context, watch->done);
}

/* Move values: a slide is from * 64 + to, a placement cell * 65 (origin
 * and target the same cell). */
static inline packeis_move pk_slide_move(int from, int to)
{
    return (packeis_move)(from * PACKEIS_MAX_CELLS + to);
}

static inline packeis_move pk_placement_move(int cell) { return pk_slide_move(cell, cell); }

static inline int pk_move_origin(packeis_move move) { return move / PACKEIS_MAX_CELLS; }

static inline int pk_move_target(packeis_move move) { return move % PACKEIS_MAX_CELLS; }

/* core/history.c: the position before action `ply` of `history` (see
 * pk_record): kept, or made again from the nearest exact record before it,
 * which every history has (a playout's first record is exact). */
pk_state pk_history_before(const pk_setup *setup, const pk_record *history, size_t ply);

/* core/history.c: every record of the run of replayed records holding `ply`
 * made exact (a game going back into a playout: undo, undo_to), so that
 * going back ply by ply replays the playout once. */
void pk_history_settle(packeis_game *game, size_t ply);

/* The owner of the penguin on `cell`, or -1. */
static inline int pk_penguin_owner(const pk_state *state, int cell)
{
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        if ((state->penguins[p] >> cell) & 1)
            return p;
    return -1;
}

/* api/learning.c: what packeis_game_observe(), _observe_bits(),
 * _legal_mask() and _legal_bits() write, for a checked game and buffer
 * (the batch calls of api/batch.c share them). */
void pk_observe_words(const packeis_game *game, unsigned flags, uint64_t *words);
void pk_observe_planes(const packeis_game *game, unsigned flags, float *planes);
void pk_legal_mask_fill(const packeis_game *game, uint8_t *mask);
void pk_legal_bits_fill(const packeis_game *game, uint64_t *bits);

/* api/game_life.c: the one game constructor, for packeis_game_new() and the
 * text loaders: a game set up from checked options, at the start of a game
 * (a loader then puts the position it read and checked in its place). */
packeis_status pk_game_make(const packeis_options *options, packeis_game **game);
/* packeis_game_reset() of a game known to be there: it cannot fail. */
void pk_game_restart(packeis_game *game, uint64_t seed);

/* core/history.c: a history of room for `needed` records, or nothing
 * changed; the undone actions are kept. */
packeis_status pk_game_grow(packeis_game *game, size_t needed);

/* Room for `more` records beyond those played: inline, since every
 * packeis_game_apply() asks. */
static inline packeis_status pk_game_reserve(packeis_game *game, size_t more)
{
    size_t needed = game->plies + more;
    return needed <= game->capacity ? PACKEIS_OK : pk_game_grow(game, needed);
}

static inline uint64_t pk_all_penguins(const pk_state *state)
{
    return state->penguins[0] | state->penguins[1] | state->penguins[2] | state->penguins[3];
}

/* Checks a player index against a game. */
static inline int pk_valid_player(const packeis_game *game, int player)
{
    return player >= 0 && player < game->setup->players;
}

static inline int pk_valid_cell(const packeis_game *game, int cell)
{
    return cell >= 0 && cell < game->setup->layout->cells;
}

#endif /* PK_INTERNAL_H */
