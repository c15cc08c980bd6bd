/* SPDX-License-Identifier: MIT */
/* The engine against the slow, obviously correct reference engine of
 * tests/common/reference.h, written from doc/rules.md alone. Random games
 * are cross-checked at every ply through every public query; perft, divide
 * and playouts are checked against the reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "reference.h"
#include "splitmix.h"

#define NCELLS    PACKEIS_MAX_CELLS
#define NPLAYERS  PACKEIS_MAX_PLAYERS
#define MAX_PLIES (2 * NCELLS + 2)

/* ------------------------------------------------------------------------ */
/* Failure reports carry the scenario and ply being checked.                */

static char where[192];

#define EXPECT_EQ(a, b)                                                                        \
    do {                                                                                       \
        long long a_ = (long long)(a), b_ = (long long)(b);                                    \
        if (a_ != b_) {                                                                        \
            print_error("%s: %s == %lld, expected %s == %lld\n", where, #a, a_, #b, b_);       \
            fail();                                                                            \
        }                                                                                      \
    } while (0)

#define EXPECT_OK(call) EXPECT_EQ((call), PACKEIS_OK)

/* ------------------------------------------------------------------------ */
/* Scenarios.                                                               */

typedef struct layout {
    int x[NCELLS], y[NCELLS], fish[NCELLS];
    size_t cells;
} layout;

typedef struct config {
    const char *name;
    int players;
    int penguins; /* 0: the rules' number */
    int any_floe, snake;
    uint64_t seed;        /* standard board shuffle */
    const layout *custom; /* NULL: the standard board */
} config;

static uint64_t bit(int cell) { return (uint64_t)1 << cell; }

static packeis_game *new_game(const config *c)
{
    packeis_options *o = NULL;
    packeis_game *g = NULL;
    assert_int_equal(packeis_options_new(NULL, &o), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(o, c->players), PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(o, c->penguins), PACKEIS_OK);
    assert_int_equal(packeis_options_set_seed(o, c->seed), PACKEIS_OK);
    assert_int_equal(
        packeis_options_set_variant(o, PACKEIS_VARIANT_PLACE_ANY_FLOE, c->any_floe),
        PACKEIS_OK);
    assert_int_equal(packeis_options_set_variant(o, PACKEIS_VARIANT_SNAKE_PLACEMENT, c->snake),
                     PACKEIS_OK);
    if (c->custom)
        assert_int_equal(packeis_options_set_layout(o, c->custom->x, c->custom->y,
                                                    c->custom->fish, c->custom->cells),
                         PACKEIS_OK);
    assert_int_equal(packeis_game_new(o, &g), PACKEIS_OK);
    packeis_options_free(o);
    return g;
}

/* ------------------------------------------------------------------------ */
/* The board as the reference reads it, checked against the layout the     */
/* scenario asked for (tests/common/reference.h).                           */

/* How often the rarer rules were exercised. */
static struct {
    long plies, several_out, alone, out_at_start, games;
} stats;

static int reading_before(int xa, int ya, int xb, int yb)
{
    return ya < yb || (ya == yb && xa < xb);
}

/* The standard board from doc/rules.md and the documented shuffle. */
static void standard_layout(layout *l, uint64_t seed)
{
    int c = 0;
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 7 + (row & 1); col++, c++) {
            l->x[c] = 2 * col + 1 - (row & 1);
            l->y[c] = row;
        }
    for (int i = 0; i < 60; i++)
        l->fish[i] = i < 30 ? 1 : i < 50 ? 2 : 3;
    uint64_t r = seed;
    for (int i = 59; i > 0; i--) {
        int j = (int)tc_below(&r, (uint64_t)i + 1), held = l->fish[i];
        l->fish[i] = l->fish[j];
        l->fish[j] = held;
    }
    l->cells = 60;
}

/* The rank of cell (x, y) among a layout's floes in reading order. */
static int expected_index(const layout *l, int x, int y)
{
    int index = 0;
    for (size_t i = 0; i < l->cells; i++)
        index += reading_before(l->x[i], l->y[i], x, y);
    return index;
}

/* The game numbers the floes in reading order and keeps their fish. */
static void check_cells(const packeis_game *g, const layout *l)
{
    EXPECT_EQ(packeis_game_cell_count(g), l->cells);
    for (size_t i = 0; i < l->cells; i++) {
        int cell = packeis_game_cell_at(g, l->x[i], l->y[i]), x = 0, y = 0;
        EXPECT_EQ(cell, expected_index(l, l->x[i], l->y[i]));
        EXPECT_OK(packeis_game_cell_coords(g, cell, &x, &y));
        EXPECT_EQ(x, l->x[i]);
        EXPECT_EQ(y, l->y[i]);
        EXPECT_EQ(packeis_game_fish(g, cell), l->fish[i]);
    }
}

/* The reference's board, read from the game once its layout is checked;
 * packeis_game_neighbor() agrees with the neighbours found by coordinates. */
static void ref_load(const packeis_game *g, const config *c, ref_board *b)
{
    layout standard;
    const layout *l = c->custom;
    if (!l) {
        standard_layout(&standard, c->seed);
        l = &standard;
    }
    check_cells(g, l);
    EXPECT_EQ(ref_board_load(g, b), 0);
    EXPECT_EQ(b->players, c->players);
    EXPECT_EQ(b->penguins, c->penguins ? c->penguins : 6 - c->players);
    EXPECT_EQ(b->any_floe, c->any_floe);
    EXPECT_EQ(b->snake, c->snake);
    for (int cell = 0; cell < b->cells; cell++)
        for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++)
            EXPECT_EQ(packeis_game_neighbor(g, cell, d), b->next[cell][d]);
}

/* The library's move builders give the documented values. */
static packeis_move placement(int to)
{
    packeis_move move = packeis_move_placement(to);
    EXPECT_EQ(move, to * 65);
    return move;
}

static packeis_move slide(int from, int to)
{
    packeis_move move = packeis_move_slide(from, to);
    EXPECT_EQ(move, from * 64 + to);
    return move;
}

/* Counts the rarer rules a reference ply exercised: a player moving alone,
 * several players out at once after a slide, players out as the movement
 * phase starts. */
static void count_rare(const ref_board *b, const ref_pos *before, const ref_pos *after)
{
    int went_out = ref_players_in(b, before) - ref_players_in(b, after);
    if (before->phase == PACKEIS_PHASE_MOVEMENT) {
        stats.alone += ref_players_in(b, before) == 1;
        stats.several_out += went_out > 1;
    } else if (after->phase != PACKEIS_PHASE_PLACEMENT) {
        stats.out_at_start += went_out > 0;
    }
}

/* ------------------------------------------------------------------------ */
/* The library against the reference, query by query.                      */

static void check_moves(const packeis_game *g, const ref_board *b, const ref_pos *p)
{
    packeis_move want[PACKEIS_MAX_MOVES], got[PACKEIS_MAX_MOVES];
    size_t n = ref_moves(b, p, want), count = 0, counted = 0;
    EXPECT_OK(packeis_game_legal_moves(g, got, PACKEIS_MAX_MOVES, &count));
    EXPECT_EQ(count, n);
    EXPECT_EQ(packeis_game_legal_moves(g, NULL, 0, &counted),
              n ? PACKEIS_E_BUFFER_TOO_SMALL : PACKEIS_OK);
    EXPECT_EQ(counted, n);
    for (size_t i = 0; i < n; i++) {
        int from = want[i] / 64, to = want[i] % 64;
        if (from == to)
            placement(to);
        else
            slide(from, to);
        EXPECT_EQ(got[i], want[i]);
        EXPECT_OK(packeis_game_check_move(g, want[i]));
    }
}

static void check_cell(const packeis_game *g, const ref_board *b, const ref_pos *p, int c)
{
    EXPECT_EQ((packeis_game_floes(g) >> c) & 1, p->floe[c]);
    EXPECT_EQ(packeis_game_penguin_at(g, c), p->owner[c]);
    /* During placement: the slides the penguin would have (packeis.h). */
    EXPECT_EQ(packeis_game_destinations(g, c), p->owner[c] >= 0 ? ref_reach(b, p, c) : 0);
}

static void check_player(const packeis_game *g, const ref_board *b, const ref_pos *p, int pl)
{
    uint64_t want = 0;
    for (int c = 0; c < b->cells; c++)
        if (p->owner[c] == pl)
            want |= bit(c);
    EXPECT_EQ(packeis_game_penguins(g, pl), want);
    EXPECT_EQ(packeis_game_fish_won(g, pl), p->fish[pl]);
    EXPECT_EQ(packeis_game_floes_won(g, pl), p->floes[pl]);
    EXPECT_EQ(packeis_game_is_out(g, pl), p->out[pl]);
    EXPECT_EQ(packeis_game_rank(g, pl), ref_rank(b, p, pl));
}

static void check_position(const packeis_game *g, const ref_board *b, const ref_pos *p,
                           size_t plies)
{
    uint64_t want_floes = 0;
    unsigned want_winners = 0;
    for (int c = 0; c < b->cells; c++) {
        want_floes |= p->floe[c] ? bit(c) : 0;
        check_cell(g, b, p, c);
    }
    EXPECT_EQ(packeis_game_floes(g), want_floes);
    for (int pl = 0; pl < b->players; pl++) {
        check_player(g, b, p, pl);
        want_winners |= ref_rank(b, p, pl) == 1 ? 1u << pl : 0;
    }
    for (int pl = b->players; pl < NPLAYERS; pl++) /* players the game lacks */
        EXPECT_EQ(packeis_game_penguins(g, pl), 0);
    EXPECT_EQ(packeis_game_winners(g), want_winners);
    EXPECT_EQ(packeis_game_phase(g), p->phase);
    EXPECT_EQ(packeis_game_current_player(g), p->turn);
    EXPECT_EQ(packeis_game_ply_count(g), plies);
    check_moves(g, b, p);
}

/* What a ply did, worked out from the reference positions around it. */
typedef struct ref_effects {
    int player;
    uint64_t removed, credited[NPLAYERS];
    unsigned out;
} ref_effects;

static void ref_effects_of(const ref_board *b, const ref_pos *before, const ref_pos *after,
                           packeis_move move, ref_effects *e)
{
    int from = move / 64, to = move % 64;
    signed char owner[NCELLS]; /* the penguins once the action is made */
    memcpy(owner, before->owner, sizeof owner);
    memset(e, 0, sizeof *e);
    e->player = before->turn;
    if (from != to) { /* the mover is credited the floe it left */
        e->credited[e->player] |= bit(from);
        owner[from] = -1;
    }
    owner[to] = (signed char)e->player;
    for (int pl = 0; pl < b->players; pl++)
        if (after->out[pl] && !before->out[pl])
            e->out |= 1u << pl;
    for (int c = 0; c < b->cells; c++) {
        if (before->floe[c] && !after->floe[c])
            e->removed |= bit(c);
        if (owner[c] >= 0 && (e->out >> owner[c]) & 1) /* left with its owner */
            e->credited[owner[c]] |= bit(c);
    }
    for (int pl = 0; pl < b->players; pl++) { /* the reference agrees with itself */
        int fish = 0, floes = 0;
        for (int c = 0; c < b->cells; c++)
            if ((e->credited[pl] >> c) & 1) {
                fish += b->fish[c];
                floes++;
            }
        EXPECT_EQ(fish, after->fish[pl] - before->fish[pl]);
        EXPECT_EQ(floes, after->floes[pl] - before->floes[pl]);
    }
}

/* The effects the library reports for ply `ply` (moves[ply] from
 * trail[ply] to trail[ply + 1]); nothing for the ply after the last. */
static void check_effects(const packeis_game *g, const ref_board *b, const ref_pos *trail,
                          const packeis_move *moves, size_t ply)
{
    ref_effects e;
    ref_effects_of(b, &trail[ply], &trail[ply + 1], moves[ply], &e);
    EXPECT_EQ(packeis_game_ply_player(g, ply), e.player);
    EXPECT_EQ(packeis_game_ply_removed(g, ply), e.removed);
    EXPECT_EQ(packeis_game_ply_players_out(g, ply), e.out);
    for (int pl = 0; pl < NPLAYERS; pl++)
        EXPECT_EQ(packeis_game_ply_credited(g, ply, pl), e.credited[pl]);
    size_t next = packeis_game_ply_count(g);
    EXPECT_EQ(packeis_game_ply_player(g, next), -1);
    EXPECT_EQ(packeis_game_ply_removed(g, next), 0);
    EXPECT_EQ(packeis_game_ply_players_out(g, next), 0);
    EXPECT_EQ(packeis_game_ply_credited(g, next, 0), 0);
}

static void check_history(const packeis_game *g, const packeis_move *moves, size_t plies)
{
    packeis_move got[MAX_PLIES];
    size_t count = 0;
    EXPECT_OK(packeis_game_history(g, got, MAX_PLIES, &count));
    EXPECT_EQ(count, plies);
    for (size_t i = 0; i < plies; i++)
        EXPECT_EQ(got[i], moves[i]);
}

/* ------------------------------------------------------------------------ */
/* A game played on both engines, with its reference trail.                */

typedef struct duo {
    const config *cfg;
    packeis_game *game;
    ref_board board;
    ref_pos trail[MAX_PLIES + 1]; /* trail[i]: the position after i plies */
    packeis_move moves[MAX_PLIES];
    size_t plies;
} duo;

static void duo_open(duo *d, const config *c)
{
    memset(d, 0, sizeof *d);
    d->cfg = c;
    d->game = new_game(c);
    ref_load(d->game, c, &d->board);
    ref_start(&d->board, &d->trail[0]);
}

static const ref_pos *duo_now(const duo *d) { return &d->trail[d->plies]; }

static void duo_check(const duo *d)
{
    check_position(d->game, &d->board, duo_now(d), d->plies);
    if (d->plies > 0)
        check_effects(d->game, &d->board, d->trail, d->moves, d->plies - 1);
}

/* Plays a move on the reference only. */
static void duo_record(duo *d, packeis_move move)
{
    d->trail[d->plies + 1] = d->trail[d->plies];
    ref_apply(&d->board, &d->trail[d->plies + 1], move);
    count_rare(&d->board, &d->trail[d->plies], &d->trail[d->plies + 1]);
    d->moves[d->plies++] = move;
}

static void duo_play(duo *d, packeis_move move)
{
    EXPECT_OK(packeis_game_apply(d->game, move));
    duo_record(d, move);
}

static size_t duo_legal(const duo *d, packeis_move *moves)
{
    return ref_moves(&d->board, duo_now(d), moves);
}

/* Plays the k-th legal move, k drawn from r, on both engines (or on the
 * reference only); returns 0 once the game is over. */
static int duo_draw(duo *d, uint64_t *r, int both)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t n = duo_legal(d, moves);
    if (n == 0)
        return 0;
    packeis_move move = moves[tc_below(r, n)];
    if (both)
        duo_play(d, move);
    else
        duo_record(d, move);
    return 1;
}

static int duo_step(duo *d, uint64_t *r) { return duo_draw(d, r, 1); }

static void duo_close(duo *d) { packeis_game_free(d->game); }

/* apply then undo leaves every query as it was; redo plays the move again
 * and undo takes it back once more. */
static void check_apply_undo(const duo *d, packeis_move move)
{
    EXPECT_OK(packeis_game_apply(d->game, move));
    uint64_t after = packeis_game_hash(d->game);
    EXPECT_EQ(packeis_game_redo_count(d->game), 0);
    EXPECT_OK(packeis_game_undo(d->game));
    EXPECT_EQ(packeis_game_redo_count(d->game), 1);
    duo_check(d);
    EXPECT_OK(packeis_game_redo(d->game));
    EXPECT_EQ(packeis_game_redo_count(d->game), 0);
    EXPECT_EQ(packeis_game_ply_count(d->game), d->plies + 1);
    EXPECT_EQ(packeis_game_hash(d->game), after);
    EXPECT_EQ(packeis_game_redo(d->game), PACKEIS_E_NOTHING_TO_REDO);
    EXPECT_OK(packeis_game_undo(d->game));
    EXPECT_EQ(packeis_game_redo_count(d->game), 1);
    duo_check(d);
}

/* A clone equals its original; playing on it leaves the original alone. */
static void check_clone(const duo *d, packeis_move move)
{
    packeis_game *copy = NULL;
    EXPECT_OK(packeis_game_clone(d->game, &copy));
    check_position(copy, &d->board, duo_now(d), d->plies);
    check_history(copy, d->moves, d->plies);
    EXPECT_OK(packeis_game_apply(d->game, move));
    check_position(copy, &d->board, duo_now(d), d->plies);
    EXPECT_OK(packeis_game_undo(d->game));
    EXPECT_OK(packeis_game_apply(copy, move));
    duo_check(d);
    packeis_game_free(copy);
    duo_check(d);
}

/* Likewise for assign into a scratch game of another setup. */
static void check_assign(const duo *d, packeis_game *scratch, packeis_move move)
{
    EXPECT_OK(packeis_game_assign(scratch, d->game));
    check_position(scratch, &d->board, duo_now(d), d->plies);
    check_history(scratch, d->moves, d->plies);
    EXPECT_OK(packeis_game_apply(scratch, move));
    duo_check(d);
    EXPECT_OK(packeis_game_undo(scratch));
    check_position(scratch, &d->board, duo_now(d), d->plies);
}

/* Hands the game over to a clone and frees the original: the clone keeps
 * the shared board alive. */
static void duo_swap_for_clone(duo *d)
{
    packeis_game *copy = NULL;
    EXPECT_OK(packeis_game_clone(d->game, &copy));
    packeis_game_free(d->game);
    d->game = copy;
    duo_check(d);
}

/* undo_to(0), then the same moves again (by redo and by apply in turn:
 * applying the next undone move keeps the rest for redo), then undo all
 * the way back, then redo all the way forward. */
static void check_replay_and_undo(duo *d)
{
    size_t plies = d->plies;
    EXPECT_OK(packeis_game_undo_to(d->game, 0));
    d->plies = 0;
    duo_check(d);
    while (d->plies < plies) {
        EXPECT_EQ(packeis_game_redo_count(d->game), plies - d->plies);
        if (d->plies % 2)
            EXPECT_OK(packeis_game_apply(d->game, d->moves[d->plies]));
        else
            EXPECT_OK(packeis_game_redo(d->game));
        d->plies++;
        duo_check(d);
    }
    EXPECT_EQ(packeis_game_redo_count(d->game), 0);
    EXPECT_EQ(packeis_game_redo(d->game), PACKEIS_E_NOTHING_TO_REDO);
    check_history(d->game, d->moves, plies);
    while (d->plies > 0) {
        EXPECT_OK(packeis_game_undo(d->game));
        d->plies--;
        EXPECT_EQ(packeis_game_redo_count(d->game), plies - d->plies);
        duo_check(d);
    }
    EXPECT_EQ(packeis_game_undo(d->game), PACKEIS_E_NOTHING_TO_UNDO);
    while (d->plies < plies) {
        EXPECT_OK(packeis_game_redo(d->game));
        d->plies++;
        duo_check(d);
    }
    check_history(d->game, d->moves, plies);
    EXPECT_OK(packeis_game_undo_to(d->game, 0));
    d->plies = 0;
    duo_check(d);
}

static void play_random_game(const config *c, uint64_t seed)
{
    static duo d;
    packeis_game *scratch = NULL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    uint64_t r = seed;
    assert_int_equal(packeis_game_new(NULL, &scratch), PACKEIS_OK);
    duo_open(&d, c);
    for (;;) {
        snprintf(where, sizeof where, "%s seed %llu ply %zu", c->name, (unsigned long long)seed,
                 d.plies);
        duo_check(&d);
        stats.plies++;
        size_t n = duo_legal(&d, moves);
        if (n == 0)
            break;
        packeis_move other = moves[(d.plies * 7) % n];
        check_apply_undo(&d, other);
        if (d.plies % 4 == 0)
            check_clone(&d, other);
        if (d.plies % 4 == 2)
            check_assign(&d, scratch, other);
        if (d.plies == 20)
            duo_swap_for_clone(&d);
        duo_step(&d, &r);
        EXPECT_EQ(packeis_game_redo_count(d.game), 0); /* the undone move is forgotten */
    }
    EXPECT_EQ(packeis_game_apply(d.game, slide(0, 1)), PACKEIS_E_GAME_OVER);
    check_replay_and_undo(&d);
    packeis_game_free(scratch);
    duo_close(&d);
    stats.games++;
}

/* ------------------------------------------------------------------------ */
/* Layouts.                                                                 */

/* A rectangle of rows x cols floes with a deterministic fish pattern that
 * has plenty of one-fish floes; cells for which `hole` says so are left out.
 * Given in scrambled order: the game must renumber them. */
static void rect_layout(layout *l, int rows, int cols, int x0, int y0, int (*hole)(int, int))
{
    l->cells = 0;
    for (int row = 0; row < rows; row++)
        for (int col = 0; col < cols; col++) {
            if (hole && hole(row, col))
                continue;
            size_t i = l->cells++;
            l->x[i] = x0 + 2 * col + (row & 1);
            l->y[i] = y0 + row;
            l->fish[i] = 1 + (int)((unsigned)(row * 5 + col * 3) % 7) / 3;
        }
    for (size_t i = 0; i + 1 < l->cells; i += 2) { /* scramble */
        size_t j = l->cells - 1 - i;
        int t;
        t = l->x[i], l->x[i] = l->x[j], l->x[j] = t;
        t = l->y[i], l->y[i] = l->y[j], l->y[j] = t;
        t = l->fish[i], l->fish[i] = l->fish[j], l->fish[j] = t;
    }
}

static int holes(int row, int col)
{
    return (row * 3 + col * 5) % 7 == 0 || (row == 3 && col < 4);
}

static int narrow(int row, int col) { return (row + col) % 4 == 1; }

static layout holed_board, full_board, odd_board, small_board, islands_board;

/* A block of mostly two-fish floes plus one-fish islands, where penguins
 * placed on islands have no move when the movement phase starts. */
static void islands_layout(layout *l)
{
    rect_layout(l, 3, 4, 0, 0, NULL);
    for (size_t i = 0; i < l->cells; i++)
        l->fish[i] = i % 5 == 0 ? 1 : 2;
    for (int k = 0; k < 5; k++) {
        size_t i = l->cells++;
        l->x[i] = 20 + 4 * k;
        l->y[i] = 2 * k;
        l->fish[i] = 1;
    }
}

static void make_layouts(void)
{
    rect_layout(&holed_board, 7, 8, 0, 0, holes);
    rect_layout(&full_board, 8, 8, 0, 0, NULL);    /* 64 floes */
    rect_layout(&odd_board, 5, 6, -7, -2, narrow); /* negative, odd parity */
    rect_layout(&small_board, 4, 5, 0, 0, NULL);
    islands_layout(&islands_board);
}

/* ------------------------------------------------------------------------ */
/* Random games.                                                            */

static void run_games(const config *configs, size_t n, int seeds)
{
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < seeds; s++)
            play_random_game(&configs[i], (uint64_t)s * 1000003u + i);
}

static void test_random_standard(void **state)
{
    (void)state;
    const config configs[] = {
        {"standard 2p seed 0", 2, 0, 0, 0, 0, NULL},
        {"standard 2p seed 7", 2, 0, 0, 0, 7, NULL},
        {"standard 3p seed 1", 3, 0, 0, 0, 1, NULL},
        {"standard 3p seed 99", 3, 0, 0, 0, 99, NULL},
        {"standard 4p seed 2", 4, 0, 0, 0, 2, NULL},
        {"standard 4p seed 12345", 4, 0, 0, 0, 12345, NULL},
        /* The shuffle's rare draws (found by search): with seed 575019 a
         * product's low half falls below its bound but is kept; with
         * 5200627 one is rejected, and every later pick moves on one
         * output. Lemire's rare branch, which no other seed here takes. */
        {"standard 2p seed 575019", 2, 0, 0, 0, 575019, NULL},
        {"standard 2p seed 5200627", 2, 0, 0, 0, 5200627, NULL},
    };
    run_games(configs, sizeof configs / sizeof configs[0], 8);
}

static void test_random_variants(void **state)
{
    (void)state;
    const config configs[] = {
        {"any floe 2p", 2, 0, 1, 0, 3, NULL},
        {"snake 3p", 3, 0, 0, 1, 4, NULL},
        {"snake 4p", 4, 0, 0, 1, 5, NULL},
        {"any+snake 4p", 4, 0, 1, 1, 6, NULL},
        {"any floe 3p 6 penguins", 3, 6, 1, 0, 8, NULL},
    };
    run_games(configs, sizeof configs / sizeof configs[0], 8);
}

static void test_random_custom(void **state)
{
    (void)state;
    make_layouts();
    const config configs[] = {
        {"holed 3p", 3, 0, 0, 0, 0, &holed_board},
        {"holed 4p 1 penguin", 4, 1, 0, 1, 0, &holed_board},
        {"64 floes 2p", 2, 0, 0, 0, 0, &full_board},
        {"64 floes 4p any", 4, 3, 1, 0, 0, &full_board},
        {"odd parity 4p", 4, 2, 1, 1, 0, &odd_board},
        {"small 3p 2 penguins", 3, 2, 0, 0, 0, &small_board},
        {"small 4p 2 penguins", 4, 2, 1, 0, 0, &small_board},
        {"islands 3p 2 penguins", 3, 2, 0, 0, 0, &islands_board},
        {"islands 2p 4 penguins snake", 2, 4, 0, 1, 0, &islands_board},
    };
    run_games(configs, sizeof configs / sizeof configs[0], 10);
    print_message("cross-checked %ld plies in %ld games; several out at once %ld, "
                  "moves alone %ld, out at movement start %ld\n",
                  stats.plies, stats.games, stats.several_out, stats.alone, stats.out_at_start);
    assert_true(stats.several_out > 0);
    assert_true(stats.alone > 0);
    assert_true(stats.out_at_start > 0);
}

/* ------------------------------------------------------------------------ */
/* perft and divide.                                                        */

/* divide and perft at every depth up to max, against the reference. */
static void check_divide(const duo *d, unsigned depth, uint64_t want)
{
    static packeis_move moves[PACKEIS_MAX_MOVES], want_moves[PACKEIS_MAX_MOVES];
    static uint64_t leaves[PACKEIS_MAX_MOVES];
    size_t count = 0, n = duo_legal(d, want_moves);
    uint64_t sum = 0;
    EXPECT_OK(packeis_game_divide(d->game, depth, moves, leaves, PACKEIS_MAX_MOVES, &count));
    EXPECT_EQ(count, n);
    for (size_t i = 0; i < n; i++) {
        ref_pos child = *duo_now(d);
        ref_apply(&d->board, &child, want_moves[i]);
        EXPECT_EQ(moves[i], want_moves[i]);
        EXPECT_EQ(leaves[i], ref_perft(&d->board, &child, depth - 1));
        sum += leaves[i];
    }
    EXPECT_EQ(n ? sum : 1, want);
}

static void check_perft_table(const duo *d, const char *name, unsigned max)
{
    char line[512];
    int used = snprintf(line, sizeof line, "perft %s:", name);
    for (unsigned depth = 0; depth <= max; depth++) {
        uint64_t want = ref_perft(&d->board, duo_now(d), depth);
        snprintf(where, sizeof where, "perft %s depth %u", name, depth);
        uint64_t leaves = packeis_game_perft(d->game, depth);
        EXPECT_EQ(leaves, want);
        if (depth > 0)
            check_divide(d, depth, want);
        used += snprintf(line + used, sizeof line - (size_t)used, " %llu",
                         (unsigned long long)leaves);
    }
    print_message("%s\n", line);
}

/* Plays the move of index (i * 7 + 3) mod count, `plies` times. */
static void play_fixed(duo *d, size_t plies)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (size_t i = 0; i < plies; i++) {
        size_t n = duo_legal(d, moves);
        assert_true(n > 0);
        duo_play(d, moves[(i * 7 + 3) % n]);
    }
}

static void test_perft_standard_start(void **state)
{
    (void)state;
    static duo d;
    const config c = {"standard", 2, 0, 0, 0, 0, NULL};
    duo_open(&d, &c);
    check_perft_table(&d, "standard seed 0 start", 5);
    uint64_t falling = 1;
    for (unsigned depth = 1; depth <= 5; depth++) {
        falling *= 31 - depth; /* 30 one-fish floes: 30 * 29 * ... */
        EXPECT_EQ(packeis_game_perft(d.game, depth), falling);
    }
    duo_close(&d);
}

static void test_perft_movement_start(void **state)
{
    (void)state;
    static duo d;
    const config c = {"standard", 2, 0, 0, 0, 0, NULL};
    duo_open(&d, &c);
    play_fixed(&d, 8);
    assert_int_equal(duo_now(&d)->phase, PACKEIS_PHASE_MOVEMENT);
    check_perft_table(&d, "standard 2p movement start", 4);
    duo_close(&d);
}

static void test_perft_across_placement(void **state)
{
    (void)state;
    static duo d;
    const config c = {"snake 4p", 4, 0, 0, 1, 11, NULL};
    duo_open(&d, &c);
    play_fixed(&d, 6); /* two placements left */
    check_perft_table(&d, "snake 4p last placements", 5);
    duo_close(&d);
}

static void test_perft_midgame(void **state)
{
    (void)state;
    static duo d;
    const config c = {"standard 3p", 3, 0, 0, 0, 1, NULL};
    duo_open(&d, &c);
    play_fixed(&d, 9 + 12);
    check_perft_table(&d, "standard 3p mid-game", 5);
    duo_close(&d);
}

static void test_perft_endgame(void **state)
{
    (void)state;
    static duo d;
    make_layouts();
    const config c = {"small 3p", 3, 2, 0, 0, 0, &small_board};
    duo_open(&d, &c);
    play_fixed(&d, 6 + 3);
    check_perft_table(&d, "small 3p near the end", 12);
    uint64_t last = packeis_game_perft(d.game, 40), again = packeis_game_perft(d.game, 60);
    EXPECT_EQ(last, again); /* every line has ended */
    EXPECT_EQ(last, ref_perft(&d.board, duo_now(&d), 40));
    duo_close(&d);
}

static void test_perft_finished(void **state)
{
    (void)state;
    static duo d;
    const config c = {"standard", 2, 0, 0, 0, 5, NULL};
    uint64_t r = 77;
    duo_open(&d, &c);
    while (duo_step(&d, &r))
        ;
    for (unsigned depth = 0; depth <= 6; depth++) {
        size_t count = 9;
        EXPECT_EQ(packeis_game_perft(d.game, depth), 1);
        if (depth == 0)
            continue;
        EXPECT_OK(packeis_game_divide(d.game, depth, NULL, NULL, 0, &count));
        EXPECT_EQ(count, 0);
    }
    duo_close(&d);
}

/* ------------------------------------------------------------------------ */
/* Playouts.                                                                */

/* Steps g to the end by hand: the k-th move of the library's own list, k
 * drawn by the documented generator. */
static void step_library(packeis_game *g, uint64_t seed)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count = 0;
    uint64_t r = seed;
    for (;;) {
        EXPECT_OK(packeis_game_legal_moves(g, moves, PACKEIS_MAX_MOVES, &count));
        if (count == 0)
            break;
        EXPECT_OK(packeis_game_apply(g, moves[tc_below(&r, count)]));
    }
}

/* A playout from d's position: reproducible, equal to stepping the
 * documented generator (on the library and on the reference), over at the
 * end, and undone exactly. */
static void check_playout(duo *d, uint64_t seed)
{
    packeis_game *twin = NULL;
    size_t start = d->plies, played = 0, again = 0;
    snprintf(where, sizeof where, "playout %s seed %llu from ply %zu", d->cfg->name,
             (unsigned long long)seed, start);
    EXPECT_OK(packeis_game_clone(d->game, &twin));
    EXPECT_OK(packeis_game_playout(d->game, seed, &played));
    EXPECT_OK(packeis_game_playout(twin, seed, &again));
    EXPECT_EQ(again, played);
    uint64_t r = seed;
    while (duo_draw(d, &r, 0))
        ;
    EXPECT_EQ(d->plies - start, played);
    duo_check(d);
    check_history(d->game, d->moves, d->plies);
    check_history(twin, d->moves, d->plies);
    EXPECT_OK(packeis_game_playout(twin, seed + 1, &again));
    EXPECT_EQ(again, 0);
    EXPECT_OK(packeis_game_undo_to(twin, start));
    step_library(twin, seed);
    check_position(twin, &d->board, duo_now(d), d->plies);
    check_history(twin, d->moves, d->plies);
    packeis_game_free(twin);
    while (d->plies > start) {
        EXPECT_OK(packeis_game_undo(d->game));
        d->plies--;
        duo_check(d);
    }
}

/* Game k of a batch is the playout with seed + k (wrapping). */
static void check_batch(const duo *d, uint64_t seed)
{
    enum { GAMES = 3 };
    unsigned winners[GAMES];
    int fish[GAMES * NPLAYERS], floes[GAMES * NPLAYERS], players = d->board.players;
    size_t plies = 0, total = 0;
    memset(fish, 0x5A, sizeof fish);
    memset(floes, 0x5A, sizeof floes);
    EXPECT_OK(
        packeis_game_playout_batch(d->game, seed, GAMES, winners, fish, floes, GAMES, &plies));
    for (int k = 0; k < GAMES; k++) {
        packeis_game *g = NULL;
        size_t played = 0;
        EXPECT_OK(packeis_game_clone(d->game, &g));
        EXPECT_OK(packeis_game_playout(g, seed + (uint64_t)k, &played));
        total += played;
        EXPECT_EQ(winners[k], packeis_game_winners(g));
        /* Stride PACKEIS_MAX_PLAYERS; 0 for players the game lacks. */
        for (int p = 0; p < NPLAYERS; p++) {
            EXPECT_EQ(fish[k * NPLAYERS + p], p < players ? packeis_game_fish_won(g, p) : 0);
            EXPECT_EQ(floes[k * NPLAYERS + p], p < players ? packeis_game_floes_won(g, p) : 0);
        }
        packeis_game_free(g);
    }
    EXPECT_EQ(plies, total);
    duo_check(d);
}

static void test_playout(void **state)
{
    (void)state;
    static duo d;
    make_layouts();
    const config configs[] = {
        {"standard 2p", 2, 0, 0, 0, 0, NULL},
        {"standard 4p snake", 4, 0, 0, 1, 9, NULL},
        {"holed 3p", 3, 0, 0, 0, 0, &holed_board},
        {"64 floes 2p any", 2, 0, 1, 0, 0, &full_board},
    };
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        duo_open(&d, &configs[i]);
        for (uint64_t seed = 0; seed < 4; seed++)
            check_playout(&d, seed * 0x9E3779B97F4A7C15u + i);
        /* The rare first draws of the standard start (bound 30, found by
         * search): with 505955773 the low half of the product falls below
         * the bound but is kept; with 668653025 the draw is rejected and
         * takes the next output, and so does every draw after it. */
        if (i == 0) {
            check_playout(&d, 505955773u);
            check_playout(&d, 668653025u);
        }
        check_batch(&d, UINT64_MAX - 1); /* the seeds wrap */
        play_fixed(&d, (size_t)d.board.total + 5);
        check_playout(&d, 42);
        check_batch(&d, 42);
        EXPECT_OK(packeis_game_undo_to(d.game, 0));
        d.plies = 0;
        duo_check(&d);
        duo_close(&d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_standard),
        cmocka_unit_test(test_random_variants),
        cmocka_unit_test(test_random_custom),
        cmocka_unit_test(test_perft_standard_start),
        cmocka_unit_test(test_perft_movement_start),
        cmocka_unit_test(test_perft_across_placement),
        cmocka_unit_test(test_perft_midgame),
        cmocka_unit_test(test_perft_endgame),
        cmocka_unit_test(test_perft_finished),
        cmocka_unit_test(test_playout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
