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

/* Plays `games` random playouts (packeis_game_playout_batch()) from the
 * start of the standard game of 2 players shuffled with `seed`, in batches;
 * returns the number of plies played, or 0 on failure. */
uint64_t web_bench_playouts(uint64_t seed, uint32_t games);

#endif
