/* SPDX-License-Identifier: MIT */
/* The kernel: the hot paths of the rules. meson compiles this one file twice
 * (lib/rules/meson.build): for any processor as pk_kernel_generic, and with
 * POPCNT, LZCNT, BMI1 and BMI2 as pk_kernel_bmi2; PK_KERNEL_NAME names the
 * table each build exports. The BMI2 build also exports pk_kernel_avx512,
 * the same table with AVX-512 move lists (kernel_lists_avx512.inc).
 * core/dispatch.c chooses one per process.
 *
 * Its sections are the .inc files below, in the order they build on each
 * other; they are parts of this file, not headers. Nothing here is visible
 * outside the tables. The processor-specific code is in core/bits.h, and
 * in kernel_lists_avx512.inc for its target attribute. */

/* Compiled without a name, as in lib_sources (which the fuzzers compile
 * too), this is the generic kernel. */
#ifndef PK_KERNEL_NAME
#define PK_KERNEL_NAME pk_kernel_generic
#endif

#include <string.h>

#include "arcs.h"
#include "bits.h"
#include "internal.h"
#include "rng.h"

#include "kernel_moves.inc"   /* destinations, move counts, move lists */
#include "kernel_actions.inc" /* placing, sliding, floes out of play, turn passing */
#include "kernel_check.inc"   /* why a move is illegal */
#include "kernel_search.inc"  /* perft */
#include "kernel_playout.inc" /* random playouts */

#if defined(PK_HAVE_AVX512_LISTS)
#include "kernel_lists_avx512.inc" /* move lists with AVX-512 compress */
#endif

/* One kernel's table, with the move-list writer `lists`. */
#define PK_KERNEL_TABLE(lists)                                                                 \
{                                                                                              \
    .move_count = k_move_count, .legal_moves = lists, .reach = k_reach, .check = k_check_move, \
    .play = k_play, .playout = k_playout, .playout_pair = k_playout_pair, .perft = k_perft,    \
    .prune = k_remove_unlinked,                                                                \
}

const pk_kernel PK_KERNEL_NAME = PK_KERNEL_TABLE(k_legal_moves);
#if defined(PK_HAVE_AVX512_LISTS)
const pk_kernel pk_kernel_avx512 = PK_KERNEL_TABLE(k_legal_moves_avx512);
#endif
