/* SPDX-License-Identifier: MIT */
/* spec.c: a built-in player from its seat notation, NAME[:STRENGTH]
 * (players.h, packeis_player_from_spec(); examples/README.md, "Seats"):
 * the one reader of that notation, for the engine, the referee, the
 * terminal game and the Python package. */
#include "player_kind.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "2s", "1.5s", "300ms" (at most a day): 1 with the seconds; 0 if the item
 * is no time. */
static int read_time(const char *item, size_t length, double *seconds)
{
    char text[32];
    if (length == 0 || length >= sizeof text || item[0] == '+' || item[0] == '-')
        return 0;
    memcpy(text, item, length);
    text[length] = '\0';
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (end == text || errno != 0 || !isfinite(value) || value <= 0)
        return 0;
    if (strcmp(end, "s") == 0)
        *seconds = value;
    else if (strcmp(end, "ms") == 0)
        *seconds = value / 1000;
    else
        return 0;
    return *seconds <= 24 * 3600;
}

/* A bare positive number: 1 with the budget; 0 if the item is no number. */
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

/* OPTION=VALUE, set on the player. */
static int set_item(packeis_player *p, const char *spec, const char *item, size_t length,
                    char *why, size_t why_size)
{
    char name[64], value[4096]; /* room for a file name (az's weights) */
    const char *equals = memchr(item, '=', length);
    size_t name_length = (size_t)(equals - item), value_length = length - name_length - 1;
    if (name_length == 0 || value_length == 0 || name_length >= sizeof name ||
        value_length >= sizeof value) {
        player_say(why, why_size, "'%s': expected OPTION=VALUE, not '%.*s'", spec, (int)length,
                   item);
        return -1;
    }
    memcpy(name, item, name_length);
    name[name_length] = '\0';
    memcpy(value, equals + 1, value_length);
    value[value_length] = '\0';
    const char *reason = "refused";
    if (packeis_player_set_option(p, name, value, &reason) != 0) {
        player_say(why, why_size, "'%s': %s=%s: %s", spec, name, value, reason);
        return -1;
    }
    return 0;
}

/* Why `item` is no strength (a time, a budget or OPTION=VALUE), as a
 * sentence naming the spec. */
static void say_no_strength(const char *spec, const char *item, size_t length, char *why,
                            size_t why_size)
{
    player_say(why, why_size,
               "'%s': '%.*s' is no strength: expected a time per move of at most 24 hours "
               "(2s, 300ms), a budget (a whole number from 1 to 18446744073709551615) or "
               "OPTION=VALUE",
               spec, (int)length, item);
}

/* The items of STRENGTH, in order: one time and one budget at most into
 * *budget, options set on the player. An empty item (",," or a comma at
 * either end) and a second time or budget are refused: the notation has
 * none of them, and the last of two would win silently. */
static int read_strength(packeis_player *p, const char *spec, const char *item,
                         packeis_player_limits *budget, char *why, size_t why_size)
{
    int times = 0, budgets = 0;
    for (;;) {
        size_t length = strcspn(item, ",");
        double seconds;
        uint64_t nodes;
        if (length == 0) {
            player_say(why, why_size, "'%s': an empty item (a comma too many)", spec);
            return -1;
        }
        if (memchr(item, '=', length)) {
            if (set_item(p, spec, item, length, why, why_size) != 0)
                return -1;
        } else if (read_time(item, length, &seconds)) {
            if (times++) {
                player_say(why, why_size, "'%s': a second time per move, '%.*s'", spec,
                           (int)length, item);
                return -1;
            }
            budget->seconds = seconds;
        } else if (read_nodes(item, length, &nodes)) {
            if (budgets++) {
                player_say(why, why_size, "'%s': a second budget, '%.*s'", spec, (int)length,
                           item);
                return -1;
            }
            budget->nodes = nodes;
        } else {
            say_no_strength(spec, item, length, why, why_size);
            return -1;
        }
        if (item[length] == '\0')
            return 0;
        item += length + 1;
    }
}

int packeis_player_from_spec(const char *spec, uint64_t seed, packeis_player **out,
                             packeis_player_limits *budget, char *why, size_t why_size)
{
    if (out)
        *out = NULL;
    if (!spec || !out) {
        player_say(why, why_size, "no seat spec");
        return -1;
    }
    char name[32];
    size_t name_length = strcspn(spec, ":");
    if (name_length == 0 || name_length >= sizeof name) {
        player_say(why, why_size, "'%s': expected NAME[:STRENGTH]", spec);
        return -1;
    }
    memcpy(name, spec, name_length);
    name[name_length] = '\0';
    packeis_player *p;
    int made = packeis_player_new(name, seed, &p);
    if (made != 0) {
        if (made == -2)
            player_say(why, why_size, "out of memory");
        else
            player_say(why, why_size, "'%s': no built-in player is called '%s'", spec, name);
        return made;
    }
    packeis_player_limits found = {0};
    const char *strength = spec + name_length + (spec[name_length] == ':');
    if (spec[name_length] == ':' && *strength &&
        read_strength(p, spec, strength, &found, why, why_size) != 0) {
        packeis_player_free(p);
        return -1;
    }
    if (budget) {
        budget->seconds = found.seconds;
        budget->nodes = found.nodes;
    }
    *out = p;
    return 0;
}
