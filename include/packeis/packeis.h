/* SPDX-License-Identifier: MIT */
/**
 * @file packeis.h
 * @brief The whole public API of libpackeis, the reference implementation of
 *        the board game *Packeis am Pol* ("Hey, That's My Fish!").
 *
 * The header is grouped by object, in the order a reader meets them:
 * version, status codes, limits, moves, the allocator, options, games
 * (their life, their board, their position, standings, playing, history),
 * research fast paths, machine learning, batches of games, text formats
 * and the hash.
 *
 * Conventions that hold for every function below unless its comment says
 * otherwise:
 *
 * - **Statuses.** A call that can fail (constructors, setters, apply, undo,
 *   redo, parsers, buffer fillers) returns a ::packeis_status; ::PACKEIS_OK
 *   is zero. Such calls are marked so that GCC and Clang warn when the
 *   status is ignored. On any error the outputs are not written and the game
 *   or options are left exactly as they were; the exceptions are
 *   ::PACKEIS_E_BUFFER_TOO_SMALL, which reports the size needed, and text
 *   parsers, which report where they stopped.
 * - **Accessors** (properties of a game) return their value. Each documents
 *   the neutral value it returns for a NULL game or an index out of range
 *   (-1, 0 or an empty set). Where that value is also a valid answer (a
 *   score of 0, an empty set), check the arguments first if it matters.
 * - **Arguments.** The object a function works on comes first; outputs come
 *   last (constructors included). A NULL pointer where an object or output
 *   is required, or a setting outside what the function accepts (5 players,
 *   an unknown variant or flag), gives ::PACKEIS_E_INVALID_ARGUMENT. An index
 *   into the game (a cell, player or ply) outside its range gives
 *   ::PACKEIS_E_OUT_OF_RANGE.
 * - **Cells** are numbered `0 ... n-1` in reading order (by row from the
 *   top, then left to right). **Players** are numbered `0 ... players-1` in
 *   turn order. **Sets** of cells are `uint64_t` bit sets (bit `i`: cell
 *   `i`); sets of players are `unsigned` bit sets (bit `p`: player `p`).
 * - **Buffers.** Functions that fill a caller buffer take its capacity in
 *   elements and a non-NULL `count`, which always receives how many
 *   elements the full answer has. If the capacity is too small they return
 *   ::PACKEIS_E_BUFFER_TOO_SMALL, still set `*count` to the size needed, and
 *   leave the buffer untouched. The buffer may be NULL when the capacity is
 *   0, which is how to ask for the size.
 * - **Threads.** Functions taking a `const` handle never modify it, so they
 *   may run on one handle from several threads at once while no function
 *   taking a non-`const` handle runs on it. Distinct handles (clones
 *   included) may be used from different threads at once without locking.
 *   The library keeps no global mutable state: the only data shared by the
 *   whole process (the processor's features, the standard board's tables
 *   and the default hash keys) are computed once, thread-safely, on first
 *   use, and never change afterwards. The library never prints and never
 *   terminates the process.
 * - **Since.** 1.0.0 is the first stable release (0.1 was a preview with
 *   another ABI, `libpackeis.so.0`); every name says in `@since` the
 *   release that added it: 1.0.0, or 1.1.0 for the batches of games, the
 *   legal-move count and bit mask, the compact observation and rewards.
 * - **Stability.** Status codes, move values, the order of legal moves, the
 *   board shuffle, the playout generator, the observation planes, the hash
 *   and the text formats are stable within a major version. Functions are
 *   only ever added within a major version (see NEWS.md).
 */
#ifndef PACKEIS_PACKEIS_H
#define PACKEIS_PACKEIS_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/version.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @cond PACKEIS_INTERNAL */
#ifndef PACKEIS_API
#    if defined(_WIN32) || defined(__CYGWIN__)
#        if defined(PACKEIS_BUILDING)
#            define PACKEIS_API __declspec(dllexport)
#        elif defined(PACKEIS_SHARED)
#            define PACKEIS_API __declspec(dllimport)
#        else
#            define PACKEIS_API
#        endif
#    elif defined(__GNUC__) && __GNUC__ >= 4
#        define PACKEIS_API __attribute__((visibility("default")))
#    else
#        define PACKEIS_API
#    endif
#endif
/** @endcond */

/**
 * @brief Marks a function whose status must not be ignored: GCC and Clang
 *        warn (`-Wunused-result`) when a caller drops it. Define it as empty
 *        before including this header to turn the warnings off.
 * @since 1.0.0
 */
#ifndef PACKEIS_NODISCARD
#    if defined(__GNUC__) && __GNUC__ >= 4
#        define PACKEIS_NODISCARD __attribute__((warn_unused_result))
#    else
#        define PACKEIS_NODISCARD
#    endif
#endif

/* ------------------------------------------------------------------------ */
/** @name Version */
/** @{ */

/**
 * @brief The version of the library actually loaded.
 * @return `major * 10000 + minor * 100 + patch` (minor and patch stay below
 *         100), comparable with ::PACKEIS_VERSION_NUMBER.
 * @since 1.0.0
 */
PACKEIS_API int packeis_version(void);

/**
 * @brief The version of the library actually loaded, as text.
 * @return A static string such as "1.0.0"; never NULL, never to be freed.
 * @since 1.0.0
 */
PACKEIS_API const char *packeis_version_string(void);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Status codes */
/** @{ */

/**
 * @brief What a call that can fail returns: ::PACKEIS_OK or one of the
 *        ::packeis_status_code values. A plain `int`, so that its size never
 *        depends on compiler settings.
 * @since 1.0.0
 */
typedef int packeis_status;

/**
 * @brief The values of ::packeis_status. They are part of the ABI: never
 *        renumbered within a major version; new codes are only appended.
 *
 * The codes from ::PACKEIS_E_NOT_YOUR_PENGUIN to ::PACKEIS_E_NOT_ONE_FISH
 * say why a move the rules forbid is illegal, so that a frontend can tell
 * its player; packeis_game_check_move() lists every code it returns.
 * @since 1.0.0
 */
enum packeis_status_code {
    /** Success. */
    PACKEIS_OK = 0,
    /** A required pointer is NULL, or a value is not one the function
     *  accepts (for example 5 players, or an unknown flag). */
    PACKEIS_E_INVALID_ARGUMENT = 1,
    /** A cell, player, ply or move value outside the game's range. */
    PACKEIS_E_OUT_OF_RANGE = 2,
    /** The allocator returned NULL. */
    PACKEIS_E_OUT_OF_MEMORY = 3,
    /** A caller buffer is too small; the size needed was reported. */
    PACKEIS_E_BUFFER_TOO_SMALL = 4,
    /** The game is over: no move can be played. */
    PACKEIS_E_GAME_OVER = 5,
    /** The move is of the wrong kind for the phase: a slide during
     *  placement or a placement during movement. */
    PACKEIS_E_WRONG_PHASE = 6,
    /** A slide whose origin holds no penguin of the player to act. */
    PACKEIS_E_NOT_YOUR_PENGUIN = 7,
    /** A slide whose destination is not in a straight line from its origin
     *  along one of the six directions, over cells of the layout. */
    PACKEIS_E_NOT_IN_LINE = 8,
    /** A slide that passes over or ends on a penguin. */
    PACKEIS_E_BLOCKED_BY_PENGUIN = 9,
    /** A slide that passes over or ends on a floe no longer on the board. */
    PACKEIS_E_BLOCKED_BY_GAP = 10,
    /** A placement on a floe that already holds a penguin. */
    PACKEIS_E_OCCUPIED = 11,
    /** A placement on a floe with more than one fish (without
     *  ::PACKEIS_VARIANT_PLACE_ANY_FLOE). */
    PACKEIS_E_NOT_ONE_FISH = 12,
    /** Undo at the start of the game. */
    PACKEIS_E_NOTHING_TO_UNDO = 13,
    /** Redo with no undone action to play again. */
    PACKEIS_E_NOTHING_TO_REDO = 14,
    /** Custom layout: two floes share one cell. */
    PACKEIS_E_DUPLICATE_CELL = 15,
    /** Custom layout: the floes do not all share the parity of `x + y`. */
    PACKEIS_E_MIXED_PARITY = 16,
    /** Custom layout: a floe with fewer than 1 or more than 3 fish. */
    PACKEIS_E_FISH_OUT_OF_RANGE = 17,
    /** Custom layout: more than ::PACKEIS_MAX_CELLS floes. */
    PACKEIS_E_TOO_MANY_CELLS = 18,
    /** Custom layout: no floes at all. */
    PACKEIS_E_NO_CELLS = 19,
    /** Custom layout: a coordinate outside
     *  [::PACKEIS_COORD_MIN, ::PACKEIS_COORD_MAX]. */
    PACKEIS_E_COORD_OUT_OF_RANGE = 20,
    /** Too few floes a penguin may be placed on (one-fish floes, or any floe
     *  with ::PACKEIS_VARIANT_PLACE_ANY_FLOE) for all the penguins. */
    PACKEIS_E_TOO_FEW_FLOES = 21,
    /** Text that does not follow its documented format. */
    PACKEIS_E_MALFORMED_TEXT = 22,
    /** A well-formed position that the rules cannot reach (for example a
     *  penguin on a missing floe, or a player to act who has no move). */
    PACKEIS_E_INVALID_POSITION = 23,
    /** A long call stopped because its ::packeis_progress callback asked
     *  it to (see packeis_game_perft_watched()). @since 1.2.0 */
    PACKEIS_E_STOPPED = 24
};

/** The number of status codes this version knows: every code is below it
 *  (24 in 1.0 and 1.1, 25 since 1.2: ::PACKEIS_E_STOPPED).
 *  @since 1.0.0 */
#define PACKEIS_STATUS_COUNT 25

/**
 * @brief A short English description of a status code, for people.
 * @param status Any value, known or not.
 * @return A static, NUL-terminated string; never NULL, never to be freed.
 *         Unknown values give "unknown status".
 * @since 1.0.0
 */
PACKEIS_API const char *packeis_strerror(packeis_status status);

/**
 * @brief The name of a status code as written in this header, for logs and
 *        bindings: "PACKEIS_OK", "PACKEIS_E_GAME_OVER" ...
 * @param status Any value.
 * @return A static string, never to be freed, or NULL for a value that is
 *         not a status code.
 * @since 1.0.0
 */
PACKEIS_API const char *packeis_status_name(packeis_status status);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Limits and sizes */
/** @{ */

/** Most floes a layout may have (every cell set fits one `uint64_t`).
 *  @since 1.0.0 */
#define PACKEIS_MAX_CELLS 64
/** Fewest players. @since 1.0.0 */
#define PACKEIS_MIN_PLAYERS 2
/** Most players. @since 1.0.0 */
#define PACKEIS_MAX_PLAYERS 4
/** An upper bound on the legal moves of any position: a buffer this long
 *  always holds packeis_game_legal_moves(). @since 1.0.0 */
#define PACKEIS_MAX_MOVES 1024
/** Smallest coordinate a custom layout may use. @since 1.0.0 */
#define PACKEIS_COORD_MIN (-1000000)
/** Largest coordinate a custom layout may use. @since 1.0.0 */
#define PACKEIS_COORD_MAX 1000000
/** A buffer of this many characters always holds a cell name with its NUL
 *  (packeis_game_cell_name()). @since 1.0.0 */
#define PACKEIS_CELL_NAME_SIZE 16
/** A buffer of this many characters always holds a move as text with its
 *  NUL (packeis_game_format_move()). @since 1.0.0 */
#define PACKEIS_MOVE_TEXT_SIZE 32
/** A buffer of this many characters always holds a saved position with its
 *  NUL (packeis_game_save_position()). Pictures and records have no fixed
 *  bound: ask their writers for the size. @since 1.0.0 */
#define PACKEIS_POSITION_TEXT_SIZE 2048

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Moves */
/** @{ */

/**
 * @brief A placement or a slide, as one small number: the only encoding of
 *        a move in the API, and the action numbering used for machine
 *        learning.
 *
 * A slide from cell `f` to cell `t` is `f * 64 + t` (`f != t`); a placement
 * on cell `c` is `c * 64 + c`. Every move is below ::PACKEIS_MOVE_VALUES, so
 * move values index arrays such as packeis_game_legal_mask(). Values are
 * stable within a major version and may be stored (files, tables, network
 * messages). The helpers below build and read them. Functions taking a
 * move take a ::packeis_move: a wider integer passed to them is converted
 * by C's rules (modulo 65536), so range-check values from elsewhere.
 * @since 1.0.0
 */
typedef uint16_t packeis_move;

/** The number of move values: every move is below it (64 * 64).
 *  @since 1.0.0 */
#define PACKEIS_MOVE_VALUES 4096
/** A value that is never a move (for "no move" slots); it is not below
 *  ::PACKEIS_MOVE_VALUES. @since 1.0.0 */
#define PACKEIS_MOVE_NONE 0xFFFFu

/**
 * @brief The move that places a penguin on @p cell.
 * @param cell A cell index; whether the game has it is checked when the
 *        move is played.
 * @return `cell * 65`, or ::PACKEIS_MOVE_NONE if @p cell is not in
 *         `0 ... PACKEIS_MAX_CELLS - 1`.
 * @since 1.0.0
 */
PACKEIS_API packeis_move packeis_move_placement(int cell);

/**
 * @brief The move that slides the penguin on @p from to @p to.
 * @param from The origin cell.
 * @param to The destination cell.
 * @return `from * 64 + to`, or ::PACKEIS_MOVE_NONE if a cell is not in
 *         `0 ... PACKEIS_MAX_CELLS - 1` or the two are equal.
 * @since 1.0.0
 */
PACKEIS_API packeis_move packeis_move_slide(int from, int to);

/**
 * @brief Whether a value is a placement.
 * @param move Any value.
 * @return 1 for a placement, 0 for a slide or a value that is not a move.
 * @since 1.0.0
 */
PACKEIS_API int packeis_move_is_placement(packeis_move move);

/**
 * @brief The origin cell of a slide.
 * @param move Any value.
 * @return The cell, or -1 for a placement or a value that is not a move.
 * @since 1.0.0
 */
PACKEIS_API int packeis_move_from(packeis_move move);

/**
 * @brief The destination cell of a placement or a slide.
 * @param move Any value.
 * @return The cell, or -1 for a value that is not a move.
 * @since 1.0.0
 */
PACKEIS_API int packeis_move_to(packeis_move move);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Allocator */
/** @{ */

/**
 * @brief A memory allocator for the library to use instead of `malloc`.
 *
 * The library copies this struct. The functions must stay valid, and be
 * safe to call from whichever threads use the objects allocated with them,
 * for as long as any such object lives. Every allocation a game makes
 * (itself, its history, a custom board) uses that game's allocator, also
 * after packeis_game_assign(). This struct will not change within a major
 * version.
 * @since 1.0.0
 */
typedef struct packeis_allocator {
    /** Returns @p size bytes aligned as `malloc` would align them, or NULL. */
    void *(*alloc)(void *context, size_t size);
    /** Releases a block from `alloc`, given back with the size it was asked
     *  for; never called with NULL. */
    void (*release)(void *context, void *block, size_t size);
    /** Passed unchanged to both functions. */
    void *context;
} packeis_allocator;

/**
 * @brief A ready-made ::packeis_allocator that counts and can limit the
 *        memory it hands out: a memory budget for games.
 *
 * Its blocks come from `malloc`. It counts the bytes and blocks live, the
 * peak, and the blocks asked for and refused, exactly, with atomic counters
 * and no lock, so games on many threads may share one meter. It calls no
 * code of the caller's unless it was given a ::packeis_meter_policy; a
 * binding can thus give a language's games a budget without any callback
 * into the language. Opaque; created with packeis_meter_new(), its
 * allocator got with packeis_meter_allocator(), its counts read with
 * packeis_meter_read(), and given up with packeis_meter_free().
 * @since 1.2.0
 */
typedef struct packeis_meter packeis_meter;

/**
 * @brief A meter's say over each block, asked after the limit allowed it
 *        and before the block is taken.
 *
 * The meter sets `*verdict` to -1 before the call; the policy sets it to 1
 * to allow the block or to 0 to refuse it. A policy that returns with
 * anything else there (one that did not answer: for example a binding's
 * callback that failed before its first line) refuses the block, and the
 * meter counts it in packeis_meter_counts::unanswered. The block's size
 * is held against the limit during the call, so that blocks asked for at
 * once on other threads cannot together exceed it. The policy runs on the
 * thread that allocates, from inside whichever call allocates; it must not
 * use that call's object (it may free others).
 * @param context The pointer given to packeis_meter_new().
 * @param size The size of the block, at least 1.
 * @param verdict Where to write 1 (allow) or 0 (refuse).
 * @since 1.2.0
 */
typedef void (*packeis_meter_policy)(void *context, size_t size, int *verdict);

/**
 * @brief What a meter counted, read by packeis_meter_read().
 * @since 1.2.0
 */
typedef struct packeis_meter_counts {
    /** Bytes in blocks handed out and not yet released. */
    uint64_t live_bytes;
    /** Blocks handed out and not yet released. */
    uint64_t live_blocks;
    /** The most bytes live at once so far. */
    uint64_t peak_bytes;
    /** Blocks asked for, refused or not. */
    uint64_t allocations;
    /** Blocks refused: over the limit, of size 0, refused or unanswered by
     *  the policy, or refused by `malloc`. */
    uint64_t refusals;
    /** Of the refusals, those whose policy returned without a verdict. */
    uint64_t unanswered;
} packeis_meter_counts;

/**
 * @brief Creates a meter.
 * @param limit The most bytes live at once in its blocks (a block that
 *        would take the total over it is refused); `UINT64_MAX` for no
 *        limit.
 * @param policy Asked before each block the limit allows, or NULL.
 * @param context Passed unchanged to @p policy.
 * @param[out] meter The new meter; untouched on failure.
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (@p meter is NULL);
 *         ::PACKEIS_E_OUT_OF_MEMORY.
 * @since 1.2.0
 */
PACKEIS_API packeis_status packeis_meter_new(uint64_t limit, packeis_meter_policy policy,
                                             void *context, packeis_meter **meter);

/**
 * @brief The allocator to pass wherever the library takes one
 *        (packeis_options_new(), packeis_game_from_position(), ...).
 * @param meter A meter, or NULL.
 * @return A pointer into the meter, valid until packeis_meter_free(); NULL
 *         if @p meter is NULL.
 * @since 1.2.0
 */
PACKEIS_API const packeis_allocator *packeis_meter_allocator(const packeis_meter *meter);

/**
 * @brief Reads a meter's counts; each is exact, and together they are
 *        consistent once no other thread allocates or releases.
 * @param meter A meter not yet given up.
 * @param[out] counts Where to write them; untouched on failure.
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (a NULL argument).
 * @since 1.2.0
 */
PACKEIS_API packeis_status packeis_meter_read(const packeis_meter *meter,
                                              packeis_meter_counts *counts);

/**
 * @brief Gives a meter up: it is freed at once if none of its blocks is
 *        live, else as the last one is released.
 *
 * Objects still using the meter's allocator therefore keep working, and
 * their frees are what frees the meter, whatever order they come in (a
 * language's garbage collector may free a budget before its games). After
 * this call the caller must not use @p meter or its allocator for new
 * objects. NULL does nothing.
 * @param meter A meter, or NULL.
 * @since 1.2.0
 */
PACKEIS_API void packeis_meter_free(packeis_meter *meter);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Options */
/** @{ */

/**
 * @brief The setup of a game: players, penguins, board, seed, variants,
 *        hash seed and allocator. Opaque; created with
 *        packeis_options_new().
 *
 * Defaults: 2 players, the number of penguins of the rules (4, 3 or 2), the
 * standard 60-floe board shuffled with seed 0, no variant, the default hash
 * seed. The options are read by packeis_game_new() and may be changed or
 * freed afterwards.
 * @since 1.0.0
 */
typedef struct packeis_options packeis_options;

/**
 * @brief Optional rules, each off by default.
 * @since 1.0.0
 */
enum packeis_variant {
    /** Penguins may be placed on any free floe, not only one-fish floes. */
    PACKEIS_VARIANT_PLACE_ANY_FLOE = 0,
    /** "Snake" placement order: 0, 1, ..., n-1, n-1, ..., 1, 0, 0, 1, ...
     *  instead of 0, 1, ..., n-1, 0, 1, ... (movement still starts with 0). */
    PACKEIS_VARIANT_SNAKE_PLACEMENT = 1
};

/** Number of variants this version knows. @since 1.0.0 */
#define PACKEIS_VARIANT_COUNT 2

/**
 * @brief Creates options holding the defaults.
 * @param allocator The allocator for these options and every game created
 *        from them (copied), or NULL for `malloc` and `free`.
 * @param[out] options Receives the new object; free it with
 *             packeis_options_free().
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (@p options is NULL, or
 *         @p allocator lacks a function); ::PACKEIS_E_OUT_OF_MEMORY.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_options_new(const packeis_allocator *allocator, packeis_options **options);

/**
 * @brief Frees options. Games made from them are unaffected.
 * @param options The options, or NULL (nothing happens).
 * @since 1.0.0
 */
PACKEIS_API void packeis_options_free(packeis_options *options);

/**
 * @brief Sets the number of players.
 * @param options The options.
 * @param players 2, 3 or 4.
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_options_set_players(packeis_options *options, int players);

/**
 * @brief Sets how many penguins each player has.
 * @param options The options.
 * @param penguins 1 to ::PACKEIS_MAX_CELLS, or 0 for the rules' number
 *        (4 with 2 players, 3 with 3, 2 with 4). Whether the board has room
 *        for them is checked by packeis_game_new().
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_options_set_penguins(packeis_options *options, int penguins);

/**
 * @brief Sets the seed that shuffles the fish of the standard board.
 *
 * The shuffle, frozen within a major version: start from the list of 30
 * ones, 20 twos and 10 threes in that order; for `i` from 59 down to 1, swap
 * entries `i` and `j = below(i + 1)`; cell `i` gets entry `i`. `below(b)` is
 * Lemire's method on a SplitMix64 generator whose state starts at @p seed:
 * take `m = (next() >> 32) * b` in 64 bits; while the low 32 bits of `m`
 * are below `(2^32 - b) % b`, draw again; the result is `m >> 32`. Ignored
 * with a custom layout.
 * @param options The options.
 * @param seed Any value.
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_options_set_seed(packeis_options *options,
                                                                      uint64_t seed);

/**
 * @brief Replaces the standard board by a custom layout.
 *
 * Floe `i` is at doubled-width coordinates `(x[i], y[i])` and carries
 * `fish[i]` fish. The order of the arrays does not matter: cells are
 * numbered in reading order afterwards. The arrays are copied. Faults are
 * looked for in this order, each over all floes: coordinates, fish, parity,
 * duplicates.
 * @param options The options.
 * @param x Column of each floe (@p count elements).
 * @param y Row of each floe (@p count elements).
 * @param fish Fish on each floe, 1 to 3 (@p count elements).
 * @param count 1 to ::PACKEIS_MAX_CELLS.
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (a NULL pointer);
 *         ::PACKEIS_E_NO_CELLS (@p count is 0); ::PACKEIS_E_TOO_MANY_CELLS;
 *         ::PACKEIS_E_COORD_OUT_OF_RANGE; ::PACKEIS_E_FISH_OUT_OF_RANGE;
 *         ::PACKEIS_E_MIXED_PARITY; ::PACKEIS_E_DUPLICATE_CELL. On error the
 *         options keep their previous layout.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_options_set_layout(
    packeis_options *options, const int *x, const int *y, const int *fish, size_t count);

/**
 * @brief Goes back to the standard board (undoes packeis_options_set_layout()).
 * @param options The options.
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_options_set_standard_layout(packeis_options *options);

/**
 * @brief Turns a variant on or off.
 * @param options The options.
 * @param variant A ::packeis_variant value.
 * @param enabled Non-zero for on, 0 for off.
 * @return ::PACKEIS_OK, or ::PACKEIS_E_INVALID_ARGUMENT (NULL options or an
 *         unknown variant).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_options_set_variant(packeis_options *options, int variant, int enabled);

/**
 * @brief Sets the seed of the keys of the position hash (see
 *        packeis_game_hash()). The default is ::PACKEIS_DEFAULT_HASH_SEED.
 * @param options The options.
 * @param seed Any value.
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_options_set_hash_seed(packeis_options *options, uint64_t seed);

/** The default seed of the hash keys. @since 1.0.0 */
#define PACKEIS_DEFAULT_HASH_SEED UINT64_C(0x5061636B65697321)

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Games: life */
/** @{ */

/**
 * @brief A game: its board, its position, the actions played (which undo
 *        walks back) and the actions undone (which redo plays again).
 *        Opaque.
 *
 * The board's tables are read-only and shared: the standard board's by every
 * game of the process, a custom layout's by a game and its clones.
 * @since 1.0.0
 */
typedef struct packeis_game packeis_game;

/**
 * @brief Starts a game.
 * @param options The setup, or NULL for the defaults. Not retained.
 * @param[out] game Receives the new game; free it with packeis_game_free().
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT; ::PACKEIS_E_TOO_FEW_FLOES
 *         (the board cannot take every penguin); ::PACKEIS_E_OUT_OF_MEMORY.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_new(const packeis_options *options,
                                                              packeis_game **game);

/**
 * @brief Starts the game again, on the standard board shuffled with @p seed:
 *        the cheap way to play many games on fresh boards with one handle.
 *
 * Players, penguins, variants, hash seed and allocator stay those of the
 * game; the history and the undone actions are cleared. With a custom
 * layout @p seed is ignored and the game returns to the start of a game on
 * that layout (also for a game loaded from a position: the loaded position
 * is not kept). Never allocates, so it cannot fail on a valid game.
 * @param game The game.
 * @param seed The shuffle's seed (see packeis_options_set_seed()).
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT (NULL @p game).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_reset(packeis_game *game,
                                                                uint64_t seed);

/**
 * @brief Copies a game: position, history and undone actions. The copy is
 *        independent of the original, may be used from another thread, and
 *        uses the same allocator.
 * @param game The game to copy.
 * @param[out] copy Receives the copy; free it with packeis_game_free().
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT, ::PACKEIS_E_OUT_OF_MEMORY.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_clone(const packeis_game *game,
                                                                packeis_game **copy);

/**
 * @brief Makes @p target a copy of @p source (board, position, history and
 *        undone actions), reusing @p target's memory where it can: the
 *        allocation-free way for a search to reset a scratch game many times.
 *
 * @p target keeps its own allocator for everything it holds: a custom board
 * is shared only between games whose allocators are equal (the same three
 * fields), and copied otherwise.
 * @param target The game overwritten.
 * @param source The game copied.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_OUT_OF_MEMORY (@p target is then unchanged).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_assign(packeis_game *target,
                                                                 const packeis_game *source);

/**
 * @brief Frees a game.
 * @param game The game, or NULL (nothing happens).
 * @since 1.0.0
 */
PACKEIS_API void packeis_game_free(packeis_game *game);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Games: setup and board */
/** @{ */

/**
 * @brief The number of players.
 * @param game The game.
 * @return 2 to 4, or 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_player_count(const packeis_game *game);

/**
 * @brief How many penguins each player places.
 * @param game The game.
 * @return At least 1, or 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_penguins_per_player(const packeis_game *game);

/**
 * @brief Whether a variant is on in this game.
 * @param game The game.
 * @param variant A ::packeis_variant value.
 * @return 1 if on; 0 if off, for a NULL game or an unknown variant.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_variant(const packeis_game *game, int variant);

/**
 * @brief Whether the board is the standard one.
 * @param game The game.
 * @return 1 for the standard board, 0 for a custom layout or a NULL game.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_is_standard_board(const packeis_game *game);

/**
 * @brief The seed the standard board was shuffled with.
 * @param game The game.
 * @return The seed; 0 for a custom layout or a NULL game.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_seed(const packeis_game *game);

/**
 * @brief The seed of the hash keys (packeis_options_set_hash_seed()).
 * @param game The game.
 * @return The seed; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_hash_seed(const packeis_game *game);

/**
 * @brief The number of cells of the layout.
 * @param game The game.
 * @return 60 on the standard board, 1 to 64 otherwise; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_cell_count(const packeis_game *game);

/**
 * @brief The doubled-width coordinates of a cell.
 * @param game The game.
 * @param cell A cell index.
 * @param[out] x Its column.
 * @param[out] y Its row.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT, ::PACKEIS_E_OUT_OF_RANGE.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_cell_coords(const packeis_game *game,
                                                                      int cell, int *x, int *y);

/**
 * @brief The smallest rectangle holding every cell of the layout, in
 *        doubled-width coordinates: what a frontend needs to size its
 *        drawing. On the standard board it is `(0, 0)` to `(14, 7)`.
 * @param game The game.
 * @param[out] min_x The smallest `x` of any cell.
 * @param[out] min_y The smallest `y`.
 * @param[out] max_x The largest `x`.
 * @param[out] max_y The largest `y`.
 * @return ::PACKEIS_OK or ::PACKEIS_E_INVALID_ARGUMENT.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_layout_bounds(
    const packeis_game *game, int *min_x, int *min_y, int *max_x, int *max_y);

/**
 * @brief The cell at given coordinates.
 * @param game The game.
 * @param x A column.
 * @param y A row.
 * @return The cell there, or -1 if the layout has none there or @p game is
 *         NULL.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_cell_at(const packeis_game *game, int x, int y);

/**
 * @brief The neighbour of a cell in a direction. Geometry only: whether its
 *        floe is still on the board is packeis_game_floes().
 * @param game The game.
 * @param cell A cell index.
 * @param direction A ::packeis_direction value.
 * @return The neighbouring cell, or -1 if the layout has none there, or for
 *         a NULL game, a bad cell or a bad direction.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_neighbor(const packeis_game *game, int cell, int direction);

/**
 * @brief The fish printed on a cell's floe. It never changes, even after the
 *        floe has left the board.
 * @param game The game.
 * @param cell A cell index.
 * @return 1 to 3, or 0 for a NULL game or a bad cell.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_fish(const packeis_game *game, int cell);

/**
 * @brief The six directions of the hex grid, counter-clockwise from east.
 *
 * `(d + 3) % 6` is the opposite of `d`, and `(d + 1) % 6` the next
 * direction counter-clockwise.
 * @since 1.0.0
 */
enum packeis_direction {
    PACKEIS_DIRECTION_EAST = 0,       /**< (x + 2, y) */
    PACKEIS_DIRECTION_NORTH_EAST = 1, /**< (x + 1, y - 1) */
    PACKEIS_DIRECTION_NORTH_WEST = 2, /**< (x - 1, y - 1) */
    PACKEIS_DIRECTION_WEST = 3,       /**< (x - 2, y) */
    PACKEIS_DIRECTION_SOUTH_WEST = 4, /**< (x - 1, y + 1) */
    PACKEIS_DIRECTION_SOUTH_EAST = 5  /**< (x + 1, y + 1) */
};

/** Number of directions. @since 1.0.0 */
#define PACKEIS_DIRECTION_COUNT 6

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Games: position */
/** @{ */

/**
 * @brief The phases of a game, as reported by packeis_game_phase().
 * @since 1.0.0
 */
enum packeis_phase {
    PACKEIS_PHASE_PLACEMENT = 0, /**< Penguins are being placed. */
    PACKEIS_PHASE_MOVEMENT = 1,  /**< Penguins slide. */
    PACKEIS_PHASE_OVER = 2       /**< No player can move: standings are final. */
};

/**
 * @brief The current phase.
 * @param game The game.
 * @return A ::packeis_phase value, or -1 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_phase(const packeis_game *game);

/**
 * @brief The name of a phase: "placement", "movement" or "over".
 * @param phase Any value.
 * @return A static string, never to be freed, or NULL for a value that is
 *         not a phase.
 * @since 1.0.0
 */
PACKEIS_API const char *packeis_phase_name(int phase);

/**
 * @brief The player to act.
 * @param game The game.
 * @return The player, or -1 once the game is over or for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_current_player(const packeis_game *game);

/**
 * @brief The cells whose floe is still on the board.
 * @param game The game.
 * @return The set; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_floes(const packeis_game *game);

/**
 * @brief The cells holding a penguin of a player.
 * @param game The game.
 * @param player A player.
 * @return The set; 0 for a player who is out, a NULL game or a bad player.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_penguins(const packeis_game *game, int player);

/**
 * @brief Who has a penguin on a cell.
 * @param game The game.
 * @param cell A cell index.
 * @return Its owner, or -1 if there is no penguin there, or for a NULL game
 *         or a bad cell.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_penguin_at(const packeis_game *game, int cell);

/**
 * @brief Whether a player is out: it had no legal move on its turn and its
 *        penguins left the board.
 * @param game The game.
 * @param player A player.
 * @return 1 if out; 0 if not, or for a NULL game or a bad player.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_is_out(const packeis_game *game, int player);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Games: standings */
/** @{ */

/**
 * @brief The fish credited to a player so far.
 * @param game The game.
 * @param player A player.
 * @return The fish; 0 for a NULL game or a bad player.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_fish_won(const packeis_game *game, int player);

/**
 * @brief The floes credited to a player so far (the tie-break).
 * @param game The game.
 * @param player A player.
 * @return The floes; 0 for a NULL game or a bad player.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_floes_won(const packeis_game *game, int player);

/**
 * @brief A player's place: by fish, then floes; players equal on both share
 *        a place and the next place is skipped (1, 1, 3). Provisional until
 *        the game is over.
 * @param game The game.
 * @param player A player.
 * @return 1 for first place; 0 for a NULL game or a bad player.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_rank(const packeis_game *game, int player);

/**
 * @brief The players in first place. Two or more in a finished game mean a
 *        shared victory (in a two-player game, a draw). Provisional until the
 *        game is over.
 * @param game The game.
 * @return A set of players (bit `p` for player `p`); 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API unsigned packeis_game_winners(const packeis_game *game);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Games: playing */
/** @{ */

/**
 * @brief The legal moves of the player to act, in increasing order of their
 *        values (placements by cell; slides by origin, then destination).
 *        Empty once the game is over.
 * @param game The game.
 * @param[out] moves A buffer of @p capacity elements.
 * @param capacity Its size; ::PACKEIS_MAX_MOVES always suffices. With 0 the
 *        call only counts the moves (::PACKEIS_E_BUFFER_TOO_SMALL unless
 *        there are none).
 * @param[out] count The number of legal moves.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_legal_moves(const packeis_game *game,
                                                                      packeis_move *moves,
                                                                      size_t capacity,
                                                                      size_t *count);

/**
 * @brief The number of legal moves of the player to act: the count
 *        packeis_game_legal_moves() would report, without a buffer.
 * @param game The game.
 * @return The count; 0 once the game is over, and for a NULL game.
 * @since 1.1.0
 */
PACKEIS_API size_t packeis_game_legal_move_count(const packeis_game *game);

/**
 * @brief Where the penguin on a cell can slide now (for highlighting).
 * @param game The game.
 * @param cell A cell index.
 * @return The set of destinations; 0 if there is no penguin on @p cell, or
 *         for a NULL game or a bad cell. It does not depend on whose turn it
 *         is or on the phase: during placement it gives the slides the
 *         penguin would have if movement began now, though none is legal yet.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_destinations(const packeis_game *game, int cell);

/**
 * @brief Checks a move without playing it, and says why it is illegal.
 * @param game The game.
 * @param move Any value.
 * @return ::PACKEIS_OK if packeis_game_apply() would accept it; otherwise
 *         the error that call would return, the first that applies of:
 *         ::PACKEIS_E_INVALID_ARGUMENT (NULL game); ::PACKEIS_E_GAME_OVER;
 *         ::PACKEIS_E_OUT_OF_RANGE (not a move value);
 *         ::PACKEIS_E_WRONG_PHASE (a slide during placement or a placement
 *         during movement); ::PACKEIS_E_OUT_OF_RANGE (a cell not on the
 *         layout); for a placement ::PACKEIS_E_OCCUPIED, then
 *         ::PACKEIS_E_NOT_ONE_FISH; for a slide
 *         ::PACKEIS_E_NOT_YOUR_PENGUIN, then ::PACKEIS_E_NOT_IN_LINE, then
 *         ::PACKEIS_E_BLOCKED_BY_PENGUIN or ::PACKEIS_E_BLOCKED_BY_GAP,
 *         whichever the penguin meets first on its way.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_check_move(const packeis_game *game,
                                                                     packeis_move move);

/**
 * @brief Plays a move for the player to act, then passes the turn: players
 *        with no legal move go out, floes out of play are removed (never
 *        during placement), and the game ends when no player can move.
 *
 * If actions were undone and @p move is the next of them, the others stay
 * available to packeis_game_redo(); any other move forgets them.
 * @param game The game.
 * @param move A legal move.
 * @return ::PACKEIS_OK, any error of packeis_game_check_move(), or
 *         ::PACKEIS_E_OUT_OF_MEMORY (the history could not grow). On error
 *         the game is unchanged.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_apply(packeis_game *game,
                                                                packeis_move move);

/**
 * @brief Takes back the last action with everything that followed it
 *        (players going out, floes removed), restoring the exact previous
 *        position. The action can be played again with packeis_game_redo().
 * @param game The game.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_NOTHING_TO_UNDO.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_undo(packeis_game *game);

/**
 * @brief Takes back actions until a given number remain; they can be played
 *        again with packeis_game_redo(). Keeping every action changes
 *        nothing.
 * @param game The game.
 * @param plies How many actions to keep; 0 returns to the start.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT, ::PACKEIS_E_OUT_OF_RANGE
 *         (@p plies is more than have been played).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_undo_to(packeis_game *game,
                                                                  size_t plies);

/**
 * @brief Plays again the action undone last, giving back exactly the
 *        position it had led to.
 * @param game The game.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_NOTHING_TO_REDO (nothing was undone, or a move applied
 *         since then forgot the undone actions).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_redo(packeis_game *game);

/**
 * @brief How many undone actions packeis_game_redo() can play again.
 * @param game The game.
 * @return The count; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API size_t packeis_game_redo_count(const packeis_game *game);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Games: history and what each action did */
/** @{ */

/**
 * @brief The number of actions (placements and moves) played since the
 *        start: how many times packeis_game_undo() can succeed. Actions are
 *        numbered from 0 (the first) to this count minus 1.
 * @param game The game.
 * @return The count; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API size_t packeis_game_ply_count(const packeis_game *game);

/**
 * @brief The actions played so far, oldest first.
 * @param game The game.
 * @param[out] moves A buffer of @p capacity elements.
 * @param capacity Its size.
 * @param[out] count The number of actions played.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_history(const packeis_game *game,
                                                                  packeis_move *moves,
                                                                  size_t capacity,
                                                                  size_t *count);

/**
 * @brief Who played an action.
 * @param game The game.
 * @param ply The action's number, from 0.
 * @return The player; -1 for a NULL game or a ply not played.
 * @since 1.0.0
 */
PACKEIS_API int packeis_game_ply_player(const packeis_game *game, size_t ply);

/**
 * @brief The floes that left the board with an action: the floe a penguin
 *        slid from, the floes under the penguins of players who went out,
 *        and floes out of play (@ref rules_out_of_play "Floes out of play").
 * @param game The game.
 * @param ply The action's number, from 0.
 * @return The set; 0 for a NULL game or a ply not played.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_ply_removed(const packeis_game *game, size_t ply);

/**
 * @brief The floes an action credited to a player: for the mover the floe
 *        it slid from, and for each player who went out the floes under its
 *        penguins. Their fish (packeis_game_fish()) are the fish credited.
 *        Floes removed with an action but credited to nobody were out of
 *        play.
 * @param game The game.
 * @param ply The action's number, from 0.
 * @param player A player.
 * @return The set; 0 for a NULL game, a ply not played or a bad player.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_ply_credited(const packeis_game *game, size_t ply,
                                               int player);

/**
 * @brief The players who went out with an action.
 * @param game The game.
 * @param ply The action's number, from 0.
 * @return A set of players; 0 for a NULL game or a ply not played.
 * @since 1.0.0
 */
PACKEIS_API unsigned packeis_game_ply_players_out(const packeis_game *game, size_t ply);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Research fast paths */
/** @{ */

/**
 * @brief Plays uniformly random legal moves until the game is over.
 *
 * At each action the move is the `k`-th of packeis_game_legal_moves(), with
 * `k = below(count)` drawn as in packeis_options_set_seed() from a SplitMix64
 * generator whose state starts at @p seed: the same position and seed give
 * the same game on every platform within a major version. The actions are
 * recorded as if played by packeis_game_apply() (so undo works) and undone
 * actions are forgotten. Nothing is played if the history cannot grow.
 * Only the moves are written as the game goes: the positions between them
 * are made again, by playing the moves from the playout's start, when they
 * are first needed (the first undo into the playout, which makes them all
 * at once, or the packeis_game_ply_player() family, which replays up to
 * the one it needs each time).
 * @param game The game.
 * @param seed Any value.
 * @param[out] plies How many actions were played, or NULL if not wanted.
 * @return ::PACKEIS_OK (also when the game was already over),
 *         ::PACKEIS_E_INVALID_ARGUMENT, ::PACKEIS_E_OUT_OF_MEMORY.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_playout(packeis_game *game,
                                                                  uint64_t seed, size_t *plies);

/**
 * @brief Plays @p games uniformly random games to the end from this
 *        position, without changing it, and reports how each ended: the
 *        rollouts of a Monte Carlo tree search in one call.
 *
 * Game `g` (counted from 0) is exactly the game packeis_game_playout() would
 * play from this position with the seed `seed + g` (modulo 2^64), so results
 * are reproducible on every platform within a major version. Scratch memory
 * for one game's history is taken once from the game's allocator.
 * @param game The game; not modified.
 * @param seed The seed of game 0.
 * @param games How many games to play; 0 is allowed.
 * @param[out] winners A buffer of @p capacity elements, or NULL: for game
 *             `g`, at index `g`, the set of players in first place (as
 *             packeis_game_winners()).
 * @param[out] fish A buffer of `capacity * PACKEIS_MAX_PLAYERS` elements, or
 *             NULL: the final fish of player `p` in game `g` at index
 *             `g * PACKEIS_MAX_PLAYERS + p` (0 for players the game does not
 *             have).
 * @param[out] floes Like @p fish, for the floes won, or NULL.
 * @param capacity How many games the buffers have room for; at least
 *        @p games unless every buffer is NULL.
 * @param[out] plies The total number of actions played over all games, or
 *             NULL if not wanted.
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (NULL @p game, or all
 *         four outputs NULL); ::PACKEIS_E_BUFFER_TOO_SMALL (@p capacity is
 *         below @p games and a buffer is given; nothing is played);
 *         ::PACKEIS_E_OUT_OF_RANGE (`capacity * PACKEIS_MAX_PLAYERS`
 *         overflows); ::PACKEIS_E_OUT_OF_MEMORY (nothing is written).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_playout_batch(
    const packeis_game *game, uint64_t seed, size_t games, unsigned *winners, int *fish,
    int *floes, size_t capacity, size_t *plies);

/**
 * @brief Counts the distinct sequences of @p depth actions from this
 *        position (perft). A game that ends after fewer actions counts once,
 *        as a leaf: a finished game has perft 1 at every depth, and depth 0
 *        gives 1. Counts wrap modulo 2^64. Uses no heap memory.
 * @param game The game.
 * @param depth The number of actions.
 * @return The count, at least 1; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_perft(const packeis_game *game, unsigned depth);

/**
 * @brief perft split by first move: for each legal move, in the order of
 *        packeis_game_legal_moves(), the perft of depth `depth - 1` after it.
 *        A finished game has no moves, so @p count is 0.
 * @param game The game.
 * @param depth At least 1.
 * @param[out] moves A buffer of @p capacity moves.
 * @param[out] leaves A buffer of @p capacity counts.
 * @param capacity The size of each buffer.
 * @param[out] count The number of legal moves.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (NULL, depth 0),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_game_divide(const packeis_game *game, unsigned depth, packeis_move *moves,
                    uint64_t *leaves, size_t capacity, size_t *count);

/**
 * @brief A progress callback of the long calls that can be stopped
 *        (packeis_game_perft_watched(), packeis_game_divide_watched(),
 *        packeis_game_playout_rewards()).
 *
 * The call invokes it on its own thread, from time to time as each
 * documents (its granularity), and once more at the end, with how much work
 * is done so far: leaves counted, or games played. To stop the call, return
 * nonzero: it then returns ::PACKEIS_E_STOPPED at once, having changed
 * nothing and written no output. To stop it from another thread, let the
 * callback read a flag that thread sets (an atomic, or a volatile
 * `sig_atomic_t` set by a signal handler). The callback must not use the
 * game the call is working on.
 * @param context The pointer the caller passed beside the callback.
 * @param done Work done so far: nondecreasing from call to call.
 * @return 0 to go on, nonzero to stop.
 * @since 1.2.0
 */
typedef int (*packeis_progress)(void *context, uint64_t done);

/**
 * @brief A ready-made ::packeis_progress callback: stops the call once the
 *        `int` that @p flag points to is nonzero.
 *
 * Pass it with the address of an `int` that starts at 0; another thread
 * (or a signal handler, or a binding's watchdog) sets it to 1 to stop the
 * call. The callback reads it with a relaxed atomic load, so set it with an
 * atomic store (`__atomic_store_n`, or C11 `atomic_store` on an
 * `atomic_int`, which has the size of `int` wherever it is lock-free).
 * A binding can thus stop a long call without running any code of its own
 * on the thread doing the work.
 * @param flag Points to the `int` (NULL: never stops).
 * @param done Ignored.
 * @return The flag's value: nonzero means stop.
 * @since 1.2.0
 */
PACKEIS_API int packeis_stop_on_flag(void *flag, uint64_t done);

/**
 * @brief packeis_game_perft() that reports its progress and can be stopped.
 *
 * The count is the same as packeis_game_perft()'s, found the same way
 * below the last three actions; the actions above them are played one
 * by one, and @p progress is called after each subtree of (at most) three
 * actions, with the leaves counted so far. A subtree of three actions is at
 * most 64 x 63 actions played and counted by the rules' fast path, so a
 * stop takes effect that soon, whatever the depth: on the standard board
 * well under a millisecond of one core (the benchmark program's
 * perft_watched row prints the longest CPU time between two calls: 0.07 ms
 * from the start of movement; 0.07 to 0.75 ms over placement and movement
 * positions of 2 to 4 players). Counting costs the same as
 * packeis_game_perft()'s (the same row). Uses no heap memory.
 * @param game The game; not modified.
 * @param depth The number of actions.
 * @param progress The callback, or NULL (then the call is perft as
 *        packeis_game_perft(), returning a status).
 * @param context Passed to @p progress.
 * @param[out] leaves The count (wrapping modulo 2^64); left alone unless
 *             the call returns ::PACKEIS_OK.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (NULL @p game or
 *         @p leaves), ::PACKEIS_E_STOPPED.
 * @since 1.2.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_game_perft_watched(const packeis_game *game, unsigned depth, packeis_progress progress,
                           void *context, uint64_t *leaves);

/**
 * @brief packeis_game_divide() that reports its progress and can be
 *        stopped, as packeis_game_perft_watched() (the callback's count
 *        runs over all the first moves).
 * @param game The game; not modified.
 * @param depth At least 1.
 * @param progress The callback, or NULL.
 * @param context Passed to @p progress.
 * @param[out] moves A buffer of @p capacity moves.
 * @param[out] leaves A buffer of @p capacity counts.
 * @param capacity The size of each buffer.
 * @param[out] count The number of legal moves (also written when the
 *             buffers are too small; not written when stopped).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (NULL, depth 0),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL, ::PACKEIS_E_STOPPED (@p moves and
 *         @p leaves may then hold partial results).
 * @since 1.2.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_divide_watched(
    const packeis_game *game, unsigned depth, packeis_progress progress, void *context,
    packeis_move *moves, uint64_t *leaves, size_t capacity, size_t *count);

/** How many games packeis_game_playout_rewards() plays between two calls
 *  of its callback. @since 1.2.0 */
#define PACKEIS_PLAYOUT_PROGRESS_GAMES 64

/**
 * @brief Plays @p games uniformly random games to the end from this
 *        position, as packeis_game_playout_batch() (the same games for the
 *        same seeds), and reports each game's reward for every player:
 *        packeis_game_reward() of its final position, the value a tree
 *        search backs up (and, if asked, each player's final fish).
 *
 * @p progress is called after every ::PACKEIS_PLAYOUT_PROGRESS_GAMES games,
 * with the games played so far (a few microseconds of work each).
 * @param game The game; not modified.
 * @param seed The seed of game 0.
 * @param games How many games to play; 0 is allowed.
 * @param[out] rewards A buffer of `capacity * PACKEIS_MAX_PLAYERS` values:
 *             the reward of player `p` in game `g` at index
 *             `g * PACKEIS_MAX_PLAYERS + p` (0.0 for players the game does
 *             not have). When stopped, the games played so far are written.
 * @param[out] fish A buffer laid out as @p rewards, or NULL if not wanted:
 *             the fish of player `p` at the end of game `g`
 *             (packeis_game_fish_won() of its final position, the fish
 *             packeis_game_playout_batch() writes; 0 for players the game
 *             does not have). When stopped, the games played so far are
 *             written.
 * @param capacity How many games the buffers have room for; at least
 *        @p games.
 * @param progress The callback, or NULL.
 * @param context Passed to @p progress.
 * @param[out] plies The total number of actions played, or NULL if not
 *             wanted (not written when stopped).
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (NULL @p game or
 *         @p rewards); ::PACKEIS_E_BUFFER_TOO_SMALL (@p capacity below
 *         @p games; nothing is played); ::PACKEIS_E_OUT_OF_RANGE
 *         (`capacity * PACKEIS_MAX_PLAYERS` overflows);
 *         ::PACKEIS_E_STOPPED.
 * @since 1.2.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_playout_rewards(
    const packeis_game *game, uint64_t seed, size_t games, double *rewards, int *fish,
    size_t capacity, packeis_progress progress, void *context, size_t *plies);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Machine learning */
/** @{ */

/** The number of planes of an observation. @since 1.0.0 */
#define PACKEIS_OBSERVATION_PLANES 25
/** The number of values of an observation: ::PACKEIS_OBSERVATION_PLANES
 *  planes of ::PACKEIS_MAX_CELLS values each. @since 1.0.0 */
#define PACKEIS_OBSERVATION_SIZE 1600

/**
 * @brief The planes of an observation, in the order they are written.
 *
 * Each plane has ::PACKEIS_MAX_CELLS values, value `i` standing for cell `i`
 * (cells the layout does not have are 0 in every plane). To lay the cells
 * out on a grid, use packeis_game_cell_coords(). Planes 3 to 10 and 13 to
 * 24 come in fours, one per player: players 0 to 3, or, with
 * ::PACKEIS_OBSERVE_RELATIVE, the player to act and those after it in turn
 * order. They are 0 for players the game does not have.
 * @since 1.0.0
 */
enum packeis_observation_plane {
    /** Floes on the board carrying 1 fish (with or without a penguin): 1.0
     *  on those cells, else 0.0. */
    PACKEIS_PLANE_FISH_1 = 0,
    /** Floes on the board carrying 2 fish. */
    PACKEIS_PLANE_FISH_2 = 1,
    /** Floes on the board carrying 3 fish. */
    PACKEIS_PLANE_FISH_3 = 2,
    /** Planes 3 to 6: the penguins of each player (1.0 on their cells). */
    PACKEIS_PLANE_PENGUINS_0 = 3,
    /** Planes 7 to 10: 1.0 on every cell of the layout for the player to
     *  act. All four are 0 once the game is over. */
    PACKEIS_PLANE_TO_ACT_0 = 7,
    /** 1.0 on the cells of the layout, present or not. */
    PACKEIS_PLANE_CELL = 11,
    /** 1.0 on every cell of the layout during the placement phase. */
    PACKEIS_PLANE_PLACEMENT = 12,
    /** Planes 13 to 16: on every cell of the layout, the fish credited to
     *  each player divided by the fish of the whole layout (0.0 to 1.0). */
    PACKEIS_PLANE_FISH_WON_0 = 13,
    /** Planes 17 to 20: on every cell of the layout, the floes credited to
     *  each player divided by the cells of the layout (0.0 to 1.0). */
    PACKEIS_PLANE_FLOES_WON_0 = 17,
    /** Planes 21 to 24: 1.0 on every cell of the layout if the player is
     *  out. */
    PACKEIS_PLANE_OUT_0 = 21
};

/**
 * @brief Flags of packeis_game_observe().
 * @since 1.0.0
 */
enum packeis_observe_flag {
    /** Number the players from the player to act (who becomes 0) rather
     *  than from player 0; no effect once the game is over. */
    PACKEIS_OBSERVE_RELATIVE = 1
};

/**
 * @brief Encodes the position as planes for a neural network (see
 *        ::packeis_observation_plane): plane `k` fills values
 *        `k * PACKEIS_MAX_CELLS` to `(k + 1) * PACKEIS_MAX_CELLS - 1`.
 * @param game The game.
 * @param flags 0 or ::PACKEIS_OBSERVE_RELATIVE.
 * @param[out] planes A buffer of @p capacity values.
 * @param capacity Its size; ::PACKEIS_OBSERVATION_SIZE suffices.
 * @param[out] count ::PACKEIS_OBSERVATION_SIZE.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (also unknown flags),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_observe(const packeis_game *game,
                                                                  unsigned flags, float *planes,
                                                                  size_t capacity,
                                                                  size_t *count);

/**
 * @brief The legal moves of the player to act as a mask over the move
 *        values: value `m` is 1 if move `m` is legal, else 0. All 0 once the
 *        game is over.
 * @param game The game.
 * @param[out] mask A buffer of @p capacity values.
 * @param capacity Its size; ::PACKEIS_MOVE_VALUES suffices.
 * @param[out] count ::PACKEIS_MOVE_VALUES.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_legal_mask(const packeis_game *game,
                                                                     uint8_t *mask,
                                                                     size_t capacity,
                                                                     size_t *count);

/** The number of 64-bit words of a legal-move bit mask
 *  (packeis_game_legal_bits()): ::PACKEIS_MOVE_VALUES bits. @since 1.1.0 */
#define PACKEIS_LEGAL_BITS_WORDS 64

/**
 * @brief The legal moves of the player to act as a bit mask over the move
 *        values: bit `m % 64` of word `m / 64` is 1 if move `m` is legal.
 *        The same moves as packeis_game_legal_mask(), in 512 bytes instead
 *        of 4096. All 0 once the game is over.
 * @param game The game.
 * @param[out] bits A buffer of @p capacity words.
 * @param capacity Its size; ::PACKEIS_LEGAL_BITS_WORDS suffices.
 * @param[out] count ::PACKEIS_LEGAL_BITS_WORDS.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_legal_bits(const packeis_game *game,
                                                                     uint64_t *bits,
                                                                     size_t capacity,
                                                                     size_t *count);

/**
 * @brief The observation of packeis_game_observe() in compact form: one
 *        64-bit word per plane, ::PACKEIS_OBSERVATION_PLANES words.
 *
 * Word `k` of a plane whose values are 0.0 or 1.0 is the set of cells
 * where plane `k` is 1.0. The planes of fractions hold their numerator
 * instead: words ::PACKEIS_PLANE_FISH_WON_0 to +3 the fish credited to each
 * player, words ::PACKEIS_PLANE_FLOES_WON_0 to +3 the floes credited (the
 * float plane is that number divided by the fish, or the cells, of the
 * whole layout, on every cell of the layout). Players are numbered as
 * @p flags says, as in packeis_game_observe().
 * @param game The game.
 * @param flags 0 or ::PACKEIS_OBSERVE_RELATIVE.
 * @param[out] words A buffer of @p capacity words.
 * @param capacity Its size; ::PACKEIS_OBSERVATION_PLANES suffices.
 * @param[out] count ::PACKEIS_OBSERVATION_PLANES.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (also unknown flags),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_observe_bits(
    const packeis_game *game, unsigned flags, uint64_t *words, size_t capacity, size_t *count);

/**
 * @brief The observation planes as a given player sees them: the planes of
 *        packeis_game_observe(), with the per-player planes numbered from
 *        @p player (slot 0), then the players after it in turn order
 *        (`(player + j) % players` in slot `j`).
 *
 * For the player to act this is packeis_game_observe() with
 * ::PACKEIS_OBSERVE_RELATIVE; unlike that flag it also holds once the game
 * is over, so every player of a multi-agent environment can be shown the
 * final position from its own seat.
 * @param game The game.
 * @param player A player of the game.
 * @param[out] planes A buffer of @p capacity values.
 * @param capacity Its size; ::PACKEIS_OBSERVATION_SIZE suffices.
 * @param[out] count ::PACKEIS_OBSERVATION_SIZE.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_OUT_OF_RANGE (a player the game does not have),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.2.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_observe_as(const packeis_game *game,
                                                                     int player, float *planes,
                                                                     size_t capacity,
                                                                     size_t *count);

/**
 * @brief packeis_game_observe_as() in the compact form of
 *        packeis_game_observe_bits(): ::PACKEIS_OBSERVATION_PLANES words.
 * @param game The game.
 * @param player A player of the game.
 * @param[out] words A buffer of @p capacity words.
 * @param capacity Its size; ::PACKEIS_OBSERVATION_PLANES suffices.
 * @param[out] count ::PACKEIS_OBSERVATION_PLANES.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_OUT_OF_RANGE, ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.2.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_observe_bits_as(
    const packeis_game *game, int player, uint64_t *words, size_t capacity, size_t *count);

/**
 * @brief The reward of a player: what the game is worth to them, for
 *        reinforcement learning. 0.0 until the game is over; then
 *        `(b - a) / (players - 1)`, where `b` is the number of players
 *        ranked below the player and `a` the number ranked above
 *        (packeis_game_rank(), floe tie-break included; players sharing a
 *        place count in neither). So a sole winner gets 1.0, a sole last
 *        -1.0, a 2-player draw 0.0 each, and the rewards of a finished game
 *        sum to 0: exactly with 2 players; with 3 or 4, in exact
 *        arithmetic, as thirds and halves are not exact doubles (4 players
 *        rewarded 1, 1/3, -1 and -1/3, added in that order, give
 *        -5.55e-17).
 * @param game The game.
 * @param player A player of the game.
 * @return The reward, from -1.0 to 1.0; 0.0 for a NULL game or a bad
 *         player.
 * @since 1.1.0
 */
PACKEIS_API double packeis_game_reward(const packeis_game *game, int player);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Batches of games
 *
 * A batch holds many games set up alike and advances them all in one call,
 * with what a learning loop needs back for each game: rewards, whether it
 * ended, who acts next, the legal moves and the observation, in arrays laid
 * out game after game. It is the library's vectorized environment; finished
 * games can be reset to a new board as they end (auto-reset, as pgx does).
 * Each game of a batch is an ordinary game (packeis_batch_game()).
 */
/** @{ */

/**
 * @brief An opaque batch of games: owned by its creator and freed with
 *        packeis_batch_free(). It follows the rules of the header for
 *        handles: `const` calls may share one from several threads.
 * @since 1.1.0
 */
typedef struct packeis_batch packeis_batch;

/** Most games a batch may hold. @since 1.1.0 */
#define PACKEIS_BATCH_MAX_GAMES 1048576

/**
 * @brief Creates a batch of @p games games, each as packeis_game_new()
 *        makes it from @p options, except that game `i` starts on the board
 *        of seed `seed + i` (modulo 2^64), where `seed` is the options'
 *        seed: on the standard board each game has its own shuffle. The
 *        batch and its games use the options' allocator.
 * @param options The setup, or NULL for the defaults; not kept.
 * @param games From 1 to ::PACKEIS_BATCH_MAX_GAMES.
 * @param[out] batch The new batch.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (NULL @p batch, 0 or
 *         too many games), ::PACKEIS_E_OUT_OF_MEMORY, or any error of
 *         packeis_game_new() for these options.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_batch_new(const packeis_options *options,
                                                               size_t games,
                                                               packeis_batch **batch);

/**
 * @brief Frees a batch and its games (NULL is allowed and does nothing).
 *        The games returned by packeis_batch_game() are gone with it.
 * @param batch The batch, or NULL.
 * @since 1.1.0
 */
PACKEIS_API void packeis_batch_free(packeis_batch *batch);

/**
 * @brief The number of games of a batch.
 * @param batch The batch.
 * @return The count; 0 for a NULL batch.
 * @since 1.1.0
 */
PACKEIS_API size_t packeis_batch_size(const packeis_batch *batch);

/**
 * @brief Game @p index of a batch, to read or to play with every game
 *        function (undo, records, text ...). It belongs to the batch: never
 *        free it, and use it only while the batch lives.
 * @param batch The batch.
 * @param index From 0 to packeis_batch_size() - 1.
 * @return The game; NULL for a NULL batch or an index out of range.
 * @since 1.1.0
 */
PACKEIS_API packeis_game *packeis_batch_game(packeis_batch *batch, size_t index);

/**
 * @brief Resets every game to the start on a new board, as
 *        packeis_game_reset() does: game `i` with `seeds[i]`.
 * @param batch The batch.
 * @param seeds packeis_batch_size() seeds, or NULL to keep each game's
 *        current board seed (the same board again).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (NULL batch).
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_batch_reset(packeis_batch *batch,
                                                                 const uint64_t *seeds);

/**
 * @brief Plays one move in every game, and reports for each what it did.
 *
 * For each game `i`, `moves[i]` is played as packeis_game_apply() plays it
 * (and recorded in its history); ::PACKEIS_MOVE_NONE leaves the game as it
 * is. A move the game refuses leaves that game as it is and does not stop
 * the others: its status goes to `statuses[i]`. Then, if @p reset_seeds is
 * given, every game that is over is reset to a new board with
 * `reset_seeds[i]` (packeis_game_reset()), after its rewards and
 * termination were written: the flags and rewards describe the game that
 * ended, the position (and what packeis_batch_legal_moves() and
 * packeis_batch_observe() report next) is the new game's.
 *
 * Every output is optional (NULL if not wanted) and written for every game:
 * @param batch The batch.
 * @param moves packeis_batch_size() moves.
 * @param reset_seeds packeis_batch_size() seeds, or NULL: no reset.
 * @param[out] statuses Per game, ::PACKEIS_OK or why its move was refused
 *             (the errors of packeis_game_apply();
 *             ::PACKEIS_E_GAME_OVER for a move in a finished game).
 * @param[out] rewards `size * PACKEIS_MAX_PLAYERS` values: at index
 *             `i * PACKEIS_MAX_PLAYERS + p`, what player `p` earned by this
 *             step, packeis_game_reward() if game `i` ended at this step,
 *             else 0.0 (also for players the game does not have).
 * @param[out] terminated Per game, 1 if the game is over after its move
 *             (whether it ended now or before), else 0.
 * @param[out] to_act Per game, the player to act now (after any reset), or
 *             -1 if the game is over.
 * @return ::PACKEIS_OK if every move was played (or was
 *         ::PACKEIS_MOVE_NONE); else the status of the first game whose
 *         move was refused (the others were played all the same);
 *         ::PACKEIS_E_INVALID_ARGUMENT (NULL @p batch or @p moves; nothing
 *         is played); ::PACKEIS_E_OUT_OF_MEMORY for a game whose history
 *         could not grow (that game is unchanged).
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_batch_step(
    packeis_batch *batch, const packeis_move *moves, const uint64_t *reset_seeds,
    packeis_status *statuses, float *rewards, uint8_t *terminated, int8_t *to_act);

/**
 * @brief The legal moves of every game, as lists: game `i`'s moves, in the
 *        order of packeis_game_legal_moves(), at `moves[i * stride]` on,
 *        their number in `counts[i]`.
 * @param batch The batch.
 * @param[out] moves A buffer of @p capacity moves, or NULL with @p stride 0
 *             (only counting).
 * @param capacity Its size: at least `size * stride`.
 * @param stride Room per game: ::PACKEIS_MAX_MOVES always suffices; 0 to
 *        count only.
 * @param[out] counts packeis_batch_size() counts (required), written on
 *             success and with ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @param[out] most The largest count, or NULL: the @p stride needed.
 * @return ::PACKEIS_OK; ::PACKEIS_E_INVALID_ARGUMENT (NULL @p batch or
 *         @p counts, NULL @p moves with a stride);
 *         ::PACKEIS_E_BUFFER_TOO_SMALL (@p capacity is below `size *
 *         stride`, or a game has more than @p stride moves; @p moves is
 *         not written).
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_batch_legal_moves(const packeis_batch *batch, packeis_move *moves, size_t capacity,
                          size_t stride, uint16_t *counts, size_t *most);

/**
 * @brief The legal-move byte masks of every game (packeis_game_legal_mask()),
 *        game `i`'s at `mask[i * PACKEIS_MOVE_VALUES]` on.
 * @param batch The batch.
 * @param[out] mask A buffer of @p capacity values.
 * @param capacity At least `size * PACKEIS_MOVE_VALUES`.
 * @param[out] count `size * PACKEIS_MOVE_VALUES`, the size of the whole answer
 *             (required).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_batch_legal_mask(
    const packeis_batch *batch, uint8_t *mask, size_t capacity, size_t *count);

/**
 * @brief The legal-move bit masks of every game (packeis_game_legal_bits()),
 *        game `i`'s at `bits[i * PACKEIS_LEGAL_BITS_WORDS]` on.
 * @param batch The batch.
 * @param[out] bits A buffer of @p capacity words.
 * @param capacity At least `size * PACKEIS_LEGAL_BITS_WORDS`.
 * @param[out] count `size * PACKEIS_LEGAL_BITS_WORDS`, the size of the whole answer
 *             (required).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_batch_legal_bits(
    const packeis_batch *batch, uint64_t *bits, size_t capacity, size_t *count);

/**
 * @brief The observation planes of every game (packeis_game_observe()),
 *        game `i`'s at `planes[i * PACKEIS_OBSERVATION_SIZE]` on.
 * @param batch The batch.
 * @param flags 0 or ::PACKEIS_OBSERVE_RELATIVE.
 * @param[out] planes A buffer of @p capacity values.
 * @param capacity At least `size * PACKEIS_OBSERVATION_SIZE`.
 * @param[out] count `size * PACKEIS_OBSERVATION_SIZE`, the size of the whole answer
 *             (required).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (also unknown flags),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_batch_observe(
    const packeis_batch *batch, unsigned flags, float *planes, size_t capacity, size_t *count);

/**
 * @brief The compact observations of every game
 *        (packeis_game_observe_bits()), game `i`'s at
 *        `words[i * PACKEIS_OBSERVATION_PLANES]` on.
 * @param batch The batch.
 * @param flags 0 or ::PACKEIS_OBSERVE_RELATIVE.
 * @param[out] words A buffer of @p capacity words.
 * @param capacity At least `size * PACKEIS_OBSERVATION_PLANES`.
 * @param[out] count `size * PACKEIS_OBSERVATION_PLANES`, the size of the whole answer
 *             (required).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (also unknown flags),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.1.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_batch_observe_bits(const packeis_batch *batch, unsigned flags, uint64_t *words,
                           size_t capacity, size_t *count);

/** @} */
/* ------------------------------------------------------------------------ */
/** @name Text formats and hashing
 *
 * The formats are documented, with examples, in the "Text formats" page of
 * the documentation, and are stable within a major version. Parsers take a
 * text and its length (it need not be NUL-terminated; it may be NULL when
 * the length is 0, as the empty text) and report through
 * `stop` the offset where they stopped: on success, the end of what they
 * read; on error, the first offending character. Writers fill a caller
 * buffer with a NUL-terminated text: `length` receives its length without
 * the NUL, and ::PACKEIS_E_BUFFER_TOO_SMALL (with `length` set to the length
 * needed) means the buffer needs at least `length + 1` characters.
 */
/** @{ */

/**
 * @brief Flags of packeis_game_parse_move().
 * @since 1.0.0
 */
enum packeis_parse_flag {
    /** Also check the move against the position, as
     *  packeis_game_check_move() does, returning its error. */
    PACKEIS_PARSE_CHECK_LEGAL = 1
};

/**
 * @brief The name of a cell: its row as letters (`a` for the top row of the
 *        layout, then `b` ... `z`, `aa`, `ab` ...), then its column as a
 *        number (1 for the leftmost column of the layout; columns are two
 *        doubled-width units apart). On the standard board cell 0 is `a1`,
 *        cell 7 is `b1` and cell 59 is `h8`.
 * @param game The game.
 * @param cell A cell index.
 * @param[out] buffer A buffer of @p capacity characters.
 * @param capacity Its size; ::PACKEIS_CELL_NAME_SIZE always suffices.
 * @param[out] length The length of the name.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT, ::PACKEIS_E_OUT_OF_RANGE,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_cell_name(const packeis_game *game,
                                                                    int cell, char *buffer,
                                                                    size_t capacity,
                                                                    size_t *length);

/**
 * @brief Reads a cell name (see packeis_game_cell_name()) at the start of a
 *        text; what follows the name is not read.
 * @param game The game.
 * @param text The text.
 * @param text_length Its length.
 * @param[out] cell The cell named.
 * @param[out] stop Where reading stopped (see the section comment).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_MALFORMED_TEXT (no name there, or a name of no cell).
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_parse_cell(const packeis_game *game,
                                                                     const char *text,
                                                                     size_t text_length,
                                                                     int *cell, size_t *stop);

/**
 * @brief Writes a move: a placement is the cell's name (`c4`), a slide the
 *        names of its origin and destination joined by a hyphen (`c4-e5`).
 * @param game The game (its layout names the cells).
 * @param move A move; it need not be legal, but its cells must exist.
 * @param[out] buffer A buffer of @p capacity characters.
 * @param capacity Its size; ::PACKEIS_MOVE_TEXT_SIZE always suffices.
 * @param[out] length The length of the text.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT, ::PACKEIS_E_OUT_OF_RANGE,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_format_move(
    const packeis_game *game, packeis_move move, char *buffer, size_t capacity, size_t *length);

/**
 * @brief Reads a move written as by packeis_game_format_move() at the start
 *        of a text.
 * @param game The game.
 * @param text The text.
 * @param text_length Its length.
 * @param flags 0 or ::PACKEIS_PARSE_CHECK_LEGAL.
 * @param[out] move The move read.
 * @param[out] stop Where reading stopped (see the section comment).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (also unknown flags),
 *         ::PACKEIS_E_MALFORMED_TEXT, and with ::PACKEIS_PARSE_CHECK_LEGAL any
 *         error of packeis_game_check_move().
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_game_parse_move(const packeis_game *game, const char *text, size_t text_length,
                        unsigned flags, packeis_move *move, size_t *stop);

/**
 * @brief Writes the position as one line of text: the board (standard seed
 *        or custom layout), setup, floes, penguins, scores, players out,
 *        phase and player to act. Loading it gives a game that plays on
 *        exactly as this one (same legal moves, standings and hash), and
 *        saving that game gives the same text back. The history is not part
 *        of a position.
 * @param game The game.
 * @param[out] buffer A buffer of @p capacity characters.
 * @param capacity Its size; ::PACKEIS_POSITION_TEXT_SIZE always suffices.
 * @param[out] length The length of the text.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_save_position(
    const packeis_game *game, char *buffer, size_t capacity, size_t *length);

/**
 * @brief Starts a game at a position saved by packeis_game_save_position().
 *        The new game has no history; it remembers the position as its
 *        start, which packeis_game_save_record() writes.
 * @param text The text (one line; a final newline is accepted).
 * @param text_length Its length.
 * @param allocator The allocator of the new game, or NULL for `malloc`.
 * @param[out] game Receives the new game; free it with packeis_game_free().
 * @param[out] stop Where reading stopped (see the section comment).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_MALFORMED_TEXT, ::PACKEIS_E_INVALID_POSITION, a layout
 *         error of packeis_options_set_layout(), ::PACKEIS_E_TOO_FEW_FLOES,
 *         ::PACKEIS_E_OUT_OF_MEMORY.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_load_position(
    const char *text, size_t text_length, const packeis_allocator *allocator,
    packeis_game **game, size_t *stop);

/**
 * @brief Flags of packeis_game_layout_picture().
 * @since 1.0.0
 */
enum packeis_picture_flag {
    /** Draw the floes still on the board, not the whole layout. The frame
     *  stays the layout's (same lines and columns), so a floe is drawn
     *  where it would be without the flag. */
    PACKEIS_PICTURE_CURRENT = 1
};

/**
 * @brief Draws the layout as a hex picture: one line per row from the top
 *        row of the layout, floe `(x, y)` drawn as its fish digit at
 *        column `x - min_x` of line `y - min_y`, a dot where the grid has
 *        no floe between floes of a row, spaces elsewhere, no trailing
 *        spaces, each line ending in a newline. With the bounds of
 *        packeis_game_layout_bounds(), a picture takes at most
 *        `(max_x - min_x + 2) * (max_y - min_y + 1)` characters (so a layout
 *        spread over the whole coordinate range makes a picture of about
 *        130 MB: ask for the size first with a capacity of 0).
 * @param game The game.
 * @param flags 0 or ::PACKEIS_PICTURE_CURRENT.
 * @param[out] buffer A buffer of @p capacity characters.
 * @param capacity Its size.
 * @param[out] length The length of the picture.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT (also unknown flags),
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_layout_picture(
    const packeis_game *game, unsigned flags, char *buffer, size_t capacity, size_t *length);

/**
 * @brief Sets a custom layout from a hex picture (as drawn by
 *        packeis_game_layout_picture()): the digit `1`, `2` or `3` at column
 *        `x` of line `y` (both from 0) is a floe at `(x, y)` with that many
 *        fish; spaces and dots are empty; a line starting with `#` is a
 *        comment (not counted as a line); a line ends with a line feed,
 *        optionally after a carriage return.
 *
 * Faults are reported at the first offending character in reading order:
 * another digit (::PACKEIS_E_FISH_OUT_OF_RANGE), the 65th floe
 * (::PACKEIS_E_TOO_MANY_CELLS), a floe of the other parity than the first
 * (::PACKEIS_E_MIXED_PARITY), a coordinate beyond ::PACKEIS_COORD_MAX
 * (::PACKEIS_E_COORD_OUT_OF_RANGE), any other character
 * (::PACKEIS_E_MALFORMED_TEXT). A picture with no floe gives
 * ::PACKEIS_E_NO_CELLS with @p stop at its end.
 * @param options The options.
 * @param text The picture.
 * @param text_length Its length.
 * @param[out] stop Where reading stopped (see the section comment).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_MALFORMED_TEXT (another character), and the layout
 *         errors of packeis_options_set_layout(). On error the options keep
 *         their previous layout.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_options_set_layout_picture(
    packeis_options *options, const char *text, size_t text_length, size_t *stop);

/**
 * @brief Writes the game as a record: its setup, the position it started
 *        from if that is not the start of a game (a game loaded with
 *        packeis_game_load_position()), and every action played since, in a
 *        text a person can read ("Game records" in the "Text formats" page).
 *        Loading it replays the game, and saving the replayed game gives the
 *        same text. Undone actions are not part of a record.
 * @param game The game.
 * @param[out] buffer A buffer of @p capacity characters.
 * @param capacity Its size.
 * @param[out] length The length of the record.
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_BUFFER_TOO_SMALL.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status packeis_game_save_record(const packeis_game *game,
                                                                      char *buffer,
                                                                      size_t capacity,
                                                                      size_t *length);

/**
 * @brief Replays a record written by packeis_game_save_record(). Its
 *        `Result` line must match the standings of the replayed game.
 * @param text The record.
 * @param text_length Its length.
 * @param allocator The allocator of the new game, or NULL for `malloc`.
 * @param[out] game Receives the game, with the record's actions played (and
 *             undoable); free it with packeis_game_free().
 * @param[out] stop Where reading stopped (see the section comment).
 * @return ::PACKEIS_OK, ::PACKEIS_E_INVALID_ARGUMENT,
 *         ::PACKEIS_E_MALFORMED_TEXT, the errors of packeis_game_new(), of
 *         packeis_options_set_layout_picture() and of
 *         packeis_game_load_position() (for a record that starts from a
 *         position), and those of packeis_game_apply() for a move the record
 *         holds that cannot be played (@p stop then points at that move).
 *         On error no game is made.
 * @since 1.0.0
 */
PACKEIS_NODISCARD PACKEIS_API packeis_status
packeis_game_load_record(const char *text, size_t text_length,
                         const packeis_allocator *allocator, packeis_game **game, size_t *stop);

/**
 * @brief A 64-bit Zobrist hash of the position: equal positions of one
 *        board (same floes, penguins, scores, players out, phase and player
 *        to act) have equal hashes whatever the moves that reached them. The
 *        fish printed on the floes are not part of it: compare hashes of
 *        games on the same board. Kept up to date
 *        by every action, undo and redo. The function is documented in the
 *        "Text formats" page and is stable within a major version for a
 *        given layout and seed of the keys.
 * @param game The game.
 * @return The hash; 0 for a NULL game.
 * @since 1.0.0
 */
PACKEIS_API uint64_t packeis_game_hash(const packeis_game *game);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* PACKEIS_PACKEIS_H */
