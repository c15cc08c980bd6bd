/* SPDX-License-Identifier: MIT */
/* mcts_tree.h: the search tree of the mcts player, an array of nodes whose
 * children lie side by side, and its reuse between moves. */
#ifndef PACKEIS_EXAMPLES_MCTS_TREE_H
#define PACKEIS_EXAMPLES_MCTS_TREE_H

#include <stddef.h>
#include <stdint.h>

#include <packeis/players.h>

typedef struct mcts_node {
    uint32_t first_child; /* 0: not expanded (node 0 is the root, never a child) */
    uint32_t visits;
    float reward; /* summed over visits, for the player who moved here */
    union {
        float wins;  /* mcts: the same from the final ranks alone, the win estimate */
        float prior; /* az: the network's probability of the move from the parent */
    };
    uint16_t move;        /* the move from the parent */
    uint16_t child_count; /* 0 once expanded: the game is over here */
} mcts_node;

/* What expansion reads of the board, which no move changes: the fish of
 * every cell and its neighbours, so that ordering the children by the
 * greedy player's taste costs no library call per move. */
typedef struct mcts_board {
    uint64_t signature; /* of the board these tables describe; 0: none yet */
    uint8_t fish[PACKEIS_MAX_CELLS];
    int8_t neighbor[PACKEIS_MAX_CELLS][PACKEIS_DIRECTION_COUNT]; /* -1: none */
} mcts_board;

typedef struct mcts_tree {
    mcts_node *nodes;
    size_t count, capacity, max_nodes;
    packeis_game *root_game; /* the position at node 0, or NULL: no tree */
    uint64_t board;          /* the signature of its board */
    mcts_board tables;       /* of that board */
} mcts_tree;

/* An empty tree of at most `max_nodes` nodes. */
void mcts_tree_init(mcts_tree *tree, size_t max_nodes);
void mcts_tree_free(mcts_tree *tree);
/* Drops the nodes and the root game. */
void mcts_tree_clear(mcts_tree *tree);

/* Makes the tree start at `game`: keeps the subtree of the position reached
 * from the old root by the moves played since (the history of `game` must
 * extend the old root's, on the same board), else starts afresh with a
 * root only. PACKEIS_OK, or PACKEIS_E_OUT_OF_MEMORY. */
packeis_status mcts_tree_set_root(mcts_tree *tree, const packeis_game *game, uint64_t board);

/* Expands `node`: one child per legal move of `game` (the position at the
 * node), the greedy player's favourites first, so that unvisited children
 * are tried in that order. *expanded is 0 when the tree is full (the node
 * stays a leaf). PACKEIS_OK or an error of the library. */
packeis_status mcts_tree_expand(mcts_tree *tree, uint32_t node, const packeis_game *game,
                                int *expanded);

/* Expands `node` with the children given: moves[i], its prior prior[i],
 * in that order (az, whose network ranks them, needs no greedy order).
 * 0 when the tree is full (the node stays a leaf); a count of 0 marks the
 * end of the game as mcts_tree_expand() does. */
int mcts_tree_add_children(mcts_tree *tree, uint32_t node, const packeis_move *moves,
                           const float *prior, size_t count);

/* The principal variation from the root move `first` on: the most visited
 * child, again and again, into r->pv. */
void mcts_tree_principal_variation(const mcts_tree *tree, packeis_move first,
                                   packeis_player_report *r);

#endif
