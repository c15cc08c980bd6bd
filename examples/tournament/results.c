/* SPDX-License-Identifier: MIT */
/* results.c: a tournament's games one line each (results.h). */
#define _POSIX_C_SOURCE 200809L

#include "results.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define FIELDS 12

static void write_escaped(FILE *out, const char *text)
{
    for (const char *c = text ? text : ""; *c; c++) {
        if (*c == '\\')
            fputs("\\\\", out);
        else if (*c == '\t')
            fputs("\\t", out);
        else if (*c == '\n')
            fputs("\\n", out);
        else
            fputc(*c, out);
    }
}

static void write_numbers(FILE *out, const int *values, int count)
{
    for (int i = 0; i < count; i++)
        fprintf(out, "%s%d", i ? "," : "", values[i]);
}

void results_write(FILE *out, size_t game, const played_game *played)
{
    const game_result *r = &played->result;
    fprintf(out, "%zu\t%zu\t%d\t", game + 1, played->plies, played->failed != 0);
    write_escaped(out, played->failed ? played->failure : "");
    fprintf(out, "\t%s\t%d\t",
            played->forfeit == FORFEIT_NONE ? "-" : forfeit_name(played->forfeit),
            r->forfeit_seat);
    write_escaped(out, played->forfeit == FORFEIT_NONE ? "" : played->reason);
    fprintf(out, "\t%d\t", r->seats);
    write_numbers(out, r->participant, r->seats);
    fputc('\t', out);
    write_numbers(out, r->fish, r->seats);
    fputc('\t', out);
    write_numbers(out, r->rank, r->seats);
    fputc('\t', out);
    write_escaped(out, played->record);
    fputc('\n', out);
}

/* ---- reading ----------------------------------------------------------- */

typedef struct reader {
    const char *path;
    size_t line;
    char *why;
    size_t why_size;
} reader;

static int fail(reader *rd, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(reader *rd, const char *format, ...)
{
    char message[200];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    snprintf(rd->why, rd->why_size, "%s:%zu: %s", rd->path, rd->line, message);
    return -1;
}

/* Undoes write_escaped() in place; -1 for a stray backslash. */
static int unescape(char *text)
{
    char *to = text;
    for (const char *c = text; *c; c++) {
        if (*c != '\\') {
            *to++ = *c;
            continue;
        }
        c++;
        if (*c == '\\')
            *to++ = '\\';
        else if (*c == 't')
            *to++ = '\t';
        else if (*c == 'n')
            *to++ = '\n';
        else
            return -1;
    }
    *to = '\0';
    return 0;
}

/* A decimal integer in [low, high], the whole of `text`. */
static int number(const char *text, long low, long high, long *out)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (!*text || *end || errno || value < low || value > high)
        return -1;
    *out = value;
    return 0;
}

/* `seats` numbers separated by commas, each in [low, high]. */
static int numbers(char *text, int seats, long low, long high, int *out)
{
    char *next = text;
    for (int s = 0; s < seats; s++) {
        char *item = next, *comma = strchr(item, ',');
        if ((s + 1 < seats) != (comma != NULL))
            return -1;
        if (comma) {
            *comma = '\0';
            next = comma + 1;
        }
        long value;
        if (number(item, low, high, &value) != 0)
            return -1;
        out[s] = (int)value;
    }
    return 0;
}

static int split(char *line, char **fields)
{
    int n = 0;
    for (char *field = line;; n++) {
        if (n == FIELDS)
            return -1;
        fields[n] = field;
        char *tab = strchr(field, '\t');
        if (!tab)
            return n + 1;
        *tab = '\0';
        field = tab + 1;
    }
}

static forfeit forfeit_of(const char *name, int *ok)
{
    *ok = 1;
    if (strcmp(name, "-") == 0)
        return FORFEIT_NONE;
    for (forfeit f = FORFEIT_ILLEGAL; f <= FORFEIT_ERROR; f++)
        if (strcmp(name, forfeit_name(f)) == 0)
            return f;
    *ok = 0;
    return FORFEIT_NONE;
}

/* The text fields into the game (reason, failure, record). */
static int read_texts(reader *rd, char **fields, played_game *g)
{
    if (unescape(fields[3]) || unescape(fields[6]) || unescape(fields[11]))
        return fail(rd, "a backslash that escapes nothing");
    snprintf(g->failure, sizeof g->failure, "%s", fields[3]);
    snprintf(g->reason, sizeof g->reason, "%s", fields[6]);
    g->record = NULL;
    if (*fields[11] && !(g->record = strdup(fields[11])))
        return fail(rd, "out of memory");
    return 0;
}

static int read_line(reader *rd, char *line, const planned_game *plans, size_t count,
                     played_game *games, unsigned char *seen)
{
    char *fields[FIELDS];
    if (split(line, fields) != FIELDS)
        return fail(rd, "not %d fields separated by tabs", FIELDS);
    long game, plies, failed, forfeiter, seats;
    if (number(fields[0], 1, (long)count, &game) != 0)
        return fail(rd, "game '%s': not a game of this tournament (1 ... %zu)", fields[0],
                    count);
    const planned_game *plan = &plans[game - 1];
    played_game g;
    memset(&g, 0, sizeof g);
    int ok;
    g.forfeit = forfeit_of(fields[4], &ok);
    if (number(fields[1], 0, 1000000, &plies) || number(fields[2], 0, 1, &failed) || !ok ||
        number(fields[5], -1, plan->seats - 1, &forfeiter) || number(fields[7], 2, 4, &seats) ||
        seats != plan->seats || (forfeiter >= 0) != (g.forfeit != FORFEIT_NONE))
        return fail(rd, "game %ld: a malformed field, or not the schedule's seats", game);
    g.plies = (size_t)plies;
    g.failed = (int)failed;
    g.result.seats = (int)seats;
    g.result.forfeit_seat = (int)forfeiter;
    if (numbers(fields[8], plan->seats, 0, 1000, g.result.participant) ||
        memcmp(g.result.participant, plan->participant, (size_t)plan->seats * sizeof(int)) ||
        numbers(fields[9], plan->seats, 0, 100000, g.result.fish) ||
        numbers(fields[10], plan->seats, 1, plan->seats, g.result.rank))
        return fail(rd, "game %ld: participants, fish or ranks not of the schedule's game",
                    game);
    /* A game that failed (the library out of memory) is played again by
     * --resume: its later line takes the place of the failed one. */
    if (seen[game - 1] && !games[game - 1].failed)
        return fail(rd, "game %ld: given twice", game);
    if (read_texts(rd, fields, &g) != 0)
        return -1;
    char wrong[160];
    if (!g.failed && referee_check(plan, &g, wrong, sizeof wrong) != 0) {
        free(g.record);
        return fail(rd, "game %ld: %s", game, wrong);
    }
    if (g.failed) { /* not counted: nothing of it is kept but why */
        free(g.record);
        g.record = NULL;
    }
    if (seen[game - 1])
        free(games[game - 1].record);
    seen[game - 1] = 1;
    games[game - 1] = g;
    return 0;
}

/* The first lines: the header, and in version 2 the schedule line with
 * the tournament's signature. 0 (version 2, the signature the same), 1
 * (version 1: no signature to check), or -1. */
static int read_header(reader *rd, FILE *in, uint64_t signature, char **line, size_t *capacity)
{
    int version = 0;
    for (int n = 0; n < 2 && version != 1; n++) {
        ssize_t length = getline(line, capacity, in);
        rd->line++;
        if (length <= 0 || (*line)[length - 1] != '\n')
            return fail(rd,
                        n ? "no schedule line" : "empty, or no whole line: not a results file");
        (*line)[length - 1] = '\0';
        uint64_t found;
        char extra;
        if (n == 0 && strcmp(*line, RESULTS_HEADER) == 0)
            version = 2;
        else if (n == 0 && strcmp(*line, RESULTS_HEADER_V1) == 0)
            version = 1;
        else if (n == 0)
            return fail(rd, "not '%s'", RESULTS_HEADER);
        else if (sscanf(*line, "schedule %16" SCNx64 "%c", &found, &extra) != 1)
            return fail(rd, "not 'schedule' and the tournament's signature");
        else if (found != signature)
            return fail(rd,
                        "another tournament's games (signature %016" PRIx64 ", this "
                        "one's %016" PRIx64 "): its players, budgets, seats, variants or "
                        "seed differ",
                        found, signature);
    }
    return version == 1;
}

int results_read_stream(FILE *in, const char *name, uint64_t signature,
                        const planned_game *plans, size_t count, played_game *games,
                        unsigned char *seen, char *why, size_t why_size)
{
    reader rd = {name, 0, why, why_size};
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    int status = read_header(&rd, in, signature, &line, &capacity), version1 = status == 1;
    while (status >= 0 && (length = getline(&line, &capacity, in)) >= 0) {
        rd.line++;
        if (line[length - 1] != '\n')
            status = fail(&rd, "cut off (no line feed): the run stopped while writing it");
        else if ((size_t)length != strlen(line) || memchr(line, '\r', (size_t)length))
            status = fail(&rd, "a NUL byte or a carriage return");
        else {
            line[length - 1] = '\0';
            status = read_line(&rd, line, plans, count, games, seen);
        }
    }
    if (status >= 0 && ferror(in))
        status = fail(&rd, "%s", strerror(errno));
    free(line);
    return status < 0 ? -1 : version1;
}

void results_write_header(FILE *out, uint64_t signature)
{
    fprintf(out, "%s\nschedule %016" PRIx64 "\n", RESULTS_HEADER, signature);
}

int results_read(const char *path, uint64_t signature, const planned_game *plans, size_t count,
                 played_game *games, unsigned char *seen, char *why, size_t why_size)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        reader rd = {path, 0, why, why_size};
        return fail(&rd, "%s", strerror(errno));
    }
    int status =
        results_read_stream(in, path, signature, plans, count, games, seen, why, why_size);
    fclose(in);
    return status;
}
