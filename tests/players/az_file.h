/* SPDX-License-Identifier: MIT */
/* az_file.h: az weights files made by the tests and the benchmark
 * (doc/formats.md, "az weights"), good ones and broken ones. */
#ifndef PACKEIS_TESTS_AZ_FILE_H
#define PACKEIS_TESTS_AZ_FILE_H

#include <stddef.h>
#include <stdint.h>

/* The header of a file, each field as written (a bad one on purpose). */
typedef struct az_header {
    char magic[4];
    uint32_t version, inputs, h1, h2, policy;
} az_header;

/* The header of a good file of these hidden sizes. */
az_header az_file_header(uint32_t h1, uint32_t h2);

/* How many floats follow the header of a good file. */
size_t az_file_floats(uint32_t h1, uint32_t h2);

/* count floats, uniform in [-scale, scale) from `seed` (malloc'ed). */
float *az_file_random(size_t count, uint64_t seed, float scale);

/* Writes the header, then `count` floats little-endian, then `extra`
 * bytes of 0 (a trailing garbage); returns 0, -1 on an error. */
int az_file_write(const char *path, const az_header *header, const float *floats, size_t count,
                  size_t extra);

/* A good file of random weights (scale 0.1); 0 or -1. */
int az_file_write_random(const char *path, uint32_t h1, uint32_t h2, uint64_t seed);

#endif
