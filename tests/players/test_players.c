/* SPDX-License-Identifier: MIT */
/*
 * The computer players (include/packeis/players.h): every player plays only
 * legal moves and keeps to its budget on standard, custom and variant games
 * with 2, 3 and 4 players; the same seed and node budget give the same
 * game; the stop flag ends a search; options are checked; the mcts player's
 * report and tree reuse.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "builders.h"
#include <packeis/players.h>

static const char *const all_players[] = {"random", "greedy", "montecarlo", "alphabeta",
                                          "mcts"};
/* packeis_player_names(): these and az, which needs a weights file
 * (tests/players/test_az.c plays it). */
static const char *const every_name[] = {"random",    "greedy", "montecarlo",
                                         "alphabeta", "mcts",   "az"};

/* A small island of 19 floes (a hexagon of radius 2): ten one-fish floes
 * and nine of two or three. */
static packeis_game *island_game(int players, int penguins, unsigned variants)
{
    tc_floe floes[19];
    size_t count = 0;
    for (int y = -2; y <= 2; y++)
        for (int x = -4 + (y < 0 ? -y : y); x <= 4 - (y < 0 ? -y : y); x += 2, count++)
            floes[count] = (tc_floe){x, y, count % 2 == 0 ? 1 : 2 + (int)(count / 2) % 2};
    return tc_custom_game(floes, count, players, penguins, variants);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static packeis_player *new_player(const char *name, uint64_t seed)
{
    packeis_player *p;
    assert_int_equal(packeis_player_new(name, seed, &p), 0);
    assert_non_null(p);
    assert_string_equal(packeis_player_name(p), name);
    return p;
}

/* The work a player must have done for a node budget: exactly the budget
 * for the playout players (when there is a choice), at most the budget for
 * alphabeta (it stops early once the game is solved), 1 for the others. */
static void check_nodes(const char *name, const packeis_player_report *report, uint64_t budget,
                        size_t legal)
{
    if (strcmp(name, "random") == 0 || strcmp(name, "greedy") == 0)
        assert_int_equal(report->nodes, 1);
    else if (strcmp(name, "alphabeta") == 0)
        assert_true(report->nodes <= budget);
    else
        assert_int_equal(report->nodes, legal > 1 ? budget : 0);
}

/* Plays `game` to the end with `name` in every seat under a node budget,
 * each move checked; returns the number of moves. */
static size_t play_out(const char *name, packeis_game *game, uint64_t budget)
{
    packeis_player *p = new_player(name, 5);
    packeis_player_limits limits = {.nodes = budget};
    size_t moves = 0;
    while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
        packeis_move legal[PACKEIS_MAX_MOVES], move;
        size_t count;
        packeis_player_report report;
        TC_CHECK(packeis_game_legal_moves(game, legal, PACKEIS_MAX_MOVES, &count), PACKEIS_OK);
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
        check_nodes(name, &report, budget, count);
        assert_true(report.pv_length >= 1 && report.pv[0] == move);
        TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
        moves++;
    }
    packeis_player_free(p);
    return moves;
}

static void legal_on_standard_boards(void **state)
{
    (void)state;
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        for (int players = 2; players <= 4; players++) {
            packeis_game *game = tc_standard_game(players, 40 + (uint64_t)players);
            assert_true(play_out(all_players[i], game, 60) > 0);
            packeis_game_free(game);
        }
    }
}

static void legal_on_custom_and_variant_boards(void **state)
{
    (void)state;
    /* The island with 1 to 3 penguins, each variant, snake with 3 and 4. */
    static const struct {
        int players, penguins;
        unsigned variants;
    } setups[] = {
        {2, 1, 0}, {2, 3, TC_ANY_FLOE}, {3, 2, TC_SNAKE}, {4, 1, TC_ANY_FLOE | TC_SNAKE},
        {4, 2, 0},
    };
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        for (size_t s = 0; s < TC_COUNT(setups); s++) {
            packeis_game *game =
                island_game(setups[s].players, setups[s].penguins, setups[s].variants);
            assert_true(play_out(all_players[i], game, 40) > 0);
            packeis_game_free(game);
        }
        packeis_options *options = tc_standard_options(3, 9, TC_ANY_FLOE | TC_SNAKE);
        TC_CHECK(packeis_options_set_penguins(options, 4), PACKEIS_OK);
        packeis_game *game = tc_game(options);
        assert_true(play_out(all_players[i], game, 40) > 0);
        packeis_game_free(game);
    }
}

/* A position loaded from text has no history: every player plays from it,
 * and mcts, shown first the game it came from, does not take its tree for
 * this one. */
static void legal_from_a_loaded_position(void **state)
{
    (void)state;
    packeis_game *played = tc_standard_game(3, 21);
    size_t plies;
    TC_CHECK(packeis_game_playout(played, 4, &plies), PACKEIS_OK);
    TC_CHECK(packeis_game_undo_to(played, plies / 2), PACKEIS_OK);
    char text[PACKEIS_POSITION_TEXT_SIZE];
    tc_save_position(played, text);
    packeis_game *loaded = tc_load_position(text);
    assert_int_equal(packeis_game_ply_count(loaded), 0);
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        packeis_player *p = new_player(all_players[i], 2);
        packeis_player_limits limits = {.nodes = 200};
        packeis_move move;
        TC_CHECK(packeis_game_undo_to(played, 0), PACKEIS_OK);
        assert_int_equal(packeis_player_choose(p, played, &limits, &move, NULL), PACKEIS_OK);
        assert_int_equal(packeis_player_choose(p, loaded, &limits, &move, NULL), PACKEIS_OK);
        assert_int_equal(packeis_game_check_move(loaded, move), PACKEIS_OK);
        packeis_player_free(p);
    }
    packeis_game_free(loaded);
    packeis_game_free(played);
}

/* The whole game between two players of `name`, as a list of moves. */
static size_t record_game(const char *name, uint64_t seed, const char *option,
                          const char *value, packeis_move *history)
{
    packeis_player *a = new_player(name, seed), *b = new_player(name, seed + 1);
    if (option) {
        assert_int_equal(packeis_player_set_option(a, option, value, NULL), 0);
        assert_int_equal(packeis_player_set_option(b, option, value, NULL), 0);
    }
    packeis_game *game = tc_standard_game(2, 3);
    packeis_player_limits limits = {.nodes = 150};
    while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
        packeis_move move;
        packeis_player *mover = packeis_game_current_player(game) == 0 ? a : b;
        assert_int_equal(packeis_player_choose(mover, game, &limits, &move, NULL), PACKEIS_OK);
        TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
    }
    size_t count;
    TC_CHECK(packeis_game_history(game, history, 256, &count), PACKEIS_OK);
    packeis_game_free(game);
    packeis_player_free(a);
    packeis_player_free(b);
    return count;
}

static void same_seed_same_game(void **state)
{
    (void)state;
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        packeis_move first[256], second[256], other[256];
        size_t n1 = record_game(all_players[i], 11, NULL, NULL, first);
        size_t n2 = record_game(all_players[i], 11, NULL, NULL, second);
        assert_int_equal(n1, n2);
        assert_memory_equal(first, second, n1 * sizeof first[0]);
        /* Another seed plays another game, except for alphabeta, whose
         * search does not draw at all. */
        size_t n3 = record_game(all_players[i], 12, NULL, NULL, other);
        if (strcmp(all_players[i], "alphabeta") != 0 && strcmp(all_players[i], "greedy") != 0)
            assert_true(n3 != n1 || memcmp(first, other, n1 * sizeof first[0]) != 0);
    }
    /* Root-parallel mcts too: each thread has its seed and share of the
     * node budget. */
    packeis_move first[256], second[256];
    size_t n1 = record_game("mcts", 4, "threads", "3", first);
    size_t n2 = record_game("mcts", 4, "threads", "3", second);
    assert_int_equal(n1, n2);
    assert_memory_equal(first, second, n1 * sizeof first[0]);
}

static void time_budget_kept(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 1);
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        packeis_player *p = new_player(all_players[i], 1);
        packeis_player_limits limits = {.seconds = 0.05};
        packeis_player_report report;
        packeis_move move;
        double start = now();
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        double spent = now() - start;
        assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
        /* A generous slack: the machine may be busy. The searching players
         * cannot finish the opening early, so they use their time. */
        assert_true(spent < 0.05 + 0.5);
        assert_true(report.seconds <= spent + 1e-6);
        if (strcmp(all_players[i], "random") != 0 && strcmp(all_players[i], "greedy") != 0) {
            assert_true(spent >= 0.05);
            assert_true(report.nodes > 1);
        }
        packeis_player_free(p);
    }
    packeis_game_free(game);
}

static void *raise_flag(void *arg)
{
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    atomic_store((atomic_int *)arg, 1);
    return NULL;
}

static void stop_flag_honoured(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(3, 2);
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        packeis_player *p = new_player(all_players[i], 1);
        packeis_move move;
        packeis_player_report report;
        /* Raised before the call: a legal move at once, no search. */
        atomic_int stop = 1;
        packeis_player_limits limits = {.seconds = 1000, .stop = &stop};
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
        assert_true(report.nodes <= 1);
        /* Raised by another thread during an unbounded search. */
        atomic_store(&stop, 0);
        pthread_t thread;
        assert_int_equal(pthread_create(&thread, NULL, raise_flag, &stop), 0);
        double start = now();
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_true(now() - start < 5);
        assert_int_equal(pthread_join(thread, NULL), 0);
        assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
        packeis_player_free(p);
    }
    packeis_game_free(game);
}

static void names_and_options(void **state)
{
    (void)state;
    const char *const *names = packeis_player_names();
    size_t count = 0;
    for (; names[count] && count < TC_COUNT(every_name); count++)
        assert_string_equal(names[count], every_name[count]);
    assert_null(names[count]);
    assert_int_equal(count, TC_COUNT(every_name));
    packeis_player *p;
    assert_int_equal(packeis_player_new("minimax", 1, &p), -1);
    assert_null(p);
    assert_int_equal(packeis_player_new(NULL, 1, &p), -1);
    p = new_player("mcts", 1);
    assert_non_null(packeis_player_description(p));
    size_t options_count;
    const packeis_player_option *options = packeis_player_options(p, &options_count);
    assert_true(options_count >= 5);
    for (size_t i = 0; i < options_count; i++) /* each default is a valid value */
        assert_int_equal(
            packeis_player_set_option(p, options[i].name, options[i].default_value, NULL), 0);
    const char *why = NULL;
    assert_int_equal(packeis_player_set_option(p, "threads", "0", &why), -1);
    assert_string_equal(why, "out of the option's range");
    assert_int_equal(packeis_player_set_option(p, "threads", "2.5", &why), -1);
    assert_string_equal(why, "not an integer");
    assert_int_equal(packeis_player_set_option(p, "exploration", "lots", &why), -1);
    assert_string_equal(why, "not a number");
    assert_int_equal(packeis_player_set_option(p, "reuse", "maybe", &why), -1);
    assert_int_equal(packeis_player_set_option(p, "depth", "3", &why), -1);
    assert_string_equal(why, "no such option");
    assert_int_equal(packeis_player_set_option(p, "exploration", "1.5", &why), 0);
    assert_int_equal(packeis_player_set_option(p, "reuse", "off", &why), 0);
    packeis_player_free(p);
    packeis_player_free(NULL);
}

static void bad_calls(void **state)
{
    (void)state;
    packeis_player *p = new_player("greedy", 1);
    packeis_game *game = tc_standard_game(2, 1);
    packeis_move move = 0;
    assert_int_equal(packeis_player_choose(NULL, game, NULL, &move, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(move, PACKEIS_MOVE_NONE);
    assert_int_equal(packeis_player_choose(p, NULL, NULL, &move, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_player_choose(p, game, NULL, NULL, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_player_limits negative = {.seconds = -1};
    assert_int_equal(packeis_player_choose(p, game, &negative, &move, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    size_t plies;
    TC_CHECK(packeis_game_playout(game, 1, &plies), PACKEIS_OK);
    for (size_t i = 0; i < TC_COUNT(all_players); i++) {
        packeis_player *q = new_player(all_players[i], 1);
        move = 0;
        assert_int_equal(packeis_player_choose(q, game, NULL, &move, NULL),
                         PACKEIS_E_GAME_OVER);
        assert_int_equal(move, PACKEIS_MOVE_NONE);
        packeis_player_free(q);
    }
    packeis_game_free(game);
    packeis_player_free(p);
}

/* The sum of the root visits of a report. */
static uint64_t root_visits(const packeis_player_report *report)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < report->root_moves; i++)
        sum += report->visits[i];
    return sum;
}

static void mcts_report_and_reuse(void **state)
{
    (void)state;
    for (int reuse = 0; reuse <= 1; reuse++) {
        packeis_player *p = new_player("mcts", 3);
        assert_int_equal(packeis_player_set_option(p, "reuse", reuse ? "true" : "false", NULL),
                         0);
        packeis_game *game = tc_standard_game(2, 8);
        /* 2,000 playouts: with two playouts a new leaf (the option "leaf"),
         * 500 were 250 iterations, too few to expand the expected reply. */
        packeis_player_limits limits = {.nodes = 2000};
        packeis_player_report report;
        packeis_move move;
        /* The first move: the visits of the root moves are the playouts. */
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_int_equal(report.root_moves, 30);
        assert_int_equal(root_visits(&report), 2000);
        assert_true(report.has_score && report.score >= 0 && report.score <= 1);
        assert_true(report.pv_length >= 2 && report.pv[0] == move);
        assert_true(report.depth >= 2);
        TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
        TC_CHECK(packeis_game_apply(game, report.pv[1]), PACKEIS_OK);
        /* The opponent played the expected reply: with reuse, the subtree
         * kept brings its visits along. */
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        if (reuse)
            assert_true(root_visits(&report) > 2000);
        else
            assert_int_equal(root_visits(&report), 2000);
        /* A new game forgets the tree. */
        packeis_player_forget(p);
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_int_equal(root_visits(&report), 2000);
        packeis_game_free(game);
        packeis_player_free(p);
    }
}

/* mcts's win estimate follows the game: even at the start against random,
 * near 1 by its last moves of a game it wins. */
static void mcts_win_estimate(void **state)
{
    (void)state;
    packeis_player *p = new_player("mcts", 1), *opponent = new_player("random", 2);
    packeis_game *game = tc_standard_game(2, 6);
    packeis_player_limits limits = {.nodes = 400};
    double first = -1, last = -1;
    while (packeis_game_phase(game) != PACKEIS_PHASE_OVER) {
        packeis_move move;
        packeis_player_report report;
        int mine = packeis_game_current_player(game) == 0;
        assert_int_equal(
            packeis_player_choose(mine ? p : opponent, game, &limits, &move, &report),
            PACKEIS_OK);
        if (mine && report.has_score) {
            assert_true(report.score >= 0 && report.score <= 1);
            if (first < 0)
                first = report.score;
            last = report.score;
        }
        TC_CHECK(packeis_game_apply(game, move), PACKEIS_OK);
    }
    assert_int_equal(packeis_game_winners(game), 1u);
    assert_true(first > 0.3 && first < 0.9);
    assert_true(last > 0.95);
    packeis_game_free(game);
    packeis_player_free(opponent);
    packeis_player_free(p);
}

static void count_report(void *context, const packeis_player_report *report)
{
    int *calls = context;
    (*calls)++;
    assert_true(report->nodes <= 20000);
    assert_true(report->pv_length >= 1);
}

/* on_report is called during the search (and at its end), with reports that
 * hold to the budget. */
static void reports_while_searching(void **state)
{
    (void)state;
    static const char *const searchers[] = {"montecarlo", "alphabeta", "mcts"};
    for (size_t i = 0; i < TC_COUNT(searchers); i++) {
        packeis_player *p = new_player(searchers[i], 1);
        packeis_game *game = tc_standard_game(2, 5);
        int calls = 0;
        packeis_player_limits limits = {
            .nodes = 20000, .on_report = count_report, .context = &calls};
        packeis_move move;
        packeis_player_report report;
        assert_int_equal(packeis_player_choose(p, game, &limits, &move, &report), PACKEIS_OK);
        assert_true(calls >= 2);
        assert_true(report.has_score);
        assert_int_equal(packeis_game_check_move(game, move), PACKEIS_OK);
        packeis_game_free(game);
        packeis_player_free(p);
    }
}

/* The seat notation, read by the players library: the player with its
 * options, the time and budget, and each bad spec named. */
static void players_from_specs(void **state)
{
    (void)state;
    packeis_player *p;
    packeis_player_limits budget = {.stop = NULL, .seconds = 9, .nodes = 9};
    char why[256];
    assert_int_equal(packeis_player_from_spec("greedy", 3, &p, &budget, why, sizeof why), 0);
    assert_string_equal(packeis_player_name(p), "greedy");
    assert_true(budget.seconds == 0 && budget.nodes == 0);
    packeis_player_free(p);
    assert_int_equal(packeis_player_from_spec("mcts:250ms,5000,playouts=7,threads=2", 1, &p,
                                              &budget, why, sizeof why),
                     0);
    assert_true(budget.seconds == 0.25);
    assert_int_equal(budget.nodes, 5000);
    /* The options were set: a move with playouts=7 and no limit visits 7. */
    packeis_game *game = tc_standard_game(2, 1);
    packeis_player_report report;
    packeis_move move;
    assert_int_equal(packeis_player_choose(p, game, NULL, &move, &report), PACKEIS_OK);
    assert_int_equal(report.nodes, 7);
    packeis_player_free(p);
    assert_int_equal(packeis_player_from_spec("alphabeta:2s", 1, &p, NULL, NULL, 0), 0);
    packeis_player_free(p);
    static const struct {
        const char *spec, *says;
        int status;
    } bad[] = {
        {"grady", "no built-in player is called 'grady'", -1},
        {"", "expected NAME[:STRENGTH]", -1},
        {":2s", "expected NAME[:STRENGTH]", -1},
        {"greedy:fast", "'fast' is no strength", -1},
        {"greedy:-2s", "'-2s' is no strength", -1},
        {"greedy:0", "'0' is no strength", -1},
        {"greedy:90000s", "'90000s' is no strength", -1},
        {"mcts:threads=0", "threads=0: out of the option's range", -1},
        {"mcts:color=red", "color=red: no such option", -1},
        {"mcts:=3", "expected OPTION=VALUE", -1},
    };
    for (size_t i = 0; i < TC_COUNT(bad); i++) {
        p = (packeis_player *)&budget; /* overwritten with NULL */
        why[0] = '\0';
        assert_int_equal(packeis_player_from_spec(bad[i].spec, 1, &p, NULL, why, sizeof why),
                         bad[i].status);
        assert_null(p);
        assert_non_null(strstr(why, bad[i].says));
    }
    /* How each continues a search of the same position (the page's slices). */
    static const struct {
        const char *name;
        packeis_player_resume resumes;
    } resume[] = {{"random", PACKEIS_PLAYER_RESUME_NONE},
                  {"greedy", PACKEIS_PLAYER_RESUME_NONE},
                  {"montecarlo", PACKEIS_PLAYER_RESUME_NONE},
                  {"alphabeta", PACKEIS_PLAYER_RESUME_DEEPENS},
                  {"mcts", PACKEIS_PLAYER_RESUME_GROWS},
                  {"az", PACKEIS_PLAYER_RESUME_GROWS}};
    for (size_t i = 0; i < TC_COUNT(resume); i++) {
        assert_int_equal(packeis_player_new(resume[i].name, 1, &p), 0);
        assert_int_equal(packeis_player_resumes(p), resume[i].resumes);
        packeis_player_free(p);
    }
    assert_int_equal(packeis_player_resumes(NULL), PACKEIS_PLAYER_RESUME_NONE);
    assert_int_equal(packeis_player_from_spec(NULL, 1, &p, NULL, why, sizeof why), -1);
    assert_int_equal(packeis_player_from_spec("greedy", 1, NULL, NULL, why, sizeof why), -1);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_and_options),
        cmocka_unit_test(bad_calls),
        cmocka_unit_test(legal_on_standard_boards),
        cmocka_unit_test(legal_on_custom_and_variant_boards),
        cmocka_unit_test(legal_from_a_loaded_position),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(time_budget_kept),
        cmocka_unit_test(stop_flag_honoured),
        cmocka_unit_test(mcts_report_and_reuse),
        cmocka_unit_test(mcts_win_estimate),
        cmocka_unit_test(reports_while_searching),
        cmocka_unit_test(players_from_specs),
    };
    return cmocka_run_group_tests_name("players", tests, NULL, NULL);
}
