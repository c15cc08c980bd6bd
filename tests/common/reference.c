/* SPDX-License-Identifier: MIT */
/* The reference engine (reference.h): each rule written the plainest way,
 * with the heading of doc/rules.md it comes from. */
#include "reference.h"

#include <string.h>

const int ref_dx[PACKEIS_DIRECTION_COUNT] = {2, 1, -1, -2, -1, 1};
const int ref_dy[PACKEIS_DIRECTION_COUNT] = {0, -1, -1, 0, 1, 1};

static uint64_t bit(int cell) { return (uint64_t)1 << cell; }

/* ------------------------------------------------------------------------ */
/* Reading a game.                                                          */

int ref_board_load(const packeis_game *game, ref_board *b)
{
    memset(b, 0, sizeof *b);
    b->cells = packeis_game_cell_count(game);
    b->players = packeis_game_player_count(game);
    b->penguins = packeis_game_penguins_per_player(game);
    b->total = b->players * b->penguins;
    b->any_floe = packeis_game_variant(game, PACKEIS_VARIANT_PLACE_ANY_FLOE);
    b->snake = packeis_game_variant(game, PACKEIS_VARIANT_SNAKE_PLACEMENT);
    if (b->cells < 1 || b->cells > PACKEIS_MAX_CELLS || b->players < PACKEIS_MIN_PLAYERS ||
        b->players > PACKEIS_MAX_PLAYERS || b->penguins < 1)
        return -1;
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS];
    for (int cell = 0; cell < b->cells; cell++) {
        if (packeis_game_cell_coords(game, cell, &x[cell], &y[cell]) != PACKEIS_OK)
            return -1;
        b->fish[cell] = packeis_game_fish(game, cell);
    }
    /* "Directions": the neighbour is the cell at the next coordinates. */
    for (int cell = 0; cell < b->cells; cell++) {
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            b->next[cell][d] = REF_NO_CELL;
        for (int other = 0; other < b->cells; other++) {
            if (y[other] < y[cell] - 1 || y[other] > y[cell] + 1)
                continue; /* not on a row next to it: saves time only */
            for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
                if (x[other] == x[cell] + ref_dx[d] && y[other] == y[cell] + ref_dy[d])
                    b->next[cell][d] = other;
        }
    }
    return 0;
}

int ref_pos_load(const packeis_game *game, const ref_board *b, ref_pos *p)
{
    uint64_t floes = packeis_game_floes(game);
    memset(p, 0, sizeof *p);
    p->phase = packeis_game_phase(game);
    p->turn = packeis_game_current_player(game);
    if (p->phase < PACKEIS_PHASE_PLACEMENT || p->phase > PACKEIS_PHASE_OVER || p->turn < -1 ||
        p->turn >= b->players)
        return -1;
    for (int c = 0; c < b->cells; c++) {
        p->floe[c] = (signed char)((floes >> c) & 1);
        p->owner[c] = (signed char)packeis_game_penguin_at(game, c);
        if (p->owner[c] < -1 || p->owner[c] >= b->players)
            return -1;
        p->placed += p->owner[c] >= 0;
    }
    if (p->phase != PACKEIS_PHASE_PLACEMENT)
        p->placed = b->total;
    for (int pl = 0; pl < b->players; pl++) {
        p->fish[pl] = packeis_game_fish_won(game, pl);
        p->floes[pl] = packeis_game_floes_won(game, pl);
        p->out[pl] = packeis_game_is_out(game, pl);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The rules.                                                               */

/* "Placement", or the snake order of "Variants". */
int ref_placer(const ref_board *b, int i)
{
    int round = i / b->players, seat = i % b->players;
    return b->snake && round % 2 == 1 ? b->players - 1 - seat : seat;
}

void ref_start(const ref_board *b, ref_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int c = 0; c < b->cells; c++) {
        p->floe[c] = 1;
        p->owner[c] = -1;
    }
    p->phase = PACKEIS_PHASE_PLACEMENT;
    p->turn = ref_placer(b, 0);
}

static int ref_free(const ref_pos *p, int c)
{
    return c != REF_NO_CELL && p->floe[c] && p->owner[c] < 0;
}

/* "Moving": walk each direction until a gap, a missing floe or a penguin. */
uint64_t ref_reach(const ref_board *b, const ref_pos *p, int from)
{
    uint64_t reach = 0;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
        for (int c = b->next[from][d]; ref_free(p, c); c = b->next[c][d])
            reach |= bit(c);
    return reach;
}

static int ref_placeable(const ref_board *b, const ref_pos *p, int c)
{
    return p->owner[c] < 0 && (b->any_floe || b->fish[c] == 1);
}

size_t ref_moves(const ref_board *b, const ref_pos *p, packeis_move *moves)
{
    size_t n = 0;
    for (int from = 0; from < b->cells; from++) {
        if (p->phase == PACKEIS_PHASE_PLACEMENT && ref_placeable(b, p, from))
            moves[n++] = (packeis_move)(from * 65);
        if (p->phase != PACKEIS_PHASE_MOVEMENT || p->owner[from] != p->turn)
            continue;
        uint64_t reach = ref_reach(b, p, from);
        for (int to = 0; to < b->cells; to++)
            if (reach & bit(to))
                moves[n++] = (packeis_move)(from * 64 + to);
    }
    return n;
}

static int ref_can_move(const ref_board *b, const ref_pos *p, int player)
{
    for (int c = 0; c < b->cells; c++)
        if (p->owner[c] == player && ref_reach(b, p, c))
            return 1;
    return 0;
}

/* "Floes out of play": keep the free floes linked to a penguin by free
 * floes. */
static void ref_flood(const ref_board *b, ref_pos *p)
{
    int queue[PACKEIS_MAX_CELLS], seen[PACKEIS_MAX_CELLS] = {0}, head = 0, tail = 0;
    for (int c = 0; c < b->cells; c++)
        if (p->owner[c] >= 0) {
            seen[c] = 1;
            queue[tail++] = c;
        }
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
            int n = b->next[c][d];
            if (ref_free(p, n) && !seen[n]) {
                seen[n] = 1;
                queue[tail++] = n;
            }
        }
    }
    for (int c = 0; c < b->cells; c++)
        if (!seen[c])
            p->floe[c] = 0;
}

static void ref_credit(const ref_board *b, ref_pos *p, int player, int cell)
{
    p->fish[player] += b->fish[cell];
    p->floes[player]++;
    p->floe[cell] = 0;
}

static void ref_go_out(const ref_board *b, ref_pos *p, int player)
{
    for (int c = 0; c < b->cells; c++)
        if (p->owner[c] == player) {
            ref_credit(b, p, player, c);
            p->owner[c] = -1;
        }
    p->out[player] = 1;
}

/* "Passing the turn; going out": the first player from `first` on who can
 * move gets the turn; those on the way who cannot go out. */
static void ref_pass_turn(const ref_board *b, ref_pos *p, int first)
{
    for (int i = 0; i < b->players; i++) {
        int player = (first + i) % b->players;
        if (p->out[player])
            continue;
        if (ref_can_move(b, p, player)) {
            p->turn = player;
            return;
        }
        ref_go_out(b, p, player);
    }
    p->phase = PACKEIS_PHASE_OVER;
    p->turn = -1;
}

int ref_players_in(const ref_board *b, const ref_pos *p)
{
    int in = 0;
    for (int player = 0; player < b->players; player++)
        in += !p->out[player];
    return in;
}

static void ref_start_movement(const ref_board *b, ref_pos *p)
{
    p->phase = PACKEIS_PHASE_MOVEMENT;
    ref_flood(b, p);
    ref_pass_turn(b, p, 0);
    ref_flood(b, p);
}

static void ref_place(const ref_board *b, ref_pos *p, int to)
{
    p->owner[to] = (signed char)p->turn;
    if (++p->placed < b->total)
        p->turn = ref_placer(b, p->placed);
    else
        ref_start_movement(b, p);
}

static void ref_slide(const ref_board *b, ref_pos *p, int from, int to)
{
    int player = p->turn;
    ref_credit(b, p, player, from);
    p->owner[from] = -1;
    p->owner[to] = (signed char)player;
    ref_flood(b, p);
    ref_pass_turn(b, p, (player + 1) % b->players);
    ref_flood(b, p);
}

void ref_apply(const ref_board *b, ref_pos *p, packeis_move move)
{
    /* Read by the documented values: from * 64 + to, to * 65 to place. */
    int from = move / 64, to = move % 64;
    if (from == to)
        ref_place(b, p, to);
    else
        ref_slide(b, p, from, to);
}

/* "Standings". */
int ref_rank(const ref_board *b, const ref_pos *p, int player)
{
    int rank = 1;
    for (int o = 0; o < b->players; o++) {
        int more_fish = p->fish[o] > p->fish[player];
        int more_floes = p->fish[o] == p->fish[player] && p->floes[o] > p->floes[player];
        rank += more_fish || more_floes;
    }
    return rank;
}

uint64_t ref_perft(const ref_board *b, const ref_pos *p, unsigned depth)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    if (depth == 0)
        return 1;
    size_t n = ref_moves(b, p, moves);
    if (n == 0)
        return 1;
    if (depth == 1)
        return n;
    uint64_t leaves = 0;
    for (size_t i = 0; i < n; i++) {
        ref_pos child = *p;
        ref_apply(b, &child, moves[i]);
        leaves += ref_perft(b, &child, depth - 1);
    }
    return leaves;
}

int ref_pos_equal(const ref_board *b, const ref_pos *x, const ref_pos *y)
{
    if (x->turn != y->turn || x->phase != y->phase || x->placed != y->placed)
        return 0;
    for (int c = 0; c < b->cells; c++)
        if (x->floe[c] != y->floe[c] || x->owner[c] != y->owner[c])
            return 0;
    for (int pl = 0; pl < b->players; pl++)
        if (x->fish[pl] != y->fish[pl] || x->floes[pl] != y->floes[pl] ||
            x->out[pl] != y->out[pl])
            return 0;
    return 1;
}
