/* SPDX-License-Identifier: MIT */
/*
 * nnue_kernel.c: the integer work of an evaluation (nnue.h, nnue_kernel).
 * One source, compiled once per instruction set (lib/players/meson.build):
 * plain loops that the compiler vectorises for the target it is given
 * (SSE2 for any x86-64, AVX2, AVX-512, WebAssembly SIMD128), each build
 * exporting its table under NNUE_KERNEL_NAME. The arithmetic is integer
 * and wraps where it can overflow (the first layer's int16), so every
 * build computes the same numbers whatever order it sums in.
 */
#include "nnue.h"

#ifndef NNUE_KERNEL_NAME
#    define NNUE_KERNEL_NAME  nnue_kernel_portable
#    define NNUE_KERNEL_LABEL "portable"
#endif

/* int16 sums that wrap: added as unsigned, whose overflow C defines. */
static void add_rows(int16_t *restrict acc, const int16_t *restrict w1,
                     const uint16_t *restrict rows, size_t count, size_t h1)
{
    uint16_t *sum = (uint16_t *)acc;
    for (size_t r = 0; r < count; r++) {
        const uint16_t *row = (const uint16_t *)(w1 + (size_t)rows[r] * h1);
        for (size_t i = 0; i < h1; i++)
            sum[i] = (uint16_t)(sum[i] + row[i]);
    }
}

static void sub_rows(int16_t *restrict acc, const int16_t *restrict w1,
                     const uint16_t *restrict rows, size_t count, size_t h1)
{
    uint16_t *sum = (uint16_t *)acc;
    for (size_t r = 0; r < count; r++) {
        const uint16_t *row = (const uint16_t *)(w1 + (size_t)rows[r] * h1);
        for (size_t i = 0; i < h1; i++)
            sum[i] = (uint16_t)(sum[i] - row[i]);
    }
}

static int32_t dot(const uint8_t *restrict a, const int8_t *restrict w, size_t n)
{
    int32_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (int32_t)a[i] * (int32_t)w[i];
    return sum;
}

static void hidden(const int16_t *restrict acc, const uint8_t *restrict dense,
                   const int8_t *restrict w2, const int32_t *restrict b2, size_t h1, size_t h2,
                   uint8_t *restrict a2)
{
    _Alignas(NNUE_ALIGN) uint8_t a1[NNUE_H1_MAX + NNUE_DENSE];
    for (size_t i = 0; i < h1; i++)
        a1[i] = (uint8_t)(acc[i] < 0 ? 0 : acc[i] > 127 ? 127 : acc[i]);
    for (size_t i = 0; i < NNUE_DENSE; i++)
        a1[h1 + i] = dense[i];
    size_t in = h1 + NNUE_DENSE;
    for (size_t o = 0; o < h2; o++) {
        /* clamp(floor(s / 64), 0, 127): a negative s is 0 either way. */
        int32_t s = b2[o] + dot(a1, w2 + o * in, in);
        a2[o] = (uint8_t)(s <= 0 ? 0 : s >= 128 * 64 ? 127 : s / 64);
    }
}

const nnue_kernel NNUE_KERNEL_NAME = {
    .name = NNUE_KERNEL_LABEL,
    .add_rows = add_rows,
    .sub_rows = sub_rows,
    .hidden = hidden,
    .dot = dot,
};
