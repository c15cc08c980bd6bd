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

/* A word of `text` shaped like a cell name (letters, then digits) that
 * names no floe of the board, into `word`; 0 if there is none. */
static int unknown_cell(const packeis_game *game, const char *text, char *word, size_t size)
{
    while (*text) {
        size_t length = strcspn(text, " \t-");
        size_t letters = 0;
        while (letters < length && text[letters] >= 'a' && text[letters] <= 'z')
            letters++;
        int shaped = letters > 0 && letters < length &&
                     strspn(text + letters, "0123456789") == length - letters;
        int cell;
        size_t stop = 0;
        if (shaped &&
            (packeis_game_parse_cell(game, text, length, &cell, &stop) != PACKEIS_OK ||
             stop != length)) {
            snprintf(word, size, "%.*s", (int)length, text);
            return 1;
        }
        text += length + strspn(text + length, " \t-");
    }
    return 0;
}

static void not_a_move(const packeis_game *game, const char *text, const char *typed, char *why,
                       size_t why_size)
{
    char word[MOVE_INPUT_MAX + 1], first[PACKEIS_CELL_NAME_SIZE], last[PACKEIS_CELL_NAME_SIZE];
    size_t length;
    if (unknown_cell(game, typed, word, sizeof word) &&
        packeis_game_cell_name(game, 0, first, sizeof first, &length) == PACKEIS_OK &&
        packeis_game_cell_name(game, packeis_game_cell_count(game) - 1, last, sizeof last,
                               &length) == PACKEIS_OK) {
        snprintf(why, why_size, "there is no floe %s on this board (its floes are %s to %s)",
                 word, first, last);
        return;
    }
    snprintf(why, why_size,
             "'%.40s%s' is not a move or a command: a placement is a cell such as "
             "c4, a slide FROM-TO such as c4-e5 (help lists the commands)",
             text, strlen(text) > 40 ? "..." : "");
}

/* What the library's reason leaves out, for this move: " (c3 has 3 fish)". */
static void detail(const packeis_game *game, packeis_move move, packeis_status status,
                   char *out, size_t size)
{
    int to = packeis_move_to(move), from = packeis_move_from(move);
    int owner = packeis_game_penguin_at(game, status == PACKEIS_E_OCCUPIED ? to : from);
    out[0] = '\0';
    if (status == PACKEIS_E_WRONG_PHASE && packeis_game_phase(game) == PACKEIS_PHASE_PLACEMENT)
        snprintf(out, size, " (penguins are still being placed: type one floe, such as a1)");
    else if (status == PACKEIS_E_NOT_ONE_FISH)
        snprintf(out, size, " (it has %d fish)", packeis_game_fish(game, to));
    else if (status == PACKEIS_E_OCCUPIED && owner >= 0)
        snprintf(out, size, " (%c's)", 'A' + owner);
    else if (status == PACKEIS_E_NOT_YOUR_PENGUIN && owner >= 0)
        snprintf(out, size, " (that penguin is %c's)", 'A' + owner);
    else if (status == PACKEIS_E_NOT_YOUR_PENGUIN && !((packeis_game_floes(game) >> from) & 1))
        snprintf(out, size, " (that floe has left the board)");
    else if (status == PACKEIS_E_NOT_YOUR_PENGUIN)
        snprintf(out, size, " (no penguin is there)");
}

packeis_status move_read(const packeis_game *game, const char *text, packeis_move *move,
                         char *why, size_t why_size)
{
    char typed[MOVE_INPUT_MAX + 1];
    *move = PACKEIS_MOVE_NONE;
    if (!normalize(text, typed)) {
        not_a_move(game, text, "", why, why_size);
        return PACKEIS_E_MALFORMED_TEXT;
    }
    if (!parse(game, typed, move)) {
        not_a_move(game, text, typed, why, why_size);
        *move = PACKEIS_MOVE_NONE;
        return PACKEIS_E_MALFORMED_TEXT;
    }
    if (packeis_move_is_placement(*move) && packeis_game_phase(game) == PACKEIS_PHASE_MOVEMENT)
        return destination_only(game, typed, packeis_move_to(*move), move, why, why_size);
    packeis_status status = packeis_game_check_move(game, *move);
    if (status != PACKEIS_OK) {
        char more[96];
        detail(game, *move, status, more, sizeof more);
        snprintf(why, why_size, "%s is not allowed: %s%s", typed, packeis_strerror(status),
                 more);
        *move = PACKEIS_MOVE_NONE;
    }
    return status;
}
