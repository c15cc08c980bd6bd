/* SPDX-License-Identifier: MIT */
/*
 * nnue_kernel.c: the integer work of an evaluation (nnue.h, nnue_kernel).
 * One source, compiled once per instruction set (lib/players/meson.build),
 * each build exporting its table under NNUE_KERNEL_NAME. It is written on
 * the compilers' generic vectors of 64 bytes (GCC's and clang's
 * vector_size), which each build lowers to what its target has: four SSE2
 * or two AVX2 registers, one AVX-512 register, four SIMD128 ones. The
 * arithmetic is integer, in lanes that do not depend on each other, and
 * the first layer's int16 sums wrap (unsigned lanes), so every build
 * computes the same numbers whatever it does.
 *
 * NNUE_VECTOR_BYTES is the build's register: 16 (SSE2, SIMD128), 32
 * (AVX2), 64 (AVX-512). Vectors wider than the target's registers are
 * lowered by the compilers through memory, so each build names its own.
 */
#include "nnue.h"

#ifndef NNUE_KERNEL_NAME
#    define NNUE_KERNEL_NAME  nnue_kernel_portable
#    define NNUE_KERNEL_LABEL "portable"
#endif

#ifndef NNUE_VECTOR_BYTES
#    define NNUE_VECTOR_BYTES 16
#endif
enum {
    L16 = NNUE_VECTOR_BYTES / 2,        /* int16 lanes of a vector */
    L32 = NNUE_VECTOR_BYTES / 4,        /* int32 lanes */
    ROW_TILE = 128 / NNUE_VECTOR_BYTES, /* vectors of acc kept over the rows: 64 int16 */
    OUT_TILE = 128 / NNUE_VECTOR_BYTES, /* vectors of outputs kept over the inputs: 32 */
};
/* int16 lanes as unsigned (sums wrap), int32 lanes; loads need not be
 * aligned (the arrays are, but a caller's stack buffer may not be). H1 and
 * H2 are multiples of 32 (doc/formats.md): whole tiles. */
typedef uint16_t v_u16 __attribute__((vector_size(NNUE_VECTOR_BYTES), may_alias, aligned(2)));
typedef int32_t v_i32 __attribute__((vector_size(NNUE_VECTOR_BYTES), may_alias, aligned(4)));

/* acc += (sign 1) or -= (sign -1) the rows, ROW_TILE vectors of acc at a
 * time kept in registers over every row (H1 is a multiple of 32 int16:
 * a tile is 64, so a last half tile may be left, done alone). */
static inline void sum_rows(int16_t *acc, const int16_t *w1, const uint16_t *rows, size_t count,
                            size_t h1, int sign)
{
    size_t c = 0;
    for (; c + ROW_TILE * L16 <= h1; c += ROW_TILE * L16) {
        v_u16 t[ROW_TILE];
        for (int k = 0; k < ROW_TILE; k++)
            t[k] = ((const v_u16 *)(acc + c))[k];
        for (size_t r = 0; r < count; r++) {
            const v_u16 *row = (const v_u16 *)(w1 + (size_t)rows[r] * h1 + c);
            for (int k = 0; k < ROW_TILE; k++)
                t[k] = sign > 0 ? t[k] + row[k] : t[k] - row[k];
        }
        for (int k = 0; k < ROW_TILE; k++)
            ((v_u16 *)(acc + c))[k] = t[k];
    }
    for (; c < h1; c += L16) {
        v_u16 t = *(const v_u16 *)(acc + c);
        for (size_t r = 0; r < count; r++) {
            const v_u16 *row = (const v_u16 *)(w1 + (size_t)rows[r] * h1 + c);
            t = sign > 0 ? t + row[0] : t - row[0];
        }
        *(v_u16 *)(acc + c) = t;
    }
}

static void add_rows(int16_t *acc, const int16_t *w1, const uint16_t *rows, size_t count,
                     size_t h1)
{
    sum_rows(acc, w1, rows, count, h1, 1);
}

static void sub_rows(int16_t *acc, const int16_t *w1, const uint16_t *rows, size_t count,
                     size_t h1)
{
    sum_rows(acc, w1, rows, count, h1, -1);
}

/* The sum of a[i] * w[i], i < n (a multiple of 16). */
static int32_t dot(const int32_t *a, const int32_t *w, size_t n)
{
    v_i32 sum = {0};
    for (size_t i = 0; i < n; i += L32)
        sum += *(const v_i32 *)(a + i) * *(const v_i32 *)(w + i);
    int32_t total = 0;
    for (int lane = 0; lane < L32; lane++)
        total += sum[lane];
    return total;
}

/* s = b2 + W2 a1 with W2 transposed (w2t[i] the weights of input i to
 * every output), 32 outputs at a time kept in registers over the inputs;
 * then a2 = clamp(floor(s / 64), 0, 127). Only the inputs that are not 0
 * are summed (most of a1 is, after the clamp; Stockfish's sparse first
 * layer): the same integers, in a third of the work or less. */
static void hidden(const int16_t *acc, const uint8_t *dense, const int32_t *w2t,
                   const int32_t *b2, size_t h1, size_t h2, int32_t *a2)
{
    int32_t a1[NNUE_H1_MAX + NNUE_DENSE];
    uint16_t live[NNUE_H1_MAX + NNUE_DENSE];
    size_t lives = 0;
    for (size_t i = 0; i < h1; i++) {
        int32_t x = acc[i] < 0 ? 0 : acc[i] > 127 ? 127 : acc[i];
        a1[i] = x;
        live[lives] = (uint16_t)i;
        lives += x != 0;
    }
    for (size_t i = 0; i < NNUE_DENSE; i++) {
        a1[h1 + i] = dense[i];
        live[lives] = (uint16_t)(h1 + i);
        lives += dense[i] != 0;
    }
    for (size_t o = 0; o < h2; o += OUT_TILE * L32) {
        v_i32 s[OUT_TILE];
        for (int k = 0; k < OUT_TILE; k++)
            s[k] = *(const v_i32 *)(b2 + o + (size_t)k * L32);
        for (size_t j = 0; j < lives; j++) {
            size_t i = live[j];
            const v_i32 *w = (const v_i32 *)(w2t + i * h2 + o);
            for (int k = 0; k < OUT_TILE; k++)
                s[k] += a1[i] * w[k];
        }
        for (int k = 0; k < OUT_TILE; k++)
            for (int lane = 0; lane < L32; lane++) {
                int32_t x = s[k][lane]; /* a negative sum is 0 either way */
                a2[o + (size_t)(k * L32 + lane)] = x <= 0 ? 0 : x >= 128 * 64 ? 127 : x / 64;
            }
    }
}

const nnue_kernel NNUE_KERNEL_NAME = {
    .name = NNUE_KERNEL_LABEL,
    .add_rows = add_rows,
    .sub_rows = sub_rows,
    .hidden = hidden,
    .dot = dot,
};
