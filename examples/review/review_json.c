/* SPDX-License-Identifier: MIT */
/* review_json.c: reviews as JSON (review_json.h, doc/formats.md). */
#include "review_json.h"
#include "utf8.h"

#include <inttypes.h>

static void json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c;) {
        size_t length = utf8_sequence(c);
        if (length == 0)
            fputs("\\ufffd", out); /* a byte of no UTF-8 sequence (a file name's) */
        else if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(out, "\\u%04x", *c);
        else
            fwrite(c, 1, length, out);
        c += length ? length : 1;
    }
    fputc('"', out);
}

/* A number, or null when it is not `known`; never "-0". */
static void json_number(FILE *out, int decimals, int known, double value)
{
    if (!known)
        fputs("null", out);
    else
        fprintf(out, "%.*f", decimals, value == 0 ? 0.0 : value);
}

static const char *boolean(int value) { return value ? "true" : "false"; }

static void json_ply(FILE *out, const reviewed_game *g, const packeis_player_review_ply *p)
{
    char played[PACKEIS_MOVE_TEXT_SIZE], best[PACKEIS_MOVE_TEXT_SIZE];
    int valued = p->has_value && !p->forced;
    fprintf(out,
            "        {\"ply\": %zu, \"player\": %d, \"played\": \"%s\", \"best\": \"%s\", ",
            p->ply, p->player, reviewed_move(g, p->played, played),
            reviewed_move(g, p->best, best));
    fprintf(out, "\"forced\": %s, \"valued\": %s, \"exact\": %s, \"value_before\": ",
            boolean(p->forced), boolean(valued), boolean(valued && p->exact));
    json_number(out, 4, valued, p->value_before);
    fputs(", \"value_after\": ", out);
    json_number(out, 4, valued, p->value_after);
    fputs(", \"loss\": ", out);
    json_number(out, 4, valued || p->forced, p->loss);
    fputs(", \"accuracy\": ", out);
    json_number(out, 2, valued || p->forced, p->accuracy);
    fprintf(out, ", \"judgement\": \"%s\", \"margin_before\": ",
            reviewed_judgement(valued ? p->judgement : 0));
    int margins = valued && p->exact && p->has_margin;
    json_number(out, 0, margins, p->margin_before);
    fputs(", \"margin_after\": ", out);
    json_number(out, 0, margins, p->margin_after);
    fputs(", \"fish_loss\": ", out);
    json_number(out, 0, margins, p->fish_loss);
    fprintf(out, ", \"nodes\": %" PRIu64 "}", p->nodes);
}

static void json_summary(FILE *out, int player, const packeis_player_review_summary *s)
{
    fprintf(out,
            "        {\"player\": %d, \"moves\": %zu, \"forced\": %zu, \"unvalued\": %zu, "
            "\"exact\": %zu, \"average_loss\": %.4f, \"accuracy\": %.2f, \"inaccuracies\": "
            "%zu, \"mistakes\": %zu, \"blunders\": %zu, \"fish_lost\": %.0f}",
            player, s->moves, s->forced, s->unvalued, s->exact, s->average_loss, s->accuracy,
            s->inaccuracies, s->mistakes, s->blunders, s->fish_lost == 0 ? 0.0 : s->fish_lost);
}

static void json_game(FILE *out, const reviewed_game *g)
{
    fputs("    {\"source\": ", out);
    json_string(out, g->source);
    if (g->error[0]) {
        fputs(", \"error\": ", out);
        json_string(out, g->error);
        fputs("}", out);
        return;
    }
    fprintf(out, ", \"players\": %d,\n      \"plies\": [", g->players);
    for (size_t i = 0; i < g->done; i++) {
        fputs(i ? ",\n" : "\n", out);
        json_ply(out, g, &g->plies[i]);
    }
    fputs(g->done ? "\n      ],\n      \"summary\": [" : "],\n      \"summary\": [", out);
    for (int p = 0; p < g->players; p++) {
        fputs(p ? ",\n" : "\n", out);
        json_summary(out, p, &g->summary[p]);
    }
    fprintf(out, "\n      ],\n      \"complete\": %s}", boolean(g->complete));
}

void review_json(FILE *out, const review_setup *setup, const reviewed_game *games, size_t count)
{
    fputs("{\"format\": \"packeis-review\", \"version\": 1,\n \"reviewer\": {\"estimator\": ",
          out);
    json_string(out, setup->estimator);
    fprintf(out, ", \"solver_nodes\": %" PRIu64 "},\n \"games\": [", setup->solver_nodes);
    for (size_t i = 0; i < count; i++) {
        fputs(i ? ",\n" : "\n", out);
        json_game(out, &games[i]);
    }
    fputs(count ? "\n  ]}\n" : "]}\n", out);
}
