/* SPDX-License-Identifier: MIT */
/* Bit-set primitives. Cell sets are uint64_t; these wrap the builtins so that
 * the engine compiled with -mpopcnt/-mbmi2 gets single instructions. */
#ifndef PK_BITS_H
#define PK_BITS_H

#include <stdint.h>

#if defined(__BMI2__) && (defined(__x86_64__) || defined(__i386__))
#    include <immintrin.h>
#    define PK_HAVE_PDEP 1
#endif

static inline int pk_popcount(uint64_t set) { return __builtin_popcountll(set); }

/* Index of the lowest set bit; set must not be 0. */
static inline int pk_lowest(uint64_t set) { return __builtin_ctzll(set); }

/* Index of the highest set bit; set must not be 0. */
static inline int pk_highest(uint64_t set) { return 63 - __builtin_clzll(set); }

static inline uint64_t pk_bit(int cell) { return (uint64_t)1 << cell; }

/* The bits of set strictly below its lowest set bit (all bits if set is 0). */
static inline uint64_t pk_below_lowest(uint64_t set) { return (set & (0 - set)) - 1; }

/* The bits strictly above the highest set bit of set (all bits if set is 0). */
static inline uint64_t pk_above_highest(uint64_t set)
{
    return set ? ~((((uint64_t)2) << pk_highest(set)) - 1) : ~(uint64_t)0;
}

/* Index of the k-th (0-based) set bit of set; set has more than k bits. */
static inline int pk_select(uint64_t set, unsigned k)
{
#ifdef PK_HAVE_PDEP
    return pk_lowest(_pdep_u64((uint64_t)1 << k, set));
#else
    while (k--)
        set &= set - 1;
    return pk_lowest(set);
#endif
}

#endif /* PK_BITS_H */
