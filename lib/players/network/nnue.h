/* SPDX-License-Identifier: MIT */
/*
 * nnue.h: the az network of weights file version 2 (doc/formats.md, "Version
 * 2: the incremental, quantized network"): integer weights with fixed
 * scales, a first layer kept as an accumulator that moves update, a value
 * per player. Private to lib/players.
 *
 * Why the accumulator is shared by every player: the features are FLOE
 * (the same for every player's view) and PENGUIN (by relative player). A
 * move turns off one floe or a few (those cut off), so the FLOE part is
 * what the search keeps and updates (nnue_floes_*); the PENGUIN part is at
 * most eight rows, for the player to act's view, and is added at each
 * evaluation, as REACH is. So one accumulator serves every player's view,
 * where one per player would cost a row per penguin and player at every
 * move for rows that are at most eight anyway.
 */
#ifndef PACKEIS_PLAYERS_NNUE_H
#define PACKEIS_PLAYERS_NNUE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <packeis/players.h>

enum {
    NNUE_HEADER_BYTES = 32,
    NNUE_FLOE_FEATURES = 192,    /* 64 * (fish - 1) + cell */
    NNUE_PENGUIN_FEATURES = 256, /* 192 + 64 * relative player + cell */
    NNUE_REACH_FEATURES = 256,   /* 448 + 64 * relative player + cell */
    NNUE_SET_BOARD = 1,          /* FLOE and PENGUIN */
    NNUE_SET_REACH = 2,          /* and REACH */
    NNUE_DENSE = 16,
    NNUE_POLICY = 192,
    NNUE_VALUES = 4,
    NNUE_H1_MAX = 1024,
    NNUE_H2_MAX = 256,
    NNUE_ALIGN = 64, /* bytes: one cache line, a ZMM register */
    /* The largest int32 bias (b2, bp, bv) a file may hold. The weights'
     * part of a sum is below 2^24 whatever the input (127 * 127 * (1024 +
     * 16) in the hidden layer, 127 * 127 * 256 in an output), so with
     * biases up to 2^28 no int32 sum overflows: not a slide's logit (two
     * outputs added), nor the softmax's difference of two of them. */
    NNUE_BIAS_MAX = 1 << 28,
};

/* `bytes` rounded up to a whole number of NNUE_ALIGN. */
static inline size_t nnue_round_up(size_t bytes)
{
    return (bytes + NNUE_ALIGN - 1) / NNUE_ALIGN * NNUE_ALIGN;
}

/* The integer work of an evaluation, one source compiled per instruction
 * set (nnue_kernel.c); every kernel gives the same integers. */
typedef struct nnue_kernel {
    const char *name;
    /* acc[h1] += (or -=) the rows w1[rows[i]][h1], i < count; int16
     * arithmetic that wraps, so that any order gives the same sums. */
    void (*add_rows)(int16_t *acc, const int16_t *w1, const uint16_t *rows, size_t count,
                     size_t h1);
    void (*sub_rows)(int16_t *acc, const int16_t *w1, const uint16_t *rows, size_t count,
                     size_t h1);
    /* a1 = clamp(acc, 0, 127) then dense[16]; s = b2 + W2 a1 (int32);
     * a2 = clamp(s >> 6, 0, 127). w2t is W2 transposed, [h1 + 16][h2]. */
    void (*hidden)(const int16_t *acc, const uint8_t *dense, const int32_t *w2t,
                   const int32_t *b2, size_t h1, size_t h2, int32_t *a2);
    /* The sum of a[i] * w[i], i < n (n a multiple of 16). */
    int32_t (*dot)(const int32_t *a, const int32_t *w, size_t n);
} nnue_kernel;

/* The kernels this processor can run, portable first, fastest last;
 * returns how many (at most 4). */
size_t nnue_kernels(const nnue_kernel **list, size_t capacity);
/* The fastest of them, or the one the environment variable
 * PACKEIS_NNUE_KERNEL names (portable, avx2, avx512; exactly, lower case)
 * where it can run. Any other value (empty, unknown, a kernel this
 * processor lacks) is ignored: the fastest, with no word said (a library
 * prints nothing); every kernel computes the same integers. */
const nnue_kernel *nnue_default_kernel(void);

typedef struct nnue_net {
    uint32_t features; /* NNUE_SET_BOARD, or with NNUE_SET_REACH */
    uint32_t h1, h2;
    int16_t *w1, *b1; /* [F][h1], [h1] */
    int8_t *w2;       /* [h2][h1 + 16] */
    int32_t *b2;      /* [h2] */
    int8_t *wp;       /* [192][h2] */
    int32_t *bp;      /* [192] */
    int8_t *wv;       /* [4][h2] */
    int32_t *bv;      /* [4] */
    /* The kernels' forms of W2, Wp and Wv: int32, W2 transposed. */
    int32_t *w2t; /* [h1 + 16][h2] */
    int32_t *wpi; /* [192][h2] */
    int32_t *wvi; /* [4][h2] */
    void *data;   /* every array, NNUE_ALIGN-aligned, in one allocation */
    const nnue_kernel *kernel;
} nnue_net;

/* Reads the rest of a version 2 file whose first head_size bytes (at most
 * 32: the magic, the version, ...) were read into `head`: 0 with *out; -1
 * with the reason in `why`; -2 out of memory. */
int nnue_load(FILE *file, const unsigned char *head, size_t head_size, const char *path,
              nnue_net **out, char *why, size_t why_size);
void nnue_net_free(nnue_net *net);

/* What the evaluations of one game's positions share: the layout's fish
 * and neighbours, and the FLOE accumulator of a reference position (the
 * search's root) with its floes. */
typedef struct nnue_board {
    const nnue_net *net;
    int players;
    int total_fish;
    int8_t fish[64];        /* 0 where the layout has no cell */
    int8_t neighbor[64][6]; /* -1 off the layout */
    uint64_t reference;     /* the floes of `floes_acc` */
    int16_t *floes_acc;     /* [h1]: b1 + the FLOE rows of `reference` */
    int16_t *acc;           /* [h1]: work space of an evaluation */
} nnue_board;

/* The board of `game`'s layout for `net`, its reference the game's floes.
 * PACKEIS_OK or PACKEIS_E_OUT_OF_MEMORY. */
packeis_status nnue_board_init(nnue_board *board, const nnue_net *net,
                               const packeis_game *game);
void nnue_board_free(nnue_board *board);
/* Makes `game`'s floes the reference, computed from scratch. */
void nnue_board_set_reference(nnue_board *board, const packeis_game *game);

/* acc = b1 + the FLOE rows of `floes`: from the reference, taking off the
 * rows of its floes that `floes` lacks, where `floes` is a subset of it
 * (as every position below a search's root is), else from scratch. */
void nnue_floes_acc(const nnue_board *board, const nnue_kernel *kernel, uint64_t floes,
                    int16_t *acc);
/* The same from scratch, whatever the reference: the tests' yardstick. */
void nnue_floes_acc_scratch(const nnue_board *board, const nnue_kernel *kernel, uint64_t floes,
                            int16_t *acc);

/* The network's answer for the player to act in `game` (not over):
 * logits of the legal moves moves[count] in integer units (127 * 64 a
 * logit), and values[q] for each player q (tanh applied). With `kernel`
 * NULL (here and above), the net's own. */
typedef struct nnue_output {
    int32_t logits[PACKEIS_MAX_MOVES];
    int32_t raw_values[NNUE_VALUES]; /* by relative player, before tanh */
    float values[PACKEIS_MAX_PLAYERS];
} nnue_output;
void nnue_evaluate(nnue_board *board, const nnue_kernel *kernel, const packeis_game *game,
                   const packeis_move *moves, size_t count, nnue_output *out);

/* The softmax of the logits (127 * 64 a unit) into prior[count]. */
void nnue_policy(const int32_t *logits, size_t count, float *prior);

#endif
