/* SPDX-License-Identifier: MIT */
/*
 * glue.h: the few functions the web page calls besides the packeis_* API
 * (exported from packeis.wasm by examples/web/meson.build): setting up a
 * game from plain arguments, the computer players of lib/players with
 * what they found, and the playout benchmark that the page, Node and the
 * native web-bench program run alike.
 */
#ifndef PACKEIS_WEB_GLUE_H
#define PACKEIS_WEB_GLUE_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

#include <packeis/players.h>

#ifdef __wasm__
#    define WEB_EXPORT(name) __attribute__((export_name(name)))
#else
#    define WEB_EXPORT(name)
#endif

/* Memory for the page's strings and out-parameters. */
void *web_alloc(size_t size);
void web_free(void *pointer);

/* A new game for `players` players (2-4): on the standard board shuffled
 * with `seed`, or, when `picture_length` > 0, on the layout of the picture
 * (packeis_options_set_layout_picture()); `variants` has bit v on for
 * each packeis_variant v played (1: any-floe placement, 2: snake placement
 * order). Returns the status; *game gets the game, *stop where a faulty
 * picture stopped being read. */
packeis_status web_game_new(int players, uint64_t seed, const char *picture,
                            size_t picture_length, unsigned variants, packeis_game **game,
                            size_t *stop);

/* The name of built-in player `index` (players.h's table), or NULL past the
 * last. */
const char *web_player_name(int index);

/* A player by name with a seed, or NULL (unknown name, out of memory). */
packeis_player *web_player_new(const char *name, uint64_t seed);

/* packeis_player_set_option(); returns NULL or the reason it was refused. */
const char *web_player_set_option(packeis_player *p, const char *name, const char *value);

/* The player's own sentence for its last failure, or NULL
 * (packeis_player_error()). */
const char *web_player_error(const packeis_player *p);

/* Chooses a move for the player to act within `seconds` (0: none) and
 * `nodes` (0: none; both 0: the player's default), and keeps the report for
 * web_report(). Returns the move, or PACKEIS_MOVE_NONE on failure (the
 * status is web_last_status()). */
packeis_move web_player_choose(packeis_player *p, const packeis_game *game, double seconds,
                               uint64_t nodes);

packeis_status web_last_status(void);

/* How the page's worker searches the player in slices, from
 * packeis_player_resumes(): "grow" (each slice grows the same search),
 * "deepen" (each slice a search with a doubled budget, what the player
 * learnt kept) or "once" (one slice is the whole search). */
const char *web_player_slicing(const packeis_player *p);
void web_player_forget(packeis_player *p);
void web_player_free(packeis_player *p);

/* The report of the last web_player_choose(): the players library's own
 * struct, which the page reads in place (engine.js, Player.report()) at the
 * offsets of web_report_layout(). */
const packeis_player_report *web_report(void);

/* The layout of packeis_player_report, so that the page reads the struct
 * without a copy of it: the byte offsets of depth, nodes, seconds,
 * has_score, score, exact, pv_length, pv, root_moves, moves and visits, then
 * sizeof(size_t) (12 values). */
const uint32_t *web_report_layout(void);

/* ---- the review panel ----------------------------------------------------
 *
 * A review session: the reviewer of players.h ("game review") and the plies
 * it has reviewed of one game, 0 ... count - 1, which the page's worker
 * reviews one at a time (so that it reads its messages between them) and
 * adds up with packeis_player_review_summarize(). */
typedef struct web_review web_review;

/* A session with packeis-review's reviewer (examples/review/reviewer.h,
 * the players seeded with 1): the estimator the player of `estimator_spec`
 * (a seat spec; NULL or "": PACKEIS_PLAYER_REVIEW_ESTIMATOR), an alphabeta
 * solver of `solver_nodes` positions a position (0: none). NULL on
 * failure: web_review_error() says why. */
web_review *web_review_new(const char *estimator_spec, uint64_t solver_nodes);

/* The library's default reviewer: PACKEIS_PLAYER_REVIEW_ESTIMATOR and
 * PACKEIS_PLAYER_REVIEW_SOLVER_NODES (players.h). */
const char *web_review_default_estimator(void);
uint64_t web_review_default_solver_nodes(void);

/* Reviews ply `ply` of `game`'s history (packeis_player_review_game(),
 * first = ply, count = 1) and keeps it as the session's ply `ply`, dropping
 * those after it: `ply` is at most web_review_count() (the plies kept are
 * always 0 ... count - 1, a game's first plies). Returns the status
 * (PACKEIS_E_OUT_OF_RANGE for a ply beyond the history or past the count). */
packeis_status web_review_ply(web_review *r, const packeis_game *game, size_t ply);

/* The plies the session holds. */
size_t web_review_count(const web_review *r);

/* Drops the plies from `count` on (a game changed there). */
void web_review_truncate(web_review *r, size_t count);

/* The session's ply `ply` (below web_review_count()), or NULL. */
const packeis_player_review_ply *web_review_result(const web_review *r, size_t ply);

/* The plies held added up for each of `players` players (1-4): an array of
 * `players` summaries, valid until the next call on the session; NULL for
 * a bad count. */
const packeis_player_review_summary *web_review_summary(web_review *r, int players);

/* Why the last web_review_new() failed, or NULL. */
const char *web_review_error(void);

void web_review_free(web_review *r);

/* The layouts of packeis_player_review_ply and
 * packeis_player_review_summary, so that the page reads them in place:
 * [0] the number of values, [1] sizeof(packeis_player_review_ply), then
 * the byte offsets of its fields in the header's order (17 values), then
 * sizeof(packeis_player_review_summary) and the offsets of its fields in
 * the header's order (10 values), then sizeof(size_t): 31 values. */
const uint32_t *web_review_layout(void);

/* Plays `games` random playouts (packeis_game_playout_batch()) from the
 * start of the standard game of 2 players shuffled with `seed`, in batches;
 * returns the number of plies played, or 0 on failure. */
uint64_t web_bench_playouts(uint64_t seed, uint32_t games);

#endif
