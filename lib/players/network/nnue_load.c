/* SPDX-License-Identifier: MIT */
/* nnue_load.c: reading and checking a version 2 az weights file
 * (doc/formats.md): every refusal is a sentence naming the file. */
#include "nnue.h"
#include "player_kind.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static uint32_t le32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* One array of the file: its name, element size, count, and where it goes. */
typedef struct nnue_array {
    const char *name;
    size_t size, count;
    void **at;
} nnue_array;

static size_t feature_count(const nnue_net *net)
{
    return NNUE_FLOE_FEATURES + NNUE_PENGUIN_FEATURES +
           (net->features & NNUE_SET_REACH ? NNUE_REACH_FEATURES : 0);
}

static size_t nnue_arrays_of(nnue_net *net, nnue_array *arrays)
{
    size_t h1 = net->h1, h2 = net->h2;
    nnue_array list[] = {
        {"W1", 2, feature_count(net) * h1, (void **)&net->w1},
        {"b1", 2, h1, (void **)&net->b1},
        {"W2", 1, h2 * (h1 + NNUE_DENSE), (void **)&net->w2},
        {"b2", 4, h2, (void **)&net->b2},
        {"Wp", 1, NNUE_POLICY * h2, (void **)&net->wp},
        {"bp", 4, NNUE_POLICY, (void **)&net->bp},
        {"Wv", 1, NNUE_VALUES * h2, (void **)&net->wv},
        {"bv", 4, NNUE_VALUES, (void **)&net->bv},
    };
    memcpy(arrays, list, sizeof list);
    return sizeof list / sizeof list[0];
}

static int check_header(const unsigned char *h, const char *path, nnue_net *net, char *why,
                        size_t why_size)
{
    net->features = le32(h + 8);
    net->h1 = le32(h + 12);
    net->h2 = le32(h + 16);
    uint32_t dense = le32(h + 20), policy = le32(h + 24), values = le32(h + 28);
    if (net->features != NNUE_SET_BOARD && net->features != (NNUE_SET_BOARD | NNUE_SET_REACH)) {
        player_say(why, why_size, "'%s': feature set %u, expected 1 or 3", path,
                   (unsigned)net->features);
        return -1;
    }
    if (net->h1 < 32 || net->h1 > NNUE_H1_MAX || net->h1 % 32 || net->h2 < 32 ||
        net->h2 > NNUE_H2_MAX || net->h2 % 32) {
        player_say(why, why_size,
                   "'%s': hidden sizes H1=%u H2=%u, which must be multiples of 32, H1 up to %d "
                   "and H2 up to %d",
                   path, (unsigned)net->h1, (unsigned)net->h2, NNUE_H1_MAX, NNUE_H2_MAX);
        return -1;
    }
    if (dense != NNUE_DENSE || policy != NNUE_POLICY || values != NNUE_VALUES) {
        player_say(why, why_size,
                   "'%s': %u dense inputs, %u policy and %u value outputs, expected %d, %d "
                   "and %d",
                   path, (unsigned)dense, (unsigned)policy, (unsigned)values, NNUE_DENSE,
                   NNUE_POLICY, NNUE_VALUES);
        return -1;
    }
    return 0;
}

/* Decodes array `a` from little-endian `bytes` into its place; an int8 of
 * -128 is refused (the kernels' ranges are symmetric), and an int32 bias
 * beyond NNUE_BIAS_MAX (an int32 sum could overflow). */
static int decode(const nnue_array *a, const unsigned char *bytes, const char *path, char *why,
                  size_t why_size)
{
    for (size_t i = 0; i < a->count; i++) {
        const unsigned char *b = bytes + i * a->size;
        if (a->size == 1) {
            if (b[0] == 0x80) {
                player_say(why, why_size,
                           "'%s': %s[%zu] is -128 (int8 weights are -127 to 127)", path,
                           a->name, i);
                return -1;
            }
            ((int8_t *)*a->at)[i] = (int8_t)b[0];
        } else if (a->size == 2) {
            ((int16_t *)*a->at)[i] = (int16_t)(uint16_t)(b[0] | b[1] << 8);
        } else {
            int32_t bias = (int32_t)le32(b);
            if (bias < -NNUE_BIAS_MAX || bias > NNUE_BIAS_MAX) {
                player_say(why, why_size,
                           "'%s': %s[%zu] is %ld (int32 biases are -2^28 to 2^28, so that no "
                           "sum overflows)",
                           path, a->name, i, (long)bias);
                return -1;
            }
            ((int32_t *)*a->at)[i] = bias;
        }
    }
    return 0;
}

/* Bytes of the kernels' int32 forms of W2, Wp and Wv. */
static size_t widened_bytes(const nnue_net *net)
{
    size_t h1 = net->h1, h2 = net->h2;
    return nnue_round_up(4 * (h1 + NNUE_DENSE) * h2) + nnue_round_up(4 * NNUE_POLICY * h2) +
           nnue_round_up(4 * NNUE_VALUES * h2);
}

/* The kernels' forms, at `place`: W2 transposed, every int8 as int32. */
static void widen(nnue_net *net, unsigned char *place)
{
    size_t h1 = net->h1, h2 = net->h2, in = h1 + NNUE_DENSE;
    net->w2t = (int32_t *)place;
    net->wpi = (int32_t *)(place + nnue_round_up(4 * in * h2));
    net->wvi = (int32_t *)((unsigned char *)net->wpi + nnue_round_up(4 * NNUE_POLICY * h2));
    for (size_t o = 0; o < h2; o++)
        for (size_t i = 0; i < in; i++)
            net->w2t[i * h2 + o] = net->w2[o * in + i];
    for (size_t i = 0; i < NNUE_POLICY * h2; i++)
        net->wpi[i] = net->wp[i];
    for (size_t i = 0; i < NNUE_VALUES * h2; i++)
        net->wvi[i] = net->wv[i];
}

/* The arrays after the header: exactly as many bytes as the shapes say. */
static int read_nnue_arrays(FILE *file, const char *path, nnue_net *net, char *why,
                            size_t why_size)
{
    nnue_array arrays[8];
    size_t count = nnue_arrays_of(net, arrays), total = 0, room = 0;
    for (size_t a = 0; a < count; a++) {
        total += arrays[a].size * arrays[a].count;
        room += nnue_round_up(arrays[a].size * arrays[a].count);
    }
    size_t expected = NNUE_HEADER_BYTES + total;
    long size = fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
    if (size >= 0 && (size_t)size != expected) {
        player_say(why, why_size, "'%s' is %s: %ld bytes where its header needs exactly %zu",
                   path, (size_t)size < expected ? "truncated" : "too long", size, expected);
        return -1;
    }
    if (size >= 0 && fseek(file, NNUE_HEADER_BYTES, SEEK_SET) != 0) {
        player_say(why, why_size, "cannot read the weights file '%s': %s", path,
                   strerror(errno));
        return -1;
    }
    unsigned char *bytes = malloc(total);
    net->data = aligned_alloc(NNUE_ALIGN, room + widened_bytes(net));
    if (!bytes || !net->data) {
        free(bytes);
        return -2;
    }
    size_t got = fread(bytes, 1, total, file);
    int trailing = got == total && fgetc(file) != EOF;
    if (got < total || trailing) {
        player_say(why, why_size, "'%s' is %s: its header needs exactly %zu bytes", path,
                   trailing ? "too long" : "truncated", expected);
        free(bytes);
        return -1;
    }
    unsigned char *place = net->data;
    const unsigned char *from = bytes;
    int result = 0;
    for (size_t a = 0; a < count && result == 0; a++) {
        *arrays[a].at = place;
        result = decode(&arrays[a], from, path, why, why_size);
        from += arrays[a].size * arrays[a].count;
        place += nnue_round_up(arrays[a].size * arrays[a].count);
    }
    free(bytes);
    if (result == 0)
        widen(net, place);
    return result;
}

int nnue_load(FILE *file, const unsigned char *head, size_t head_size, const char *path,
              nnue_net **out, char *why, size_t why_size)
{
    unsigned char header[NNUE_HEADER_BYTES];
    *out = NULL;
    memcpy(header, head, head_size);
    size_t rest = sizeof header - head_size;
    if (fread(header + head_size, 1, rest, file) < rest) {
        player_say(why, why_size, "'%s' is truncated: shorter than the %d bytes of its header",
                   path, NNUE_HEADER_BYTES);
        return -1;
    }
    nnue_net *net = calloc(1, sizeof *net);
    if (!net)
        return -2;
    int result = check_header(header, path, net, why, why_size);
    if (result == 0)
        result = read_nnue_arrays(file, path, net, why, why_size);
    if (result != 0) {
        nnue_net_free(net);
        return result;
    }
    net->kernel = nnue_default_kernel();
    *out = net;
    return 0;
}

void nnue_net_free(nnue_net *net)
{
    if (!net)
        return;
    free(net->data);
    free(net);
}
