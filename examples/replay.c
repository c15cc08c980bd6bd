/* SPDX-License-Identifier: MIT */
/*
 * replay: loads a game record (as saved by `demo --record FILE`, or by
 * packeis_game_save_record()) and prints the board as the record leaves it
 * and the standings.
 *
 *   replay FILE
 *
 * Loading replays every action, so a record that does not follow the rules
 * is refused, with the line and column of the fault and the reason the
 * library gives (for an illegal move: PACKEIS_E_BLOCKED_BY_GAP,
 * PACKEIS_E_NOT_YOUR_PENGUIN ...). Only the public API
 * <packeis/packeis.h> is used.
 */
#include <packeis/packeis.h>

#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "status_name.h"

static void fail(const char *what, const char *why)
{
    fprintf(stderr, "replay: %s: %s\n", what, why);
    exit(EXIT_FAILURE);
}

/* The name of a status for messages ("PACKEIS_E_BLOCKED_BY_GAP"). */

/* A library error: its description and name, then exit status 1. */
static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "replay: %s: %s (%s)\n", what, packeis_strerror(status),
                status_name(status));
        exit(EXIT_FAILURE);
    }
}

/* The whole file; the caller frees it. */
static char *read_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        fail(path, strerror(errno));
    char *text = NULL;
    size_t size = 0, got = 0;
    do {
        size = size ? 2 * size : 4096;
        if (!(text = realloc(text, size)))
            fail(path, "out of memory");
        got += fread(text + got, 1, size - got, file);
    } while (got == size);
    fclose(file);
    *length = got;
    return text;
}

static packeis_game *load(const char *path)
{
    size_t length, stop = 0, line = 1, column = 1;
    char *text = read_file(path, &length);
    packeis_game *game = NULL;
    packeis_status status = packeis_game_load_record(text, length, NULL, &game, &stop);
    for (size_t i = 0; i < stop && i < length; i++, column++)
        if (text[i] == '\n')
            line++, column = 0;
    free(text);
    if (status != PACKEIS_OK) {
        /* For a move the rules refuse, the status says why: the penguin
         * is not the player's, the slide is blocked by a gap ... */
        fprintf(stderr, "replay: %s:%zu:%zu: %s (%s)\n", path, line, column,
                packeis_strerror(status), status_name(status));
        exit(EXIT_FAILURE);
    }
    return game;
}

/* The floes still on the board, in the frame of the whole layout. */
static void print_board(const packeis_game *game)
{
    printf("Floes left on the board:\n");
    size_t length;
    packeis_status status =
        packeis_game_layout_picture(game, PACKEIS_PICTURE_CURRENT, NULL, 0, &length);
    if (status != PACKEIS_E_BUFFER_TOO_SMALL)
        check(status, "picture");
    char *picture = malloc(length + 1);
    if (!picture)
        fail("picture", "out of memory");
    check(packeis_game_layout_picture(game, PACKEIS_PICTURE_CURRENT, picture, length + 1,
                                      &length),
          "picture");
    fputs(picture, stdout);
    free(picture);
}

static void print_standings(const packeis_game *game)
{
    int players = packeis_game_player_count(game);
    int over = packeis_game_phase(game) == PACKEIS_PHASE_OVER;
    printf("%zu actions; %s standings\n", packeis_game_ply_count(game),
           over ? "final" : "provisional");
    for (int p = 0; p < players; p++)
        printf("  player %c: place %d, %2d fish, %2d floes%s\n", 'A' + p,
               packeis_game_rank(game, p), packeis_game_fish_won(game, p),
               packeis_game_floes_won(game, p),
               !over && packeis_game_is_out(game, p) ? ", out" : "");
}

static void usage(FILE *out)
{
    fprintf(out, "usage: replay FILE\n"
                 "Loads a game record (as saved by demo --record or packeis-tournament\n"
                 "--records), replaying every action, and prints the floes left on the\n"
                 "board and the standings.\n"
                 "  --help   prints this help, then exits\n");
}

int main(int argc, char **argv)
{
    packeis_game *game = load(args_one("replay", argc, argv, usage, "FILE", 0));
    print_board(game);
    print_standings(game);
    packeis_game_free(game);
    return 0;
}
