/* SPDX-License-Identifier: MIT */
/* nnue_file.c: see nnue_file.h. */
#include "nnue_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix.h"

static size_t features_of(uint32_t features) { return features & 2 ? 704 : 448; }

nnue_file *nnue_file_zero(uint32_t features, uint32_t h1, uint32_t h2)
{
    nnue_file *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    *f = (nnue_file){.version = 2,
                     .features = features,
                     .h1 = h1,
                     .h2 = h2,
                     .dense = 16,
                     .policy = 192,
                     .values = 4,
                     .made_features = features,
                     .made_h1 = h1,
                     .made_h2 = h2};
    f->w1 = calloc(features_of(features) * h1, sizeof *f->w1);
    f->b1 = calloc(h1, sizeof *f->b1);
    f->w2 = calloc((size_t)h2 * (h1 + 16), 1);
    f->b2 = calloc(h2, sizeof *f->b2);
    f->wp = calloc(192 * (size_t)h2, 1);
    f->bp = calloc(192, sizeof *f->bp);
    f->wv = calloc(4 * (size_t)h2, 1);
    f->bv = calloc(4, sizeof *f->bv);
    if (!f->w1 || !f->b1 || !f->w2 || !f->b2 || !f->wp || !f->bp || !f->wv || !f->bv) {
        nnue_file_free(f);
        return NULL;
    }
    return f;
}

/* Uniform in [low, high]. */
static int64_t uniform(uint64_t *state, int64_t low, int64_t high)
{
    return low + (int64_t)tc_below(state, (uint64_t)(high - low + 1));
}

nnue_file *nnue_file_random(uint32_t features, uint32_t h1, uint32_t h2, uint64_t seed)
{
    nnue_file *f = nnue_file_zero(features, h1, h2);
    for (size_t i = 0; f && i < features_of(features) * h1; i++)
        f->w1[i] = (int16_t)uniform(&seed, -24, 24);
    for (size_t i = 0; f && i < h1; i++)
        f->b1[i] = (int16_t)uniform(&seed, -40, 100);
    for (size_t i = 0; f && i < (size_t)h2 * (h1 + 16); i++)
        f->w2[i] = (int8_t)uniform(&seed, -127, 127);
    for (size_t i = 0; f && i < h2; i++)
        f->b2[i] = (int32_t)uniform(&seed, -60000, 200000);
    for (size_t i = 0; f && i < 192 * (size_t)h2; i++)
        f->wp[i] = (int8_t)uniform(&seed, -127, 127);
    for (size_t i = 0; f && i < 192; i++)
        f->bp[i] = (int32_t)uniform(&seed, -8128, 8128);
    for (size_t i = 0; f && i < 4 * (size_t)h2; i++)
        f->wv[i] = (int8_t)uniform(&seed, -20, 20);
    for (size_t i = 0; f && i < 4; i++)
        f->bv[i] = (int32_t)uniform(&seed, -4000, 4000);
    return f;
}

void nnue_file_free(nnue_file *f)
{
    if (!f)
        return;
    free(f->w1), free(f->b1), free(f->w2), free(f->b2);
    free(f->wp), free(f->bp), free(f->wv), free(f->bv);
    free(f);
}

/* `count` little-endian integers of `size` bytes into out; the bytes. */
static size_t put(unsigned char *out, const void *values, size_t size, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        uint32_t v = size == 1   ? (uint8_t)((const int8_t *)values)[i]
                     : size == 2 ? (uint16_t)((const int16_t *)values)[i]
                                 : (uint32_t)((const int32_t *)values)[i];
        for (size_t b = 0; b < size; b++)
            out[i * size + b] = (unsigned char)(v >> (8 * b));
    }
    return size * count;
}

int nnue_file_write(const char *path, const nnue_file *f, size_t extra, size_t cut)
{
    size_t h1 = f->made_h1, h2 = f->made_h2, features = features_of(f->made_features);
    size_t total = 32 + 2 * (features + 1) * h1 + h2 * (h1 + 16) + 4 * h2 + 192 * h2 + 4 * 192 +
                   4 * h2 + 4 * 4 + extra;
    unsigned char *bytes = calloc(total, 1);
    if (!bytes)
        return -1;
    uint32_t header[8] = {0,     f->version, f->features, f->h1,
                          f->h2, f->dense,   f->policy,   f->values};
    memcpy(bytes, "PKAZ", 4);
    size_t at = 4 + put(bytes + 4, header + 1, 4, 7);
    at += put(bytes + at, f->w1, 2, features * h1);
    at += put(bytes + at, f->b1, 2, h1);
    at += put(bytes + at, f->w2, 1, h2 * (h1 + 16));
    at += put(bytes + at, f->b2, 4, h2);
    at += put(bytes + at, f->wp, 1, 192 * h2);
    at += put(bytes + at, f->bp, 4, 192);
    at += put(bytes + at, f->wv, 1, 4 * h2);
    at += put(bytes + at, f->bv, 4, 4);
    at += extra;
    if (cut && cut < at)
        at = cut;
    FILE *file = fopen(path, "wb");
    int ok = file && fwrite(bytes, 1, at, file) == at;
    free(bytes);
    return file && fclose(file) == 0 && ok ? 0 : -1;
}
