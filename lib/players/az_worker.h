/* SPDX-License-Identifier: MIT */
/* az_worker.h: one PUCT tree of the az player (az.c) and what a thread
 * needs to grow it: its scratch game, its network state (the version 2
 * network's tables and root accumulator, or version 1's buffers) and its
 * share of the budget. With the option "threads" above 1, each thread
 * grows a tree of its own (root parallelism) and az.c sums their roots. */
#ifndef PACKEIS_PLAYERS_AZ_WORKER_H
#define PACKEIS_PLAYERS_AZ_WORKER_H

#include "az_net.h"
#include "mcts_tree.h"
#include "player_kind.h"

/* What every worker reads and none writes during a search (the player
 * owns the network: it reads and frees it between searches). */
typedef struct az_settings {
    az_net *net; /* NULL until read */
    double cpuct;
    double noise; /* the weight of the Dirichlet noise at the root */
    double mix;   /* the weight of a playout in a leaf's value */
    uint64_t seed;
} az_settings;

typedef struct az_worker {
    const az_settings *settings;
    mcts_tree tree;
    packeis_game *scratch;
    /* Version 2 networks: the layout's tables and the root's accumulator
     * (nnue.h), for the board of signature `nnue_signature` (0: none). */
    nnue_board nnue;
    uint64_t nnue_signature;
    nnue_output *nnue_out;
    float *input, *work;  /* version 1: the planes and the forward pass's space */
    uint64_t seed;        /* of its playouts (the player's seed for worker 0) */
    uint64_t playouts;    /* played by this worker: the next one's seed */
    uint64_t noised_root; /* the hash of the root last given noise, 0: none */
    /* Per move: */
    player_budget budget; /* its own copy: each thread reads the clock alone */
    uint64_t quota;       /* visits it may make (UINT64_MAX: the clock decides) */
    uint64_t visits;      /* made this move */
    int depth;
    packeis_status status;
} az_worker;

/* Drops the tree, the scratch game and the network state (the network
 * itself is the player's). */
void az_worker_forget(az_worker *w);

/* The tree rooted at `game` (the old one's subtree where it leads there,
 * if `reuse`), the scratch game and the network state ready; the visits
 * of this move at 0, `quota` of them at most within `budget`. */
packeis_status az_worker_prepare(az_worker *w, const packeis_game *game, int reuse,
                                 const player_budget *budget, uint64_t quota);

/* Whether the worker may make one more visit. */
int az_worker_may_visit(az_worker *w);

/* One visit: down by PUCT to a leaf, its value, backed up; through the
 * root's child `forced` first where it is not 0. */
packeis_status az_worker_visit_through(az_worker *w, uint32_t forced);

/* Mixes Dirichlet noise into the priors of the root's children, once a
 * position (a root kept from an earlier search of it keeps its noise);
 * the root is evaluated first if it is not yet (one visit of the quota). */
packeis_status az_worker_add_noise(az_worker *w, const packeis_game *game);

/* Visits until the quota or the budget is spent; every `every` visits
 * (0: never) calls tick(context). The status goes to w->status too. */
packeis_status az_worker_run(az_worker *w, uint64_t every, void (*tick)(void *), void *context);

#endif
