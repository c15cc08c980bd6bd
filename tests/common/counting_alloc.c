/* SPDX-License-Identifier: MIT */
#include "counting_alloc.h"

#include <stdlib.h>

/* Each block is preceded by its header, aligned as malloc aligns. */
struct tc_block {
    tc_block *next, *prev;
    size_t size;
};

typedef union header {
    tc_block block;
    max_align_t align;
} header;

void tc_alloc_init(tc_alloc *a, long fail_at)
{
    a->calls = 0;
    a->fail_at = fail_at;
    a->fail_from = 0;
    a->failures = 0;
    a->live = 0;
    a->bad_release = 0;
    a->retired = 0;
    a->retired_calls = 0;
    a->blocks = NULL;
}

void tc_alloc_fail_from(tc_alloc *a, long call) { a->fail_from = call; }

void tc_alloc_retire(tc_alloc *a) { a->retired = 1; }

static void *tc_alloc_take(void *context, size_t size)
{
    tc_alloc *a = context;
    if (a->retired) {
        a->retired_calls++;
        return NULL;
    }
    ++a->calls;
    if (a->calls == a->fail_at || (a->fail_from > 0 && a->calls >= a->fail_from)) {
        a->failures++;
        return NULL;
    }
    header *h = malloc(sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->block.size = size;
    h->block.prev = NULL;
    h->block.next = a->blocks;
    if (a->blocks)
        a->blocks->prev = &h->block;
    a->blocks = &h->block;
    a->live++;
    return h + 1;
}

static void tc_alloc_give(void *context, void *block, size_t size)
{
    tc_alloc *a = context;
    a->retired_calls += a->retired;
    for (tc_block *b = a->blocks; b; b = b->next) {
        header *h = (header *)(void *)b;
        if ((void *)(h + 1) != block)
            continue;
        a->bad_release += b->size != size;
        if (b->prev)
            b->prev->next = b->next;
        else
            a->blocks = b->next;
        if (b->next)
            b->next->prev = b->prev;
        a->live--;
        free(h);
        return;
    }
    a->bad_release++; /* NULL, unknown, or given back twice */
}

packeis_allocator tc_alloc_allocator(tc_alloc *a)
{
    packeis_allocator allocator = {tc_alloc_take, tc_alloc_give, a};
    return allocator;
}

void tc_alloc_release_all(tc_alloc *a)
{
    tc_block *b = a->blocks;
    while (b) {
        tc_block *next = b->next;
        free(b);
        b = next;
    }
    a->blocks = NULL;
}
