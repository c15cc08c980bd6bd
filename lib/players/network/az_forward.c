/* SPDX-License-Identifier: MIT */
/* az_forward.c: the forward pass of the az network (az_net.h), portable
 * and, where meson found OpenBLAS (-Dblas), through cblas_sgemv/sgemm. */
#include "az_net.h"

#include <math.h>
#include <string.h>

#if PACKEIS_AZ_BLAS
#    include <cblas.h>
const int az_blas_available = 1;
#else
const int az_blas_available = 0;
#endif

az_backend az_default_backend(size_t n)
{
    return az_blas_available && n >= AZ_BLAS_BATCH ? AZ_BLAS : AZ_PORTABLE;
}

size_t az_net_work_size(const az_net *net, size_t n) { return n * (net->h1 + net->h2); }

static void relu(float *y, size_t count)
{
    for (size_t o = 0; o < count; o++)
        y[o] = y[o] > 0 ? y[o] : 0;
}

/* y[n][out] = x[n][in] W^T + b through OpenBLAS, W row-major [out][in]. */
static void dense_blas(const float *w, const float *b, size_t in, size_t out, const float *x,
                       size_t n, float *y)
{
    for (size_t s = 0; s < n; s++)
        memcpy(y + s * out, b, out * sizeof *y);
#if PACKEIS_AZ_BLAS
    if (n == 1)
        cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)out, (int)in, 1.0f, w, (int)in, x, 1,
                    1.0f, y, 1);
    else
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)n, (int)out, (int)in, 1.0f, x,
                    (int)in, w, (int)in, 1.0f, y, (int)out);
#else
    (void)w, (void)in, (void)x;
#endif
}

/* On x86-64 (GCC, clang; ELF for the ifunc) the portable product has a
 * second copy for AVX2 and FMA, picked when the library loads where the CPU
 * has them: 8 floats a step instead of SSE2's 4. */
/* Not under ThreadSanitizer: an ifunc resolver runs before its runtime is
 * up, and the program dies at load (CI's TSan build). */
#if defined(__SANITIZE_THREAD__)
#    define AZ_NO_CLONES 1
#elif defined(__has_feature)
#    if __has_feature(thread_sanitizer)
#        define AZ_NO_CLONES 1
#    endif
#endif
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute) &&                     \
    !defined(AZ_NO_CLONES)
#    if __has_attribute(target_clones)
#        define AZ_CLONES __attribute__((target_clones("arch=haswell", "default")))
#    endif
#endif
#ifndef AZ_CLONES
#    define AZ_CLONES
#endif

/* The same in plain C from W^T, wt[in][out]: the bias plus, for every
 * input that is not 0, its row of W^T scaled. */
AZ_CLONES static void sparse_portable(const float *wt, const float *b, size_t in, size_t out,
                                      const float *x, size_t n, float *y)
{
    for (size_t s = 0; s < n; s++) {
        float *ys = y + s * out;
        const float *xs = x + s * in;
        memcpy(ys, b, out * sizeof *ys);
        for (size_t i = 0; i < in; i++) {
            if (xs[i] == 0)
                continue;
            const float *row = wt + i * out;
            for (size_t o = 0; o < out; o++)
                ys[o] += xs[i] * row[o];
        }
    }
}

/* One layer of `n` inputs by `backend`: W row-major, wt its transpose. */
static void layer(az_backend backend, const float *w, const float *wt, const float *b,
                  size_t in, size_t out, const float *x, size_t n, float *y)
{
    if (backend == AZ_BLAS)
        dense_blas(w, b, in, out, x, n, y);
    else
        sparse_portable(wt, b, in, out, x, n, y);
}

void az_net_forward(const az_net *net, az_backend backend, const float *x, size_t n,
                    float *logits, float *value, float *work)
{
    if (!az_blas_available)
        backend = AZ_PORTABLE;
    size_t h1 = net->h1, h2 = net->h2;
    float *hidden1 = work, *hidden2 = work + n * h1;
    layer(backend, net->w1, net->w1t, net->b1, AZ_INPUTS, h1, x, n, hidden1);
    relu(hidden1, n * h1);
    layer(backend, net->w2, net->w2t, net->b2, h1, h2, hidden1, n, hidden2);
    relu(hidden2, n * h2);
    layer(backend, net->wp, net->wpt, net->bp, h2, AZ_POLICY, hidden2, n, logits);
    /* The value head is one dot product: plain C in every backend. */
    for (size_t s = 0; s < n; s++) {
        float sum = net->bv[0];
        for (size_t i = 0; i < h2; i++)
            sum += net->wv[i] * hidden2[s * h2 + i];
        value[s] = tanhf(sum);
    }
}

void az_net_policy(const float *logits, const packeis_move *moves, size_t count, float *prior)
{
    double top = -INFINITY, sum = 0;
    double scores[PACKEIS_MAX_MOVES];
    for (size_t i = 0; i < count; i++) {
        unsigned from = moves[i] / 64, to = moves[i] % 64;
        /* A placement on c is the move c * 65 (from = to). */
        scores[i] = from == to ? logits[128 + to] : (double)logits[from] + logits[64 + to];
        if (scores[i] > top)
            top = scores[i];
    }
    for (size_t i = 0; i < count; i++)
        sum += scores[i] = exp(scores[i] - top);
    for (size_t i = 0; i < count; i++)
        prior[i] = (float)(scores[i] / sum);
}

packeis_status az_net_evaluate(const az_net *net, const packeis_game *game,
                               const packeis_move *moves, size_t count, float *prior,
                               float *value, float *input, float *work)
{
    size_t size;
    packeis_status status = packeis_game_observe_as(game, packeis_game_current_player(game),
                                                    input, AZ_INPUTS, &size);
    if (status != PACKEIS_OK)
        return status;
    float logits[AZ_POLICY];
    az_net_forward(net, az_default_backend(1), input, 1, logits, value, work);
    az_net_policy(logits, moves, count, prior);
    return PACKEIS_OK;
}
