/* SPDX-License-Identifier: MIT */
/* review_svg.c: evaluation graphs (review_svg.h), in the manner of
 * examples/board_svg.c: plain SVG, a style sheet, a title per element. */
#include "review_svg.h"
#include "utf8.h"

#define WIDTH      780.0
#define PLOT_LEFT  64.0
#define PLOT_RIGHT (WIDTH - 180.0) /* the legend to its right */
#define TITLE_H    34.0
#define PLOT_H     200.0
#define AXIS_H     46.0
#define GRAPH_H    (TITLE_H + PLOT_H + AXIS_H)
#define ERROR_H    34.0
#define GAP        14.0

static const char *const player_colour[] = {"#2c6fbb", "#7a3fa0", "#2a9d5c", "#8c6d1f"};
static const char *const mark_class[] = {"", "inaccuracy", "mistake", "blunder"};

/* Text for XML: & < > " escaped, U+FFFD for a byte of no UTF-8 sequence
 * (a file name's: XML is UTF-8), control characters but tab left out. */
static void xml_text(FILE *out, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c;) {
        size_t length = utf8_sequence(c);
        if (length == 0)
            fputs("\xef\xbf\xbd", out);
        else if (*c == '&')
            fputs("&amp;", out);
        else if (*c == '<')
            fputs("&lt;", out);
        else if (*c == '>')
            fputs("&gt;", out);
        else if (*c == '"')
            fputs("&quot;", out);
        else if (*c >= 0x20 || *c == '\t')
            fwrite(c, 1, length, out);
        c += length ? length : 1;
    }
}

typedef struct frame {
    double top;   /* of the plot area */
    size_t plies; /* the x axis runs 0 ... plies */
} frame;

static double px(const frame *f, double ply)
{
    return PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * ply / (double)(f->plies ? f->plies : 1);
}

static double py(const frame *f, double value) { return f->top + PLOT_H * (1.0 - value) / 2.0; }

/* A tick step of 1, 2, 5, 10, 20 ... giving at most 12 ticks. */
static size_t tick_step(size_t plies)
{
    static const size_t steps[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
    size_t i = 0;
    while (i + 1 < sizeof steps / sizeof steps[0] && plies / steps[i] > 12)
        i++;
    return steps[i];
}

static void draw_axes(FILE *out, const frame *f, const char *y_label)
{
    for (int k = -2; k <= 2; k++) {
        double value = k / 2.0, y = py(f, value);
        fprintf(
            out,
            "    <line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
            "    <text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%+.1f</text>\n",
            k == 0 ? "zero" : "grid", PLOT_LEFT, y, PLOT_RIGHT, y, PLOT_LEFT - 6, y + 4, value);
    }
    double bottom = py(f, -1);
    size_t step = tick_step(f->plies);
    for (size_t ply = 0; ply <= f->plies; ply += step)
        fprintf(out,
                "    <line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
                "    <text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
                "text-anchor=\"middle\">%zu</text>\n",
                px(f, (double)ply), bottom, px(f, (double)ply), bottom + 5, px(f, (double)ply),
                bottom + 18, ply);
    fprintf(
        out,
        "    <rect class=\"box\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n"
        "    <text class=\"label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">ply (actions "
        "played)</text>\n"
        "    <text class=\"label\" transform=\"translate(%.1f %.1f) rotate(-90)\" "
        "text-anchor=\"middle\">%s</text>\n",
        PLOT_LEFT, f->top, PLOT_RIGHT - PLOT_LEFT, PLOT_H, (PLOT_LEFT + PLOT_RIGHT) / 2,
        bottom + 38, 18.0, f->top + PLOT_H / 2, y_label);
}

/* The value of `series` after ply p (2 players: A's; else the mover's). */
static double series_value(const reviewed_game *g, const packeis_player_review_ply *p)
{
    return g->players == 2 && p->player == 1 ? -p->value_after : p->value_after;
}

static int in_series(const reviewed_game *g, const packeis_player_review_ply *p, int series)
{
    return p->has_value && !p->forced && (g->players == 2 || p->player == series);
}

static void draw_series(FILE *out, const reviewed_game *g, const frame *f, int series)
{
    const packeis_player_review_ply *first = NULL;
    for (size_t i = 0; i < g->done && !first; i++)
        if (in_series(g, &g->plies[i], series))
            first = &g->plies[i];
    if (!first)
        return;
    fprintf(out, "    <polyline class=\"value\" stroke=\"%s\" points=\"",
            player_colour[series]);
    if (g->players == 2) { /* the value before the first move valued */
        double start = first->player == 1 ? -first->value_before : first->value_before;
        fprintf(out, "%.1f,%.1f ", px(f, (double)first->ply), py(f, start));
    }
    for (size_t i = 0; i < g->done; i++)
        if (in_series(g, &g->plies[i], series))
            fprintf(out, "%.1f,%.1f ", px(f, (double)g->plies[i].ply + 1),
                    py(f, series_value(g, &g->plies[i])));
    fprintf(out, "\"/>\n");
}

/* A point per move valued, its tooltip the move; marked ones larger. */
static void draw_points(FILE *out, const reviewed_game *g, const frame *f)
{
    for (size_t i = 0; i < g->done; i++) {
        const packeis_player_review_ply *p = &g->plies[i];
        if (!p->has_value || p->forced)
            continue;
        char played[PACKEIS_MOVE_TEXT_SIZE], best[PACKEIS_MOVE_TEXT_SIZE];
        int mark = p->judgement > 0 && p->judgement <= 3 ? p->judgement : 0;
        double x = px(f, (double)p->ply + 1), y = py(f, series_value(g, p));
        if (mark) /* who erred, above the point (below it near the top) */
            fprintf(out,
                    "    <text class=\"mark\" x=\"%.1f\" y=\"%.1f\" "
                    "text-anchor=\"middle\">%c%s</text>\n",
                    x, y < f->top + 16 ? y + 17 : y - 8, 'A' + p->player, reviewed_mark(mark));
        if (mark)
            fprintf(out, "    <circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\">",
                    mark_class[mark], x, y);
        else
            fprintf(out, "    <circle fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\">",
                    player_colour[g->players == 2 ? 0 : p->player], x, y);
        fprintf(out,
                "<title>%zu. %c %s%s (best %s): %+.2f -> %+.2f for %c, loss %.2f%s</title>"
                "</circle>\n",
                p->ply + 1, 'A' + p->player, reviewed_move(g, p->played, played),
                reviewed_mark(mark), reviewed_move(g, p->best, best), p->value_before,
                p->value_after, 'A' + p->player, p->loss, p->exact ? ", exact" : "");
    }
}

static void draw_legend(FILE *out, const reviewed_game *g, const frame *f)
{
    double x = PLOT_RIGHT + 18, y = f->top + 10;
    int lines = g->players == 2 ? 1 : g->players;
    for (int s = 0; s < lines; s++, y += 20)
        fprintf(out,
                "    <line class=\"value\" stroke=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                "y2=\"%.1f\"/>\n    <text class=\"legend\" x=\"%.1f\" y=\"%.1f\">%c's "
                "value</text>\n",
                player_colour[s], x, y, x + 24, y, x + 30, y + 4, 'A' + s);
    if (g->players == 2) {
        fprintf(out,
                "    <text class=\"note\" x=\"%.1f\" y=\"%.1f\">(B's: its opposite)</text>\n",
                x + 30, y - 2);
        y += 14;
    }
    static const char *const words[] = {"", "?! inaccuracy", "? mistake", "?? blunder"};
    for (int m = 1; m <= 3; m++, y += 20)
        fprintf(out,
                "    <circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\"/>\n"
                "    <text class=\"legend\" x=\"%.1f\" y=\"%.1f\">%s</text>\n",
                mark_class[m], x + 12, y, x + 30, y + 4, words[m]);
}

static void draw_game(FILE *out, const reviewed_game *g, double top)
{
    fprintf(out, "  <g>\n    <text class=\"title\" x=\"%.1f\" y=\"%.1f\">", PLOT_LEFT,
            top + 20);
    if (g->error[0]) { /* the error names the record */
        fputs("not reviewed: ", out);
        xml_text(out, g->error);
        fputs("</text>\n  </g>\n", out);
        return;
    }
    xml_text(out, g->source);
    fprintf(out, ": %d players, %zu plies", g->players, g->total);
    if (!g->complete)
        fprintf(out, " (stopped: %zu reviewed)", g->done);
    fputs("</text>\n", out);
    frame f = {top + TITLE_H, g->total};
    draw_axes(out, &f,
              g->players == 2 ? "value for A (+1 win, -1 loss)" : "each player's value");
    for (int s = 0; s < (g->players == 2 ? 1 : g->players); s++)
        draw_series(out, g, &f, s);
    draw_points(out, g, &f);
    draw_legend(out, g, &f);
    fputs("  </g>\n", out);
}

void review_svg(FILE *out, const reviewed_game *games, size_t count)
{
    double height = GAP;
    for (size_t i = 0; i < count; i++)
        height += (games[i].error[0] ? ERROR_H : GRAPH_H) + GAP;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<!-- Drawn by packeis-review with libpackeis %s. -->\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n"
            "  <title>Game review: the value of each position, %zu game%s</title>\n"
            "  <style>\n"
            "    text { font-family: sans-serif; fill: #222222; }\n"
            "    .title { font-size: 14px; font-weight: bold; }\n"
            "    .tick { font-size: 11px; fill: #555555; }\n"
            "    .label, .legend { font-size: 12px; }\n"
            "    .note { font-size: 11px; fill: #666666; }\n"
            "    .mark { font-size: 10px; font-weight: bold; fill: #444444; }\n"
            "    .box { fill: none; stroke: #888888; }\n"
            "    .grid { stroke: #dddddd; }\n"
            "    .zero { stroke: #888888; stroke-dasharray: 4 3; }\n"
            "    .value { fill: none; stroke-width: 2; }\n"
            "    .inaccuracy { fill: #f2c744; stroke: #8a6d00; }\n"
            "    .mistake { fill: #f08c00; stroke: #7a4600; }\n"
            "    .blunder { fill: #d62728; stroke: #6b1010; }\n"
            "  </style>\n"
            "  <rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            packeis_version_string(), WIDTH, height, WIDTH, height, count,
            count == 1 ? "" : "s");
    double top = GAP;
    for (size_t i = 0; i < count; i++) {
        draw_game(out, &games[i], top);
        top += (games[i].error[0] ? ERROR_H : GRAPH_H) + GAP;
    }
    fputs("</svg>\n", out);
}
