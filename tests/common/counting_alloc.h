/* SPDX-License-Identifier: MIT */
/* A counting allocator for the tests: it counts calls and live blocks,
 * checks that every block comes back once with the size it was asked for,
 * and injects failures in one of three ways: it refuses one chosen call, or
 * every call from a chosen one on, or, once retired, treats any call as an
 * error (a game that must no longer use this allocator). */
#ifndef PACKEIS_TESTS_COUNTING_ALLOC_H
#define PACKEIS_TESTS_COUNTING_ALLOC_H

#include <stddef.h>

#include <packeis/packeis.h>

typedef struct tc_block tc_block;

typedef struct tc_alloc {
    long calls;         /* calls of alloc so far, refused ones included */
    long fail_at;       /* the call (counted from 1) to refuse; 0: none */
    long fail_from;     /* the first call (from 1) of those refused; 0: none */
    long failures;      /* calls refused by fail_at or fail_from */
    long live;          /* blocks handed out and not given back */
    long bad_release;   /* releases of an unknown block, twice, or with another size */
    int retired;        /* set by tc_alloc_retire() */
    long retired_calls; /* calls of alloc or release once retired: errors */
    tc_block *blocks;   /* the live blocks (internal) */
} tc_alloc;

/* Starts counting from zero, with no block live, not retired; call
 * `fail_at` (from 1) will be refused, or none when it is 0. */
void tc_alloc_init(tc_alloc *a, long fail_at);

/* From now on, call `call` (counted from 1, as `calls` counts) and every
 * later one are refused; 0: none. tc_alloc_fail_from(a, a->calls + 1)
 * refuses whatever comes next. */
void tc_alloc_fail_from(tc_alloc *a, long call);

/* Retires the allocator: from now on every call is counted in
 * `retired_calls`; alloc gives NULL, release still frees its block (so that
 * a test that failed does not leak too). */
void tc_alloc_retire(tc_alloc *a);

/* The allocator to give the library; it points at `a`. */
packeis_allocator tc_alloc_allocator(tc_alloc *a);

/* Frees the blocks still live (a leak, which `live` reports) so that the
 * sanitizers stay quiet; the counters are kept. */
void tc_alloc_release_all(tc_alloc *a);

#endif
