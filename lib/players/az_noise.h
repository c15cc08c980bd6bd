/* SPDX-License-Identifier: MIT */
/* az_noise.h: Dirichlet noise, the exploration of self-play that the az
 * player's option "noise" mixes into the priors of the root. */
#ifndef PACKEIS_EXAMPLES_AZ_NOISE_H
#define PACKEIS_EXAMPLES_AZ_NOISE_H

#include <stddef.h>
#include <stdint.h>

/* out[count], a draw of Dirichlet(alpha, ..., alpha) from the SplitMix64
 * `state` (player_next()): positive, summing to 1. */
void az_dirichlet(uint64_t *state, double alpha, size_t count, double *out);

#endif
