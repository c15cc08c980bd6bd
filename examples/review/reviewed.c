/* SPDX-License-Identifier: MIT */
/* reviewed.c: the words and move texts of a review (reviewed.h). */
#include "reviewed.h"

#include <stdio.h>

const char *reviewed_move(const reviewed_game *g, packeis_move move, char *text)
{
    size_t length;
    if (packeis_game_format_move(g->game, move, text, PACKEIS_MOVE_TEXT_SIZE, &length) !=
        PACKEIS_OK)
        snprintf(text, PACKEIS_MOVE_TEXT_SIZE, "?");
    return text;
}

const char *reviewed_judgement(int judgement)
{
    static const char *const names[] = {"good", "inaccuracy", "mistake", "blunder"};
    return judgement >= 0 && judgement <= 3 ? names[judgement] : "good";
}

const char *reviewed_mark(int judgement)
{
    static const char *const marks[] = {"", "?!", "?", "??"};
    return judgement >= 0 && judgement <= 3 ? marks[judgement] : "";
}
