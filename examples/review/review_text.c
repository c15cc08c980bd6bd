/* SPDX-License-Identifier: MIT */
/* review_text.c: a review in the terminal (review_text.h). */
#include "review_text.h"

static void print_ply(FILE *out, const reviewed_game *g, const packeis_player_review_ply *p)
{
    char played[PACKEIS_MOVE_TEXT_SIZE], best[PACKEIS_MOVE_TEXT_SIZE];
    fprintf(out, "  %4zu.  %-6c %-8s ", p->ply + 1, 'A' + p->player,
            reviewed_move(g, p->played, played));
    if (p->forced) {
        fprintf(out, "%-8s forced\n", "");
        return;
    }
    if (!p->has_value) {
        fprintf(out, "%-8s no value (the search did not reach the move)\n",
                reviewed_move(g, p->best, best));
        return;
    }
    fprintf(out, "%-8s %+.2f -> %+.2f %s  %5.2f", reviewed_move(g, p->best, best),
            p->value_before, p->value_after, p->exact ? "=" : " ", p->loss);
    if (p->judgement > 0)
        fprintf(out, " %s", reviewed_mark(p->judgement));
    if (p->has_margin && p->fish_loss > 0)
        fprintf(out, "  %g fish", p->fish_loss);
    fprintf(out, "\n");
}

static void print_summary(FILE *out, const reviewed_game *g)
{
    fprintf(out, "\n  player  moves  forced  average loss  accuracy  ?!   ?  ??  exact  fish "
                 "lost\n");
    for (int p = 0; p < g->players; p++) {
        const packeis_player_review_summary *s = &g->summary[p];
        fprintf(out, "  %c       %5zu  %6zu  %12.3f  %8.1f %3zu %3zu %3zu  %5zu  %9g\n",
                'A' + p, s->moves, s->forced, s->average_loss, s->accuracy, s->inaccuracies,
                s->mistakes, s->blunders, s->exact, s->fish_lost);
    }
}

void review_text_game(FILE *out, const reviewed_game *g)
{
    if (g->error[0]) {
        fprintf(out, "not reviewed: %s\n\n", g->error); /* the error names the record */
        return;
    }
    fprintf(out, "%s: %d players, %zu plies\n", g->source, g->players, g->total);
    if (g->total > 0)
        fprintf(out, "  %5s  %-6s %-8s %-8s %-16s  %5s\n", "no.", "player", "played", "best",
                "before -> after", "loss");
    for (size_t i = 0; i < g->done; i++)
        print_ply(out, g, &g->plies[i]);
    if (!g->complete)
        fprintf(out, "  stopped: %zu of %zu plies reviewed\n", g->done, g->total);
    print_summary(out, g);
    fprintf(out, "\n");
}
