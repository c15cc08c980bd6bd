/* SPDX-License-Identifier: MIT */
/* The history of a game: redo (and how apply, playout, clone and reset
 * treat the undone actions), and what each ply did (who played it, the
 * floes it removed, those it credited to each player, the players who went
 * out). The hand-worked positions are drawn in their comments; the random
 * games check the properties that tie the per-ply effects to the
 * standings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <packeis/packeis.h>

#include "builders.h"

#define BIT(c)    ((uint64_t)1 << (c))
#define MAX_PLIES 160
/* Moves as constants, by the documented values (a placement on c is c * 65,
 * a slide from a to b is a * 64 + b). */
#define P(c)    TC_P(c)
#define S(a, b) TC_S(a, b)

static int popcount(uint64_t set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

/* ------------------------------------------------------------------------ */
/* Everything a position shows.                                             */

typedef struct view {
    uint64_t hash, floes, penguins[PACKEIS_MAX_PLAYERS];
    int fish[PACKEIS_MAX_PLAYERS], floes_won[PACKEIS_MAX_PLAYERS];
    int out[PACKEIS_MAX_PLAYERS], rank[PACKEIS_MAX_PLAYERS];
    unsigned winners;
    int phase, player;
    size_t plies, legal_count;
    packeis_move legal[PACKEIS_MAX_MOVES];
} view;

static void take(const packeis_game *game, view *v)
{
    memset(v, 0, sizeof *v);
    v->hash = packeis_game_hash(game);
    v->floes = packeis_game_floes(game);
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        v->penguins[p] = packeis_game_penguins(game, p);
        v->fish[p] = packeis_game_fish_won(game, p);
        v->floes_won[p] = packeis_game_floes_won(game, p);
        v->out[p] = packeis_game_is_out(game, p);
        v->rank[p] = packeis_game_rank(game, p);
    }
    v->winners = packeis_game_winners(game);
    v->phase = packeis_game_phase(game);
    v->player = packeis_game_current_player(game);
    v->plies = packeis_game_ply_count(game);
    assert_int_equal(
        packeis_game_legal_moves(game, v->legal, PACKEIS_MAX_MOVES, &v->legal_count),
        PACKEIS_OK);
}

static void assert_view(const packeis_game *game, const view *want)
{
    static view got;
    take(game, &got);
    assert_true(got.hash == want->hash);
    assert_true(got.floes == want->floes);
    assert_int_equal(got.plies, want->plies);
    assert_int_equal(got.phase, want->phase);
    assert_int_equal(got.player, want->player);
    assert_memory_equal(&got, want, sizeof got);
}

/* ------------------------------------------------------------------------ */
/* Redo.                                                                    */

/* Undo then redo after every ply gives back exactly the position. */
static void test_undo_redo_every_ply(void **state)
{
    (void)state;
    static view before;
    packeis_move moves[PACKEIS_MAX_MOVES];
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 4; seed++) {
            packeis_game *game = tc_standard_game(players, seed);
            assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
            for (size_t ply = 0;; ply++) {
                size_t n = 0;
                assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                                 PACKEIS_OK);
                if (n == 0)
                    break;
                assert_int_equal(packeis_game_apply(game, moves[(ply * 11 + seed) % n]),
                                 PACKEIS_OK);
                take(game, &before);
                assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
                assert_int_equal(packeis_game_redo_count(game), 1);
                assert_int_equal(packeis_game_ply_count(game), ply);
                assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
                assert_int_equal(packeis_game_redo_count(game), 0);
                assert_view(game, &before);
                assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
                assert_view(game, &before);
            }
            packeis_game_free(game);
        }
}

/* After a playout: undo_to any ply, then redo one by one through the
 * positions of the game, and undo_to / redo again from the middle. */
static void test_undo_to_then_redo(void **state)
{
    (void)state;
    static view at[MAX_PLIES + 1];
    for (int players = 2; players <= 4; players++) {
        packeis_game *game = tc_standard_game(players, 40u + (uint64_t)players);
        size_t plies = 0;
        assert_int_equal(packeis_game_playout(game, 7, &plies), PACKEIS_OK);
        assert_true(plies > 0);
        assert_true(plies <= MAX_PLIES);
        assert_int_equal(packeis_game_redo_count(game), 0);
        for (size_t k = plies + 1; k-- > 0;) {
            assert_int_equal(packeis_game_undo_to(game, k), PACKEIS_OK);
            assert_int_equal(packeis_game_redo_count(game), plies - k);
            take(game, &at[k]);
        }
        for (size_t k = 0; k < plies; k++) {
            assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
            assert_int_equal(packeis_game_redo_count(game), plies - k - 1);
            assert_view(game, &at[k + 1]);
        }
        assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
        for (size_t k = plies; k > 0; k = k > 7 ? k - 7 : 0) {
            assert_int_equal(packeis_game_undo_to(game, k / 2), PACKEIS_OK);
            assert_view(game, &at[k / 2]);
            for (size_t i = k / 2; i < k; i++)
                assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
            assert_view(game, &at[k]);
            assert_int_equal(packeis_game_redo_count(game), plies - k);
            if (k < plies) /* more than have been played */
                assert_int_equal(packeis_game_undo_to(game, plies), PACKEIS_E_OUT_OF_RANGE);
            while (packeis_game_redo_count(game) > 0)
                assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
            assert_view(game, &at[plies]);
        }
        packeis_game_free(game);
    }
}

static void test_apply_and_the_undone_moves(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 3);
    packeis_move history[MAX_PLIES];
    size_t plies = 0, count = 0;
    assert_int_equal(packeis_game_playout(game, 5, &plies), PACKEIS_OK);
    assert_int_equal(packeis_game_history(game, history, MAX_PLIES, &count), PACKEIS_OK);
    assert_int_equal(count, plies);
    assert_int_equal(plies, 48); /* seed 5 on the board of seed 3 */
    assert_int_equal(packeis_game_undo_to(game, 10), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), plies - 10);
    /* The next undone move, applied: the rest stay. */
    assert_int_equal(packeis_game_apply(game, history[10]), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), plies - 11);
    assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), plies - 12);
    packeis_move now[MAX_PLIES];
    assert_int_equal(packeis_game_history(game, now, MAX_PLIES, &count), PACKEIS_OK);
    assert_int_equal(count, 12);
    assert_memory_equal(now, history, 12 * sizeof now[0]);
    /* An illegal move changes nothing, undone moves included. */
    assert_int_equal(packeis_game_apply(game, PACKEIS_MOVE_NONE), PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(packeis_game_redo_count(game), plies - 12);
    /* Another legal move: the undone moves are forgotten. */
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t n = 0;
    assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n), PACKEIS_OK);
    assert_int_equal(n, 40);
    packeis_move other = moves[0] == history[12] ? moves[1] : moves[0];
    assert_int_equal(packeis_game_apply(game, other), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), 0);
    assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
    assert_int_equal(packeis_game_ply_count(game), 13);
    packeis_game_free(game);
}

static void test_playout_forgets_undone(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(3, 8);
    assert_int_equal(packeis_game_playout(game, 1, NULL), PACKEIS_OK);
    assert_int_equal(packeis_game_undo_to(game, 5), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), 46);
    assert_int_equal(packeis_game_playout(game, 2, NULL), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), 0);
    assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
    /* One ply before the end, with the last ply undone. */
    assert_int_equal(packeis_game_undo(game), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), 1);
    size_t plies = 0;
    assert_int_equal(packeis_game_playout(game, 2, &plies), PACKEIS_OK);
    assert_int_equal(plies, 1); /* the last ply again */
    assert_int_equal(packeis_game_redo_count(game), 0);
    assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
    packeis_game_free(game);
}

static void test_redo_on_fresh_game(void **state)
{
    (void)state;
    static view before;
    packeis_game *game = tc_standard_game(2, 0);
    take(game, &before);
    assert_int_equal(packeis_game_redo_count(game), 0);
    assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
    assert_view(game, &before);
    assert_int_equal(packeis_game_undo_to(game, 0), PACKEIS_OK);
    assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
    packeis_game_free(game);
}

/* Clone and assign copy the undone moves; reset forgets them. */
static void test_copies_and_reset(void **state)
{
    (void)state;
    static view end, start;
    packeis_game *game = tc_standard_game(2, 9), *copy = NULL, *target = tc_standard_game(3, 1);
    take(game, &start);
    assert_int_equal(packeis_game_playout(game, 3, NULL), PACKEIS_OK);
    take(game, &end);
    size_t plies = packeis_game_ply_count(game);
    assert_int_equal(packeis_game_undo_to(game, 4), PACKEIS_OK);
    assert_int_equal(packeis_game_clone(game, &copy), PACKEIS_OK);
    assert_int_equal(packeis_game_assign(target, game), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(copy), plies - 4);
    assert_int_equal(packeis_game_redo_count(target), plies - 4);
    while (packeis_game_redo_count(copy) > 0)
        assert_int_equal(packeis_game_redo(copy), PACKEIS_OK);
    while (packeis_game_redo_count(target) > 0)
        assert_int_equal(packeis_game_redo(target), PACKEIS_OK);
    assert_view(copy, &end);
    assert_view(target, &end);
    assert_int_equal(packeis_game_redo_count(game), plies - 4); /* the original kept its own */
    /* Reset to the same seed: the start again, nothing to undo or redo. */
    assert_int_equal(packeis_game_reset(game, 9), PACKEIS_OK);
    assert_int_equal(packeis_game_redo_count(game), 0);
    assert_int_equal(packeis_game_redo(game), PACKEIS_E_NOTHING_TO_REDO);
    assert_int_equal(packeis_game_undo(game), PACKEIS_E_NOTHING_TO_UNDO);
    assert_view(game, &start);
    packeis_game_free(game);
    packeis_game_free(copy);
    packeis_game_free(target);
}

/* ------------------------------------------------------------------------ */
/* What each ply did: hand-worked games.                                    */

typedef struct effects {
    int player;
    uint64_t removed, credited[PACKEIS_MAX_PLAYERS];
    unsigned out;
} effects;

static void assert_effects(const packeis_game *game, size_t ply, const effects *want)
{
    assert_int_equal(packeis_game_ply_player(game, ply), want->player);
    assert_true(packeis_game_ply_removed(game, ply) == want->removed);
    assert_int_equal(packeis_game_ply_players_out(game, ply), want->out);
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        assert_true(packeis_game_ply_credited(game, ply, p) == want->credited[p]);
    assert_true(packeis_game_ply_credited(game, ply, -1) == 0);
    assert_true(packeis_game_ply_credited(game, ply, PACKEIS_MAX_PLAYERS) == 0);
}

/* Plies past the last one, and every query of a NULL game, say nothing. */
static void assert_no_effects_after(const packeis_game *game)
{
    size_t plies = packeis_game_ply_count(game);
    const size_t bad[] = {plies, plies + 1, SIZE_MAX};
    for (size_t i = 0; i < TC_COUNT(bad); i++) {
        assert_int_equal(packeis_game_ply_player(game, bad[i]), -1);
        assert_true(packeis_game_ply_removed(game, bad[i]) == 0);
        assert_int_equal(packeis_game_ply_players_out(game, bad[i]), 0);
        assert_true(packeis_game_ply_credited(game, bad[i], 0) == 0);
    }
    assert_int_equal(packeis_game_ply_player(NULL, 0), -1);
    assert_true(packeis_game_ply_removed(NULL, 0) == 0);
    assert_int_equal(packeis_game_ply_players_out(NULL, 0), 0);
    assert_true(packeis_game_ply_credited(NULL, 0, 0) == 0);
}

/*   00  01  02  03  04  05        (0,0) f2 (2,0) f3 (4,0) f1 ... (10,0) f1
 *     06                          (1,1) f3
 * Player 0 on 2, player 1 on 5. 2 -> 3 credits floe 2 to player 0 and cuts
 * {0, 1, 6} off (8 fish credited to nobody). 5 -> 4 credits 5 to player 1;
 * then player 0 on 3 (gap west, player 1 east) goes out with 3, and player
 * 1 on 4 (gaps on both sides) with 4. */
static void test_effects_cut_off_and_both_out(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 2}, {2, 0, 3},  {4, 0, 1}, {6, 0, 1},
                                    {8, 0, 1}, {10, 0, 1}, {1, 1, 3}};
    static const packeis_move moves[] = {P(2), P(5), S(2, 3), S(5, 4)};
    static const effects want[] = {
        {0, 0, {0, 0, 0, 0}, 0},
        {1, 0, {0, 0, 0, 0}, 0}, /* movement begins; every floe is linked */
        {0, BIT(2) | BIT(0) | BIT(1) | BIT(6), {BIT(2), 0, 0, 0}, 0},
        {1, BIT(5) | BIT(3) | BIT(4), {BIT(3), BIT(5) | BIT(4), 0, 0}, 0x3},
    };
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    for (size_t i = 0; i < TC_COUNT(moves); i++) {
        tc_play(game, &moves[i], 1);
        for (size_t j = 0; j <= i; j++) /* earlier plies keep their effects */
            assert_effects(game, j, &want[j]);
        assert_no_effects_after(game);
    }
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    assert_int_equal(packeis_game_fish_won(game, 0), 1 + 1); /* floes 2 and 3 */
    assert_int_equal(packeis_game_fish_won(game, 1), 1 + 1); /* floes 5 and 4 */
    /* Undone plies have no effects; redone ones have them again. */
    assert_int_equal(packeis_game_undo_to(game, 2), PACKEIS_OK);
    assert_int_equal(packeis_game_ply_player(game, 2), -1);
    assert_true(packeis_game_ply_removed(game, 2) == 0);
    assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
    assert_effects(game, 2, &want[2]);
    assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
    assert_effects(game, 3, &want[3]);
    packeis_game_free(game);
}

/* (0,0) f2, (2,0) f1, (4,0) f1, (6,0) f3 and the lone (20,0) f1. Player 0
 * on 1, player 1 on the lone 4. 1 -> 2 credits 1 to player 0 and cuts 0 off
 * (credited to nobody); player 1 has no move and goes out with 4. Then
 * 2 -> 3 credits 2, and player 0, alone on 3, goes out with it. */
static void test_effects_player_out(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 2}, {2, 0, 1}, {4, 0, 1}, {6, 0, 3}, {20, 0, 1}};
    static const packeis_move moves[] = {P(1), P(4), S(1, 2), S(2, 3)};
    static const effects want[] = {
        {0, 0, {0, 0, 0, 0}, 0},
        {1, 0, {0, 0, 0, 0}, 0},
        {0, BIT(1) | BIT(0) | BIT(4), {BIT(1), BIT(4), 0, 0}, 0x2},
        {0, BIT(2) | BIT(3), {BIT(2) | BIT(3), 0, 0, 0}, 0x1},
    };
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    tc_play(game, moves, TC_COUNT(moves));
    for (size_t i = 0; i < TC_COUNT(moves); i++)
        assert_effects(game, i, &want[i]);
    assert_no_effects_after(game);
    assert_int_equal(packeis_game_fish_won(game, 0), 1 + 1 + 3);
    assert_int_equal(packeis_game_fish_won(game, 1), 1);
    packeis_game_free(game);
}

/* Player 0 on the lone (0,0) f1; player 1 on (10,0) of the row (10,0),
 * (12,0), (14,0) f2, (16,0) f3. Player 1's placement starts the movement,
 * where player 0 has no move: the ply player 1 played credits floe 0 to
 * player 0, who goes out. */
static void test_effects_out_at_movement_start(void **state)
{
    (void)state;
    static const tc_floe board[] = {{0, 0, 1}, {10, 0, 1}, {12, 0, 1}, {14, 0, 2}, {16, 0, 3}};
    static const packeis_move moves[] = {P(0), P(1)};
    static const effects want = {1, BIT(0), {BIT(0), 0, 0, 0}, 0x1};
    packeis_game *game = tc_custom_game(board, TC_COUNT(board), 2, 1, 0);
    tc_play(game, moves, TC_COUNT(moves));
    assert_effects(game, 1, &want);
    assert_int_equal(packeis_game_current_player(game), 1);
    packeis_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* What each ply did: properties over random games.                         */

static void check_ply_effects(packeis_game *game, size_t ply, int players)
{
    static view before, after;
    assert_int_equal(packeis_game_undo_to(game, ply), PACKEIS_OK);
    take(game, &before);
    assert_int_equal(packeis_game_redo(game), PACKEIS_OK);
    take(game, &after);
    uint64_t removed = packeis_game_ply_removed(game, ply), all = 0;
    assert_int_equal(packeis_game_ply_player(game, ply), before.player);
    assert_true(removed == (before.floes & ~after.floes));
    unsigned out = 0;
    for (int p = 0; p < players; p++)
        out |= (unsigned)(after.out[p] && !before.out[p]) << p;
    assert_int_equal(packeis_game_ply_players_out(game, ply), out);
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        uint64_t credited = packeis_game_ply_credited(game, ply, p);
        assert_true((credited & all) == 0);      /* disjoint */
        assert_true((credited & ~removed) == 0); /* removed with the ply */
        all |= credited;
        int fish = 0;
        for (int c = 0; c < PACKEIS_MAX_CELLS; c++)
            if ((credited >> c) & 1)
                fish += packeis_game_fish(game, c);
        assert_int_equal(fish, after.fish[p] - before.fish[p]);
        assert_int_equal(popcount(credited), after.floes_won[p] - before.floes_won[p]);
        if (p >= players)
            assert_true(credited == 0);
    }
}

static void test_effects_random_games(void **state)
{
    (void)state;
    long out_plies = 0, cut_plies = 0;
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 6; seed++) {
            packeis_game *game = tc_standard_game(players, seed * 31);
            size_t plies = 0;
            assert_int_equal(packeis_game_playout(game, seed + 100, &plies), PACKEIS_OK);
            for (size_t ply = 0; ply < plies; ply++) {
                check_ply_effects(game, ply, players);
                out_plies += packeis_game_ply_players_out(game, ply) != 0;
                uint64_t nobody = packeis_game_ply_removed(game, ply);
                for (int p = 0; p < players; p++)
                    nobody &= ~packeis_game_ply_credited(game, ply, p);
                cut_plies += nobody != 0;
            }
            assert_int_equal(packeis_game_ply_count(game), plies);
            assert_no_effects_after(game);
            packeis_game_free(game);
        }
    print_message("plies with players out: %ld, with floes out of play: %ld\n", out_plies,
                  cut_plies);
    assert_true(out_plies > 0);
    assert_true(cut_plies > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_redo_every_ply),
        cmocka_unit_test(test_undo_to_then_redo),
        cmocka_unit_test(test_apply_and_the_undone_moves),
        cmocka_unit_test(test_playout_forgets_undone),
        cmocka_unit_test(test_redo_on_fresh_game),
        cmocka_unit_test(test_copies_and_reset),
        cmocka_unit_test(test_effects_cut_off_and_both_out),
        cmocka_unit_test(test_effects_player_out),
        cmocka_unit_test(test_effects_out_at_movement_start),
        cmocka_unit_test(test_effects_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
