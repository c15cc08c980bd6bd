/* SPDX-License-Identifier: MIT */
/* mcts_tree.c: see mcts_tree.h. */
#include "mcts_tree.h"
#include "player_kind.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void mcts_tree_init(mcts_tree *tree, size_t max_nodes)
{
    memset(tree, 0, sizeof *tree);
    tree->max_nodes = max_nodes < 2 ? 2 : max_nodes;
}

void mcts_tree_clear(mcts_tree *tree)
{
    free(tree->nodes);
    tree->nodes = NULL;
    tree->count = tree->capacity = 0;
    packeis_game_free(tree->root_game);
    tree->root_game = NULL;
}

void mcts_tree_free(mcts_tree *tree) { mcts_tree_clear(tree); }

/* Room for `more` nodes; 0 if the tree may not grow that far. */
static int reserve(mcts_tree *tree, size_t more)
{
    if (tree->count + more > tree->max_nodes)
        return 0;
    if (tree->count + more <= tree->capacity)
        return 1;
    size_t capacity = tree->capacity ? tree->capacity : 1024;
    while (capacity < tree->count + more)
        capacity *= 2;
    if (capacity > tree->max_nodes)
        capacity = tree->max_nodes;
    mcts_node *nodes = realloc(tree->nodes, capacity * sizeof *nodes);
    if (!nodes)
        return 0;
    tree->nodes = nodes;
    tree->capacity = capacity;
    return 1;
}

/* The tables of `game`'s board, unless they are those of `board` already. */
static void learn_board(mcts_board *tables, const packeis_game *game, uint64_t board)
{
    if (tables->signature == board && board != 0)
        return;
    memset(tables->fish, 0, sizeof tables->fish);
    memset(tables->neighbor, -1, sizeof tables->neighbor);
    int cells = packeis_game_cell_count(game);
    for (int cell = 0; cell < cells; cell++) {
        tables->fish[cell] = (uint8_t)packeis_game_fish(game, cell);
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            tables->neighbor[cell][d] = (int8_t)packeis_game_neighbor(game, cell, d);
    }
    tables->signature = board;
}

/* player_fish_in_reach() from the tables: the fish on the floes a penguin
 * on `cell` could slide to, with `open` the floes no penguin stands on. */
static int fish_in_reach(const mcts_board *tables, uint64_t open, int cell)
{
    int total = 0;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
        for (int next = tables->neighbor[cell][d]; next >= 0 && ((open >> next) & 1);
             next = tables->neighbor[next][d])
            total += tables->fish[next];
    return total;
}

/* player_greedy_value() from the tables (moves are from * 64 + to, a
 * placement from == to: packeis.h). */
static int greedy_value(const mcts_board *tables, uint64_t open, packeis_move move)
{
    int from = move / PACKEIS_MAX_CELLS, to = move % PACKEIS_MAX_CELLS;
    if (from == to)
        return fish_in_reach(tables, open, to);
    return 4 * tables->fish[from] + tables->fish[to];
}

/* The floes no penguin stands on. */
static uint64_t open_floes(const packeis_game *game)
{
    uint64_t penguins = 0;
    for (int p = 0; p < packeis_game_player_count(game); p++)
        penguins |= packeis_game_penguins(game, p);
    return packeis_game_floes(game) & ~penguins;
}

packeis_status mcts_tree_expand(mcts_tree *tree, uint32_t node, const packeis_game *game,
                                int *expanded)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    int scores[PACKEIS_MAX_MOVES];
    size_t count;
    *expanded = 0;
    packeis_status status = packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count);
    if (status != PACKEIS_OK)
        return status;
    if (!reserve(tree, count))
        return PACKEIS_OK;
    uint32_t first = (uint32_t)tree->count;
    uint64_t open = count ? open_floes(game) : 0;
    for (size_t i = 0; i < count; i++) {
        /* Insertion by score, stable: the library's order breaks ties. */
        int score = greedy_value(&tree->tables, open, moves[i]);
        size_t j = i;
        for (; j > 0 && scores[j - 1] < score; j--) {
            scores[j] = scores[j - 1];
            tree->nodes[first + j] = tree->nodes[first + j - 1];
        }
        scores[j] = score;
        tree->nodes[first + j] = (mcts_node){.move = moves[i]};
    }
    tree->count += count;
    tree->nodes[node].first_child = first;
    tree->nodes[node].child_count = (uint16_t)count;
    /* A finished game is expanded with no children: first_child must still
     * say "expanded", and node 0 is never a child, so point past the end. */
    if (count == 0)
        tree->nodes[node].first_child = UINT32_MAX;
    *expanded = 1;
    return PACKEIS_OK;
}

int mcts_tree_add_children(mcts_tree *tree, uint32_t node, const packeis_move *moves,
                           const float *prior, size_t count)
{
    if (!reserve(tree, count))
        return 0;
    uint32_t first = (uint32_t)tree->count;
    for (size_t i = 0; i < count; i++)
        tree->nodes[first + i] = (mcts_node){.move = moves[i], .prior = prior[i]};
    tree->count += count;
    tree->nodes[node].first_child = count ? first : UINT32_MAX;
    tree->nodes[node].child_count = (uint16_t)count;
    return 1;
}

/* The subtree of `top` becomes the whole tree, children still side by side. */
static int keep_subtree(mcts_tree *tree, uint32_t top)
{
    mcts_node *nodes = malloc(tree->capacity * sizeof *nodes);
    uint32_t *from = malloc(tree->capacity * sizeof *from); /* old index of each new node */
    if (!nodes || !from) {
        free(nodes);
        free(from);
        return 0;
    }
    size_t count = 1;
    nodes[0] = tree->nodes[top];
    from[0] = top;
    for (size_t i = 0; i < count; i++) {
        const mcts_node *old = &tree->nodes[from[i]];
        if (old->first_child == 0 || old->child_count == 0)
            continue;
        nodes[i].first_child = (uint32_t)count;
        for (uint32_t c = 0; c < old->child_count; c++) {
            nodes[count] = tree->nodes[old->first_child + c];
            from[count++] = old->first_child + c;
        }
    }
    free(from);
    free(tree->nodes);
    tree->nodes = nodes;
    tree->count = count;
    return 1;
}

/* The node reached from the root by the moves of `history`, or -1. */
static long walk(const mcts_tree *tree, const packeis_move *history, size_t count)
{
    uint32_t node = 0;
    for (size_t k = 0; k < count; k++) {
        const mcts_node *n = &tree->nodes[node];
        if (n->first_child == 0 || n->child_count == 0)
            return -1;
        uint32_t c = 0;
        while (c < n->child_count && tree->nodes[n->first_child + c].move != history[k])
            c++;
        if (c == n->child_count)
            return -1;
        node = n->first_child + c;
    }
    return node;
}

/* Whether the old tree leads to `game`; if so, its root game is moved there
 * and the subtree kept. */
static int try_reuse(mcts_tree *tree, const packeis_game *game, uint64_t board)
{
    if (!tree->root_game || tree->count == 0 || board != tree->board)
        return 0;
    size_t old = packeis_game_ply_count(tree->root_game), now = packeis_game_ply_count(game);
    if (now < old)
        return 0;
    packeis_move *a = malloc((old + 1) * sizeof *a), *b = malloc((now + 1) * sizeof *b);
    size_t na, nb;
    int ok = a && b && packeis_game_history(tree->root_game, a, old + 1, &na) == PACKEIS_OK &&
             packeis_game_history(game, b, now + 1, &nb) == PACKEIS_OK && na == old &&
             nb == now && memcmp(a, b, old * sizeof *a) == 0;
    long node = ok ? walk(tree, b + old, now - old) : -1;
    for (size_t k = old; node >= 0 && k < now; k++)
        if (packeis_game_apply(tree->root_game, b[k]) != PACKEIS_OK)
            node = -1;
    free(a);
    free(b);
    /* The same moves from the same start: the hashes tell positions loaded
     * from text (which have no history) apart. */
    if (node < 0 || packeis_game_hash(tree->root_game) != packeis_game_hash(game))
        return 0;
    return keep_subtree(tree, (uint32_t)node);
}

packeis_status mcts_tree_set_root(mcts_tree *tree, const packeis_game *game, uint64_t board)
{
    learn_board(&tree->tables, game, board);
    if (try_reuse(tree, game, board))
        return PACKEIS_OK;
    packeis_status status = tree->root_game ? packeis_game_assign(tree->root_game, game)
                                            : packeis_game_clone(game, &tree->root_game);
    if (status != PACKEIS_OK) {
        mcts_tree_clear(tree);
        return status;
    }
    tree->board = board;
    tree->count = 0;
    if (!reserve(tree, 1)) {
        mcts_tree_clear(tree);
        return PACKEIS_E_OUT_OF_MEMORY;
    }
    tree->nodes[0] = (mcts_node){.move = PACKEIS_MOVE_NONE};
    tree->count = 1;
    return PACKEIS_OK;
}

void mcts_tree_principal_variation(const mcts_tree *tree, packeis_move first,
                                   packeis_player_report *r)
{
    r->pv[0] = first;
    r->pv_length = 1;
    const mcts_node *root = &tree->nodes[0];
    uint32_t node = 0;
    for (uint32_t c = root->first_child;
         root->first_child && c < root->first_child + root->child_count; c++)
        if (tree->nodes[c].move == first)
            node = c;
    while (node && r->pv_length < PACKEIS_PLAYER_PV_MAX) {
        const mcts_node *n = &tree->nodes[node];
        if (n->first_child == 0 || n->child_count == 0)
            break;
        uint32_t best = n->first_child;
        for (uint32_t c = n->first_child; c < n->first_child + n->child_count; c++)
            if (tree->nodes[c].visits > tree->nodes[best].visits)
                best = c;
        if (tree->nodes[best].visits == 0)
            break;
        r->pv[r->pv_length++] = tree->nodes[best].move;
        node = best;
    }
}
