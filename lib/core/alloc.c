/* SPDX-License-Identifier: MIT */
/* Every allocation goes through the caller's allocator, or malloc. */
#include <stdlib.h>

#include "internal.h"

static void *pk_malloc(void *context, size_t size)
{
    (void)context;
    return malloc(size);
}

static void pk_free(void *context, void *block, size_t size)
{
    (void)context;
    (void)size;
    free(block);
}

packeis_allocator pk_default_allocator(void)
{
    packeis_allocator allocator = {pk_malloc, pk_free, NULL};
    return allocator;
}

int pk_choose_allocator(const packeis_allocator *given, packeis_allocator *chosen)
{
    if (given && (!given->alloc || !given->release))
        return 0;
    *chosen = given ? *given : pk_default_allocator();
    return 1;
}

void *pk_alloc(const packeis_allocator *allocator, size_t size)
{
    return allocator->alloc(allocator->context, size);
}

void pk_release(const packeis_allocator *allocator, void *block, size_t size)
{
    if (block)
        allocator->release(allocator->context, block, size);
}
