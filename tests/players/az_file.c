/* SPDX-License-Identifier: MIT */
/* az_file.c: see az_file.h. */
#include "az_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix.h"

az_header az_file_header(uint32_t h1, uint32_t h2)
{
    return (az_header){{'P', 'K', 'A', 'Z'}, 1, 1600, h1, h2, 192};
}

size_t az_file_floats(uint32_t h1, uint32_t h2)
{
    return (size_t)h1 * 1600 + h1 + (size_t)h2 * h1 + h2 + 192 * (size_t)h2 + 192 + h2 + 1;
}

float *az_file_random(size_t count, uint64_t seed, float scale)
{
    float *floats = malloc(count * sizeof *floats);
    for (size_t i = 0; floats && i < count; i++)
        floats[i] = scale * (float)((double)(tc_next(&seed) >> 11) * 0x1p-52 - 1);
    return floats;
}

static void put_u32(unsigned char *at, uint32_t value)
{
    for (int b = 0; b < 4; b++)
        at[b] = (unsigned char)(value >> (8 * b));
}

int az_file_write(const char *path, const az_header *header, const float *floats, size_t count,
                  size_t extra)
{
    FILE *file = fopen(path, "wb");
    if (!file)
        return -1;
    unsigned char bytes[24];
    memcpy(bytes, header->magic, 4);
    put_u32(bytes + 4, header->version);
    put_u32(bytes + 8, header->inputs);
    put_u32(bytes + 12, header->h1);
    put_u32(bytes + 16, header->h2);
    put_u32(bytes + 20, header->policy);
    int ok = fwrite(bytes, 1, sizeof bytes, file) == sizeof bytes;
    for (size_t i = 0; ok && i < count; i++) {
        uint32_t word;
        memcpy(&word, &floats[i], sizeof word);
        put_u32(bytes, word);
        ok = fwrite(bytes, 1, 4, file) == 4;
    }
    for (size_t i = 0; ok && i < extra; i++)
        ok = fputc(0, file) != EOF;
    return fclose(file) == 0 && ok ? 0 : -1;
}

int az_file_write_random(const char *path, uint32_t h1, uint32_t h2, uint64_t seed)
{
    az_header header = az_file_header(h1, h2);
    size_t count = az_file_floats(h1, h2);
    float *floats = az_file_random(count, seed, 0.1f);
    int result = floats ? az_file_write(path, &header, floats, count, 0) : -1;
    free(floats);
    return result;
}
