/* SPDX-License-Identifier: MIT */
/*
 * az_net.h: the policy/value network of the az player, a small MLP, read
 * from a weights file (doc/formats.md, "az weights") and evaluated in C.
 * Private to lib/players; players.h shows it as packeis_player_az_net.
 *
 *   x[1600] -> Linear(1600, H1) -> ReLU -> Linear(H1, H2) -> ReLU
 *           -> policy logits Linear(H2, 192): FROM[64] TO[64] PLACE[64]
 *           -> value tanh(Linear(H2, 1))
 */
#ifndef PACKEIS_EXAMPLES_AZ_NET_H
#define PACKEIS_EXAMPLES_AZ_NET_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/players.h>

#include "nnue.h"

enum {
    AZ_INPUTS = 1600, /* PACKEIS_OBSERVATION_SIZE: 25 planes of 64 cells */
    AZ_POLICY = 192,  /* FROM[64], TO[64], PLACE[64] */
    AZ_HIDDEN_MAX = 4096,
    AZ_HEADER_BYTES = 24,
};
/* The most any sum of an evaluation may reach (the loader refuses weights
 * whose sums could go beyond): float's largest is 3.4e38. */
#define AZ_SUM_MAX 1e30

/* A weights file of version 1 (the float MLP below) or 2 (nnue.h). */
struct packeis_player_az_net {
    uint32_t version;
    nnue_net *nnue; /* version 2 */
    /* Version 1: */
    uint32_t h1, h2;
    /* The arrays of the file, row-major [out][in], in one allocation. */
    float *w1, *b1, *w2, *b2, *wp, *bp, *wv, *bv;
    float *data;
    /* W1, W2 and Wp transposed, [in][out], in one allocation: the portable
     * product adds, for each input that is not 0 (most of an observation,
     * half of the hidden units after ReLU), its row scaled; the sums over
     * the outputs side by side vectorise, a dot product would not (float
     * sums are not reordered without -ffast-math). */
    float *w1t, *w2t, *wpt;
};
typedef struct packeis_player_az_net az_net;

/* The ways to compute the forward pass. */
typedef enum az_backend {
    AZ_PORTABLE, /* plain C, sparse in the input */
    AZ_BLAS,     /* OpenBLAS cblas_sgemv/sgemm, dense (only where az_blas_available) */
} az_backend;

/* Whether the library was built with OpenBLAS (meson -Dblas). */
extern const int az_blas_available;
/* The backend for batches of `n` inputs: AZ_BLAS from AZ_BLAS_BATCH on
 * where built with it, else AZ_PORTABLE, which is faster for one input at
 * a time, the search's case (tests/players/bench_az.c; doc/formats.md). */
enum { AZ_BLAS_BATCH = 16 };
az_backend az_default_backend(size_t n);

/* Reads and checks a weights file. 0 with *out; -1 with the reason in
 * `why` (a sentence naming the file) for a file that cannot be read or is
 * not a valid weights file; -2 when out of memory. */
int az_net_load(const char *path, az_net **out, char *why, size_t why_size);
void az_net_free(az_net *net);

/* Floats of work space az_net_forward() needs for `n` inputs. */
size_t az_net_work_size(const az_net *net, size_t n);

/* The forward pass of `n` inputs x[n][1600]: logits[n][192] and
 * value[n] (after tanh). `work` holds az_net_work_size(net, n) floats. */
void az_net_forward(const az_net *net, az_backend backend, const float *x, size_t n,
                    float *logits, float *value, float *work);

/* The policy of the player to act: softmax of the logits over the legal
 * moves (moves[count]), into prior[count]. */
void az_net_policy(const float *logits, const packeis_move *moves, size_t count, float *prior);

/* Both for the player to act in `game` (not over) whose legal moves are
 * moves[count]: prior[count] and *value. `input` holds 1600 floats and
 * `work` az_net_work_size(net, 1). PACKEIS_OK or an error of the library. */
packeis_status az_net_evaluate(const az_net *net, const packeis_game *game,
                               const packeis_move *moves, size_t count, float *prior,
                               float *value, float *input, float *work);

#endif
