/* SPDX-License-Identifier: MIT */
/*
 * players.h used as a careless or malicious program would (issue "The last
 * mile", item 3): each test is a finding of that pass, failing before its
 * fix. Weights files no loader should take or wait on, option values in
 * notations the documentation does not give, and networks whose integer or
 * float arithmetic could overflow.
 */
#define _POSIX_C_SOURCE 200809L /* mkfifo(), alarm() */

#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <math.h>

#include <cmocka.h>

#include "az_file.h"
#include "builders.h"
#include "nnue_file.h"
#include <packeis/players.h>

/* A file name of this test's own. */
static const char *temp_path(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "/tmp/test_hostile_players_%ld_%s", (long)getpid(), name);
    return path;
}

/* Loading `path` is refused with a sentence naming it and saying `words`. */
static void refused(const char *path, const char *words)
{
    packeis_player_az_net *net = (packeis_player_az_net *)1;
    char why[512] = "";
    assert_int_equal(packeis_player_az_load(path, &net, why, sizeof why), -1);
    assert_null(net);
    if (!strstr(why, words) || !strstr(why, path))
        fail_msg("'%s' does not name '%s' and say '%s'", why, path, words);
}

/* ---- a FIFO as the weights file ---------------------------------------- */

/* weights=FIFO that no program writes to: open() waited for a writer
 * forever (packeis-engine's setoption hung, beyond the reach of stop and
 * quit). Now refused at once; the alarm ends the test where it would hang. */
static void fifo_without_writer_refused(void **state)
{
    (void)state;
    const char *path = temp_path("fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    alarm(20);
    refused(path, "a FIFO no program writes to");
    packeis_player *p;
    assert_int_equal(packeis_player_new("az", 1, &p), 0);
    const char *why = NULL;
    assert_int_equal(packeis_player_set_option(p, "weights", path, &why), -1);
    assert_non_null(strstr(why, "a FIFO no program writes to"));
    alarm(0);
    packeis_player_free(p);
    remove(path);
}

typedef struct fifo_reader {
    const char *path;
    int result;
    char why[512];
} fifo_reader;

static void *read_fifo(void *context)
{
    fifo_reader *reader = context;
    packeis_player_az_net *net = NULL;
    reader->result =
        packeis_player_az_load(reader->path, &net, reader->why, sizeof reader->why);
    if (reader->result == 0 && packeis_player_az_version(net) != 2)
        reader->result = 99;
    packeis_player_az_free(net);
    return NULL;
}

/* A FIFO a program writes a good file into is still read: the writer
 * there first (opened O_RDWR, which does not wait on Linux), the reader
 * in a thread, the file longer than a pipe holds so that it cannot all be
 * written before the reader comes. */
static void fifo_with_writer_read(void **state)
{
    (void)state;
    char made[256], fifo_path[256];
    snprintf(made, sizeof made, "%s", temp_path("fifo.pkaz"));
    nnue_file *f = nnue_file_random(1, 256, 32, 3); /* 240 KB */
    assert_int_equal(nnue_file_write(made, f, 0, 0), 0);
    nnue_file_free(f);
    FILE *in = fopen(made, "rb");
    assert_non_null(in);
    snprintf(fifo_path, sizeof fifo_path, "%s", temp_path("fifo"));
    assert_int_equal(mkfifo(fifo_path, 0600), 0);
    int writer = open(fifo_path, O_RDWR);
    assert_true(writer >= 0);
    alarm(60);
    fifo_reader reader = {.path = fifo_path, .result = -9};
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, read_fifo, &reader), 0);
    char block[4096];
    size_t got;
    while ((got = fread(block, 1, sizeof block, in)) > 0)
        assert_int_equal(write(writer, block, got), (ssize_t)got);
    close(writer);
    pthread_join(thread, NULL);
    alarm(0);
    if (reader.result != 0)
        fail_msg("%d: %s", reader.result, reader.why);
    fclose(in);
    remove(made);
    remove(fifo_path);
}

/* ---- version 2: int32 biases whose sums overflow ------------------------
 *
 * b2, bp and bv were read as any int32: b2 = 2^31 - 1 overflowed the hidden
 * layer's int32 sums, bp = 2^31 - 1 the logits of a slide (two outputs
 * added) and the softmax's differences (undefined behaviour; in practice a
 * wrapped logit, a NaN prior from the softmax). The sums of the weights
 * stay below 2^24 whatever the input, so biases up to 2^28 cannot
 * overflow: beyond, the file is refused, naming the array and the index. */

/* `f` written, loaded and refused with `words`. */
static void nnue_refused(const nnue_file *f, const char *words)
{
    const char *path = temp_path("bias.pkaz");
    assert_int_equal(nnue_file_write(path, f, 0, 0), 0);
    refused(path, words);
    remove(path);
}

static void v2_biases_that_could_overflow_refused(void **state)
{
    (void)state;
    const int32_t beyond[] = {INT32_MAX, INT32_MIN, (1 << 28) + 1, -(1 << 28) - 1};
    for (size_t i = 0; i < TC_COUNT(beyond); i++) {
        nnue_file *f = nnue_file_zero(1, 32, 32);
        f->b2[31] = beyond[i];
        nnue_refused(f, "b2[31] is");
        f->b2[31] = 0, f->bp[100] = beyond[i];
        nnue_refused(f, "bp[100] is");
        f->bp[100] = 0, f->bv[3] = beyond[i];
        nnue_refused(f, "bv[3] is");
        nnue_file_free(f);
    }
}

/* Every weight and bias at the ends of what a file may hold: loaded, and
 * the az player plays legal games on it with finite values (under
 * -fsanitize=undefined with halt_on_error, as meson.build runs this test
 * where the build is sanitized, no sum overflows). */
static void v2_weights_at_their_limits_play(void **state)
{
    (void)state;
    nnue_file *f = nnue_file_zero(3, 32, 32);
    for (size_t i = 0; i < 704 * 32; i++)
        f->w1[i] = (int16_t)(i % 2 ? INT16_MAX : INT16_MIN);
    for (size_t i = 0; i < 32; i++)
        f->b1[i] = i % 3 ? INT16_MAX : INT16_MIN, f->b2[i] = i % 2 ? 1 << 28 : -(1 << 28);
    for (size_t i = 0; i < 32 * 48; i++)
        f->w2[i] = (int8_t)(i % 5 ? 127 : -127);
    for (size_t i = 0; i < 192 * 32; i++)
        f->wp[i] = (int8_t)(i % 2 ? 127 : -127);
    for (size_t i = 0; i < 192; i++)
        f->bp[i] = i % 2 ? 1 << 28 : -(1 << 28);
    for (size_t i = 0; i < 4 * 32; i++)
        f->wv[i] = 127;
    for (size_t i = 0; i < 4; i++)
        f->bv[i] = i % 2 ? 1 << 28 : -(1 << 28);
    const char *path = temp_path("limits.pkaz");
    assert_int_equal(nnue_file_write(path, f, 0, 0), 0);
    nnue_file_free(f);
    for (int players = 2; players <= 4; players++) {
        packeis_player *p;
        assert_int_equal(packeis_player_new("az", 1, &p), 0);
        const char *why = NULL;
        if (packeis_player_set_option(p, "weights", path, &why) != 0)
            fail_msg("%s", why);
        packeis_game *game = tc_standard_game(players, 5);
        packeis_player_limits limits = {.nodes = 40};
        while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
            packeis_player_line lines[4];
            size_t count = 0;
            assert_int_equal(packeis_player_analyse(p, game, &limits, 4, lines, &count, NULL),
                             PACKEIS_OK);
            for (size_t i = 0; i < count; i++)
                assert_true(lines[i].value >= -1 && lines[i].value <= 1);
            assert_int_equal(packeis_game_apply(game, lines[0].move), PACKEIS_OK);
        }
        packeis_game_free(game);
        packeis_player_free(p);
    }
    remove(path);
}

/* ---- version 1: floats whose sums overflow ------------------------------
 *
 * A float only had to be finite: weights of 3e38 gave an evaluation of
 * NaN (the policy and the value), the az player's lines values of NaN
 * (outside -1 ... 1) and a review's losses of NaN. The file is refused
 * when a layer's sums could leave float's range: the bound of each output
 * (its bias plus its weights' magnitudes times the bound of each input; an
 * observation's values are 0 ... 1) above 1e30, naming the layer. */

/* A version 1 file of shapes h1, h2, every weight +-scale (the sign
 * random), at `path`. */
static void write_v1_scaled(const char *path, uint32_t h1, uint32_t h2, float scale)
{
    az_header header = az_file_header(h1, h2);
    size_t count = az_file_floats(h1, h2);
    float *floats = az_file_random(count, 3, 1.0f);
    assert_non_null(floats);
    for (size_t i = 0; i < count; i++)
        floats[i] = floats[i] > 0 ? scale : -scale;
    assert_int_equal(az_file_write(path, &header, floats, count, 0), 0);
    free(floats);
}

static void v1_weights_that_could_overflow_refused(void **state)
{
    (void)state;
    const char *path = temp_path("huge.pkaz");
    write_v1_scaled(path, 8, 8, 3e38f);
    refused(path, "W1's outputs could reach");
    /* Finite at the first layer (8 * 1601 * 1e20), beyond at the second. */
    write_v1_scaled(path, 8, 8, 1e20f);
    refused(path, "W2's outputs could reach");
    /* Within: loaded, and its evaluation finite. */
    write_v1_scaled(path, 8, 8, 1e5f);
    packeis_player_az_net *net = NULL;
    char why[512];
    if (packeis_player_az_load(path, &net, why, sizeof why) != 0)
        fail_msg("%s", why);
    packeis_game *game = tc_standard_game(3, 1);
    static float policy[PACKEIS_MOVE_VALUES];
    float values[PACKEIS_MAX_PLAYERS];
    assert_int_equal(
        packeis_player_az_evaluate_players(net, game, policy, PACKEIS_MOVE_VALUES, values),
        PACKEIS_OK);
    for (size_t m = 0; m < PACKEIS_MOVE_VALUES; m++)
        assert_true(policy[m] >= 0 && policy[m] <= 1);
    for (int q = 0; q < PACKEIS_MAX_PLAYERS; q++)
        assert_true(values[q] >= -1 && values[q] <= 1);
    packeis_game_free(game);
    packeis_player_az_free(net);
    remove(path);
}

/* ---- option values in notations the documentation does not give -------
 *
 * Numbers were read by strtod() alone: "threads= 2" was taken (its leading
 * blank skipped) where "threads=2 " was refused, and so were hexadecimal
 * ("0x10"; a budget of "0x10" is refused); 1e-320, a number, was "not a
 * number". Now decimal notation only, as the seat notation reads budgets. */
static void option_numbers_decimal_only(void **state)
{
    (void)state;
    packeis_player *p;
    assert_int_equal(packeis_player_new("mcts", 1, &p), 0);
    const char *const refused_values[] = {" 2",    "\t2",      "\n2", "2 ",    "0x2", "0X2",
                                          "0x1p1", "infinity", "nan", "+",     "-",   ".",
                                          "e5",    "1e",       "1e+", "1.2.3", "2,0", ""};
    for (size_t i = 0; i < TC_COUNT(refused_values); i++) {
        const char *why = NULL;
        if (packeis_player_set_option(p, "threads", refused_values[i], &why) != -1)
            fail_msg("threads='%s' taken", refused_values[i]);
        assert_string_equal(why, "not a number");
        assert_int_equal(packeis_player_set_option(p, "exploration", refused_values[i], &why),
                         -1);
    }
    const char *const taken[] = {"2", "+2", "2.0", "2.", "0.2e1", "20E-1", "2e+0"};
    for (size_t i = 0; i < TC_COUNT(taken); i++)
        if (packeis_player_set_option(p, "threads", taken[i], NULL) != 0)
            fail_msg("threads='%s' refused", taken[i]);
    const char *const floats[] = {".5", "-0", "0.", "1e-3", "1E2"};
    for (size_t i = 0; i < TC_COUNT(floats); i++)
        if (packeis_player_set_option(p, "exploration", floats[i], NULL) != 0)
            fail_msg("exploration='%s' refused", floats[i]);
    const char *why = NULL;
    assert_int_equal(packeis_player_set_option(p, "exploration", "1e-320", &why), -1);
    assert_string_equal(why, "out of a double's range");
    assert_int_equal(packeis_player_set_option(p, "exploration", "1e400", &why), -1);
    assert_string_equal(why, "out of a double's range");
    packeis_player_free(p);
    /* The seat notation, which sets options the same way. */
    char reason[256];
    assert_int_equal(
        packeis_player_from_spec("mcts:threads= 2", 1, &p, NULL, reason, sizeof reason), -1);
    assert_non_null(strstr(reason, "not a number"));
    assert_int_equal(
        packeis_player_from_spec("mcts:threads=0x2", 1, &p, NULL, reason, sizeof reason), -1);
    assert_int_equal(packeis_player_from_spec("mcts:threads=2,exploration=.5", 1, &p, NULL,
                                              reason, sizeof reason),
                     0);
    packeis_player_free(p);
}

/* ---- calls into a player from its own on_report --------------------------
 *
 * A progress callback that forgets the player ("new game" pressed while
 * it thinks), changes an option or asks it for another move: the search
 * under way lost its tree or its scratch game and failed
 * (PACKEIS_E_INVALID_ARGUMENT, no move) where the documentation promises
 * a legal move; only the library's NULL checks stood between it and a
 * freed tree. Now such calls are refused while the player searches, and
 * the search ends as it would have. */

typedef struct reentry {
    packeis_player *player;
    const packeis_game *game;
    const char *option; /* one it has */
    int what, calls, refused;
} reentry;

static void call_back_in(void *context, const packeis_player_report *report)
{
    (void)report;
    reentry *r = context;
    r->calls++;
    packeis_move move = 1;
    packeis_player_line line;
    size_t count = 9;
    const char *why = NULL;
    switch (r->what) {
    case 0:
        packeis_player_forget(r->player);
        break;
    case 1:
        r->refused += packeis_player_set_option(r->player, r->option, "2", &why) == -1 && why &&
                      strstr(why, "searching");
        break;
    case 2:
        r->refused += packeis_player_choose(r->player, r->game, NULL, &move, NULL) ==
                          PACKEIS_E_INVALID_ARGUMENT &&
                      move == PACKEIS_MOVE_NONE;
        break;
    default:
        r->refused += packeis_player_analyse(r->player, r->game, NULL, 1, &line, &count,
                                             NULL) == PACKEIS_E_INVALID_ARGUMENT &&
                      count == 0;
        break;
    }
}

static void calls_from_on_report_refused(void **state)
{
    (void)state;
    static const char *const names[] = {"mcts", "az", "montecarlo", "alphabeta"};
    static const char *const options[] = {"tree", "tree", "playouts", "hash"};
    packeis_game *game = tc_standard_game(2, 1);
    packeis_player *greedy;
    assert_int_equal(packeis_player_new("greedy", 1, &greedy), 0);
    for (int i = 0; i < 10; i++) {
        packeis_move move;
        assert_int_equal(packeis_player_choose(greedy, game, NULL, &move, NULL), PACKEIS_OK);
        assert_int_equal(packeis_game_apply(game, move), PACKEIS_OK);
    }
    packeis_player_free(greedy);
    for (size_t n = 0; n < TC_COUNT(names); n++)
        for (int what = 0; what < 4; what++)
            for (int analyse = 0; analyse < 2; analyse++) {
                packeis_player *p;
                assert_int_equal(packeis_player_new(names[n], 1, &p), 0);
                reentry r = {.player = p, .game = game, .option = options[n], .what = what};
                packeis_player_limits limits = {
                    .nodes = 5000, .on_report = call_back_in, .context = &r};
                packeis_move move = PACKEIS_MOVE_NONE;
                packeis_player_line lines[3];
                size_t count = 0;
                packeis_status status =
                    analyse ? packeis_player_analyse(p, game, &limits, 3, lines, &count, NULL)
                            : packeis_player_choose(p, game, &limits, &move, NULL);
                if (status != PACKEIS_OK)
                    fail_msg("%s, call %d from on_report, %s: %s", names[n], what,
                             analyse ? "analyse" : "choose", packeis_status_name(status));
                if (analyse)
                    move = lines[0].move;
                assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
                assert_true(r.calls > 0);
                if (what > 0)
                    assert_int_equal(r.refused, r.calls);
                /* And after the search, the player is its own again. */
                assert_int_equal(packeis_player_choose(p, game, NULL, &move, NULL), PACKEIS_OK);
                packeis_player_free(p);
            }
    packeis_game_free(game);
}

/* ---- seat specs ----------------------------------------------------------
 *
 * "mcts:1," was taken where "mcts:1,,2" and "mcts:," were refused (an empty
 * item at the end went unseen), and "mcts:2s,1s" or "mcts:100,5000" kept
 * the last silently where the notation has one time and one budget. */
static void spec_items_empty_or_repeated_refused(void **state)
{
    (void)state;
    static const struct {
        const char *spec, *words;
    } bad[] = {
        {"mcts:1,", "an empty item"},
        {"mcts:threads=2,", "an empty item"},
        {"mcts:,", "an empty item"},
        {"mcts:1,,2", "an empty item"},
        {"mcts:2s,1s", "a second time per move"},
        {"mcts:300ms,2s,100", "a second time per move"},
        {"mcts:100,5000", "a second budget"},
        {"alphabeta:100,2s,5000", "a second budget"},
    };
    for (size_t i = 0; i < TC_COUNT(bad); i++) {
        packeis_player *p = (packeis_player *)1;
        char why[256] = "";
        if (packeis_player_from_spec(bad[i].spec, 1, &p, NULL, why, sizeof why) != -1)
            fail_msg("'%s' taken", bad[i].spec);
        assert_null(p);
        if (!strstr(why, bad[i].words) || !strstr(why, bad[i].spec))
            fail_msg("'%s': '%s' does not say '%s'", bad[i].spec, why, bad[i].words);
    }
    /* One time and one budget, in either order, with options between. */
    packeis_player *p;
    packeis_player_limits budget = {0};
    assert_int_equal(packeis_player_from_spec("mcts:100,threads=2,2s", 1, &p, &budget, NULL, 0),
                     0);
    assert_true(budget.nodes == 100 && budget.seconds == 2);
    packeis_player_free(p);
    assert_int_equal(packeis_player_from_spec("mcts:", 1, &p, &budget, NULL, 0), 0);
    assert_true(budget.nodes == 0 && budget.seconds == 0);
    packeis_player_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fifo_without_writer_refused),
        cmocka_unit_test(fifo_with_writer_read),
        cmocka_unit_test(v2_biases_that_could_overflow_refused),
        cmocka_unit_test(v2_weights_at_their_limits_play),
        cmocka_unit_test(v1_weights_that_could_overflow_refused),
        cmocka_unit_test(option_numbers_decimal_only),
        cmocka_unit_test(calls_from_on_report_refused),
        cmocka_unit_test(spec_items_empty_or_repeated_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
