/* SPDX-License-Identifier: MIT */
/* session_commands.c: what the commands of the prompt do
 * (session_commands.h). */
#include "session_commands.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "board_view.h"
#include "game_text.h"
#include "move_input.h"
#include "record_file.h"
#include "seats_file.h"
#include "session_review.h"
#include "text_file.h"

/* Lines of `moves` are wrapped at this width. */
#define LIST_WIDTH 76

static void say_error(session *s, const char *text)
{
    fprintf(s->out, "%s%s%s\n", s->st->error, text, s->st->reset);
}

static int game_is_over(session *s)
{
    if (packeis_game_phase(s->game) != PACKEIS_PHASE_OVER)
        return 0;
    say_error(s, "The game is over: review, new, undo, save FILE, load FILE or quit.");
    return 1;
}

/* ---- moves ------------------------------------------------------------- */

/* Prints words, wrapping lines; `indent` starts every line after the first. */
static void list_word(session *s, const char *word, int *column, int indent)
{
    int length = (int)strlen(word);
    if (*column + 1 + length > LIST_WIDTH) {
        fprintf(s->out, "\n%*s", indent, "");
        *column = indent;
    }
    fprintf(s->out, " %s", word);
    *column += 1 + length;
}

/* The moves whose origin is `from` (-1: every move), one line per origin. */
static void list_moves(session *s, int from)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count = 0;
    if (packeis_game_legal_moves(s->game, moves, PACKEIS_MAX_MOVES, &count) != PACKEIS_OK)
        count = 0;
    int placement = packeis_game_phase(s->game) == PACKEIS_PHASE_PLACEMENT;
    int origin = -2, column = 0, listed = 0;
    char text[PACKEIS_MOVE_TEXT_SIZE];
    if (placement) {
        fputs("Place a penguin on:", s->out);
        column = 19;
    }
    for (size_t i = 0; i < count; i++) {
        int f = packeis_move_from(moves[i]);
        if (!placement && from >= 0 && f != from)
            continue;
        if (!placement && f != origin) {
            origin = f;
            fprintf(s->out, "%s%s to:", listed ? "\n" : "",
                    move_text(s->game, packeis_move_placement(f), text));
            column = (int)strlen(text) + 4;
        }
        list_word(s,
                  move_text(s->game, packeis_move_placement(packeis_move_to(moves[i])), text),
                  &column, placement ? 19 : 4);
        listed++;
    }
    fprintf(s->out, "\n%d legal move%s", listed, listed == 1 ? "" : "s");
    fputs(placement || listed == 0 ? ".\n" : " (write a slide FROM-TO, such as c4-e5).\n",
          s->out);
}

/* `moves CELL`: where the penguin there can go, also drawn on the board. */
static void moves_of(session *s, const char *name)
{
    char typed[PACKEIS_CELL_NAME_SIZE + 1];
    size_t length = strlen(name), stop = 0;
    int cell;
    for (size_t i = 0; i < length && i < sizeof typed - 1; i++)
        typed[i] = (char)tolower((unsigned char)name[i]);
    typed[length < sizeof typed - 1 ? length : sizeof typed - 1] = '\0';
    if (length >= sizeof typed ||
        packeis_game_parse_cell(s->game, typed, strlen(typed), &cell, &stop) != PACKEIS_OK ||
        stop != strlen(typed)) {
        fprintf(s->out, "%s'%.20s' is not a floe of this board%s\n", s->st->error, name,
                s->st->reset);
        return;
    }
    int current = packeis_game_current_player(s->game);
    if (packeis_game_phase(s->game) != PACKEIS_PHASE_MOVEMENT ||
        packeis_game_penguin_at(s->game, cell) != current) {
        fprintf(s->out, "%sNo penguin of %c can move from %s now.%s\n", s->st->error,
                'A' + current, typed, s->st->reset);
        return;
    }
    fputc('\n', s->out);
    if (board_draw(s->out, s->game, s->st, packeis_game_destinations(s->game, cell)) ==
        PACKEIS_OK)
        fprintf(s->out, "(+n+: where the penguin on %s can go)\n", typed);
    s->board_shown = 1; /* the board with its marks stays on screen */
    list_moves(s, cell);
}

static int move_command(session *s, const char *text)
{
    if (game_is_over(s))
        return 0;
    packeis_move move;
    char why[512];
    if (move_read(s->game, text, &move, why, sizeof why) != PACKEIS_OK) {
        say_error(s, why);
        return 0;
    }
    /* The shortcut of a lone floe during movement is said, not taken in
     * silence: which penguin slides is the game's choice. */
    if (packeis_game_phase(s->game) == PACKEIS_PHASE_MOVEMENT && !strpbrk(text, "- \t")) {
        char slide[PACKEIS_MOVE_TEXT_SIZE];
        size_t length;
        if (packeis_game_format_move(s->game, move, slide, sizeof slide, &length) == PACKEIS_OK)
            fprintf(s->out, "%s: the only slide there, %s.\n", text, slide);
    }
    return session_play(s, move) == PACKEIS_OK ? 0 : -1;
}

static void hint(session *s)
{
    if (game_is_over(s))
        return;
    char why[REASON_SIZE];
    if (!s->hint_open) {
        time_control tc = seat_time_control(&s->hint_spec);
        if (seat_open(&s->hint, &s->hint_spec.who, s->seed ^ UINT64_C(0x68696e74), &tc, why) !=
            FORFEIT_NONE) {
            fprintf(s->out, "%sNo hint: %s%s\n", s->st->error, why, s->st->reset);
            return;
        }
        s->hint_open = 1;
    }
    packeis_move move;
    if (s->terminal) {
        fprintf(s->out, "%s is thinking...", s->hint_spec.who.label);
        fflush(s->out);
    }
    forfeit f = session_ask(s, &s->hint, &s->hint_spec, &move, why);
    if (s->terminal)
        fputs("\r\033[K", s->out); /* the note goes: the hint replaces it */
    if (f != FORFEIT_NONE) {
        fprintf(s->out, "%sNo hint: %s%s\n", s->st->error, why, s->st->reset);
        seat_close(&s->hint);
        s->hint_open = 0;
        return;
    }
    char text[PACKEIS_MOVE_TEXT_SIZE];
    fprintf(s->out, "Hint from %s: %s%s%s\n", s->hint_spec.who.label, s->st->strong,
            move_text(s->game, move, text), s->st->reset);
}

/* ---- undo and redo ----------------------------------------------------- */

static void undo(session *s)
{
    int human[PACKEIS_MAX_PLAYERS] = {0};
    for (int p = 0; p < s->players; p++)
        human[p] = s->spec[p].kind == SEAT_HUMAN;
    size_t plies = packeis_game_ply_count(s->game), keep = undo_target(s->game, human);
    if (keep == (size_t)-1) {
        say_error(s, plies ? "Nothing to undo: no person has played yet."
                           : "Nothing to undo: the game has just begun.");
        return;
    }
    fputs("Taken back:", s->out);
    for (size_t ply = keep; ply < plies; ply++) {
        char text[PACKEIS_MOVE_TEXT_SIZE];
        int p = packeis_game_ply_player(s->game, ply);
        fprintf(s->out, " %zu. %s%c%s %s", ply + 1, s->st->player[p], 'A' + p, s->st->reset,
                move_text(s->game, ply_move(s->game, ply), text));
    }
    fputc('\n', s->out);
    if (packeis_game_undo_to(s->game, keep) != PACKEIS_OK)
        say_error(s, "undo failed");
    s->unsaved = 1;
    s->board_shown = 0;
}

static void redo(session *s)
{
    if (packeis_game_redo_count(s->game) == 0) {
        say_error(s, "Nothing to redo.");
        return;
    }
    do {
        if (packeis_game_redo(s->game) != PACKEIS_OK)
            break;
        ply_notice(s->out, s->game, packeis_game_ply_count(s->game) - 1, &s->labels, s->st);
    } while (packeis_game_redo_count(s->game) > 0 &&
             packeis_game_phase(s->game) != PACKEIS_PHASE_OVER &&
             s->spec[packeis_game_current_player(s->game)].kind != SEAT_HUMAN);
    s->unsaved = 1;
    s->board_shown = 0;
}

/* ---- files ------------------------------------------------------------- */

int session_save(session *s, const char *path, char *why, size_t why_size)
{
    if (record_file_save(path, s->game, why, why_size) != 0 ||
        seats_file_save(path, s->spec, s->players, why, why_size) != 0)
        return -1;
    s->unsaved = 0;
    return 0;
}

static void save(session *s, const char *path)
{
    char why[512];
    if (session_save(s, path, why, sizeof why) != 0) {
        fprintf(s->out, "%sNot saved: %s%s\n", s->st->error, why, s->st->reset);
        return;
    }
    size_t plies = packeis_game_ply_count(s->game);
    fprintf(s->out, "Saved the game (%zu action%s) to %s, its seats to %s.seats.\n", plies,
            plies == 1 ? "" : "s", path, path);
}

void session_leave(session *s, int end_of_input)
{
    const char *how = end_of_input ? "\nend of input: " : "";
    if (!s->unsaved || packeis_game_ply_count(s->game) == 0 ||
        packeis_game_phase(s->game) == PACKEIS_PHASE_OVER) {
        fprintf(s->out, "%sgoodbye\n", how);
        return;
    }
    char why[512];
    if (session_save(s, RECORD_FILE_RECOVERY, why, sizeof why) == 0)
        fprintf(s->out,
                "%sthe game was not saved: it is kept in %s "
                "(packeis-play --load %s goes on with it)\n",
                how, RECORD_FILE_RECOVERY, RECORD_FILE_RECOVERY);
    else
        fprintf(s->out, "%s%sthe game was not saved, and cannot be kept: %s%s\n", how,
                s->st->error, why, s->st->reset);
}

static void load(session *s, const char *path)
{
    char why[512];
    packeis_game *game;
    if (record_file_load(path, &game, why, sizeof why) != 0) {
        fprintf(s->out, "%sNot loaded: %s%s\n", s->st->error, why, s->st->reset);
        return;
    }
    if (packeis_game_player_count(game) != s->players) {
        fprintf(s->out, "%sNot loaded: %s is a game of %d players, this one has %d seats.%s\n",
                s->st->error, path, packeis_game_player_count(game), s->players, s->st->reset);
        packeis_game_free(game);
        return;
    }
    packeis_game_free(s->game);
    s->game = game;
    s->unsaved = 0;
    size_t plies = packeis_game_ply_count(game);
    fprintf(s->out, "Loaded %s (%zu action%s).\n", path, plies, plies == 1 ? "" : "s");
    if (session_restart_seats(s, why) != 0)
        fprintf(s->out, "%s%s%s\n", s->st->error, why, s->st->reset);
    s->board_shown = 0;
}

/* `new [SEED]`: the game starts again on a new standard board (a custom
 * board stays), the computers forget the old game. */
static void new_game(session *s, const char *argument)
{
    uint64_t seed = session_seed_from_clock();
    if (argument[0]) {
        char *end;
        errno = 0;
        unsigned long long value = strtoull(argument, &end, 10);
        int digits = argument[0] >= '0' && argument[0] <= '9' && *end == '\0';
        if (digits && errno == ERANGE) {
            fprintf(s->out, "%snew: the seed %.40s is too large (at most %llu)%s\n",
                    s->st->error, argument, ULLONG_MAX, s->st->reset);
            return;
        }
        if (!digits || errno != 0) {
            fprintf(s->out, "%snew: the seed is a whole number, not '%.40s'%s\n", s->st->error,
                    argument, s->st->reset);
            return;
        }
        seed = (uint64_t)value;
    }
    if (packeis_game_reset(s->game, seed) != PACKEIS_OK) {
        say_error(s, "new: the game cannot start again");
        return;
    }
    s->board_seed = seed;
    s->seed = seed;
    s->unsaved = 0;
    session_tell_seed(s);
    char why[REASON_SIZE];
    if (session_restart_seats(s, why) != 0)
        fprintf(s->out, "%s%s%s\n", s->st->error, why, s->st->reset);
    s->board_shown = 0;
}

packeis_status session_read_layout(packeis_options *options, const char *path, char *why,
                                   size_t why_size)
{
    size_t length, stop = 0;
    char *text = text_file_read(path, 1 << 20, &length, why, why_size);
    if (!text)
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_status status = packeis_options_set_layout_picture(options, text, length, &stop);
    if (status != PACKEIS_OK) {
        size_t line, column;
        text_file_where(text, stop <= length ? stop : length, &line, &column);
        snprintf(why, why_size, "%s:%zu:%zu: %s", path, line, column, packeis_strerror(status));
    }
    free(text);
    return status;
}

/* ---- the commands ------------------------------------------------------ */

int session_command(session *s, command c)
{
    switch (c.kind) {
    case COMMAND_EMPTY:
        return 0;
    case COMMAND_MOVE:
        return move_command(s, c.argument);
    case COMMAND_MOVES:
        if (!game_is_over(s)) {
            if (c.argument[0])
                moves_of(s, c.argument);
            else
                list_moves(s, -1);
        }
        return 0;
    case COMMAND_HINT:
        hint(s);
        return 0;
    case COMMAND_UNDO:
        undo(s);
        return 0;
    case COMMAND_REDO:
        redo(s);
        return 0;
    case COMMAND_SAVE:
        save(s, c.argument);
        return 0;
    case COMMAND_LOAD:
        load(s, c.argument);
        return 0;
    case COMMAND_BOARD:
        session_show(s);
        return 0;
    case COMMAND_NEW:
        new_game(s, c.argument);
        return 0;
    case COMMAND_REVIEW:
        session_review(s, c.argument);
        return 0;
    case COMMAND_HELP:
        fputs(command_help(), s->out);
        return 0;
    case COMMAND_QUIT:
        session_leave(s, 0);
        return 1;
    case COMMAND_MISSING:
        fprintf(s->out, "%s%s needs a file name: %s FILE%s\n", s->st->error, c.argument,
                c.argument, s->st->reset);
        return 0;
    case COMMAND_EXTRA:
        fprintf(s->out, "%s%s takes no argument%s\n", s->st->error, c.argument, s->st->reset);
        return 0;
    }
    return 0;
}
