/* SPDX-License-Identifier: MIT */
/*
 * demo: plays one game of Packeis am Pol between computer players and draws
 * the board after every action.
 *
 *   demo [--seed N] [--players 2..4] [--layout FILE] [--record FILE]
 *        [--no-color] [--quiet]
 *
 * Player A (0) is greedy, the others play uniformly random legal moves (the
 * greedy and random players of lib/players). The
 * seed shuffles the board and drives the random players, so a given seed
 * always replays the same game. After each action the demo tells what it
 * did, from the library's own account of that ply (packeis_game_ply_*()):
 * the fish won, the players who went out and the floes out of play removed. --layout plays on
 * the board drawn in a layout picture file (packeis_options_set_layout_picture()); --record
 * saves the game record at the end (packeis_game_save_record()), which the
 * replay example loads. Only the public API <packeis/packeis.h> is used.
 */
#include <packeis/packeis.h>

#include "args.h"
#include <packeis/players.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "status_name.h"

struct config {
    uint64_t seed;
    int players;
    int color;
    int quiet;
    const char *layout; /* a layout picture file, or NULL */
    const char *record; /* where to save the record, or NULL */
};

/* As the terminal and the browser games: A blue, B red, C green, D gold. */
static const char *const player_color[PACKEIS_MAX_PLAYERS] = {"\033[1;34m", "\033[1;31m",
                                                              "\033[1;32m", "\033[1;38;5;136m"};
static const char *const fish_color[4] = {"", "\033[36m", "\033[96m", "\033[1;97m"};
static const char *const color_reset = "\033[0m";

/* ---- errors and arguments ---------------------------------------------- */

/* The name of a status for messages ("PACKEIS_E_GAME_OVER"). */

/* A library error: its description and name, then exit status 1. */
static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "demo: %s: %s (%s)\n", what, packeis_strerror(status),
                status_name(status));
        exit(EXIT_FAILURE);
    }
}

static void usage(FILE *out)
{
    fprintf(out, "usage: demo [--seed N] [--players 2..4] [--layout FILE] [--record FILE]\n"
                 "            [--no-color] [--quiet]\n"
                 "  --seed N      board shuffle and random players (default 1)\n"
                 "  --players P   number of players, 2 to 4 (default 2)\n"
                 "  --layout FILE play on the board of a layout picture file\n"
                 "  --record FILE save the game record to FILE at the end\n"
                 "  --no-color    never use ANSI colours\n"
                 "  --quiet       draw only the final board\n"
                 "Player A is greedy, the others play at random.\n");
}

static struct config parse_args(int argc, char **argv)
{
    static const struct option options[] = {
        {"seed", required_argument, NULL, 's'},   {"players", required_argument, NULL, 'p'},
        {"layout", required_argument, NULL, 'l'}, {"record", required_argument, NULL, 'r'},
        {"no-color", no_argument, NULL, 'n'},     {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    struct config cfg = {1, 2, isatty(STDOUT_FILENO), 0, NULL, NULL};
    int c;
    opterr = 0; /* args_fail() says more than getopt would */
    while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
        if (c == 's')
            cfg.seed = args_number("demo", "--seed", optarg, 0, UINT64_MAX);
        else if (c == 'p')
            cfg.players = (int)args_number("demo", "--players", optarg, PACKEIS_MIN_PLAYERS,
                                           PACKEIS_MAX_PLAYERS);
        else if (c == 'l' || c == 'r')
            *(c == 'l' ? &cfg.layout : &cfg.record) = optarg;
        else if (c == 'n' || c == 'q')
            *(c == 'n' ? &cfg.color : &cfg.quiet) = c == 'q';
        else if (c == 'h') {
            usage(stdout);
            exit(0);
        } else if (c == ':')
            args_fail("demo", "%s needs a value", argv[optind - 1]);
        else
            args_fail("demo", "unknown argument '%s'", argv[optind - 1]);
    }
    if (optind < argc)
        args_fail("demo", "unexpected argument '%s'", argv[optind]);
    return cfg;
}

/* ---- drawing ----------------------------------------------------------- */

/* One floe as three visible characters: " 2 " (free, 2 fish), "[A]" (a
 * penguin of player A) or " . " (the floe has left the board). */
static void draw_cell(const packeis_game *game, int cell, uint64_t floes, int color)
{
    int owner = packeis_game_penguin_at(game, cell);
    int fish = packeis_game_fish(game, cell);
    if (owner >= 0)
        printf("%s[%c]%s", color ? player_color[owner] : "", 'A' + owner,
               color ? color_reset : "");
    else if ((floes >> cell) & 1)
        printf("%s %d %s", color ? fish_color[fish] : "", fish, color ? color_reset : "");
    else
        printf(" . ");
}

/* One x unit is 2 characters and neighbours in a row are 2 units apart, so
 * a cell takes 4 characters (3 drawn, 1 gap) and every other row is shifted
 * by half a cell. */
static void draw_board(const packeis_game *game, int color)
{
    int min_x, min_y, max_x, max_y;
    check(packeis_game_layout_bounds(game, &min_x, &min_y, &max_x, &max_y), "layout bounds");
    uint64_t floes = packeis_game_floes(game);
    for (int y = min_y; y <= max_y; y++) {
        printf("%c  ", 'a' + (y - min_y)); /* row labels as in move names */
        int column = 0;                    /* characters printed on this line after the label */
        for (int x = min_x; x <= max_x; x++) {
            int cell = packeis_game_cell_at(game, x, y);
            if (cell < 0)
                continue;
            printf("%*s", 2 * (x - min_x) - column, "");
            draw_cell(game, cell, floes, color);
            column = 2 * (x - min_x) + 3;
        }
        printf("\n");
    }
}

static void draw_scores(const packeis_game *game, int players)
{
    for (int p = 0; p < players; p++)
        printf("%s%c: %d fish, %d floes%s", p ? "   " : "", 'A' + p,
               packeis_game_fish_won(game, p), packeis_game_floes_won(game, p),
               packeis_game_is_out(game, p) ? " (out)" : "");
    printf("\n\n");
}

/* ---- players ----------------------------------------------------------- */

/* Player A is the library of players' greedy, the others its random player,
 * each seeded from the demo's seed, so a seed replays the same game. */
static void make_players(packeis_player **seats, const struct config *cfg)
{
    for (int p = 0; p < cfg->players; p++)
        if (packeis_player_new(p == 0 ? "greedy" : "random", cfg->seed + (uint64_t)p,
                               &seats[p]) != 0) {
            fprintf(stderr, "demo: cannot make the players (out of memory)\n");
            exit(1);
        }
}

static packeis_move choose_move(packeis_player *seat, const packeis_game *game)
{
    packeis_move move = PACKEIS_MOVE_NONE;
    check(packeis_player_choose(seat, game, NULL, &move, NULL), "choose a move");
    return move;
}

/* ---- the game ---------------------------------------------------------- */

static int count_cells(uint64_t set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

static int fish_of(const packeis_game *game, uint64_t set)
{
    int fish = 0;
    for (int c = 0; set; c++, set >>= 1)
        if (set & 1)
            fish += packeis_game_fish(game, c);
    return fish;
}

/* The names of a set of cells, " a1 b3 ...". */
static void print_cells(const packeis_game *game, uint64_t set)
{
    for (int c = 0; c < PACKEIS_MAX_CELLS; c++) {
        if (!((set >> c) & 1))
            continue;
        char name[PACKEIS_CELL_NAME_SIZE];
        size_t length;
        check(packeis_game_cell_name(game, c, name, sizeof name, &length), "cell name");
        printf(" %s", name);
    }
}

/* Tells what the last action did, from the library's record of it: the
 * move, the fish it won, the players it sent out (with the floes credited
 * to them) and the floes out of play that left with it. */
static void report_action(const packeis_game *game, packeis_move move, int players)
{
    size_t ply = packeis_game_ply_count(game) - 1; /* actions count from 0 */
    int mover = packeis_game_ply_player(game, ply);
    char text[PACKEIS_MOVE_TEXT_SIZE]; /* the library's notation: "b7", "c4-e5" */
    size_t length;
    check(packeis_game_format_move(game, move, text, sizeof text, &length), "format move");
    printf("%zu. %c %s %s", ply + 1, 'A' + mover,
           packeis_move_is_placement(move) ? "places a penguin on" : "slides", text);
    if (!packeis_move_is_placement(move)) {
        /* The floe slid from; if the mover went out with this action, the
         * floes under its penguins are credited to it too (below). */
        uint64_t left = packeis_game_ply_credited(game, ply, mover) &
                        (UINT64_C(1) << packeis_move_from(move));
        printf(", +%d fish", fish_of(game, left));
    }
    printf("\n");

    uint64_t credited = 0;
    for (int p = 0; p < players; p++)
        credited |= packeis_game_ply_credited(game, ply, p);
    unsigned out = packeis_game_ply_players_out(game, ply);
    for (int p = 0; p < players; p++) {
        if (!((out >> p) & 1))
            continue;
        uint64_t kept = packeis_game_ply_credited(game, ply, p);
        if (p == mover && !packeis_move_is_placement(move))
            kept &= ~(UINT64_C(1) << packeis_move_from(move));
        printf("   %c cannot move: out, its penguins leave with %d floe%s (+%d fish)\n",
               'A' + p, count_cells(kept), count_cells(kept) == 1 ? "" : "s",
               fish_of(game, kept));
    }
    uint64_t out_of_play = packeis_game_ply_removed(game, ply) & ~credited;
    if (out_of_play) {
        printf("   out of play, removed:");
        print_cells(game, out_of_play);
        printf("\n");
    }
}

static void play(packeis_game *game, const struct config *cfg)
{
    packeis_player *seats[PACKEIS_MAX_PLAYERS];
    make_players(seats, cfg);
    int turn;
    while ((turn = packeis_game_current_player(game)) >= 0) {
        packeis_move move = choose_move(seats[turn], game);
        check(packeis_game_apply(game, move), "apply");
        int over = packeis_game_phase(game) == PACKEIS_PHASE_OVER;
        if (!cfg->quiet || over) {
            report_action(game, move, cfg->players);
            draw_board(game, cfg->color);
            draw_scores(game, cfg->players);
        }
    }
    for (int p = 0; p < cfg->players; p++)
        packeis_player_free(seats[p]);
}

static void print_standings(const packeis_game *game, int players)
{
    printf("Final standings\n");
    for (int place = 1; place <= players; place++)
        for (int p = 0; p < players; p++)
            if (packeis_game_rank(game, p) == place)
                printf("  %d. player %c  %2d fish  %2d floes\n", place, 'A' + p,
                       packeis_game_fish_won(game, p), packeis_game_floes_won(game, p));
    unsigned winners = packeis_game_winners(game);
    int shared = (winners & (winners - 1)) != 0;
    printf("%s", shared ? (players == 2 ? "Draw:" : "Shared victory:") : "Winner:");
    for (int p = 0; p < players; p++)
        if ((winners >> p) & 1)
            printf(" %c", 'A' + p);
    printf("\n");
}

/* ---- files ------------------------------------------------------------ */

static void fail_file(const char *path, const char *what)
{
    fprintf(stderr, "demo: %s: %s\n", path, what);
    exit(EXIT_FAILURE);
}

/* The whole file, NUL-terminated; the caller frees it. */
static char *read_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        fail_file(path, strerror(errno));
    char *text = NULL;
    size_t size = 0, got = 0;
    do {
        size = size ? 2 * size : 4096;
        if (!(text = realloc(text, size + 1)))
            fail_file(path, "out of memory");
        got += fread(text + got, 1, size - got, file);
    } while (got == size);
    fclose(file);
    text[got] = '\0';
    *length = got;
    return text;
}

/* A layout picture file as the board; a fault is reported at its line and
 * column. */
static void load_layout(packeis_options *options, const char *path)
{
    size_t length, stop = 0, line = 1, column = 1;
    char *text = read_file(path, &length);
    packeis_status status = packeis_options_set_layout_picture(options, text, length, &stop);
    for (size_t i = 0; i < stop; i++, column++)
        if (text[i] == '\n')
            line++, column = 0;
    free(text);
    if (status != PACKEIS_OK) {
        fprintf(stderr, "demo: %s:%zu:%zu: %s (%s)\n", path, line, column,
                packeis_strerror(status), status_name(status));
        exit(EXIT_FAILURE);
    }
}

static void save_record(const packeis_game *game, const char *path)
{
    size_t length;
    packeis_status status = packeis_game_save_record(game, NULL, 0, &length);
    if (status != PACKEIS_E_BUFFER_TOO_SMALL)
        check(status, "save record");
    char *text = malloc(length + 1);
    if (!text)
        fail_file(path, "out of memory");
    check(packeis_game_save_record(game, text, length + 1, &length), "save record");
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(text, 1, length, file) != length || fclose(file) != 0)
        fail_file(path, strerror(errno));
    free(text);
}

int main(int argc, char **argv)
{
    struct config cfg = parse_args(argc, argv);
    packeis_options *options;
    packeis_game *game;
    check(packeis_options_new(NULL, &options), "options");
    check(packeis_options_set_players(options, cfg.players), "players");
    check(packeis_options_set_seed(options, cfg.seed), "seed");
    if (cfg.layout)
        load_layout(options, cfg.layout);
    check(packeis_game_new(options, &game), "new game");
    packeis_options_free(options);

    printf("libpackeis %s, seed %" PRIu64 ", %d players (A greedy, others random)\n\n",
           packeis_version_string(), cfg.seed, cfg.players);
    draw_board(game, cfg.color);
    printf("\n");
    play(game, &cfg);
    print_standings(game, cfg.players);
    if (cfg.record)
        save_record(game, cfg.record);
    packeis_game_free(game);
    return 0;
}
