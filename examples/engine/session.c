/* SPDX-License-Identifier: MIT */
/* session.c: the commands of the engine protocol (session.h). */
#define _POSIX_C_SOURCE 200809L /* getline, clock_gettime, pthreads */

#include "session.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "status_name.h"

/* A word of a command line: where it starts in the line, and its length. */
typedef struct word {
    const char *text;
    size_t length;
} word;

typedef struct command {
    const word *words;
    size_t count;
} command;

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static int word_is(const word *w, const char *text)
{
    return w->length == strlen(text) && memcmp(w->text, text, w->length) == 0;
}

/* The longest part of a command's word an error repeats. */
enum { PROTOCOL_ECHO_MAX = 200 };

/* An error reply for a command word, with a formatted reason. */
static void fail(const word *name, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void fail(const word *name, const char *format, ...)
{
    char reason[512], line[PROTOCOL_ECHO_MAX + sizeof reason + 16];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    int shown = name->length < PROTOCOL_ECHO_MAX ? (int)name->length : PROTOCOL_ECHO_MAX;
    snprintf(line, sizeof line, "error %.*s%s: %s", shown, name->text,
             name->length > (size_t)shown ? "..." : "", reason);
    /* It repeats the client's words: in printable ASCII (a message is one
     * line of ASCII: doc/protocol.md), any other byte shown as '?'. */
    for (char *at = line; *at; at++)
        if ((unsigned char)*at < 0x20 || (unsigned char)*at >= 0x7f)
            *at = '?';
    emit("%s", line);
}

/* A decimal number without sign or leading zero (the formats' syntax), up
 * to 18446744073709551615 (every 64-bit seed). 1 if it is one, 0 if it is
 * not a number, -1 if it is one too large for 64 bits. */
static int parse_count(const word *w, uint64_t *value)
{
    if (w->length == 0 || w->text[0] < '0' || w->text[0] > '9' ||
        (w->text[0] == '0' && w->length > 1))
        return 0;
    uint64_t v = 0;
    int too_large = 0;
    for (size_t i = 0; i < w->length; i++) {
        if (w->text[i] < '0' || w->text[i] > '9')
            return 0;
        uint64_t digit = (uint64_t)(w->text[i] - '0');
        if (v > (UINT64_MAX - digit) / 10)
            too_large = 1;
        v = v * 10 + digit;
    }
    if (too_large)
        return -1;
    *value = v;
    return 1;
}

/* ---- the handshake and options ----------------------------------------- */

static void print_option(const packeis_player_option *o)
{
    char range[96] = "";
    if (strcmp(o->type, "bool") != 0 && o->max > o->min)
        snprintf(range, sizeof range, " min %.*g max %.*g", 17, o->min, 17, o->max);
    emit("option name %s type %s default %s%s%s%s", o->name, o->type, o->default_value, range,
         o->description ? " description " : "", o->description ? o->description : "");
}

static void cmd_packeis(session *s, const command *c)
{
    if (c->count != 2 || !word_is(&c->words[1], "1")) {
        fail(&c->words[0], "protocol version 1 only (send 'packeis 1')");
        return;
    }
    emit("id name %s", packeis_player_name(s->player));
    emit("id author %s", s->author);
    size_t count;
    const packeis_player_option *options = packeis_player_options(s->player, &count);
    for (size_t i = 0; i < count; i++)
        print_option(&options[i]);
    emit("packeisok");
}

static void cmd_setoption(session *s, const command *c)
{
    const word *w = c->words;
    if (c->count < 5 || !word_is(&w[1], "name") || !word_is(&w[3], "value")) {
        fail(&w[0], "expected 'setoption name NAME value VALUE'");
        return;
    }
    char name[128], *value;
    if (w[2].length >= sizeof name) {
        fail(&w[0], "no option has so long a name");
        return;
    }
    memcpy(name, w[2].text, w[2].length);
    name[w[2].length] = '\0';
    /* The value is the rest of the line, blanks inside included. */
    size_t length = (size_t)(w[c->count - 1].text + w[c->count - 1].length - w[4].text);
    if (!(value = malloc(length + 1))) {
        fail(&w[0], "out of memory");
        return;
    }
    memcpy(value, w[4].text, length);
    value[length] = '\0';
    const char *why = "refused";
    if (packeis_player_set_option(s->player, name, value, &why) != 0)
        fail(&w[0], "%s: %s: '%s'", name, why ? why : "refused", value);
    free(value);
}

/* ---- position ---------------------------------------------------------- */

/* The 1-based line and column of an offset in a text. */
static void line_and_column(const char *text, size_t offset, size_t *line, size_t *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < offset; i++, (*column)++)
        if (text[i] == '\n')
            (*line)++, *column = 0;
}

/* Undoes the protocol's escape of a record (\n and \\) into a new text; NULL
 * with a reason on a bad escape or no memory. */
static char *unescape(const char *text, size_t length, size_t *out_length, const char **why)
{
    char *out = malloc(length + 1);
    size_t n = 0;
    *why = "out of memory";
    if (!out)
        return NULL;
    for (size_t i = 0; i < length; i++) {
        if (text[i] != '\\') {
            out[n++] = text[i];
        } else if (i + 1 < length && (text[i + 1] == 'n' || text[i + 1] == '\\')) {
            out[n++] = text[++i] == 'n' ? '\n' : '\\';
        } else {
            *why = "a backslash that starts neither \\n nor \\\\";
            free(out);
            return NULL;
        }
    }
    out[n] = '\0';
    *out_length = n;
    return out;
}

static packeis_game *load_record(const word *name, const char *text, size_t length)
{
    const char *why;
    size_t record_length, stop = 0, line, column;
    char *record = unescape(text, length, &record_length, &why);
    if (!record) {
        fail(name, "record: %s", why);
        return NULL;
    }
    packeis_game *game = NULL;
    packeis_status status = packeis_game_load_record(record, record_length, NULL, &game, &stop);
    if (status != PACKEIS_OK) {
        line_and_column(record, stop < record_length ? stop : record_length, &line, &column);
        fail(name, "record, line %zu column %zu: %s (%s)", line, column,
             packeis_strerror(status), status_name(status));
    }
    free(record);
    return game;
}

static packeis_game *load_saved_position(const word *name, const char *text, size_t length)
{
    packeis_game *game = NULL;
    size_t stop = 0;
    packeis_status status = packeis_game_load_position(text, length, NULL, &game, &stop);
    if (status != PACKEIS_OK)
        fail(name, "at character %zu: %s (%s)", stop + 1, packeis_strerror(status),
             status_name(status));
    return game;
}

/* `new [players N] [seed S]`: words[0] is "new". */
static packeis_game *new_game(const word *name, const word *words, size_t count)
{
    uint64_t players = 2, seed = 0, value;
    for (size_t i = 1; i < count; i += 2) {
        int is_players = word_is(&words[i], "players");
        int parsed = i + 1 < count ? parse_count(&words[i + 1], &value) : 0;
        if (parsed < 0) {
            fail(name, "new: %s %.*s is larger than 18446744073709551615",
                 is_players ? "players" : "seed", (int)words[i + 1].length, words[i + 1].text);
            return NULL;
        }
        if ((!is_players && !word_is(&words[i], "seed")) || parsed == 0) {
            fail(name, "expected 'new [players N] [seed S]'");
            return NULL;
        }
        *(is_players ? &players : &seed) = value;
    }
    if (players < PACKEIS_MIN_PLAYERS || players > PACKEIS_MAX_PLAYERS) {
        fail(name, "new: players must be 2, 3 or 4, not %" PRIu64, players);
        return NULL;
    }
    packeis_options *options;
    packeis_game *game = NULL;
    packeis_status status = packeis_options_new(NULL, &options);
    if (status == PACKEIS_OK) {
        status = packeis_options_set_players(options, (int)players);
        if (status == PACKEIS_OK)
            status = packeis_options_set_seed(options, seed);
        if (status == PACKEIS_OK)
            status = packeis_game_new(options, &game);
        packeis_options_free(options);
    }
    if (status != PACKEIS_OK)
        fail(name, "new: %s (%s)", packeis_strerror(status), status_name(status));
    return game;
}

/* Plays the moves after `moves`; 0 with an error reply at the first that
 * is malformed or illegal. */
static int play_moves(const word *name, packeis_game *game, const word *moves, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const word *w = &moves[i];
        packeis_move move;
        size_t stop = 0;
        packeis_status status = packeis_game_parse_move(
            game, w->text, w->length, PACKEIS_PARSE_CHECK_LEGAL, &move, &stop);
        if (status == PACKEIS_OK && stop != w->length)
            status = PACKEIS_E_MALFORMED_TEXT;
        if (status == PACKEIS_OK)
            status = packeis_game_apply(game, move);
        if (status != PACKEIS_OK) {
            fail(name, "move %zu '%.*s': %s (%s)", i + 1, (int)w->length, w->text,
                 packeis_strerror(status), status_name(status));
            return 0;
        }
    }
    return 1;
}

static void cmd_position(session *s, const command *c)
{
    const word *w = c->words;
    size_t end = 1; /* the word `moves`, or the end */
    while (end < c->count && !word_is(&w[end], "moves"))
        end++;
    if (end == 1) {
        fail(&w[0], "expected a saved position, 'record RECORD' or 'new'");
        return;
    }
    packeis_game *game;
    if (word_is(&w[1], "new")) {
        game = new_game(&w[0], &w[1], end - 1);
    } else if (word_is(&w[1], "record")) {
        const char *from = end > 2 ? w[2].text : w[1].text + w[1].length;
        game = load_record(&w[0], from, (size_t)(w[end - 1].text + w[end - 1].length - from));
    } else {
        game = load_saved_position(&w[0], w[1].text,
                                   (size_t)(w[end - 1].text + w[end - 1].length - w[1].text));
    }
    if (!game)
        return;
    if (end < c->count && !play_moves(&w[0], game, &w[end + 1], c->count - end - 1)) {
        packeis_game_free(game);
        return;
    }
    packeis_game_free(s->game);
    s->game = game;
}

/* ---- go, stop ---------------------------------------------------------- */

/* What `go` asks for: the limits, infinite, and the lines of multipv. */
typedef struct go_request {
    packeis_player_limits limits;
    int infinite;
    uint64_t multipv; /* 0: not asked for */
} go_request;

/* The number after `go`'s word at w[i] (nodes, movetime, multipv): 1, or 0
 * after an error reply for a missing, malformed, zero or too large one. */
static int read_go_number(const command *c, size_t i, uint64_t *value)
{
    const word *w = c->words;
    int read = i + 1 < c->count ? parse_count(&w[i + 1], value) : 0;
    if (read == 1 && *value > 0)
        return 1;
    fail(&w[0], "%.*s: %s: '%.*s'", (int)w[i].length, w[i].text,
         read < 0 ? "larger than 18446744073709551615" : "not a positive integer",
         i + 1 < c->count ? (int)w[i + 1].length : 0, i + 1 < c->count ? w[i + 1].text : "");
    return 0;
}

static int parse_go(const command *c, go_request *go)
{
    const word *w = c->words;
    memset(go, 0, sizeof *go);
    for (size_t i = 1; i < c->count; i++) {
        uint64_t value;
        if (word_is(&w[i], "infinite")) {
            go->infinite = 1;
            continue;
        }
        if (!word_is(&w[i], "nodes") && !word_is(&w[i], "movetime") &&
            !word_is(&w[i], "multipv")) {
            fail(&w[0], "unknown limit '%.*s' (nodes N, movetime MS, infinite, multipv K)",
                 (int)w[i].length, w[i].text);
            return 0;
        }
        if (!read_go_number(c, i, &value))
            return 0;
        if (word_is(&w[i], "nodes"))
            go->limits.nodes = value;
        else if (word_is(&w[i], "movetime"))
            go->limits.seconds = (double)value / 1000.0;
        else
            go->multipv = value;
        i++;
    }
    if (go->infinite && (go->limits.nodes || go->limits.seconds > 0)) {
        fail(&w[0], "infinite takes no other limit");
        return 0;
    }
    if (go->infinite)
        go->limits.seconds = 1e9; /* until stop: a limit, or the player would use its default */
    return 1;
}

static void cmd_go(session *s, const command *c)
{
    go_request go;
    if (!parse_go(c, &go))
        return;
    if (!go.infinite && go.limits.nodes == 0 && go.limits.seconds <= 0)
        go.limits = s->defaults;
    if (packeis_game_phase(s->game) == PACKEIS_PHASE_OVER) {
        fail(&c->words[0], "the game is over");
        return;
    }
    /* Refused whole, as every command it cannot carry out: a client that
     * asked for lines would otherwise take one bestmove for them. */
    if (go.multipv > 0 && !packeis_player_analyses(s->player)) {
        fail(&c->words[0],
             "multipv: %s values no move, so it gives no lines (mcts, az, montecarlo and "
             "alphabeta do)",
             packeis_player_name(s->player));
        return;
    }
    size_t lines = go.multipv > SIZE_MAX ? SIZE_MAX : (size_t)go.multipv;
    packeis_status status =
        search_start(&s->search, s->player, s->game, &go.limits, go.infinite, lines);
    if (status != PACKEIS_OK)
        fail(&c->words[0], "%s (%s)", packeis_strerror(status), status_name(status));
}

static void cmd_stop(session *s, const command *c)
{
    (void)c;
    search_finish(&s->search, 0);
}

static void cmd_isready(session *s, const command *c)
{
    (void)s;
    (void)c;
    emit("readyok");
}

static void cmd_newgame(session *s, const command *c)
{
    (void)c;
    packeis_player_forget(s->player);
}

static void cmd_quit(session *s, const command *c)
{
    (void)c;
    search_finish(&s->search, 1);
    s->quit = 1;
}

/* ---- dispatch ---------------------------------------------------------- */

typedef struct handler {
    const char *name;
    void (*run)(session *s, const command *c);
    int while_searching; /* allowed during a search */
} handler;

static const handler handlers[] = {
    {"packeis", cmd_packeis, 1},     {"isready", cmd_isready, 1},
    {"stop", cmd_stop, 1},           {"quit", cmd_quit, 1},
    {"setoption", cmd_setoption, 0}, {"newgame", cmd_newgame, 0},
    {"position", cmd_position, 0},   {"go", cmd_go, 0},
};

/* The words of a line, in a new array; NULL when out of memory. */
static word *split(const char *line, size_t *count)
{
    size_t n = 0, length = strlen(line);
    word *words = malloc((length / 2 + 1) * sizeof *words);
    if (!words)
        return NULL;
    for (size_t i = 0; i < length;) {
        while (i < length && is_blank(line[i]))
            i++;
        size_t start = i;
        while (i < length && !is_blank(line[i]))
            i++;
        if (i > start)
            words[n++] = (word){line + start, i - start};
    }
    *count = n;
    return words;
}

void session_command(session *s, char *line)
{
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\r')
        line[--length] = '\0';
    command c;
    word *words = split(line, &c.count);
    if (!words) {
        emit("error: out of memory");
        return;
    }
    c.words = words;
    if (c.count > 0) {
        const handler *h = NULL;
        for (size_t i = 0; i < sizeof handlers / sizeof handlers[0] && !h; i++)
            if (word_is(&words[0], handlers[i].name))
                h = &handlers[i];
        if (!h)
            fail(&words[0], "unknown command");
        else if (!h->while_searching && search_busy(&s->search))
            fail(&words[0], "searching; send stop first");
        else {
            if (!h->while_searching)
                search_finish(&s->search, 1); /* join a search that has ended */
            h->run(s, &c);
        }
    }
    free(words);
}

packeis_status session_open(session *s, packeis_player *p, const char *author)
{
    memset(s, 0, sizeof *s);
    s->player = p;
    s->author = author;
    packeis_options *options;
    packeis_status status = packeis_options_new(NULL, &options);
    if (status != PACKEIS_OK)
        return status;
    status = packeis_game_new(options, &s->game);
    packeis_options_free(options);
    return status;
}

void session_close(session *s)
{
    search_finish(&s->search, 1);
    packeis_game_free(s->game);
    s->game = NULL;
}
