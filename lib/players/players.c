/* SPDX-License-Identifier: MIT */
/* players.c: the table of players, and what every player shares: creation
 * by name, options given as text, the checks around packeis_player_choose(). */
#include "player_kind.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct packeis_player {
    const player_kind *kind;
    void *state;
    /* Inside choose or analyse: what on_report calls back is refused, so
     * that the search keeps its tree and scratch game to the end. */
    int searching;
};

static const player_kind *const kinds[] = {
    &player_random_kind,    &player_greedy_kind, &player_montecarlo_kind,
    &player_alphabeta_kind, &player_mcts_kind,   &player_az_kind,
};
#define KIND_COUNT (sizeof(kinds) / sizeof(kinds[0]))

const char *packeis_player_version(void) { return PACKEIS_PLAYERS_VERSION_STRING; }

size_t packeis_player_report_size(void) { return sizeof(packeis_player_report); }

size_t packeis_player_limits_size(void) { return sizeof(packeis_player_limits); }

size_t packeis_player_line_size(void) { return sizeof(packeis_player_line); }

const char *const *packeis_player_names(void)
{
    /* In the order of `kinds`; packeis_player_new() finds every one of them. */
    static const char *const names[KIND_COUNT + 1] = {
        "random", "greedy", "montecarlo", "alphabeta", "mcts", "az", NULL};
    return names;
}

int packeis_player_new(const char *name, uint64_t seed, packeis_player **out)
{
    if (out)
        *out = NULL;
    if (!name || !out)
        return -1;
    for (size_t i = 0; i < KIND_COUNT; i++) {
        if (strcmp(kinds[i]->name, name) != 0)
            continue;
        packeis_player *p = malloc(sizeof *p);
        if (!p)
            return -2;
        p->kind = kinds[i];
        p->searching = 0;
        p->state = p->kind->create(seed);
        if (!p->state) {
            free(p);
            return -2;
        }
        *out = p;
        return 0;
    }
    return -1;
}

packeis_player_resume packeis_player_resumes(const packeis_player *p)
{
    return p ? p->kind->resumes : PACKEIS_PLAYER_RESUME_NONE;
}

const char *packeis_player_name(const packeis_player *p) { return p ? p->kind->name : NULL; }

const char *packeis_player_description(const packeis_player *p)
{
    return p ? p->kind->description : NULL;
}

const packeis_player_option *packeis_player_options(const packeis_player *p, size_t *count)
{
    if (count)
        *count = p ? p->kind->option_count : 0;
    return p ? p->kind->options : NULL;
}

static int parse_bool(const char *text, double *value)
{
    static const char *const yes[] = {"1", "true", "yes", "on"};
    static const char *const no[] = {"0", "false", "no", "off"};
    for (size_t i = 0; i < 4; i++) {
        if (strcmp(text, yes[i]) == 0 || strcmp(text, no[i]) == 0) {
            *value = strcmp(text, yes[i]) == 0;
            return 1;
        }
    }
    return 0;
}

/* Whether `text` is a number in decimal notation: a sign, digits with a
 * point among or after them, an exponent ("20", "-1.5", "2e-3"). strtod()
 * also reads leading blanks, hexadecimal, inf and nan, which the options'
 * documentation does not give (and a trailing blank it refuses). */
static int is_decimal(const char *text)
{
    static const char digits[] = "0123456789";
    const char *at = text + (*text == '+' || *text == '-');
    size_t count = strspn(at, digits);
    at += count;
    if (*at == '.') {
        size_t after = strspn(at + 1, digits);
        count += after;
        at += 1 + after;
    }
    if (count == 0)
        return 0;
    if (*at == 'e' || *at == 'E') {
        at += 1 + (at[1] == '+' || at[1] == '-');
        size_t exponent = strspn(at, digits);
        if (exponent == 0)
            return 0;
        at += exponent;
    }
    return *at == '\0';
}

/* A number in the option's range, an integer for "int". */
static int parse_number(const packeis_player_option *option, const char *text, double *value,
                        const char **why)
{
    if (!is_decimal(text)) {
        *why = "not a number";
        return 0;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end != '\0') { /* a locale whose decimal point is not '.' */
        *why = "not a number";
        return 0;
    }
    if (errno == ERANGE || !isfinite(v)) {
        *why = "out of a double's range";
        return 0;
    }
    if (strcmp(option->type, "int") == 0 && v != floor(v)) {
        *why = "not an integer";
        return 0;
    }
    if (v < option->min || v > option->max) {
        *why = "out of the option's range";
        return 0;
    }
    *value = v;
    return 1;
}

int packeis_player_set_option(packeis_player *p, const char *name, const char *value,
                              const char **why)
{
    const char *ignored;
    if (!why)
        why = &ignored;
    if (!p || !name || !value) {
        *why = "no player, option name or value";
        return -1;
    }
    if (p->searching) {
        *why = "not while the player is searching (a call from its on_report)";
        return -1;
    }
    for (size_t i = 0; i < p->kind->option_count; i++) {
        const packeis_player_option *option = &p->kind->options[i];
        if (strcmp(option->name, name) != 0)
            continue;
        double v;
        if (strcmp(option->type, "string") == 0)
            return p->kind->set_text(p->state, i, value, why);
        if (strcmp(option->type, "bool") == 0) {
            if (!parse_bool(value, &v)) {
                *why = "not a boolean (true, false, 1, 0, yes, no, on, off)";
                return -1;
            }
        } else if (!parse_number(option, value, &v, why)) {
            return -1;
        }
        p->kind->set_option(p->state, i, v);
        return 0;
    }
    *why = "no such option";
    return -1;
}

/* The checks every search makes of its arguments (`outputs`: the caller's
 * own pointers are there): the report cleared, *limits the empty budget
 * for NULL. */
static packeis_status check_search(const packeis_player *p, const packeis_game *game,
                                   int outputs, const packeis_player_limits **limits,
                                   packeis_player_report *report)
{
    static const packeis_player_limits none = {0};
    if (report)
        memset(report, 0, sizeof *report);
    if (!p || !game || !outputs || p->searching)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (packeis_game_phase(game) == PACKEIS_PHASE_OVER)
        return PACKEIS_E_GAME_OVER;
    if (!*limits)
        *limits = &none;
    if (!((*limits)->seconds >= 0) || !isfinite((*limits)->seconds))
        return PACKEIS_E_INVALID_ARGUMENT;
    return PACKEIS_OK;
}

packeis_status packeis_player_choose(packeis_player *p, const packeis_game *game,
                                     const packeis_player_limits *limits, packeis_move *move,
                                     packeis_player_report *report)
{
    if (move)
        *move = PACKEIS_MOVE_NONE;
    packeis_status checked = check_search(p, game, move != NULL, &limits, report);
    if (checked != PACKEIS_OK)
        return checked;
    packeis_player_report scratch;
    if (!report) {
        memset(&scratch, 0, sizeof scratch);
        report = &scratch;
    }
    p->searching = 1;
    packeis_status status = p->kind->choose(p->state, game, limits, move, report);
    p->searching = 0;
    if (status != PACKEIS_OK)
        *move = PACKEIS_MOVE_NONE;
    return status;
}

int packeis_player_analyses(const packeis_player *p) { return p && p->kind->analyse; }

/* Whether line a goes before line b (the order of the kind's choice; the
 * library's move order breaks ties, the sort being stable). */
static int ranks_before(const packeis_player_line *a, const packeis_player_line *b,
                        int by_visits)
{
    if (by_visits && a->nodes != b->nodes)
        return a->nodes > b->nodes;
    /* alphabeta's margin is what it maximizes: two lost lines (value -1)
     * still differ by the fish they lose. */
    if (!by_visits && a->has_margin && b->has_margin && a->margin != b->margin)
        return a->margin > b->margin;
    if (a->value != b->value)
        return a->value > b->value;
    return !by_visits && a->nodes > b->nodes;
}

static void rank_lines(packeis_player_line *lines, size_t count, int by_visits)
{
    for (size_t i = 1; i < count; i++) {
        packeis_player_line line = lines[i];
        size_t j = i;
        for (; j > 0 && ranks_before(&line, &lines[j - 1], by_visits); j--)
            lines[j] = lines[j - 1];
        lines[j] = line;
    }
}

packeis_status packeis_player_analyse(packeis_player *p, const packeis_game *game,
                                      const packeis_player_limits *limits, size_t k,
                                      packeis_player_line *lines, size_t *count,
                                      packeis_player_report *report)
{
    if (count)
        *count = 0;
    packeis_status checked = check_search(
        p, game, lines && count && k > 0 && p && p->kind->analyse, &limits, report);
    if (checked != PACKEIS_OK)
        return checked;
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t legal;
    packeis_status status = player_legal_moves(game, moves, &legal);
    packeis_player_line *all = status == PACKEIS_OK ? calloc(legal, sizeof *all) : NULL;
    if (status == PACKEIS_OK && !all)
        status = PACKEIS_E_OUT_OF_MEMORY;
    packeis_player_report scratch;
    p->searching = 1;
    if (status == PACKEIS_OK)
        status = p->kind->analyse(p->state, game, limits, moves, legal, all,
                                  report ? report : &scratch);
    p->searching = 0;
    if (status == PACKEIS_OK) {
        if (p->kind->ranks != RANK_AS_GIVEN)
            rank_lines(all, legal, p->kind->ranks == RANK_BY_VISITS);
        *count = k < legal ? k : legal;
        memcpy(lines, all, *count * sizeof *lines);
    }
    free(all);
    return status;
}

const char *packeis_player_error(const packeis_player *p)
{
    return p && p->kind->error ? p->kind->error(p->state) : NULL;
}

void packeis_player_forget(packeis_player *p)
{
    if (p && !p->searching && p->kind->forget)
        p->kind->forget(p->state);
}

void packeis_player_free(packeis_player *p)
{
    if (!p)
        return;
    p->kind->destroy(p->state);
    free(p);
}
