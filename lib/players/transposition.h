/* SPDX-License-Identifier: MIT */
/* transposition.h: the transposition table of the alphabeta player, keyed by
 * packeis_game_hash(). Buckets of two entries: one kept for the deepest
 * search, one always replaced. */
#ifndef PACKEIS_EXAMPLES_TRANSPOSITION_H
#define PACKEIS_EXAMPLES_TRANSPOSITION_H

#include <stddef.h>
#include <stdint.h>

/* The depth of an entry whose search reached the end of every line: its
 * value is a bound on the game-theoretic value, good at any depth. */
#define TT_DEPTH_END 127

enum tt_bound { TT_EXACT = 0, TT_LOWER = 1, TT_UPPER = 2 };

typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    uint16_t move; /* the best move found, or PACKEIS_MOVE_NONE */
    int8_t depth;
    uint8_t bound;
} tt_entry;

typedef struct tt_table {
    tt_entry *entries; /* 2 * buckets */
    size_t buckets;    /* a power of two */
} tt_table;

/* A table of about `megabytes` MB (at least one bucket); 0, or -1 when out
 * of memory (the table is then empty but usable: every probe misses). */
int tt_init(tt_table *table, size_t megabytes);
void tt_free(tt_table *table);
/* Every entry forgotten. */
void tt_clear(tt_table *table);
/* The entry of `key`, or NULL. */
const tt_entry *tt_probe(const tt_table *table, uint64_t key);
void tt_store(tt_table *table, uint64_t key, int value, int depth, int bound, uint16_t move);

#endif
