/* SPDX-License-Identifier: MIT */
/* seat_spec.c: the seat notation (seat_spec.h). */
#include "seat_spec.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "2s", "1.5s", "300ms": 1 with the seconds; 0 if the item is no time. */
static int read_time(const char *item, size_t length, double *seconds)
{
    char text[32];
    if (length == 0 || length >= sizeof text)
        return 0;
    memcpy(text, item, length);
    text[length] = '\0';
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (end == text || errno != 0 || !isfinite(value) || value <= 0 || text[0] == '+' ||
        text[0] == '-')
        return 0;
    if (strcmp(end, "s") == 0)
        *seconds = value;
    else if (strcmp(end, "ms") == 0)
        *seconds = value / 1000;
    else
        return 0;
    return *seconds <= 24 * 3600;
}

/* A bare number: 1 with the budget; 0 if the item is no number. */
static int read_nodes(const char *item, size_t length, uint64_t *nodes)
{
    char text[32];
    if (length == 0 || length >= sizeof text || strspn(item, "0123456789") < length)
        return 0;
    memcpy(text, item, length);
    text[length] = '\0';
    errno = 0;
    unsigned long long value = strtoull(text, NULL, 10);
    if (errno != 0 || value == 0)
        return 0;
    *nodes = (uint64_t)value;
    return 1;
}

/* Takes the times and budgets out of "NAME:ITEM,...", leaving the options
 * for participant_builtin() in `rest`. */
static int split_strength(const char *text, participant *out, char *rest, size_t rest_size,
                          char *why, size_t why_size)
{
    size_t name_length = strcspn(text, ":");
    if (name_length >= rest_size)
        name_length = rest_size - 1;
    memcpy(rest, text, name_length);
    rest[name_length] = '\0';
    size_t used = name_length;
    const char *item = text + name_length + (text[name_length] == ':');
    int options = 0;
    while (text[name_length] == ':' && *item) {
        size_t length = strcspn(item, ",");
        if (memchr(item, '=', length)) {
            if (used + length + 2 >= rest_size) {
                snprintf(why, why_size, "'%s': too many options", text);
                return -1;
            }
            rest[used++] = options++ ? ',' : ':';
            memcpy(rest + used, item, length);
            rest[used += length] = '\0';
        } else if (!read_time(item, length, &out->seconds) &&
                   !read_nodes(item, length, &out->nodes)) {
            snprintf(why, why_size,
                     "'%s': '%.*s' is no strength: expected a time per move (2s, 300ms), "
                     "a budget (a positive whole number) or OPTION=VALUE",
                     text, (int)length, item);
            return -1;
        }
        item += length + (item[length] == ',');
    }
    return 0;
}

int seat_spec_parse(const char *text, seat_spec *out, char *why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    if (strcmp(text, "human") == 0) {
        out->kind = SEAT_HUMAN;
        snprintf(out->who.label, sizeof out->who.label, "human");
        return 0;
    }
    out->kind = SEAT_COMPUTER;
    if (strncmp(text, "engine:", 7) == 0) {
        if (text[7 + strspn(text + 7, " \t")] == '\0') {
            snprintf(why, why_size, "'%s': the engine's command is missing", text);
            return -1;
        }
        time_control tc = seat_time_control(out);
        return participant_engine(&out->who, text + 7, &tc, why, why_size);
    }
    char rest[sizeof out->who.label];
    participant budget = {0};
    if (split_strength(text, &budget, rest, sizeof rest, why, why_size) != 0 ||
        participant_builtin(&out->who, rest, why, why_size) != 0)
        return -1;
    out->who.seconds = budget.seconds;
    out->who.nodes = budget.nodes;
    snprintf(out->who.label, sizeof out->who.label, "%s", text);
    return 0;
}

time_control seat_time_control(const seat_spec *spec)
{
    time_control tc = {0};
    tc.grace_ms = SEAT_GRACE_MS;
    tc.timeout_ms = SEAT_TIMEOUT_MS;
    tc.startup_ms = SEAT_STARTUP_MS;
    return participant_time_control(&spec->who, &tc);
}
