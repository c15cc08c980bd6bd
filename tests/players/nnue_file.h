/* SPDX-License-Identifier: MIT */
/* nnue_file.h: az weights files of version 2 made by the tests and the
 * benchmark (doc/formats.md, "Version 2"), random or by hand, good or
 * broken on purpose. */
#ifndef PACKEIS_TESTS_NNUE_FILE_H
#define PACKEIS_TESTS_NNUE_FILE_H

#include <stddef.h>
#include <stdint.h>

/* The eight header words after the magic, as written (bad ones on purpose). */
typedef struct nnue_file {
    uint32_t version, features, h1, h2, dense, policy, values;
    /* The shapes the arrays were made with: what is written after the
     * header, whatever the header says. */
    uint32_t made_features, made_h1, made_h2;
    /* The arrays, as the file lays them out; sizes from the fields above. */
    int16_t *w1, *b1;
    int8_t *w2;
    int32_t *b2;
    int8_t *wp;
    int32_t *bp;
    int8_t *wv;
    int32_t *bv;
} nnue_file;

/* A good network of these shapes, every weight 0 (free with
 * nnue_file_free). features: 1 or 3. */
nnue_file *nnue_file_zero(uint32_t features, uint32_t h1, uint32_t h2);
/* The same with random weights from `seed`, in the ranges a trained
 * network has (first layer small, so that the accumulator seldom wraps). */
nnue_file *nnue_file_random(uint32_t features, uint32_t h1, uint32_t h2, uint64_t seed);
void nnue_file_free(nnue_file *file);

/* Writes the file, then `extra` bytes of 0, cut to `cut` bytes if cut is
 * not 0; 0, or -1 on an error. */
int nnue_file_write(const char *path, const nnue_file *file, size_t extra, size_t cut);

#endif
