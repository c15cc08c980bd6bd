/* SPDX-License-Identifier: MIT */
/* board_view.c: the board as text (board_view.h). */
#include "board_view.h"

#include <string.h>

#include "game_text.h"

/* A floe is 3 characters; one unit of x is 2, so neighbours in a row are 4
 * characters apart and the next row is offset by 2. */
#define CELL_WIDTH 3
#define UNIT       2

typedef struct frame {
    int min_x, min_y, max_x, max_y;
    int margin; /* characters of the row labels on the left, with a space */
} frame;

/* The row's letters: the name of any cell of row `y` without its digits;
 * "" for a row with no cell (no move names it). */
static void row_name(const packeis_game *game, const frame *f, int y, char *name)
{
    name[0] = '\0';
    for (int x = f->min_x; x <= f->max_x; x++) {
        int cell = packeis_game_cell_at(game, x, y);
        size_t length;
        if (cell >= 0 && packeis_game_cell_name(game, cell, name, PACKEIS_CELL_NAME_SIZE,
                                                &length) == PACKEIS_OK) {
            name[strcspn(name, "0123456789")] = '\0';
            return;
        }
    }
}

static int widest_row_name(const packeis_game *game, const frame *f)
{
    int widest = 1;
    char name[PACKEIS_CELL_NAME_SIZE];
    for (int y = f->min_y; y <= f->max_y; y++) {
        row_name(game, f, y, name);
        if ((int)strlen(name) > widest)
            widest = (int)strlen(name);
    }
    return widest;
}

/* Column k (from 0) is named k + 1 and holds the floes at x - min_x = 2k
 * and 2k + 1, whose middles are at characters 4k + 1 and 4k + 3: its number
 * ends at 4k + 2, between them. */
static void draw_column_labels(FILE *out, const frame *f)
{
    int columns = (f->max_x - f->min_x) / 2 + 1;
    fprintf(out, "%*s", f->margin, "");
    int printed = 0;
    for (int k = 0; k < columns; k++) {
        char number[16];
        int length = snprintf(number, sizeof number, "%d", k + 1);
        int start = 4 * k + 2 - (length - 1);
        if (start < printed + (k > 0)) /* never run into the previous number */
            continue;
        fprintf(out, "%*s%s", start - printed, "", number);
        printed = start + length;
    }
    fputc('\n', out);
}

/* The last action: the cell it ended on, and for a slide the cell it left
 * (-1 for none). */
static void last_action(const packeis_game *game, int *to, int *from)
{
    size_t plies = packeis_game_ply_count(game);
    packeis_move last = plies ? ply_move(game, plies - 1) : PACKEIS_MOVE_NONE;
    *to = packeis_move_to(last);
    *from = packeis_move_from(last);
}

static void draw_cell(FILE *out, const packeis_game *game, int cell, const style *st,
                      uint64_t marked, int last_to, int last_from)
{
    int owner = packeis_game_penguin_at(game, cell);
    int on_board = (int)((packeis_game_floes(game) >> cell) & 1);
    int fish = packeis_game_fish(game, cell);
    if (owner >= 0) {
        int last = cell == last_to;
        fprintf(out, "%s%c%c%c%s", st->player[owner], last ? '<' : '[', 'A' + owner,
                last ? '>' : ']', st->reset);
    } else if (on_board && ((marked >> cell) & 1)) {
        fprintf(out, "%s+%d+%s", st->strong, fish, st->reset);
    } else if (on_board) {
        fprintf(out, " %d ", fish);
    } else if (cell == last_from) {
        fprintf(out, "%s * %s", st->strong, st->reset);
    } else {
        fputs(" . ", out);
    }
}

static void draw_row(FILE *out, const packeis_game *game, const frame *f, int y,
                     const style *st, uint64_t marked, int last_to, int last_from)
{
    char name[PACKEIS_CELL_NAME_SIZE];
    row_name(game, f, y, name);
    fprintf(out, "%-*s", f->margin, name);
    int printed = 0; /* characters after the margin */
    for (int x = f->min_x; x <= f->max_x; x++) {
        int cell = packeis_game_cell_at(game, x, y);
        if (cell < 0)
            continue;
        int start = UNIT * (x - f->min_x);
        fprintf(out, "%*s", start - printed, "");
        draw_cell(out, game, cell, st, marked, last_to, last_from);
        printed = start + CELL_WIDTH;
    }
    int width = UNIT * (f->max_x - f->min_x) + CELL_WIDTH;
    if (name[0])
        fprintf(out, "%*s %s", width - printed, "", name);
    fputc('\n', out);
}

packeis_status board_draw(FILE *out, const packeis_game *game, const style *st, uint64_t marked)
{
    frame f;
    packeis_status status =
        packeis_game_layout_bounds(game, &f.min_x, &f.min_y, &f.max_x, &f.max_y);
    if (status != PACKEIS_OK)
        return status;
    f.margin = widest_row_name(game, &f) + 1;
    int last_to, last_from;
    last_action(game, &last_to, &last_from);
    draw_column_labels(out, &f);
    for (int y = f.min_y; y <= f.max_y; y++)
        draw_row(out, game, &f, y, st, marked, last_to, last_from);
    draw_column_labels(out, &f);
    return PACKEIS_OK;
}
