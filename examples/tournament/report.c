/* SPDX-License-Identifier: MIT */
/* report.c: the table, the forfeits and the records' index (report.h). */
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const report *sorting; /* qsort has no context argument */

/* Rated participants first, by Elo; then by score. */
static int better_first(const void *a, const void *b)
{
    const standing *x = &sorting->rows[*(const int *)a], *y = &sorting->rows[*(const int *)b];
    if (x->rated != y->rated)
        return y->rated - x->rated;
    double dx = x->rated ? x->elo : x->score, dy = y->rated ? y->elo : y->score;
    if (dx != dy)
        return dx < dy ? 1 : -1;
    return *(const int *)a - *(const int *)b;
}

/* The participants best first, in order[0 ... count-1]. Not thread-safe
 * (the report is written by one thread at the end). */
static void rank_order(const report *r, int *order)
{
    for (int i = 0; i < r->count; i++)
        order[i] = i;
    sorting = r;
    qsort(order, (size_t)r->count, sizeof *order, better_first);
}

static void print_elo(FILE *out, const standing *row)
{
    if (!row->rated)
        fprintf(out, "  %6s", "-");
    else if (!row->interval)
        fprintf(out, "  %+6.0f  (anchor)", row->elo);
    else
        fprintf(out, "  %+6.0f  [%+.0f, %+.0f]", row->elo, row->elo_low, row->elo_high);
}

/* The review's columns; "-" for a participant with no move valued. */
static void print_review(FILE *out, const review_figures *figures)
{
    if (figures->moves)
        fprintf(out, "  %7.3f  %8.1f  %7.2f", figures->average_loss, figures->accuracy,
                figures->blunders_per_game);
    else
        fprintf(out, "  %7s  %8s  %7s", "-", "-", "-");
}

static void print_forfeits(FILE *out, const report *r)
{
    int any = 0;
    for (size_t g = 0; g < r->game_count; g++) {
        const played_game *game = &r->games[g];
        if (game->failed)
            fprintf(out, "game %zu: not counted: %s\n", g + 1, game->failure);
        if (game->forfeit == FORFEIT_NONE)
            continue;
        if (!any++)
            fprintf(out, "\nForfeits:\n");
        int s = game->result.forfeit_seat;
        fprintf(out, "  game %zu: %s (seat %c, after %zu plies) forfeits: %s: %s\n", g + 1,
                r->participants[game->result.participant[s]].label, 'A' + s, game->plies,
                forfeit_name(game->forfeit), game->reason);
    }
}

void report_table(FILE *out, const report *r)
{
    int *order = malloc((size_t)r->count * sizeof *order);
    if (!order)
        return;
    rank_order(r, order);
    int width = 6;
    for (int i = 0; i < r->count; i++) {
        int length = (int)strlen(r->participants[i].label);
        width = length > width ? length : width;
    }
    static const char *const place_names[] = {"1st", "2nd", "3rd", "4th"};
    fprintf(out, "  # %-*s  games  wins draws losses forfeits", width, "player");
    for (int k = 0; r->seats > 2 && k < r->seats; k++)
        fprintf(out, "  %4s", place_names[k]);
    fprintf(out, "   fish  rank%s   score     Elo  95 %% interval\n",
            r->review ? "     loss  accuracy  ?"
                        "?/game"
                      : "");
    for (int i = 0; i < r->count; i++) {
        const standing *row = &r->rows[order[i]];
        fprintf(out, "%3d %-*s  %5d %5d %5d %6d %8d", i + 1, width,
                r->participants[order[i]].label, row->games, row->wins, row->draws, row->losses,
                row->forfeits);
        for (int k = 0; r->seats > 2 && k < r->seats; k++)
            fprintf(out, "  %4d", row->places[k]);
        fprintf(out, " %6.1f %5.2f", row->mean_fish, row->mean_rank);
        if (r->review)
            print_review(out, &r->review[order[i]]);
        fprintf(out, " %6.1f %%", 100.0 * row->score);
        print_elo(out, row);
        fprintf(out, "\n");
    }
    fprintf(out, "Elo: %s = 0; score: mean result against each opponent (win 1, draw 1/2).\n",
            r->participants[r->anchor].label);
    if (r->review)
        fprintf(out,
                "loss: mean loss a move (0 ... 2, the reward lost against the best move), "
                "accuracy: mean\naccuracy a move (0 ... 100), ?"
                "?/game: blunders a game, by "
                "the review of every game\n(%s, solver %" PRIu64 " positions).\n",
                r->reviewer, r->solver_nodes);
    print_forfeits(out, r);
    free(order);
}

/* A field of CSV: quoted, its quotes doubled. */
static void csv_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            fputc('"', out);
        fputc(*c, out);
    }
    fputc('"', out);
}

void report_csv(FILE *out, const report *r)
{
    int *order = malloc((size_t)r->count * sizeof *order);
    if (!order)
        return;
    rank_order(r, order);
    fprintf(out,
            "rank,player,games,wins,draws,losses,forfeits,first,second,third,fourth,"
            "mean_fish,mean_rank,score,score_se,elo,elo_low,elo_high%s\n",
            r->review ? ",average_loss,accuracy,blunders_per_game,reviewed_moves" : "");
    for (int i = 0; i < r->count; i++) {
        const standing *row = &r->rows[order[i]];
        fprintf(out, "%d,", i + 1);
        csv_string(out, r->participants[order[i]].label);
        fprintf(out, ",%d,%d,%d,%d,%d,%d,%d,%d,%d,%.4f,%.4f,%.6f,%.6f", row->games, row->wins,
                row->draws, row->losses, row->forfeits, row->places[0], row->places[1],
                row->places[2], row->places[3], row->mean_fish, row->mean_rank, row->score,
                row->score_se);
        if (row->rated && row->interval)
            fprintf(out, ",%.1f,%.1f,%.1f", row->elo, row->elo_low, row->elo_high);
        else if (row->rated)
            fprintf(out, ",%.1f,,", row->elo);
        else
            fprintf(out, ",,,");
        const review_figures *figures = r->review ? &r->review[order[i]] : NULL;
        if (figures && figures->moves)
            fprintf(out, ",%.6f,%.4f,%.4f,%zu", figures->average_loss, figures->accuracy,
                    figures->blunders_per_game, figures->moves);
        else if (figures)
            fprintf(out, ",,,,0");
        fprintf(out, "\n");
    }
    free(order);
}

static void json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

static void json_row(FILE *out, const report *r, int rank, int who)
{
    const standing *row = &r->rows[who];
    fprintf(out, "    {\"rank\": %d, \"player\": ", rank);
    json_string(out, r->participants[who].label);
    fprintf(out,
            ", \"games\": %d, \"wins\": %d, \"draws\": %d, \"losses\": %d, \"forfeits\": %d, "
            "\"places\": [",
            row->games, row->wins, row->draws, row->losses, row->forfeits);
    for (int k = 0; k < r->seats; k++)
        fprintf(out, "%s%d", k ? ", " : "", row->places[k]);
    fprintf(out,
            "], \"mean_fish\": %.6f, \"mean_rank\": %.6f, \"score\": %.6f, \"score_se\": %.6f",
            row->mean_fish, row->mean_rank, row->score, row->score_se);
    if (row->rated)
        fprintf(out, ", \"elo\": %.2f", row->elo);
    else
        fprintf(out, ", \"elo\": null");
    if (row->interval)
        fprintf(out, ", \"elo_low\": %.2f, \"elo_high\": %.2f", row->elo_low, row->elo_high);
    else
        fprintf(out, ", \"elo_low\": null, \"elo_high\": null");
    const review_figures *figures = r->review ? &r->review[who] : NULL;
    if (figures && figures->moves)
        fprintf(out,
                ", \"average_loss\": %.6f, \"accuracy\": %.4f, \"blunders_per_game\": %.4f, "
                "\"reviewed_moves\": %zu",
                figures->average_loss, figures->accuracy, figures->blunders_per_game,
                figures->moves);
    else if (figures)
        fprintf(out, ", \"average_loss\": null, \"accuracy\": null, \"blunders_per_game\": "
                     "null, \"reviewed_moves\": 0");
    fprintf(out, "}");
}

static void json_game(FILE *out, const report *r, size_t g)
{
    const played_game *game = &r->games[g];
    const game_result *res = &game->result;
    unsigned variants = r->plans[g].variants;
    fprintf(out,
            "    {\"game\": %zu, \"board\": %d, \"board_seed\": %" PRIu64
            ", \"variants\": [%s%s%s], \"plies\": %zu, \"counted\": %s, \"seats\": [",
            g + 1, r->plans[g].board, r->plans[g].board_seed,
            variants & (1u << PACKEIS_VARIANT_PLACE_ANY_FLOE) ? "\"any-floe\"" : "",
            variants == 3u ? ", " : "",
            variants & (1u << PACKEIS_VARIANT_SNAKE_PLACEMENT) ? "\"snake\"" : "", game->plies,
            game->failed ? "false" : "true");
    for (int s = 0; s < res->seats; s++) {
        fprintf(out, "%s{\"player\": ", s ? ", " : "");
        json_string(out, r->participants[res->participant[s]].label);
        fprintf(out, ", \"fish\": %d, \"rank\": %d}", res->fish[s], res->rank[s]);
    }
    fprintf(out, "], \"forfeit\": ");
    if (game->forfeit == FORFEIT_NONE) {
        fprintf(out, "null}");
        return;
    }
    fprintf(out, "{\"seat\": %d, \"player\": ", res->forfeit_seat);
    json_string(out, r->participants[res->participant[res->forfeit_seat]].label);
    fprintf(out, ", \"reason\": \"%s\", \"detail\": ", forfeit_name(game->forfeit));
    json_string(out, game->reason);
    fprintf(out, "}}");
}

void report_json(FILE *out, const report *r)
{
    int *order = malloc((size_t)r->count * sizeof *order);
    if (!order)
        return;
    rank_order(r, order);
    fprintf(out, "{\n  \"seats\": %d,\n  \"anchor\": ", r->seats);
    json_string(out, r->participants[r->anchor].label);
    if (r->review) {
        fprintf(out, ",\n  \"reviewer\": {\"estimator\": ");
        json_string(out, r->reviewer);
        fprintf(out, ", \"solver_nodes\": %" PRIu64 "}", r->solver_nodes);
    }
    fprintf(out, ",\n  \"table\": [\n");
    for (int i = 0; i < r->count; i++) {
        json_row(out, r, i + 1, order[i]);
        fprintf(out, "%s\n", i + 1 < r->count ? "," : "");
    }
    fprintf(out, "  ],\n  \"games\": [\n");
    for (size_t g = 0; g < r->game_count; g++) {
        json_game(out, r, g);
        fprintf(out, "%s\n", g + 1 < r->game_count ? "," : "");
    }
    fprintf(out, "  ]\n}\n");
    free(order);
}

void report_index(FILE *out, const report *r)
{
    fprintf(out, "game,record,board_seed");
    for (int s = 0; s < r->seats; s++)
        fprintf(out, ",seat_%c,fish_%c,rank_%c", 'a' + s, 'a' + s, 'a' + s);
    fprintf(out, ",forfeit_seat,forfeit,reason\n");
    for (size_t g = 0; g < r->game_count; g++) {
        const played_game *game = &r->games[g];
        fprintf(out, "%zu,game-%05zu.txt,%" PRIu64, g + 1, g + 1, r->plans[g].board_seed);
        for (int s = 0; s < r->seats; s++) {
            fprintf(out, ",");
            csv_string(out, r->participants[game->result.participant[s]].label);
            fprintf(out, ",%d,%d", game->result.fish[s], game->result.rank[s]);
        }
        if (game->forfeit == FORFEIT_NONE) {
            fprintf(out, ",,,\n");
            continue;
        }
        fprintf(out, ",%c,%s,", 'A' + game->result.forfeit_seat, forfeit_name(game->forfeit));
        csv_string(out, game->reason);
        fprintf(out, "\n");
    }
}
