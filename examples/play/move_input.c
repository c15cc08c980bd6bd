/* SPDX-License-Identifier: MIT */
/* move_input.c: a move as a person types it (move_input.h). */
#include "move_input.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "game_text.h"

static int blank(char c) { return c == ' ' || c == '\t'; }

/* The text in lower case, blanks around it cut; 0 if it is too long. */
static int normalize(const char *text, char *out)
{
    while (blank(*text))
        text++;
    size_t length = strlen(text);
    while (length > 0 && blank(text[length - 1]))
        length--;
    if (length > MOVE_INPUT_MAX)
        return 0;
    for (size_t i = 0; i < length; i++)
        out[i] = (char)tolower((unsigned char)text[i]);
    out[length] = '\0';
    return 1;
}

/* The library's notation, then two cell names with blanks or a hyphen
 * between. 1 with the move, 0 if the text is no move. */
static int parse(const packeis_game *game, const char *text, packeis_move *move)
{
    size_t length = strlen(text), stop = 0;
    if (packeis_game_parse_move(game, text, length, 0, move, &stop) == PACKEIS_OK &&
        stop == length)
        return 1;
    int from, to;
    if (packeis_game_parse_cell(game, text, length, &from, &stop) != PACKEIS_OK)
        return 0;
    size_t next = stop + strspn(text + stop, " \t-");
    if (next == stop || strchr(text + stop, '-') != strrchr(text + stop, '-'))
        return 0; /* nothing between the cells, or two hyphens */
    if (packeis_game_parse_cell(game, text + next, length - next, &to, &stop) != PACKEIS_OK ||
        next + stop != length)
        return 0;
    *move = packeis_move_slide(from, to);
    return *move != PACKEIS_MOVE_NONE;
}

/* During movement, a cell alone names the one slide there, if only one. */
static packeis_status destination_only(const packeis_game *game, const char *text, int to,
                                       packeis_move *move, char *why, size_t why_size)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count, found = 0;
    if (packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count) != PACKEIS_OK)
        count = 0;
    char list[256] = "";
    for (size_t i = 0; i < count; i++) {
        if (packeis_move_to(moves[i]) != to)
            continue;
        char one[PACKEIS_MOVE_TEXT_SIZE];
        if (strlen(list) + PACKEIS_MOVE_TEXT_SIZE + 8 < sizeof list)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                     found ? " or " : "", move_text(game, moves[i], one));
        *move = moves[i];
        found++;
    }
    if (found == 1)
        return PACKEIS_OK;
    if (found == 0)
        snprintf(why, why_size,
                 "none of your penguins can slide to %s (a slide is written FROM-TO, such "
                 "as c4-e5)",
                 text);
    else
        snprintf(why, why_size, "several penguins can slide to %s: say which, %s", text, list);
    *move = PACKEIS_MOVE_NONE;
    return found == 0 ? PACKEIS_E_WRONG_PHASE : PACKEIS_E_MALFORMED_TEXT;
}

packeis_status move_read(const packeis_game *game, const char *text, packeis_move *move,
                         char *why, size_t why_size)
{
    char typed[MOVE_INPUT_MAX + 1];
    *move = PACKEIS_MOVE_NONE;
    if (!normalize(text, typed) || !parse(game, typed, move)) {
        snprintf(why, why_size,
                 "'%.40s%s' is not a move or a command: a placement is a cell such as "
                 "c4, a slide FROM-TO such as c4-e5 (help lists the commands)",
                 text, strlen(text) > 40 ? "..." : "");
        *move = PACKEIS_MOVE_NONE;
        return PACKEIS_E_MALFORMED_TEXT;
    }
    if (packeis_move_is_placement(*move) && packeis_game_phase(game) == PACKEIS_PHASE_MOVEMENT)
        return destination_only(game, typed, packeis_move_to(*move), move, why, why_size);
    packeis_status status = packeis_game_check_move(game, *move);
    if (status != PACKEIS_OK) {
        snprintf(why, why_size, "%s is not allowed: %s%s", typed, packeis_strerror(status),
                 status == PACKEIS_E_WRONG_PHASE
                     ? " (penguins are still being placed: type one floe, such as a1)"
                     : "");
        *move = PACKEIS_MOVE_NONE;
    }
    return status;
}
