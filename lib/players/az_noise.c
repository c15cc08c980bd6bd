/* SPDX-License-Identifier: MIT */
/* az_noise.c: Dirichlet noise for the az player's root priors (az_noise.h):
 * gamma variates by Marsaglia and Tsang (2000), normalised. */
#include "az_noise.h"

#include <math.h>

#include "player_kind.h"

/* Uniform in (0, 1), never 0 (a logarithm follows). */
static double uniform(uint64_t *state)
{
    return ((double)(player_next(state) >> 11) + 0.5) * 0x1p-53;
}

static double normal(uint64_t *state)
{
    return sqrt(-2 * log(uniform(state))) * cos(6.283185307179586 * uniform(state));
}

/* Gamma(shape, 1); below shape 1 as Gamma(shape + 1) U^(1 / shape). */
static double gamma_variate(uint64_t *state, double shape)
{
    if (shape < 1)
        return gamma_variate(state, shape + 1) * pow(uniform(state), 1 / shape);
    double d = shape - 1.0 / 3, c = 1 / sqrt(9 * d);
    for (;;) {
        double x = normal(state), v = 1 + c * x;
        if (v <= 0)
            continue;
        v = v * v * v;
        if (log(uniform(state)) < 0.5 * x * x + d - d * v + d * log(v))
            return d * v;
    }
}

void az_dirichlet(uint64_t *state, double alpha, size_t count, double *out)
{
    double sum = 0;
    for (size_t i = 0; i < count; i++)
        sum += out[i] = gamma_variate(state, alpha);
    for (size_t i = 0; i < count; i++)
        out[i] = sum > 0 ? out[i] / sum : 1.0 / (double)count;
}
