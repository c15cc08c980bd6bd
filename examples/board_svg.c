/* SPDX-License-Identifier: MIT */
/*
 * board_svg: draws the standard board as an SVG picture, each floe with its
 * cell index and its cell name, the doubled-width coordinates along the
 * edges. Everything drawn is asked of the library: the cells, their
 * coordinates, the layout's bounds and the names.
 *
 *   board_svg [OUTPUT]      (default: standard output)
 *
 * The documentation build runs it to make the picture of the rules and
 * formats pages (doc/meson.build), so the picture cannot drift from the
 * library.
 */
#include <packeis/packeis.h>

#include "args.h"
#include "status_name.h"

#include <stdio.h>
#include <stdlib.h>

/* A floe is a hexagon standing on a point, of circumradius RADIUS; floes
 * side by side are 2 apart in x, so one unit of x is half a floe's width,
 * sqrt(3) / 2 * RADIUS, and rows are 1.5 * RADIUS apart. */
#define RADIUS   36.0
#define HALF_W   (0.8660254037844386 * RADIUS) /* sqrt(3) / 2 * RADIUS */
#define ROW_STEP (1.5 * RADIUS)
#define MARGIN   12.0
#define AXIS     26.0 /* room for the coordinates along the top and left */

static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "board_svg: %s: %s (%s)\n", what, packeis_strerror(status),
                status_name(status));
        exit(EXIT_FAILURE);
    }
}

struct frame {
    int min_x, min_y, max_x, max_y;
};

static double centre_x(const struct frame *f, int x)
{
    return MARGIN + AXIS + HALF_W + (x - f->min_x) * HALF_W;
}

static double centre_y(const struct frame *f, int y)
{
    return MARGIN + AXIS + RADIUS + (y - f->min_y) * ROW_STEP;
}

static void draw_floe(FILE *out, const packeis_game *game, const struct frame *f, int cell)
{
    int x, y;
    check(packeis_game_cell_coords(game, cell, &x, &y), "cell coordinates");
    char name[PACKEIS_CELL_NAME_SIZE];
    size_t length;
    check(packeis_game_cell_name(game, cell, name, sizeof name, &length), "cell name");
    double cx = centre_x(f, x), cy = centre_y(f, y);
    /* The corners, clockwise from the top one. */
    const double corner[6][2] = {
        {0, -RADIUS}, {HALF_W, -RADIUS / 2}, {HALF_W, RADIUS / 2},
        {0, RADIUS},  {-HALF_W, RADIUS / 2}, {-HALF_W, -RADIUS / 2},
    };
    fprintf(out, "  <g>\n    <title>cell %d, %s: (%d, %d)</title>\n    <polygon points=\"",
            cell, name, x, y);
    for (int k = 0; k < 6; k++)
        fprintf(out, "%s%.1f,%.1f", k ? " " : "", cx + corner[k][0] * 0.97,
                cy + corner[k][1] * 0.97);
    fprintf(out, "\"/>\n");
    fprintf(out, "    <text class=\"name\" x=\"%.1f\" y=\"%.1f\">%s</text>\n", cx, cy + 2,
            name);
    fprintf(out, "    <text class=\"index\" x=\"%.1f\" y=\"%.1f\">%d</text>\n", cx, cy + 19,
            cell);
    fprintf(out, "  </g>\n");
}

static void draw(FILE *out, const packeis_game *game)
{
    struct frame f;
    check(packeis_game_layout_bounds(game, &f.min_x, &f.min_y, &f.max_x, &f.max_y),
          "layout bounds");
    double width = centre_x(&f, f.max_x) + HALF_W + MARGIN;
    double height = centre_y(&f, f.max_y) + RADIUS + MARGIN;
    int cells = packeis_game_cell_count(game);

    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<!-- Drawn by examples/board_svg with libpackeis %s; do not edit. -->\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n"
            "  <title>The standard board: %d floes, each with its cell index and its "
            "name</title>\n"
            "  <style>\n"
            "    polygon { fill: #e6f2fa; stroke: #4f7fa8; stroke-width: 1.5; }\n"
            "    text { font-family: sans-serif; text-anchor: middle; }\n"
            "    .name { font-size: 17px; font-weight: bold; fill: #1b3550; }\n"
            "    .index { font-size: 12px; fill: #50708c; }\n"
            "    .axis { font-size: 12px; fill: #777777; }\n"
            "  </style>\n"
            "  <rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            packeis_version_string(), width, height, width, height, cells);

    /* The doubled-width coordinates: x along the top, y down the left. */
    fprintf(out, "  <text class=\"axis\" x=\"%.1f\" y=\"%.1f\">x</text>\n", MARGIN + 6,
            MARGIN + 12);
    for (int x = f.min_x; x <= f.max_x; x++)
        fprintf(out, "  <text class=\"axis\" x=\"%.1f\" y=\"%.1f\">%d</text>\n",
                centre_x(&f, x), MARGIN + 12, x);
    for (int y = f.min_y; y <= f.max_y; y++)
        fprintf(out, "  <text class=\"axis\" x=\"%.1f\" y=\"%.1f\">y=%d</text>\n",
                MARGIN + AXIS / 2, centre_y(&f, y) + 4, y);

    for (int cell = 0; cell < cells; cell++)
        draw_floe(out, game, &f, cell);
    fprintf(out, "</svg>\n");
}

static void usage(FILE *out)
{
    fprintf(out, "usage: board_svg [OUTPUT]\n"
                 "Draws the standard board as SVG into OUTPUT (default: standard output).\n"
                 "  --help   prints this help, then exits\n");
}

int main(int argc, char **argv)
{
    const char *path = args_one("board_svg", argc, argv, usage, "OUTPUT", 1);
    FILE *out = stdout;
    if (path && !(out = fopen(path, "w"))) {
        perror(path);
        return EXIT_FAILURE;
    }

    packeis_game *game;
    check(packeis_game_new(NULL, &game), "new game"); /* the standard board */
    draw(out, game);
    packeis_game_free(game);

    if (ferror(out) || (out != stdout && fclose(out) != 0) || fflush(stdout) != 0) {
        perror(path ? path : "standard output");
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
