/* SPDX-License-Identifier: MIT */
/*
 * broken_engine FAULT: an engine that speaks doc/protocol.md correctly for
 * its first move (the first legal move) and breaks at its second `go`:
 *
 *   illegal   bestmove its own first move again (a placement on the floe
 *             its penguin stands on: PACKEIS_E_OCCUPIED)
 *   sleep     sleeps for a minute instead of answering
 *   exit      exits with status 3
 *   garbage   writes a line that is no reply of the protocol
 *   early     answers its first go with two bestmoves (the second one
 *             unasked, before the next go)
 *   closeout  closes its output and goes on running (sleeps a minute)
 *   exitchild starts a child that holds its output for a minute, then
 *             exits with status 3
 *   badhello  answers the handshake with garbage (from its first start on)
 *   longinfo  breaks nothing: writes an info line of 10,000 characters
 *             before each bestmove (the protocol sets no length)
 *   hangchild starts `sleep $BROKEN_SLEEP` (a marker the tests look for:
 *             it runs only once the engine hangs), then sleeps a minute
 *
 * The referee's tests (test_referee.py) check that each forfeits its games
 * with the right reason while the tournament goes on.
 */
#define _POSIX_C_SOURCE 200809L

#include <packeis/packeis.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static packeis_game *game;
static int moves_made;
static char first_move[PACKEIS_MOVE_TEXT_SIZE];

static void reply(const char *line)
{
    printf("%s\n", line);
    fflush(stdout);
}

/* position TEXT [moves ...]: the referee sends saved positions. */
static void position(char *text)
{
    char *moves = strstr(text, " moves ");
    if (moves)
        *moves = '\0';
    packeis_game_free(game);
    game = NULL;
    size_t stop;
    if (packeis_game_load_position(text, strlen(text), NULL, &game, &stop) != PACKEIS_OK) {
        reply("error position: cannot load it");
        return;
    }
    for (char *m = moves ? strtok(moves + 7, " ") : NULL; m; m = strtok(NULL, " ")) {
        packeis_move move;
        if (packeis_game_parse_move(game, m, strlen(m), PACKEIS_PARSE_CHECK_LEGAL, &move,
                                    &stop) != PACKEIS_OK ||
            packeis_game_apply(game, move) != PACKEIS_OK) {
            reply("error position: a bad move");
            return;
        }
    }
}

static void go(const char *fault)
{
    if (moves_made++ == 1) {
        if (strcmp(fault, "illegal") == 0) {
            printf("bestmove %s\n", first_move);
            fflush(stdout);
            return;
        }
        if (strcmp(fault, "sleep") == 0)
            sleep(60);
        if (strcmp(fault, "exit") == 0)
            exit(3);
        if (strcmp(fault, "garbage") == 0) {
            reply("hello, referee");
            return;
        }
        if (strcmp(fault, "closeout") == 0) {
            fclose(stdout);
            sleep(60);
            exit(0);
        }
        if (strcmp(fault, "hangchild") == 0) {
            const char *marker = getenv("BROKEN_SLEEP");
            if (fork() == 0) {
                execlp("sleep", "sleep", marker ? marker : "3019", (char *)NULL);
                _exit(127);
            }
            sleep(60);
            exit(0);
        }
        if (strcmp(fault, "exitchild") == 0) {
            if (fork() == 0) {
                sleep(60);
                _exit(0);
            }
            exit(3);
        }
    }
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count, length;
    char text[PACKEIS_MOVE_TEXT_SIZE];
    if (!game ||
        packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count) != PACKEIS_OK ||
        count == 0 ||
        packeis_game_format_move(game, moves[0], text, sizeof text, &length) != PACKEIS_OK) {
        reply("error go: no move");
        return;
    }
    if (moves_made == 1)
        memcpy(first_move, text, length + 1);
    if (strcmp(fault, "longinfo") == 0) {
        fputs("info string ", stdout);
        for (int i = 0; i < 10000; i++)
            putchar('x');
        putchar('\n');
    }
    printf("info nodes 1\nbestmove %s\n", text);
    if (moves_made == 1 && strcmp(fault, "early") == 0)
        printf("bestmove %s\n", text);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: broken_engine "
                        "illegal|sleep|exit|garbage|early|closeout|exitchild|badhello\n");
        return 2;
    }
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(line, "packeis 1") == 0 && strcmp(argv[1], "badhello") == 0) {
            reply("hello, this is not the handshake");
        } else if (strcmp(line, "packeis 1") == 0) {
            printf("id name broken-%s\nid author libpackeis tests\npackeisok\n", argv[1]);
            fflush(stdout);
        } else if (strcmp(line, "isready") == 0) {
            reply("readyok");
        } else if (strncmp(line, "position ", 9) == 0) {
            position(line + 9);
        } else if (strncmp(line, "go", 2) == 0) {
            go(argv[1]);
        } else if (strcmp(line, "quit") == 0) {
            break;
        }
    }
    packeis_game_free(game);
    return 0;
}
