/* SPDX-License-Identifier: MIT */
/* session.c: starting a sitting, its seats, and the loop of turns
 * (session.h); the commands are in session_commands.c. */
#define _POSIX_C_SOURCE 200809L

#include "session.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board_view.h"
#include "command.h"
#include "input.h"
#include "record_file.h"
#include "session_commands.h"

/* ---- seats ------------------------------------------------------------- */

static int is_human(const session *s, int p) { return s->spec[p].kind == SEAT_HUMAN; }

/* Opens the computer seats, each with a seed of its own. 0, or -1 with the
 * reason for the first that fails. */
static int open_seats(session *s, char *why)
{
    for (int p = 0; p < s->players; p++) {
        if (is_human(s, p) || s->open[p])
            continue;
        time_control tc = seat_time_control(&s->spec[p]);
        if (seat_open(&s->seats[p], &s->spec[p].who, s->seed * 4 + (uint64_t)p + 1, &tc, why) !=
            FORFEIT_NONE)
            return -1;
        s->open[p] = 1;
    }
    return 0;
}

static void close_seats(session *s)
{
    for (int p = 0; p < s->players; p++)
        if (s->open[p]) {
            seat_close(&s->seats[p]);
            s->open[p] = 0;
        }
    if (s->hint_open) {
        seat_close(&s->hint);
        s->hint_open = 0;
    }
}

/* A new game begins for the computers (after load): they forget the old. */
int session_restart_seats(session *s, char *why)
{
    close_seats(s);
    return open_seats(s, why);
}

static void set_labels(session *s)
{
    for (int p = 0; p < s->players; p++)
        s->labels.label[p] =
            is_human(s, p) ? (s->humans == 1 ? "you" : "person") : s->spec[p].who.label;
}

/* ---- the game ---------------------------------------------------------- */

static packeis_status new_game(const config *cfg, packeis_game **game, char *why, size_t size)
{
    packeis_options *options;
    packeis_status status = packeis_options_new(NULL, &options);
    if (status != PACKEIS_OK)
        return status;
    status = packeis_options_set_players(options, cfg->players);
    if (status == PACKEIS_OK)
        status = packeis_options_set_penguins(options, cfg->penguins);
    if (status == PACKEIS_OK)
        status = packeis_options_set_seed(options, cfg->seed);
    for (int v = 0; v < PACKEIS_VARIANT_COUNT && status == PACKEIS_OK; v++)
        status = packeis_options_set_variant(options, v, cfg->variant[v]);
    if (status == PACKEIS_OK && cfg->layout)
        status = session_read_layout(options, cfg->layout, why, size);
    if (status == PACKEIS_OK)
        status = packeis_game_new(options, game);
    packeis_options_free(options);
    return status;
}

int session_start(session *s, const config *cfg, const style *st, int terminal, FILE *in,
                  FILE *out)
{
    memset(s, 0, sizeof *s);
    s->players = cfg->players;
    s->st = st;
    s->terminal = terminal;
    s->in = in;
    s->out = out;
    s->seed = cfg->seed;
    s->board_seed = cfg->seed;
    s->hint_spec = cfg->hint;
    for (int p = 0; p < s->players; p++) {
        s->spec[p] = cfg->seats[p];
        s->humans += is_human(s, p);
    }
    set_labels(s);
    char why[512] = "";
    if (cfg->load) {
        if (record_file_load(cfg->load, &s->game, why, sizeof why) != 0) {
            fprintf(stderr, "packeis-play: %s\n", why);
            return 1;
        }
        if (packeis_game_player_count(s->game) != s->players) {
            fprintf(stderr, "packeis-play: %s is a game of %d players, not %d\n", cfg->load,
                    packeis_game_player_count(s->game), s->players);
            return 1;
        }
    } else {
        packeis_status status = new_game(cfg, &s->game, why, sizeof why);
        if (status != PACKEIS_OK) {
            fprintf(stderr, "packeis-play: %s\n", why[0] ? why : packeis_strerror(status));
            return 1;
        }
    }
    if (open_seats(s, why) != 0) {
        fprintf(stderr, "packeis-play: %s\n", why);
        return 1;
    }
    if (cfg->seats_missing)
        fprintf(out,
                "%s has no %s.seats beside it: the seats not given are people "
                "(--seat, --opponents and --engine seat others).\n",
                cfg->load, cfg->load);
    return 0;
}

void session_end(session *s)
{
    close_seats(s);
    packeis_game_free(s->game);
    s->game = NULL;
}

/* A board nobody has seen yet: the clock, mixed (SplitMix64's finalizer). */
uint64_t session_seed_from_clock(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t z =
        (uint64_t)now.tv_sec * 1000000007u + (uint64_t)now.tv_nsec + (uint64_t)getpid();
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (z ^ (z >> 31)) % 1000000; /* short enough to read out and type again */
}

void session_tell_seed(const session *s)
{
    if (packeis_game_is_standard_board(s->game))
        fprintf(s->out, "Packeis am Pol, seed %llu (--seed %llu plays this board again).\n",
                (unsigned long long)s->board_seed, (unsigned long long)s->board_seed);
    else
        fputs("Packeis am Pol, on a board of your own.\n", s->out);
}

/* ---- turns ------------------------------------------------------------- */

void session_show(session *s)
{
    fputc('\n', s->out);
    if (board_draw(s->out, s->game, s->st, 0) != PACKEIS_OK)
        fputs("(the board cannot be drawn)\n", s->out);
    scores_draw(s->out, s->game, &s->labels, s->st);
    s->board_shown = 1;
}

/* Plays a legal move and tells what it did. */
packeis_status session_play(session *s, packeis_move move)
{
    packeis_status status = packeis_game_apply(s->game, move);
    if (status != PACKEIS_OK)
        return status;
    ply_notice(s->out, s->game, packeis_game_ply_count(s->game) - 1, &s->labels, s->st);
    s->board_shown = 0;
    s->unsaved = 1;
    return PACKEIS_OK;
}

/* A seat whose engine failed is taken over by greedy, so the game goes on. */
static void replace_seat(session *s, int p, const char *reason)
{
    fprintf(s->out, "%s%c %s failed: %s%s\n", s->st->error, 'A' + p, s->spec[p].who.label,
            reason, s->st->reset);
    seat_close(&s->seats[p]);
    s->open[p] = 0;
    char why[REASON_SIZE];
    seat_spec fallback;
    if (seat_spec_parse("greedy", &fallback, why, sizeof why) == 0) {
        s->spec[p] = fallback;
        set_labels(s);
        time_control tc = seat_time_control(&s->spec[p]);
        /* The seat keeps a pointer to its participant: the session's copy,
         * not the local one, which dies with this call. */
        s->open[p] =
            seat_open(&s->seats[p], &s->spec[p].who, s->seed, &tc, why) == FORFEIT_NONE;
    }
    fprintf(s->out, "greedy plays seat %c from now on.\n", 'A' + p);
}

/* Asks a seat for its move. An engine gets the position as saved (every
 * engine reads those; after undo or load there is no history to replay). */
forfeit session_ask(session *s, seat *who, const seat_spec *spec, packeis_move *move, char *why)
{
    char position[PACKEIS_POSITION_TEXT_SIZE];
    size_t length;
    packeis_status status =
        packeis_game_save_position(s->game, position, sizeof position, &length);
    if (status != PACKEIS_OK) {
        snprintf(why, REASON_SIZE, "%s", packeis_strerror(status));
        return FORFEIT_ERROR;
    }
    time_control tc = seat_time_control(spec);
    return seat_move(who, s->game, position, "", &tc, move, why);
}

/* The computer to act plays. 0, or 1 if the library failed. */
static int computer_turn(session *s)
{
    int p = packeis_game_current_player(s->game);
    if (!s->open[p]) {
        replace_seat(s, p, "it is not running");
        if (!s->open[p])
            return 1;
    }
    if (s->terminal) {
        fprintf(s->out, "%c %s is thinking...", 'A' + p, s->labels.label[p]);
        fflush(s->out);
    }
    packeis_move move = PACKEIS_MOVE_NONE;
    char why[REASON_SIZE];
    forfeit f = session_ask(s, &s->seats[p], &s->spec[p], &move, why);
    if (s->terminal)
        fputs("\r\033[K", s->out); /* the note goes: the move replaces it */
    if (f != FORFEIT_NONE) {
        replace_seat(s, p, why);
        return 0; /* the new player moves next time round */
    }
    packeis_status status = session_play(s, move);
    if (status != PACKEIS_OK) {
        fprintf(stderr, "packeis-play: %s\n", packeis_strerror(status));
        return 1;
    }
    return 0;
}

static void prompt(session *s)
{
    int p = packeis_game_current_player(s->game);
    if (p < 0)
        fputs("game over (review, new, undo, save FILE, load FILE, quit) > ", s->out);
    else
        fprintf(s->out, "%s%c %s%s > ", s->st->player[p], 'A' + p, s->labels.label[p],
                s->st->reset);
    fflush(s->out);
}

static void game_over(session *s)
{
    if (!s->board_shown)
        session_show(s);
    fputc('\n', s->out);
    standings_draw(s->out, s->game, &s->labels, s->st);
    s->board_shown = 1;
}

/* Reads and carries out one line of the person at the keyboard. Returns 0
 * to go on, 1 to stop (quit or the end of input), -1 if the library failed. */
static int human_turn(session *s)
{
    if (!s->board_shown)
        session_show(s);
    prompt(s);
    char line[INPUT_LINE_MAX + 1];
    input_status got = input_read(s->in, line);
    if (got == INPUT_END) {
        session_leave(s, 1);
        return 1;
    }
    if (got == INPUT_TOO_LONG) {
        fprintf(s->out, "%sa line of more than %d characters: ignored%s\n", s->st->error,
                INPUT_LINE_MAX, s->st->reset);
        return 0;
    }
    return session_command(s, command_parse(line));
}

int session_run(session *s)
{
    /* A person sees the board before each of their turns; a game of
     * computers is watched from its start. */
    if (s->humans == 0)
        session_show(s);
    for (;;) {
        int over = packeis_game_phase(s->game) == PACKEIS_PHASE_OVER;
        int p = packeis_game_current_player(s->game);
        int result;
        if (over && !s->board_shown)
            game_over(s);
        if (over && s->humans == 0)
            return 0;
        if (!over && !is_human(s, p)) {
            if (computer_turn(s) != 0)
                return 1;
            if (s->humans == 0 && !s->board_shown &&
                packeis_game_phase(s->game) != PACKEIS_PHASE_OVER)
                session_show(s);
            continue;
        }
        result = human_turn(s);
        if (result != 0)
            return result < 0;
    }
}

size_t undo_target(const packeis_game *game, const int human[PACKEIS_MAX_PLAYERS])
{
    for (size_t ply = packeis_game_ply_count(game); ply-- > 0;) {
        int p = packeis_game_ply_player(game, ply);
        if (p >= 0 && human[p])
            return ply;
    }
    return (size_t)-1;
}
