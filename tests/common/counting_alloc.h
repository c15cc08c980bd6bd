/* SPDX-License-Identifier: MIT */
/* A counting allocator for the tests: it counts calls and live blocks,
 * checks that every block comes back once with the size it was asked for,
 * and can refuse one chosen call (failure injection). */
#ifndef PACKEIS_TESTS_COUNTING_ALLOC_H
#define PACKEIS_TESTS_COUNTING_ALLOC_H

#include <stddef.h>

#include <packeis/packeis.h>

typedef struct tc_block tc_block;

typedef struct tc_alloc {
    long calls;       /* calls of alloc so far, refused ones included */
    long fail_at;     /* the call (counted from 1) to refuse; 0: none */
    long failures;    /* calls refused */
    long live;        /* blocks handed out and not given back */
    long bad_release; /* releases of an unknown block, twice, or with another size */
    tc_block *blocks; /* the live blocks (internal) */
} tc_alloc;

/* Starts counting from zero, with no block live; call `fail_at` (from 1)
 * will be refused, or none when it is 0. */
void tc_alloc_init(tc_alloc *a, long fail_at);

/* The allocator to give the library; it points at `a`. */
packeis_allocator tc_alloc_allocator(tc_alloc *a);

/* Frees the blocks still live (a leak, which `live` reports) so that the
 * sanitizers stay quiet; the counters are kept. */
void tc_alloc_release_all(tc_alloc *a);

#endif
