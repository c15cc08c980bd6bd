/* SPDX-License-Identifier: MIT */
/* The 1.2 meter: a counting, limiting allocator. Its counts are checked
 * against a counting allocator of the test's own (every block it sees), its
 * limit at exactly the peak a game needs and one byte below, its policy's
 * three answers (yes, no, none), its deferred free against games that
 * outlive it, and its counts with games on two threads at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>

#include <packeis/packeis.h>

/* A game of two players on the standard board, on allocator `a`. */
static packeis_status new_game(const packeis_allocator *a, uint64_t seed, packeis_game **game)
{
    packeis_options *options = NULL;
    packeis_status status = packeis_options_new(a, &options);
    if (status)
        return status;
    assert_int_equal(packeis_options_set_seed(options, seed), PACKEIS_OK);
    status = packeis_game_new(options, game);
    packeis_options_free(options);
    return status;
}

static packeis_meter_counts read_counts(const packeis_meter *meter)
{
    packeis_meter_counts counts;
    assert_int_equal(packeis_meter_read(meter, &counts), PACKEIS_OK);
    return counts;
}

/* The test's own count of what a game asks for: every block and the most
 * bytes live at once, to compare the meter's counts with. */
typedef struct tally {
    uint64_t blocks, live, peak;
} tally;

static void *tally_alloc(void *context, size_t size)
{
    tally *t = context;
    t->blocks++;
    t->live += size;
    t->peak = t->live > t->peak ? t->live : t->peak;
    return malloc(size);
}

static void tally_release(void *context, void *block, size_t size)
{
    tally *t = context;
    t->live -= size;
    free(block);
}

/* What the same life of a game (new, ten plies played, a clone played out,
 * both freed) asks of an allocator. */
static void live_a_game(const packeis_allocator *a)
{
    packeis_game *game = NULL, *copy = NULL;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count = 0, plies = 0;
    assert_int_equal(new_game(a, 7, &game), PACKEIS_OK);
    for (int ply = 0; ply < 10; ply++) {
        assert_int_equal(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count),
                         PACKEIS_OK);
        assert_int_equal(packeis_game_apply(game, moves[count / 2]), PACKEIS_OK);
    }
    assert_int_equal(packeis_game_clone(game, &copy), PACKEIS_OK);
    assert_int_equal(packeis_game_playout(copy, 3, &plies), PACKEIS_OK);
    packeis_game_free(copy);
    packeis_game_free(game);
}

static tally tally_a_game(void)
{
    tally t = {0, 0, 0};
    packeis_allocator a = {tally_alloc, tally_release, &t};
    live_a_game(&a);
    assert_int_equal(t.live, 0);
    return t;
}

static void test_refusals_of_bad_arguments(void **state)
{
    (void)state;
    packeis_meter *meter = (packeis_meter *)&state; /* must stay untouched */
    packeis_meter_counts counts = {1, 2, 3, 4, 5, 6};
    assert_int_equal(packeis_meter_new(0, NULL, NULL, NULL), PACKEIS_E_INVALID_ARGUMENT);
    assert_null(packeis_meter_allocator(NULL));
    assert_int_equal(packeis_meter_read(NULL, &counts), PACKEIS_E_INVALID_ARGUMENT);
    assert_int_equal(counts.live_bytes, 1);
    assert_int_equal(counts.unanswered, 6);
    packeis_meter_free(NULL);
    assert_int_equal(packeis_meter_new(UINT64_MAX, NULL, NULL, &meter), PACKEIS_OK);
    assert_int_equal(packeis_meter_read(meter, NULL), PACKEIS_E_INVALID_ARGUMENT);
    counts = read_counts(meter);
    assert_int_equal(counts.live_bytes + counts.live_blocks + counts.peak_bytes, 0);
    assert_int_equal(counts.allocations + counts.refusals + counts.unanswered, 0);
    packeis_meter_free(meter);
}

/* Without a limit the meter counts exactly what the game asked for. */
static void test_counts_equal_the_blocks_asked_for(void **state)
{
    (void)state;
    tally want = tally_a_game();
    packeis_meter *meter = NULL;
    assert_int_equal(packeis_meter_new(UINT64_MAX, NULL, NULL, &meter), PACKEIS_OK);
    const packeis_allocator *a = packeis_meter_allocator(meter);
    assert_ptr_equal(a, packeis_meter_allocator(meter));
    packeis_game *game = NULL;
    assert_int_equal(new_game(a, 7, &game), PACKEIS_OK);
    packeis_meter_counts during = read_counts(meter);
    assert_true(during.live_blocks > 0 && during.live_bytes > 0);
    assert_true(during.peak_bytes >= during.live_bytes);
    packeis_game_free(game);
    packeis_meter_counts after = read_counts(meter);
    assert_int_equal(after.live_bytes, 0);
    assert_int_equal(after.live_blocks, 0);
    assert_int_equal(after.allocations, during.allocations);

    live_a_game(a);
    after = read_counts(meter);
    assert_int_equal(after.allocations, during.allocations + want.blocks);
    assert_int_equal(after.peak_bytes, want.peak);
    assert_int_equal(after.live_bytes, 0);
    assert_int_equal(after.refusals, 0);
    packeis_meter_free(meter);
}

/* The limit holds at the byte: a game's life fits in exactly its peak, and
 * one byte less refuses a block, cleanly (nothing stays live). */
static void test_the_limit_at_the_byte(void **state)
{
    (void)state;
    tally want = tally_a_game();
    packeis_meter *meter = NULL;
    assert_int_equal(packeis_meter_new(want.peak, NULL, NULL, &meter), PACKEIS_OK);
    live_a_game(packeis_meter_allocator(meter));
    packeis_meter_counts counts = read_counts(meter);
    assert_int_equal(counts.peak_bytes, want.peak);
    assert_int_equal(counts.refusals, 0);
    packeis_meter_free(meter);

    /* One byte short of what creating a game takes at its peak: the
     * creation fails, cleanly. */
    tally made = {0, 0, 0};
    packeis_allocator counting = {tally_alloc, tally_release, &made};
    packeis_game *game = NULL;
    assert_int_equal(new_game(&counting, 7, &game), PACKEIS_OK);
    packeis_game_free(game);
    game = NULL;
    assert_int_equal(packeis_meter_new(made.peak - 1, NULL, NULL, &meter), PACKEIS_OK);
    assert_int_equal(new_game(packeis_meter_allocator(meter), 7, &game),
                     PACKEIS_E_OUT_OF_MEMORY);
    assert_null(game);
    counts = read_counts(meter);
    assert_int_equal(counts.refusals, 1);
    assert_true(counts.peak_bytes <= made.peak - 1);
    assert_int_equal(counts.live_bytes, 0);
    assert_int_equal(counts.live_blocks, 0);
    packeis_meter_free(meter);

    /* A limit of 0 refuses the first block: no options, no game. */
    packeis_options *options = NULL;
    assert_int_equal(packeis_meter_new(0, NULL, NULL, &meter), PACKEIS_OK);
    assert_int_equal(packeis_options_new(packeis_meter_allocator(meter), &options),
                     PACKEIS_E_OUT_OF_MEMORY);
    assert_null(options);
    counts = read_counts(meter);
    assert_int_equal(counts.allocations, 1);
    assert_int_equal(counts.refusals, 1);
    assert_int_equal(counts.unanswered, 0);
    packeis_meter_free(meter);
}

/* A policy that answers what `answer` holds (-1: writes nothing), and
 * remembers the sizes it was asked about. */
typedef struct policy_state {
    int answer;
    uint64_t asked, bytes;
} policy_state;

static void answer_policy(void *context, size_t size, int *verdict)
{
    policy_state *p = context;
    assert_int_equal(*verdict, -1); /* what the meter promises to preset */
    p->asked++;
    p->bytes += size;
    if (p->answer != -1)
        *verdict = p->answer;
}

static void test_the_policy_answers(void **state)
{
    (void)state;
    tally want = tally_a_game();
    packeis_meter *meter = NULL;
    policy_state yes = {1, 0, 0};
    assert_int_equal(packeis_meter_new(UINT64_MAX, answer_policy, &yes, &meter), PACKEIS_OK);
    live_a_game(packeis_meter_allocator(meter));
    assert_int_equal(yes.asked, want.blocks);
    assert_int_equal(read_counts(meter).refusals, 0);
    packeis_meter_free(meter);

    /* No, no answer, and an answer that is neither 0 nor 1: each refuses;
     * the last two are counted as unanswered. */
    const int answers[] = {0, -1, 2};
    for (int i = 0; i < 3; i++) {
        policy_state p = {answers[i], 0, 0};
        packeis_options *options = NULL;
        assert_int_equal(packeis_meter_new(UINT64_MAX, answer_policy, &p, &meter), PACKEIS_OK);
        assert_int_equal(packeis_options_new(packeis_meter_allocator(meter), &options),
                         PACKEIS_E_OUT_OF_MEMORY);
        packeis_meter_counts counts = read_counts(meter);
        assert_int_equal(p.asked, 1);
        assert_int_equal(counts.allocations, 1);
        assert_int_equal(counts.refusals, 1);
        assert_int_equal(counts.unanswered, i == 0 ? 0 : 1);
        assert_int_equal(counts.live_bytes + counts.peak_bytes, 0);
        packeis_meter_free(meter);
    }

    /* The limit is asked first: a block over it never reaches the policy. */
    policy_state p = {1, 0, 0};
    packeis_options *options = NULL;
    assert_int_equal(packeis_meter_new(1, answer_policy, &p, &meter), PACKEIS_OK);
    assert_int_equal(packeis_options_new(packeis_meter_allocator(meter), &options),
                     PACKEIS_E_OUT_OF_MEMORY);
    assert_int_equal(p.asked, 0);
    packeis_meter_free(meter);
}

/* Given up while a game lives, the meter keeps serving it: the game plays,
 * clones and frees, and the last free frees the meter (LeakSanitizer and
 * ASan, in CI, see a leak or a use after free). */
static void test_a_meter_given_up_before_its_games(void **state)
{
    (void)state;
    packeis_meter *meter = NULL;
    packeis_game *game = NULL, *copy = NULL;
    size_t plies = 0;
    assert_int_equal(packeis_meter_new(UINT64_MAX, NULL, NULL, &meter), PACKEIS_OK);
    assert_int_equal(new_game(packeis_meter_allocator(meter), 5, &game), PACKEIS_OK);
    packeis_meter_free(meter);
    assert_int_equal(packeis_game_clone(game, &copy), PACKEIS_OK);
    assert_int_equal(packeis_game_playout(copy, 9, &plies), PACKEIS_OK);
    assert_true(plies > 8);
    packeis_game_free(game);
    packeis_game_free(copy);
}

/* Two threads live games on one meter at once: every count stays exact. */
enum { LIVES = 200 };

static void *live_games(void *meter)
{
    for (int i = 0; i < LIVES; i++)
        live_a_game(packeis_meter_allocator(meter));
    return NULL;
}

static void test_two_threads_on_one_meter(void **state)
{
    (void)state;
    tally want = tally_a_game();
    packeis_meter *meter = NULL;
    pthread_t other;
    assert_int_equal(packeis_meter_new(UINT64_MAX, NULL, NULL, &meter), PACKEIS_OK);
    assert_int_equal(pthread_create(&other, NULL, live_games, meter), 0);
    live_games(meter);
    assert_int_equal(pthread_join(other, NULL), 0);
    packeis_meter_counts counts = read_counts(meter);
    assert_int_equal(counts.allocations, 2 * LIVES * want.blocks);
    assert_int_equal(counts.live_bytes, 0);
    assert_int_equal(counts.live_blocks, 0);
    assert_true(counts.peak_bytes >= want.peak && counts.peak_bytes <= 2 * want.peak);
    assert_int_equal(counts.refusals, 0);
    packeis_meter_free(meter);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals_of_bad_arguments),
        cmocka_unit_test(test_counts_equal_the_blocks_asked_for),
        cmocka_unit_test(test_the_limit_at_the_byte),
        cmocka_unit_test(test_the_policy_answers),
        cmocka_unit_test(test_a_meter_given_up_before_its_games),
        cmocka_unit_test(test_two_threads_on_one_meter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
