/* SPDX-License-Identifier: MIT */
/*
 * players.h (installed as <packeis/players.h>): the computer players of
 * libpackeis, in the library libpackeis-players (pkg-config
 * packeis-players), built on the public header <packeis/packeis.h> only, as
 * an outside author would write them.
 *
 * Version 0.x: unstable. Names, structs and behaviour may change with any
 * release; the SONAME (libpackeis-players.so.0.MINOR) changes with them, so
 * a program built against one 0.x never loads another. Every symbol is
 * prefixed packeis_player_.
 *
 *   random      a uniformly random legal move
 *   greedy      slides onto the richest destination; places where most fish
 *               lie within reach
 *   montecarlo  flat Monte Carlo: random playouts after every legal move
 *               (packeis_game_playout_batch()), the best mean result wins
 *   alphabeta   iterative-deepening alpha-beta on the fish margin (negamax
 *               for 2 players, paranoid for 3 and 4) with a transposition
 *               table; for 2 players an exact endgame solver
 *   mcts        UCT Monte Carlo tree search, max-n rewards from the final
 *               ranks, tree reuse between moves, optional root-parallel
 *               threads
 *   az          PUCT tree search guided by a policy/value network read from
 *               a weights file (the option "weights"; doc/formats.md, "az
 *               weights"), no random playouts, tree reuse between moves,
 *               optional Dirichlet noise at the root for self-play
 *
 * A player is created by name with a seed, tuned by named options, and asked
 * for one move at a time under a budget (packeis_player_limits). Every player is
 * deterministic for a given seed, sequence of positions and node budget (a
 * time budget or the stop flag depend on the clock, of course). A player is
 * not thread-safe: use one per thread (the mcts player's own threads are its
 * business). Distinct players may be used from distinct threads.
 */
#ifndef PACKEIS_EXAMPLES_PLAYERS_H
#define PACKEIS_EXAMPLES_PLAYERS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Most moves of a principal variation in a report. */
#define PACKEIS_PLAYER_PV_MAX 64

/* A player: opaque, made by packeis_player_new(). */
typedef struct packeis_player packeis_player;

/*
 * What a search found, for the `info` lines of an engine and for frontends.
 * Fields a player does not fill are 0.
 */
typedef struct packeis_player_report {
    /* alphabeta: the last completed depth; mcts, az: the deepest line of the
     * tree. */
    int depth;
    /* The work done, in the player's unit of its node budget (see
     * packeis_player_limits.nodes). */
    uint64_t nodes;
    /* Wall-clock time spent on this move so far. */
    double seconds;
    /* Whether score is meaningful. */
    int has_score;
    /* alphabeta: the fish margin expected for the player to act (its final
     * fish minus the opponent's, or with 3-4 players minus the best of the
     * others'); montecarlo and mcts: the win estimate of the move chosen,
     * 0 ... 1, the mean over its playouts of the share of the other players
     * beaten, a tie counting half (with 2 players: the chance to win, a draw
     * counting half); az: (Q + 1) / 2 of the move chosen, Q its mean value
     * (the network's or the game's reward, -1 ... 1). */
    double score;
    /* The score is the game-theoretic value (alphabeta's endgame solver). */
    int exact;
    /* The principal variation, from the move chosen on. */
    size_t pv_length;
    packeis_move pv[PACKEIS_PLAYER_PV_MAX];
    /* montecarlo, mcts: for each root move its visits (playouts); az: its
     * visits (the search's policy, the target of self-play). */
    size_t root_moves;
    packeis_move moves[PACKEIS_MAX_MOVES];
    uint64_t visits[PACKEIS_MAX_MOVES];
} packeis_player_report;

/*
 * The budget of one move. Every field 0 (or a NULL limits) means the
 * player's default budget, which is a node budget (see the option "nodes"),
 * so that the default play does not depend on the machine. With several
 * limits, the first reached ends the search. A player always returns a legal
 * move, also when stopped at once.
 */
typedef struct packeis_player_limits {
    /* Wall-clock seconds for this move; 0 = no time limit. */
    double seconds;
    /* Work for this move, never exceeded; 0 = no node limit. The unit:
     * alphabeta, positions searched (moves applied); montecarlo and mcts,
     * random playouts; random and greedy do a fixed, tiny amount of work and
     * count 1; az, visits (network evaluations or finished games). */
    uint64_t nodes;
    /* Set to non-zero by another thread: move now. May be NULL. */
    const atomic_int *stop;
    /* Called now and then during the search (alphabeta: after each depth;
     * montecarlo and mcts: every few thousand playouts and at the end), from
     * the thread that called packeis_player_choose(). May be NULL. */
    void (*on_report)(void *context, const packeis_player_report *report);
    void *context;
} packeis_player_limits;

/* An option a player understands (for an engine's handshake). */
typedef struct packeis_player_option {
    const char *name;
    /* "int", "float", "bool" or "string" (any text, such as a file name;
     * its meaning is the option's description) */
    const char *type;
    const char *default_value;
    double min, max; /* the range of "int" and "float" (0 and 0 otherwise) */
    const char *description;
} packeis_player_option;

/* The version of the players library loaded, such as "0.1.0". */
const char *packeis_player_version(void);

/* What a player does when asked again about the position it last
 * searched: how a frontend that searches in slices (the page's worker,
 * between which it answers its messages) adds slices up. */
typedef enum packeis_player_resume {
    /* Each search starts afresh: one slice is the whole search. */
    PACKEIS_PLAYER_RESUME_NONE = 0,
    /* The search goes on where the last stopped (mcts: the same tree, the
     * visits add up): slices of any budget add up. */
    PACKEIS_PLAYER_RESUME_GROWS = 1,
    /* It keeps what it learnt (alphabeta: its table), so a search with a
     * doubled budget goes a depth further at little extra cost. */
    PACKEIS_PLAYER_RESUME_DEEPENS = 2
} packeis_player_resume;

/* The packeis_player_resume of the player (NONE for NULL). */
packeis_player_resume packeis_player_resumes(const packeis_player *p);

/* sizeof(packeis_player_report) and sizeof(packeis_player_limits), for
 * bindings that declare the structs themselves (ctypes, the page's glue)
 * and must refuse a library whose structs are not theirs. */
size_t packeis_player_report_size(void);
size_t packeis_player_limits_size(void);

/* The names of the built-in players, NULL-terminated:
 * random greedy montecarlo alphabeta mcts az. */
const char *const *packeis_player_names(void);

/* Creates the player called `name` with `seed`. Returns 0, or -1 for an
 * unknown name (or NULL arguments), -2 when out of memory. */
int packeis_player_new(const char *name, uint64_t seed, packeis_player **out);

/* Creates the built-in player a seat spec names, in the seat notation of
 * examples/README.md ("Seats"): NAME[:STRENGTH], STRENGTH a comma-separated
 * list of a time per move (`2s`, `1.5s`, `300ms`), a budget of work per
 * move (a bare positive number: positions for alphabeta, playouts for
 * montecarlo and mcts, visits for az) and options (`threads=2`), as in
 * `mcts:2s,threads=2` or `az:800,weights=/path/net.pkaz` (an option's value
 * runs to the next comma: a file name with a comma cannot be given here).
 * The player gets `seed` and the options; `budget` (may be NULL) gets the
 * time in `seconds` and the budget in `nodes` (0 where the spec gives
 * none), its other fields are left alone. Returns 0; -1 with the reason in
 * `why` (a sentence naming the spec; `why` may be NULL) for an unknown
 * player, a bad item or a refused option; -2 when out of memory. */
int packeis_player_from_spec(const char *spec, uint64_t seed, packeis_player **out,
                             packeis_player_limits *budget, char *why, size_t why_size);

/* The player's name, as given to packeis_player_new(). */
const char *packeis_player_name(const packeis_player *p);

/* One line saying how the player plays. */
const char *packeis_player_description(const packeis_player *p);

/* The options of the player: an array of *count elements (count may be
 * NULL), valid as long as the player lives. */
const packeis_player_option *packeis_player_options(const packeis_player *p, size_t *count);

/* Sets an option by name from text ("20", "1.4", "true"/"false"/"1"/"0",
 * or any text for a "string" option). Returns 0, or -1 with *why (`why` may
 * be NULL) for an unknown option, a malformed value or one out of range;
 * the player is then unchanged. *why is a static sentence, except for a
 * "string" option whose value is refused (az's "weights": a file that cannot
 * be read or is no valid weights file, read at once): then it is the
 * player's own sentence, as packeis_player_error() gives, valid until the
 * next call on the player. */
int packeis_player_set_option(packeis_player *p, const char *name, const char *value,
                              const char **why);

/* Chooses a move for the player to act in `game`, which is not changed.
 * Returns PACKEIS_OK with a legal move in *move; PACKEIS_E_INVALID_ARGUMENT
 * (a NULL pointer), PACKEIS_E_GAME_OVER, PACKEIS_E_OUT_OF_MEMORY or another
 * status of the library on failure, *move then being PACKEIS_MOVE_NONE.
 * `report` (may be NULL) receives what the search found. */
packeis_status packeis_player_choose(packeis_player *p, const packeis_game *game,
                                     const packeis_player_limits *limits, packeis_move *move,
                                     packeis_player_report *report);

/* Why the player's last packeis_player_choose() or refused "string" option
 * failed, as a sentence, or NULL when it has nothing to say (the status
 * says it all). The az player without readable weights refuses to choose
 * (PACKEIS_E_INVALID_ARGUMENT) and says why here. Valid until the next call
 * on the player. */
const char *packeis_player_error(const packeis_player *p);

/* A new game starts: drops what the player kept from earlier moves
 * (the mcts tree, the alphabeta table). */
void packeis_player_forget(packeis_player *p);

/* Frees a player (NULL: nothing happens). */
void packeis_player_free(packeis_player *p);

/* ---- the az network, for programs ------------------------------------
 *
 * The network of the az player on its own, e.g. for a trainer that checks
 * that its network and this one agree. The weights file and the network are
 * those of doc/formats.md ("az weights"): version 1, a float network of the
 * observation planes, or version 2, an integer network of features that a
 * search updates move by move, with a value per player. A network once
 * read is not changed: it may be evaluated from several threads at once. */
typedef struct packeis_player_az_net packeis_player_az_net;

/* Reads and checks a weights file. Returns 0 with *out; -1 with the reason
 * in `why` (a sentence naming the file; `why` may be NULL) for a file that
 * cannot be read or is no valid weights file (wrong magic, unknown version,
 * shapes other than doc/formats.md allows, a size other than the shapes
 * imply, a float not finite, an int8 of -128); -2 when out of memory. *out
 * is NULL on failure. */
int packeis_player_az_load(const char *path, packeis_player_az_net **out, char *why,
                           size_t why_size);

/* Frees a network (NULL: nothing happens). */
void packeis_player_az_free(packeis_player_az_net *net);

/* The network's answer for the player to act in `game`, whose input is
 * packeis_game_observe_as(game, packeis_game_current_player(game)):
 * policy[m] for every move value m < PACKEIS_MOVE_VALUES is the softmax,
 * over the legal moves only, of the logit FROM[m / 64] + TO[m % 64] for a
 * slide and PLACE[c] for a placement on c (m = c * 65), and 0 for a move
 * that is not legal (the legal ones sum to 1); *value is tanh of the value
 * head, the expected packeis_game_reward() of the player to act. Returns
 * PACKEIS_OK; PACKEIS_E_INVALID_ARGUMENT for a NULL pointer,
 * PACKEIS_E_BUFFER_TOO_SMALL for a capacity below PACKEIS_MOVE_VALUES,
 * PACKEIS_E_GAME_OVER for a finished game (no legal move: nothing is
 * written), PACKEIS_E_OUT_OF_MEMORY. Version 1: the arithmetic is float32;
 * where the library is built with OpenBLAS (meson -Dblas) the first layers
 * go through it, so results may differ from the portable build in the last
 * bits. Version 2: the network is integer (doc/formats.md), the same on
 * every kernel; the value is that of the player to act. */
packeis_status packeis_player_az_evaluate(const packeis_player_az_net *net,
                                          const packeis_game *game, float *policy,
                                          size_t capacity, float *value);

/* packeis_player_az_evaluate(), with the value of every player:
 * values[q] for player q < PACKEIS_MAX_PLAYERS (0 for players the game
 * does not have). A version 2 network has a value per player; for version
 * 1, the player to act's is v and every other player's -v / (players - 1),
 * as the az player reads it. The same statuses; nothing is written on
 * failure. */
packeis_status packeis_player_az_evaluate_players(const packeis_player_az_net *net,
                                                  const packeis_game *game, float *policy,
                                                  size_t capacity, float *values);

/* The version of a network's weights file: 1 or 2 (0 for NULL). */
int packeis_player_az_version(const packeis_player_az_net *net);

#ifdef __cplusplus
}
#endif

#endif
