/* SPDX-License-Identifier: MIT */
/*
 * packeis-tournament: a referee. Plays a round robin or a gauntlet among
 * built-in players (lib/players) and engines speaking doc/protocol.md,
 * 2, 3 or 4 players a game, every board in every seat order, many games at
 * once, and prints the table (examples/README.md tells the method).
 *
 *   packeis-tournament --player random --player mcts:500,threads=2 \
 *       --engine "python3 engine.py" --boards 50 --jobs 2
 *
 * The schedule (schedule.c) fixes every game's board and seeds from --seed
 * before anything is played, and each game is played by referee.c on its
 * own, so the results do not depend on --jobs.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath() */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "process.h"
#include "referee.h"
#include "report.h"
#include "results.h"
#include "review_loss.h"
#include "seat_spec.h"

#define PROGRAM          "packeis-tournament"
#define MAX_PARTICIPANTS 64
#define MAX_JOBS         256
#define MAX_MERGED       4096

struct config {
    participant participants[MAX_PARTICIPANTS];
    int count;
    schedule_setup setup;
    time_control tc;
    int jobs;
    int quiet;
    const char *records, *csv, *json;
    size_t first, last;  /* --games: play games first+1 ... last only (last 0: all) */
    const char *results; /* --results: every game played, one line each (results.h) */
    int resume;          /* --resume: keep the games --results holds, play the others */
    const char *merged[MAX_MERGED]; /* --merge: the results files to build the table from */
    int merge_count;
    int count_only;          /* --count */
    int review;              /* --review[=SPEC]: the games reviewed after they are played */
    const char *review_spec; /* its estimator, or NULL for the default */
    uint64_t review_solver;  /* --review-solver: the solver's positions */
    int review_solver_given;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: packeis-tournament [--player SEAT | --engine COMMAND]... [options]\n"
                 "Plays every group of participants on every board in every seat order.\n"
                 "  --player SEAT         a seat as in examples/README.md: a built-in player\n"
                 "                        NAME[:STRENGTH] (packeis-engine --list names\n"
                 "                        them: mcts:2000,threads=2, greedy:200ms)\n"
                 "                        or engine:COMMAND\n"
                 "  --engine COMMAND      an engine speaking doc/protocol.md, run by sh\n"
                 "  --players K           players a game, 2 to 4 (default 2)\n"
                 "  --variant NAME        any-floe (place on any floe) or snake (snake\n"
                 "                        placement order); repeat for both\n"
                 "  --gauntlet            only the groups with the first participant\n"
                 "                        (default: a round robin of every group)\n"
                 "  --orders ORDERS       'permutations' (default: 2, 6 or 24 a board) or\n"
                 "                        'rotations' (2, 3 or 4 a board)\n"
                 "  --boards N            boards each group plays (default 10)\n"
                 "  --seed N              boards and players' seeds (default 1)\n"
                 "  --movetime MS         time per move (go movetime; built-in players too)\n"
                 "  --nodes N             nodes per move (go nodes; built-in players too)\n"
                 "  --grace MS            an engine's slack beyond --movetime (default 1000)\n"
                 "  --timeout MS          an engine's limit per move without --movetime\n"
                 "                        (default 30000); its handshake gets 10000\n"
                 "  --jobs N              games played at once (default 1)\n"
                 "  --records DIR         every game record into DIR, with DIR/index.csv\n"
                 "  --csv FILE            the table as CSV\n"
                 "  --json FILE           the table and every game as JSON\n"
                 "  --games FIRST-LAST    play only games FIRST to LAST (from 1) of the\n"
                 "                        schedule into --results, and print no table\n"
                 "  --results FILE        every game played, one line each, to merge\n"
                 "  --resume              with --results: keep the games FILE already\n"
                 "                        holds (a run stopped half-way), play the others\n"
                 "  --count               print the number of games of the schedule, and exit\n"
                 "  --merge FILE          play nothing: the games from results files\n"
                 "                        (repeat it; together every game once), then the\n"
                 "                        table, --csv, --json and --records as if played\n"
                 "  --review[=SPEC]       review every game of the table after it is played,\n"
                 "                        and add each participant's mean loss a move,\n"
                 "                        accuracy and blunders a game to the table, CSV\n"
                 "                        and JSON; SPEC the estimator (default mcts:20000)\n"
                 "  --review-solver N     the review's endgame solver, positions a position\n"
                 "                        (default 200000; 0: none)\n"
                 "  --quiet               no progress on standard error\n"
                 "  --help                this help\n");
}

/* The folder of `path` ("." for a bare name, "/" for one under the root)
 * into folder[PATH_MAX]; -1 (errno ENAMETOOLONG) when it does not fit. */
static int folder_of(const char *path, char *folder)
{
    const char *slash = strrchr(path, '/');
    size_t length = !slash || slash == path ? 1 : (size_t)(slash - path);
    if (length >= PATH_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(folder, slash ? path : ".", length);
    folder[length] = '\0';
    return 0;
}

/* `path` with its folder made absolute (realpath()), for a file that may
 * not be there yet; the path as it is when the folder is not there. */
static void canonical(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    char folder[PATH_MAX], resolved[PATH_MAX];
    if (folder_of(path, folder) == 0 && realpath(folder, resolved))
        snprintf(out, size, "%s/%s", resolved, slash ? slash + 1 : path);
    else
        snprintf(out, size, "%s", path);
}

/* Whether `a` and `b` (either may be NULL) are one file: the same device
 * and inode, or for files not there yet the same name in the same folder. */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b)
        return 0;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ca[PATH_MAX + 256], cb[PATH_MAX + 256];
    canonical(a, ca, sizeof ca);
    canonical(b, cb, sizeof cb);
    return strcmp(ca, cb) == 0;
}

/* Whether `path` can be written, before any game is played: the file if it
 * is there, else its folder (nothing is created now). errno says why not. */
static int can_write(const char *path)
{
    if (access(path, F_OK) == 0)
        return access(path, W_OK) == 0;
    char folder[PATH_MAX];
    return folder_of(path, folder) == 0 && access(folder, W_OK | X_OK) == 0;
}

/* --player SPEC in the seat notation (seat_spec.h), or --engine COMMAND,
 * which is --player engine:COMMAND. */
static void add_participant(struct config *cfg, const char *text, int engine)
{
    char why[512];
    if (cfg->count == MAX_PARTICIPANTS)
        args_fail(PROGRAM, "at most %d participants", MAX_PARTICIPANTS);
    seat_spec spec;
    int status;
    if (engine) {
        spec.kind = SEAT_COMPUTER;
        status = participant_engine(&spec.who, text, &cfg->tc, why, sizeof why);
    } else {
        status = seat_spec_parse(text, &spec, why, sizeof why);
    }
    if (status >= 0 && spec.kind == SEAT_HUMAN)
        args_fail(PROGRAM, "--player human: a tournament has no person at a keyboard");
    const char *option = engine ? "--engine" : "--player";
    if (status < 0)
        args_fail(PROGRAM, "%s %s", option, why);
    if (status > 0)
        fprintf(stderr, "%s: warning: %s %s: its games will be forfeited\n", PROGRAM, option,
                why);
    cfg->participants[cfg->count++] = spec.who;
}

/* Labels must tell participants apart: a repeated one gets "#2", "#3". */
static void distinct_labels(struct config *cfg)
{
    for (int i = 1; i < cfg->count; i++) {
        int same = 1;
        for (int j = 0; j < i; j++)
            same += strcmp(cfg->participants[i].label, cfg->participants[j].label) == 0;
        if (same > 1) {
            char *label = cfg->participants[i].label;
            size_t length = strlen(label);
            snprintf(label + (length < 116 ? length : 116), 12, "#%d", same % 1000);
        }
    }
}

/* --review: the reviews are of the table's games, and the reviewer must
 * be one before anything is played. */
static void check_review(const struct config *cfg)
{
    char why[600];
    if (cfg->review_solver_given && !cfg->review)
        args_fail(PROGRAM, "--review-solver is the review's: give --review too");
    if (cfg->review && cfg->last)
        args_fail(PROGRAM, "--review reviews the games of the table, which --games does "
                           "not print: review at the --merge");
    review_options options = {cfg->review_spec, cfg->review_solver, 1, 1};
    if (cfg->review && review_check(&options, why, sizeof why) != 0)
        args_fail(PROGRAM, "--review=%s", why);
}

/* --games FIRST-LAST, 1 <= FIRST <= LAST (checked against the schedule later). */
static void parse_games(struct config *cfg, const char *text)
{
    const char *dash = strchr(text, '-');
    char first[32];
    if (!dash || (size_t)(dash - text) >= sizeof first)
        args_fail(PROGRAM, "--games: FIRST-LAST, as 1-20, not '%s'", text);
    memcpy(first, text, (size_t)(dash - text));
    first[dash - text] = '\0';
    cfg->first = (size_t)args_number(PROGRAM, "--games", first, 1, SIZE_MAX) - 1;
    cfg->last = (size_t)args_number(PROGRAM, "--games", dash + 1, 1, SIZE_MAX);
    if (cfg->last <= cfg->first)
        args_fail(PROGRAM, "--games: LAST before FIRST in '%s'", text);
}

static void parse_args(int argc, char **argv, struct config *cfg)
{
    enum {
        PLAYER = 256,
        ENGINE,
        PLAYERS,
        VARIANT,
        GAUNTLET,
        ORDERS,
        BOARDS,
        SEED,
        MOVETIME,
        NODES,
        GRACE,
        TIMEOUT,
        JOBS,
        RECORDS,
        CSV,
        JSON,
        QUIET,
        GAMES,
        RESULTS,
        RESUME,
        MERGE,
        COUNT,
        REVIEW,
        REVIEW_SOLVER,
        HELP
    };
    static const struct option options[] = {
        {"player", required_argument, NULL, PLAYER},
        {"engine", required_argument, NULL, ENGINE},
        {"players", required_argument, NULL, PLAYERS},
        {"variant", required_argument, NULL, VARIANT},
        {"gauntlet", no_argument, NULL, GAUNTLET},
        {"orders", required_argument, NULL, ORDERS},
        {"boards", required_argument, NULL, BOARDS},
        {"seed", required_argument, NULL, SEED},
        {"movetime", required_argument, NULL, MOVETIME},
        {"nodes", required_argument, NULL, NODES},
        {"grace", required_argument, NULL, GRACE},
        {"timeout", required_argument, NULL, TIMEOUT},
        {"jobs", required_argument, NULL, JOBS},
        {"records", required_argument, NULL, RECORDS},
        {"csv", required_argument, NULL, CSV},
        {"json", required_argument, NULL, JSON},
        {"quiet", no_argument, NULL, QUIET},
        {"games", required_argument, NULL, GAMES},
        {"results", required_argument, NULL, RESULTS},
        {"resume", no_argument, NULL, RESUME},
        {"merge", required_argument, NULL, MERGE},
        {"count", no_argument, NULL, COUNT},
        {"review", optional_argument, NULL, REVIEW},
        {"review-solver", required_argument, NULL, REVIEW_SOLVER},
        {"help", no_argument, NULL, HELP},
        {NULL, 0, NULL, 0},
    };
    /* Engines are started for their handshake while the options are read:
     * the time control must be known first, so options are read twice. */
    for (int pass = 0; pass < 2; pass++) {
        optind = 1;
        opterr = 0;
        int c;
        while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
            if (c == PLAYER || c == ENGINE) {
                if (pass == 1)
                    add_participant(cfg, optarg, c == ENGINE);
                continue;
            }
            if (pass == 1)
                continue;
            switch (c) {
            case PLAYERS:
                cfg->setup.seats = (int)args_number(PROGRAM, "--players", optarg, 2, 4);
                break;
            case VARIANT:
                if (strcmp(optarg, "any-floe") == 0)
                    cfg->setup.variants |= 1u << PACKEIS_VARIANT_PLACE_ANY_FLOE;
                else if (strcmp(optarg, "snake") == 0)
                    cfg->setup.variants |= 1u << PACKEIS_VARIANT_SNAKE_PLACEMENT;
                else
                    args_fail(PROGRAM, "--variant: expected any-floe or snake, not '%s'",
                              optarg);
                break;
            case GAUNTLET:
                cfg->setup.gauntlet = 1;
                break;
            case ORDERS:
                if (strcmp(optarg, "permutations") && strcmp(optarg, "rotations"))
                    args_fail(PROGRAM, "--orders: 'permutations' or 'rotations', not '%s'",
                              optarg);
                cfg->setup.rotations = optarg[0] == 'r';
                break;
            case BOARDS:
                cfg->setup.boards = (int)args_number(PROGRAM, "--boards", optarg, 1, 1000000);
                break;
            case SEED:
                cfg->setup.seed = args_number(PROGRAM, "--seed", optarg, 0, UINT64_MAX);
                break;
            case MOVETIME:
                cfg->tc.movetime_ms =
                    (int)args_number(PROGRAM, "--movetime", optarg, 1, 3600000);
                break;
            case NODES:
                cfg->tc.nodes = args_number(PROGRAM, "--nodes", optarg, 1, UINT64_MAX);
                break;
            case GRACE:
                cfg->tc.grace_ms = (int)args_number(PROGRAM, "--grace", optarg, 0, 3600000);
                break;
            case TIMEOUT:
                cfg->tc.timeout_ms =
                    (int)args_number(PROGRAM, "--timeout", optarg, 1, 36000000);
                break;
            case JOBS:
                cfg->jobs = (int)args_number(PROGRAM, "--jobs", optarg, 1, MAX_JOBS);
                break;
            case RECORDS:
                cfg->records = optarg;
                break;
            case CSV:
                cfg->csv = optarg;
                break;
            case JSON:
                cfg->json = optarg;
                break;
            case QUIET:
                cfg->quiet = 1;
                break;
            case GAMES:
                parse_games(cfg, optarg);
                break;
            case RESULTS:
                cfg->results = optarg;
                break;
            case RESUME:
                cfg->resume = 1;
                break;
            case COUNT:
                cfg->count_only = 1;
                break;
            case REVIEW:
                cfg->review = 1;
                cfg->review_spec = optarg;
                break;
            case REVIEW_SOLVER:
                cfg->review_solver =
                    args_number(PROGRAM, "--review-solver", optarg, 0, UINT64_MAX);
                cfg->review_solver_given = 1;
                break;
            case MERGE:
                if (cfg->merge_count == MAX_MERGED)
                    args_fail(PROGRAM, "--merge: at most %d files", MAX_MERGED);
                cfg->merged[cfg->merge_count++] = optarg;
                break;
            case HELP:
                usage(stdout);
                exit(0);
            case ':':
                args_fail(PROGRAM, "%s needs a value", argv[optind - 1]);
                break;
            default:
                args_fail(PROGRAM, "unknown argument '%s'", argv[optind - 1]);
            }
        }
        if (optind < argc)
            args_fail(PROGRAM, "unexpected argument '%s'", argv[optind]);
    }
    cfg->setup.participants = cfg->count;
    if (cfg->count < cfg->setup.seats)
        args_fail(PROGRAM,
                  "%d participants for games of %d players: give more --player or --engine",
                  cfg->count, cfg->setup.seats);
    if (cfg->merge_count && (cfg->last || cfg->results))
        args_fail(PROGRAM, "--merge plays nothing: no --games or --results with it");
    if (cfg->last && !cfg->results)
        args_fail(PROGRAM, "--games needs --results FILE (the games played go there)");
    if (cfg->resume && !cfg->results)
        args_fail(PROGRAM, "--resume needs --results FILE (the games kept are read there)");
    check_review(cfg);
    const char *outputs[][2] = {
        {"--csv", cfg->csv}, {"--json", cfg->json}, {"--results", cfg->results}};
    for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
        for (size_t j = 0; j < i; j++)
            if (same_file(outputs[i][1], outputs[j][1]))
                args_fail(PROGRAM, "%s and %s name the same file, %s", outputs[j][0],
                          outputs[i][0], outputs[i][1]);
        for (int m = 0; m < cfg->merge_count; m++)
            if (same_file(outputs[i][1], cfg->merged[m]))
                args_fail(PROGRAM, "%s %s would overwrite --merge %s", outputs[i][0],
                          outputs[i][1], cfg->merged[m]);
    }
    for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++)
        if (outputs[i][1] && !can_write(outputs[i][1]))
            args_fail(PROGRAM, "%s %s: cannot be written (%s)", outputs[i][0], outputs[i][1],
                      strerror(errno));
    distinct_labels(cfg);
}

/* ---- playing ----------------------------------------------------------- */

struct run {
    const struct config *cfg;
    const planned_game *plans;
    played_game *games;
    size_t count;
    pthread_mutex_t lock;
    size_t next, done, forfeits;
    size_t kept;         /* games of next ... end-1 kept from --results (--resume) */
    unsigned char *seen; /* --resume: the games kept, not played again (or NULL) */
    double started;
    int tty;
    int failed; /* a record could not be written */
    size_t end; /* games next ... end-1 are played */
    FILE *results;
};

static void progress(struct run *run)
{
    if (run->cfg->quiet)
        return;
    size_t done = run->done, total = run->end - run->cfg->first;
    if (run->tty) {
        int filled = (int)(30 * done / total);
        double elapsed = process_now() - run->started;
        size_t played = done - run->kept;
        double left = played ? elapsed * (double)(total - done) / (double)played : 0;
        fprintf(stderr, "\r[%.*s%.*s] %zu/%zu games, %zu forfeits, %.0f s left  ", filled,
                "##############################", 30 - filled, "..............................",
                done, total, run->forfeits, left);
        if (done == total)
            fprintf(stderr, "\n");
    } else if (done == total || (10 * done / total) != (10 * (done - 1) / total)) {
        fprintf(stderr, "packeis-tournament: %zu/%zu games played, %zu forfeits\n", done, total,
                run->forfeits);
    }
}

static int write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "wb");
    if (!file)
        return -1;
    int ok = fputs(text, file) >= 0;
    return fclose(file) == 0 && ok ? 0 : -1;
}

/* Saves a game's record as DIR/game-NNNNN.txt and frees it. */
static void keep_record(struct run *run, size_t g)
{
    played_game *game = &run->games[g];
    if (run->cfg->records && game->record) {
        size_t size = strlen(run->cfg->records) + 32;
        char *path = malloc(size);
        if (!path || (snprintf(path, size, "%s/game-%05zu.txt", run->cfg->records, g + 1),
                      write_text(path, game->record) != 0)) {
            pthread_mutex_lock(&run->lock);
            if (!run->failed++)
                fprintf(stderr, "packeis-tournament: %s: %s\n", path ? path : "record",
                        strerror(errno));
            pthread_mutex_unlock(&run->lock);
        }
        free(path);
    }
    if (!run->cfg->review) { /* --review: kept for the review at the end */
        free(game->record);
        game->record = NULL;
    }
}

static void *worker(void *context)
{
    struct run *run = context;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        size_t g = run->next++;
        while (run->seen && g < run->end && run->seen[g])
            g = run->next++;
        pthread_mutex_unlock(&run->lock);
        if (g >= run->end)
            return NULL;
        referee_play(&run->plans[g], run->cfg->participants, &run->cfg->tc, &run->games[g]);
        if (run->results) {
            pthread_mutex_lock(&run->lock);
            results_write(run->results, g, &run->games[g]);
            /* Each game on disk when it ends: a run stopped half-way keeps
             * what it played (a long run split over days). */
            if (fflush(run->results) != 0 && !run->failed) {
                /* No game more: each would be played for nothing. */
                fprintf(stderr, "packeis-tournament: %s: %s\n", run->cfg->results,
                        strerror(errno));
                run->failed = 1;
                run->next = run->end;
            }
            pthread_mutex_unlock(&run->lock);
        }
        keep_record(run, g);
        pthread_mutex_lock(&run->lock);
        run->done++;
        run->forfeits += run->games[g].forfeit != FORFEIT_NONE;
        progress(run);
        pthread_mutex_unlock(&run->lock);
    }
}

static void play_all(struct run *run)
{
    pthread_t threads[MAX_JOBS];
    int started = 0;
    for (; started < run->cfg->jobs; started++)
        if (pthread_create(&threads[started], NULL, worker, run) != 0)
            break;
    if (started == 0)
        worker(run);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
}

/* ---- results ----------------------------------------------------------- */

static uint64_t fnv1a(uint64_t hash, const void *data, size_t size)
{
    for (const unsigned char *byte = data; size--; byte++)
        hash = (hash ^ *byte) * 0x100000001B3u;
    return hash;
}

/* The tournament's signature in its results files (results.h): what
 * decides its games besides the number of boards (with two participants a
 * file of fewer boards holds the first games of the schedule; with more,
 * the groups' games interleave and such a file is refused game by game). */
static uint64_t schedule_signature(const struct config *cfg)
{
    char text[512];
    uint64_t hash = 0xCBF29CE484222325u;
    for (int i = 0; i < cfg->count; i++) {
        const participant *p = &cfg->participants[i];
        /* An engine by its command: the name it gives may change between
         * runs (a slow start: its command is its label then). */
        const char *who = p->command ? p->command : p->spec;
        hash = fnv1a(hash, who, strlen(who) + 1);
        int n = snprintf(text, sizeof text, "%.17g %" PRIu64, p->seconds, p->nodes);
        hash = fnv1a(hash, text, (size_t)n + 1);
    }
    const schedule_setup *setup = &cfg->setup;
    int n =
        snprintf(text, sizeof text,
                 "seats %d gauntlet %d rotations %d seed %" PRIu64
                 " variants %u movetime %d nodes %" PRIu64 " grace %d timeout %d",
                 setup->seats, setup->gauntlet, setup->rotations, setup->seed, setup->variants,
                 cfg->tc.movetime_ms, cfg->tc.nodes, cfg->tc.grace_ms, cfg->tc.timeout_ms);
    return fnv1a(hash, text, (size_t)n);
}

static int anchor_of(const struct config *cfg)
{
    for (int i = 0; i < cfg->count; i++) {
        const char *spec = cfg->participants[i].spec;
        if (!cfg->participants[i].command && strncmp(spec, "random", 6) == 0 &&
            (spec[6] == '\0' || spec[6] == ':'))
            return i;
    }
    return 0;
}

typedef void (*writer)(FILE *out, const report *r);

static int write_file(const char *path, writer write, const report *r)
{
    FILE *file = fopen(path, "w");
    if (file) {
        write(file, r);
        if (fclose(file) == 0)
            return 0;
    }
    fprintf(stderr, "packeis-tournament: %s: %s\n", path, strerror(errno));
    return -1;
}

static int finish(const struct config *cfg, struct run *run)
{
    game_result *results = malloc((run->count ? run->count : 1) * sizeof *results);
    standing rows[MAX_PARTICIPANTS];
    if (!results)
        return 1;
    size_t counted = 0;
    for (size_t g = 0; g < run->count; g++)
        if (!run->games[g].failed)
            results[counted++] = run->games[g].result;
    int anchor = anchor_of(cfg);
    int status = table_compute(results, counted, cfg->count, anchor, rows);
    free(results);
    if (status != 0)
        return 1;
    review_figures figures[MAX_PARTICIPANTS];
    int failed = run->failed != 0;
    report r = {.participants = cfg->participants,
                .rows = rows,
                .count = cfg->count,
                .anchor = anchor,
                .seats = cfg->setup.seats,
                .plans = run->plans,
                .games = run->games,
                .game_count = run->count};
    if (cfg->review) {
        review_options options = {cfg->review_spec, cfg->review_solver, cfg->jobs, cfg->quiet};
        failed |= review_games(&options, run->games, run->count, cfg->count, figures) != 0;
        r.review = figures;
        r.reviewer = cfg->review_spec ? cfg->review_spec : PACKEIS_PLAYER_REVIEW_ESTIMATOR;
        r.solver_nodes = cfg->review_solver;
    }
    printf("%s of %d players, %d a game: %zu games (%d boards, %s), seed %" PRIu64 "\n\n",
           cfg->setup.gauntlet ? "Gauntlet" : "Round robin", cfg->count, cfg->setup.seats,
           run->count, cfg->setup.boards,
           cfg->setup.rotations ? "every rotation of the seats" : "every order of the seats",
           cfg->setup.seed);
    report_table(stdout, &r);
    if (cfg->csv)
        failed |= write_file(cfg->csv, report_csv, &r) != 0;
    if (cfg->json)
        failed |= write_file(cfg->json, report_json, &r) != 0;
    if (cfg->records) {
        size_t size = strlen(cfg->records) + 16;
        char *path = malloc(size);
        failed |= !path || (snprintf(path, size, "%s/index.csv", cfg->records),
                            write_file(path, report_index, &r) != 0);
        free(path);
    }
    return failed;
}

/* A results file read by `option` that has no signature to check (results.h). */
static void warn_unsigned(const char *option, const char *path)
{
    fprintf(stderr,
            "packeis-tournament: %s: %s: a version 1 file: its players and budgets cannot be "
            "checked\n",
            option, path);
}

/* --merge: the games from the results files, their records kept as if
 * played here. */
static int merge_all(struct run *run)
{
    const struct config *cfg = run->cfg;
    unsigned char *seen = calloc(run->count ? run->count : 1, 1);
    char why[512];
    int status = seen ? 0 : -1;
    snprintf(why, sizeof why, "out of memory");
    uint64_t signature = schedule_signature(cfg);
    for (int f = 0; status == 0 && f < cfg->merge_count; f++) {
        status = results_read(cfg->merged[f], signature, run->plans, run->count, run->games,
                              seen, why, sizeof why);
        if (status == 1)
            warn_unsigned("--merge", cfg->merged[f]);
        status = status < 0 ? -1 : 0;
    }
    for (size_t g = 0; status == 0 && g < run->count; g++)
        if (!seen[g]) {
            snprintf(why, sizeof why, "game %zu of %zu is in no --merge file", g + 1,
                     run->count);
            status = -1;
        }
    for (size_t g = 0; g < run->count; g++)
        if (status == 0) {
            keep_record(run, g);
        } else {
            free(run->games[g].record);
            run->games[g].record = NULL; /* main() frees what --review kept */
        }
    free(seen);
    if (status != 0)
        fprintf(stderr, "packeis-tournament: --merge: %s\n", why);
    return status != 0;
}

/* The whole of the open file `fd` into *data (malloc()ed, *size bytes,
 * NUL after them); -1 with errno. */
static int read_whole(int fd, char **data, size_t *size)
{
    size_t capacity = 65536;
    *size = 0;
    *data = malloc(capacity + 1);
    for (ssize_t got = 1; *data && got > 0; *size += (size_t)got) {
        if (*size == capacity) {
            char *grown = realloc(*data, (capacity *= 2) + 1);
            if (!grown) {
                free(*data);
                *data = NULL;
                break;
            }
            *data = grown;
        }
        got = read(fd, *data + *size, capacity - *size);
        if (got < 0)
            return -1;
    }
    if (!*data) {
        errno = ENOMEM;
        return -1;
    }
    (*data)[*size] = '\0';
    return 0;
}

/* The games the results held (data, `whole` bytes of whole lines) kept as
 * if played here: their records written, counted as done; a game outside
 * --games is refused. 0, or -1 with the reason in `why`. */
static int keep_games(struct run *run, char *data, size_t whole, char *why, size_t why_size)
{
    const struct config *cfg = run->cfg;
    FILE *in = fmemopen(data, whole, "r");
    run->seen = calloc(run->count ? run->count : 1, 1);
    int status = -1;
    if (!in || !run->seen)
        snprintf(why, why_size, "out of memory");
    else
        status = results_read_stream(in, cfg->results, schedule_signature(cfg), run->plans,
                                     run->count, run->games, run->seen, why, why_size);
    if (in)
        fclose(in);
    if (status == 1)
        warn_unsigned("--resume", cfg->results);
    for (size_t g = 0; status >= 0 && g < run->count; g++)
        if (run->seen[g] && (g < cfg->first || g >= run->end)) {
            snprintf(why, why_size, "%s holds game %zu, outside --games %zu-%zu", cfg->results,
                     g + 1, cfg->first + 1, run->end);
            status = -1;
        }
    for (size_t g = 0; g < run->count; g++)
        if (status < 0 || !run->seen[g] || run->games[g].failed) {
            free(run->games[g].record); /* a failed game is played again */
            run->games[g].record = NULL;
            if (status >= 0 && run->seen[g]) {
                memset(&run->games[g], 0, sizeof run->games[g]);
                run->seen[g] = 0;
            }
        } else {
            keep_record(run, g);
            run->kept++;
        }
    run->done = run->kept;
    return status < 0 ? -1 : 0;
}

/* Opens --results, locked against another run writing it at once. With
 * --resume the games it holds are kept (keep_games()) and it is added to;
 * a last line without its line feed (the run killed while writing it) is
 * not read, and is cut from the file once the rest is found good. A file
 * not there, or holding no more than the start of a results file's first
 * line, is written anew; anything else that is no results file of this
 * tournament is refused and left as it was. */
static FILE *open_results(struct run *run)
{
    const struct config *cfg = run->cfg;
    char why[512], *data = NULL;
    size_t size = 0, whole = 0;
    struct stat st;
    FILE *out = NULL;
    int fd = open(cfg->results, O_RDWR | O_CREAT | O_CLOEXEC, 0666); /* not the engines' */
    struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fd < 0 || fstat(fd, &st) != 0)
        snprintf(why, sizeof why, "%s: %s", cfg->results, strerror(errno));
    else if (!S_ISREG(st.st_mode) && cfg->resume)
        snprintf(why, sizeof why, "%s: not a regular file", cfg->results);
    else if (!S_ISREG(st.st_mode)) { /* /dev/null, a pipe: written, nothing kept */
        if ((out = fdopen(fd, "a")) != NULL)
            results_write_header(out, schedule_signature(cfg));
        else
            snprintf(why, sizeof why, "%s: %s", cfg->results, strerror(errno));
    } else if (fcntl(fd, F_SETLK, &lock) != 0)
        snprintf(why, sizeof why, "%s: %s", cfg->results,
                 errno == EACCES || errno == EAGAIN ? "another run is writing it"
                                                    : strerror(errno));
    else if (cfg->resume && read_whole(fd, &data, &size) != 0)
        snprintf(why, sizeof why, "%s: %s", cfg->results, strerror(errno));
    else {
        for (whole = size; whole > 0 && data[whole - 1] != '\n'; whole--)
            ;
        int fresh = whole == 0;
        if (fresh && size > 0 && strncmp(data, RESULTS_HEADER "\n", size) != 0)
            snprintf(why, sizeof why, "%s: not a results file (no line ends)", cfg->results);
        else if (fresh || keep_games(run, data, whole, why, sizeof why) == 0) {
            if (whole < size)
                fprintf(stderr, "packeis-tournament: %s: %s dropped\n", cfg->results,
                        whole ? "its last line, cut off," : "the start of a header");
            if (ftruncate(fd, (off_t)whole) != 0 || lseek(fd, 0, SEEK_END) < 0 ||
                !(out = fdopen(fd, "a")))
                snprintf(why, sizeof why, "%s: %s", cfg->results, strerror(errno));
            else if (fresh) {
                results_write_header(out, schedule_signature(cfg));
                fflush(out);
            }
        }
    }
    free(data);
    if (!out) {
        if (fd >= 0)
            close(fd);
        fprintf(stderr, "packeis-tournament: %s%s\n", cfg->resume ? "--resume: " : "", why);
    }
    return out;
}

/* Plays the games of --games (all without it), into --results if given. */
static int play_some(struct run *run)
{
    const struct config *cfg = run->cfg;
    run->next = cfg->first;
    run->end = cfg->last ? cfg->last : run->count;
    if (run->end > run->count) {
        fprintf(stderr, "packeis-tournament: --games: the schedule has %zu games\n",
                run->count);
        return 1;
    }
    if (cfg->results && !(run->results = open_results(run)))
        return 1;
    run->started = process_now();
    play_all(run);
    if (run->results && fclose(run->results) != 0) {
        fprintf(stderr, "packeis-tournament: %s: %s\n", cfg->results, strerror(errno));
        return 1;
    }
    return run->failed != 0;
}

int main(int argc, char **argv)
{
    static struct config cfg;
    cfg.setup.seats = 2;
    cfg.setup.boards = 10;
    cfg.setup.seed = 1;
    cfg.tc.grace_ms = 1000;
    cfg.tc.timeout_ms = 30000;
    cfg.tc.startup_ms = 10000;
    cfg.jobs = 1;
    cfg.review_solver = PACKEIS_PLAYER_REVIEW_SOLVER_NODES;
    /* An engine that exits while it is written to must cost its game, not
     * the tournament. */
    signal(SIGPIPE, SIG_IGN);
    process_end_all_on_signal();
    parse_args(argc, argv, &cfg);
    if (cfg.records && mkdir(cfg.records, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "packeis-tournament: %s: %s\n", cfg.records, strerror(errno));
        return 1;
    }

    struct run run = {.cfg = &cfg, .tty = isatty(STDERR_FILENO)};
    pthread_mutex_init(&run.lock, NULL);
    planned_game *plans = schedule_games(&cfg.setup, &run.count);
    run.plans = plans;
    run.games = calloc(run.count ? run.count : 1, sizeof *run.games);
    if (!plans || !run.games) {
        fprintf(stderr, "packeis-tournament: out of memory\n");
        return 1;
    }
    int status;
    if (cfg.count_only)
        status = printf("%zu\n", run.count) < 0;
    else if (cfg.merge_count)
        status = merge_all(&run);
    else
        status = play_some(&run);
    if (status == 0 && !cfg.last && !cfg.count_only)
        status = finish(&cfg, &run);
    for (size_t g = 0; g < run.count; g++)
        free(run.games[g].record); /* --review kept them */
    free(run.seen);
    free(run.games);
    free(plans);
    pthread_mutex_destroy(&run.lock);
    return status;
}
