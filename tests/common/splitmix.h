/* SPDX-License-Identifier: MIT */
/* SplitMix64, the generator of the tests and fuzzers (and the one
 * doc/formats.md documents for the hash keys): a 64-bit state advanced by
 * 0x9E3779B97F4A7C15, each output mixed. */
#ifndef PACKEIS_TESTS_SPLITMIX_H
#define PACKEIS_TESTS_SPLITMIX_H

#include <stdint.h>

/* The mixing function of SplitMix64 (`mix` in doc/formats.md). */
uint64_t tc_mix(uint64_t z);

/* Advances `*state` and returns its next output. */
uint64_t tc_next(uint64_t *state);

/* A value in 0 ... bound - 1 (bound > 0), by Lemire's method as
 * packeis_options_set_seed() documents it: the same draws as the library's
 * shuffle and playouts for bounds below 2^32. */
uint64_t tc_below(uint64_t *state, uint64_t bound);

#endif
