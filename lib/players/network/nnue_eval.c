/* SPDX-License-Identifier: MIT */
/* nnue_eval.c: the features of a position, the FLOE accumulator kept from a
 * reference position, and an evaluation (nnue.h; doc/formats.md, "Version
 * 2"). */
#include "nnue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 127 * 64: one unit of a logit or a value before tanh. */
#define NNUE_OUTPUT_SCALE 8128.0

static int lowest(uint64_t bits) { return __builtin_ctzll(bits); }

packeis_status nnue_board_init(nnue_board *board, const nnue_net *net, const packeis_game *game)
{
    memset(board, 0, sizeof *board);
    board->net = net;
    board->players = packeis_game_player_count(game);
    for (int c = 0; c < 64; c++) {
        board->fish[c] = (int8_t)packeis_game_fish(game, c);
        board->total_fish += board->fish[c];
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            board->neighbor[c][d] = (int8_t)packeis_game_neighbor(game, c, d);
    }
    size_t bytes = nnue_round_up(net->h1 * sizeof(int16_t));
    board->floes_acc = aligned_alloc(NNUE_ALIGN, bytes);
    board->acc = aligned_alloc(NNUE_ALIGN, bytes);
    if (!board->floes_acc || !board->acc) {
        nnue_board_free(board);
        return PACKEIS_E_OUT_OF_MEMORY;
    }
    nnue_board_set_reference(board, game);
    return PACKEIS_OK;
}

void nnue_board_free(nnue_board *board)
{
    free(board->floes_acc);
    free(board->acc);
    board->floes_acc = board->acc = NULL;
}

/* The FLOE feature of each floe of `floes`, into rows[]; their count. */
static size_t floe_rows(const nnue_board *board, uint64_t floes, uint16_t *rows)
{
    size_t count = 0;
    for (; floes; floes &= floes - 1) {
        int c = lowest(floes);
        rows[count++] = (uint16_t)(64 * (board->fish[c] - 1) + c);
    }
    return count;
}

void nnue_floes_acc_scratch(const nnue_board *board, const nnue_kernel *kernel, uint64_t floes,
                            int16_t *acc)
{
    const nnue_net *net = board->net;
    uint16_t rows[64];
    memcpy(acc, net->b1, net->h1 * sizeof *acc);
    (kernel ? kernel : net->kernel)
        ->add_rows(acc, net->w1, rows, floe_rows(board, floes, rows), net->h1);
}

void nnue_board_set_reference(nnue_board *board, const packeis_game *game)
{
    board->reference = packeis_game_floes(game);
    nnue_floes_acc_scratch(board, NULL, board->reference, board->floes_acc);
}

void nnue_floes_acc(const nnue_board *board, const nnue_kernel *kernel, uint64_t floes,
                    int16_t *acc)
{
    const nnue_net *net = board->net;
    if (floes & ~board->reference) {
        nnue_floes_acc_scratch(board, kernel, floes, acc);
        return;
    }
    uint16_t rows[64];
    memcpy(acc, board->floes_acc, net->h1 * sizeof *acc);
    (kernel ? kernel : net->kernel)
        ->sub_rows(acc, net->w1, rows, floe_rows(board, board->reference & ~floes, rows),
                   net->h1);
}

/* The cells the penguins `from` reach in one slide over `floes`, stopped
 * by a cell that is no floe or holds a penguin (`occupied`). */
static uint64_t reach_of(const nnue_board *board, uint64_t from, uint64_t floes,
                         uint64_t occupied)
{
    uint64_t open = floes & ~occupied, reach = 0;
    for (; from; from &= from - 1) {
        int start = lowest(from);
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            for (int c = board->neighbor[start][d]; c >= 0 && (open >> c & 1);
                 c = board->neighbor[c][d])
                reach |= (uint64_t)1 << c;
    }
    return reach;
}

/* rows[] += `base + 64 * j + c` for every cell c of `cells`. */
static size_t feature_rows(uint64_t cells, int base, uint16_t *rows)
{
    size_t count = 0;
    for (; cells; cells &= cells - 1)
        rows[count++] = (uint16_t)(base + lowest(cells));
    return count;
}

/* acc += the PENGUIN (and REACH) rows of the view of player `me`. */
static void add_player_rows(nnue_board *board, const nnue_kernel *kernel,
                            const packeis_game *game, int me)
{
    const nnue_net *net = board->net;
    uint64_t penguins[NNUE_VALUES] = {0}, occupied = 0, floes = packeis_game_floes(game);
    uint16_t rows[8 + 4 * 64];
    size_t count = 0;
    for (int j = 0; j < board->players; j++) {
        penguins[j] = packeis_game_penguins(game, (me + j) % board->players);
        occupied |= penguins[j];
        count += feature_rows(penguins[j], NNUE_FLOE_FEATURES + 64 * j, rows + count);
    }
    for (int j = 0; (net->features & NNUE_SET_REACH) && j < board->players; j++)
        count +=
            feature_rows(reach_of(board, penguins[j], floes, occupied),
                         NNUE_FLOE_FEATURES + NNUE_PENGUIN_FEATURES + 64 * j, rows + count);
    kernel->add_rows(board->acc, net->w1, rows, count, net->h1);
}

static void dense_inputs(const nnue_board *board, const packeis_game *game, int me,
                         uint8_t *dense)
{
    int n = board->players, total = board->total_fish > 0 ? board->total_fish : 1;
    memset(dense, 0, NNUE_DENSE);
    for (int j = 0; j < n; j++) {
        int q = (me + j) % n;
        dense[j] = (uint8_t)((127 * packeis_game_fish_won(game, q) + total / 2) / total);
        dense[4 + j] = packeis_game_is_out(game, q) ? 127 : 0;
    }
    dense[8] = packeis_game_phase(game) == PACKEIS_PHASE_PLACEMENT ? 127 : 0;
    if (n >= 2 && n <= 4)
        dense[9 + n - 2] = 127;
}

/* The logit of policy output `index`, computed once an evaluation. */
static int32_t logit(const nnue_net *net, const nnue_kernel *kernel, const int32_t *a2,
                     int32_t *cache, uint64_t *known, int index)
{
    uint64_t bit = (uint64_t)1 << (index % 64);
    if (!(known[index / 64] & bit)) {
        cache[index] =
            net->bp[index] + kernel->dot(a2, net->wpi + (size_t)index * net->h2, net->h2);
        known[index / 64] |= bit;
    }
    return cache[index];
}

void nnue_evaluate(nnue_board *board, const nnue_kernel *kernel, const packeis_game *game,
                   const packeis_move *moves, size_t count, nnue_output *out)
{
    const nnue_net *net = board->net;
    if (!kernel)
        kernel = net->kernel;
    int me = packeis_game_current_player(game), n = board->players;
    nnue_floes_acc(board, kernel, packeis_game_floes(game), board->acc);
    add_player_rows(board, kernel, game, me);
    uint8_t dense[NNUE_DENSE];
    _Alignas(NNUE_ALIGN) int32_t a2[NNUE_H2_MAX];
    dense_inputs(board, game, me, dense);
    kernel->hidden(board->acc, dense, net->w2t, net->b2, net->h1, net->h2, a2);
    int32_t cache[NNUE_POLICY];
    uint64_t known[3] = {0};
    for (size_t i = 0; i < count; i++) {
        unsigned from = moves[i] / 64, to = moves[i] % 64;
        out->logits[i] = from == to ? logit(net, kernel, a2, cache, known, 128 + (int)to)
                                    : logit(net, kernel, a2, cache, known, (int)from) +
                                          logit(net, kernel, a2, cache, known, 64 + (int)to);
    }
    memset(out->values, 0, sizeof out->values);
    for (int j = 0; j < NNUE_VALUES; j++) {
        out->raw_values[j] =
            j < n ? net->bv[j] + kernel->dot(a2, net->wvi + (size_t)j * net->h2, net->h2) : 0;
        if (j < n)
            out->values[(me + j) % n] = tanhf((float)(out->raw_values[j] / NNUE_OUTPUT_SCALE));
    }
}

void nnue_policy(const int32_t *logits, size_t count, float *prior)
{
    int32_t top = INT32_MIN;
    for (size_t i = 0; i < count; i++)
        top = logits[i] > top ? logits[i] : top;
    float sum = 0;
    for (size_t i = 0; i < count; i++)
        sum += prior[i] = expf((float)(logits[i] - top) * (float)(1 / NNUE_OUTPUT_SCALE));
    for (size_t i = 0; i < count; i++)
        prior[i] /= sum;
}
