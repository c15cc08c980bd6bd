/* SPDX-License-Identifier: MIT */
/* review_view.c: a game review in the terminal (review_view.h). */
#include "review_view.h"

#include <string.h>

#include "game_text.h"

/* The player column: "A you", as wide as the widest label. */
static int player_width(const packeis_game *game, const seat_labels *labels)
{
    int widest = 6; /* "player" */
    for (int p = 0; p < packeis_game_player_count(game); p++)
        if ((int)strlen(labels->label[p]) + 2 > widest)
            widest = (int)strlen(labels->label[p]) + 2;
    return widest;
}

static void player_cell(FILE *out, int p, int width, const seat_labels *labels, const style *st)
{
    fprintf(out, "%s%c%s %-*s", st->player[p], 'A' + p, st->reset, width - 2, labels->label[p]);
}

const char *review_view_judgement(int judgement)
{
    static const char *const words[] = {"", "inaccuracy", "mistake", "blunder"};
    return judgement >= 1 && judgement <= 3 ? words[judgement] : "";
}

/* ?! ? ?? as chess writes an inaccuracy, a mistake, a blunder. */
static const char *mark(int judgement)
{
    static const char *const marks[] = {"", "?!", "?", "??"};
    return judgement >= 1 && judgement <= 3 ? marks[judgement] : "";
}

void review_view_heading(FILE *out, const packeis_game *game, const seat_labels *labels)
{
    fprintf(out, "  no.  %-*s  played   best     before   after    loss\n",
            player_width(game, labels), "player");
}

void review_view_ply(FILE *out, const packeis_game *game, const seat_labels *labels,
                     const style *st, const packeis_player_review_ply *ply)
{
    char played[PACKEIS_MOVE_TEXT_SIZE], best[PACKEIS_MOVE_TEXT_SIZE];
    fprintf(out, "%5zu. ", ply->ply + 1);
    player_cell(out, ply->player, player_width(game, labels), labels, st);
    fprintf(out, "  %-7s  ", move_text(game, ply->played, played));
    if (ply->forced) {
        fputs("forced (the only move)\n", out);
        return;
    }
    if (!ply->has_value) {
        fprintf(out, "%-7s  no value (the search did not reach the move)\n",
                move_text(game, ply->best, best));
        return;
    }
    fprintf(out, "%-7s  %+.2f -> %+.2f %s %5.2f", move_text(game, ply->best, best),
            ply->value_before, ply->value_after, ply->exact ? "=" : " ", ply->loss);
    if (ply->judgement > 0)
        fprintf(out, " %s%-2s %s%s", st->error, mark(ply->judgement),
                review_view_judgement(ply->judgement), st->reset);
    if (ply->has_margin && ply->fish_loss > 0)
        fprintf(out, "%s%g fish lost", ply->judgement > 0 ? ", " : "  ", ply->fish_loss);
    fputc('\n', out);
}

void review_view_summary(FILE *out, const packeis_game *game, const seat_labels *labels,
                         const style *st, const packeis_player_review_ply *plies, size_t count)
{
    int players = packeis_game_player_count(game), width = player_width(game, labels);
    packeis_player_review_summary summary[PACKEIS_MAX_PLAYERS];
    if (packeis_player_review_summarize(plies, count, players, summary) != 0)
        return;
    fprintf(out, "  %-*s  moves  forced  average loss  accuracy  ?!   ?  ??  fish lost\n",
            width, "player");
    for (int p = 0; p < players; p++) {
        const packeis_player_review_summary *s = &summary[p];
        fputs("  ", out);
        player_cell(out, p, width, labels, st);
        fprintf(out, "  %5zu  %6zu  %12.3f  %8.1f %3zu %3zu %3zu  ", s->moves, s->forced,
                s->average_loss, s->accuracy, s->inaccuracies, s->mistakes, s->blunders);
        if (s->exact > 0)
            fprintf(out, "%g (%zu exact move%s)\n", s->fish_lost, s->exact,
                    s->exact == 1 ? "" : "s");
        else
            fputs("- (no exact move)\n", out);
    }
}
