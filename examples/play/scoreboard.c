/* SPDX-License-Identifier: MIT */
/* scoreboard.c: scores, what each action did, the standings (scoreboard.h). */
#include "scoreboard.h"

#include <string.h>

#include "game_text.h"

static int width_of_labels(const packeis_game *game, const seat_labels *labels)
{
    int widest = 0;
    for (int p = 0; p < packeis_game_player_count(game); p++)
        if ((int)strlen(labels->label[p]) > widest)
            widest = (int)strlen(labels->label[p]);
    return widest;
}

static void player_line(FILE *out, const packeis_game *game, int p, int width,
                        const seat_labels *labels, const style *st)
{
    fprintf(out, "%s%c%s %-*s %3d fish %3d floes", st->player[p], 'A' + p, st->reset, width,
            labels->label[p], packeis_game_fish_won(game, p), packeis_game_floes_won(game, p));
}

void scores_draw(FILE *out, const packeis_game *game, const seat_labels *labels,
                 const style *st)
{
    int width = width_of_labels(game, labels);
    int current = packeis_game_current_player(game);
    for (int p = 0; p < packeis_game_player_count(game); p++) {
        fputs(p == current ? "> " : "  ", out);
        player_line(out, game, p, width, labels, st);
        fputs(packeis_game_is_out(game, p) ? "  out\n" : "\n", out);
    }
    size_t plies = packeis_game_ply_count(game);
    char text[PACKEIS_MOVE_TEXT_SIZE];
    fprintf(out, "%s", packeis_phase_name(packeis_game_phase(game)));
    if (plies > 0) {
        int who = packeis_game_ply_player(game, plies - 1);
        fprintf(out, ", %zu action%s, last %s%c %s%s", plies, plies == 1 ? "" : "s",
                st->player[who], 'A' + who, move_text(game, ply_move(game, plies - 1), text),
                st->reset);
    }
    if (current >= 0)
        fprintf(out, "; %s%c%s (%s) to %s\n", st->player[current], 'A' + current, st->reset,
                labels->label[current],
                packeis_game_phase(game) == PACKEIS_PHASE_PLACEMENT ? "place a penguin"
                                                                    : "move");
    else
        fputs("\n", out);
}

/* A player going out with an action: the floes under its penguins (for
 * the mover, not the floe it slid from, told with the action). */
static void going_out(FILE *out, const packeis_game *game, size_t ply, int p, uint64_t origin,
                      const style *st)
{
    uint64_t floes = packeis_game_ply_credited(game, ply, p) & ~origin;
    int count = cells_count(floes);
    fprintf(out, "    %s%c%s cannot move and is out", st->player[p], 'A' + p, st->reset);
    if (count > 0)
        fprintf(out, ": its penguins leave with %d floe%s, +%d fish", count,
                count == 1 ? "" : "s", cells_fish(game, floes));
    fputc('\n', out);
}

void ply_notice(FILE *out, const packeis_game *game, size_t ply, const seat_labels *labels,
                const style *st)
{
    int mover = packeis_game_ply_player(game, ply);
    packeis_move move = ply_move(game, ply);
    if (mover < 0 || move == PACKEIS_MOVE_NONE)
        return;
    char text[PACKEIS_MOVE_TEXT_SIZE];
    int from = packeis_move_from(move);
    uint64_t origin = from >= 0 ? UINT64_C(1) << from : 0;
    fprintf(out, "%zu. %s%c%s %s %s %s", ply + 1, st->player[mover], 'A' + mover, st->reset,
            labels->label[mover], from < 0 ? "places on" : "slides",
            move_text(game, move, text));
    if (from >= 0)
        fprintf(out, ", +%d fish", cells_fish(game, origin));
    fputc('\n', out);
    unsigned out_players = packeis_game_ply_players_out(game, ply);
    uint64_t anyone = 0;
    for (int p = 0; p < packeis_game_player_count(game); p++) {
        anyone |= packeis_game_ply_credited(game, ply, p);
        if ((out_players >> p) & 1)
            going_out(out, game, ply, p, p == mover ? origin : 0, st);
    }
    uint64_t out_of_play = packeis_game_ply_removed(game, ply) & ~anyone;
    if (out_of_play) {
        char cells[256];
        cells_text(game, out_of_play, cells, sizeof cells);
        int count = cells_count(out_of_play);
        fprintf(out, "    %d floe%s out of play, no penguin can reach %s: %s\n", count,
                count == 1 ? "" : "s", count == 1 ? "it" : "them", cells);
    }
}

void standings_draw(FILE *out, const packeis_game *game, const seat_labels *labels,
                    const style *st)
{
    int players = packeis_game_player_count(game), width = width_of_labels(game, labels);
    int over = packeis_game_phase(game) == PACKEIS_PHASE_OVER;
    fprintf(out, "%s%s standings%s\n", st->strong, over ? "Final" : "Provisional", st->reset);
    for (int place = 1; place <= players; place++)
        for (int p = 0; p < players; p++) {
            if (packeis_game_rank(game, p) != place)
                continue;
            fprintf(out, "  %d. ", place);
            player_line(out, game, p, width, labels, st);
            fputc('\n', out);
        }
    unsigned winners = packeis_game_winners(game);
    int first_fish = -1, tied_on_fish = 0;
    for (int p = 0; p < players; p++) {
        if (!((winners >> p) & 1))
            continue;
        first_fish = packeis_game_fish_won(game, p);
    }
    for (int p = 0; p < players; p++)
        if (!((winners >> p) & 1) && packeis_game_fish_won(game, p) == first_fish)
            tied_on_fish = 1;
    int count = 0;
    for (int p = 0; p < players; p++)
        if ((winners >> p) & 1) {
            fprintf(out, "%s%s%c%s", count ? " and " : "", st->player[p], 'A' + p, st->reset);
            count++;
        }
    if (count > 1)
        fprintf(out, " %s: equal fish and floes.\n",
                over ? "share first place" : "share the lead");
    else if (tied_on_fish)
        fprintf(out, " %s on the tie-break: equal fish, more floes.\n",
                over ? "wins" : "leads");
    else
        fprintf(out, " %s.\n", over ? "wins" : "leads");
}
