/* SPDX-License-Identifier: MIT */
/* The library's one random generator, part of the documented behaviour: the
 * board shuffle and the playouts must give the same results on every
 * platform, so both are defined here bit for bit. */
#ifndef PK_RNG_H
#define PK_RNG_H

#include <stdint.h>

/* SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state and one output per
 * step. */
typedef struct pk_rng {
    uint64_t state;
} pk_rng;

/* SplitMix64's output function: also the hash's mixer of one word. */
static inline uint64_t pk_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static inline uint64_t pk_rng_next(pk_rng *rng)
{
    return pk_mix64(rng->state += 0x9E3779B97F4A7C15u);
}

/* A uniform integer in [0, bound), 1 <= bound < 2^32: Lemire's multiply-shift
 * on the high 32 bits of each output, rejecting the few biased products, so
 * the result is exactly uniform without a division in the common case. */
static inline uint32_t pk_rng_below(pk_rng *rng, uint32_t bound)
{
    uint64_t product = (pk_rng_next(rng) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)product;
    if (__builtin_expect(low < bound, 0)) { /* at most bound / 2^32 of the draws */
        uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            product = (pk_rng_next(rng) >> 32) * (uint64_t)bound;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

#endif /* PK_RNG_H */
