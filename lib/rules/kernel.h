/* SPDX-License-Identifier: MIT */
/* The hot paths: move counting and generation, actions, turn passing,
 * playouts and perft. This file is compiled once per instruction set by the
 * kernel_*.c files, each of which defines PK_KERNEL_TABLE first; nothing here
 * is visible outside those translation units. */
#ifndef PK_KERNEL_TABLE
#    error "define PK_KERNEL_TABLE before including kernel.h"
#endif

#include <string.h>

#include "bits.h"
#include "internal.h"
#include "rng.h"

#include "kernel_moves.h"
#include "kernel_play.h"
#include "kernel_search.h"

const pk_kernel PK_KERNEL_TABLE = {
    k_move_count, k_legal_moves, k_reach, k_place,
    k_slide,      k_playout,     k_perft, k_remove_unreachable,
};
