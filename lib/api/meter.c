/* SPDX-License-Identifier: MIT */
/* A counting, limiting allocator: exact counts with atomics and no lock,
 * so that games on many threads can share one budget, and so that a binding
 * can give games a budget without calling back into its language (where a
 * signal or a garbage collector can interrupt any bookkeeping). */
#include <stdatomic.h>
#include <stdlib.h>

#include "internal.h"

struct packeis_meter {
    packeis_allocator allocator; /* {meter_alloc, meter_release, this} */
    uint64_t limit;
    packeis_meter_policy policy;
    void *context;
    /* One for the owner until packeis_meter_free(), one a live block: the
     * meter goes when it reaches 0, whichever of them comes last. */
    atomic_uint_fast64_t references;
    atomic_uint_fast64_t live_bytes;
    atomic_uint_fast64_t live_blocks;
    atomic_uint_fast64_t peak_bytes;
    atomic_uint_fast64_t allocations;
    atomic_uint_fast64_t refusals;
    atomic_uint_fast64_t unanswered;
};

static void meter_drop(packeis_meter *meter)
{
    if (atomic_fetch_sub(&meter->references, 1) == 1)
        free(meter);
}

/* Holds size bytes against the limit; 0 if they do not fit. A
 * compare-and-swap loop, so that two threads cannot both take the last
 * bytes. */
static int meter_reserve(packeis_meter *meter, uint64_t size, uint64_t *live_after)
{
    uint_fast64_t live = atomic_load(&meter->live_bytes);
    do {
        if (size > meter->limit || live > meter->limit - size)
            return 0;
    } while (!atomic_compare_exchange_weak(&meter->live_bytes, &live, live + size));
    *live_after = live + size;
    return 1;
}

static void meter_note_peak(packeis_meter *meter, uint64_t live)
{
    uint_fast64_t peak = atomic_load(&meter->peak_bytes);
    while (peak < live && !atomic_compare_exchange_weak(&meter->peak_bytes, &peak, live)) {
    }
}

/* Whether the policy (if any) allows the block; an unanswered call is
 * counted apart so that a binding can tell it from a refusal. */
static int meter_allows(packeis_meter *meter, size_t size)
{
    if (!meter->policy)
        return 1;
    int verdict = -1;
    meter->policy(meter->context, size, &verdict);
    if (verdict == 1)
        return 1;
    if (verdict != 0)
        atomic_fetch_add(&meter->unanswered, 1);
    return 0;
}

static void *meter_alloc(void *context, size_t size)
{
    packeis_meter *meter = context;
    uint64_t live = 0;
    atomic_fetch_add(&meter->allocations, 1);
    if (size == 0 || !meter_reserve(meter, size, &live)) {
        atomic_fetch_add(&meter->refusals, 1);
        return NULL;
    }
    void *block = meter_allows(meter, size) ? malloc(size) : NULL;
    if (!block) {
        atomic_fetch_sub(&meter->live_bytes, size);
        atomic_fetch_add(&meter->refusals, 1);
        return NULL;
    }
    atomic_fetch_add(&meter->references, 1);
    atomic_fetch_add(&meter->live_blocks, 1);
    meter_note_peak(meter, live);
    return block;
}

static void meter_release(void *context, void *block, size_t size)
{
    packeis_meter *meter = context;
    free(block);
    atomic_fetch_sub(&meter->live_bytes, size);
    atomic_fetch_sub(&meter->live_blocks, 1);
    meter_drop(meter);
}

packeis_status packeis_meter_new(uint64_t limit, packeis_meter_policy policy, void *context,
                                 packeis_meter **meter)
{
    if (!meter)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_meter *made = malloc(sizeof *made);
    if (!made)
        return PACKEIS_E_OUT_OF_MEMORY;
    made->allocator = (packeis_allocator){meter_alloc, meter_release, made};
    made->limit = limit;
    made->policy = policy;
    made->context = context;
    atomic_init(&made->references, 1);
    atomic_init(&made->live_bytes, 0);
    atomic_init(&made->live_blocks, 0);
    atomic_init(&made->peak_bytes, 0);
    atomic_init(&made->allocations, 0);
    atomic_init(&made->refusals, 0);
    atomic_init(&made->unanswered, 0);
    *meter = made;
    return PACKEIS_OK;
}

const packeis_allocator *packeis_meter_allocator(const packeis_meter *meter)
{
    return meter ? &meter->allocator : NULL;
}

packeis_status packeis_meter_read(const packeis_meter *meter, packeis_meter_counts *counts)
{
    if (!meter || !counts)
        return PACKEIS_E_INVALID_ARGUMENT;
    /* The counters are read-modify-written only through atomics; reading
     * them needs no write access. */
    packeis_meter *counted = (packeis_meter *)meter;
    counts->live_bytes = atomic_load(&counted->live_bytes);
    counts->live_blocks = atomic_load(&counted->live_blocks);
    counts->peak_bytes = atomic_load(&counted->peak_bytes);
    counts->allocations = atomic_load(&counted->allocations);
    counts->refusals = atomic_load(&counted->refusals);
    counts->unanswered = atomic_load(&counted->unanswered);
    return PACKEIS_OK;
}

void packeis_meter_free(packeis_meter *meter)
{
    if (meter)
        meter_drop(meter);
}
