/* SPDX-License-Identifier: MIT */
/* Positions as one line of text (doc/formats.md, "Positions"):
 *
 *   packeis 1 <layout> players <n> penguins <k> variants <v>[ hash <seed>]
 *     | <board> | <fish>/<floes> ... | out <players> | <phase> <player>
 *
 * Writing is plain; reading checks the syntax of the whole text first, then
 * builds the setup, then checks the position against the rules
 * (position_check.c). Every text is in canonical form: saving a loaded
 * position gives the text back byte for byte. */
#include <string.h>

#include "position.h"
#include "text.h"

static const char *const pk_variant_names[PACKEIS_VARIANT_COUNT] = {"any-floe", "snake"};
static const char *const pk_phase_names[3] = {"place", "move", "over"};

/* ---- Writing ----------------------------------------------------------- */

static void pk_write_layout(pk_writer *writer, const pk_setup *setup)
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

static void pk_write_variants(pk_writer *writer, unsigned variants)
{
    if (!variants)
        pk_write_char(writer, '-');
    for (int v = 0, first = 1; v < PACKEIS_VARIANT_COUNT; v++)
        if ((variants >> v) & 1) {
            if (!first)
                pk_write_char(writer, ',');
            pk_write_text(writer, pk_variant_names[v]);
            first = 0;
        }
}

void pk_position_write_setup(pk_writer *writer, const pk_setup *setup)
{
    pk_write_text(writer, "packeis 1 ");
    pk_write_layout(writer, setup);
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

static void pk_write_play(pk_writer *writer, const pk_setup *setup, const pk_state *state)
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
    pk_write_text(writer, pk_phase_names[state->phase]);
    pk_write_char(writer, ' ');
    if (state->phase == PACKEIS_PHASE_OVER)
        pk_write_char(writer, '-');
    else
        pk_write_uint(writer, state->turn);
}

void pk_position_write(pk_writer *writer, const pk_setup *setup, const pk_state *state)
{
    pk_position_write_setup(writer, setup);
    pk_write_play(writer, setup, state);
}

static void pk_write_position(pk_writer *writer, const void *context)
{
    const packeis_game *game = context;
    pk_position_write(writer, game->setup, &game->state);
}

packeis_status packeis_game_save_position(const packeis_game *game, char *buffer,
                                          size_t capacity, size_t *length)
{
    if (!game || !length || (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    return pk_write_all(pk_write_position, game, buffer, capacity, length);
}

/* ---- Reading: the syntax ----------------------------------------------- */

/* A number in canonical form: no leading zero, no "-0". On failure `at` is
 * on the offending character. */
static int pk_read_number(pk_reader *reader, long long min, long long max, long long *value)
{
    size_t start = reader->at, digit = start + (pk_peek(reader) == '-');
    const char *text = reader->text;
    int zero = digit < reader->length && text[digit] == '0';
    int more = digit + 1 < reader->length && text[digit + 1] >= '0' && text[digit + 1] <= '9';
    if (zero && (more || digit != start)) {
        reader->at = digit;
        return 0;
    }
    return pk_read_int(reader, min, max, value);
}

static int pk_read_small(pk_reader *reader, int min, int max, int *value)
{
    long long read;
    size_t start = reader->at;
    if (!pk_read_number(reader, 0, max, &read))
        return 0;
    if (read < min || read > max) { /* pk_read_uint lets one digit above max through */
        reader->at = start;
        return 0;
    }
    *value = (int)read;
    return 1;
}

static int pk_read_seed(pk_reader *reader, uint64_t *seed)
{
    const char *text = reader->text;
    size_t at = reader->at;
    if (at + 1 < reader->length && text[at] == '0' && text[at + 1] >= '0' &&
        text[at + 1] <= '9')
        return 0;
    return pk_read_uint(reader, UINT64_MAX, seed);
}

/* One "x,y,fish" of a custom layout. */
static int pk_read_floe(pk_reader *reader, int *x, int *y, int *fish)
{
    long long vx, vy, vfish;
    if (!pk_read_number(reader, -2147483647, 2147483647, &vx) || !pk_accept(reader, ',') ||
        !pk_read_number(reader, -2147483647, 2147483647, &vy) || !pk_accept(reader, ',') ||
        !pk_read_number(reader, 0, 9, &vfish))
        return 0;
    *x = (int)vx, *y = (int)vy, *fish = (int)vfish;
    return 1;
}

/* The floes of "custom:", which must come in reading order. */
static packeis_status pk_read_custom(pk_reader *reader, pk_position_text *read)
{
    int x[PACKEIS_MAX_CELLS], y[PACKEIS_MAX_CELLS], fish[PACKEIS_MAX_CELLS];
    size_t at[PACKEIS_MAX_CELLS], count = 0;
    do {
        if (count == PACKEIS_MAX_CELLS)
            return PACKEIS_E_TOO_MANY_CELLS;
        at[count] = reader->at;
        if (!pk_read_floe(reader, &x[count], &y[count], &fish[count]))
            return PACKEIS_E_MALFORMED_TEXT;
        count++;
    } while (pk_accept(reader, ';'));
    packeis_status status = packeis_options_set_layout(&read->options, x, y, fish, count);
    if (status != PACKEIS_OK) {
        reader->at = read->layout_at;
        return status;
    }
    for (size_t i = 0; i < count; i++)
        if (read->options.x[i] != x[i] || read->options.y[i] != y[i]) {
            reader->at = at[i];
            return PACKEIS_E_MALFORMED_TEXT;
        }
    return PACKEIS_OK;
}

static packeis_status pk_read_layout(pk_reader *reader, pk_position_text *read)
{
    read->layout_at = reader->at;
    if (pk_accept_word(reader, "std:"))
        return pk_read_seed(reader, &read->options.seed) ? PACKEIS_OK
                                                         : PACKEIS_E_MALFORMED_TEXT;
    if (pk_accept_word(reader, "custom:"))
        return pk_read_custom(reader, read);
    return PACKEIS_E_MALFORMED_TEXT;
}

/* "-" or the names of the variants on, in order, joined by commas. */
static int pk_read_variants(pk_reader *reader, unsigned *variants)
{
    if (pk_accept(reader, '-'))
        return 1;
    int v = 0;
    do {
        while (v < PACKEIS_VARIANT_COUNT && !pk_accept_word(reader, pk_variant_names[v]))
            v++;
        if (v == PACKEIS_VARIANT_COUNT)
            return 0;
        *variants |= 1u << v++;
    } while (pk_accept(reader, ','));
    return 1;
}

static int pk_read_hash_seed(pk_reader *reader, uint64_t *seed)
{
    if (!pk_accept_word(reader, " hash "))
        return 1;
    size_t start = reader->at;
    if (!pk_read_seed(reader, seed))
        return 0;
    if (*seed == PACKEIS_DEFAULT_HASH_SEED) { /* written by omission only */
        reader->at = start;
        return 0;
    }
    return 1;
}

static packeis_status pk_read_header(pk_reader *reader, pk_position_text *read)
{
    packeis_options *options = &read->options;
    if (!pk_expect_word(reader, "packeis 1 "))
        return PACKEIS_E_MALFORMED_TEXT;
    packeis_status status = pk_read_layout(reader, read);
    if (status != PACKEIS_OK)
        return status;
    if (!pk_expect_word(reader, " players ") ||
        !pk_read_small(reader, PACKEIS_MIN_PLAYERS, PACKEIS_MAX_PLAYERS, &options->players))
        return PACKEIS_E_MALFORMED_TEXT;
    if (!pk_expect_word(reader, " penguins "))
        return PACKEIS_E_MALFORMED_TEXT;
    read->penguins_at = reader->at;
    if (!pk_read_small(reader, 1, PACKEIS_MAX_CELLS, &options->penguins) ||
        !pk_expect_word(reader, " variants ") ||
        !pk_read_variants(reader, &options->variants) ||
        !pk_read_hash_seed(reader, &options->hash_seed))
        return PACKEIS_E_MALFORMED_TEXT;
    return PACKEIS_OK;
}

/* ---- Reading: the play --------------------------------------------------- */

static int pk_board_char_ok(int c)
{
    return c == '.' || (c >= '1' && c <= '3') || (c >= 'A' && c <= 'D');
}

static int pk_read_board(pk_reader *reader, pk_position_text *read, int cells)
{
    if (!pk_expect_word(reader, " | "))
        return 0;
    read->board_at = reader->at;
    for (int c = 0; c < cells; c++, reader->at++)
        if (!pk_board_char_ok(pk_peek(reader)))
            return 0;
    return pk_expect_word(reader, " |");
}

static int pk_read_scores(pk_reader *reader, pk_position_text *read, int players)
{
    for (int p = 0; p < players; p++) {
        int fish, floes;
        if (!pk_accept(reader, ' '))
            return 0;
        read->score_at[p] = reader->at;
        if (!pk_read_small(reader, 0, UINT16_MAX, &fish) || !pk_accept(reader, '/') ||
            !pk_read_small(reader, 0, UINT8_MAX, &floes))
            return 0;
        read->fish[p] = (uint16_t)fish;
        read->floes[p] = (uint8_t)floes;
    }
    return 1;
}

/* "-" or the players out in increasing order, joined by commas. */
static int pk_read_out(pk_reader *reader, pk_position_text *read)
{
    if (!pk_accept_word(reader, " | out "))
        return 0;
    read->out_at = reader->at;
    if (pk_accept(reader, '-'))
        return 1;
    int last = -1, player;
    do {
        size_t at = reader->at;
        if (!pk_read_small(reader, last + 1, PACKEIS_MAX_PLAYERS - 1, &player))
            return 0;
        read->out_entry_at[player] = at;
        read->out |= 1u << player;
        last = player;
    } while (pk_accept(reader, ','));
    return 1;
}

static int pk_read_turn(pk_reader *reader, pk_position_text *read)
{
    if (!pk_expect_word(reader, " | "))
        return 0;
    read->phase_at = reader->at;
    read->phase = 0;
    while (read->phase < 3 && !pk_accept_word(reader, pk_phase_names[read->phase]))
        read->phase++;
    if (read->phase == 3 || !pk_accept(reader, ' '))
        return 0;
    read->turn_at = reader->at;
    read->turn = -1;
    if (read->phase == PACKEIS_PHASE_OVER)
        return pk_accept(reader, '-');
    return pk_read_small(reader, 0, PACKEIS_MAX_PLAYERS - 1, &read->turn);
}

/* Everything after the header; the layout gives the board's length. */
static int pk_read_play(pk_reader *reader, pk_position_text *read, const pk_setup *setup)
{
    if (!pk_read_board(reader, read, setup->layout->cells) ||
        !pk_read_scores(reader, read, setup->players) || !pk_read_out(reader, read) ||
        !pk_read_turn(reader, read))
        return 0;
    pk_accept(reader, '\n');
    return pk_at_end(reader);
}

/* ---- Loading ------------------------------------------------------------- */

/* The game takes over the reference to the board that `setup` holds. */
static packeis_status pk_new_game(const pk_setup *setup, const packeis_allocator *allocator,
                                  const pk_state *state, packeis_game **game)
{
    packeis_game *made = pk_alloc(allocator, sizeof *made);
    if (!made)
        return PACKEIS_E_OUT_OF_MEMORY;
    memset(made, 0, sizeof *made);
    made->allocator = *allocator;
    made->rules = *setup;
    made->setup = &made->rules;
    made->state = *state;
    *game = made;
    return PACKEIS_OK;
}

/* Reads and checks the text after the header, then makes the game. */
static packeis_status pk_load_play(pk_reader *reader, pk_position_text *read,
                                   const pk_setup *setup, packeis_game **game)
{
    if (!pk_read_play(reader, read, setup))
        return PACKEIS_E_MALFORMED_TEXT;
    pk_state state;
    size_t fault = reader->at;
    packeis_status status = pk_position_state(setup, read, &state, &fault);
    if (status == PACKEIS_OK)
        status = pk_new_game(setup, &read->options.allocator, &state, game);
    else
        reader->at = fault;
    return status;
}

static packeis_status pk_load(pk_reader *reader, pk_position_text *read, packeis_game **game)
{
    packeis_status status = pk_read_header(reader, read);
    if (status != PACKEIS_OK)
        return status;
    pk_setup setup;
    status = pk_setup_init(&setup, &read->options);
    if (status != PACKEIS_OK) {
        reader->at = read->penguins_at;
        return status;
    }
    status = pk_load_play(reader, read, &setup, game);
    if (status != PACKEIS_OK)
        pk_setup_release(&setup);
    return status;
}

packeis_status packeis_game_load_position(const char *text, size_t text_length,
                                          const packeis_allocator *allocator,
                                          packeis_game **game, size_t *stop)
{
    if (!text || !game || !stop || (allocator && (!allocator->alloc || !allocator->release)))
        return PACKEIS_E_INVALID_ARGUMENT;
    packeis_allocator chosen = allocator ? *allocator : pk_default_allocator();
    pk_position_text read;
    memset(&read, 0, sizeof read);
    read.text = text;
    pk_options_defaults(&read.options, &chosen);
    pk_reader reader = {text, text_length, 0};
    packeis_status status = pk_load(&reader, &read, game);
    *stop = reader.at;
    return status;
}
