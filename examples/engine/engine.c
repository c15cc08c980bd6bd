/* SPDX-License-Identifier: MIT */
/*
 * packeis-engine: serves one of the built-in players (lib/players)
 * over the engine protocol of doc/protocol.md on standard input and output.
 *
 *   packeis-engine --player NAME[:STRENGTH] [--option NAME=VALUE ...] [--seed N]
 *   packeis-engine --list
 *
 * The command loop reads lines and answers them (session.c); a `go` searches
 * on a thread of its own (search.c), so that `stop` and `isready` are
 * answered during the search.
 */
#define _POSIX_C_SOURCE 200809L /* getline, clock_gettime, pthreads */

#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "participant.h"
#include "search.h"
#include "seat_spec.h"
#include "session.h"

#define AUTHOR "libpackeis examples"

struct config {
    const char *player;
    uint64_t seed;
    int list;
    int option_count;
    char **options; /* NAME=VALUE, from argv */
};

static void usage(FILE *out)
{
    fprintf(out, "usage: packeis-engine --player NAME[:STRENGTH] [--option NAME=VALUE ...]\n"
                 "                      [--seed N]\n"
                 "       packeis-engine --list\n"
                 "Serves a built-in player over the engine protocol (doc/protocol.md) on\n"
                 "standard input and output.\n"
                 "  --player NAME[:STRENGTH]  a built-in player (--list names them), in the\n"
                 "                       seat notation (examples/README.md): mcts:2s,\n"
                 "                       alphabeta:5000,hash=16; a time or budget there is\n"
                 "                       that of each go without limits\n"
                 "  --option NAME=VALUE  sets an option of the player (as setoption does);\n"
                 "                       may be repeated\n"
                 "  --seed N             the player's seed (default 0)\n"
                 "  --list               lists the players and their options, then exits\n"
                 "  --help               prints this help, then exits\n");
}

static struct config parse_args(int argc, char **argv)
{
    static const struct option long_options[] = {
        {"player", required_argument, NULL, 'p'}, {"option", required_argument, NULL, 'o'},
        {"seed", required_argument, NULL, 's'},   {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    struct config cfg = {NULL, 0, 0, 0, NULL};
    if (!(cfg.options = calloc((size_t)argc, sizeof *cfg.options)))
        args_fail("packeis-engine", "out of memory");
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", long_options, NULL)) != -1) {
        switch (c) {
        case 'p':
            cfg.player = optarg;
            break;
        case 'o':
            if (!strchr(optarg, '=') || optarg[0] == '=')
                args_fail("packeis-engine", "--option: expected NAME=VALUE, not '%s'", optarg);
            cfg.options[cfg.option_count++] = optarg;
            break;
        case 's':
            cfg.seed = args_number("packeis-engine", "--seed", optarg, 0, UINT64_MAX);
            break;
        case 'l':
            cfg.list = 1;
            break;
        case 'h':
            usage(stdout);
            exit(0);
        case ':':
            args_fail("packeis-engine", "%s needs a value", argv[optind - 1]);
            break;
        default:
            args_fail("packeis-engine", "unknown argument '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        args_fail("packeis-engine", "unexpected argument '%s'", argv[optind]);
    if (!cfg.player && !cfg.list)
        args_fail("packeis-engine", "--player NAME is required (--list shows the players)");
    return cfg;
}

static void list_players(void)
{
    for (const char *const *name = packeis_player_names(); *name; name++) {
        packeis_player *p;
        if (packeis_player_new(*name, 0, &p) != 0)
            continue;
        printf("%s: %s\n", *name, packeis_player_description(p));
        size_t count;
        const packeis_player_option *options = packeis_player_options(p, &count);
        for (size_t i = 0; i < count; i++)
            printf("  %s (%s, default %s): %s\n", options[i].name, options[i].type,
                   options[i].default_value, options[i].description);
        packeis_player_free(p);
    }
}

/* The player of --player, in the seat notation (seat_spec.h: NAME[:STRENGTH]),
 * then --option on it; the strength's budget becomes that of a go without
 * limits (`limits`). */
static packeis_player *make_player(const struct config *cfg, packeis_player_limits *limits)
{
    seat_spec spec;
    char why[512];
    if (strncmp(cfg->player, "engine:", 7) == 0 || strcmp(cfg->player, "human") == 0)
        args_fail("packeis-engine", "--player: '%s' is no built-in player (--list shows them)",
                  cfg->player);
    if (seat_spec_parse(cfg->player, &spec, why, sizeof why) != 0)
        args_fail("packeis-engine", "--player %s (--list shows the players)", why);
    packeis_player *p = participant_player(&spec.who, cfg->seed, why, sizeof why);
    if (!p) {
        fprintf(stderr, "packeis-engine: %s\n", why);
        exit(1);
    }
    for (int i = 0; i < cfg->option_count; i++) {
        char *equals = strchr(cfg->options[i], '=');
        *equals = '\0';
        const char *reason = "refused";
        if (packeis_player_set_option(p, cfg->options[i], equals + 1, &reason) != 0)
            args_fail("packeis-engine", "--option %s=%s: %s", cfg->options[i], equals + 1,
                      reason ? reason : "refused");
    }
    memset(limits, 0, sizeof *limits);
    limits->seconds = spec.who.seconds;
    limits->nodes = spec.who.nodes;
    return p;
}

int main(int argc, char **argv)
{
    struct config cfg = parse_args(argc, argv);
    if (cfg.list) {
        free(cfg.options);
        list_players();
        return 0;
    }
    packeis_player_limits defaults;
    packeis_player *p = make_player(&cfg, &defaults);
    free(cfg.options);
    /* A client that goes away ends the session at the end of its input,
     * not with a signal while a reply is written. */
    signal(SIGPIPE, SIG_IGN);

    session s;
    packeis_status status = session_open(&s, p, AUTHOR);
    if (status != PACKEIS_OK) {
        fprintf(stderr, "packeis-engine: %s\n", packeis_strerror(status));
        return 1;
    }
    s.defaults = defaults;
    char *line = NULL;
    size_t capacity = 0;
    ssize_t read;
    while (!s.quit && (read = getline(&line, &capacity, stdin)) != -1) {
        size_t length = (size_t)read;
        if (length > 0 && line[length - 1] == '\n')
            line[--length] = '\0';
        /* Lines are ASCII text: a NUL byte would silently cut the command
         * short (`go\0nodes 5` would run a plain go). */
        if (memchr(line, '\0', length))
            emit("error %.*s: a NUL byte in the line (lines are ASCII text)",
                 (int)strcspn(line, " \t"), line);
        else
            session_command(&s, line);
    }
    free(line);
    session_close(&s);
    packeis_player_free(p);
    return 0;
}
