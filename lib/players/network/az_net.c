/* SPDX-License-Identifier: MIT */
/* az_net.c: reading and checking an az weights file (doc/formats.md,
 * "az weights"): every refusal is a sentence naming the file. */
#define _POSIX_C_SOURCE 200809L /* open() without waiting, fdopen() */

#include "az_net.h"
#include "player_kind.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint32_t read_u32(const unsigned char *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}

/* The arrays of the file in order, with their names for the errors. */
typedef struct az_array {
    const char *name;
    float **at;
    size_t rows, columns;
} az_array;

static size_t arrays_of(az_net *net, az_array *arrays)
{
    size_t h1 = net->h1, h2 = net->h2;
    az_array list[] = {
        {"W1", &net->w1, h1, AZ_INPUTS}, {"b1", &net->b1, 1, h1},
        {"W2", &net->w2, h2, h1},        {"b2", &net->b2, 1, h2},
        {"Wp", &net->wp, AZ_POLICY, h2}, {"bp", &net->bp, 1, AZ_POLICY},
        {"Wv", &net->wv, 1, h2},         {"bv", &net->bv, 1, 1},
    };
    memcpy(arrays, list, sizeof list);
    return sizeof list / sizeof list[0];
}

/* The header: the shapes, checked; 2 for a version 2 file, whose first
 * AZ_HEADER_BYTES are then in `header`. */
static int read_header(FILE *file, const char *path, az_net *net, unsigned char *header,
                       char *why, size_t why_size)
{
    size_t got = fread(header, 1, AZ_HEADER_BYTES, file);
    if (ferror(file)) {
        player_say(why, why_size, "cannot read the weights file '%s': %s", path,
                   strerror(errno));
        return -1;
    }
    struct stat about;
    if (got == 0 && fstat(fileno(file), &about) == 0 && S_ISFIFO(about.st_mode)) {
        player_say(why, why_size, "'%s' is a FIFO no program writes to (nothing to read)",
                   path);
        return -1;
    }
    if (got < 4 || memcmp(header, "PKAZ", 4) != 0) {
        player_say(why, why_size, "'%s' is no az weights file (it does not start with PKAZ)",
                   path);
        return -1;
    }
    if (got < AZ_HEADER_BYTES) {
        player_say(why, why_size,
                   "'%s' is truncated: %zu bytes, shorter than the %d of the header", path, got,
                   AZ_HEADER_BYTES);
        return -1;
    }
    uint32_t version = read_u32(header + 4), inputs = read_u32(header + 8);
    uint32_t policy = read_u32(header + 20);
    net->h1 = read_u32(header + 12);
    net->h2 = read_u32(header + 16);
    if (version == 2)
        return 2;
    if (version != 1) {
        player_say(why, why_size,
                   "'%s': unknown az weights version %u (this library reads 1 and 2)", path,
                   (unsigned)version);
        return -1;
    }
    if (inputs != AZ_INPUTS || policy != AZ_POLICY) {
        player_say(why, why_size, "'%s': %u inputs and %u policy outputs, expected %d and %d",
                   path, (unsigned)inputs, (unsigned)policy, AZ_INPUTS, AZ_POLICY);
        return -1;
    }
    if (net->h1 == 0 || net->h1 > AZ_HIDDEN_MAX || net->h2 == 0 || net->h2 > AZ_HIDDEN_MAX) {
        player_say(why, why_size, "'%s': hidden sizes H1=%u H2=%u, each must be 1 to %d", path,
                   (unsigned)net->h1, (unsigned)net->h2, AZ_HIDDEN_MAX);
        return -1;
    }
    return 0;
}

/* The floats after the header, decoded from little-endian and checked
 * finite; exactly as many as the shapes say, nothing after them. */
static int read_arrays(FILE *file, const char *path, az_net *net, char *why, size_t why_size)
{
    az_array arrays[8];
    size_t count = arrays_of(net, arrays), total = 0;
    for (size_t a = 0; a < count; a++)
        total += arrays[a].rows * arrays[a].columns;
    size_t expected = AZ_HEADER_BYTES + 4 * total;
    /* The size first, so that a short file claiming large shapes is
     * refused before anything is allocated for them. */
    long size = fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
    if (size >= 0 && (size_t)size != expected) {
        player_say(why, why_size, "'%s' is %s: %ld bytes where H1=%u H2=%u need exactly %zu",
                   path, (size_t)size < expected ? "truncated" : "too long", size,
                   (unsigned)net->h1, (unsigned)net->h2, expected);
        return -1;
    }
    if (size >= 0 && fseek(file, AZ_HEADER_BYTES, SEEK_SET) != 0) {
        player_say(why, why_size, "cannot read the weights file '%s': %s", path,
                   strerror(errno));
        return -1;
    }
    unsigned char *bytes = malloc(4 * total);
    net->data = malloc(total * sizeof *net->data);
    net->w1t = malloc(((size_t)AZ_INPUTS * net->h1 + (size_t)net->h1 * net->h2 +
                       (size_t)net->h2 * AZ_POLICY) *
                      sizeof *net->w1t);
    if (!bytes || !net->data || !net->w1t) {
        free(bytes);
        return -2;
    }
    /* Where the size was unknown (a pipe), the reading itself tells. */
    size_t got = fread(bytes, 1, 4 * total, file);
    int trailing = got == 4 * total && fgetc(file) != EOF;
    if (got < 4 * total || trailing) {
        player_say(why, why_size, "'%s' is %s: H1=%u H2=%u need exactly %zu bytes", path,
                   trailing ? "too long" : "truncated", (unsigned)net->h1, (unsigned)net->h2,
                   expected);
        free(bytes);
        return -1;
    }
    float *next = net->data;
    for (size_t a = 0; a < count; a++) {
        *arrays[a].at = next;
        for (size_t i = 0; i < arrays[a].rows * arrays[a].columns; i++, next++) {
            uint32_t word = read_u32(bytes + 4 * (size_t)(next - net->data));
            memcpy(next, &word, sizeof word);
            if (!isfinite(*next)) {
                player_say(why, why_size, "'%s': %s[%zu][%zu] is not a finite number", path,
                           arrays[a].name, i / arrays[a].columns, i % arrays[a].columns);
                free(bytes);
                return -1;
            }
        }
    }
    free(bytes);
    return 0;
}

/* The bound of each output of a layer: |bias| plus the magnitudes of its
 * weights times the bounds of its inputs (w row-major [out][in]); the
 * largest into *top. */
static void layer_bounds(const float *w, const float *b, const double *in_bound, size_t in,
                         size_t out, double *bound, double *top)
{
    *top = 0;
    for (size_t o = 0; o < out; o++) {
        double sum = fabs(b[o]);
        for (size_t i = 0; i < in; i++)
            sum += fabs(w[o * in + i]) * (in_bound ? in_bound[i] : 1.0);
        bound[o] = sum;
        *top = sum > *top ? sum : *top;
    }
}

/* Refuses weights whose sums could leave float's range (NaN values and
 * policies followed: 3e38 everywhere is finite, its sums are not). Each
 * layer's outputs are bounded from its inputs' (an observation's values
 * are 0 ... 1, ReLU keeps a unit within its bound); every bound must stay
 * below AZ_SUM_MAX, far enough under float's 3.4e38 for any order of
 * summation (OpenBLAS's too). Bounds in double cannot overflow. */
static int check_magnitudes(const az_net *net, const char *path, char *why, size_t why_size)
{
    size_t h1 = net->h1, h2 = net->h2;
    double *bounds = malloc((h1 + h2 + AZ_POLICY) * sizeof *bounds);
    if (!bounds)
        return -2;
    double *b1 = bounds, *b2 = b1 + h1, *bp = b2 + h2, bv, top[4];
    layer_bounds(net->w1, net->b1, NULL, AZ_INPUTS, h1, b1, &top[0]);
    layer_bounds(net->w2, net->b2, b1, h1, h2, b2, &top[1]);
    layer_bounds(net->wp, net->bp, b2, h2, AZ_POLICY, bp, &top[2]);
    layer_bounds(net->wv, net->bv, b2, h2, 1, &bv, &top[3]);
    free(bounds);
    static const char *const layers[] = {"W1", "W2", "Wp", "Wv"};
    for (int l = 0; l < 4; l++)
        if (!(top[l] < AZ_SUM_MAX)) {
            player_say(why, why_size,
                       "'%s': weights too large: %s's outputs could reach %.3g, beyond %g "
                       "(float sums could overflow)",
                       path, layers[l], top[l], AZ_SUM_MAX);
            return -1;
        }
    return 0;
}

/* to[in][out] from row-major w[out][in]. */
static void transpose(const float *w, size_t in, size_t out, float *to)
{
    for (size_t o = 0; o < out; o++)
        for (size_t i = 0; i < in; i++)
            to[i * out + o] = w[o * in + i];
}

static void transpose_all(az_net *net)
{
    net->w2t = net->w1t + (size_t)AZ_INPUTS * net->h1;
    net->wpt = net->w2t + (size_t)net->h1 * net->h2;
    transpose(net->w1, AZ_INPUTS, net->h1, net->w1t);
    transpose(net->w2, net->h1, net->h2, net->w2t);
    transpose(net->wp, net->h2, AZ_POLICY, net->wpt);
}

/* The file for reading. A FIFO is opened without waiting for a writer (a
 * plain open() waits for one, forever if none comes): one no program has
 * open for writing then reads as empty and is refused, rather than
 * hanging the caller (an engine's setoption, which nothing could stop).
 * Reads wait again once open, for a writer that is there. WASI (the page)
 * has no FIFOs, nor a way to change a descriptor's flags: fopen() there. */
static FILE *open_weights(const char *path)
{
#if defined(__wasi__)
    return fopen(path, "rb");
#else
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat about;
    int flags = fcntl(fd, F_GETFL);
    int regular = fstat(fd, &about) == 0 && S_ISREG(about.st_mode);
    FILE *file = regular || (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0)
                     ? fdopen(fd, "rb")
                     : NULL;
    if (!file) {
        int error = errno;
        close(fd);
        errno = error;
    }
    return file;
#endif
}

int az_net_load(const char *path, az_net **out, char *why, size_t why_size)
{
    if (out)
        *out = NULL;
    if (!path || !out) {
        player_say(why, why_size, "no weights file named");
        return -1;
    }
    FILE *file = open_weights(path);
    if (!file) {
        player_say(why, why_size, "cannot open the weights file '%s': %s", path,
                   strerror(errno));
        return -1;
    }
    az_net *net = calloc(1, sizeof *net);
    unsigned char header[AZ_HEADER_BYTES];
    int result = net ? read_header(file, path, net, header, why, why_size) : -2;
    if (net)
        net->version = result == 2 ? 2 : 1;
    if (result == 2)
        result = nnue_load(file, header, sizeof header, path, &net->nnue, why, why_size);
    else if (result == 0)
        result = read_arrays(file, path, net, why, why_size);
    if (result == 0 && net->version == 1)
        result = check_magnitudes(net, path, why, why_size);
    if (result == 0 && ferror(file)) {
        player_say(why, why_size, "cannot read the weights file '%s'", path);
        result = -1;
    }
    fclose(file);
    if (result == -2)
        player_say(why, why_size, "out of memory reading '%s'", path);
    if (result != 0) {
        az_net_free(net);
        return result;
    }
    if (net->version == 1)
        transpose_all(net);
    *out = net;
    return 0;
}

void az_net_free(az_net *net)
{
    if (!net)
        return;
    free(net->data);
    free(net->w1t);
    nnue_net_free(net->nnue);
    free(net);
}
