/* SPDX-License-Identifier: MIT */
/* SWIG interface of libpackeis, for any SWIG target language.
 *
 *   swig -python -builtin -I<include> bindings/swig/packeis.i   module packeis_swig
 *   swig -lua -I<include> bindings/swig/packeis.i               module packeis
 *
 * It %includes the whole public header, so every function, enum and
 * constant of include/packeis/packeis.h is wrapped under its C name. What is
 * the same in every language is here and in status.i (a status other than
 * PACKEIS_OK raises); each language's typemaps (out-parameters returned,
 * buffers sized by the wrapper, texts as strings, integers range-checked)
 * are in python.i and lua.i. A language without a file of its own gets the
 * shared parts and SWIG's defaults: its wrapper generates (tcl, ruby,
 * perl5, java, csharp and javascript were tried), but the constructors'
 * out-parameters (packeis_game **) need typemaps of its own to make
 * handles.
 *
 * Handles (games, options, batches) are owned by the objects of the target
 * language and freed when those are collected; packeis_game_free() and the
 * other free functions free one at once and clear the object, after which a
 * call with it raises instead of touching freed memory. The allocator
 * struct is not wrapped: an allocator argument must be None (nil).
 *
 * Not wrapped: packeis_batch_game(), whose game belongs to the batch and
 * would outlive it in a collected language (read a batch's games through
 * the batch calls); packeis_stop_on_flag(), a C callback for C callers
 * (perft and divide, and packeis_game_playout_rewards(), are stopped by the
 * language's own interrupt, Ctrl-C). The watched calls,
 * packeis_game_perft_watched() and _divide_watched(), take the language's
 * function as their progress callback (python.i, lua.i); a language
 * without a file of its own does not get them.
 */
#if defined(SWIGLUA)
%module packeis
#else
%module packeis_swig
#endif

%{
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <packeis/packeis.h>
%}

%include <stdint.i>

%include "status.i"

/* ---- long calls -------------------------------------------------------------- */
/* perft, divide and batches of playouts run on a private copy of the game;
 * as they go, the language's poll function may let other threads run and
 * look for an interrupt (python.i: the GIL is released during the call,
 * Ctrl-C stops it), and stops the call by returning nonzero. So the
 * caller's game is read only while it is copied, and nothing another thread
 * does to it can reach the call. perft and divide are the library's
 * watched calls (packeis_game_perft_watched(): the poll runs after every
 * subtree of three actions, under a millisecond); playouts go in steps. */
%{
typedef int (*pk_swig_poll)(void *context);

/* Playouts per library call. */
#define PK_SWIG_PLAYOUT_STEP 256u

/* A poll as the watched calls' ::packeis_progress callback. */
typedef struct pk_swig_watch {
    pk_swig_poll poll;
    void *context;
    int stopped;
} pk_swig_watch;

static int pk_swig_progress(void *context, uint64_t done)
{
    pk_swig_watch *watch = context;
    (void)done;
    watch->stopped = watch->poll && watch->poll(watch->context);
    return watch->stopped;
}

/* The long calls work on a copy of the game, made by the caller before it
 * lets other threads run (Python releases the GIL only after the copy: a
 * thread that changes the game meanwhile then cannot race with it); each
 * frees its copy. (Lua, one thread, copies the game in the call itself; its
 * playout batches call the library directly, a million games at most.) */

/* The perft of `copy` (freed); PK_SWIG_ERROR_RAISED if the poll stopped it. */
static packeis_status pk_swig_perft_of_copy(packeis_game *copy, unsigned depth, uint64_t *leaves,
                                            pk_swig_poll poll, void *context)
{
    pk_swig_watch watch = {poll, context, 0};
    *leaves = 0;
    packeis_status status =
        packeis_game_perft_watched(copy, depth, pk_swig_progress, &watch, leaves);
    packeis_game_free(copy);
    return watch.stopped ? PK_SWIG_ERROR_RAISED : status;
}

/* packeis_game_divide() of `copy` (freed), as pk_swig_perft_of_copy(). */
static packeis_status pk_swig_divide_of_copy(packeis_game *copy, unsigned depth,
                                             packeis_move *moves, uint64_t *leaves,
                                             size_t capacity, size_t *count, pk_swig_poll poll,
                                             void *context)
{
    pk_swig_watch watch = {poll, context, 0};
    *count = 0;
    packeis_status status = packeis_game_divide_watched(copy, depth, pk_swig_progress, &watch,
                                                        moves, leaves, capacity, count);
    packeis_game_free(copy);
    if (status != PACKEIS_OK)
        *count = 0; /* no partial results */
    return watch.stopped ? PK_SWIG_ERROR_RAISED : status;
}

/* packeis_game_playout_batch() in steps of PK_SWIG_PLAYOUT_STEP games, on
 * `copy` (freed); the buffers have room for `games` games. */
static packeis_status pk_swig_playout_batch_of_copy(packeis_game *copy, uint64_t seed,
                                                    size_t games, unsigned *winners, int *fish,
                                                    int *floes, size_t *plies, pk_swig_poll poll,
                                                    void *context)
{
    packeis_status status = PACKEIS_OK;
    *plies = 0;
    for (size_t done = 0; status == PACKEIS_OK && done < games;) {
        size_t step = games - done < PK_SWIG_PLAYOUT_STEP ? games - done : PK_SWIG_PLAYOUT_STEP;
        size_t played = 0;
        status = packeis_game_playout_batch(copy, seed + done, step, winners + done,
                                            fish + done * PACKEIS_MAX_PLAYERS,
                                            floes + done * PACKEIS_MAX_PLAYERS, step, &played);
        *plies += played;
        done += step;
        if (status == PACKEIS_OK && poll && poll(context))
            status = PK_SWIG_ERROR_RAISED;
    }
    packeis_game_free(copy);
    return status;
}

/* packeis_game_playout_rewards() of `copy` (freed), as pk_swig_perft_of_copy(). */
static packeis_status pk_swig_playout_rewards_of_copy(packeis_game *copy, uint64_t seed,
                                                      size_t games, double *rewards,
                                                      size_t capacity, size_t *plies,
                                                      pk_swig_poll poll, void *context)
{
    pk_swig_watch watch = {poll, context, 0};
    *plies = 0;
    packeis_status status = packeis_game_playout_rewards(copy, seed, games, rewards, NULL,
                                                         capacity, pk_swig_progress, &watch,
                                                         plies);
    packeis_game_free(copy);
    return watch.stopped ? PK_SWIG_ERROR_RAISED : status;
}

%}

/* The watched calls take a C callback: each language file wraps them with
 * the language's own function as that callback (python.i, lua.i); the
 * header's declarations are not wrapped as they are. packeis_stop_on_flag()
 * is a callback for C callers, which no language can pass. */
%ignore packeis_game_perft_watched;
%ignore packeis_game_divide_watched;
%ignore packeis_stop_on_flag;

/* ---- the typemaps of each language -------------------------------------- */
#if defined(SWIGPYTHON)
%include "python.i"
#elif defined(SWIGLUA)
%include "lua.i"
#endif

/* ---- handles --------------------------------------------------------------- */
/* The structs are opaque; declared here (empty) so that the target language
 * owns the objects the constructors return and frees them through these
 * destructors. None can be made from the target language. */
%nodefaultctor packeis_game;
%nodefaultctor packeis_options;
%nodefaultctor packeis_batch;
struct packeis_game {};
struct packeis_options {};
struct packeis_batch {};
%extend packeis_game {
    ~packeis_game() { packeis_game_free($self); }
}
%extend packeis_options {
    ~packeis_options() { packeis_options_free($self); }
}
%extend packeis_batch {
    ~packeis_batch() { packeis_batch_free($self); }
}
%ignore packeis_allocator;
/* The meter is an allocator: these bindings make games on malloc only. */
%ignore packeis_meter;
%ignore packeis_meter_policy;
%ignore packeis_meter_counts;
%ignore packeis_meter_new;
%ignore packeis_meter_allocator;
%ignore packeis_meter_read;
%ignore packeis_meter_free;
%ignore packeis_batch_game;

/* packeis_batch_step() refuses only a missing batch or moves as a whole;
 * a move a game refuses is reported in that game's status, so the wrapper
 * raises for the first alone and returns the statuses. */
%rename(packeis_batch_step) pk_swig_batch_step;
%ignore packeis_batch_step;
%inline %{
packeis_status pk_swig_batch_step(packeis_batch *batch, const packeis_move *moves,
                                  const uint64_t *reset_seeds, packeis_status *statuses,
                                  float *rewards, uint8_t *terminated, int8_t *to_act)
{
    packeis_status status =
        packeis_batch_step(batch, moves, reset_seeds, statuses, rewards, terminated, to_act);
    return status == PACKEIS_E_INVALID_ARGUMENT ? status : PACKEIS_OK;
}
%}

/* The batch calls that fill buffers keep the shape the language files give
 * their typemaps: (buffer, capacity) sized to the batch, moves in rows of
 * PACKEIS_MAX_MOVES; the size of the whole answer is theirs to know. */
%rename(packeis_batch_legal_moves) pk_swig_batch_legal_moves;
%rename(packeis_batch_legal_mask) pk_swig_batch_legal_mask;
%rename(packeis_batch_legal_bits) pk_swig_batch_legal_bits;
%rename(packeis_batch_observe) pk_swig_batch_observe;
%rename(packeis_batch_observe_bits) pk_swig_batch_observe_bits;
%ignore packeis_batch_legal_moves;
%ignore packeis_batch_legal_mask;
%ignore packeis_batch_legal_bits;
%ignore packeis_batch_observe;
%ignore packeis_batch_observe_bits;
%inline %{
packeis_status pk_swig_batch_legal_moves(const packeis_batch *batch, packeis_move *moves,
                                         size_t stride, uint16_t *counts, size_t *most)
{
    size_t capacity = packeis_batch_size(batch) * stride;
    return packeis_batch_legal_moves(batch, moves, capacity, stride, counts, most);
}
packeis_status pk_swig_batch_legal_mask(const packeis_batch *batch, uint8_t *mask,
                                        size_t capacity)
{
    size_t count;
    return packeis_batch_legal_mask(batch, mask, capacity, &count);
}
packeis_status pk_swig_batch_legal_bits(const packeis_batch *batch, uint64_t *bits,
                                        size_t capacity)
{
    size_t count;
    return packeis_batch_legal_bits(batch, bits, capacity, &count);
}
packeis_status pk_swig_batch_observe(const packeis_batch *batch, unsigned flags,
                                     float *planes, size_t capacity)
{
    size_t count;
    return packeis_batch_observe(batch, flags, planes, capacity, &count);
}
packeis_status pk_swig_batch_observe_bits(const packeis_batch *batch, unsigned flags,
                                          uint64_t *words, size_t capacity)
{
    size_t count;
    return packeis_batch_observe_bits(batch, flags, words, capacity, &count);
}
%}

/* The free functions take the object from its owner and clear the owner
 * (the typemaps of `packeis_game *freed` ... are in the language files). */
%rename(packeis_game_free) pk_swig_game_free;
%rename(packeis_options_free) pk_swig_options_free;
%rename(packeis_batch_free) pk_swig_batch_free;
%ignore packeis_game_free;
%ignore packeis_options_free;
%ignore packeis_batch_free;
%inline %{
/** packeis_game_free(): frees the game now; its object is cleared. */
void pk_swig_game_free(packeis_game *freed) { packeis_game_free(freed); }
/** packeis_options_free(): frees the options now; the object is cleared. */
void pk_swig_options_free(packeis_options *freed) { packeis_options_free(freed); }
/** packeis_batch_free(): frees the batch now; its object is cleared. */
void pk_swig_batch_free(packeis_batch *freed) { packeis_batch_free(freed); }
%}

/* ---- the header ------------------------------------------------------------ */
#define PACKEIS_API
#define PACKEIS_NODISCARD
/* SWIG skips this #define of the header (a constant too wide for it). */
%constant unsigned long long PACKEIS_DEFAULT_HASH_SEED = PACKEIS_DEFAULT_HASH_SEED;
%include <packeis/packeis.h>

#if defined(SWIGPYTHON) || defined(SWIGLUA)
PK_LANGUAGE_HANDLES_DONE
#endif
