/* SPDX-License-Identifier: MIT */
/*
 * packeis-play's views (examples/play): the board, the scores, what each
 * action did and the standings, drawn on fixed small games and compared with
 * texts worked out by hand from the layouts below.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_view.h"
#include "review_view.h"
#include "scoreboard.h"
#include "style.h"

/* A captured output. */
typedef struct capture {
    FILE *file;
    char *text;
    size_t length;
} capture;

static FILE *capture_open(capture *c)
{
    c->text = NULL;
    c->length = 0;
    c->file = open_memstream(&c->text, &c->length);
    assert_non_null(c->file);
    return c->file;
}

static const char *capture_close(capture *c)
{
    fclose(c->file);
    return c->text;
}

/* A game on a layout picture, with `penguins` each, after the moves. */
static packeis_game *game_on(const char *picture, int players, int penguins,
                             const char *const *moves)
{
    packeis_options *options;
    packeis_game *game;
    size_t stop;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_players(options, players), PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(options, penguins), PACKEIS_OK);
    assert_int_equal(
        packeis_options_set_layout_picture(options, picture, strlen(picture), &stop),
        PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    for (; moves && *moves; moves++) {
        packeis_move move;
        assert_int_equal(packeis_game_parse_move(game, *moves, strlen(*moves), 0, &move, &stop),
                         PACKEIS_OK);
        assert_int_equal(packeis_game_apply(game, move), PACKEIS_OK);
    }
    return game;
}

/* The board as board_draw() draws it, for free(). */
static char *drawn(const packeis_game *game, const style *st, uint64_t marked)
{
    capture c;
    assert_int_equal(board_draw(capture_open(&c), game, st, marked), PACKEIS_OK);
    capture_close(&c);
    return c.text;
}

/* Ten floes in three rows: a1 a2 a3 (x = 1, 3, 5), b1 ... b4 (x = 0 ... 6),
 * c1 c2 c3. */
static const char *const ten = " 1 2 3\n"
                               "2 1 1 3\n"
                               " 3 1 2\n";

static const seat_labels two = {{"you", "greedy", NULL, NULL}};

static void test_board_after_a_slide(void **state)
{
    (void)state;
    /* A places on a1, B on b2; A slides a1-a3 over a2: a1 leaves the board
     * and is marked '*', A's penguin on a3 moved last. Columns: 4, their
     * numbers end at characters 2, 6, 10, 14 after the margin of 2; floes at
     * 2 (x - min_x) after it. */
    static const char *const moves[] = {"a1", "b2", "a1-a3", NULL};
    packeis_game *game = game_on(ten, 2, 1, moves);
    char *text = drawn(game, style_plain(), 0);
    assert_string_equal(text, "    1   2   3   4\n"
                              "a    *   2  <A>   a\n"
                              "b  2  [B]  1   3  b\n"
                              "c    3   1   2    c\n"
                              "    1   2   3   4\n");
    free(text);
    packeis_game_free(game);
}

static void test_board_marks_destinations(void **state)
{
    (void)state;
    /* B's penguin on b2 can go to b1 and, east, b3 b4 (b3 is free); north-east
     * a2; south-east c2, south-west c1; north-west a1 has left. */
    static const char *const moves[] = {"a1", "b2", "a1-a3", NULL};
    packeis_game *game = game_on(ten, 2, 1, moves);
    int b2 = packeis_game_cell_at(game, 2, 1);
    char *text = drawn(game, style_plain(), packeis_game_destinations(game, b2));
    assert_string_equal(text, "    1   2   3   4\n"
                              "a    *  +2+ <A>   a\n"
                              "b +2+ [B] +1+ +3+ b\n"
                              "c   +3+ +1+  2    c\n"
                              "    1   2   3   4\n");
    free(text);
    packeis_game_free(game);
}

static void test_board_in_colour(void **state)
{
    (void)state;
    /* The penguins in their player's colour (A bold blue, B bold red, as in
     * the browser game), the rest in the terminal's own. */
    static const char *const moves[] = {"a1", "b2", NULL};
    packeis_game *game = game_on(ten, 2, 1, moves);
    char *text = drawn(game, style_color(), 0);
    assert_string_equal(text, "    1   2   3   4\n"
                              "a   \033[1;34m[A]\033[0m  2   3    a\n"
                              "b  2  \033[1;31m<B>\033[0m  1   3  b\n"
                              "c    3   1   2    c\n"
                              "    1   2   3   4\n");
    free(text);
    packeis_game_free(game);
}

static void test_board_standard_columns(void **state)
{
    (void)state;
    /* The standard board: 8 columns; row a (odd x) starts half a floe to the
     * right of row b, as in doc/formats.md. Seed 0's first row: */
    packeis_game *game;
    assert_int_equal(packeis_game_new(NULL, &game), PACKEIS_OK);
    char *text = drawn(game, style_plain(), 0);
    char first_row[64];
    char fish[8];
    for (int i = 0; i < 7; i++)
        fish[i] = (char)('0' + packeis_game_fish(game, i));
    snprintf(first_row, sizeof first_row, "a    %c   %c   %c   %c   %c   %c   %c    a\n",
             fish[0], fish[1], fish[2], fish[3], fish[4], fish[5], fish[6]);
    assert_non_null(strstr(text, "    1   2   3   4   5   6   7   8\na    "));
    assert_non_null(strstr(text, first_row));
    /* 8 rows, two label lines. */
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 10);
    free(text);
    packeis_game_free(game);
}

static void test_scores(void **state)
{
    (void)state;
    static const char *const moves[] = {"a1", "b2", "a1-a3", NULL};
    packeis_game *game = game_on(ten, 2, 1, moves);
    capture c;
    scores_draw(capture_open(&c), game, &two, style_plain());
    assert_string_equal(capture_close(&c),
                        "  A you      1 fish   1 floes\n"
                        "> B greedy   0 fish   0 floes\n"
                        "movement, 3 actions, last A a1-a3; B (greedy) to move\n");
    free(c.text);
    packeis_game_free(game);
}

/* A row of five one-fish floes a1 ... a5: A from a1 and B from a5 walk
 * towards each other until neither can move. */
static const char *const row = "1 1 1 1 1\n";

static void test_notices_of_going_out(void **state)
{
    (void)state;
    /* 3. a1-a2 and 4. a5-a4 take a floe each. 5. a2-a3: then B, on a4
     * between a3 (A) and the gap a5, cannot move and goes out with a4; A
     * on a3 has a2 and a4 gone on both sides and goes out with a3. */
    static const char *const moves[] = {"a1", "a5", "a1-a2", "a5-a4", "a2-a3", NULL};
    packeis_game *game = game_on(row, 2, 1, moves);
    capture c;
    FILE *out = capture_open(&c);
    for (size_t ply = 0; ply < 5; ply++)
        ply_notice(out, game, ply, &two, style_plain());
    assert_string_equal(
        capture_close(&c),
        "1. A you places on a1\n"
        "2. B greedy places on a5\n"
        "3. A you slides a1-a2, +1 fish\n"
        "4. B greedy slides a5-a4, +1 fish\n"
        "5. A you slides a2-a3, +1 fish\n"
        "    A cannot move and is out: its penguins leave with 1 floe, +1 fish\n"
        "    B cannot move and is out: its penguins leave with 1 floe, +1 fish\n");
    free(c.text);
    /* A: a1 a2 a3, 3 fish; B: a5 a4, 2 fish. */
    assert_int_equal(packeis_game_phase(game), PACKEIS_PHASE_OVER);
    capture s;
    standings_draw(capture_open(&s), game, &two, style_plain());
    assert_string_equal(capture_close(&s), "Final standings\n"
                                           "  1. A you      3 fish   3 floes\n"
                                           "  2. B greedy   2 fish   2 floes\n"
                                           "A wins.\n");
    free(s.text);
    packeis_game_free(game);
}

static void test_notice_of_floes_out_of_play(void **state)
{
    (void)state;
    /* Two islands: a1 ... a4 on the left, a6 (x = 10, across the gap at
     * x = 8) alone on the right, where no penguin is and none can go: it is
     * out of play, removed as soon as placement ends (with B's a4). */
    static const char *const moves[] = {"a1", "a4", "a1-a2", NULL};
    packeis_game *game = game_on("1 1 1 1 . 2\n", 2, 1, moves);
    capture c;
    FILE *out = capture_open(&c);
    for (size_t ply = 0; ply < 3; ply++)
        ply_notice(out, game, ply, &two, style_plain());
    const char *text = capture_close(&c);
    assert_string_equal(text, "1. A you places on a1\n"
                              "2. B greedy places on a4\n"
                              "    1 floe out of play, no penguin can reach it: a6\n"
                              "3. A you slides a1-a2, +1 fish\n");
    free(c.text);
    packeis_game_free(game);
}

static packeis_game *position(const char *text)
{
    packeis_game *game;
    size_t stop;
    assert_int_equal(packeis_game_load_position(text, strlen(text), NULL, &game, &stop),
                     PACKEIS_OK);
    return game;
}

static void test_standings_tie_break(void **state)
{
    (void)state;
    /* 4 fish each: B has them on 3 floes, A on 2; floes break the tie. */
    packeis_game *game =
        position("packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 "
                 "variants - | ..... | 4/2 4/3 | out 0,1 | over -");
    capture c;
    standings_draw(capture_open(&c), game, &two, style_plain());
    assert_string_equal(capture_close(&c),
                        "Final standings\n"
                        "  1. B greedy   4 fish   3 floes\n"
                        "  2. A you      4 fish   2 floes\n"
                        "B wins on the tie-break: equal fish, more floes.\n");
    free(c.text);
    packeis_game_free(game);
}

static void test_standings_shared(void **state)
{
    (void)state;
    /* Three players: A and C, 4 fish on 2 floes each, share first place; B
     * is third (places 1, 1, 3). */
    packeis_game *game = position(
        "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1;5,1,3 players 3 penguins 1 variants - "
        "| ...... | 4/2 3/2 4/2 | out 0,1,2 | over -");
    static const seat_labels three = {{"you", "greedy", "mcts", NULL}};
    capture c;
    standings_draw(capture_open(&c), game, &three, style_plain());
    assert_string_equal(capture_close(&c),
                        "Final standings\n"
                        "  1. A you      4 fish   2 floes\n"
                        "  1. C mcts     4 fish   2 floes\n"
                        "  3. B greedy   3 fish   2 floes\n"
                        "A and C share first place: equal fish and floes.\n");
    free(c.text);
    packeis_game_free(game);
}

/* The row of four floes of tests/players/test_review.c, 1 1 3 1 fish, one
 * penguin each: A places on a2, B on a4, A slides a2-a1, B a4-a3 (its
 * only move); the review of that game worked out by hand (solved: after
 * a2 and a4, A's a2-a3 wins 4 to 1, +3, and a2-a1 loses 2 to 4, -2; B's a4
 * loses by 3, its a1 would lose by 4). */
static const char *const row_moves[] = {"a2", "a4", "a2-a1", "a4-a3", NULL};

static packeis_player_review_ply exact_ply(size_t ply, int player, packeis_move played,
                                           packeis_move best, double before, double after)
{
    packeis_player_review_ply p = {.ply = ply,
                                   .player = player,
                                   .played = played,
                                   .best = best,
                                   .has_value = 1,
                                   .exact = 1,
                                   .has_margin = 1,
                                   .margin_before = before,
                                   .margin_after = after};
    p.value_before = before > 0 ? 1 : before < 0 ? -1 : 0;
    p.value_after = after > 0 ? 1 : after < 0 ? -1 : 0;
    p.loss = p.value_before - p.value_after;
    p.fish_loss = before - after;
    p.accuracy = packeis_player_review_accuracy(p.loss);
    p.judgement = p.loss >= PACKEIS_PLAYER_BLUNDER ? 3 : 0;
    return p;
}

static void test_review_of_the_row(void **state)
{
    (void)state;
    packeis_game *game = game_on("1 1 3 1\n", 2, 1, row_moves);
    packeis_player_review_ply plies[4] = {
        exact_ply(0, 0, packeis_move_placement(1), packeis_move_placement(1), 3, 3),
        exact_ply(1, 1, packeis_move_placement(3), packeis_move_placement(3), -3, -3),
        exact_ply(2, 0, packeis_move_slide(1, 0), packeis_move_slide(1, 2), 3, -2),
        {.ply = 3, .player = 1, .played = packeis_move_slide(3, 2), .forced = 1},
    };
    capture c;
    FILE *out = capture_open(&c);
    review_view_heading(out, game, &two);
    for (int i = 0; i < 4; i++)
        review_view_ply(out, game, &two, style_plain(), &plies[i]);
    review_view_summary(out, game, &two, style_plain(), plies, 4);
    assert_string_equal(
        capture_close(&c),
        "  no.  player    played   best     before   after    loss\n"
        "    1. A you     a2       a2       +1.00 -> +1.00 =  0.00\n"
        "    2. B greedy  a4       a4       -1.00 -> -1.00 =  0.00\n"
        "    3. A you     a2-a1    a2-a3    +1.00 -> -1.00 =  2.00 ?? blunder, 5 fish lost\n"
        "    4. B greedy  a4-a3    forced (the only move)\n"
        "  player    moves  forced  average loss  accuracy  ?!   ?  ??  fish lost\n"
        "  A you         2       0         1.000      50.0   0   0   1  5 (2 exact moves)\n"
        "  B greedy      1       1         0.000     100.0   0   0   0  0 (1 exact move)\n");
    free(c.text);
    packeis_game_free(game);
}

static void test_review_estimated_rows(void **state)
{
    (void)state;
    /* Values of an estimator (not exact: no =, no fish), each judgement's
     * mark, a move the search did not reach, and colours. */
    packeis_game *game = game_on("1 1 3 1\n", 2, 1, row_moves);
    packeis_player_review_ply plies[4] = {
        {.ply = 0,
         .player = 0,
         .played = packeis_move_placement(0),
         .best = packeis_move_placement(1),
         .has_value = 1,
         .value_before = 0.5,
         .value_after = 0.36,
         .loss = 0.14,
         .accuracy = 80,
         .judgement = 1},
        {.ply = 1,
         .player = 1,
         .played = packeis_move_placement(3),
         .best = packeis_move_placement(0),
         .has_value = 1,
         .value_before = 0.25,
         .value_after = 0,
         .loss = 0.25,
         .accuracy = 50,
         .judgement = 2},
        {.ply = 2,
         .player = 0,
         .played = packeis_move_slide(1, 0),
         .best = packeis_move_slide(1, 2),
         .has_value = 0},
        {.ply = 3,
         .player = 1,
         .played = packeis_move_slide(3, 2),
         .best = packeis_move_slide(3, 2),
         .has_value = 1,
         .value_before = -0.5,
         .value_after = -0.5,
         .accuracy = 100},
    };
    capture c;
    FILE *out = capture_open(&c);
    for (int i = 0; i < 4; i++)
        review_view_ply(out, game, &two, style_plain(), &plies[i]);
    review_view_summary(out, game, &two, style_plain(), plies, 4);
    assert_string_equal(
        capture_close(&c),
        "    1. A you     a1       a2       +0.50 -> +0.36    0.14 ?! inaccuracy\n"
        "    2. B greedy  a4       a1       +0.25 -> +0.00    0.25 ?  mistake\n"
        "    3. A you     a2-a1    a2-a3    no value (the search did not reach the move)\n"
        "    4. B greedy  a4-a3    a4-a3    -0.50 -> -0.50    0.00\n"
        "  player    moves  forced  average loss  accuracy  ?!   ?  ??  fish lost\n"
        "  A you         1       0         0.140      80.0   1   0   0  - (no exact move)\n"
        "  B greedy      2       0         0.125      75.0   0   1   0  - (no exact move)\n");
    free(c.text);
    out = capture_open(&c);
    review_view_ply(out, game, &two, style_color(), &plies[1]);
    assert_string_equal(capture_close(&c),
                        "    2. \033[1;31mB\033[0m greedy  a4       a1       +0.25 -> +0.00    "
                        "0.25 \033[1;35m?  mistake\033[0m\n");
    free(c.text);
    assert_string_equal(review_view_judgement(3), "blunder");
    assert_string_equal(review_view_judgement(0), "");
    packeis_game_free(game);
}

static void test_style_choice(void **state)
{
    (void)state;
    assert_true(style_wanted(0, NULL, 1));
    assert_true(style_wanted(0, "", 1)); /* NO_COLOR set but empty: no effect */
    assert_false(style_wanted(0, "1", 1));
    assert_false(style_wanted(1, NULL, 1)); /* --no-color */
    assert_false(style_wanted(0, NULL, 0)); /* not a terminal */
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        assert_string_equal(style_plain()->player[p], "");
    assert_string_equal(style_plain()->reset, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_after_a_slide),
        cmocka_unit_test(test_board_marks_destinations),
        cmocka_unit_test(test_board_in_colour),
        cmocka_unit_test(test_board_standard_columns),
        cmocka_unit_test(test_scores),
        cmocka_unit_test(test_notices_of_going_out),
        cmocka_unit_test(test_notice_of_floes_out_of_play),
        cmocka_unit_test(test_standings_tie_break),
        cmocka_unit_test(test_standings_shared),
        cmocka_unit_test(test_review_of_the_row),
        cmocka_unit_test(test_review_estimated_rows),
        cmocka_unit_test(test_style_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
