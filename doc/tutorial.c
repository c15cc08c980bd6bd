/* SPDX-License-Identifier: MIT */
/* The program behind doc/tutorial.md: every snippet of the tutorial is cut
 * from this file between "[name]" markers, and the test suite builds and runs
 * it ("meson test tutorial"), so the tutorial cannot drift from the API.
 * It checks what the tutorial claims and exits non-zero if a claim is wrong. */
//! [include]
#include <packeis/packeis.h>
//! [include]

#include <stdio.h>
#include <stdlib.h>

//! [check]
/* Stops the program with a message if a call failed. */
static void check(packeis_status status, const char *what)
{
    if (status != PACKEIS_OK) {
        fprintf(stderr, "%s: %s\n", what, packeis_strerror(status));
        exit(EXIT_FAILURE);
    }
}
//! [check]

/* Stops the program if something the tutorial states is not so. */
static void expect(int claim, const char *what)
{
    if (!claim) {
        fprintf(stderr, "tutorial claim failed: %s\n", what);
        exit(EXIT_FAILURE);
    }
}

//! [print_board]
/* Draws the board, one text line per row: a digit for a floe's fish, a
 * letter for a penguin (A for player 0), '.' where a floe has left. */
static void print_board(const packeis_game *game)
{
    int cells, x, y, min_x = PACKEIS_COORD_MAX;
    check(packeis_game_cell_count(game, &cells), "cell count");
    for (int cell = 0; cell < cells; cell++) {
        check(packeis_game_cell_coords(game, cell, &x, &y), "coordinates");
        if (x < min_x)
            min_x = x;
    }
    int row = 0, column = 0;
    for (int cell = 0; cell < cells; cell++) {
        int fish, present, player;
        check(packeis_game_cell_coords(game, cell, &x, &y), "coordinates");
        check(packeis_game_fish(game, cell, &fish), "fish");
        check(packeis_game_floe_present(game, cell, &present), "floe");
        check(packeis_game_penguin_at(game, cell, &player), "penguin");
        if (cell > 0 && y != row) {
            putchar('\n');
            column = 0;
        }
        row = y;
        for (; column < 2 * (x - min_x); column++)
            putchar(' ');
        putchar(player >= 0 ? 'A' + player : present ? '0' + fish : '.');
        column++;
    }
    putchar('\n');
}
//! [print_board]

//! [print_move]
static void print_move(packeis_move move)
{
    if (packeis_move_is_placement(move))
        printf("place on %d", packeis_move_to(move));
    else
        printf("slide %d -> %d", packeis_move_from(move), packeis_move_to(move));
}
//! [print_move]

//! [choose]
/* A greedy player: the slide that lands on the most fish (the first such
 * slide on a tie); during placement, simply the first legal placement. */
static packeis_move choose_move(const packeis_game *game)
{
    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "legal moves");
    packeis_move best = PACKEIS_MOVE_NONE;
    int best_fish = 0;
    for (size_t i = 0; i < count; i++) {
        int fish;
        check(packeis_game_fish(game, packeis_move_to(moves[i]), &fish), "fish");
        if (best == PACKEIS_MOVE_NONE ||
            (!packeis_move_is_placement(moves[i]) && fish > best_fish)) {
            best = moves[i];
            best_fish = fish;
        }
    }
    return best; /* PACKEIS_MOVE_NONE once the game is over */
}
//! [choose]

//! [standings]
static void print_standings(const packeis_game *game)
{
    int players;
    uint32_t winners;
    check(packeis_game_player_count(game, &players), "players");
    check(packeis_game_winners(game, &winners), "winners");
    for (int player = 0; player < players; player++) {
        int fish, floes, rank;
        check(packeis_game_score(game, player, &fish, &floes), "score");
        check(packeis_game_rank(game, player, &rank), "rank");
        printf("player %c: %2d fish, %2d floes, place %d%s\n", 'A' + player, fish, floes, rank,
               (winners >> player) & 1 ? " (winner)" : "");
    }
}
//! [standings]

static void standard_game(void)
{
    //! [start]
    packeis_options *options;
    check(packeis_options_new(NULL, &options), "options");
    check(packeis_options_set_players(options, 2), "players");
    check(packeis_options_set_seed(options, 2024), "seed");

    packeis_game *game;
    check(packeis_game_new(options, &game), "new game");
    packeis_options_free(options); /* the game keeps no reference to it */
    //! [start]

    //! [inspect]
    int cells, penguins;
    check(packeis_game_cell_count(game, &cells), "cell count");
    check(packeis_game_penguins_per_player(game, &penguins), "penguins");
    printf("%d cells, %d penguins each\n", cells, penguins);
    print_board(game);
    //! [inspect]
    expect(cells == 60 && penguins == 4, "60 cells, 4 penguins each");

    //! [legal_moves]
    int phase, player;
    check(packeis_game_phase(game, &phase), "phase");
    check(packeis_game_current_player(game, &player), "player");

    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "legal moves");
    printf("phase %d, player %d to act, %zu legal moves:", phase, player, count);
    for (size_t i = 0; i < count && i < 4; i++) {
        printf(i ? ", " : " ");
        print_move(moves[i]);
    }
    printf(", ...\n");
    //! [legal_moves]
    expect(phase == PACKEIS_PHASE_PLACEMENT && player == 0, "player 0 places first");
    uint64_t one_fish;
    check(packeis_game_fish_set(game, 1, &one_fish), "fish set");
    int first = 0;
    while (!((one_fish >> first) & 1))
        first++;
    expect(count == 30 && packeis_move_to(moves[0]) == first,
           "30 placements, one per one-fish floe, in cell order");

    //! [buffer]
    size_t needed;
    packeis_status status = packeis_game_legal_moves(game, NULL, 0, &needed);
    printf("asking with no buffer: %s, %zu needed\n", packeis_strerror(status), needed);
    //! [buffer]
    expect(status == PACKEIS_E_BUFFER_TOO_SMALL && needed == count, "size query");

    //! [check_move]
    status = packeis_game_check_move(game, packeis_move_slide(0, 1));
    printf("a slide now: %s\n", packeis_strerror(status));
    status = packeis_game_apply(game, packeis_move_placement(cells));
    printf("a placement off the board: %s\n", packeis_strerror(status));
    //! [check_move]
    expect(packeis_game_check_move(game, packeis_move_slide(0, 1)) == PACKEIS_E_WRONG_PHASE,
           "slide during placement");
    expect(status == PACKEIS_E_OUT_OF_RANGE, "placement off the board");

    //! [play]
    for (;;) {
        packeis_move move = choose_move(game);
        if (move == PACKEIS_MOVE_NONE)
            break; /* the game is over */
        check(packeis_game_apply(game, move), "apply");
        check(packeis_game_phase(game, &phase), "phase");
        if (phase == PACKEIS_PHASE_MOVEMENT)
            break; /* every penguin is placed: stop here for now */
    }
    print_board(game);
    //! [play]
    expect(phase == PACKEIS_PHASE_MOVEMENT, "movement follows placement");

    //! [slides]
    for (int i = 0; i < 3; i++) {
        packeis_move move = choose_move(game);
        check(packeis_game_current_player(game, &player), "player");
        printf("player %c: ", 'A' + player);
        print_move(move);
        printf("\n");
        check(packeis_game_apply(game, move), "apply");
    }
    //! [slides]

    //! [undo]
    size_t plies;
    check(packeis_game_ply_count(game, &plies), "plies");
    printf("%zu actions played\n", plies);
    check(packeis_game_undo(game), "undo");          /* takes back the last slide */
    check(packeis_game_undo_to(game, 8), "undo to"); /* back to the end of placement */
    check(packeis_game_ply_count(game, &plies), "plies");
    printf("after undo: %zu actions\n", plies);
    //! [undo]
    expect(plies == 8, "8 placements remain");
    check(packeis_game_phase(game, &phase), "phase");
    expect(phase == PACKEIS_PHASE_MOVEMENT, "undo_to(8) is the start of movement");

    //! [clone]
    packeis_game *trial;
    check(packeis_game_clone(game, &trial), "clone");
    size_t played;
    check(packeis_game_playout(trial, 7, &played), "playout"); /* random to the end */
    int over;
    check(packeis_game_is_over(trial, &over), "over");
    printf("the trial game ended after %zu more actions:\n", played);
    print_standings(trial);
    packeis_game_free(trial);
    //! [clone]
    expect(over, "a playout ends the game");

    //! [finish]
    for (packeis_move move; (move = choose_move(game)) != PACKEIS_MOVE_NONE;)
        check(packeis_game_apply(game, move), "apply");
    check(packeis_game_is_over(game, &over), "over");
    check(packeis_game_current_player(game, &player), "player");
    printf("game over: %d, player to act: %d\n", over, player);
    print_standings(game);
    //! [finish]
    expect(over && player == -1, "game over, nobody to act");
    uint64_t floes;
    check(packeis_game_floe_set(game, &floes), "floes");
    expect(floes == 0, "no floe is left once the game is over");

    //! [history]
    check(packeis_game_history(game, moves, PACKEIS_MAX_MOVES, &count), "history");
    printf("%zu actions, the first ones:", count);
    for (size_t i = 0; i < count && i < 10; i++) {
        printf(i ? ", " : " ");
        print_move(moves[i]);
    }
    printf(", ...\n");
    //! [history]

    //! [free]
    packeis_game_free(game);
    //! [free]
}

static void custom_game(void)
{
    //! [layout]
    /* Two rows: four floes above, five below, in doubled-width coordinates
     * (neighbours in a row differ by 2 in x). Any order will do. */
    static const int x[] = {1, 3, 5, 7, 0, 2, 4, 6, 8};
    static const int y[] = {0, 0, 0, 0, 1, 1, 1, 1, 1};
    static const int fish[] = {1, 2, 3, 1, 3, 1, 2, 2, 1};
    size_t floes = sizeof fish / sizeof fish[0];

    packeis_options *options;
    check(packeis_options_new(NULL, &options), "options");
    check(packeis_options_set_layout(options, x, y, fish, floes), "layout");
    check(packeis_options_set_penguins(options, 1), "penguins");
    //! [layout]

    //! [layout_errors]
    static const int wrong_y[] = {0, 0, 0, 0, 1, 1, 1, 1, 2}; /* (8, 2): x + y is even */
    packeis_status status = packeis_options_set_layout(options, x, wrong_y, fish, floes);
    printf("a floe off the grid: %s\n", packeis_strerror(status));
    //! [layout_errors]
    expect(status == PACKEIS_E_MIXED_PARITY, "mixed parity");

    //! [custom_play]
    packeis_game *game;
    check(packeis_game_new(options, &game), "new game");
    packeis_options_free(options);

    int cell;
    check(packeis_game_cell_at(game, 0, 1, &cell), "cell at");
    printf("(0, 1) is cell %d\n", cell);
    print_board(game);
    for (packeis_move move; (move = choose_move(game)) != PACKEIS_MOVE_NONE;)
        check(packeis_game_apply(game, move), "apply");
    print_standings(game);
    packeis_game_free(game);
    //! [custom_play]
    expect(cell == 4, "reading order: the first floe of the second row is cell 4");
}

static void saved_game(void)
{
    //! [save_position]
    packeis_game *game, *loaded;
    check(packeis_game_new(NULL, &game), "new game");
    check(packeis_game_playout(game, 3, NULL), "playout");
    check(packeis_game_undo_to(game, 12), "undo to");

    char text[4096];
    size_t length;
    check(packeis_game_save_position(game, text, sizeof text, &length), "save");
    printf("%s\n", text);

    size_t stop;
    check(packeis_game_load_position(text, length, NULL, &loaded, &stop), "load");
    uint64_t saved_hash, loaded_hash;
    check(packeis_game_hash(game, &saved_hash), "hash");
    check(packeis_game_hash(loaded, &loaded_hash), "hash");
    printf("same position: %s\n", saved_hash == loaded_hash ? "yes" : "no");
    packeis_game_free(loaded);
    //! [save_position]
    expect(saved_hash == loaded_hash, "a loaded position hashes as the original");

    //! [load_errors]
    packeis_status status = packeis_game_load_position("packeis 2", 9, NULL, &loaded, &stop);
    printf("\"packeis 2\": %s at offset %zu\n", packeis_strerror(status), stop);
    //! [load_errors]
    expect(status == PACKEIS_E_MALFORMED_TEXT && stop == 8, "the offset of the fault");
    packeis_game_free(game);
}

int main(void)
{
    //! [version]
    printf("libpackeis %s (built against %s)\n", packeis_version_string(),
           PACKEIS_VERSION_STRING);
    if (packeis_version() / 10000 != PACKEIS_VERSION_MAJOR) {
        fprintf(stderr, "incompatible libpackeis\n");
        return EXIT_FAILURE;
    }
    //! [version]
    standard_game();
    custom_game();
    saved_game();
    return EXIT_SUCCESS;
}
