/* SPDX-License-Identifier: MIT */
/* libFuzzer target: random sequences of API calls on a pool of three games,
 * with the library's promises checked after every call:
 *
 *   (a) a refused call changes nothing: the saved position, the hash, the
 *       history and the redo count are the same before and after;
 *   (b) apply then undo gives back the position and hash, and redo gives
 *       back the position after the move;
 *   (c) every listed legal move passes check_move, and check_move accepts
 *       exactly the listed ones (on sampled values), as the legal mask does;
 *   (d) the hash of a game equals the hash of its saved-and-loaded copy,
 *       and that copy saves the same text;
 *   (e) a clone (or an assigned copy) plays identically;
 *   (f) in a debug build (NDEBUG not defined), the reference engine of
 *       tests/common/reference.h agrees with the legal moves, with the
 *       result of every apply and with perft.
 * A broken promise prints its line and aborts. Games made with the
 * counting allocator (tests/common/counting_alloc.h) must give every block
 * back, with its size, by the end of the input; ASan checks the others.
 *
 * How bytes map to calls, for writing seeds by hand (tests/fuzz/corpus/api;
 * a missing byte reads as 0, so a seed may stop anywhere):
 *
 *   input  := call*                          at most MAX_CALLS calls
 *   call   := op slot args                   slot: byte % 3, a game of the pool
 *   op     := byte: bits 0-4 the call (% OPS, below); bit 7 set: the next
 *             byte k, and the (k % 4 + 1)-th allocation of the counting
 *             allocator during the call fails
 *
 *    0 NEW        flags players penguins seed:2 [hash_seed:8] [layout]
 *                 flags: 1 custom layout, 2 any floe, 4 snake, 8 counting
 *                 allocator, 16 hash seed given, 32 raw values (players,
 *                 penguins, count, coordinates and fish unchecked), 64
 *                 layout as a picture, 128 back to the standard board after
 *                 it; flags 0: packeis_game_new(NULL). players: 2 + b % 3
 *                 (raw: (int8_t)b); penguins: b % 5 (raw: b % 70).
 *                 layout: count (1 + b % 64; raw: b % 70), then per floe
 *                 x y fish: y = b % 12 - 3, x = 2 * (b % 12 - 3) + parity,
 *                 fish 1 + b % 3, a floe on a cell already taken left out;
 *                 raw: (int8_t) coordinates, x times 7875 if fish & 64, y
 *                 if fish & 128; fish b % 5. picture: length, then text.
 *    1 APPLY      index: the (index % count)-th legal move
 *    2 VALUE      move:2 (big-endian): any 16-bit value
 *    3 UNDO
 *    4 UNDO_TO    plies (byte)
 *    5 REDO
 *    6 RESET      seed:2
 *    7 CLONE      target_slot index: clone into target, both play move index
 *    8 ASSIGN     source_slot index: slot := copy of source, both play
 *    9 PLAYOUT    seed
 *   10 BATCH      shape seed: games shape % 4, capacity games - 1 + shape/4 % 3,
 *                 shape & 32/64/128: no winners/fish/floes buffer
 *   11 PERFT      depth (b % 4; 3 only below 16 legal moves, else 2),
 *                 capacity (b) for divide
 *   12 POSITION   how: save, load (how & 1: counting allocator); how & 2:
 *                 the loaded game replaces the slot
 *   13 RECORD     how: the same with a record
 *   14 OBSERVE    flags (raw byte), short (b & 1: buffer one too small)
 *   15 QUERY      index:4 (big-endian int32): every accessor with it
 *   16 CHECK      move:2: check_move, format and parse of that value
 *   17 PARSE      flags length text: parse_move, parse_cell, load_position,
 *                 load_record, set_layout_picture on random text
 *   18 FREE
 *   19 PICTURE    flags: the layout picture (flags raw), read back as a
 *                 layout when drawn whole
 *
 * An empty slot is filled with a default game (2 players, standard board
 * seed 0) before any call but NEW, FREE and PARSE. */
#include <packeis/packeis.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_alloc.h"
#include "splitmix.h"
#ifndef NDEBUG
#    include "reference.h"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    OP_NEW,
    OP_APPLY,
    OP_VALUE,
    OP_UNDO,
    OP_UNDO_TO,
    OP_REDO,
    OP_RESET,
    OP_CLONE,
    OP_ASSIGN,
    OP_PLAYOUT,
    OP_BATCH,
    OP_PERFT,
    OP_POSITION,
    OP_RECORD,
    OP_OBSERVE,
    OP_QUERY,
    OP_CHECK,
    OP_PARSE,
    OP_FREE,
    OP_PICTURE,
    OPS
};

#define SLOTS       3
#define MAX_CALLS   64
#define MAX_HISTORY 256 /* at most 64 placements and 64 slides */
#define RAW_FLOES   70
/* Pictures and records grow with the span of the layout (a layout over the
 * whole coordinate range draws megabytes): records are only round-tripped
 * below this size. */
#define RECORD_LIMIT (1 << 18)

#define REQUIRE(condition)                                                                     \
    do {                                                                                       \
        if (!(condition))                                                                      \
            broken(__LINE__, #condition);                                                      \
    } while (0)

static void broken(int line, const char *what)
{
    fprintf(stderr, "fuzz_api.c:%d: broken promise: %s\n", line, what);
    fflush(stderr);
    abort();
}

/* ------------------------------------------------------------------------ */
/* The input.                                                               */

typedef struct input {
    const uint8_t *data;
    size_t size;
} input;

static unsigned take(input *in)
{
    if (in->size == 0)
        return 0;
    in->size--;
    return *in->data++;
}

static uint64_t take_n(input *in, int n)
{
    uint64_t value = 0;
    for (int i = 0; i < n; i++)
        value = value << 8 | take(in);
    return value;
}

/* ------------------------------------------------------------------------ */
/* The pool, the counting allocator and failure injection.                  */

static packeis_game *pool[SLOTS];
static tc_alloc counting;
static long fail_in; /* 0, or which allocation of the next call fails */

static packeis_allocator counting_allocator(void) { return tc_alloc_allocator(&counting); }

/* Around the one call under test only: the checks never see a failure. */
static void arm(void)
{
    if (fail_in)
        counting.fail_at = counting.calls + fail_in;
}

static void disarm(void) { counting.fail_at = 0; }

/* ------------------------------------------------------------------------ */
/* Snapshots: what a refused call must leave as it was.                     */

typedef struct snap {
    char text[PACKEIS_POSITION_TEXT_SIZE];
    size_t length, plies, redo, history_count;
    uint64_t hash;
    packeis_move history[MAX_HISTORY];
} snap;

static void snap_take(const packeis_game *g, snap *s)
{
    memset(s, 0, sizeof *s);
    REQUIRE(packeis_game_save_position(g, s->text, sizeof s->text, &s->length) == PACKEIS_OK);
    REQUIRE(s->length == strlen(s->text));
    s->hash = packeis_game_hash(g);
    s->plies = packeis_game_ply_count(g);
    s->redo = packeis_game_redo_count(g);
    REQUIRE(packeis_game_history(g, s->history, MAX_HISTORY, &s->history_count) == PACKEIS_OK);
    REQUIRE(s->history_count == s->plies);
}

/* The same position, hash and history (the redo count is compared apart). */
static int snap_same_position(const snap *a, const snap *b)
{
    return a->length == b->length && memcmp(a->text, b->text, a->length) == 0 &&
           a->hash == b->hash && a->plies == b->plies &&
           memcmp(a->history, b->history, a->plies * sizeof a->history[0]) == 0;
}

/* The position, hash and history of `before`, and `redo` undone actions. */
static void require_position(const packeis_game *g, const snap *before, size_t redo)
{
    snap *now = malloc(sizeof *now);
    REQUIRE(now != NULL);
    snap_take(g, now);
    REQUIRE(snap_same_position(before, now));
    REQUIRE(now->redo == redo);
    free(now);
}

static void require_unchanged(const packeis_game *g, const snap *before)
{
    require_position(g, before, before->redo);
}

/* ------------------------------------------------------------------------ */
/* The invariants of one game, checked after every call.                    */

typedef struct legal {
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
} legal;

static void legal_of(const packeis_game *g, legal *l)
{
    REQUIRE(packeis_game_legal_moves(g, l->moves, PACKEIS_MAX_MOVES, &l->count) == PACKEIS_OK);
    REQUIRE(l->count <= PACKEIS_MAX_MOVES);
}

static int is_listed(const legal *l, packeis_move move)
{
    for (size_t i = 0; i < l->count; i++)
        if (l->moves[i] == move)
            return 1;
    return 0;
}

static int same_legal(const legal *a, const legal *b)
{
    return a->count == b->count &&
           memcmp(a->moves, b->moves, a->count * sizeof a->moves[0]) == 0;
}

/* (c), on the listed moves, the mask and sampled values. */
static void check_moves(const packeis_game *g, const legal *l)
{
    static uint8_t mask[PACKEIS_MOVE_VALUES];
    size_t count = 0;
    REQUIRE((l->count == 0) == (packeis_game_phase(g) == PACKEIS_PHASE_OVER));
    for (size_t i = 0; i < l->count; i++) {
        REQUIRE(i == 0 || l->moves[i - 1] < l->moves[i]);
        REQUIRE(packeis_game_check_move(g, l->moves[i]) == PACKEIS_OK);
    }
    REQUIRE(packeis_game_legal_mask(g, mask, sizeof mask, &count) == PACKEIS_OK);
    REQUIRE(count == PACKEIS_MOVE_VALUES);
    size_t ones = 0;
    for (size_t m = 0; m < PACKEIS_MOVE_VALUES; m++) {
        REQUIRE(mask[m] <= 1);
        ones += mask[m];
    }
    REQUIRE(ones == l->count);
    for (size_t i = 0; i < l->count; i++)
        REQUIRE(mask[l->moves[i]] == 1);
    /* The 1.1 forms of the same answer: the count and the bit mask. */
    uint64_t bits[PACKEIS_LEGAL_BITS_WORDS];
    REQUIRE(packeis_game_legal_move_count(g) == l->count);
    REQUIRE(packeis_game_legal_bits(g, bits, PACKEIS_LEGAL_BITS_WORDS, &count) == PACKEIS_OK);
    for (size_t m = 0; m < PACKEIS_MOVE_VALUES; m++)
        REQUIRE(((bits[m / 64] >> (m % 64)) & 1) == mask[m]);
    /* Sampled values: any value, placements and slides on the layout. */
    uint64_t state = packeis_game_hash(g) ^ l->count;
    int cells = packeis_game_cell_count(g);
    for (int k = 0; k < 24; k++) {
        packeis_move move;
        if (k < 8)
            move = (packeis_move)tc_next(&state);
        else if (k < 12)
            move = packeis_move_placement((int)tc_below(&state, (uint64_t)cells));
        else
            move = (packeis_move)(tc_below(&state, (uint64_t)cells) * 64 +
                                  tc_below(&state, (uint64_t)cells));
        packeis_status status = packeis_game_check_move(g, move);
        REQUIRE((status == PACKEIS_OK) == is_listed(l, move));
        REQUIRE(status >= 0 && status < PACKEIS_STATUS_COUNT);
    }
}

/* (d): the saved-and-loaded copy has the same hash and saves the same text. */
static void check_saved(const packeis_game *g)
{
    static char text[PACKEIS_POSITION_TEXT_SIZE], again[PACKEIS_POSITION_TEXT_SIZE];
    size_t length = 0, length2 = 0, stop = 0;
    packeis_game *copy = NULL;
    REQUIRE(packeis_game_save_position(g, text, sizeof text, &length) == PACKEIS_OK);
    REQUIRE(packeis_game_load_position(text, length, NULL, &copy, &stop) == PACKEIS_OK);
    REQUIRE(stop == length);
    REQUIRE(packeis_game_hash(copy) == packeis_game_hash(g));
    REQUIRE(packeis_game_save_position(copy, again, sizeof again, &length2) == PACKEIS_OK);
    REQUIRE(length2 == length && memcmp(text, again, length) == 0);
    REQUIRE(packeis_game_ply_count(copy) == 0 && packeis_game_redo_count(copy) == 0);
    packeis_game_free(copy);
}

#ifndef NDEBUG
/* (f): the reference reads the game and lists the same moves; its ranks,
 * winners and destinations agree. */
static void check_reference(const packeis_game *g, const legal *l)
{
    static packeis_move want[PACKEIS_MAX_MOVES];
    ref_board b;
    ref_pos p;
    REQUIRE(ref_board_load(g, &b) == 0);
    REQUIRE(ref_pos_load(g, &b, &p) == 0);
    size_t n = ref_moves(&b, &p, want);
    REQUIRE(n == l->count && memcmp(want, l->moves, n * sizeof want[0]) == 0);
    if (p.phase == PACKEIS_PHASE_PLACEMENT)
        REQUIRE(p.turn == ref_placer(&b, p.placed));
    unsigned winners = 0;
    for (int pl = 0; pl < b.players; pl++) {
        REQUIRE(packeis_game_rank(g, pl) == ref_rank(&b, &p, pl));
        winners |= ref_rank(&b, &p, pl) == 1 ? 1u << pl : 0;
    }
    REQUIRE(packeis_game_winners(g) == winners);
    for (int c = 0; c < b.cells; c++)
        REQUIRE(packeis_game_destinations(g, c) ==
                (p.owner[c] >= 0 ? ref_reach(&b, &p, c) : 0));
}
#endif

/* (f), at the start of a game: the reference engine's start of the same
 * board is the game's position (debug builds only). */
static void require_reference_start(const packeis_game *g)
{
#ifndef NDEBUG
    ref_board b;
    ref_pos start, now;
    REQUIRE(ref_board_load(g, &b) == 0);
    ref_start(&b, &start);
    REQUIRE(ref_pos_load(g, &b, &now) == 0);
    REQUIRE(ref_pos_equal(&b, &start, &now));
#else
    (void)g;
#endif
}

static void check_game(const packeis_game *g)
{
    static legal l;
    legal_of(g, &l);
    check_moves(g, &l);
    check_saved(g);
#ifndef NDEBUG
    check_reference(g, &l);
#endif
}

/* ------------------------------------------------------------------------ */
/* New games.                                                               */

static packeis_game *default_game(void)
{
    packeis_game *g = NULL;
    REQUIRE(packeis_game_new(NULL, &g) == PACKEIS_OK);
    return g;
}

static void put(int slot, packeis_game *g)
{
    packeis_game_free(pool[slot]);
    pool[slot] = g;
}

static packeis_status set_layout(input *in, packeis_options *o, unsigned flags)
{
    static int x[RAW_FLOES], y[RAW_FLOES], fish[RAW_FLOES];
    int raw = flags & 32;
    if (flags & 64) {
        char text[256];
        size_t length = take(in), stop = 0;
        for (size_t i = 0; i < length; i++)
            text[i] = (char)take(in);
        packeis_status status = packeis_options_set_layout_picture(o, text, length, &stop);
        REQUIRE(stop <= length);
        return status;
    }
    uint8_t used[12][12] = {{0}};
    size_t wanted = raw ? take(in) % RAW_FLOES : 1 + take(in) % PACKEIS_MAX_CELLS, count = 0;
    for (size_t i = 0; i < wanted; i++) {
        unsigned bx = take(in), by = take(in), bf = take(in);
        if (raw) {
            x[count] = (int8_t)bx * (bf & 64 ? 7875 : 1);
            y[count] = (int8_t)by * (bf & 128 ? 7875 : 1);
            fish[count++] = (int)(bf % 5);
        } else if (!used[by % 12][bx % 12]) { /* a floe twice is left out */
            used[by % 12][bx % 12] = 1;
            y[count] = (int)(by % 12) - 3;
            x[count] = 2 * ((int)(bx % 12) - 3) + (y[count] & 1);
            fish[count++] = 1 + (int)(bf % 3);
        }
    }
    return packeis_options_set_layout(o, x, y, fish, count);
}

static void op_new(input *in, int slot)
{
    unsigned flags = take(in);
    unsigned players = take(in), penguins = take(in);
    uint64_t seed = take_n(in, 2);
    packeis_options *o = NULL;
    packeis_game *g = NULL;
    packeis_allocator a = counting_allocator();
    packeis_status status;
    if (flags == 0) {
        arm();
        status = packeis_game_new(NULL, &g);
        disarm();
        REQUIRE((status == PACKEIS_OK) == (g != NULL));
        if (g)
            put(slot, g);
        return;
    }
    arm();
    status = packeis_options_new(flags & 8 ? &a : NULL, &o);
    disarm();
    REQUIRE((status == PACKEIS_OK) == (o != NULL));
    if (!o)
        return;
    int raw = flags & 32;
    int count = raw ? (int8_t)players : 2 + (int)(players % 3);
    int each = (int)(penguins % (raw ? 70 : 5));
    REQUIRE(packeis_options_set_players(o, count) ==
            (count >= PACKEIS_MIN_PLAYERS && count <= PACKEIS_MAX_PLAYERS
                 ? PACKEIS_OK
                 : PACKEIS_E_INVALID_ARGUMENT));
    REQUIRE(packeis_options_set_penguins(o, each) ==
            (each <= PACKEIS_MAX_CELLS ? PACKEIS_OK : PACKEIS_E_INVALID_ARGUMENT));
    REQUIRE(packeis_options_set_seed(o, seed) == PACKEIS_OK);
    REQUIRE(packeis_options_set_variant(o, PACKEIS_VARIANT_PLACE_ANY_FLOE, flags & 2) ==
            PACKEIS_OK);
    REQUIRE(packeis_options_set_variant(o, PACKEIS_VARIANT_SNAKE_PLACEMENT, flags & 4) ==
            PACKEIS_OK);
    if (raw)
        REQUIRE(
            packeis_options_set_variant(o, (int)(penguins % 5) - 1, 1) ==
            (penguins % 5 == 1 || penguins % 5 == 2 ? PACKEIS_OK : PACKEIS_E_INVALID_ARGUMENT));
    if (flags & 16)
        REQUIRE(packeis_options_set_hash_seed(o, take_n(in, 8)) == PACKEIS_OK);
    if (flags & 1)
        (void)set_layout(in, o, flags);
    if (flags & 128)
        REQUIRE(packeis_options_set_standard_layout(o) == PACKEIS_OK);
    arm();
    status = packeis_game_new(o, &g);
    disarm();
    packeis_options_free(o);
    REQUIRE((status == PACKEIS_OK) == (g != NULL));
    if (!g)
        return;
    REQUIRE(packeis_game_ply_count(g) == 0 && packeis_game_phase(g) == PACKEIS_PHASE_PLACEMENT);
    require_reference_start(g);
    put(slot, g);
}

/* ------------------------------------------------------------------------ */
/* Playing.                                                                 */

/* apply, with (a), (b) and (f). */
static void play(packeis_game *g, packeis_move move)
{
    static snap before, after;
    packeis_status want = packeis_game_check_move(g, move);
    snap_take(g, &before);
#ifndef NDEBUG
    ref_board b;
    ref_pos p, q;
    REQUIRE(ref_board_load(g, &b) == 0);
    REQUIRE(ref_pos_load(g, &b, &p) == 0);
#endif
    arm();
    packeis_status status = packeis_game_apply(g, move);
    disarm();
    if (status != PACKEIS_OK) {
        REQUIRE(status == want || (status == PACKEIS_E_OUT_OF_MEMORY && want == PACKEIS_OK));
        require_unchanged(g, &before);
        return;
    }
    REQUIRE(want == PACKEIS_OK);
    snap_take(g, &after);
    REQUIRE(after.plies == before.plies + 1);
    REQUIRE(after.history[before.plies] == move);
    REQUIRE(after.redo == 0 || after.redo + 1 == before.redo);
    /* (b) */
    REQUIRE(packeis_game_undo(g) == PACKEIS_OK);
    require_position(g, &before, after.redo + 1);
    REQUIRE(packeis_game_redo(g) == PACKEIS_OK);
    require_unchanged(g, &after);
#ifndef NDEBUG
    ref_apply(&b, &p, move);
    REQUIRE(ref_pos_load(g, &b, &q) == 0);
    REQUIRE(ref_pos_equal(&b, &p, &q));
#endif
}

static packeis_move legal_at(const packeis_game *g, unsigned index)
{
    static legal l;
    legal_of(g, &l);
    return l.count ? l.moves[index % l.count] : packeis_move_slide(0, 1);
}

static void op_undo(packeis_game *g)
{
    static snap before, after;
    snap_take(g, &before);
    packeis_status status = packeis_game_undo(g);
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_NOTHING_TO_UNDO && before.plies == 0);
        require_unchanged(g, &before);
        return;
    }
    snap_take(g, &after);
    REQUIRE(after.plies + 1 == before.plies && after.redo == before.redo + 1);
    REQUIRE(memcmp(after.history, before.history, after.plies * sizeof after.history[0]) == 0);
    REQUIRE(packeis_game_redo(g) == PACKEIS_OK);
    require_unchanged(g, &before);
    REQUIRE(packeis_game_undo(g) == PACKEIS_OK);
    require_unchanged(g, &after);
}

static void op_undo_to(packeis_game *g, size_t plies)
{
    static snap before;
    snap_take(g, &before);
    packeis_status status = packeis_game_undo_to(g, plies);
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_OUT_OF_RANGE && plies > before.plies);
        require_unchanged(g, &before);
        return;
    }
    REQUIRE(plies <= before.plies);
    REQUIRE(packeis_game_ply_count(g) == plies);
    REQUIRE(packeis_game_redo_count(g) == before.redo + before.plies - plies);
    for (size_t i = plies; i < before.plies; i++)
        REQUIRE(packeis_game_redo(g) == PACKEIS_OK);
    require_unchanged(g, &before);
    REQUIRE(packeis_game_undo_to(g, plies) == PACKEIS_OK);
}

static void op_redo(packeis_game *g)
{
    static snap before;
    snap_take(g, &before);
    packeis_status status = packeis_game_redo(g);
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_NOTHING_TO_REDO && before.redo == 0);
        require_unchanged(g, &before);
        return;
    }
    REQUIRE(packeis_game_ply_count(g) == before.plies + 1);
    REQUIRE(packeis_game_redo_count(g) + 1 == before.redo);
    REQUIRE(packeis_game_undo(g) == PACKEIS_OK);
    require_unchanged(g, &before);
    REQUIRE(packeis_game_redo(g) == PACKEIS_OK);
}

static void op_reset(packeis_game *g, uint64_t seed)
{
    static snap first, second;
    REQUIRE(packeis_game_reset(g, seed) == PACKEIS_OK);
    snap_take(g, &first);
    REQUIRE(first.plies == 0 && first.redo == 0);
    REQUIRE(packeis_game_phase(g) == PACKEIS_PHASE_PLACEMENT);
    if (packeis_game_is_standard_board(g))
        REQUIRE(packeis_game_seed(g) == seed);
    REQUIRE(packeis_game_reset(g, seed) == PACKEIS_OK);
    snap_take(g, &second);
    REQUIRE(snap_same_position(&first, &second));
    require_reference_start(g);
}

/* (e): two games that are copies play the same move the same way. */
static void play_both(packeis_game *a, packeis_game *b, unsigned index)
{
    static snap sa, sb;
    static legal la, lb;
    snap_take(a, &sa);
    snap_take(b, &sb);
    REQUIRE(snap_same_position(&sa, &sb) && sa.redo == sb.redo);
    legal_of(a, &la);
    legal_of(b, &lb);
    REQUIRE(same_legal(&la, &lb));
    if (la.count == 0)
        return;
    packeis_move move = la.moves[index % la.count];
    REQUIRE(packeis_game_apply(a, move) == PACKEIS_OK);
    REQUIRE(packeis_game_apply(b, move) == PACKEIS_OK);
    snap_take(a, &sa);
    snap_take(b, &sb);
    REQUIRE(snap_same_position(&sa, &sb) && sa.redo == sb.redo);
    legal_of(a, &la);
    legal_of(b, &lb);
    REQUIRE(same_legal(&la, &lb));
}

static void op_clone(packeis_game *g, int target, unsigned index)
{
    static snap before;
    packeis_game *copy = NULL;
    snap_take(g, &before);
    arm();
    packeis_status status = packeis_game_clone(g, &copy);
    disarm();
    require_unchanged(g, &before);
    REQUIRE((status == PACKEIS_OK) == (copy != NULL));
    if (!copy) {
        REQUIRE(status == PACKEIS_E_OUT_OF_MEMORY);
        return;
    }
    play_both(g, copy, index);
    if (pool[target] == g) /* a clone of itself: keep the original */
        packeis_game_free(copy);
    else
        put(target, copy);
}

static void op_assign(packeis_game *target, const packeis_game *source, unsigned index)
{
    static snap before, wanted;
    snap_take(target, &before);
    snap_take(source, &wanted);
    arm();
    packeis_status status = packeis_game_assign(target, source);
    disarm();
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_OUT_OF_MEMORY);
        require_unchanged(target, &before);
        return;
    }
    require_unchanged(target, &wanted);
    if (target != source)
        play_both(target, (packeis_game *)(uintptr_t)source, index);
}

/* Steps a game to the end by the documented playout generator. */
static size_t step_to_end(packeis_game *g, uint64_t seed)
{
    static legal l;
    size_t plies = 0;
    for (;;) {
        legal_of(g, &l);
        if (l.count == 0)
            return plies;
        REQUIRE(packeis_game_apply(g, l.moves[tc_below(&seed, l.count)]) == PACKEIS_OK);
        plies++;
    }
}

static void op_playout(packeis_game *g, uint64_t seed)
{
    static snap before, played, stepped;
    packeis_game *twin = NULL;
    size_t plies = 99999;
    snap_take(g, &before);
    REQUIRE(packeis_game_clone(g, &twin) == PACKEIS_OK);
    arm();
    packeis_status status = packeis_game_playout(g, seed, &plies);
    disarm();
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_OUT_OF_MEMORY);
        require_unchanged(g, &before);
    } else {
        REQUIRE(packeis_game_phase(g) == PACKEIS_PHASE_OVER);
        snap_take(g, &played);
        REQUIRE(played.plies == before.plies + plies);
        REQUIRE(plies == 0 || played.redo == 0);
        REQUIRE(step_to_end(twin, seed) == plies);
        snap_take(twin, &stepped);
        REQUIRE(snap_same_position(&played, &stepped));
    }
    packeis_game_free(twin);
}

static void op_batch(packeis_game *g, unsigned shape, uint64_t seed)
{
    enum { MOST = 4 };
    static snap before;
    unsigned winners[MOST];
    int fish[MOST * PACKEIS_MAX_PLAYERS], floes[MOST * PACKEIS_MAX_PLAYERS];
    size_t games = shape % 4, capacity = games + (shape / 4) % 3, plies = 0;
    capacity = capacity ? capacity - 1 : 0;
    unsigned *w = shape & 32 ? NULL : winners;
    int *f = shape & 64 ? NULL : fish, *fl = shape & 128 ? NULL : floes;
    memset(winners, 0xA5, sizeof winners);
    memset(fish, 0xA5, sizeof fish);
    memset(floes, 0xA5, sizeof floes);
    snap_take(g, &before);
    arm();
    packeis_status status = packeis_game_playout_batch(g, seed, games, w, f, fl, capacity,
                                                       shape & 16 ? NULL : &plies);
    disarm();
    require_unchanged(g, &before);
    int none = !w && !f && !fl;
    if (none && (shape & 16)) {
        REQUIRE(status == PACKEIS_E_INVALID_ARGUMENT);
        return;
    }
    if (!none && capacity < games) {
        REQUIRE(status == PACKEIS_E_BUFFER_TOO_SMALL);
        return;
    }
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_OUT_OF_MEMORY);
        return;
    }
    size_t total = 0;
    int players = packeis_game_player_count(g);
    for (size_t k = 0; k < games; k++) {
        packeis_game *twin = NULL;
        size_t played = 0;
        REQUIRE(packeis_game_clone(g, &twin) == PACKEIS_OK);
        REQUIRE(packeis_game_playout(twin, seed + k, &played) == PACKEIS_OK);
        total += played;
        if (w)
            REQUIRE(winners[k] == packeis_game_winners(twin));
        for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
            size_t at = k * PACKEIS_MAX_PLAYERS + (size_t)p;
            if (f)
                REQUIRE(fish[at] == (p < players ? packeis_game_fish_won(twin, p) : 0));
            if (fl)
                REQUIRE(floes[at] == (p < players ? packeis_game_floes_won(twin, p) : 0));
        }
        packeis_game_free(twin);
    }
    if (!(shape & 16))
        REQUIRE(plies == total);
}

static void op_perft(packeis_game *g, unsigned depth, size_t capacity)
{
    static packeis_move moves[PACKEIS_MAX_MOVES];
    static uint64_t leaves[PACKEIS_MAX_MOVES];
    static legal l;
    size_t count = 0;
    legal_of(g, &l);
    if (depth == 3 && l.count >= 16)
        depth = 2;
    uint64_t all = packeis_game_perft(g, depth);
    REQUIRE(all >= 1);
    packeis_status status = packeis_game_divide(g, depth, moves, leaves, capacity, &count);
    if (depth == 0) {
        REQUIRE(status == PACKEIS_E_INVALID_ARGUMENT && all == 1);
    } else if (capacity < l.count) {
        REQUIRE(status == PACKEIS_E_BUFFER_TOO_SMALL && count == l.count);
    } else {
        REQUIRE(status == PACKEIS_OK && count == l.count);
        uint64_t sum = 0;
        for (size_t i = 0; i < count; i++) {
            REQUIRE(moves[i] == l.moves[i]);
            sum += leaves[i];
        }
        REQUIRE(count ? sum == all : all == 1);
    }
    if (depth == 1)
        REQUIRE(all == (l.count ? l.count : 1));
#ifndef NDEBUG
    ref_board b;
    ref_pos p;
    REQUIRE(ref_board_load(g, &b) == 0);
    REQUIRE(ref_pos_load(g, &b, &p) == 0);
    REQUIRE(ref_perft(&b, &p, depth) == all);
#endif
}

/* ------------------------------------------------------------------------ */
/* Text.                                                                    */

/* The loaded game replaces the slot if asked. */
static void adopt(int slot, packeis_game *loaded, unsigned how)
{
    if (how & 2)
        put(slot, loaded);
    else
        packeis_game_free(loaded);
}

static void op_position(int slot, unsigned how)
{
    static char text[PACKEIS_POSITION_TEXT_SIZE];
    packeis_game *g = pool[slot], *loaded = NULL;
    packeis_allocator a = counting_allocator();
    size_t length = 0, stop = 0;
    REQUIRE(packeis_game_save_position(g, text, sizeof text, &length) == PACKEIS_OK);
    arm();
    packeis_status status =
        packeis_game_load_position(text, length, how & 1 ? &a : NULL, &loaded, &stop);
    disarm();
    REQUIRE((status == PACKEIS_OK) == (loaded != NULL));
    if (!loaded) {
        REQUIRE(status == PACKEIS_E_OUT_OF_MEMORY);
        return;
    }
    REQUIRE(packeis_game_hash(loaded) == packeis_game_hash(g));
    adopt(slot, loaded, how);
}

/* The size a record of g's layout could take, from its bounds (a picture
 * of w columns and h rows takes at most (w + 2) * h characters). */
static int record_small(const packeis_game *g)
{
    int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    REQUIRE(packeis_game_layout_bounds(g, &min_x, &min_y, &max_x, &max_y) == PACKEIS_OK);
    double w = (double)max_x - min_x + 1, h = (double)max_y - min_y + 1;
    return (w + 2) * h < RECORD_LIMIT / 2;
}

static void op_record(int slot, unsigned how)
{
    static char text[RECORD_LIMIT], again[RECORD_LIMIT];
    packeis_game *g = pool[slot], *loaded = NULL;
    packeis_allocator a = counting_allocator();
    size_t length = 0, length2 = 0, stop = 0;
    if (!record_small(g))
        return;
    packeis_status status = packeis_game_save_record(g, NULL, 0, &length);
    REQUIRE(status == PACKEIS_E_BUFFER_TOO_SMALL && length > 0);
    if (length >= sizeof text)
        return;
    REQUIRE(packeis_game_save_record(g, text, sizeof text, &length2) == PACKEIS_OK);
    REQUIRE(length2 == length && strlen(text) == length);
    arm();
    status = packeis_game_load_record(text, length, how & 1 ? &a : NULL, &loaded, &stop);
    disarm();
    REQUIRE((status == PACKEIS_OK) == (loaded != NULL));
    if (!loaded) {
        REQUIRE(status == PACKEIS_E_OUT_OF_MEMORY);
        return;
    }
    REQUIRE(stop <= length);
    REQUIRE(packeis_game_hash(loaded) == packeis_game_hash(g));
    REQUIRE(packeis_game_ply_count(loaded) == packeis_game_ply_count(g));
    REQUIRE(packeis_game_save_record(loaded, again, sizeof again, &length2) == PACKEIS_OK);
    REQUIRE(length2 == length && memcmp(text, again, length) == 0);
    adopt(slot, loaded, how);
}

static void op_observe(const packeis_game *g, unsigned flags, unsigned how)
{
    static float planes[PACKEIS_OBSERVATION_SIZE];
    size_t count = 0,
           capacity = how & 1 ? PACKEIS_OBSERVATION_SIZE - 1 : PACKEIS_OBSERVATION_SIZE;
    planes[0] = -1.0f;
    packeis_status status = packeis_game_observe(g, flags, planes, capacity, &count);
    if (flags & ~(unsigned)PACKEIS_OBSERVE_RELATIVE) {
        REQUIRE(status == PACKEIS_E_INVALID_ARGUMENT ||
                ((how & 1) && status == PACKEIS_E_BUFFER_TOO_SMALL));
        return;
    }
    if (how & 1) {
        REQUIRE(status == PACKEIS_E_BUFFER_TOO_SMALL && count == PACKEIS_OBSERVATION_SIZE);
        REQUIRE(planes[0] == -1.0f);
        return;
    }
    REQUIRE(status == PACKEIS_OK && count == PACKEIS_OBSERVATION_SIZE);
    int cells = packeis_game_cell_count(g);
    uint64_t floes = packeis_game_floes(g);
    for (int k = 0; k < PACKEIS_OBSERVATION_PLANES; k++)
        for (int c = 0; c < PACKEIS_MAX_CELLS; c++) {
            float v = planes[k * PACKEIS_MAX_CELLS + c];
            REQUIRE(v >= 0.0f && v <= 1.0f);
            if (c >= cells)
                REQUIRE(v == 0.0f);
        }
    for (int c = 0; c < cells; c++) {
        int fish = packeis_game_fish(g, c), on = (int)((floes >> c) & 1);
        for (int f = 1; f <= 3; f++)
            REQUIRE(planes[(PACKEIS_PLANE_FISH_1 + f - 1) * PACKEIS_MAX_CELLS + c] ==
                    (on && fish == f ? 1.0f : 0.0f));
        REQUIRE(planes[PACKEIS_PLANE_CELL * PACKEIS_MAX_CELLS + c] == 1.0f);
    }
}

/* Every accessor with one index, in range or not. */
static void op_query(const packeis_game *g, int32_t index)
{
    char name[PACKEIS_MOVE_TEXT_SIZE];
    int cells = packeis_game_cell_count(g), players = packeis_game_player_count(g);
    int cell_ok = index >= 0 && index < cells, player_ok = index >= 0 && index < players;
    size_t plies = packeis_game_ply_count(g), ply = (size_t)(uint32_t)index, length = 0;
    int x = 12345, y = 12345;
    packeis_status status = packeis_game_cell_coords(g, index, &x, &y);
    REQUIRE(status == (cell_ok ? PACKEIS_OK : PACKEIS_E_OUT_OF_RANGE));
    if (cell_ok) {
        REQUIRE(packeis_game_cell_at(g, x, y) == index);
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
            int n = packeis_game_neighbor(g, index, d);
            REQUIRE(n >= -1 && n < cells);
            if (n >= 0)
                REQUIRE(packeis_game_neighbor(g, n, (d + 3) % 6) == index);
        }
    } else {
        REQUIRE(x == 12345 && y == 12345);
    }
    REQUIRE(packeis_game_cell_at(g, index, index >> 8) >= -1);
    REQUIRE(packeis_game_neighbor(g, index % 70, index / 70) >= -1);
    int fish = packeis_game_fish(g, index);
    REQUIRE(cell_ok ? fish >= 1 && fish <= 3 : fish == 0);
    int owner = packeis_game_penguin_at(g, index);
    REQUIRE(cell_ok ? owner >= -1 && owner < players : owner == -1);
    if (owner >= 0)
        REQUIRE((packeis_game_penguins(g, owner) >> index) & 1);
    if (!cell_ok)
        REQUIRE(packeis_game_destinations(g, index) == 0);
    uint64_t penguins = packeis_game_penguins(g, index);
    int out = packeis_game_is_out(g, index), won = packeis_game_fish_won(g, index);
    int floes_won = packeis_game_floes_won(g, index), rank = packeis_game_rank(g, index);
    if (!player_ok)
        REQUIRE(penguins == 0 && out == 0 && won == 0 && floes_won == 0 && rank == 0);
    else
        REQUIRE(rank >= 1 && rank <= players && won >= 0 && floes_won >= 0 &&
                (!out || penguins == 0));
    int who = packeis_game_ply_player(g, ply);
    uint64_t removed = packeis_game_ply_removed(g, ply);
    unsigned gone = packeis_game_ply_players_out(g, ply);
    uint64_t credited = packeis_game_ply_credited(g, ply, index & 7);
    if (ply >= plies)
        REQUIRE(who == -1 && removed == 0 && gone == 0 && credited == 0);
    else
        REQUIRE(who >= 0 && who < players && (credited & ~removed) == 0);
    int variant = packeis_game_variant(g, index);
    REQUIRE(variant == 0 || (variant == 1 && index >= 0 && index < PACKEIS_VARIANT_COUNT));
    status = packeis_game_cell_name(g, index, name, PACKEIS_CELL_NAME_SIZE, &length);
    REQUIRE(status == (cell_ok ? PACKEIS_OK : PACKEIS_E_OUT_OF_RANGE));
    if (cell_ok) {
        int back = -1;
        size_t stop = 0;
        REQUIRE(length == strlen(name));
        REQUIRE(packeis_game_parse_cell(g, name, length, &back, &stop) == PACKEIS_OK);
        REQUIRE(back == index && stop == length);
    }
    packeis_move history[4];
    size_t count = 0;
    status = packeis_game_history(g, history, (size_t)(index & 3), &count);
    REQUIRE(count == plies);
    REQUIRE(status == (plies > (size_t)(index & 3) ? PACKEIS_E_BUFFER_TOO_SMALL : PACKEIS_OK));
    packeis_move moves[4];
    status = packeis_game_legal_moves(g, moves, (size_t)(index & 3), &count);
    REQUIRE(status == (count > (size_t)(index & 3) ? PACKEIS_E_BUFFER_TOO_SMALL : PACKEIS_OK));
    /* The move helpers and the status and phase names. */
    packeis_move placed = packeis_move_placement(index),
                 slid = packeis_move_slide(index, index / 64);
    REQUIRE(placed ==
            ((index >= 0 && index < 64) ? (packeis_move)(index * 65) : PACKEIS_MOVE_NONE));
    REQUIRE(slid == PACKEIS_MOVE_NONE || slid < PACKEIS_MOVE_VALUES);
    packeis_move any = (packeis_move)index;
    int from = packeis_move_from(any), to = packeis_move_to(any);
    int is_placement = packeis_move_is_placement(any);
    if (any < PACKEIS_MOVE_VALUES) {
        REQUIRE(to == any % 64);
        REQUIRE(is_placement == (any / 64 == any % 64));
        REQUIRE(from == (is_placement ? -1 : any / 64));
    } else {
        REQUIRE(from == -1 && to == -1 && is_placement == 0);
    }
    REQUIRE((packeis_status_name(index) != NULL) ==
            (index >= 0 && index < PACKEIS_STATUS_COUNT));
    REQUIRE(packeis_strerror(index) != NULL);
    REQUIRE(packeis_version() == PACKEIS_VERSION_NUMBER);
    REQUIRE(strcmp(packeis_version_string(), PACKEIS_VERSION_STRING) == 0);
    REQUIRE(packeis_game_hash_seed(NULL) == 0 && packeis_game_hash(NULL) == 0);
    REQUIRE((packeis_phase_name(index) != NULL) == (index >= 0 && index <= PACKEIS_PHASE_OVER));
}

/* The layout picture; drawn whole, it reads back as the same layout. */
static void op_picture(const packeis_game *g, unsigned flags)
{
    static char text[RECORD_LIMIT];
    size_t length = 0, length2 = 0, stop = 0;
    if (!record_small(g))
        return;
    packeis_status status = packeis_game_layout_picture(g, flags, NULL, 0, &length);
    if (flags & ~(unsigned)PACKEIS_PICTURE_CURRENT) {
        REQUIRE(status == PACKEIS_E_INVALID_ARGUMENT);
        return;
    }
    REQUIRE(status == PACKEIS_E_BUFFER_TOO_SMALL && length > 0 && length < sizeof text);
    REQUIRE(packeis_game_layout_picture(g, flags, text, sizeof text, &length2) == PACKEIS_OK);
    REQUIRE(length2 == length && strlen(text) == length);
    if (flags & PACKEIS_PICTURE_CURRENT)
        return;
    packeis_options *o = NULL;
    packeis_game *copy = NULL;
    REQUIRE(packeis_options_new(NULL, &o) == PACKEIS_OK);
    REQUIRE(packeis_options_set_layout_picture(o, text, length, &stop) == PACKEIS_OK);
    REQUIRE(stop == length);
    REQUIRE(packeis_options_set_penguins(o, 1) == PACKEIS_OK);
    REQUIRE(packeis_options_set_variant(o, PACKEIS_VARIANT_PLACE_ANY_FLOE, 1) == PACKEIS_OK);
    REQUIRE(packeis_game_new(o, &copy) == PACKEIS_OK);
    packeis_options_free(o);
    int cells = packeis_game_cell_count(g);
    REQUIRE(packeis_game_cell_count(copy) == cells);
    for (int c = 0; c < cells; c++)
        REQUIRE(packeis_game_fish(copy, c) == packeis_game_fish(g, c));
    packeis_game_free(copy);
}

/* (c) on one value, with its text. */
static void op_check(const packeis_game *g, packeis_move move)
{
    static legal l;
    char text[PACKEIS_MOVE_TEXT_SIZE];
    size_t length = 0, stop = 0;
    legal_of(g, &l);
    packeis_status status = packeis_game_check_move(g, move);
    REQUIRE((status == PACKEIS_OK) == is_listed(&l, move));
    status = packeis_game_format_move(g, move, text, sizeof text, &length);
    if (status != PACKEIS_OK) {
        REQUIRE(status == PACKEIS_E_OUT_OF_RANGE || status == PACKEIS_E_INVALID_ARGUMENT);
        return;
    }
    packeis_move back = PACKEIS_MOVE_NONE;
    REQUIRE(length == strlen(text));
    REQUIRE(packeis_game_parse_move(g, text, length, 0, &back, &stop) == PACKEIS_OK);
    REQUIRE(back == move && stop == length);
    status = packeis_game_parse_move(g, text, length, PACKEIS_PARSE_CHECK_LEGAL, &back, &stop);
    REQUIRE(status == packeis_game_check_move(g, move));
}

static void op_parse(input *in, int slot)
{
    char text[256];
    unsigned flags = take(in);
    size_t length = take(in), stop = 0;
    for (size_t i = 0; i < length; i++)
        text[i] = (char)take(in);
    if (pool[slot]) {
        const packeis_game *g = pool[slot];
        packeis_move move = PACKEIS_MOVE_NONE;
        int cell = -1;
        stop = length + 1;
        packeis_status status =
            packeis_game_parse_move(g, text, length, flags & 3, &move, &stop);
        if ((flags & 3) > PACKEIS_PARSE_CHECK_LEGAL)
            REQUIRE(status == PACKEIS_E_INVALID_ARGUMENT);
        else
            REQUIRE(stop <= length);
        if (status == PACKEIS_OK && (flags & PACKEIS_PARSE_CHECK_LEGAL))
            REQUIRE(packeis_game_check_move(g, move) == PACKEIS_OK);
        stop = length + 1;
        status = packeis_game_parse_cell(g, text, length, &cell, &stop);
        REQUIRE(stop <= length);
        if (status == PACKEIS_OK)
            REQUIRE(cell >= 0 && cell < packeis_game_cell_count(g));
    }
    packeis_game *loaded = NULL;
    stop = length + 1;
    packeis_status status = packeis_game_load_position(text, length, NULL, &loaded, &stop);
    REQUIRE(stop <= length && (status == PACKEIS_OK) == (loaded != NULL));
    if (loaded)
        adopt(slot, loaded, flags);
    loaded = NULL;
    stop = length + 1;
    status = packeis_game_load_record(text, length, NULL, &loaded, &stop);
    REQUIRE(stop <= length && (status == PACKEIS_OK) == (loaded != NULL));
    if (loaded)
        adopt(slot, loaded, flags >> 2);
    packeis_options *o = NULL;
    REQUIRE(packeis_options_new(NULL, &o) == PACKEIS_OK);
    stop = length + 1;
    status = packeis_options_set_layout_picture(o, text, length, &stop);
    REQUIRE(stop <= length);
    if (status == PACKEIS_OK && (flags & 16)) {
        loaded = NULL;
        REQUIRE(packeis_options_set_penguins(o, 1) == PACKEIS_OK);
        if (packeis_game_new(o, &loaded) == PACKEIS_OK)
            put(slot, loaded);
    }
    packeis_options_free(o);
}

/* ------------------------------------------------------------------------ */
/* The driver.                                                              */

/* What a call may not change in the games it was not given. */
typedef struct bystander {
    const packeis_game *game;
    uint64_t hash;
    size_t plies, redo;
} bystander;

static void watch(bystander *b, const packeis_game *g)
{
    b->game = g;
    b->hash = packeis_game_hash(g);
    b->plies = packeis_game_ply_count(g);
    b->redo = packeis_game_redo_count(g);
}

/* After a call: the games it used (or made) are checked in full, the others
 * only for being left alone. */
static void check_pool(const bystander *before, unsigned used)
{
    for (int s = 0; s < SLOTS; s++) {
        if (!pool[s])
            continue;
        if (!((used >> s) & 1) && pool[s] == before[s].game) {
            bystander now;
            watch(&now, pool[s]);
            REQUIRE(now.hash == before[s].hash && now.plies == before[s].plies &&
                    now.redo == before[s].redo);
        } else {
            check_game(pool[s]);
        }
    }
}

static void run(input *in)
{
    for (int calls = 0; calls < MAX_CALLS && in->size > 0; calls++) {
        bystander before[SLOTS];
        unsigned op = take(in);
        fail_in = op & 128 ? 1 + (long)(take(in) % 4) : 0;
        op = (op & 31) % OPS;
        int slot = (int)(take(in) % SLOTS);
        unsigned used = 1u << slot;
        for (int s = 0; s < SLOTS; s++)
            watch(&before[s], pool[s]);
        if (!pool[slot] && op != OP_NEW && op != OP_FREE && op != OP_PARSE)
            pool[slot] = default_game();
        packeis_game *g = pool[slot];
        switch (op) {
        case OP_NEW:
            op_new(in, slot);
            break;
        case OP_APPLY:
            play(g, legal_at(g, take(in)));
            break;
        case OP_VALUE:
            play(g, (packeis_move)take_n(in, 2));
            break;
        case OP_UNDO:
            op_undo(g);
            break;
        case OP_UNDO_TO:
            op_undo_to(g, take(in));
            break;
        case OP_REDO:
            op_redo(g);
            break;
        case OP_RESET:
            op_reset(g, take_n(in, 2));
            break;
        case OP_CLONE: {
            int target = (int)(take(in) % SLOTS);
            used |= 1u << target;
            op_clone(g, target, take(in));
            break;
        }
        case OP_ASSIGN: {
            int source = (int)(take(in) % SLOTS);
            used |= 1u << source;
            if (!pool[source])
                pool[source] = default_game();
            op_assign(g, pool[source], take(in));
            break;
        }
        case OP_PLAYOUT:
            op_playout(g, take(in));
            break;
        case OP_BATCH: {
            unsigned shape = take(in);
            op_batch(g, shape, take(in) * UINT64_C(0x9E3779B97F4A7C15));
            break;
        }
        case OP_PERFT: {
            unsigned depth = take(in) % 4;
            op_perft(g, depth, take(in));
            break;
        }
        case OP_POSITION:
            op_position(slot, take(in));
            break;
        case OP_RECORD:
            op_record(slot, take(in));
            break;
        case OP_OBSERVE: {
            unsigned flags = take(in);
            op_observe(g, flags, take(in));
            break;
        }
        case OP_QUERY:
            op_query(g, (int32_t)(uint32_t)take_n(in, 4));
            break;
        case OP_CHECK:
            op_check(g, (packeis_move)take_n(in, 2));
            break;
        case OP_PARSE:
            op_parse(in, slot);
            break;
        case OP_PICTURE:
            op_picture(g, take(in));
            break;
        default: /* OP_FREE */
            put(slot, NULL);
            break;
        }
        fail_in = 0;
        check_pool(before, used);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size};
    tc_alloc_init(&counting, 0);
    run(&in);
    for (int s = 0; s < SLOTS; s++)
        put(s, NULL);
    REQUIRE(counting.live == 0);
    REQUIRE(counting.bad_release == 0);
    tc_alloc_release_all(&counting);
    return 0;
}
