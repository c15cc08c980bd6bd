/* SPDX-License-Identifier: MIT */
/* packeis.h, "Moves": move values. */
#include "internal.h"

static int pk_on_board(int cell) { return cell >= 0 && cell < PACKEIS_MAX_CELLS; }

packeis_move packeis_move_placement(int cell)
{
    return pk_on_board(cell) ? pk_placement_move(cell) : PACKEIS_MOVE_NONE;
}

packeis_move packeis_move_slide(int from, int to)
{
    if (!pk_on_board(from) || !pk_on_board(to) || from == to)
        return PACKEIS_MOVE_NONE;
    return pk_slide_move(from, to);
}

int packeis_move_is_placement(packeis_move move)
{
    return move < PACKEIS_MOVE_VALUES && move / PACKEIS_MAX_CELLS == move % PACKEIS_MAX_CELLS;
}

int packeis_move_from(packeis_move move)
{
    if (move >= PACKEIS_MOVE_VALUES || packeis_move_is_placement(move))
        return -1;
    return move / PACKEIS_MAX_CELLS;
}

int packeis_move_to(packeis_move move)
{
    return move < PACKEIS_MOVE_VALUES ? move % PACKEIS_MAX_CELLS : -1;
}
