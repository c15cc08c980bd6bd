/* SPDX-License-Identifier: MIT */
/* command.c: the commands of the prompt (command.h). */
#include "command.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "record_file.h"

typedef struct word {
    const char *name;
    command_kind kind;
    int argument; /* 0 none, 1 optional, 2 required */
} word;

static const word words[] = {
    {"moves", COMMAND_MOVES, 1}, {"?", COMMAND_MOVES, 1},     {"hint", COMMAND_HINT, 0},
    {"undo", COMMAND_UNDO, 0},   {"redo", COMMAND_REDO, 0},   {"save", COMMAND_SAVE, 2},
    {"load", COMMAND_LOAD, 2},   {"board", COMMAND_BOARD, 0}, {"new", COMMAND_NEW, 1},
    {"help", COMMAND_HELP, 0},   {"h", COMMAND_HELP, 0},      {"quit", COMMAND_QUIT, 0},
    {"exit", COMMAND_QUIT, 0},   {"q", COMMAND_QUIT, 0},      {"review", COMMAND_REVIEW, 1},
};

static int blank(char c) { return c == ' ' || c == '\t'; }

static char *trim(char *text)
{
    while (blank(*text))
        text++;
    size_t length = strlen(text);
    while (length > 0 && blank(text[length - 1]))
        text[--length] = '\0';
    return text;
}

/* The command word at the start of `text`, case-insensitive, followed by a
 * blank or the end; NULL if there is none. */
static const word *find_word(const char *text, size_t *length)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].name);
        int same = 1;
        for (size_t j = 0; j < n && same; j++)
            same = tolower((unsigned char)text[j]) == words[i].name[j];
        if (same && (text[n] == '\0' || blank(text[n]))) {
            *length = n;
            return &words[i];
        }
    }
    return NULL;
}

command command_parse(char *line)
{
    command c = {COMMAND_EMPTY, ""};
    char *text = trim(line);
    if (text[0] == '\0')
        return c;
    size_t length;
    const word *w = find_word(text, &length);
    if (!w) {
        c.kind = COMMAND_MOVE;
        c.argument = text;
        return c;
    }
    char *argument = trim(text + length);
    if (w->argument == 0 && argument[0]) {
        c.kind = COMMAND_EXTRA;
        c.argument = w->name;
    } else if (w->argument == 2 && !argument[0]) {
        c.kind = COMMAND_MISSING;
        c.argument = w->name;
    } else {
        c.kind = w->kind;
        c.argument = argument;
    }
    return c;
}

const char *command_help(void)
{
    return "  c4         place a penguin on c4 (row c, column 4)\n"
           "  c4-e5      slide the penguin on c4 to e5 (also: c4 e5);\n"
           "             e5 alone if only one of your penguins can get there\n"
           "  moves, ?   list the legal moves; moves c4: where the penguin on c4 can go\n"
           "  hint       ask a computer player for a move\n"
           "  undo       take back your last move (and the computers' replies)\n"
           "  redo       play again what undo took back\n"
           "  save FILE  save the game record to FILE (and the seats to FILE.seats)\n"
           "  load FILE  continue the game recorded in FILE\n"
           "  board      draw the board again\n"
           "  new [SEED] a new game, the same seats (SEED: the board's shuffle)\n"
           "  review     what each action so far cost its player: best move, values,\n"
           "             ?! ? ?? and a summary per player (Ctrl-C stops it);\n"
           "             review SPEC values with another player (review az:800)\n"
           "  help       this list\n"
           "  quit       leave (also end of input, Ctrl-D); an unfinished game not\n"
           "             saved is kept in " RECORD_FILE_RECOVERY "\n";
}
