/* SPDX-License-Identifier: MIT */
/* Builders for the tests: games on the standard board or on a custom layout,
 * and lines of actions played with the status of each checked. A builder
 * that meets an unexpected status prints where and why, and aborts the test
 * program (the helpers are shared with the fuzzers, so they do not use
 * cmocka). */
#ifndef PACKEIS_TESTS_BUILDERS_H
#define PACKEIS_TESTS_BUILDERS_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/packeis.h>

#define TC_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The floes of the standard board (doc/rules.md, "The standard board"). */
#define TC_STANDARD_CELLS 60
/* Moves as constants, by the values documented at ::packeis_move: a
 * placement on c is c * 65, a slide from a to b is a * 64 + b. */
#define TC_P(c)    ((packeis_move)((c)*65))
#define TC_S(a, b) ((packeis_move)((a)*64 + (b)))

/* The variants as bits of a set, for the builders: bit v is variant v. */
#define TC_ANY_FLOE (1u << PACKEIS_VARIANT_PLACE_ANY_FLOE)
#define TC_SNAKE    (1u << PACKEIS_VARIANT_SNAKE_PLACEMENT)

/* One floe of a custom layout. */
typedef struct tc_floe {
    int x, y, fish;
} tc_floe;

/* Reports a failed check at `file`:`line` and aborts. */
void tc_fail(const char *file, int line, const char *what, packeis_status status);

/* Checks a status: TC_CHECK(call, PACKEIS_OK). */
#define TC_CHECK(call, want) tc_check((call), (want), __FILE__, __LINE__, #call)
void tc_check(packeis_status got, packeis_status want, const char *file, int line,
              const char *what);

/* A game on the standard board shuffled with `seed`, with `players` players
 * and the rules' number of penguins. */
packeis_game *tc_standard_game(int players, uint64_t seed);

/* Options for such a game with the variants of the set `variants`, for
 * tests that change them further. */
packeis_options *tc_standard_options(int players, uint64_t seed, unsigned variants);

/* The game of `options`, which it frees: tc_game(tc_standard_options(...)). */
packeis_game *tc_game(packeis_options *options);

/* A game on the custom layout `floes` (any order), with `players` players,
 * `penguins` penguins each (0: the rules' number) and the variants of the
 * set `variants` (TC_ANY_FLOE, TC_SNAKE). */
packeis_game *tc_custom_game(const tc_floe *floes, size_t count, int players, int penguins,
                             unsigned variants);

/* Options for such a game, for tests that change them further. */
packeis_options *tc_custom_options(const tc_floe *floes, size_t count, int players,
                                   int penguins, unsigned variants);

/* Plays `moves` in turn; each must be accepted. */
void tc_play(packeis_game *game, const packeis_move *moves, size_t count);

/* Plays `moves` in turn; move i must give `want[i]` (a refused move leaves
 * the game as it was, so the line goes on from there). */
void tc_play_expect(packeis_game *game, const packeis_move *moves, const packeis_status *want,
                    size_t count);

/* The final fish of `me` minus the other player's (a 2-player game) when
 * both play perfectly from here: every line of the game tree, no pruning,
 * no table (for small endgames only). The game is left as it was. */
int tc_brute_force_margin(packeis_game *game, int me);

/* The game at a position written as by packeis_game_save_position(). */
packeis_game *tc_load_position(const char *text);

/* Writes `base` with its first `old` replaced by `new_text` into `text`
 * (`size` characters) and returns the offset where `old` was; aborts when
 * `old` is not in `base` or the result does not fit. */
size_t tc_replace(const char *base, const char *old, const char *new_text, char *text,
                  size_t size);

/* Writes the position of `game` into `text` (PACKEIS_POSITION_TEXT_SIZE
 * characters) and returns its length. */
size_t tc_save_position(const packeis_game *game, char *text);

#endif
