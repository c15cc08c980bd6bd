/* SPDX-License-Identifier: MIT */
/*
 * packeis-play: Packeis am Pol in a terminal. A person against one to
 * three computer players (the built-in players of players.h at a chosen
 * strength, or programs speaking the engine protocol), or several people at
 * one keyboard. `packeis-play --help` shows the options; `help` at the
 * prompt the commands. Built on <packeis/packeis.h> and players.h only.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "options.h"
#include "process.h"
#include "record_file.h"
#include "session.h"
#include "style.h"
#include "wrap.h"

/* The number of players of a record file, for --load; 0 if unreadable. */
static int players_in_record(const char *path)
{
    packeis_game *game;
    char why[512];
    if (record_file_load(path, &game, why, sizeof why) != 0)
        return 0;
    int players = packeis_game_player_count(game);
    packeis_game_free(game);
    return players;
}

int main(int argc, char **argv)
{
    /* An engine that exits must not take the game down with SIGPIPE (also
     * in its handshake while the options are read): the write fails, and
     * the seat is given to another player. */
    signal(SIGPIPE, SIG_IGN);
    process_end_all_on_signal();
    config cfg;
    options_read(argc, argv, &cfg, players_in_record);
    if (!cfg.seed_given)
        cfg.seed = session_seed_from_clock();
    int terminal = isatty(STDOUT_FILENO);
    const style *st = style_wanted(cfg.no_color, getenv("NO_COLOR"), terminal) ? style_color()
                                                                               : style_plain();
    /* On a terminal, long lines break at spaces to its width (the terminal
     * itself would cut words); into a pipe the text is left as it is. */
    FILE *out = terminal ? wrap_open(stdout, STDOUT_FILENO) : NULL;
    if (!out)
        out = stdout;
    session s;
    int status = 1;
    if (session_start(&s, &cfg, st, terminal, stdin, out) == 0) {
        if (!cfg.load)
            session_tell_seed(&s);
        fprintf(out, "Type a move (c4 to place, c4-e5 to slide), or help.\n");
        status = session_run(&s);
    }
    session_end(&s);
    if (out != stdout)
        fclose(out);
    options_free(&cfg);
    return status;
}
