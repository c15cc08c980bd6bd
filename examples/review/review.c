/* SPDX-License-Identifier: MIT */
/*
 * packeis-review: what each move of recorded games cost its player.
 *
 *   packeis-review game-00001.txt game-00002.txt --json review.json --svg review.svg
 *
 * Each record (doc/formats.md, "Game records") is reviewed ply by ply with
 * packeis_player_review_game(): the endgame solver's exact values where it
 * solves every move within --solver-nodes, the estimator's (--player) where
 * it does not. A table per game and a summary per player go to standard
 * output; --json writes doc/formats.md's "Review (JSON)", --svg the
 * evaluation graphs. A record that cannot be read or replayed is named on
 * standard error and in the JSON, and the others are reviewed. Ctrl-C
 * stops the review after the ply under way, and what was reviewed is still
 * written (examples/README.md tells the exit statuses).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "record.h"
#include "review_json.h"
#include "review_svg.h"
#include "review_text.h"
#include "reviewer.h"
#include "status_name.h"

#define PROGRAM "packeis-review"
/* Exit statuses besides 0 and args_fail()'s 2. */
#define EXIT_SOME_FAILED 1   /* a record not reviewed, or an output not written */
#define EXIT_STOPPED     130 /* Ctrl-C: 128 + SIGINT, as a shell reports it */

struct config {
    char **records;
    size_t count;
    const char *player, *budget, *json, *svg;
    uint64_t solver_nodes;
    int quiet;
};

/* Set by the first SIGINT: the reviewer's stop flag. */
static atomic_int stop_flag;

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    atomic_store(&stop_flag, 1);
}

/* The first Ctrl-C stops the review; the handler then goes back to the
 * default (SA_RESETHAND), so a second one ends the program at once. A
 * SIGINT ignored when the program started (a background job) stays so. */
static void catch_interrupt(void)
{
    struct sigaction action, before;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGINT, NULL, &before) == 0 && before.sa_handler != SIG_IGN)
        sigaction(SIGINT, &action, NULL);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: packeis-review RECORD... [options]\n"
            "Reviews every move of game records (doc/formats.md, \"Game records\"; '-' is\n"
            "standard input): what each cost its player, and a summary per player.\n"
            "  --player SPEC       the estimator, a seat that analyses (default %s;\n"
            "                      also montecarlo, alphabeta, az)\n"
            "  --budget N|TIME     its budget a position, replacing the spec's: nodes\n"
            "                      (5000) or a time (200ms, 1s)\n"
            "  --solver-nodes N    the endgame solver's positions a position, for exact\n"
            "                      values of 2-player games (default %d; 0: no solver)\n"
            "  --json FILE         the review as JSON (doc/formats.md, \"Review (JSON)\")\n"
            "  --svg FILE          the evaluation graph of every game, stacked, one SVG\n"
            "                      ('-' for either: standard output, instead of the table)\n"
            "  --quiet             no progress on standard error\n"
            "  --help              this help\n"
            "Exit status: 0; 1 when a record could not be reviewed or an output written;\n"
            "2 for a bad argument; 130 when stopped by Ctrl-C (what was reviewed is\n"
            "written, the game under way marked incomplete).\n",
            PACKEIS_PLAYER_REVIEW_ESTIMATOR, PACKEIS_PLAYER_REVIEW_SOLVER_NODES);
}

/* Whether `path` can be written, checked before a long review: the file if
 * it is there, else its folder. */
static int can_write(const char *path)
{
    if (strcmp(path, "-") == 0 || access(path, F_OK) == 0)
        return strcmp(path, "-") == 0 || access(path, W_OK) == 0;
    const char *slash = strrchr(path, '/');
    if (!slash)
        return access(".", W_OK | X_OK) == 0;
    char folder[4096];
    size_t length = slash == path ? 1 : (size_t)(slash - path);
    if (length >= sizeof folder)
        return 0;
    memcpy(folder, path, length);
    folder[length] = '\0';
    return access(folder, W_OK | X_OK) == 0;
}

static void parse_args(int argc, char **argv, struct config *cfg)
{
    enum { PLAYER = 256, BUDGET, SOLVER_NODES, JSON, SVG, QUIET, HELP };
    static const struct option options[] = {
        {"player", required_argument, NULL, PLAYER},
        {"budget", required_argument, NULL, BUDGET},
        {"solver-nodes", required_argument, NULL, SOLVER_NODES},
        {"json", required_argument, NULL, JSON},
        {"svg", required_argument, NULL, SVG},
        {"quiet", no_argument, NULL, QUIET},
        {"help", no_argument, NULL, HELP},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
        switch (c) {
        case PLAYER:
            cfg->player = optarg;
            break;
        case BUDGET:
            cfg->budget = optarg;
            break;
        case SOLVER_NODES:
            cfg->solver_nodes = args_number(PROGRAM, "--solver-nodes", optarg, 0, UINT64_MAX);
            break;
        case JSON:
            cfg->json = optarg;
            break;
        case SVG:
            cfg->svg = optarg;
            break;
        case QUIET:
            cfg->quiet = 1;
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
    cfg->records = argv + optind;
    cfg->count = (size_t)(argc - optind);
    if (cfg->count == 0)
        args_fail(PROGRAM, "name at least one game record ('-': standard input)");
    int stdin_uses = 0;
    for (size_t i = 0; i < cfg->count; i++)
        stdin_uses += strcmp(cfg->records[i], "-") == 0;
    if (stdin_uses > 1)
        args_fail(PROGRAM, "'-' (standard input) named %d times", stdin_uses);
    if (cfg->json && cfg->svg && strcmp(cfg->json, cfg->svg) == 0)
        args_fail(PROGRAM, "--json and --svg name the same file, %s", cfg->json);
    const char *outputs[][2] = {{"--json", cfg->json}, {"--svg", cfg->svg}};
    for (int i = 0; i < 2; i++)
        if (outputs[i][1] && !can_write(outputs[i][1]))
            args_fail(PROGRAM, "%s %s: cannot be written (%s)", outputs[i][0], outputs[i][1],
                      strerror(errno));
}

/* ---- progress ---------------------------------------------------------- */

typedef struct progress {
    const struct config *cfg;
    size_t game, games; /* game i of n, from 1 */
    int tty;            /* standard error is a terminal: one line, rewritten */
    int shown;          /* a progress line is on the terminal */
} progress;

static void show_ply(void *context, const packeis_player_review_ply *ply, size_t done,
                     size_t total)
{
    progress *p = context;
    (void)ply;
    if (p->cfg->quiet || !p->tty)
        return;
    fprintf(stderr, "\rgame %zu/%zu ply %zu/%zu ", p->game, p->games, done, total);
    p->shown = 1;
}

static void show_game(progress *p, const char *source, size_t total)
{
    if (p->cfg->quiet)
        return;
    if (p->tty) {
        fprintf(stderr, "\rgame %zu/%zu ply 0/%zu ", p->game, p->games, total);
        p->shown = 1;
    } else {
        fprintf(stderr, "%s: game %zu/%zu: %s, %zu plies\n", PROGRAM, p->game, p->games, source,
                total);
    }
}

/* Clears the progress line before anything else is written. */
static void clear_progress(progress *p)
{
    if (p->shown)
        fprintf(stderr, "\r%40s\r", "");
    p->shown = 0;
}

/* ---- reviewing --------------------------------------------------------- */

/* Reviews the record g->source into g. 0, or -1 (g->error says why). */
static int review_record(review_setup *setup, reviewed_game *g, progress *p)
{
    if (record_open(g->source, &g->game, g->error, sizeof g->error) != 0)
        return -1;
    g->players = packeis_game_player_count(g->game);
    g->total = packeis_game_ply_count(g->game);
    g->plies = calloc(g->total ? g->total : 1, sizeof *g->plies);
    if (!g->plies) {
        snprintf(g->error, sizeof g->error, "%s: out of memory", g->source);
        return -1;
    }
    review_setup_new_game(setup);
    show_game(p, g->source, g->total);
    packeis_status status = packeis_player_review_game(&setup->reviewer, g->game, 0, g->total,
                                                       g->plies, &g->done, show_ply, p);
    g->complete = status == PACKEIS_OK;
    packeis_player_review_summarize(g->plies, g->done, g->players, g->summary);
    if (status == PACKEIS_OK || status == PACKEIS_E_STOPPED)
        return 0;
    const char *why = packeis_player_error(setup->reviewer.estimator);
    snprintf(g->error, sizeof g->error, "%s: action %zu: the review failed: %s (%s)%s%s",
             g->source, g->done + 1, packeis_strerror(status), status_name(status),
             why ? ": " : "", why ? why : "");
    return -1;
}

typedef void (*writer)(FILE *out, const review_setup *setup, const reviewed_game *games,
                       size_t count);

static void write_svg(FILE *out, const review_setup *setup, const reviewed_game *games,
                      size_t count)
{
    (void)setup;
    review_svg(out, games, count);
}

/* Writes an output file ("-": standard output). 0, or -1 said on stderr. */
static int write_output(const char *path, writer write, const review_setup *setup,
                        const reviewed_game *games, size_t count)
{
    int to_stdout = strcmp(path, "-") == 0;
    FILE *out = to_stdout ? stdout : fopen(path, "w");
    if (out) {
        write(out, setup, games, count);
        if (!ferror(out) && (to_stdout ? fflush(out) : fclose(out)) == 0)
            return 0;
        if (!to_stdout)
            fclose(out);
    }
    fprintf(stderr, "%s: %s: %s\n", PROGRAM, path, strerror(errno ? errno : EIO));
    return -1;
}

static void free_games(reviewed_game *games, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        packeis_game_free(games[i].game);
        free(games[i].plies);
    }
    free(games);
}

int main(int argc, char **argv)
{
    struct config cfg = {.solver_nodes = PACKEIS_PLAYER_REVIEW_SOLVER_NODES};
    parse_args(argc, argv, &cfg);
    review_setup setup;
    char why[600];
    if (review_setup_make(&setup, cfg.player, cfg.budget, cfg.solver_nodes, &stop_flag, why,
                          sizeof why) != 0)
        args_fail(PROGRAM, "--player %s", why);
    reviewed_game *games = calloc(cfg.count, sizeof *games);
    if (!games) {
        fprintf(stderr, "%s: out of memory\n", PROGRAM);
        return EXIT_SOME_FAILED;
    }
    catch_interrupt();
    int table =
        !(cfg.json && strcmp(cfg.json, "-") == 0) && !(cfg.svg && strcmp(cfg.svg, "-") == 0);
    progress p = {.cfg = &cfg, .games = cfg.count, .tty = isatty(STDERR_FILENO)};
    size_t reviewed = 0, failed = 0;
    for (; reviewed < cfg.count && !atomic_load(&stop_flag); reviewed++) {
        reviewed_game *g = &games[reviewed];
        g->source = cfg.records[reviewed];
        p.game = reviewed + 1;
        int status = review_record(&setup, g, &p);
        clear_progress(&p);
        if (status != 0) {
            failed++;
            fprintf(stderr, "%s: %s\n", PROGRAM, g->error);
        }
        if (table) {
            review_text_game(stdout, g);
            fflush(stdout);
        }
    }
    int stopped = atomic_load(&stop_flag) != 0;
    if (stopped)
        fprintf(stderr, "%s: stopped (Ctrl-C): %zu of %zu records reviewed, the last %s\n",
                PROGRAM, reviewed, cfg.count,
                reviewed && !games[reviewed - 1].complete && !games[reviewed - 1].error[0]
                    ? "in part"
                    : "whole");
    int write_failed = 0;
    if (cfg.json)
        write_failed |= write_output(cfg.json, review_json, &setup, games, reviewed) != 0;
    if (cfg.svg)
        write_failed |= write_output(cfg.svg, write_svg, &setup, games, reviewed) != 0;
    free_games(games, cfg.count);
    review_setup_free(&setup);
    if (stopped)
        return EXIT_STOPPED;
    return failed || write_failed ? EXIT_SOME_FAILED : 0;
}
