/* SPDX-License-Identifier: MIT */
/* options.c: the command line of packeis-play (options.h). */
#define _POSIX_C_SOURCE 200809L

#include "options.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include <packeis/players.h>
#include "seats_file.h"

/* What the seats were asked to be, before they are filled. */
typedef struct seating {
    const char *explicit_seat[PACKEIS_MAX_PLAYERS]; /* --seat N=WHO */
    const char *opponent[PACKEIS_MAX_PLAYERS * 2];  /* --opponents, --engine, in order */
    int opponents;
    int players; /* --players, or 0 */
} seating;

#define PROGRAM "packeis-play"

/* A bad argument: which and why, then exit status 2 (args.h). */
#define bad_args(...) args_fail(PROGRAM, __VA_ARGS__)

static void print_player_names(FILE *out)
{
    for (const char *const *name = packeis_player_names(); *name; name++)
        fprintf(out, " %s", *name);
}

void options_usage(FILE *out)
{
    fputs("usage: packeis-play [OPTION...]\n"
          "Play Packeis am Pol (Hey, That's My Fish!) in a terminal: you against\n"
          "computer players, or several people at one keyboard.\n"
          "\n"
          "Seats (A moves first; seats not given are filled in order with you,\n"
          "then the opponents, then other people):\n"
          "  -o, --opponents LIST  computer opponents, comma-separated (default greedy)\n"
          "  -e, --engine CMD      an opponent that is a program speaking the engine\n"
          "                        protocol (doc/protocol.md); may be repeated\n"
          "  -s, --seat N=WHO      seat N (1-4 or A-D) is WHO: human, a player,\n"
          "                        or engine:CMD\n"
          "  -p, --players N       2 to 4 seats; the seats left are people\n"
          "  -H, --hint WHO        the player that answers `hint` (default mcts)\n"
          "A player is NAME[:STRENGTH], NAME one of",
          out);
    print_player_names(out);
    fputs(";\n"
          "STRENGTH a comma-separated list of a time per move (2s, 300ms), a budget\n"
          "of work per move (a number: positions for alphabeta, playouts for\n"
          "montecarlo and mcts) and options (playouts=5000, threads=2; see\n"
          "packeis-engine --list). Examples: --opponents greedy,mcts:2s\n"
          "  --seat 1=alphabeta:1s (you play second)   --players 3 (three people)\n"
          "  --engine \"packeis-engine --player mcts\"\n"
          "\n"
          "Game:\n"
          "      --seed N          shuffle of the standard board (default: from the clock)\n"
          "      --penguins N      penguins per player (default: the rules' 4, 3 or 2)\n"
          "      --variant NAME    any-floe (place on any floe) or snake (snake\n"
          "                        placement order); may be repeated\n"
          "      --layout FILE     play on the board of a layout picture file\n"
          "      --load FILE       continue the game record in FILE, with the seats\n"
          "                        saved in FILE.seats (seats given here win)\n"
          "      --no-color        no colours (also when NO_COLOR is set, or the\n"
          "                        output is not a terminal)\n"
          "  -h, --help            this text\n"
          "\n"
          "At the prompt, type a move (c4 to place, c4-e5 to slide) or a command:\n"
          "moves, hint, undo, redo, save FILE, load FILE, board, new, help, quit.\n",
          out);
}

/* "N=WHO": the seat, 1-4 or A-D. */
static void read_seat(seating *s, const char *text)
{
    const char *equals = strchr(text, '=');
    int index = -1;
    if (equals == text + 1 && text[0] >= '1' && text[0] <= '4')
        index = text[0] - '1';
    else if (equals == text + 1 && strchr("ABCDabcd", text[0]))
        index = (text[0] | 0x20) - 'a';
    if (index < 0 || equals[1] == '\0')
        bad_args("--seat: expected N=WHO with N from 1 to 4 or A to D, not '%s'", text);
    if (s->explicit_seat[index])
        bad_args("--seat: seat %c is given twice", 'A' + index);
    s->explicit_seat[index] = equals + 1;
}

static int is_player_name(const char *text, size_t length)
{
    if (length == 5 && strncmp(text, "human", 5) == 0)
        return 1;
    for (const char *const *name = packeis_player_names(); *name; name++)
        if (strlen(*name) == length && strncmp(*name, text, length) == 0)
            return 1;
    return 0;
}

/* A text made for the seats, freed by options_free(). */
static char *keep(config *cfg, char *text)
{
    if (!text)
        bad_args("out of memory");
    if (cfg->owned_count == (int)(sizeof cfg->owned / sizeof cfg->owned[0]))
        bad_args("at most %d opponents", PACKEIS_MAX_PLAYERS - 1);
    cfg->owned[cfg->owned_count++] = text;
    return text;
}

void options_free(config *cfg)
{
    for (int i = 0; i < cfg->owned_count; i++)
        free(cfg->owned[i]);
    cfg->owned_count = 0;
}

static void add_opponent(seating *s, const char *text)
{
    if (s->opponents == PACKEIS_MAX_PLAYERS)
        bad_args("at most %d opponents", PACKEIS_MAX_PLAYERS - 1);
    s->opponent[s->opponents++] = text;
}

/* "greedy,mcts:2s,threads=2,alphabeta": a comma starts the next opponent
 * when a player's name follows it (strength items are never names). */
static void read_opponents(config *cfg, seating *s, const char *list)
{
    char *copy = keep(cfg, strdup(list));
    char *start = copy;
    for (char *comma = copy; (comma = strchr(comma, ',')) != NULL;) {
        char *next = comma + 1;
        if (is_player_name(next, strcspn(next, ":,")) || strncmp(next, "engine:", 7) == 0) {
            *comma = '\0';
            add_opponent(s, start);
            start = next;
            if (strncmp(next, "engine:", 7) == 0)
                break; /* an engine's command takes the rest */
        }
        comma = next;
    }
    add_opponent(s, start);
}

static char *engine_spec(config *cfg, const char *command)
{
    size_t length = strlen(command);
    char *text = keep(cfg, malloc(length + 8));
    memcpy(text, "engine:", 7);
    memcpy(text + 7, command, length + 1);
    return text;
}

static void read_variant(config *cfg, const char *name)
{
    if (strcmp(name, "any-floe") == 0)
        cfg->variant[PACKEIS_VARIANT_PLACE_ANY_FLOE] = 1;
    else if (strcmp(name, "snake") == 0)
        cfg->variant[PACKEIS_VARIANT_SNAKE_PLACEMENT] = 1;
    else
        bad_args("--variant: expected any-floe or snake, not '%s'", name);
}

static void read_spec(const char *where, const char *text, seat_spec *out)
{
    char why[512], names[256] = "";
    if (seat_spec_parse(text, out, why, sizeof why) == 0) {
        /* An engine is named by its handshake, marked as an engine's. */
        size_t length = strlen(out->who.label);
        if (out->who.command && length + 10 < sizeof out->who.label)
            memcpy(out->who.label + length, " (engine)", 10);
        return;
    }
    for (const char *const *name = packeis_player_names(); *name; name++)
        if (strlen(names) + strlen(*name) + 2 < sizeof names)
            snprintf(names + strlen(names), sizeof names - strlen(names), " %s", *name);
    bad_args("%s: %s (players:%s)", where, why, names);
}

/* The number of seats: --players; or the record's; or the seats given,
 * the opponents, and you (unless a seat given is a person, or two or more
 * seats given and no opponent make a game of computers). */
static int count_seats(const seating *s, int players_in_load, int highest)
{
    if (s->players)
        return s->players;
    if (players_in_load)
        return players_in_load;
    int given = 0, person = 0;
    for (int i = 0; i < PACKEIS_MAX_PLAYERS; i++) {
        given += s->explicit_seat[i] != NULL;
        person |= s->explicit_seat[i] && strcmp(s->explicit_seat[i], "human") == 0;
    }
    int players = given + s->opponents + (!person && (s->opponents > 0 || given < 2));
    players = players > highest ? players : highest;
    return players < PACKEIS_MIN_PLAYERS ? PACKEIS_MIN_PLAYERS : players;
}

/* Who sits where. */
static void fill_seats(config *cfg, seating *s, int players_in_load)
{
    int highest = 0, given = 0;
    for (int i = 0; i < PACKEIS_MAX_PLAYERS; i++)
        if (s->explicit_seat[i])
            highest = i + 1, given++;
    if (!s->players && !players_in_load && s->opponents == 0 && given == 0)
        s->opponent[s->opponents++] = "greedy";
    int players = count_seats(s, players_in_load, highest);
    if (players > PACKEIS_MAX_PLAYERS)
        bad_args("%d seats asked for (the seats given, you and %d opponents); at most %d",
                 players, s->opponents, PACKEIS_MAX_PLAYERS);
    if (highest > players)
        bad_args("--seat %c: the game has %d seats", 'A' + highest - 1, players);
    int free_seats = 0;
    for (int i = 0; i < players; i++)
        free_seats += !s->explicit_seat[i];
    if (s->opponents > 0 && s->opponents >= free_seats)
        bad_args("%d seats cannot hold you and %d opponent%s besides the seats given", players,
                 s->opponents, s->opponents == 1 ? "" : "s");
    cfg->players = players;
    cfg->you = -1;
    int next_opponent = 0;
    for (int i = 0; i < players; i++) {
        char where[32];
        snprintf(where, sizeof where, "seat %c", 'A' + i);
        const char *who = s->explicit_seat[i];
        if (!who && cfg->you < 0)
            who = "human";
        else if (!who && next_opponent < s->opponents)
            who = s->opponent[next_opponent++];
        else if (!who)
            who = "human";
        read_spec(where, who, &cfg->seats[i]);
        if (cfg->seats[i].kind == SEAT_HUMAN && cfg->you < 0)
            cfg->you = i;
    }
}

/* --load FILE: the seats of FILE.seats (seats_file.h) sit again where the
 * command line names no one (with --opponents, --engine or --players the
 * command line seats everyone, as for a new game). A seat that was an
 * engine is not started from a file: its command is shown to give again. */
static void load_seats(config *cfg, seating *s, int players)
{
    if (s->opponents > 0 || s->players > 0)
        return;
    char *texts[PACKEIS_MAX_PLAYERS], why[1024];
    int found = seats_file_read(cfg->load, players, texts, why, sizeof why);
    if (found < 0) {
        fprintf(stderr, "%s: %s\n", PROGRAM, why);
        exit(1);
    }
    cfg->seats_missing = found == 0;
    for (int p = 0; p < players && found; p++) {
        keep(cfg, texts[p]);
        if (s->explicit_seat[p])
            continue;
        if (strncmp(texts[p], "engine:", 7) == 0)
            bad_args("seat %c of %s was %s: packeis-play does not run a command read from "
                     "a file; give --seat %c='%s' to play it again",
                     'A' + p, cfg->load, texts[p], 'A' + p, texts[p]);
        s->explicit_seat[p] = texts[p];
    }
}

/* The strongest built-in player there is, for hints. */
static const char *default_hint(void)
{
    const char *best = "greedy";
    for (const char *const *name = packeis_player_names(); *name; name++)
        if (strcmp(*name, "mcts") == 0)
            best = "mcts";
    return best;
}

void options_read(int argc, char **argv, config *cfg, int (*players_in_record)(const char *))
{
    static const struct option long_options[] = {
        {"opponents", required_argument, NULL, 'o'},
        {"engine", required_argument, NULL, 'e'},
        {"seat", required_argument, NULL, 's'},
        {"players", required_argument, NULL, 'p'},
        {"hint", required_argument, NULL, 'H'},
        {"seed", required_argument, NULL, 'S'},
        {"penguins", required_argument, NULL, 'P'},
        {"variant", required_argument, NULL, 'V'},
        {"layout", required_argument, NULL, 'L'},
        {"load", required_argument, NULL, 'l'},
        {"no-color", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    memset(cfg, 0, sizeof *cfg);
    seating s;
    memset(&s, 0, sizeof s);
    const char *hint = NULL;
    int seed_given = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":o:e:s:p:H:h", long_options, NULL)) != -1) {
        switch (c) {
        case 'o':
            read_opponents(cfg, &s, optarg);
            break;
        case 'e':
            add_opponent(&s, engine_spec(cfg, optarg));
            break;
        case 's':
            read_seat(&s, optarg);
            break;
        case 'p':
            s.players = (int)args_number(PROGRAM, "--players", optarg, PACKEIS_MIN_PLAYERS,
                                         PACKEIS_MAX_PLAYERS);
            break;
        case 'H':
            hint = optarg;
            break;
        case 'S':
            cfg->seed = args_number(PROGRAM, "--seed", optarg, 0, UINT64_MAX);
            seed_given = 1;
            break;
        case 'P':
            cfg->penguins =
                (int)args_number(PROGRAM, "--penguins", optarg, 1, PACKEIS_MAX_CELLS);
            break;
        case 'V':
            read_variant(cfg, optarg);
            break;
        case 'L':
            cfg->layout = optarg;
            break;
        case 'l':
            cfg->load = optarg;
            break;
        case 'n':
            cfg->no_color = 1;
            break;
        case 'h':
            options_usage(stdout);
            exit(0);
        case ':':
            bad_args("%s needs a value", argv[optind - 1]);
        default:
            bad_args("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        bad_args("unexpected argument '%s'", argv[optind]);
    if (cfg->load && cfg->layout)
        bad_args("--load and --layout: a record holds its own board");
    if (!seed_given)
        cfg->seed = 0; /* the caller draws one from the clock */
    cfg->seed_given = seed_given;
    int players_in_load = cfg->load && !s.players ? players_in_record(cfg->load) : 0;
    if (players_in_load)
        load_seats(cfg, &s, players_in_load);
    fill_seats(cfg, &s, players_in_load);
    read_spec("--hint", hint ? hint : default_hint(), &cfg->hint);
    if (cfg->hint.kind == SEAT_HUMAN)
        bad_args("--hint: a person cannot give hints; name a player");
}
