/* SPDX-License-Identifier: MIT */
#include "splitmix.h"

uint64_t tc_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint64_t tc_next(uint64_t *state)
{
    *state += UINT64_C(0x9E3779B97F4A7C15);
    return tc_mix(*state);
}

uint64_t tc_below(uint64_t *state, uint64_t bound)
{
    uint64_t threshold = ((UINT64_C(1) << 32) - bound) % bound;
    for (;;) {
        uint64_t m = (tc_next(state) >> 32) * bound;
        if ((m & UINT64_C(0xFFFFFFFF)) >= threshold)
            return m >> 32;
    }
}
