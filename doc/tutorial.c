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
        fprintf(stderr, "%s: %s (%s)\n", what, packeis_strerror(status),
                packeis_status_name(status));
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
    int min_x, min_y, max_x, max_y;
    check(packeis_game_layout_bounds(game, &min_x, &min_y, &max_x, &max_y), "bounds");
    uint64_t floes = packeis_game_floes(game);
    int cells = packeis_game_cell_count(game);
    int row = min_y, column = 0;
    for (int cell = 0; cell < cells; cell++) {
        int x, y;
        check(packeis_game_cell_coords(game, cell, &x, &y), "coordinates");
        int player = packeis_game_penguin_at(game, cell);
        if (y != row) {
            putchar('\n');
            column = 0;
            row = y;
        }
        for (; column < 2 * (x - min_x); column++)
            putchar(' ');
        putchar(player >= 0           ? 'A' + player
                : (floes >> cell) & 1 ? '0' + packeis_game_fish(game, cell)
                                      : '.');
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

//! [why]
/* Tries a move without playing it and says why the rules refuse it. */
static packeis_status why(const packeis_game *game, packeis_move move)
{
    packeis_status status = packeis_game_check_move(game, move);
    print_move(move);
    printf(": %s (%s)\n", packeis_status_name(status), packeis_strerror(status));
    return status;
}
//! [why]

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
        int fish = packeis_game_fish(game, packeis_move_to(moves[i]));
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
    int players = packeis_game_player_count(game);
    unsigned winners = packeis_game_winners(game);
    for (int player = 0; player < players; player++)
        printf("player %c: %2d fish, %2d floes, place %d%s\n", 'A' + player,
               packeis_game_fish_won(game, player), packeis_game_floes_won(game, player),
               packeis_game_rank(game, player), (winners >> player) & 1 ? " (winner)" : "");
}
//! [standings]

//! [sets]
/* The number of cells in a set, and the fish printed on them. */
static int cells_in(uint64_t set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

static int fish_in(const packeis_game *game, uint64_t set)
{
    int fish = 0;
    for (int cell = 0; cell < PACKEIS_MAX_CELLS; cell++)
        if ((set >> cell) & 1)
            fish += packeis_game_fish(game, cell);
    return fish;
}
//! [sets]

//! [effects]
/* What action number `ply` did besides moving a penguin: the players it
 * sent out, with the floes credited to them, and the floes out of play it
 * removed (removed, but credited to nobody). Prints nothing for a plain
 * action. */
static void print_effects(const packeis_game *game, size_t ply)
{
    int players = packeis_game_player_count(game);
    unsigned out = packeis_game_ply_players_out(game, ply);
    uint64_t credited = 0;
    for (int player = 0; player < players; player++)
        credited |= packeis_game_ply_credited(game, ply, player);
    uint64_t out_of_play = packeis_game_ply_removed(game, ply) & ~credited;
    if (!out && !out_of_play)
        return;
    printf("action %zu (player %c)", ply, 'A' + packeis_game_ply_player(game, ply));
    const char *separator = ":";
    for (int player = 0; player < players; player++) {
        uint64_t kept = packeis_game_ply_credited(game, ply, player);
        if ((out >> player) & 1) {
            printf("%s %c goes out with %d floes (%d fish)", separator, 'A' + player,
                   cells_in(kept), fish_in(game, kept));
            separator = ",";
        }
    }
    if (out_of_play)
        printf("%s %d floe%s out of play", separator, cells_in(out_of_play),
               cells_in(out_of_play) == 1 ? "" : "s");
    printf("\n");
}
//! [effects]

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
    int cells = packeis_game_cell_count(game);
    int penguins = packeis_game_penguins_per_player(game);
    printf("%d cells, %d penguins each\n", cells, penguins);
    print_board(game);
    //! [inspect]
    expect(cells == 60 && penguins == 4, "60 cells, 4 penguins each");

    //! [legal_moves]
    int phase = packeis_game_phase(game);
    int player = packeis_game_current_player(game);

    packeis_move moves[PACKEIS_MAX_MOVES];
    size_t count;
    check(packeis_game_legal_moves(game, moves, PACKEIS_MAX_MOVES, &count), "legal moves");
    printf("%s phase, player %d to act, %zu legal moves:", packeis_phase_name(phase), player,
           count);
    for (size_t i = 0; i < count && i < 4; i++) {
        printf(i ? ", " : " ");
        print_move(moves[i]);
    }
    printf(", ...\n");
    //! [legal_moves]
    expect(phase == PACKEIS_PHASE_PLACEMENT && player == 0, "player 0 places first");
    uint64_t one_fish = 0;
    for (int cell = 0; cell < cells; cell++)
        one_fish |= (uint64_t)(packeis_game_fish(game, cell) == 1) << cell;
    int first = 0;
    while (!((one_fish >> first) & 1))
        first++;
    expect(count == 30 && packeis_move_to(moves[0]) == first,
           "30 placements, one per one-fish floe, in cell order");

    //! [encoding]
    printf("move values: place on 5 = %u, slide 2 -> 10 = %u\n",
           (unsigned)packeis_move_placement(5), (unsigned)packeis_move_slide(2, 10));
    //! [encoding]
    expect(packeis_move_placement(5) == 5 * 64 + 5 && packeis_move_slide(2, 10) == 2 * 64 + 10,
           "the move encoding");

    //! [buffer]
    size_t needed;
    packeis_status status = packeis_game_legal_moves(game, NULL, 0, &needed);
    printf("asking with no buffer: %s, %zu needed\n", packeis_status_name(status), needed);
    //! [buffer]
    expect(status == PACKEIS_E_BUFFER_TOO_SMALL && needed == count, "size query");

    //! [check_move]
    check(packeis_game_apply(game, packeis_move_placement(0)), "apply"); /* A on cell 0 */
    why(game, packeis_move_placement(0));     /* B tries the same floe */
    why(game, packeis_move_placement(6));     /* a floe with two fish */
    why(game, packeis_move_slide(0, 1));      /* a slide during placement */
    why(game, packeis_move_placement(cells)); /* a cell the board does not have */
    status = packeis_game_apply(game, packeis_move_placement(6));
    printf("apply says the same: %s, still %zu action played\n", packeis_status_name(status),
           packeis_game_ply_count(game));
    //! [check_move]
    expect(status == PACKEIS_E_NOT_ONE_FISH && packeis_game_ply_count(game) == 1,
           "a refused move changes nothing");
    expect(packeis_game_check_move(game, packeis_move_placement(0)) == PACKEIS_E_OCCUPIED &&
               packeis_game_check_move(game, packeis_move_slide(0, 1)) ==
                   PACKEIS_E_WRONG_PHASE &&
               packeis_game_check_move(game, packeis_move_placement(cells)) ==
                   PACKEIS_E_OUT_OF_RANGE,
           "the reasons of the refusals");

    //! [play]
    for (;;) {
        packeis_move move = choose_move(game);
        if (move == PACKEIS_MOVE_NONE)
            break; /* the game is over */
        check(packeis_game_apply(game, move), "apply");
        if (packeis_game_phase(game) == PACKEIS_PHASE_MOVEMENT)
            break; /* every penguin is placed: stop here for now */
    }
    print_board(game);
    //! [play]
    expect(packeis_game_phase(game) == PACKEIS_PHASE_MOVEMENT, "movement follows placement");

    //! [slide_errors]
    why(game, packeis_move_slide(1, 9));  /* cell 1 holds a penguin of B */
    why(game, packeis_move_slide(2, 20)); /* not along one of the six directions */
    why(game, packeis_move_slide(0, 2));  /* over B's penguin on cell 1 */
    //! [slide_errors]
    expect(
        packeis_game_check_move(game, packeis_move_slide(1, 9)) == PACKEIS_E_NOT_YOUR_PENGUIN &&
            packeis_game_check_move(game, packeis_move_slide(2, 20)) == PACKEIS_E_NOT_IN_LINE &&
            packeis_game_check_move(game, packeis_move_slide(0, 2)) ==
                PACKEIS_E_BLOCKED_BY_PENGUIN,
        "the reasons of the refused slides");

    //! [slides]
    for (int i = 0; i < 3; i++) {
        packeis_move move = choose_move(game);
        player = packeis_game_current_player(game);
        check(packeis_game_apply(game, move), "apply");
        size_t ply = packeis_game_ply_count(game) - 1; /* the action just played */
        uint64_t won = packeis_game_ply_credited(game, ply, player);
        printf("player %c: ", 'A' + player);
        print_move(move);
        printf(", +%d fish (%d in all)\n", fish_in(game, won),
               packeis_game_fish_won(game, player));
    }
    why(game, packeis_move_slide(3, 2)); /* B's penguin on 3: floe 2 has left */
    //! [slides]
    expect(packeis_game_current_player(game) == 1 && packeis_game_penguin_at(game, 3) == 1 &&
               !((packeis_game_floes(game) >> 2) & 1),
           "B to act, B's penguin on 3, floe 2 gone");
    expect(packeis_game_check_move(game, packeis_move_slide(3, 2)) == PACKEIS_E_BLOCKED_BY_GAP,
           "a gap stops a slide");
    expect(packeis_game_ply_credited(game, 8, 0) == (uint64_t)1 << 2 &&
               packeis_game_ply_removed(game, 8) == (uint64_t)1 << 2,
           "a slide credits and removes the floe it left");

    //! [undo]
    printf("%zu actions played\n", packeis_game_ply_count(game));
    check(packeis_game_undo(game), "undo");          /* takes back the last slide */
    check(packeis_game_redo(game), "redo");          /* and plays it again */
    check(packeis_game_undo_to(game, 8), "undo to"); /* back to the end of placement */
    printf("after undo: %zu actions, %zu to redo\n", packeis_game_ply_count(game),
           packeis_game_redo_count(game));
    //! [undo]
    expect(packeis_game_ply_count(game) == 8 && packeis_game_redo_count(game) == 3,
           "8 placements remain, 3 slides to redo");
    expect(packeis_game_phase(game) == PACKEIS_PHASE_MOVEMENT,
           "undo_to(8) is the start of movement");
    {
        packeis_game *scratch;
        check(packeis_game_clone(game, &scratch), "clone");
        check(packeis_game_apply(scratch, packeis_move_slide(2, 10)), "apply");
        expect(packeis_game_redo_count(scratch) == 2, "the next undone move keeps the others");
        check(packeis_game_undo(scratch), "undo");
        check(packeis_game_apply(scratch, packeis_move_slide(4, 28)), "apply");
        expect(packeis_game_redo_count(scratch) == 0, "another move forgets them");
        packeis_game_free(scratch);
    }

    //! [clone]
    packeis_game *trial;
    check(packeis_game_clone(game, &trial), "clone");
    size_t played;
    check(packeis_game_playout(trial, 7, &played), "playout"); /* random to the end */
    printf("the trial game ended after %zu more actions:\n", played);
    for (size_t ply = 8; ply < packeis_game_ply_count(trial); ply++)
        print_effects(trial, ply);
    print_standings(trial);
    packeis_game_free(trial);
    //! [clone]

    //! [finish]
    for (packeis_move move; (move = choose_move(game)) != PACKEIS_MOVE_NONE;)
        check(packeis_game_apply(game, move), "apply");
    printf("%s, player to act: %d\n", packeis_phase_name(packeis_game_phase(game)),
           packeis_game_current_player(game));
    print_standings(game);
    //! [finish]
    expect(packeis_game_phase(game) == PACKEIS_PHASE_OVER &&
               packeis_game_current_player(game) == -1,
           "game over, nobody to act");
    expect(packeis_game_floes(game) == 0, "no floe is left once the game is over");

    //! [history]
    check(packeis_game_history(game, moves, PACKEIS_MAX_MOVES, &count), "history");
    printf("%zu actions, the first ones:", count);
    for (size_t i = 0; i < count && i < 10; i++) {
        printf(i ? ", " : " ");
        print_move(moves[i]);
    }
    printf(", ...\n");
    for (size_t ply = 0; ply < count; ply++)
        print_effects(game, ply);
    //! [history]

    //! [free]
    packeis_game_free(game);
    //! [free]
}

static void many_games(void)
{
    //! [reset]
    packeis_game *game;
    check(packeis_game_new(NULL, &game), "new game"); /* 2 players */
    int wins[PACKEIS_MAX_PLAYERS] = {0}, shared = 0;
    for (uint64_t seed = 1; seed <= 1000; seed++) {
        check(packeis_game_reset(game, seed), "reset"); /* a fresh board */
        check(packeis_game_playout(game, seed, NULL), "playout");
        unsigned winners = packeis_game_winners(game);
        if (winners & (winners - 1))
            shared++;
        else
            wins[winners == 1 ? 0 : 1]++;
    }
    printf("1000 random games: A won %d, B won %d, %d draws\n", wins[0], wins[1], shared);
    packeis_game_free(game);
    //! [reset]
    expect(wins[0] + wins[1] + shared == 1000, "every game counted");
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

    int cell = packeis_game_cell_at(game, 0, 1);
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

    char text[PACKEIS_POSITION_TEXT_SIZE];
    size_t length;
    check(packeis_game_save_position(game, text, sizeof text, &length), "save");
    printf("%s\n", text);

    size_t stop;
    check(packeis_game_load_position(text, length, NULL, &loaded, &stop), "load");
    printf("same position: %s\n",
           packeis_game_hash(game) == packeis_game_hash(loaded) ? "yes" : "no");
    //! [save_position]
    expect(packeis_game_hash(game) == packeis_game_hash(loaded),
           "a loaded position hashes as the original");
    packeis_game_free(loaded);

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
    if (packeis_version() / 10000 != PACKEIS_VERSION_MAJOR) {
        fprintf(stderr, "compiled against libpackeis %s, but %s is loaded\n",
                PACKEIS_VERSION_STRING, packeis_version_string());
        return EXIT_FAILURE;
    }
    //! [version]
    standard_game();
    many_games();
    custom_game();
    saved_game();
    return EXIT_SUCCESS;
}
