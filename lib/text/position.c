/* SPDX-License-Identifier: MIT */
/* Positions as one line of text (doc/formats.md, "Positions"):
 *
 *   packeis 1 <layout> players <n> penguins <k> variants <v>[ hash <seed>]
 *     | <board> | <fish>/<floes> ... | out <players> | <phase> <player>
 *
 * Writing is plain. Loading reads the whole text first (its syntax), then
 * checks the layout, then makes the game (which checks the setup), then
 * checks the position against the rules (pk_position_validate() in
 * lib/rules/position_validity.c, whose fault this file places): the order of
 * the faults doc/formats.md documents. Every text is in canonical form:
 * saving a loaded position gives the text back byte for byte. */
#include <limits.h>

#include "position.h"
#include "text.h"

/* A custom layout's fish count is one digit (the layout check bounds it).
 * A position gives the penguins each player has, at least one: never the
 * 0 of packeis_options_set_penguins() ("the rules' number"). */
enum { PK_FISH_DIGIT_MAX = 9, PK_MIN_PENGUINS = 1 };

/* ---- Writing ----------------------------------------------------------- */

static void pk_position_write_layout(pk_writer *writer, const pk_setup *setup)
{
    const pk_layout *layout = setup->layout;
    if (setup->standard) {
        pk_write_text(writer, "std:");
        pk_write_uint(writer, setup->seed);
        return;
    }
    pk_write_text(writer, "custom:");
    for (int c = 0; c < layout->cells; c++) {
        if (c)
            pk_write_char(writer, ';');
        pk_write_int(writer, layout->x[c]);
        pk_write_char(writer, ',');
        pk_write_int(writer, layout->y[c]);
        pk_write_char(writer, ',');
        pk_write_uint(writer, setup->fish[c]);
    }
}

void pk_position_write_setup(pk_writer *writer, const pk_setup *setup)
{
    pk_write_text(writer, "packeis 1 ");
    pk_position_write_layout(writer, setup);
    pk_write_text(writer, " players ");
    pk_write_uint(writer, (uint64_t)setup->players);
    pk_write_text(writer, " penguins ");
    pk_write_uint(writer, (uint64_t)setup->penguins);
    pk_write_text(writer, " variants ");
    pk_write_variants(writer, setup->variants);
    if (setup->keys->hash_seed != PACKEIS_DEFAULT_HASH_SEED) {
        pk_write_text(writer, " hash ");
        pk_write_uint(writer, setup->keys->hash_seed);
    }
}

static char pk_board_char(const pk_setup *setup, const pk_state *state, int cell)
{
    int owner = pk_penguin_owner(state, cell);
    if (owner >= 0)
        return (char)('A' + owner);
    if ((state->floes >> cell) & 1)
        return (char)('0' + setup->fish[cell]);
    return '.';
}

static void pk_position_write_play(pk_writer *writer, const pk_setup *setup,
                                   const pk_state *state)
{
    pk_write_text(writer, " | ");
    for (int c = 0; c < setup->layout->cells; c++)
        pk_write_char(writer, pk_board_char(setup, state, c));
    pk_write_text(writer, " |");
    for (int p = 0; p < setup->players; p++) {
        pk_write_char(writer, ' ');
        pk_write_uint(writer, state->fish[p]);
        pk_write_char(writer, '/');
        pk_write_uint(writer, state->floes_won[p]);
    }
    pk_write_text(writer, state->out ? " | out" : " | out -");
    for (int p = 0, first = 1; p < setup->players; p++)
        if ((state->out >> p) & 1) {
            pk_write_char(writer, first ? ' ' : ',');
            pk_write_uint(writer, (uint64_t)p);
            first = 0;
        }
    pk_write_text(writer, " | ");
    pk_write_phase(writer, state->phase);
    pk_write_char(writer, ' ');
    if (state->phase == PACKEIS_PHASE_OVER)
        pk_write_char(writer, '-');
    else
        pk_write_uint(writer, state->turn);
}

void pk_position_write(pk_writer *writer, const pk_setup *setup, const pk_state *state)
{
    pk_position_write_setup(writer, setup);
    pk_position_write_play(writer, setup, state);
}

static void pk_position_write_game(pk_writer *writer, const void *context)
{
    const packeis_game *game = context;
    pk_position_write(writer, game->setup, &game->state);
}

packeis_status packeis_game_save_position(const packeis_game *game, char *buffer,
                                          size_t capacity, size_t *length)
{
    if (!game || !length || (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    return pk_write_all(pk_position_write_game, game, buffer, capacity, length);
}

/* ---- Reading: the header ------------------------------------------------- */

/* The standard board's cells, counted on its fish (1 to 3 on each cell,
 * none past the board). */
static size_t pk_standard_cells(void)
{
    uint8_t fish[PACKEIS_MAX_CELLS] = {0};
    size_t cells = 0;
    pk_standard_fish(fish, 0);
    while (cells < PACKEIS_MAX_CELLS && fish[cells])
        cells++;
    return cells;
}

/* One "x,y,fish" of a custom layout. Coordinates are read as far as an int
 * goes, so that the layout check, not the syntax, refuses those beyond
 * PACKEIS_COORD_MIN ... PACKEIS_COORD_MAX. */
static int pk_position_floe(pk_reader *reader, int *x, int *y, int *fish)
{
    return pk_read_small(reader, INT_MIN, INT_MAX, x) && pk_accept(reader, ',') &&
           pk_read_small(reader, INT_MIN, INT_MAX, y) && pk_accept(reader, ',') &&
           pk_read_small(reader, 0, PK_FISH_DIGIT_MAX, fish);
}

/* The floes of "custom:", in reading order: none before the one preceding
 * it (an equal one is a duplicate, for the layout check). `cells` counts
 * them all, beyond what `floes` keeps. */
static int pk_position_custom(pk_reader *reader, pk_floes *floes, size_t *cells)
{
    int x, y, fish, last_x = 0, last_y = 0;
    floes->count = *cells = 0;
    do {
        size_t at = reader->at;
        if (!pk_position_floe(reader, &x, &y, &fish))
            return 0;
        if (*cells && (y < last_y || (y == last_y && x < last_x))) {
            reader->at = at;
            return 0;
        }
        pk_floes_add(floes, x, y, fish, at); /* past the floe too many, only counted */
        last_x = x, last_y = y, ++*cells;
    } while (pk_accept(reader, ';'));
    return 1;
}

static int pk_position_layout(pk_reader *reader, pk_position_read *read, size_t *cells)
{
    if (pk_accept_word(reader, "std:")) {
        *cells = pk_standard_cells();
        return pk_read_uint(reader, 0, UINT64_MAX, &read->options.seed);
    }
    read->custom = pk_accept_word(reader, "custom:");
    return read->custom && pk_position_custom(reader, &read->floes, cells);
}

/* " hash SEED", present only for a seed other than the default. */
static int pk_position_hash_seed(pk_reader *reader, uint64_t *seed)
{
    return !pk_accept_word(reader, " hash ") || pk_read_hash_seed_value(reader, seed);
}

static int pk_position_header(pk_reader *reader, pk_position_read *read, size_t *cells)
{
    packeis_options *options = &read->options;
    if (!pk_expect_word(reader, "packeis 1 ") || !pk_position_layout(reader, read, cells) ||
        !pk_expect_word(reader, " players ") ||
        !pk_read_small(reader, PACKEIS_MIN_PLAYERS, PACKEIS_MAX_PLAYERS, &options->players) ||
        !pk_expect_word(reader, " penguins "))
        return 0;
    read->penguins_at = reader->at;
    return pk_read_small(reader, PK_MIN_PENGUINS, PACKEIS_MAX_CELLS, &options->penguins) &&
           pk_expect_word(reader, " variants ") &&
           pk_read_variants(reader, &options->variants) &&
           pk_position_hash_seed(reader, &options->hash_seed);
}

/* ---- Reading: the play --------------------------------------------------- */

/* One board character into the position, on the cell whose bit is `bit`:
 * '.' a floe gone, a fish count a free floe showing that many fish (whether
 * they are the layout's is a rule: pk_position_validate), a letter a
 * player's penguin on its floe. Returns 0 for any other character. */
static int pk_position_cell(pk_state *state, uint64_t *fish_seen, uint64_t bit, int c)
{
    if (c == '.')
        return 1;
    if (c >= '0' + PK_MIN_FISH && c <= '0' + PK_MAX_FISH)
        fish_seen[c - '0'] |= bit;
    else if (c >= 'A' && c < 'A' + PACKEIS_MAX_PLAYERS)
        state->penguins[c - 'A'] |= bit;
    else
        return 0;
    state->floes |= bit;
    return 1;
}

static int pk_position_board(pk_reader *reader, pk_position_text *play, size_t cells)
{
    pk_position_candidate *position = &play->position;
    if (!pk_expect_word(reader, " | "))
        return 0;
    play->board_at = reader->at;
    for (size_t c = 0; c < cells; c++, reader->at++) {
        /* Past the 64th floe (a layout the layout check refuses) the
         * characters are only read. */
        uint64_t bit = c < PACKEIS_MAX_CELLS ? (uint64_t)1 << c : 0;
        if (!pk_position_cell(&position->state, position->fish_seen, bit, pk_peek(reader)))
            return 0;
    }
    return pk_expect_word(reader, " |");
}

static int pk_position_scores(pk_reader *reader, pk_position_text *play, int players)
{
    for (int p = 0; p < players; p++) {
        int fish, floes;
        if (!pk_accept(reader, ' '))
            return 0;
        play->score_at[p] = reader->at;
        if (!pk_read_small(reader, 0, UINT16_MAX, &fish) || !pk_accept(reader, '/') ||
            !pk_read_small(reader, 0, UINT8_MAX, &floes))
            return 0;
        play->position.state.fish[p] = (uint16_t)fish;
        play->position.state.floes_won[p] = (uint8_t)floes;
    }
    return 1;
}

/* "-" or the players out in increasing order, joined by commas. */
static int pk_position_out(pk_reader *reader, pk_position_text *play)
{
    if (!pk_accept_word(reader, " | out "))
        return 0;
    play->out_at = reader->at;
    if (pk_accept(reader, '-'))
        return 1;
    int last = -1, player;
    do {
        size_t at = reader->at;
        if (!pk_read_small(reader, last + 1, PACKEIS_MAX_PLAYERS - 1, &player))
            return 0;
        play->out_entry_at[player] = at;
        play->position.state.out |= (uint8_t)(1u << player);
        last = player;
    } while (pk_accept(reader, ','));
    return 1;
}

/* The player to act: "-" once the game is over, else a player number. */
static int pk_position_player(pk_reader *reader, pk_state *state)
{
    int turn;
    if (state->phase == PACKEIS_PHASE_OVER) {
        state->turn = PK_NO_PLAYER;
        return pk_accept(reader, '-');
    }
    if (!pk_read_small(reader, 0, PACKEIS_MAX_PLAYERS - 1, &turn))
        return 0;
    state->turn = (uint8_t)turn;
    return 1;
}

static int pk_position_turn(pk_reader *reader, pk_position_text *play)
{
    int phase;
    if (!pk_expect_word(reader, " | "))
        return 0;
    play->phase_at = reader->at;
    if (!pk_read_phase(reader, &phase) || !pk_accept(reader, ' '))
        return 0;
    play->position.state.phase = (uint8_t)phase;
    play->turn_at = reader->at;
    return pk_position_player(reader, &play->position.state);
}

int pk_position_read_text(pk_reader *reader, pk_position_read *read)
{
    pk_position_text *play = &read->play;
    size_t cells;
    read->custom = 0;
    *play = (pk_position_text){0};
    if (!pk_position_header(reader, read, &cells) || !pk_position_board(reader, play, cells) ||
        !pk_position_scores(reader, play, read->options.players) ||
        !pk_position_out(reader, play) || !pk_position_turn(reader, play))
        return 0;
    pk_accept(reader, '\n');
    return pk_at_end(reader);
}

/* ---- Loading ------------------------------------------------------------- */

/* Where the field the rules found at fault is in the text. */
static size_t pk_position_fault_at(const pk_position_text *play, pk_position_fault fault)
{
    switch (fault.field) {
    case PK_FIELD_CELL:
        return play->board_at + (size_t)fault.index;
    case PK_FIELD_BOARD:
        return play->board_at;
    case PK_FIELD_SCORE:
        return play->score_at[fault.index];
    case PK_FIELD_OUT:
        return play->out_at;
    case PK_FIELD_OUT_ENTRY:
        return play->out_entry_at[fault.index];
    case PK_FIELD_PHASE:
        return play->phase_at;
    case PK_FIELD_TURN:
        break;
    }
    return play->turn_at;
}

packeis_status pk_position_install(packeis_game *game, const pk_position_text *play,
                                   size_t *fault)
{
    pk_state state;
    pk_position_fault found;
    packeis_status status = pk_position_validate(game->setup, &play->position, &state, &found);
    if (status == PACKEIS_OK)
        game->state = state;
    else
        *fault = pk_position_fault_at(play, found);
    return status;
}

/* Read, check the layout, make the game, check and install the position;
 * `at` ends on the fault. */
static packeis_status pk_position_load(pk_reader *reader, pk_position_read *read,
                                       packeis_game **game)
{
    if (!pk_position_read_text(reader, read))
        return PACKEIS_E_MALFORMED_TEXT;
    if (read->custom) {
        packeis_status status = pk_floes_check(&read->floes, &reader->at);
        if (status != PACKEIS_OK)
            return status;
        pk_floes_set_layout(&read->floes, &read->options);
    }
    packeis_game *made;
    packeis_status status = pk_game_make(&read->options, &made);
    if (status != PACKEIS_OK) {
        reader->at = read->penguins_at;
        return status;
    }
    status = pk_position_install(made, &read->play, &reader->at);
    if (status != PACKEIS_OK) {
        packeis_game_free(made);
        return status;
    }
    *game = made;
    return PACKEIS_OK;
}

packeis_status packeis_game_load_position(const char *text, size_t text_length,
                                          const packeis_allocator *allocator,
                                          packeis_game **game, size_t *stop)
{
    packeis_allocator chosen;
    if ((!text && text_length) || !game || !stop || !pk_choose_allocator(allocator, &chosen))
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_position_read read;
    pk_options_defaults(&read.options, &chosen);
    pk_reader reader = pk_reader_of(text, text_length);
    packeis_status status = pk_position_load(&reader, &read, game);
    *stop = reader.at;
    return status;
}
