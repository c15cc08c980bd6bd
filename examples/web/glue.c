/* SPDX-License-Identifier: MIT */
/* glue.c: see glue.h. */
#include "glue.h"

#include "reviewer.h"

#include <stddef.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static packeis_status last_status = PACKEIS_OK;
static packeis_player_report last_report;

WEB_EXPORT("web_alloc") void *web_alloc(size_t size) { return malloc(size ? size : 1); }

WEB_EXPORT("web_free") void web_free(void *pointer) { free(pointer); }

/* `variants`: bit v on for packeis_variant v (any-floe 1, snake 2). */
static packeis_status configure(packeis_options *options, int players, uint64_t seed,
                                const char *picture, size_t picture_length, unsigned variants,
                                size_t *stop)
{
    packeis_status status = packeis_options_set_players(options, players);
    if (status == PACKEIS_OK)
        status = packeis_options_set_seed(options, seed);
    if (status == PACKEIS_OK && picture_length > 0)
        status = packeis_options_set_layout_picture(options, picture, picture_length, stop);
    for (int v = 0; v < PACKEIS_VARIANT_COUNT && status == PACKEIS_OK; v++)
        status = packeis_options_set_variant(options, v, (variants >> v) & 1u);
    return status;
}

WEB_EXPORT("web_game_new")
packeis_status web_game_new(int players, uint64_t seed, const char *picture,
                            size_t picture_length, unsigned variants, packeis_game **game,
                            size_t *stop)
{
    if (!game || !stop)
        return PACKEIS_E_INVALID_ARGUMENT;
    *game = NULL;
    *stop = 0;
    packeis_options *options = NULL;
    packeis_status status = packeis_options_new(NULL, &options);
    if (status != PACKEIS_OK)
        return status;
    status = configure(options, players, seed, picture, picture_length, variants, stop);
    if (status == PACKEIS_OK)
        status = packeis_game_new(options, game);
    packeis_options_free(options);
    return status;
}

WEB_EXPORT("web_player_name") const char *web_player_name(int index)
{
    const char *const *names = packeis_player_names();
    for (int i = 0; names[i]; i++)
        if (i == index)
            return names[i];
    return NULL;
}

WEB_EXPORT("web_player_new") packeis_player *web_player_new(const char *name, uint64_t seed)
{
    packeis_player *p = NULL;
    return packeis_player_new(name, seed, &p) == 0 ? p : NULL;
}

WEB_EXPORT("web_player_set_option")
const char *web_player_set_option(packeis_player *p, const char *name, const char *value)
{
    const char *why = "no such player";
    if (p && packeis_player_set_option(p, name, value, &why) == 0)
        return NULL;
    return why ? why : "refused";
}

WEB_EXPORT("web_player_choose")
packeis_move web_player_choose(packeis_player *p, const packeis_game *game, double seconds,
                               uint64_t nodes)
{
    packeis_player_limits limits = {.seconds = seconds, .nodes = nodes};
    packeis_move move = PACKEIS_MOVE_NONE;
    memset(&last_report, 0, sizeof last_report);
    last_status = packeis_player_choose(p, game, &limits, &move, &last_report);
    return last_status == PACKEIS_OK ? move : PACKEIS_MOVE_NONE;
}

WEB_EXPORT("web_last_status") packeis_status web_last_status(void) { return last_status; }

/* The player's own sentence for its last failure, or NULL (players.h). */
WEB_EXPORT("web_player_error") const char *web_player_error(const packeis_player *p)
{
    return packeis_player_error(p);
}

WEB_EXPORT("web_player_slicing") const char *web_player_slicing(const packeis_player *p)
{
    switch (packeis_player_resumes(p)) {
    case PACKEIS_PLAYER_RESUME_GROWS:
        return "grow";
    case PACKEIS_PLAYER_RESUME_DEEPENS:
        return "deepen";
    default:
        return "once";
    }
}

WEB_EXPORT("web_player_forget") void web_player_forget(packeis_player *p)
{
    packeis_player_forget(p);
}

WEB_EXPORT("web_player_free") void web_player_free(packeis_player *p)
{
    packeis_player_free(p);
}

WEB_EXPORT("web_report") const packeis_player_report *web_report(void) { return &last_report; }

WEB_EXPORT("web_report_layout") const uint32_t *web_report_layout(void)
{
    static const uint32_t layout[] = {
        offsetof(packeis_player_report, depth),      offsetof(packeis_player_report, nodes),
        offsetof(packeis_player_report, seconds),    offsetof(packeis_player_report, has_score),
        offsetof(packeis_player_report, score),      offsetof(packeis_player_report, exact),
        offsetof(packeis_player_report, pv_length),  offsetof(packeis_player_report, pv),
        offsetof(packeis_player_report, root_moves), offsetof(packeis_player_report, moves),
        offsetof(packeis_player_report, visits),     sizeof(size_t),
    };
    return layout;
}

/* ---- the review panel: see glue.h ---- */

struct web_review {
    review_setup setup; /* packeis-review's reviewer (examples/review/reviewer.h) */
    packeis_player_review_ply *plies;
    size_t count, capacity;
    packeis_player_review_summary summary[PACKEIS_MAX_PLAYERS];
};

static char review_error[160];

WEB_EXPORT("web_review_error") const char *web_review_error(void)
{
    return review_error[0] ? review_error : NULL;
}

WEB_EXPORT("web_review_free") void web_review_free(web_review *r)
{
    if (!r)
        return;
    review_setup_free(&r->setup);
    free(r->plies);
    free(r);
}

WEB_EXPORT("web_review_new")
web_review *web_review_new(const char *estimator_spec, uint64_t solver_nodes)
{
    review_error[0] = '\0';
    web_review *r = calloc(1, sizeof *r);
    const char *spec = estimator_spec && estimator_spec[0] ? estimator_spec : NULL;
    if (r && review_setup_make(&r->setup, spec, NULL, solver_nodes, NULL, review_error,
                               sizeof review_error) == 0)
        return r;
    if (!r)
        snprintf(review_error, sizeof review_error, "out of memory");
    free(r);
    return NULL;
}

WEB_EXPORT("web_review_default_estimator") const char *web_review_default_estimator(void)
{
    return PACKEIS_PLAYER_REVIEW_ESTIMATOR;
}

WEB_EXPORT("web_review_default_solver_nodes") uint64_t web_review_default_solver_nodes(void)
{
    return PACKEIS_PLAYER_REVIEW_SOLVER_NODES;
}

/* Room for `count` plies in r->plies. */
static int reserve_plies(web_review *r, size_t count)
{
    if (count <= r->capacity)
        return 1;
    size_t capacity = r->capacity ? 2 * r->capacity : 64;
    while (capacity < count)
        capacity *= 2;
    packeis_player_review_ply *grown = realloc(r->plies, capacity * sizeof *grown);
    if (!grown)
        return 0;
    r->plies = grown;
    r->capacity = capacity;
    return 1;
}

WEB_EXPORT("web_review_ply")
packeis_status web_review_ply(web_review *r, const packeis_game *game, size_t ply)
{
    if (!r || !game)
        return PACKEIS_E_INVALID_ARGUMENT;
    if (ply > r->count)
        return PACKEIS_E_OUT_OF_RANGE;
    if (!reserve_plies(r, ply + 1))
        return PACKEIS_E_OUT_OF_MEMORY;
    size_t done = 0;
    packeis_player_review_ply reviewed;
    packeis_status status = packeis_player_review_game(&r->setup.reviewer, game, ply, 1,
                                                       &reviewed, &done, NULL, NULL);
    if (status != PACKEIS_OK || done != 1)
        return status != PACKEIS_OK ? status : PACKEIS_E_OUT_OF_RANGE;
    r->plies[ply] = reviewed;
    r->count = ply + 1;
    return PACKEIS_OK;
}

WEB_EXPORT("web_review_count") size_t web_review_count(const web_review *r)
{
    return r ? r->count : 0;
}

WEB_EXPORT("web_review_truncate") void web_review_truncate(web_review *r, size_t count)
{
    if (r && count < r->count)
        r->count = count;
}

WEB_EXPORT("web_review_result")
const packeis_player_review_ply *web_review_result(const web_review *r, size_t ply)
{
    return r && ply < r->count ? &r->plies[ply] : NULL;
}

WEB_EXPORT("web_review_summary")
const packeis_player_review_summary *web_review_summary(web_review *r, int players)
{
    if (!r || packeis_player_review_summarize(r->plies, r->count, players, r->summary) != 0)
        return NULL;
    return r->summary;
}

#define PLY_AT(field)     offsetof(packeis_player_review_ply, field)
#define SUMMARY_AT(field) offsetof(packeis_player_review_summary, field)

WEB_EXPORT("web_review_layout") const uint32_t *web_review_layout(void)
{
    static const uint32_t layout[] = {
        31,
        sizeof(packeis_player_review_ply),
        PLY_AT(ply),
        PLY_AT(player),
        PLY_AT(played),
        PLY_AT(best),
        PLY_AT(forced),
        PLY_AT(has_value),
        PLY_AT(exact),
        PLY_AT(value_before),
        PLY_AT(value_after),
        PLY_AT(loss),
        PLY_AT(accuracy),
        PLY_AT(has_margin),
        PLY_AT(margin_before),
        PLY_AT(margin_after),
        PLY_AT(fish_loss),
        PLY_AT(judgement),
        PLY_AT(nodes),
        sizeof(packeis_player_review_summary),
        SUMMARY_AT(moves),
        SUMMARY_AT(forced),
        SUMMARY_AT(unvalued),
        SUMMARY_AT(exact),
        SUMMARY_AT(average_loss),
        SUMMARY_AT(accuracy),
        SUMMARY_AT(inaccuracies),
        SUMMARY_AT(mistakes),
        SUMMARY_AT(blunders),
        SUMMARY_AT(fish_lost),
        sizeof(size_t),
    };
    _Static_assert(sizeof layout / sizeof layout[0] == 31, "web_review_layout: 31 values");
    return layout;
}

enum { BENCH_BATCH = 256 };

WEB_EXPORT("web_bench_playouts") uint64_t web_bench_playouts(uint64_t seed, uint32_t games)
{
    packeis_game *game = NULL;
    size_t stop = 0;
    if (web_game_new(2, seed, NULL, 0, 0, &game, &stop) != PACKEIS_OK)
        return 0;
    static unsigned winners[BENCH_BATCH];
    uint64_t total = 0;
    for (uint32_t done = 0; done < games;) {
        size_t batch = games - done < BENCH_BATCH ? games - done : BENCH_BATCH;
        size_t plies = 0;
        if (packeis_game_playout_batch(game, seed + done, batch, winners, NULL, NULL,
                                       BENCH_BATCH, &plies) != PACKEIS_OK) {
            total = 0;
            break;
        }
        total += plies;
        done += (uint32_t)batch;
    }
    packeis_game_free(game);
    return total;
}
