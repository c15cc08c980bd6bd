/* SPDX-License-Identifier: MIT */
/* The 1.2 additions: perft and divide that report their progress and stop
 * when asked (also from another thread), playouts that report each game's
 * rewards, and observations as any player sees them. The counts are checked
 * against the 1.0 calls (themselves checked against a slow reference in
 * test_reference.c) and the number of reports against what the documented
 * granularity implies: one report per subtree of the last three actions,
 * so perft(depth - 3) of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "splitmix.h"

#define PLAYERS PACKEIS_MAX_PLAYERS

/* A callback that counts its calls, checks that the work done never goes
 * down, and asks to stop at call `stop_at` (0: never). */
typedef struct tally {
    uint64_t calls, last, stop_at;
    int went_down;
} tally;

static int count_reports(void *context, uint64_t done)
{
    tally *t = context;
    t->calls++;
    t->went_down |= done < t->last;
    t->last = done;
    return t->stop_at && t->calls == t->stop_at;
}

/* A game of `players` on a standard board, `plies` random actions in. */
static packeis_game *game_after(int players, unsigned variants, uint64_t seed, size_t plies)
{
    packeis_game *game = tc_game(tc_standard_options(players, seed, variants));
    for (size_t i = 0; i < plies; i++) {
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t n;
        assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                         PACKEIS_OK);
        if (n == 0)
            break;
        assert_int_equal(packeis_game_apply(game, moves[seed % n]), PACKEIS_OK);
        seed = seed * 6364136223846793005u + 1442695040888963407u;
    }
    return game;
}

/* A hand-worked board: three one-fish floes in a row, two players with one
 * penguin each. A places on any of 3, B on any of the 2 left: 3 and 6. */
static void test_perft_watched_by_hand(void **state)
{
    (void)state;
    static const tc_floe row[] = {{0, 0, 1}, {2, 0, 1}, {4, 0, 1}};
    packeis_game *game = tc_custom_game(row, TC_COUNT(row), 2, 1, 0);
    const uint64_t want[] = {1, 3, 6};
    for (unsigned depth = 0; depth < TC_COUNT(want); depth++) {
        tally t = {0};
        uint64_t leaves = 0;
        assert_int_equal(packeis_game_perft_watched(game, depth, count_reports, &t, &leaves),
                         PACKEIS_OK);
        assert_int_equal(leaves, want[depth]);
        assert_int_equal(t.calls, 1); /* depth <= 3: one subtree */
        assert_int_equal(t.last, want[depth]);
    }
    packeis_game_free(game);
}

/* perft_watched equals perft, with perft(depth - 3) reports ending on the
 * total, from placement, movement and finished positions of each setup. */
static void test_perft_watched_equals_perft(void **state)
{
    (void)state;
    static const unsigned variants[] = {0, TC_ANY_FLOE, TC_SNAKE};
    static const size_t plies[] = {0, 7, 9, 30, 200};
    for (int players = 2; players <= 4; players++)
        for (size_t v = 0; v < TC_COUNT(variants); v++)
            for (size_t p = 0; p < TC_COUNT(plies); p++) {
                packeis_game *game = game_after(players, variants[v], 11 + p, plies[p]);
                unsigned deepest = plies[p] < 9 ? 4 : 5;
                for (unsigned depth = 0; depth <= deepest; depth++) {
                    tally t = {0};
                    uint64_t leaves = 0;
                    assert_int_equal(
                        packeis_game_perft_watched(game, depth, count_reports, &t, &leaves),
                        PACKEIS_OK);
                    assert_int_equal(leaves, packeis_game_perft(game, depth));
                    uint64_t reports = depth <= 3 ? 1 : packeis_game_perft(game, depth - 3);
                    assert_int_equal(t.calls, reports);
                    assert_int_equal(t.last, leaves);
                    assert_false(t.went_down);
                    uint64_t plain = 0;
                    assert_int_equal(
                        packeis_game_perft_watched(game, depth, NULL, NULL, &plain),
                        PACKEIS_OK);
                    assert_int_equal(plain, leaves);
                }
                packeis_game_free(game);
            }
}

/* Stopped at the k-th report: PACKEIS_E_STOPPED after exactly k calls, the
 * output untouched, the game unchanged. */
static void test_perft_watched_stops(void **state)
{
    (void)state;
    packeis_game *game = game_after(2, 0, 5, 8);
    char before[PACKEIS_POSITION_TEXT_SIZE], after[PACKEIS_POSITION_TEXT_SIZE];
    tc_save_position(game, before);
    size_t plies = packeis_game_ply_count(game);
    const uint64_t stops[] = {1, 2, 100};
    for (size_t i = 0; i < TC_COUNT(stops); i++) {
        tally t = {.stop_at = stops[i]};
        uint64_t leaves = 12345;
        assert_int_equal(packeis_game_perft_watched(game, 6, count_reports, &t, &leaves),
                         PACKEIS_E_STOPPED);
        assert_int_equal(t.calls, stops[i]);
        assert_int_equal(leaves, 12345);
    }
    tc_save_position(game, after);
    assert_string_equal(before, after);
    assert_int_equal(packeis_game_ply_count(game), plies);
    uint64_t leaves;
    assert_int_equal(packeis_game_perft_watched(NULL, 3, NULL, NULL, &leaves),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_perft_watched(game, 3, NULL, NULL, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

/* Another thread raises a flag during a perft that would run for years; the
 * callback that sees it is the last one, and the call returns at once. */
typedef struct stopper {
    atomic_int stop;
    atomic_ulong calls_after;
} stopper;

static int stop_when_flagged(void *context, uint64_t done)
{
    (void)done;
    stopper *s = context;
    if (!atomic_load(&s->stop))
        return 0;
    atomic_fetch_add(&s->calls_after, 1);
    return 1;
}

static void *raise_flag(void *context)
{
    stopper *s = context;
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    atomic_store(&s->stop, 1);
    return NULL;
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void test_perft_watched_stopped_by_another_thread(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 1);
    char before[PACKEIS_POSITION_TEXT_SIZE], after[PACKEIS_POSITION_TEXT_SIZE];
    tc_save_position(game, before);
    stopper s = {0};
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, raise_flag, &s), 0);
    uint64_t leaves = 7;
    double start = seconds_now();
    assert_int_equal(packeis_game_perft_watched(game, 40, stop_when_flagged, &s, &leaves),
                     PACKEIS_E_STOPPED);
    double took = seconds_now() - start;
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_int_equal(atomic_load(&s.calls_after), 1); /* the first report after the flag */
    assert_true(took < 30.0); /* 50 ms and one subtree; generous for loaded sanitizers */
    assert_int_equal(leaves, 7);
    tc_save_position(game, after);
    assert_string_equal(before, after);
    packeis_game_free(game);
}

/* The ready-made callback: a flag set by another thread stops a perft, a
 * batch of playouts and a divide. */
static void *set_flag_later(void *flag)
{
    struct timespec pause = {0, 20 * 1000 * 1000};
    nanosleep(&pause, NULL);
    __atomic_store_n((int *)flag, 1, __ATOMIC_RELAXED);
    return NULL;
}

static void test_stop_on_flag(void **state)
{
    (void)state;
    int flag = 0;
    assert_int_equal(packeis_stop_on_flag(&flag, 5), 0);
    assert_int_equal(packeis_stop_on_flag(NULL, 5), 0);
    flag = 1;
    assert_int_equal(packeis_stop_on_flag(&flag, 5), 1);
    packeis_game *game = tc_standard_game(2, 3);
    static double rewards[1000000 * PLAYERS];
    packeis_move moves[PACKEIS_MAX_MOVES];
    uint64_t leaves[PACKEIS_MAX_MOVES];
    size_t count;
    for (int call = 0; call < 3; call++) {
        pthread_t thread;
        flag = 0;
        assert_int_equal(pthread_create(&thread, NULL, set_flag_later, &flag), 0);
        packeis_status status;
        if (call == 0)
            status = packeis_game_perft_watched(game, 40, packeis_stop_on_flag, &flag, leaves);
        else if (call == 1)
            status = packeis_game_playout_rewards(game, 1, 1000000, rewards, NULL, 1000000,
                                                  packeis_stop_on_flag, &flag, NULL);
        else
            status = packeis_game_divide_watched(game, 40, packeis_stop_on_flag, &flag, moves,
                                                 leaves, PACKEIS_MAX_MOVES, &count);
        assert_int_equal(pthread_join(thread, NULL), 0);
        /* A million playouts take about a second: stopped after 20 ms. */
        assert_int_equal(status, PACKEIS_E_STOPPED);
    }
    packeis_game_free(game);
}

static void test_divide_watched(void **state)
{
    (void)state;
    packeis_game *game = game_after(3, TC_SNAKE, 3, 12);
    packeis_move moves[PACKEIS_MAX_MOVES], plain_moves[PACKEIS_MAX_MOVES];
    uint64_t leaves[PACKEIS_MAX_MOVES], plain[PACKEIS_MAX_MOVES];
    size_t count = 0, plain_count = 0;
    for (unsigned depth = 1; depth <= 5; depth++) {
        tally t = {0};
        assert_int_equal(packeis_game_divide_watched(game, depth, count_reports, &t, moves,
                                                     leaves, PACKEIS_MAX_MOVES, &count),
                         PACKEIS_OK);
        assert_int_equal(packeis_game_divide(game, depth, plain_moves, plain, PACKEIS_MAX_MOVES,
                                             &plain_count),
                         PACKEIS_OK);
        assert_int_equal(count, plain_count);
        assert_memory_equal(moves, plain_moves, count * sizeof moves[0]);
        assert_memory_equal(leaves, plain, count * sizeof leaves[0]);
        uint64_t total = 0;
        for (size_t i = 0; i < count; i++)
            total += leaves[i];
        assert_int_equal(total, packeis_game_perft(game, depth));
        assert_int_equal(t.last, total);
        uint64_t reports = depth <= 4 ? count : packeis_game_perft(game, depth - 3);
        assert_int_equal(t.calls, reports);
    }
    /* Stopped: the status, and the count not written. */
    tally t = {.stop_at = 3};
    count = 999;
    assert_int_equal(packeis_game_divide_watched(game, 5, count_reports, &t, moves, leaves,
                                                 PACKEIS_MAX_MOVES, &count),
                     PACKEIS_E_STOPPED);
    assert_int_equal(count, 999);
    assert_int_equal(t.calls, 3);
    /* Too small a buffer: the count needed, nothing counted. */
    tally none = {0};
    assert_int_equal(
        packeis_game_divide_watched(game, 3, count_reports, &none, moves, leaves, 1, &count),
        PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, plain_count);
    assert_int_equal(none.calls, 0);
    assert_int_equal(packeis_game_divide_watched(game, 0, NULL, NULL, moves, leaves,
                                                 PACKEIS_MAX_MOVES, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_divide_watched(NULL, 2, NULL, NULL, moves, leaves,
                                                 PACKEIS_MAX_MOVES, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

/* Game g of playout_rewards is packeis_game_playout with seed + g, its
 * rewards packeis_game_reward and its fish packeis_game_fish_won at that
 * game's end (0 for absent players), and the fish are playout_batch's; with
 * NULL fish the same rewards and plies. */
static void check_rewards_of(const packeis_game *game, uint64_t seed, size_t games)
{
    enum { MOST = 300 };
    double rewards[MOST * PLAYERS], bare[MOST * PLAYERS];
    int fish[MOST * PLAYERS], batch_fish[MOST * PLAYERS];
    size_t plies = 0, bare_plies = 0, want_plies = 0;
    tally t = {0}, bare_t = {0};
    memset(rewards, 0xFF, sizeof rewards);
    memset(bare, 0xFF, sizeof bare);
    memset(fish, 0xFF, sizeof fish);
    assert_int_equal(packeis_game_playout_rewards(game, seed, games, rewards, fish, MOST,
                                                  count_reports, &t, &plies),
                     PACKEIS_OK);
    assert_int_equal(packeis_game_playout_rewards(game, seed, games, bare, NULL, MOST,
                                                  count_reports, &bare_t, &bare_plies),
                     PACKEIS_OK);
    int players = packeis_game_player_count(game);
    for (size_t g = 0; g < games; g++) {
        packeis_game *copy = NULL;
        size_t played;
        assert_int_equal(packeis_game_clone(game, &copy), PACKEIS_OK);
        assert_int_equal(packeis_game_playout(copy, seed + g, &played), PACKEIS_OK);
        want_plies += played;
        for (int p = 0; p < PLAYERS; p++) {
            double want = p < players ? packeis_game_reward(copy, p) : 0.0;
            int want_fish = p < players ? packeis_game_fish_won(copy, p) : 0;
            assert_true(rewards[g * PLAYERS + (size_t)p] == want);
            assert_true(bare[g * PLAYERS + (size_t)p] == want);
            assert_int_equal(fish[g * PLAYERS + (size_t)p], want_fish);
        }
        /* A real end: the fish of the players present are not all 0. */
        int total = 0;
        for (int p = 0; p < players; p++)
            total += fish[g * PLAYERS + (size_t)p];
        assert_true(total > 0);
        packeis_game_free(copy);
    }
    assert_int_equal(plies, want_plies);
    assert_int_equal(bare_plies, want_plies);
    size_t batch_plies = 0;
    assert_int_equal(packeis_game_playout_batch(game, seed, games, NULL, batch_fish, NULL, MOST,
                                                &batch_plies),
                     PACKEIS_OK);
    assert_int_equal(batch_plies, plies);
    if (games)
        assert_memory_equal(batch_fish, fish, games * PLAYERS * sizeof *fish);
    size_t step = PACKEIS_PLAYOUT_PROGRESS_GAMES;
    assert_int_equal(t.calls, (games + step - 1) / step);
    assert_int_equal(t.last, games);
    assert_int_equal(bare_t.calls, t.calls);
}

static void test_playout_rewards(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        packeis_game *start = tc_standard_game(players, (uint64_t)players);
        packeis_game *middle = game_after(players, TC_ANY_FLOE, 9, 20);
        const size_t sizes[] = {0, 1, 63, 64, 65, 129, 300};
        for (size_t i = 0; i < TC_COUNT(sizes); i++) {
            check_rewards_of(start, 1000 + i, sizes[i]);
            check_rewards_of(middle, UINT64_MAX - 5, sizes[i]);
        }
        packeis_game_free(start);
        packeis_game_free(middle);
    }
}

static void test_playout_rewards_refusals(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(2, 4);
    double rewards[200 * PLAYERS];
    int fish[200 * PLAYERS];
    size_t plies = 77;
    /* Stopped after the first 64 games: those are written, plies is not. */
    tally t = {.stop_at = 1};
    for (size_t i = 0; i < TC_COUNT(rewards); i++) {
        rewards[i] = 9.0;
        fish[i] = -9;
    }
    assert_int_equal(packeis_game_playout_rewards(game, 1, 200, rewards, fish, 200,
                                                  count_reports, &t, &plies),
                     PACKEIS_E_STOPPED);
    assert_int_equal(plies, 77);
    assert_true(rewards[63 * PLAYERS] != 9.0);
    assert_true(rewards[64 * PLAYERS] == 9.0);
    assert_true(fish[63 * PLAYERS] >= 0);
    assert_int_equal(fish[63 * PLAYERS + 2], 0); /* a player the game does not have */
    assert_int_equal(fish[64 * PLAYERS], -9);
    assert_int_equal(
        packeis_game_playout_rewards(game, 1, 10, rewards, fish, 9, NULL, NULL, &plies),
        PACKEIS_E_BUFFER_TOO_SMALL);
    assert_true(rewards[64 * PLAYERS] == 9.0);
    assert_int_equal(fish[64 * PLAYERS], -9);
    assert_int_equal(
        packeis_game_playout_rewards(game, 1, 1, NULL, fish, 9, NULL, NULL, &plies),
        PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(
        packeis_game_playout_rewards(NULL, 1, 1, rewards, fish, 9, NULL, NULL, &plies),
        PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_playout_rewards(game, 1, 1, rewards, fish, SIZE_MAX / 2, NULL,
                                                  NULL, &plies),
                     PACKEIS_E_OUT_OF_RANGE);
    assert_int_equal(plies, 77);
    packeis_game_free(game);
}

/* The per-player planes of `observed` are those of `absolute` rotated so
 * that `player` is in slot 0. */
static void check_rotated(const uint64_t *observed, const uint64_t *absolute, int player,
                          int players)
{
    static const int groups[] = {PACKEIS_PLANE_PENGUINS_0, PACKEIS_PLANE_TO_ACT_0,
                                 PACKEIS_PLANE_FISH_WON_0, PACKEIS_PLANE_FLOES_WON_0,
                                 PACKEIS_PLANE_OUT_0};
    uint64_t want[PACKEIS_OBSERVATION_PLANES];
    memcpy(want, absolute, sizeof want);
    for (size_t g = 0; g < TC_COUNT(groups); g++)
        for (int j = 0; j < players; j++)
            want[groups[g] + j] = absolute[groups[g] + (player + j) % players];
    assert_memory_equal(observed, want, sizeof want);
}

static void check_observe_as(const packeis_game *game)
{
    uint64_t absolute[PACKEIS_OBSERVATION_PLANES];
    uint64_t words[PACKEIS_OBSERVATION_PLANES];
    static float planes[PACKEIS_OBSERVATION_SIZE], spread[PACKEIS_OBSERVATION_SIZE];
    size_t count;
    int players = packeis_game_player_count(game);
    assert_int_equal(
        packeis_game_observe_bits(game, 0, absolute, PACKEIS_OBSERVATION_PLANES, &count),
        PACKEIS_OK);
    for (int p = 0; p < players; p++) {
        assert_int_equal(
            packeis_game_observe_bits_as(game, p, words, PACKEIS_OBSERVATION_PLANES, &count),
            PACKEIS_OK);
        assert_int_equal(count, PACKEIS_OBSERVATION_PLANES);
        check_rotated(words, absolute, p, players);
        assert_int_equal(
            packeis_game_observe_as(game, p, planes, PACKEIS_OBSERVATION_SIZE, &count),
            PACKEIS_OK);
        assert_int_equal(count, PACKEIS_OBSERVATION_SIZE);
        /* Every plane but the fractions: 1.0 exactly on the word's cells. */
        for (int k = 0; k < PACKEIS_OBSERVATION_PLANES; k++) {
            if (k >= PACKEIS_PLANE_FISH_WON_0 && k < PACKEIS_PLANE_OUT_0)
                continue;
            for (int c = 0; c < PACKEIS_MAX_CELLS; c++)
                assert_true(planes[k * PACKEIS_MAX_CELLS + c] == (float)((words[k] >> c) & 1));
        }
    }
    int turn = packeis_game_current_player(game);
    if (turn >= 0) {                   /* for the player to act, the relative observation */
        uint64_t *relative = absolute; /* the absolute words are no longer needed */
        assert_int_equal(packeis_game_observe_bits(game, PACKEIS_OBSERVE_RELATIVE, relative,
                                                   PACKEIS_OBSERVATION_PLANES, &count),
                         PACKEIS_OK);
        assert_int_equal(
            packeis_game_observe_bits_as(game, turn, words, PACKEIS_OBSERVATION_PLANES, &count),
            PACKEIS_OK);
        assert_memory_equal(words, relative, sizeof words);
        assert_int_equal(packeis_game_observe(game, PACKEIS_OBSERVE_RELATIVE, spread,
                                              PACKEIS_OBSERVATION_SIZE, &count),
                         PACKEIS_OK);
        assert_int_equal(
            packeis_game_observe_as(game, turn, planes, PACKEIS_OBSERVATION_SIZE, &count),
            PACKEIS_OK);
        assert_memory_equal(planes, spread, sizeof planes);
    }
}

static void test_observe_as(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        packeis_game *game = tc_standard_game(players, 21);
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t n;
        uint64_t rng = 5;
        for (;;) {
            check_observe_as(game); /* the final position too */
            assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &n),
                             PACKEIS_OK);
            if (n == 0)
                break;
            assert_int_equal(packeis_game_apply(game, moves[tc_below(&rng, n)]), PACKEIS_OK);
        }
        packeis_game_free(game);
    }
}

static void test_observe_as_refusals(void **state)
{
    (void)state;
    packeis_game *game = tc_standard_game(3, 2);
    uint64_t words[PACKEIS_OBSERVATION_PLANES];
    float planes[PACKEIS_OBSERVATION_SIZE];
    size_t count = 5;
    const int bad[] = {-1, 3, 4, 1 << 30};
    for (size_t i = 0; i < TC_COUNT(bad); i++) {
        assert_int_equal(
            packeis_game_observe_as(game, bad[i], planes, PACKEIS_OBSERVATION_SIZE, &count),
            PACKEIS_E_OUT_OF_RANGE);
        assert_int_equal(packeis_game_observe_bits_as(game, bad[i], words,
                                                      PACKEIS_OBSERVATION_PLANES, &count),
                         PACKEIS_E_OUT_OF_RANGE);
        assert_int_equal(count, 5);
    }
    assert_int_equal(packeis_game_observe_as(game, 0, planes, 10, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PACKEIS_OBSERVATION_SIZE);
    assert_int_equal(packeis_game_observe_bits_as(game, 0, words, 3, &count),
                     PACKEIS_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, PACKEIS_OBSERVATION_PLANES);
    assert_int_equal(packeis_game_observe_as(NULL, 0, planes, PACKEIS_OBSERVATION_SIZE, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_observe_bits_as(game, 0, NULL, 3, &count),
                     PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(packeis_game_observe_bits_as(game, 0, words, 3, NULL),
                     PACKEIS_E_INVALID_ARGUMENT);
    packeis_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_watched_by_hand),
        cmocka_unit_test(test_perft_watched_equals_perft),
        cmocka_unit_test(test_perft_watched_stops),
        cmocka_unit_test(test_perft_watched_stopped_by_another_thread),
        cmocka_unit_test(test_stop_on_flag),
        cmocka_unit_test(test_divide_watched),
        cmocka_unit_test(test_playout_rewards),
        cmocka_unit_test(test_playout_rewards_refusals),
        cmocka_unit_test(test_observe_as),
        cmocka_unit_test(test_observe_as_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
