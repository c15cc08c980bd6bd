/* SPDX-License-Identifier: MIT */
/*
 * demo: plays one game of Packeis am Pol between computer players and draws
 * the board after every action.
 *
 *   demo [--seed N] [--players 2..4] [--layout FILE] [--record FILE]
 *        [--no-color] [--quiet]
 *
 * Player A (0) is greedy, the others play uniformly random legal moves. The
 * seed shuffles the board and drives the random players, so a given seed
 * always replays the same game. --layout plays on the board drawn in a
 * layout picture file (packeis_options_set_layout_picture()); --record
 * saves the game record at the end (packeis_game_save_record()), which the
 * replay example loads. Only the public API <packeis/packeis.h> is used.
 */
#include <packeis/packeis.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct config {
    uint64_t seed;
    int players;
    int color;
    int quiet;
    const char *layout; /* a layout picture file, or NULL */
    const char *record; /* where to save the record, or NULL */
};

static const char *const player_color[PACKEIS_MAX_PLAYERS] = {"\033[1;31m", "\033[1;34m",
                                                              "\033[1;32m", "\033[1;35m"};
static const char *const fish_color[4] = {"", "\033[36m", "\033[96m", "\033[1;97m"};
static const char *const color_reset = "\033[0m";

/* ---- errors and arguments ---------------------------------------------- */

static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "demo: %s: %s\n", what, packeis_strerror(status));
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

static int parse_u64(const char *text, uint64_t *value)
{
    char *end;
    errno = 0;
    if (text[0] < '0' || text[0] > '9')
        return 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0')
        return 0;
    *value = (uint64_t)v;
    return 1;
}

static void bad_args(const char *message, const char *arg)
{
    fprintf(stderr, "demo: %s%s\n", message, arg);
    usage(stderr);
    exit(2);
}

static struct config parse_args(int argc, char **argv)
{
    struct config cfg = {1, 2, isatty(STDOUT_FILENO), 0, NULL, NULL};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        uint64_t v;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(arg, "--no-color") == 0) {
            cfg.color = 0;
        } else if (strcmp(arg, "--quiet") == 0) {
            cfg.quiet = 1;
        } else if (strcmp(arg, "--layout") == 0 || strcmp(arg, "--record") == 0) {
            if (i + 1 >= argc)
                bad_args("missing file after ", arg);
            *(arg[2] == 'l' ? &cfg.layout : &cfg.record) = argv[++i];
        } else if (strcmp(arg, "--seed") == 0 || strcmp(arg, "--players") == 0) {
            if (i + 1 >= argc)
                bad_args("missing value after ", arg);
            if (!parse_u64(argv[++i], &v))
                bad_args("not a non-negative integer: ", argv[i]);
            if (arg[2] == 's')
                cfg.seed = v;
            else if (v < PACKEIS_MIN_PLAYERS || v > PACKEIS_MAX_PLAYERS)
                bad_args("--players must be 2, 3 or 4, not ", argv[i]);
            else
                cfg.players = (int)v;
        } else {
            bad_args("unknown argument: ", arg);
        }
    }
    return cfg;
}

/* ---- drawing ----------------------------------------------------------- */

/* Board extent in doubled-width coordinates. */
struct extent {
    int min_x, max_x, min_y, max_y;
};

static struct extent board_extent(const packeis_game *game, int cells)
{
    struct extent e = {0, 0, 0, 0};
    for (int c = 0; c < cells; c++) {
        int x, y;
        check(packeis_game_cell_coords(game, c, &x, &y), "cell coordinates");
        if (c == 0 || x < e.min_x)
            e.min_x = x;
        if (c == 0 || x > e.max_x)
            e.max_x = x;
        if (c == 0 || y < e.min_y)
            e.min_y = y;
        if (c == 0 || y > e.max_y)
            e.max_y = y;
    }
    return e;
}

/* One floe as three visible characters: " 2 " (free, 2 fish), "[A]" (a
 * penguin of player A) or " . " (the floe has left the board). */
static void draw_cell(const packeis_game *game, int cell, int color)
{
    int present, owner, fish;
    check(packeis_game_floe_present(game, cell, &present), "floe present");
    check(packeis_game_penguin_at(game, cell, &owner), "penguin at");
    check(packeis_game_fish(game, cell, &fish), "fish");
    if (owner >= 0)
        printf("%s[%c]%s", color ? player_color[owner] : "", 'A' + owner,
               color ? color_reset : "");
    else if (present)
        printf("%s %d %s", color ? fish_color[fish] : "", fish, color ? color_reset : "");
    else
        printf(" . ");
}

/* One x unit is 2 characters and neighbours in a row are 2 units apart, so
 * a cell takes 4 characters (3 drawn, 1 gap) and every other row is shifted
 * by half a cell. */
static void draw_board(const packeis_game *game, int color)
{
    int cells;
    check(packeis_game_cell_count(game, &cells), "cell count");
    struct extent e = board_extent(game, cells);
    for (int y = e.min_y; y <= e.max_y; y++) {
        printf("%c  ", 'a' + (y - e.min_y)); /* row labels as in move names */
        int column = 0; /* characters printed on this line after the label */
        for (int x = e.min_x; x <= e.max_x; x++) {
            int cell;
            check(packeis_game_cell_at(game, x, y, &cell), "cell at");
            if (cell < 0)
                continue;
            printf("%*s", 2 * (x - e.min_x) - column, "");
            draw_cell(game, cell, color);
            column = 2 * (x - e.min_x) + 3;
        }
        printf("\n");
    }
}

static void draw_scores(const packeis_game *game, int players)
{
    for (int p = 0; p < players; p++) {
        int fish, floes, out;
        check(packeis_game_score(game, p, &fish, &floes), "score");
        check(packeis_game_is_out(game, p, &out), "is out");
        printf("%s%c: %d fish, %d floes%s", p ? "   " : "", 'A' + p, fish, floes,
               out ? " (out)" : "");
    }
    printf("\n\n");
}

/* ---- players ----------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int fish_on(const packeis_game *game, int cell)
{
    int fish;
    check(packeis_game_fish(game, cell, &fish), "fish");
    return fish;
}

/* Fish on the present floes around a cell. */
static int fish_around(const packeis_game *game, int cell)
{
    int total = 0;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        int next, present = 0;
        check(packeis_game_neighbor(game, cell, d, &next), "neighbor");
        if (next >= 0)
            check(packeis_game_floe_present(game, next, &present), "floe present");
        if (present)
            total += fish_on(game, next);
    }
    return total;
}

/* Greedy: place where most fish are around; slide away from the richest
 * floe, onto the richest destination. Ties go to the first move in the
 * library's fixed order, so the choice is deterministic. */
static int greedy_value(const packeis_game *game, packeis_move move)
{
    int to = packeis_move_to(move);
    if (packeis_move_is_placement(move))
        return fish_around(game, to);
    return 4 * fish_on(game, packeis_move_from(move)) + fish_on(game, to);
}

static packeis_move choose_move(const packeis_game *game, int player, uint64_t *rng)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "legal moves");
    if (count == 0)
        return PACKEIS_MOVE_NONE;
    if (player != 0)
        return moves[splitmix64(rng) % count];
    size_t best = 0;
    for (size_t i = 1; i < count; i++)
        if (greedy_value(game, moves[i]) > greedy_value(game, moves[best]))
            best = i;
    return moves[best];
}

/* ---- the game ---------------------------------------------------------- */

static uint32_t out_mask(const packeis_game *game, int players)
{
    uint32_t mask = 0;
    for (int p = 0; p < players; p++) {
        int out;
        check(packeis_game_is_out(game, p, &out), "is out");
        mask |= out ? UINT32_C(1) << p : 0;
    }
    return mask;
}

static void report_action(const packeis_game *game, int player, packeis_move move, size_t ply,
                          uint32_t new_out, int players)
{
    char text[48]; /* the library's notation: "b7" places, "c4-e5" slides */
    size_t length;
    check(packeis_game_format_move(game, move, text, sizeof text, &length), "format move");
    printf("%zu. %c %s %s\n", ply, 'A' + player,
           packeis_move_is_placement(move) ? "places a penguin on" : "slides", text);
    for (int p = 0; p < players; p++)
        if (new_out & (UINT32_C(1) << p))
            printf("   %c cannot move: out\n", 'A' + p);
}

static void play(packeis_game *game, const struct config *cfg)
{
    uint64_t rng = cfg->seed ^ 0x5DEECE66Du;
    int player, over;
    check(packeis_game_is_over(game, &over), "is over");
    while (!over) {
        uint32_t was_out = out_mask(game, cfg->players);
        check(packeis_game_current_player(game, &player), "current player");
        packeis_move move = choose_move(game, player, &rng);
        check(packeis_game_apply(game, move), "apply");
        size_t ply;
        check(packeis_game_ply_count(game, &ply), "ply count");
        check(packeis_game_is_over(game, &over), "is over");
        uint32_t new_out = out_mask(game, cfg->players) & ~was_out;
        if (!cfg->quiet || over) {
            report_action(game, player, move, ply, new_out, cfg->players);
            draw_board(game, cfg->color);
            draw_scores(game, cfg->players);
        }
    }
}

static void print_standings(const packeis_game *game, int players)
{
    printf("Final standings\n");
    for (int place = 1; place <= players; place++) {
        for (int p = 0; p < players; p++) {
            int rank, fish, floes;
            check(packeis_game_rank(game, p, &rank), "rank");
            check(packeis_game_score(game, p, &fish, &floes), "score");
            if (rank == place)
                printf("  %d. player %c  %2d fish  %2d floes\n", rank, 'A' + p, fish, floes);
        }
    }
    uint32_t winners;
    check(packeis_game_winners(game, &winners), "winners");
    int shared = (winners & (winners - 1)) != 0;
    printf("%s", shared ? (players == 2 ? "Draw:" : "Shared victory:") : "Winner:");
    for (int p = 0; p < players; p++)
        if (winners & (UINT32_C(1) << p))
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
        fprintf(stderr, "demo: %s:%zu:%zu: %s\n", path, line, column, packeis_strerror(status));
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
