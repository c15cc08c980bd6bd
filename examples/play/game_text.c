/* SPDX-License-Identifier: MIT */
/* game_text.c: moves and sets of cells as text (game_text.h). */
#include "game_text.h"

#include <stdlib.h>
#include <string.h>

const char *move_text(const packeis_game *game, packeis_move move,
                      char buffer[PACKEIS_MOVE_TEXT_SIZE])
{
    size_t length;
    if (packeis_game_format_move(game, move, buffer, PACKEIS_MOVE_TEXT_SIZE, &length) !=
        PACKEIS_OK)
        strcpy(buffer, "?");
    return buffer;
}

void cells_text(const packeis_game *game, uint64_t cells, char *buffer, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    buffer[0] = '\0';
    for (int cell = 0; cell < PACKEIS_MAX_CELLS; cell++) {
        if (!((cells >> cell) & 1))
            continue;
        char name[PACKEIS_CELL_NAME_SIZE];
        size_t length;
        if (packeis_game_cell_name(game, cell, name, sizeof name, &length) != PACKEIS_OK)
            continue;
        /* room for a space, the name, and "..." after it */
        if (used + 1 + length + 4 >= size) {
            strcpy(buffer + used, used ? " ..." : "...");
            return;
        }
        if (used)
            buffer[used++] = ' ';
        memcpy(buffer + used, name, length + 1);
        used += length;
    }
}

int cells_fish(const packeis_game *game, uint64_t cells)
{
    int fish = 0;
    for (int cell = 0; cell < PACKEIS_MAX_CELLS; cell++)
        if ((cells >> cell) & 1)
            fish += packeis_game_fish(game, cell);
    return fish;
}

int cells_count(uint64_t cells)
{
    int count = 0;
    for (; cells; cells &= cells - 1)
        count++;
    return count;
}

packeis_move ply_move(const packeis_game *game, size_t ply)
{
    size_t plies = packeis_game_ply_count(game), count;
    if (ply >= plies)
        return PACKEIS_MOVE_NONE;
    packeis_move *history = malloc(plies * sizeof *history);
    packeis_move move = PACKEIS_MOVE_NONE;
    if (history && packeis_game_history(game, history, plies, &count) == PACKEIS_OK &&
        ply < count)
        move = history[ply];
    free(history);
    return move;
}
