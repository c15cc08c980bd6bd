/* SPDX-License-Identifier: MIT */
/* participant.c: built-in players and engines, and their seats in a game
 * (participant.h). */
#define _POSIX_C_SOURCE 200809L

#include "participant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>

/* Seconds an engine gets to exit after quit before it is killed. */
#define QUIT_GRACE 0.5
/* Seconds an engine whose output closed is given to be seen exited. */
#define EXIT_GRACE 0.25

/* A status's name for a forfeit's reason, never NULL (a status this
 * libpackeis does not know is "?"). */
static const char *status_word(packeis_status status)
{
    const char *name = packeis_status_name(status);
    return name ? name : "?";
}

const char *forfeit_name(forfeit f)
{
    static const char *const names[] = {"", "illegal", "timeout", "crash", "garbage", "error"};
    return f >= FORFEIT_NONE && f <= FORFEIT_ERROR ? names[f] : "?";
}

static void say(char *why, size_t size, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void say(char *why, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(why, size, format, args);
    va_end(args);
}

/* ---- built-in players -------------------------------------------------- */

packeis_player *participant_player(const participant *who, uint64_t seed, char *why,
                                   size_t why_size)
{
    packeis_player *p;
    return packeis_player_from_spec(who->spec, seed, &p, NULL, why, why_size) == 0 ? p : NULL;
}

int participant_builtin(participant *out, const char *spec, char *why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    if (strlen(spec) >= sizeof out->label) {
        say(why, why_size, "'%.40s...': too long for a seat", spec);
        return -1;
    }
    snprintf(out->label, sizeof out->label, "%s", spec);
    snprintf(out->spec, sizeof out->spec, "%s", spec);
    packeis_player *p;
    packeis_player_limits budget = {0};
    if (packeis_player_from_spec(spec, 0, &p, &budget, why, why_size) != 0)
        return -1;
    packeis_player_free(p);
    out->seconds = budget.seconds;
    out->nodes = budget.nodes;
    return 0;
}

time_control participant_time_control(const participant *who, const time_control *base)
{
    time_control tc = *base;
    if (who->seconds > 0 || who->nodes > 0) {
        tc.movetime_ms = (int)lround(who->seconds * 1000);
        if (who->seconds > 0 && tc.movetime_ms == 0)
            tc.movetime_ms = 1;
        tc.nodes = who->nodes;
    }
    return tc;
}

/* ---- engines ----------------------------------------------------------- */

/* A line the engine should not have written, for a reason. */
static forfeit unexpected(const char *line, char *why)
{
    if (strncmp(line, "error", 5) == 0 && (line[5] == ' ' || line[5] == '\0')) {
        say(why, REASON_SIZE, "answered '%.200s'", line);
        return FORFEIT_ERROR;
    }
    say(why, REASON_SIZE, "wrote '%.200s'", line);
    return FORFEIT_GARBAGE;
}

/* A blank line or an info line: what an engine may write at any time. */
static int is_chatter(const char *text)
{
    return text[0] == '\0' || strncmp(text, "info", 4) == 0;
}

/* Why an engine gave no reply: it ran out of time while running; it exited
 * (even if a child of it still holds the pipe, so that the read timed out);
 * or it closed its output while running (then the referee stops it: that
 * kill is not the engine's crash). */
static forfeit lost(process *p, read_status status, const char *when, char *why)
{
    int exited = process_exited(p);
    /* An engine that exits closes its output a moment before it is seen
     * to have exited: give it that moment. */
    double until = process_now() + EXIT_GRACE;
    while (status == READ_CLOSED && !exited && process_now() < until) {
        struct timespec pause = {0, 2 * 1000 * 1000};
        nanosleep(&pause, NULL);
        exited = process_exited(p);
    }
    if (status == READ_TIMEOUT && !exited) {
        say(why, REASON_SIZE, "no reply %s in time", when);
        return FORFEIT_TIMEOUT;
    }
    int code = process_end(p, QUIT_GRACE);
    if (!exited)
        say(why, REASON_SIZE, "closed its output %s while running (stopped by the referee)",
            when);
    else if (WIFSIGNALED(code))
        say(why, REASON_SIZE, "killed by signal %d %s", WTERMSIG(code), when);
    else
        say(why, REASON_SIZE, "exited with status %d %s", WEXITSTATUS(code), when);
    return FORFEIT_CRASH;
}

/* Lines the engine wrote unasked, since its last reply: a bestmove (or
 * anything but info) here would be read as the reply to the next go, and
 * every later reply one position late. */
static forfeit unasked_lines(process *p, char *why)
{
    for (;;) {
        read_status status = process_read(p, process_now() + 0.001);
        if (status == READ_TIMEOUT)
            return FORFEIT_NONE;
        if (status != READ_LINE)
            return lost(p, status, "before position and go", why);
        const char *text = p->line + strspn(p->line, " \t");
        if (is_chatter(text))
            continue;
        say(why, REASON_SIZE, "wrote '%.200s' unasked, before position and go", text);
        return FORFEIT_GARBAGE;
    }
}

/* packeis 1 ... packeisok; the name from `id name` into `name` (may be
 * NULL). */
static forfeit handshake(process *p, int timeout_ms, char *name, size_t name_size, char *why)
{
    if (process_send(p, "packeis 1") != 0)
        return lost(p, READ_CLOSED, "to the handshake", why);
    double deadline = process_now() + timeout_ms / 1000.0;
    for (;;) {
        read_status status = process_read(p, deadline);
        if (status != READ_LINE)
            return lost(p, status, "to the handshake", why);
        const char *line = p->line;
        if (strcmp(line, "packeisok") == 0)
            return FORFEIT_NONE;
        if (strncmp(line, "id name ", 8) == 0 && name)
            snprintf(name, name_size, "%s", line + 8);
        else if (strncmp(line, "id ", 3) != 0 && strncmp(line, "option ", 7) != 0 &&
                 line[strspn(line, " \t")] != '\0')
            return unexpected(line, why);
    }
}

int participant_engine(participant *out, const char *command, const time_control *tc, char *why,
                       size_t why_size)
{
    memset(out, 0, sizeof *out);
    out->command = command;
    process p;
    if (process_start(&p, command) != 0) {
        say(why, why_size, "'%s': cannot start it", command);
        return -1;
    }
    char reason[REASON_SIZE];
    forfeit f = handshake(&p, tc->startup_ms, out->label, sizeof out->label, reason);
    process_end(&p, QUIT_GRACE);
    int not_run = f == FORFEIT_CRASH && WIFEXITED(p.status) &&
                  (WEXITSTATUS(p.status) == 126 || WEXITSTATUS(p.status) == 127);
    if (not_run) { /* the shell could not run the command: a typo, refused */
        say(why, why_size, "'%s': cannot run it (%s)", command, reason);
        return -1;
    }
    if (!out->label[0] || f != FORFEIT_NONE)
        snprintf(out->label, sizeof out->label, "%s", command);
    if (f != FORFEIT_NONE) {
        /* It takes part all the same: each of its games is forfeited with
         * the reason its seat finds (one broken engine does not stop the
         * tournament). */
        say(why, why_size, "'%s': %s", command, reason);
        return 1;
    }
    return 0;
}

/* ---- seats ------------------------------------------------------------- */

forfeit seat_open(seat *s, const participant *who, uint64_t seed, const time_control *tc,
                  char *why)
{
    memset(s, 0, sizeof *s);
    s->who = who;
    if (!who->command) {
        s->player = participant_player(who, seed, why, REASON_SIZE);
        return s->player ? FORFEIT_NONE : FORFEIT_ERROR;
    }
    if (process_start(&s->engine, who->command) != 0) {
        say(why, REASON_SIZE, "cannot start '%s'", who->command);
        return FORFEIT_CRASH;
    }
    s->started = 1;
    forfeit f = handshake(&s->engine, tc->startup_ms, NULL, 0, why);
    if (f == FORFEIT_NONE && process_send(&s->engine, "newgame") != 0)
        f = lost(&s->engine, READ_CLOSED, "to newgame", why);
    /* A seat that failed holds nothing: callers that only close the seats
     * they opened (the terminal game's hint) would leave the engine
     * running. */
    if (f != FORFEIT_NONE)
        seat_close(s);
    return f;
}

/* A move in the notation, legal in the game: the engine's bestmove. */
static forfeit read_bestmove(const packeis_game *game, const char *text, packeis_move *move,
                             char *why)
{
    size_t length = strcspn(text, " \t"), stop = 0;
    packeis_move m;
    /* Blanks after the move are allowed, as after any line of the protocol. */
    if (text[length + strspn(text + length, " \t")] != '\0' || length == 0 ||
        packeis_game_parse_move(game, text, length, 0, &m, &stop) != PACKEIS_OK ||
        stop != length) {
        say(why, REASON_SIZE, "bestmove '%.100s' is not a move", text);
        return FORFEIT_GARBAGE;
    }
    packeis_status status = packeis_game_check_move(game, m);
    if (status != PACKEIS_OK) {
        say(why, REASON_SIZE, "%.*s: %s (%s)", (int)length, text, packeis_strerror(status),
            status_word(status));
        return FORFEIT_ILLEGAL;
    }
    *move = m;
    return FORFEIT_NONE;
}

static forfeit engine_move(seat *s, const packeis_game *game, const char *start,
                           const char *moves, const time_control *tc, packeis_move *move,
                           char *why)
{
    process *p = &s->engine;
    if (p->pid <= 0) {
        say(why, REASON_SIZE, "the engine is no longer running");
        return FORFEIT_CRASH;
    }
    forfeit early = unasked_lines(p, why);
    if (early != FORFEIT_NONE)
        return early;
    size_t size = strlen(start) + strlen(moves) + 32;
    char *line = malloc(size);
    if (!line) {
        say(why, REASON_SIZE, "out of memory");
        return FORFEIT_ERROR;
    }
    snprintf(line, size, "position %s%s%s", start, moves[0] ? " moves " : "", moves);
    int sent = process_send(p, line);
    if (tc->movetime_ms && tc->nodes)
        snprintf(line, size, "go movetime %d nodes %llu", tc->movetime_ms,
                 (unsigned long long)tc->nodes);
    else if (tc->movetime_ms)
        snprintf(line, size, "go movetime %d", tc->movetime_ms);
    else if (tc->nodes)
        snprintf(line, size, "go nodes %llu", (unsigned long long)tc->nodes);
    else
        snprintf(line, size, "go");
    sent = sent == 0 ? process_send(p, line) : sent;
    free(line);
    if (sent != 0)
        return lost(p, READ_CLOSED, "to position and go", why);
    int limit = tc->movetime_ms ? tc->movetime_ms + tc->grace_ms : tc->timeout_ms;
    double deadline = process_now() + limit / 1000.0;
    for (;;) {
        read_status status = process_read(p, deadline);
        if (status != READ_LINE)
            return lost(p, status, "to go", why);
        const char *text = p->line + strspn(p->line, " \t");
        if (is_chatter(text))
            continue;
        if (strncmp(text, "bestmove ", 9) == 0)
            return read_bestmove(game, text + 9, move, why);
        return unexpected(text, why);
    }
}

static forfeit builtin_move(seat *s, const packeis_game *game, const time_control *tc,
                            packeis_move *move, char *why)
{
    packeis_player_limits limits = {0};
    limits.seconds = tc->movetime_ms / 1000.0;
    limits.nodes = tc->nodes;
    packeis_status status = packeis_player_choose(s->player, game, &limits, move, NULL);
    if (status == PACKEIS_OK)
        status = packeis_game_check_move(game, *move);
    if (status != PACKEIS_OK) {
        const char *reason = packeis_player_error(s->player); /* az: no weights, say */
        say(why, REASON_SIZE, "the player failed: %s (%s)%s%s", packeis_strerror(status),
            status_word(status), reason ? ": " : "", reason ? reason : "");
        return FORFEIT_ERROR;
    }
    return FORFEIT_NONE;
}

forfeit seat_move(seat *s, const packeis_game *game, const char *start, const char *moves,
                  const time_control *tc, packeis_move *move, char *why)
{
    time_control own = participant_time_control(s->who, tc);
    if (s->player)
        return builtin_move(s, game, &own, move, why);
    return engine_move(s, game, start, moves, &own, move, why);
}

void seat_close(seat *s)
{
    if (s->player)
        packeis_player_free(s->player);
    if (s->started)
        process_end(&s->engine, QUIT_GRACE);
    memset(s, 0, sizeof *s);
}
