/* SPDX-License-Identifier: MIT */
/*
 * command.h: what a person typed at the prompt of packeis-play. A line is a
 * command word (with an argument for some) or else a move; see
 * command_help() for the list.
 */
#ifndef PACKEIS_PLAY_COMMAND_H
#define PACKEIS_PLAY_COMMAND_H

typedef enum command_kind {
    COMMAND_EMPTY,   /* a blank line */
    COMMAND_MOVE,    /* anything else: a move to read (argument: the text) */
    COMMAND_MOVES,   /* `moves` or `?`, maybe with a cell (argument) */
    COMMAND_HINT,    /* `hint` */
    COMMAND_UNDO,    /* `undo` */
    COMMAND_REDO,    /* `redo` */
    COMMAND_SAVE,    /* `save FILE` */
    COMMAND_LOAD,    /* `load FILE` */
    COMMAND_BOARD,   /* `board`: draw it again */
    COMMAND_NEW,     /* `new [SEED]`: a new game (argument: the seed, or "") */
    COMMAND_REVIEW,  /* `review [SPEC]`: what each action cost (argument: SPEC, or "") */
    COMMAND_HELP,    /* `help` or `h` */
    COMMAND_QUIT,    /* `quit`, `exit` or `q` */
    COMMAND_MISSING, /* a command that needs an argument got none (argument: its name) */
    COMMAND_EXTRA    /* a command that takes no argument got one (argument: its name) */
} command_kind;

typedef struct command {
    command_kind kind;
    /* The argument, trimmed, pointing into the line (or a static name);
     * "" when there is none. */
    const char *argument;
} command;

/* Reads one line (without its newline). The line is modified: blanks
 * around the argument are cut off. */
command command_parse(char *line);

/* The list of commands, for `help`. */
const char *command_help(void);

#endif
