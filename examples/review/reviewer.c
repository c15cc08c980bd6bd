/* SPDX-License-Identifier: MIT */
/* reviewer.c: the reviewer from a person's options (reviewer.h). */
#include "reviewer.h"

#include <stdio.h>
#include <string.h>

/* Reads `budget` as the seat notation reads a strength's one budget item,
 * by the players library's own reader (a random player takes any). */
static int read_budget(const char *budget, packeis_player_limits *limits, char *why,
                       size_t why_size)
{
    char spec[96];
    packeis_player *reader = NULL;
    packeis_player_limits found = {0};
    if (strlen(budget) > 64 || strpbrk(budget, ",=:") ||
        snprintf(spec, sizeof spec, "random:%s", budget) < 0 ||
        packeis_player_from_spec(spec, 1, &reader, &found, NULL, 0) != 0 ||
        (found.seconds > 0) == (found.nodes > 0)) {
        packeis_player_free(reader);
        snprintf(why, why_size,
                 "--budget: '%s' is no budget: expected a number of nodes (5000) or a time "
                 "(200ms, 1.5s)",
                 budget);
        return -1;
    }
    packeis_player_free(reader);
    limits->seconds = found.seconds;
    limits->nodes = found.nodes;
    return 0;
}

/* `spec` with its budget items (those without '=') replaced by `budget`:
 * "mcts:20000,threads=2" and "1s" give "mcts:threads=2,1s". */
static void fold_budget(const char *spec, const char *budget, char *out, size_t size)
{
    size_t name = strcspn(spec, ":");
    int used = snprintf(out, size, "%.*s:", (int)name, spec);
    for (const char *item = spec + name + (spec[name] == ':'); *item && used > 0;) {
        size_t length = strcspn(item, ",");
        if (memchr(item, '=', length) && (size_t)used < size)
            used += snprintf(out + used, size - (size_t)used, "%.*s,", (int)length, item);
        item += length + (item[length] == ',');
    }
    if (used > 0 && (size_t)used < size)
        snprintf(out + used, size - (size_t)used, "%s", budget);
}

int review_setup_make(review_setup *out, const char *spec, const char *budget,
                      uint64_t solver_nodes, const atomic_int *stop, char *why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    if (!spec)
        spec = PACKEIS_PLAYER_REVIEW_ESTIMATOR;
    packeis_player_reviewer *r = &out->reviewer;
    char reason[512] = "out of memory";
    if (packeis_player_from_spec(spec, 1, &r->estimator, &r->limits, reason, sizeof reason)) {
        snprintf(why, why_size, "%s", reason);
        return -1;
    }
    if (!packeis_player_analyses(r->estimator)) {
        snprintf(why, why_size,
                 "'%s': %s values no move, so it cannot review (mcts, az, montecarlo and "
                 "alphabeta can)",
                 spec, packeis_player_name(r->estimator));
        review_setup_free(out);
        return -1;
    }
    if (budget && read_budget(budget, &r->limits, why, why_size) != 0) {
        review_setup_free(out);
        return -1;
    }
    if (budget)
        fold_budget(spec, budget, out->estimator, sizeof out->estimator);
    else
        snprintf(out->estimator, sizeof out->estimator, "%s", spec);
    if (solver_nodes > 0 && packeis_player_new("alphabeta", 1, &r->solver) != 0) {
        snprintf(why, why_size, "out of memory");
        review_setup_free(out);
        return -1;
    }
    r->solver_nodes = solver_nodes;
    r->limits.stop = stop;
    out->solver_nodes = solver_nodes;
    return 0;
}

void review_setup_free(review_setup *setup)
{
    packeis_player_free(setup->reviewer.estimator);
    packeis_player_free(setup->reviewer.solver);
    setup->reviewer.estimator = setup->reviewer.solver = NULL;
}

void review_setup_new_game(review_setup *setup)
{
    packeis_player_forget(setup->reviewer.estimator);
    if (setup->reviewer.solver)
        packeis_player_forget(setup->reviewer.solver);
}
