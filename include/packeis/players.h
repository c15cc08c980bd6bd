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

#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

/* The stop flag's type: C11's atomic_int, and in C++ (where <stdatomic.h>
 * is C++23's) std::atomic_int, the same object in both (the C++ standard
 * makes them compatible, and GCC and clang lay them out alike). */
#ifdef __cplusplus
#    include <atomic>
#    define PACKEIS_PLAYER_ATOMIC_INT std::atomic_int
#else
#    include <stdatomic.h>
#    define PACKEIS_PLAYER_ATOMIC_INT atomic_int
#endif

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
    const PACKEIS_PLAYER_ATOMIC_INT *stop;
    /* Called now and then during the search (alphabeta: after each depth;
     * montecarlo and mcts: every few thousand playouts and at the end), from
     * the thread that called packeis_player_choose(). May be NULL. The
     * player searching is not to be freed from it; what it asks of that
     * player is refused until the search ends (choose and analyse:
     * PACKEIS_E_INVALID_ARGUMENT; set_option: -1; forget does nothing). */
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
 * player, a bad item (an empty one, a comma at the end included; a second
 * time or budget) or a refused option; -2 when out of memory. */
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
 * or any text for a "string" option; numbers in decimal notation, "2e-3"
 * too, with no blanks). Returns 0, or -1 with *why (`why` may
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

/* ---- values of several moves (MultiPV) ---------------------------------
 *
 * What a search thinks of each move, not only of the one it would play:
 * the K best moves with their values, as UCI engines report "multipv".
 * The mcts, az, montecarlo and alphabeta players analyse; random and
 * greedy do not (they value no move). */

/* One move of an analysis. */
typedef struct packeis_player_line {
    packeis_move move;
    /* The expected packeis_game_reward() of the player to act once the move
     * is played, -1 ... 1 (1: a sole win; with 2 players 0 a draw). mcts and
     * montecarlo: 2 w - 1, w the mean share of the others beaten over the
     * move's playouts; az: the move's mean value Q; alphabeta: 1, 0 or -1 by
     * the sign of an exact margin, else tanh(margin / 4), a guess from the
     * fish margin (a margin of 4 fish is worth 0.76). */
    double value;
    /* The value and the margin are the game's (alphabeta's endgame solver
     * finished below the move, 2 players): the margin under perfect play,
     * the value its sign. A fish tie counts as a draw here, though the
     * floes may decide it (doc/rules.md): the solver counts fish only. */
    int exact;
    /* alphabeta and montecarlo: margin is set. */
    int has_margin;
    /* The player's fish minus the opponent's at the end (with 3 or 4
     * players minus the best of the others'): alphabeta's searched or exact
     * margin, montecarlo's mean over the move's playouts. */
    double margin;
    /* The work spent below the move: visits (mcts: playouts; az: visits),
     * positions (alphabeta), playouts (montecarlo). 0: the search did not
     * reach the move (a budget smaller than the moves, or a position with
     * one legal move, which is not searched): value is 0 and means nothing. */
    uint64_t nodes;
    /* The line expected from the move on (the move first). */
    size_t pv_length;
    packeis_move pv[PACKEIS_PLAYER_PV_MAX];
} packeis_player_line;

/* Searches `game` as packeis_player_choose() does, with `limits`, and
 * writes the best min(k, legal moves) moves into lines[], best first, their
 * count into *count. Best: in the order the player chooses: mcts and az
 * by visits (their most visited move is the one they play, a value over
 * few visits being a noisy one), then value; montecarlo by its mean
 * result; alphabeta by margin (two lost lines still differ by the fish
 * they lose), then value. For mcts, az and montecarlo, line 1 is the move
 * packeis_player_choose() plays with the same seed, position and node
 * budget. alphabeta searches every move with a full window to value them
 * all, so it reaches a depth less than packeis_player_choose() with the
 * same budget; az gives each root move it did not visit one visit (beyond
 * the budget), so that every move has a value. `report` (may be NULL)
 * receives the search's report. Returns PACKEIS_OK;
 * PACKEIS_E_INVALID_ARGUMENT for a NULL pointer, k = 0, a bad time limit
 * or a player that does not analyse (random, greedy:
 * packeis_player_analyses() is 0); PACKEIS_E_GAME_OVER;
 * PACKEIS_E_OUT_OF_MEMORY; a status of the search. *count is 0 on
 * failure.
 * @since players 0.2 */
packeis_status packeis_player_analyse(packeis_player *p, const packeis_game *game,
                                      const packeis_player_limits *limits, size_t k,
                                      packeis_player_line *lines, size_t *count,
                                      packeis_player_report *report);

/* sizeof(packeis_player_line), for bindings that declare it themselves.
 * @since players 0.2 */
size_t packeis_player_line_size(void);

/* Whether the player analyses (1) or not (0; NULL: 0). */
int packeis_player_analyses(const packeis_player *p);

/* ---- game review --------------------------------------------------------
 *
 * What each move of a game cost its player: the one implementation behind
 * packeis-review, packeis-play's `review`, packeis.review() in Python, the
 * browser game's review panel and packeis-tournament's average loss. A
 * review goes ply by ply (packeis_player_review_move()), so that a caller
 * shows progress and may stop between plies; packeis_player_review_summarize()
 * adds the plies up per player. */

/* A loss at or above these (in reward, -1 ... 1 scale) marks the move: the
 * thresholds of lichess's review on its winning chances, which have the
 * same scale. */
#define PACKEIS_PLAYER_INACCURACY 0.1
#define PACKEIS_PLAYER_MISTAKE    0.2
#define PACKEIS_PLAYER_BLUNDER    0.3

/* How a review values positions. */
typedef struct packeis_player_reviewer {
    /* Values moves where the solver does not finish: any player that
     * analyses (packeis_player_analyses()). Required. */
    packeis_player *estimator;
    /* The estimator's budget a position (all 0: its default). */
    packeis_player_limits limits;
    /* An alphabeta player for exact values (2 players only), or NULL. */
    packeis_player *solver;
    /* The solver's budget a position, in positions; it gives up (and the
     * estimator values the position) unless every move is solved within
     * it. 0: no solver. */
    uint64_t solver_nodes;
} packeis_player_reviewer;

/* What one move cost. */
typedef struct packeis_player_review_ply {
    size_t ply;           /* its index in the game's history, from 0 */
    int player;           /* who played it */
    packeis_move played;  /* the move played */
    packeis_move best;    /* the best move (line 1 of the analysis) */
    int forced;           /* one legal move: no choice, loss 0, not searched */
    int has_value;        /* 0: the search gave the move played no value */
    int exact;            /* values from the endgame solver */
    double value_before;  /* the best move's value for the player (-1 ... 1) */
    double value_after;   /* the played move's value for the player */
    double loss;          /* value_before - value_after, at least 0 */
    double accuracy;      /* 0 ... 100, from the loss (see summarize) */
    int has_margin;       /* exact: the margins and fish_loss are set */
    double margin_before; /* the best move's fish margin */
    double margin_after;  /* the played move's */
    double fish_loss;     /* margin_before - margin_after, at least 0 */
    int judgement;        /* 0 good, 1 inaccuracy, 2 mistake, 3 blunder */
    uint64_t nodes;       /* the work this ply took (estimator and solver) */
} packeis_player_review_ply;

/* Reviews the move `played` in `game` (the position before it, not over;
 * the move legal there): the solver first (2 players, solver_nodes above
 * 0), whose values are used if it solved every move, else the estimator's
 * analysis of every move; then, with 2 players, a move played other than
 * the best is valued by the estimator's search of the position it leads to
 * (past the moves that are forced; a finished game's reward), as a review
 * of a chess game values each position: the root's search knows little of
 * a move it gave few visits. The ply's nodes count both searches. *out->ply is
 * packeis_game_ply_count() of `game`. Returns PACKEIS_OK; PACKEIS_E_INVALID_ARGUMENT (NULL
 * pointers, no estimator, a player that does not analyse, a move not legal in `game`: nothing
 * written), PACKEIS_E_GAME_OVER, PACKEIS_E_OUT_OF_MEMORY or a status of the search.
 * @since players 0.2 */
packeis_status packeis_player_review_move(const packeis_player_reviewer *reviewer,
                                          const packeis_game *game, packeis_move played,
                                          packeis_player_review_ply *out);

/* Reviews the plies first ... first + count - 1 of `game`'s history (the
 * actions packeis_game_ply_count() counts; `game` is not changed) into
 * plies[0 ... count - 1], *done of them; on_ply (may be NULL) is called
 * after each with the ply, how many are done and `count`. A stop flag in
 * reviewer->limits.stop set during the review ends it after the ply under
 * way: PACKEIS_E_STOPPED with *done plies reviewed (the ply cut short is
 * not among them). Returns PACKEIS_OK; PACKEIS_E_INVALID_ARGUMENT (NULL
 * pointers, a bad reviewer), PACKEIS_E_OUT_OF_RANGE (plies beyond the
 * history), PACKEIS_E_OUT_OF_MEMORY, a status of the search; *done is
 * then the plies reviewed before.
 * @since players 0.2 */
packeis_status packeis_player_review_game(const packeis_player_reviewer *reviewer,
                                          const packeis_game *game, size_t first, size_t count,
                                          packeis_player_review_ply *plies, size_t *done,
                                          void (*on_ply)(void *context,
                                                         const packeis_player_review_ply *ply,
                                                         size_t done, size_t total),
                                          void *context);

/* The review every surface offers by default: the estimator's spec
 * (packeis_player_from_spec(): mcts, 20,000 playouts a position) and the
 * solver's budget (alphabeta, positions a position). */
#define PACKEIS_PLAYER_REVIEW_ESTIMATOR    "mcts:20000"
#define PACKEIS_PLAYER_REVIEW_SOLVER_NODES 200000

/* sizeof of packeis_player_reviewer, packeis_player_review_ply and
 * packeis_player_review_summary, for bindings that declare them.
 * @since players 0.2 */
size_t packeis_player_reviewer_size(void);
size_t packeis_player_review_ply_size(void);
size_t packeis_player_review_summary_size(void);

/* One player's figures over a game (or many). */
typedef struct packeis_player_review_summary {
    size_t moves;        /* moves with a value, forced ones excluded */
    size_t forced;       /* moves with no choice */
    size_t unvalued;     /* moves the search gave no value */
    size_t exact;        /* of `moves`, valued by the solver */
    double average_loss; /* mean loss over `moves` (0 when none) */
    double accuracy;     /* mean of the moves' accuracy, 0 ... 100 */
    size_t inaccuracies, mistakes, blunders;
    double fish_lost; /* summed over the exact moves */
} packeis_player_review_summary;

/* A move's accuracy from its loss: lichess's formula on winning
 * percentages, p = 50 (1 + value): 103.1668 exp(-0.04354 (p_before -
 * p_after)) - 3.1669, clamped to 0 ... 100 (100 for no loss). */
double packeis_player_review_accuracy(double loss);

/* Adds the plies up for each player below `players` (1 ... 4) into
 * out[players]: every field from the plies whose player it is. Returns 0,
 * -1 for NULL pointers (with count above 0) or a bad player count. */
int packeis_player_review_summarize(const packeis_player_review_ply *plies, size_t count,
                                    int players, packeis_player_review_summary *out);

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
 * imply, a float not finite, floats so large that an evaluation's sums
 * could pass 1e30, an int8 of -128, an int32 bias beyond -2^28 ... 2^28,
 * where an int32 sum could overflow); -2 when out of memory. *out
 * is NULL on failure. A FIFO is read where a program has it open for
 * writing, and refused at once where none has (not waited on). */
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
