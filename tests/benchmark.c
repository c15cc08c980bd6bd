/* SPDX-License-Identifier: MIT */
/* libpackeis benchmark: the figures quoted in the README. Each figure is the
 * median of several rounds run one after the other, timed in the thread's own
 * CPU time, so that a noisy, shared machine shows up as spread rather than as
 * a wrong number.
 *
 *   packeis-benchmark [--rounds N] [--quick]   every row, the README's table
 *   packeis-benchmark --rows                   the rows' names, units, labels
 *   packeis-benchmark --serve                  one slice per row name read
 *   packeis-benchmark --run ROW UNITS          the row's work once, silent
 *   packeis-benchmark --actions ROW UNITS      the actions of that work
 *
 * --serve is for tests/bench_compare.py, which runs two builds side by side:
 * for each line read (a row's name) it measures one slice of that row, about
 * --slice seconds (0.1 unless given), and prints its rate on one line. The
 * first slice of a row sets its size; the row's data (games, positions) are
 * made once and kept. --run and --actions are for tests/instructions.py,
 * which counts instructions an action under callgrind. The program uses
 * the 1.0.0 API but for the rows of later calls, which are left out when
 * it is compiled against an older release's version.h (bench_compare.py
 * does so), so that the same source measures every release. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <packeis/packeis.h>

#include "builders.h"
#include "splitmix.h"

/* The rows of packeis_game_playout_rewards() and _perft_watched(). */
#define HAS_WATCHED_CALLS (PACKEIS_VERSION_NUMBER >= 10200)

#define MAX_ROUNDS       15
#define SAMPLE_POSITIONS 512
#define BATCH_GAMES      1000
#define UNSEEN_ORDER     65536 /* visits: longer than a branch predictor learns */

/* CPU time of this thread: on a shared machine, time spent waiting for the
 * processor does not count against the library. */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "benchmark: %s: %s\n", what, packeis_strerror(status));
        exit(1);
    }
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* ---- What each row measures: `units` of work, its rate per second -------- */

/* The data a row works on, made on its first use and kept. */
typedef struct bench_data {
    packeis_game *game;
    packeis_game *positions[SAMPLE_POSITIONS];
    unsigned short *order; /* the positions' order, or NULL for 0, 1, 2 ... */
    unsigned winners[BATCH_GAMES];
    double rewards[BATCH_GAMES * PACKEIS_MAX_PLAYERS];
    int fish[BATCH_GAMES * PACKEIS_MAX_PLAYERS];
    int players; /* fresh_rate's players (0: 2) */
    uint64_t leaves;
    double last_report, longest_gap; /* perft_watched's callback */
} bench_data;

/* Whole games through packeis_game_playout(), from the start each time. */
static double playout_rate(bench_data *data, long games)
{
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        check(packeis_game_undo_to(data->game, 0), "undo_to");
        check(packeis_game_playout(data->game, (uint64_t)i, NULL), "playout");
    }
    return (double)games / (now_seconds() - start);
}

/* Whole games through the step API: list the legal moves, apply one. */
static double step_rate(bench_data *data, long games)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    uint64_t random = 0; /* SplitMix64 (tests/common/splitmix.h) */
    packeis_game *game = data->game;
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        size_t count;
        check(packeis_game_undo_to(game, 0), "undo_to");
        check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "moves");
        while (count) {
            check(packeis_game_apply(game, moves[tc_next(&random) % count]), "apply");
            check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "moves");
        }
    }
    return (double)games / (now_seconds() - start);
}

/* A standard game made and freed: the cost of a fresh board (pairs/s). */
static double new_free_rate(bench_data *data, long pairs)
{
    (void)data;
    packeis_options *options;
    check(packeis_options_new(NULL, &options), "options");
    double start = now_seconds();
    for (long i = 0; i < pairs; i++) {
        packeis_game *game;
        check(packeis_options_set_seed(options, (uint64_t)i), "seed");
        check(packeis_game_new(options, &game), "game");
        packeis_game_free(game);
    }
    double elapsed = now_seconds() - start;
    packeis_options_free(options);
    return (double)pairs / elapsed;
}

/* Options for a standard game of `players` (2 when not set, 1.0.0's
 * default). */
static packeis_options *standard_options(int players)
{
    packeis_options *options;
    check(packeis_options_new(NULL, &options), "options");
    check(packeis_options_set_players(options, players ? players : 2), "players");
    return options;
}

/* Each game on a fresh board: a new game per seed, played out, freed; the
 * players from the row's data (0: 2). */
static double fresh_rate(bench_data *data, long games)
{
    packeis_options *options = standard_options(data->players);
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        packeis_game *game;
        check(packeis_options_set_seed(options, (uint64_t)i), "seed");
        check(packeis_game_new(options, &game), "game");
        check(packeis_game_playout(game, (uint64_t)i, NULL), "playout");
        packeis_game_free(game);
    }
    double rate = (double)games / (now_seconds() - start);
    packeis_options_free(options);
    return rate;
}

/* Each game on a fresh board, one handle: reset to seed i, played out. */
static double reset_rate(bench_data *data, long games)
{
    double start = now_seconds();
    for (long i = 0; i < games; i++) {
        check(packeis_game_reset(data->game, (uint64_t)i), "reset");
        check(packeis_game_playout(data->game, (uint64_t)i, NULL), "playout");
    }
    return (double)games / (now_seconds() - start);
}

/* One batch of BATCH_GAMES playouts from `seed`. */
typedef packeis_status (*batch_call)(bench_data *data, uint64_t seed);

/* `games` playouts from the start of one board, in whole batches (rounded
 * up). */
static double batches_rate(bench_data *data, long games, batch_call play)
{
    long batches = (games + BATCH_GAMES - 1) / BATCH_GAMES;
    double start = now_seconds();
    for (long b = 0; b < batches; b++)
        check(play(data, (uint64_t)b * BATCH_GAMES), "batch of playouts");
    return (double)(batches * BATCH_GAMES) / (now_seconds() - start);
}

/* packeis_game_playout_batch(), the winners kept. */
static packeis_status winners_batch(bench_data *data, uint64_t seed)
{
    return packeis_game_playout_batch(data->game, seed, BATCH_GAMES, data->winners, NULL, NULL,
                                      BATCH_GAMES, NULL);
}

static double batch_rate(bench_data *data, long games)
{
    return batches_rate(data, games, winners_batch);
}

#if HAS_WATCHED_CALLS
/* packeis_game_playout_rewards() (1.2) on the same games, each game's
 * rewards and fish kept (what mcts reads of a game) and a callback every 64
 * games that never stops it. */
static int keep_going(void *context, uint64_t done)
{
    (void)context;
    (void)done;
    return 0;
}

static packeis_status rewards_batch(bench_data *data, uint64_t seed)
{
    return packeis_game_playout_rewards(data->game, seed, BATCH_GAMES, data->rewards,
                                        data->fish, BATCH_GAMES, keep_going, NULL, NULL);
}
#else
static packeis_status rewards_batch(bench_data *data, uint64_t seed)
{
    (void)data;
    (void)seed;
    return PACKEIS_E_INVALID_ARGUMENT; /* no such row against this release */
}
#endif

static double rewards_rate(bench_data *data, long games)
{
    return batches_rate(data, games, rewards_batch);
}

static double list_rate(bench_data *data, long lists)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t total = 0, found;
    double start = now_seconds();
    for (long i = 0; i < lists; i++) {
        long visit = data->order ? data->order[i % UNSEEN_ORDER] : i % SAMPLE_POSITIONS;
        check(
            packeis_game_legal_moves(data->positions[visit], moves, PACKEIS_MAX_MOVES, &found),
            "moves");
        total += found;
    }
    double rate = (double)lists / (now_seconds() - start);
    return total ? rate : 0;
}

/* perft to depth `units` (4 or 5), in leaves/s. */
static double perft_rate(bench_data *data, long depth)
{
    double start = now_seconds();
    data->leaves = packeis_game_perft(data->game, (unsigned)depth);
    return (double)data->leaves / (now_seconds() - start);
}

#if HAS_WATCHED_CALLS
/* packeis_game_perft_watched() (1.2) to the same depth, with a callback
 * after every subtree of three actions that never stops it but keeps the
 * longest CPU time between two calls (the time a stop can take). */
static int time_gaps(void *context, uint64_t done)
{
    (void)done;
    bench_data *data = context;
    double now = now_seconds();
    if (now - data->last_report > data->longest_gap)
        data->longest_gap = now - data->last_report;
    data->last_report = now;
    return 0;
}

static double watched_rate(bench_data *data, long depth)
{
    double start = now_seconds();
    data->last_report = start;
    check(
        packeis_game_perft_watched(data->game, (unsigned)depth, time_gaps, data, &data->leaves),
        "perft_watched");
    return (double)data->leaves / (now_seconds() - start);
}
#else
static double watched_rate(bench_data *data, long depth)
{
    (void)data;
    (void)depth;
    return 0; /* no such row against this release */
}
#endif

/* ---- The data of the rows ---------------------------------------------- */

static void standard_game(bench_data *data, int players)
{
    data->game = tc_standard_game(players, 1);
    data->players = players;
}

static void two_players(bench_data *data) { standard_game(data, 2); }
static void three_players(bench_data *data) { standard_game(data, 3); }
static void four_players(bench_data *data) { standard_game(data, 4); }
static void no_data(bench_data *data) { (void)data; }
static void three_fresh(bench_data *data) { data->players = 3; }
static void four_fresh(bench_data *data) { data->players = 4; }

/* Positions from random games, every phase, to list the moves of: all on
 * one board, or each on a board of its own. */
static void sample_positions(bench_data *data, int one_board)
{
    for (int i = 0; i < SAMPLE_POSITIONS; i++) {
        size_t plies;
        packeis_game *game = tc_standard_game(2, one_board ? 7 : (uint64_t)i + 7);
        check(packeis_game_playout(game, (uint64_t)i + 1000, &plies), "playout");
        check(packeis_game_undo_to(game, (size_t)i % plies), "undo_to");
        check(packeis_game_clone(game, &data->positions[i]), "clone");
        packeis_game_free(game);
    }
}

static void one_board_positions(bench_data *data) { sample_positions(data, 1); }
static void many_board_positions(bench_data *data) { sample_positions(data, 0); }

/* The same positions visited in a random order: in the fixed one the
 * processor learns each list's branches, as a search's unseen positions
 * never let it. */
static void unseen_positions(bench_data *data)
{
    sample_positions(data, 0);
    data->order = malloc(UNSEEN_ORDER * sizeof *data->order);
    if (!data->order) {
        fprintf(stderr, "benchmark: out of memory\n");
        exit(1);
    }
    uint64_t state = 12345;
    for (int i = 0; i < UNSEEN_ORDER; i++)
        data->order[i] = (unsigned short)(tc_next(&state) % SAMPLE_POSITIONS);
}

/* perft from the start of movement of a fixed standard game. */
static void perft_position(bench_data *data)
{
    data->game = tc_standard_game(2, 0);
    check(packeis_game_playout(data->game, 42, NULL), "playout");
    check(packeis_game_undo_to(data->game, 8), "undo_to");
}

/* ---- The rows ---------------------------------------------------------- */

typedef struct bench_row {
    const char *name; /* for --serve and bench_compare.py */
    const char *label;
    const char *unit;
    void (*prepare)(bench_data *data);
    double (*rate)(bench_data *data, long units);
    long units;   /* per round of the table, before --quick scales it */
    int per_unit; /* the table shows nanoseconds per unit, not a rate */
    int fixed;    /* units is a depth, not scaled (perft) */
    bench_data data;
    int prepared;
} bench_row;

static bench_row rows[] = {
    {"playout-2p",
     "random games, playout call, 2 players",
     "games/s",
     two_players,
     playout_rate,
     200000,
     0,
     0,
     {0},
     0},
    {"step-2p",
     "random games, step API, 2 players",
     "games/s",
     two_players,
     step_rate,
     40000,
     0,
     0,
     {0},
     0},
    {"playout-3p",
     "random games, playout call, 3 players",
     "games/s",
     three_players,
     playout_rate,
     200000,
     0,
     0,
     {0},
     0},
    {"step-3p",
     "random games, step API, 3 players",
     "games/s",
     three_players,
     step_rate,
     40000,
     0,
     0,
     {0},
     0},
    {"playout-4p",
     "random games, playout call, 4 players",
     "games/s",
     four_players,
     playout_rate,
     200000,
     0,
     0,
     {0},
     0},
    {"step-4p",
     "random games, step API, 4 players",
     "games/s",
     four_players,
     step_rate,
     40000,
     0,
     0,
     {0},
     0},
    {"batch-2p",
     "random games, playout_batch, 2 players",
     "games/s",
     two_players,
     batch_rate,
     200000,
     0,
     0,
     {0},
     0},
#if HAS_WATCHED_CALLS
    {"rewards-2p",
     "  the same, playout_rewards + fish (watched)",
     "games/s",
     two_players,
     rewards_rate,
     200000,
     0,
     0,
     {0},
     0},
#endif
    {"new-free",
     "packeis_game_new + free, standard board",
     "ns/pair",
     no_data,
     new_free_rate,
     50000,
     1,
     0,
     {0},
     0},
    {"fresh-2p",
     "fresh board: new + playout + free, 2 players",
     "games/s",
     no_data,
     fresh_rate,
     50000,
     0,
     0,
     {0},
     0},
    {"reset-2p",
     "fresh board: reset + playout, 2 players",
     "games/s",
     two_players,
     reset_rate,
     200000,
     0,
     0,
     {0},
     0},
    {"fresh-3p",
     "  the same, new + playout + free, 3 players",
     "games/s",
     three_fresh,
     fresh_rate,
     50000,
     0,
     0,
     {0},
     0},
    {"reset-3p",
     "  the same, reset + playout, 3 players",
     "games/s",
     three_players,
     reset_rate,
     200000,
     0,
     0,
     {0},
     0},
    {"fresh-4p",
     "  the same, new + playout + free, 4 players",
     "games/s",
     four_fresh,
     fresh_rate,
     50000,
     0,
     0,
     {0},
     0},
    {"reset-4p",
     "  the same, reset + playout, 4 players",
     "games/s",
     four_players,
     reset_rate,
     200000,
     0,
     0,
     {0},
     0},
    {"lists-one",
     "full legal-move lists (sampled positions)",
     "lists/s",
     one_board_positions,
     list_rate,
     10000000,
     0,
     0,
     {0},
     0},
    {"lists-many",
     "  the same from 512 different boards",
     "lists/s",
     many_board_positions,
     list_rate,
     10000000,
     0,
     0,
     {0},
     0},
    {"lists-unseen",
     "  the same in a random order",
     "lists/s",
     unseen_positions,
     list_rate,
     10000000,
     0,
     0,
     {0},
     0},
    {"perft", "perft", "leaves/s", perft_position, perft_rate, 5, 0, 1, {0}, 0},
#if HAS_WATCHED_CALLS
    {"perft-watched",
     "perft_watched",
     "leaves/s",
     perft_position,
     watched_rate,
     5,
     0,
     1,
     {0},
     0},
#endif
};

enum { ROW_COUNT = sizeof rows / sizeof rows[0] };

static bench_row *find_row(const char *name)
{
    for (int i = 0; i < ROW_COUNT; i++)
        if (!strcmp(rows[i].name, name))
            return &rows[i];
    return NULL;
}

static void prepare(bench_row *row)
{
    if (!row->prepared)
        row->prepare(&row->data);
    row->prepared = 1;
}

/* ---- The table --------------------------------------------------------- */

static void report(const bench_row *row, const char *label, double *samples, int rounds)
{
    double mid = median(samples, rounds), low = samples[0], high = samples[rounds - 1];
    if (row->per_unit) /* the rates reversed: the lowest time is the highest rate */
        printf("%-44s %14.0f %s   (min %.0f, max %.0f)\n", label, 1e9 / mid, row->unit,
               1e9 / high, 1e9 / low);
    else
        printf("%-44s %14.0f %s   (min %.0f, max %.0f)\n", label, mid, row->unit, low, high);
}

static void table(int rounds, double scale)
{
    for (int i = 0; i < ROW_COUNT; i++) {
        bench_row *row = &rows[i];
        double samples[MAX_ROUNDS];
        long units = row->fixed ? row->units - (scale < 1) : (long)((double)row->units * scale);
        prepare(row);
        for (int r = 0; r < rounds; r++)
            samples[r] = row->rate(&row->data, units);
        char label[80];
        if (row->fixed) /* perft: the depth and leaves in the label */
            snprintf(label, sizeof label, "%s %ld from movement start (%llu leaves)",
                     row->label, units, (unsigned long long)row->data.leaves);
        else
            snprintf(label, sizeof label, "%s", row->label);
        report(row, label, samples, rounds);
        if (row->rate == watched_rate)
            printf("  longest CPU time between two progress calls: %.3f ms\n",
                   row->data.longest_gap * 1e3);
    }
}

/* ---- --run and --actions: fixed work, for tests/instructions.py -------- */

/* The actions of the games that `units` of a playout row play, counted by
 * playing them again one by one (the batches play game g as playout() with
 * the seed g); -1 for a row whose unit is not whole games. */
static long long actions_of(bench_row *row, long units)
{
    bench_data *data = &row->data;
    if (row->rate == batch_rate || row->rate == rewards_rate)
        units = (units + BATCH_GAMES - 1) / BATCH_GAMES * BATCH_GAMES;
    else if (row->rate != playout_rate && row->rate != reset_rate && row->rate != fresh_rate)
        return -1;
    packeis_options *options = standard_options(data->players);
    long long actions = 0;
    for (long i = 0; i < units; i++) {
        packeis_game *game = data->game;
        size_t plies;
        if (row->rate == fresh_rate) {
            check(packeis_options_set_seed(options, (uint64_t)i), "seed");
            check(packeis_game_new(options, &game), "game");
        } else if (row->rate == reset_rate) {
            check(packeis_game_reset(game, (uint64_t)i), "reset");
        } else {
            check(packeis_game_undo_to(game, 0), "undo_to");
        }
        check(packeis_game_playout(game, (uint64_t)i, &plies), "playout");
        actions += (long long)plies;
        if (game != data->game)
            packeis_game_free(game);
    }
    packeis_options_free(options);
    if (data->game) /* the row's board as its rate found it */
        check(packeis_game_undo_to(data->game, 0), "undo_to");
    return actions;
}

/* `--run ROW UNITS`: the row's work once, exactly `units`, nothing printed
 * (for callgrind); `--actions ROW UNITS`: the actions that work plays. */
static int run_fixed(const char *name, const char *count, int actions)
{
    bench_row *row = find_row(name);
    long units = atol(count);
    if (!row || units < 1) {
        fprintf(stderr, "benchmark: no row %s, or not a count of units: %s\n", name, count);
        return 2;
    }
    prepare(row);
    if (!actions) {
        row->rate(&row->data, units);
        return 0;
    }
    long long total = actions_of(row, units);
    if (total < 0) {
        fprintf(stderr, "benchmark: the row %s does not play whole games\n", name);
        return 2;
    }
    printf("%lld\n", total);
    return 0;
}

/* ---- --serve: one slice per row name read ------------------------------ */

/* The units of a slice of about `seconds`: doubled from a small start until
 * a slice takes a quarter of that, then scaled up. perft keeps its depth
 * (5: tens of milliseconds). */
static long slice_units(bench_row *row, double seconds)
{
    if (row->fixed)
        return row->units;
    long units = row->units / 1000 + 1;
    for (;;) {
        double rate = row->rate(&row->data, units);
        if ((double)units / rate >= seconds / 4)
            return (long)(rate * seconds) + 1;
        units *= 2;
    }
}

static int serve(double seconds)
{
    long units[ROW_COUNT] = {0};
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        bench_row *row = find_row(line);
        if (!row) {
            printf("error: no row %s\n", line);
        } else {
            long *size = &units[row - rows];
            prepare(row);
            if (!*size)
                *size = slice_units(row, seconds);
            printf("%.6g\n", row->rate(&row->data, *size));
        }
        fflush(stdout);
    }
    return 0;
}

static void list_rows(void)
{
    for (int i = 0; i < ROW_COUNT; i++)
        printf("%s\t%s\t%s\n", rows[i].name, rows[i].per_unit ? "per-unit" : "rate",
               rows[i].label);
}

static void usage(const char *program)
{
    fprintf(stderr,
            "usage: %s [--rounds N] [--quick] | --rows | --serve [--slice SECONDS]\n"
            "       | --run ROW UNITS | --actions ROW UNITS\n",
            program);
    exit(2);
}

int main(int argc, char **argv)
{
    int rounds = 5, serving = 0;
    double scale = 1.0, slice = 0.1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            scale = 0.05;
            rounds = 3;
        } else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
            rounds = atoi(argv[++i]);
        } else if ((!strcmp(argv[i], "--run") || !strcmp(argv[i], "--actions")) &&
                   i + 2 < argc) {
            return run_fixed(argv[i + 1], argv[i + 2], !strcmp(argv[i], "--actions"));
        } else if (!strcmp(argv[i], "--rows")) {
            list_rows();
            return 0;
        } else if (!strcmp(argv[i], "--serve")) {
            serving = 1;
        } else if (!strcmp(argv[i], "--slice") && i + 1 < argc) {
            slice = atof(argv[++i]);
        } else {
            usage(argv[0]);
        }
    }
    if (serving) {
        if (!(slice > 0 && slice <= 10)) {
            fprintf(stderr, "benchmark: --slice takes more than 0 and at most 10 seconds\n");
            exit(2);
        }
        return serve(slice);
    }
    if (rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "benchmark: --rounds takes 1 to %d\n", MAX_ROUNDS);
        exit(2);
    }
    const char *kernel = getenv("PACKEIS_KERNEL");
    printf("libpackeis %s, standard board, one thread, median of %d rounds, %s kernel\n",
           packeis_version_string(), rounds,
           kernel ? kernel : "default (fastest for this processor)");
    table(rounds, scale);
    return 0;
}
