/* SPDX-License-Identifier: MIT */
/*
 * packeis-play's input (examples/play): lines read from any bytes, the
 * commands of the prompt, moves as people type them with the reasons for a
 * refusal, the seats of the command line, and how far undo goes back.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "command.h"
#include "input.h"
#include "move_input.h"
#include "seat_spec.h"
#include "session.h"

/* ---- lines ------------------------------------------------------------- */

static void test_lines(void **state)
{
    (void)state;
    static const char bytes[] = "c4\r\n"
                                "\x1b[31mred\x01\xff\n"
                                "\n"
                                "a\rb\n"
                                "zz\tyy\n"
                                "last";
    FILE *in = fmemopen((void *)bytes, sizeof bytes - 1, "r");
    assert_non_null(in);
    char line[INPUT_LINE_MAX + 1];
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "c4"); /* the carriage return of CRLF goes */
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "?[31mred??"); /* no escape reaches the terminal */
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "");
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "a?b"); /* a carriage return inside the line */
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "zz yy"); /* a tab separates as a blank, not echoed */
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "last"); /* no newline at the end */
    assert_int_equal(input_read(in, line), INPUT_END);
    assert_int_equal(input_read(in, line), INPUT_END);
    fclose(in);
}

static void test_long_line_and_nul(void **state)
{
    (void)state;
    size_t size = 3 * INPUT_LINE_MAX;
    char *bytes = malloc(size);
    assert_non_null(bytes);
    memset(bytes, 'x', size);
    bytes[10] = '\0';                 /* a NUL byte inside the long line */
    bytes[2 * INPUT_LINE_MAX] = '\n'; /* the long line ends here */
    memcpy(bytes + 2 * INPUT_LINE_MAX + 1, "quit\n", 5);
    FILE *in = fmemopen(bytes, 2 * INPUT_LINE_MAX + 6, "r");
    char line[INPUT_LINE_MAX + 1];
    assert_int_equal(input_read(in, line), INPUT_TOO_LONG);
    /* ... read to its end: the next line is the next command. */
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_string_equal(line, "quit");
    assert_int_equal(input_read(in, line), INPUT_END);
    fclose(in);
    /* A line of exactly the limit is a line. */
    memset(bytes, 'y', INPUT_LINE_MAX);
    bytes[INPUT_LINE_MAX] = '\n';
    in = fmemopen(bytes, INPUT_LINE_MAX + 1, "r");
    assert_int_equal(input_read(in, line), INPUT_LINE);
    assert_int_equal(strlen(line), INPUT_LINE_MAX);
    fclose(in);
    free(bytes);
}

/* ---- commands ---------------------------------------------------------- */

static void test_commands(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        command_kind kind;
        const char *argument;
    } cases[] = {
        {"  \t ", COMMAND_EMPTY, ""},
        {"  c4-e5 ", COMMAND_MOVE, "c4-e5"},
        {"?", COMMAND_MOVES, ""},
        {"MOVES  c4 ", COMMAND_MOVES, "c4"},
        {"save  my game.txt  ", COMMAND_SAVE, "my game.txt"},
        {"load", COMMAND_MISSING, "load"},
        {"undo 3", COMMAND_EXTRA, "undo"},
        {"redo", COMMAND_REDO, ""},
        {"Hint", COMMAND_HINT, ""},
        {"board", COMMAND_BOARD, ""},
        {"help", COMMAND_HELP, ""},
        {"q", COMMAND_QUIT, ""},
        {"exit", COMMAND_QUIT, ""},
        /* A command word must stand alone: h1 and quitter are no commands. */
        {"h1", COMMAND_MOVE, "h1"},
        {"quitter", COMMAND_MOVE, "quitter"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char line[64];
        strcpy(line, cases[i].line);
        command c = command_parse(line);
        assert_int_equal(c.kind, cases[i].kind);
        assert_string_equal(c.argument, cases[i].argument);
    }
}

/* ---- moves ------------------------------------------------------------- */

/* Ten floes: a1 a2 a3 (1, 2, 3 fish), b1 ... b4 (2, 1, 1, 3), c1 c2 c3
 * (3, 1, 2). */
static packeis_game *ten(const char *const *moves)
{
    static const char picture[] = " 1 2 3\n2 1 1 3\n 3 1 2\n";
    packeis_options *options;
    packeis_game *game;
    size_t stop;
    assert_int_equal(packeis_options_new(NULL, &options), PACKEIS_OK);
    assert_int_equal(packeis_options_set_penguins(options, 2), PACKEIS_OK);
    assert_int_equal(
        packeis_options_set_layout_picture(options, picture, sizeof picture - 1, &stop),
        PACKEIS_OK);
    assert_int_equal(packeis_game_new(options, &game), PACKEIS_OK);
    packeis_options_free(options);
    for (; moves && *moves; moves++) {
        packeis_move move;
        char why[256];
        assert_int_equal(move_read(game, *moves, &move, why, sizeof why), PACKEIS_OK);
        assert_int_equal(packeis_game_apply(game, move), PACKEIS_OK);
    }
    return game;
}

static int cell(const packeis_game *game, const char *name)
{
    int c;
    size_t stop;
    assert_int_equal(packeis_game_parse_cell(game, name, strlen(name), &c, &stop), PACKEIS_OK);
    return c;
}

static void test_moves_typed(void **state)
{
    (void)state;
    /* Placement: A a1, B b2, A b3, B c2 (every one-fish floe but the... ). */
    static const char *const placed[] = {"a1", " B2 ", "b3", "c2", NULL};
    packeis_game *game = ten(placed);
    packeis_move move;
    char why[256];
    /* The notation, and the two cells apart. */
    assert_int_equal(move_read(game, "a1-a2", &move, why, sizeof why), PACKEIS_OK);
    assert_int_equal(move, packeis_move_slide(cell(game, "a1"), cell(game, "a2")));
    assert_int_equal(move_read(game, "A1 a2", &move, why, sizeof why), PACKEIS_OK);
    assert_int_equal(move, packeis_move_slide(cell(game, "a1"), cell(game, "a2")));
    assert_int_equal(move_read(game, "a1 - a2", &move, why, sizeof why), PACKEIS_OK);
    /* The destination alone: only b3 reaches b4 (east). */
    assert_int_equal(move_read(game, "b4", &move, why, sizeof why), PACKEIS_OK);
    assert_int_equal(move, packeis_move_slide(cell(game, "b3"), cell(game, "b4")));
    /* a2: a1 (east) and b3 (north-west) both reach it. */
    assert_int_equal(move_read(game, "a2", &move, why, sizeof why), PACKEIS_E_MALFORMED_TEXT);
    assert_string_equal(why, "several penguins can slide to a2: say which, a1-a2 or b3-a2");
    assert_int_equal(move, PACKEIS_MOVE_NONE);
    /* c1: b2 is B's; A's a1 and b3 are not in line with it. */
    assert_int_equal(move_read(game, "c1", &move, why, sizeof why), PACKEIS_E_WRONG_PHASE);
    assert_string_equal(why, "none of your penguins can slide to c1 (a slide is written "
                             "FROM-TO, such as c4-e5)");
    /* Refusals, in the library's words. */
    assert_int_equal(move_read(game, "a1-a3", &move, why, sizeof why), PACKEIS_OK);
    assert_int_equal(move_read(game, "b2-b1", &move, why, sizeof why),
                     PACKEIS_E_NOT_YOUR_PENGUIN);
    assert_string_equal(why, "b2-b1 is not allowed: no penguin of the player to act on that "
                             "floe (that penguin is B's)");
    assert_int_equal(move_read(game, "a2-a3", &move, why, sizeof why),
                     PACKEIS_E_NOT_YOUR_PENGUIN);
    assert_string_equal(why, "a2-a3 is not allowed: no penguin of the player to act on that "
                             "floe (no penguin is there)");
    assert_int_equal(move_read(game, "a1-c3", &move, why, sizeof why), PACKEIS_E_NOT_IN_LINE);
    assert_string_equal(why, "a1-c3 is not allowed: destination not in a straight line from "
                             "the penguin");
    assert_int_equal(move_read(game, "b3-b1", &move, why, sizeof why),
                     PACKEIS_E_BLOCKED_BY_PENGUIN);
    assert_string_equal(why, "b3-b1 is not allowed: a penguin is in the way");
    /* Not moves at all. */
    assert_int_equal(move_read(game, "x9", &move, why, sizeof why), PACKEIS_E_MALFORMED_TEXT);
    assert_string_equal(why, "there is no floe x9 on this board (its floes are a1 to c3)");
    assert_int_equal(move_read(game, "a1-a4", &move, why, sizeof why),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_string_equal(why, "there is no floe a4 on this board (its floes are a1 to c3)");
    assert_int_equal(move_read(game, "go west", &move, why, sizeof why),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_string_equal(why, "'go west' is not a move or a command: a placement is a cell such "
                             "as c4, a slide FROM-TO such as c4-e5 (help lists the commands)");
    assert_int_equal(move_read(game, "a1--a2", &move, why, sizeof why),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_int_equal(move_read(game, "a1a2", &move, why, sizeof why), PACKEIS_E_MALFORMED_TEXT);
    char long_text[200];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    assert_int_equal(move_read(game, long_text, &move, why, sizeof why),
                     PACKEIS_E_MALFORMED_TEXT);
    assert_non_null(strstr(why, "aaaa...' is not a move"));
    packeis_game_free(game);
}

static void test_placement_refusals(void **state)
{
    (void)state;
    static const char *const placed[] = {"a1", NULL};
    packeis_game *game = ten(placed);
    packeis_move move;
    char why[256];
    assert_int_equal(move_read(game, "a1", &move, why, sizeof why), PACKEIS_E_OCCUPIED);
    assert_string_equal(why, "a1 is not allowed: a penguin is already on that floe (A's)");
    assert_int_equal(move_read(game, "a2", &move, why, sizeof why), PACKEIS_E_NOT_ONE_FISH);
    assert_string_equal(why, "a2 is not allowed: penguins are placed on one-fish floes only "
                             "(it has 2 fish)");
    assert_int_equal(move_read(game, "a1-a2", &move, why, sizeof why), PACKEIS_E_WRONG_PHASE);
    assert_string_equal(why, "a1-a2 is not allowed: move of the wrong kind for this phase "
                             "(penguins are still being placed: type one floe, such as a1)");
    packeis_game_free(game);
}

/* ---- undo -------------------------------------------------------------- */

static void test_undo_target(void **state)
{
    (void)state;
    /* Plies: A a1, B b2, A b3, B c2, A a1-a2. */
    static const char *const played[] = {"a1", "b2", "b3", "c2", "a1-a2", NULL};
    packeis_game *game = ten(played);
    int a_human[PACKEIS_MAX_PLAYERS] = {1, 0, 0, 0};
    int b_human[PACKEIS_MAX_PLAYERS] = {0, 1, 0, 0};
    int both[PACKEIS_MAX_PLAYERS] = {1, 1, 0, 0};
    int nobody[PACKEIS_MAX_PLAYERS] = {0, 0, 0, 0};
    /* A's last turn was ply 4 (a1-a2): keep 4 actions. */
    assert_int_equal(undo_target(game, a_human), 4);
    /* B's last turn was ply 3 (c2): back to it, taking A's reply too. */
    assert_int_equal(undo_target(game, b_human), 3);
    assert_int_equal(undo_target(game, both), 4);
    assert_int_equal(undo_target(game, nobody), (size_t)-1);
    assert_int_equal(packeis_game_undo_to(game, 1), PACKEIS_OK);
    /* Only A's a1 is left: B, who has not played, cannot undo. */
    assert_int_equal(undo_target(game, b_human), (size_t)-1);
    assert_int_equal(undo_target(game, a_human), 0);
    packeis_game_free(game);
}

/* ---- seats ------------------------------------------------------------- */

static void test_seats(void **state)
{
    (void)state;
    seat_spec spec;
    char why[512];
    assert_int_equal(seat_spec_parse("human", &spec, why, sizeof why), 0);
    assert_int_equal(spec.kind, SEAT_HUMAN);
    assert_int_equal(seat_spec_parse("greedy", &spec, why, sizeof why), 0);
    assert_int_equal(spec.kind, SEAT_COMPUTER);
    assert_string_equal(spec.who.label, "greedy");
    assert_null(spec.who.command);
    assert_true(spec.who.seconds == 0 && spec.who.nodes == 0);
    /* A time, a budget and an option, in any order. */
    assert_int_equal(
        seat_spec_parse("montecarlo:250ms,5000,playouts=7", &spec, why, sizeof why), 0);
    assert_true(spec.who.seconds == 0.25);
    assert_int_equal(spec.who.nodes, 5000);
    assert_string_equal(spec.who.label, "montecarlo:250ms,5000,playouts=7");
    time_control tc = seat_time_control(&spec);
    assert_int_equal(tc.movetime_ms, 250);
    assert_int_equal(tc.nodes, 5000);
    assert_int_equal(seat_spec_parse("greedy:1.5s", &spec, why, sizeof why), 0);
    assert_true(spec.who.seconds == 1.5);
    /* Bad ones, each named. */
    assert_int_equal(seat_spec_parse("grady", &spec, why, sizeof why), -1);
    assert_non_null(strstr(why, "'grady'"));
    assert_int_equal(seat_spec_parse("greedy:fast", &spec, why, sizeof why), -1);
    assert_non_null(strstr(why, "'fast' is no strength"));
    assert_int_equal(seat_spec_parse("greedy:-2s", &spec, why, sizeof why), -1);
    assert_non_null(strstr(why, "'-2s' is no strength"));
    assert_int_equal(seat_spec_parse("greedy:0", &spec, why, sizeof why), -1);
    assert_int_equal(seat_spec_parse("engine:", &spec, why, sizeof why), -1);
    assert_non_null(strstr(why, "command is missing"));
    assert_int_equal(seat_spec_parse("engine:/nonexistent/engine", &spec, why, sizeof why), -1);
}

int main(void)
{
    /* As packeis-play does: an engine that is gone fails its writes. */
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_long_line_and_nul),
        cmocka_unit_test(test_commands),
        cmocka_unit_test(test_moves_typed),
        cmocka_unit_test(test_placement_refusals),
        cmocka_unit_test(test_undo_target),
        cmocka_unit_test(test_seats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
