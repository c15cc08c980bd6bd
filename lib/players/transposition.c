/* SPDX-License-Identifier: MIT */
/* transposition.c: see transposition.h. */
#include "transposition.h"

#include <stdlib.h>
#include <string.h>

int tt_init(tt_table *table, size_t megabytes)
{
    size_t bytes = megabytes * 1024 * 1024, buckets = 1;
    while (buckets * 2 * 2 * sizeof(tt_entry) <= bytes)
        buckets *= 2;
    table->entries = calloc(buckets * 2, sizeof(tt_entry));
    table->buckets = table->entries ? buckets : 0;
    return table->entries ? 0 : -1;
}

void tt_free(tt_table *table)
{
    free(table->entries);
    table->entries = NULL;
    table->buckets = 0;
}

void tt_clear(tt_table *table)
{
    if (table->entries)
        memset(table->entries, 0, table->buckets * 2 * sizeof(tt_entry));
}

static tt_entry *bucket_of(const tt_table *table, uint64_t key)
{
    return table->entries + 2 * (key & (table->buckets - 1));
}

const tt_entry *tt_probe(const tt_table *table, uint64_t key)
{
    if (!table->buckets)
        return NULL;
    tt_entry *bucket = bucket_of(table, key);
    /* Key 0 marks an empty slot: a position hashing to 0 is only never
     * found, which costs a little time and is never wrong. */
    for (int i = 0; i < 2; i++)
        if (key != 0 && bucket[i].key == key)
            return &bucket[i];
    return NULL;
}

void tt_store(tt_table *table, uint64_t key, int value, int depth, int bound, uint16_t move)
{
    if (!table->buckets || key == 0)
        return;
    tt_entry *bucket = bucket_of(table, key);
    /* The same position again, or a search at least as deep, takes the
     * first slot; anything else the second. */
    tt_entry *slot = bucket[0].key == key || depth >= bucket[0].depth ? &bucket[0] : &bucket[1];
    if (slot == &bucket[1] && bucket[1].key == key && bucket[1].depth > depth)
        return;
    *slot = (tt_entry){key, value, move, (int8_t)depth, (uint8_t)bound};
}
