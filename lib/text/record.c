/* SPDX-License-Identifier: MIT */
/* Game records: a game's setup and actions as readable, PGN-like text that
 * replays into the same game (doc/formats.md, "Game records"): the header
 * lines Game, Version, Players, Penguins, Variants, HashSeed (only when not
 * the default), Board (a standard seed, or "custom" and a layout picture),
 * Position (only for a game that did not start at the start of a game) and
 * Plies, in that order; then the numbered actions in the move notation, 8 a
 * line; then a Result line, which loading checks against the replay. */
#include "notation.h"
#include "picture.h"
#include "position.h"

enum { PK_MOVES_PER_LINE = 8 };

/* ---- writing ------------------------------------------------------------ */

static void pk_record_open_line(pk_writer *writer, const char *name)
{
    pk_write_char(writer, '[');
    pk_write_text(writer, name);
    pk_write_text(writer, " \"");
}

static void pk_record_close_line(pk_writer *writer) { pk_write_text(writer, "\"]\n"); }

static void pk_record_write_number(pk_writer *writer, const char *name, uint64_t value)
{
    pk_record_open_line(writer, name);
    pk_write_uint(writer, value);
    pk_record_close_line(writer);
}

static void pk_record_write_board(pk_writer *writer, const pk_setup *setup)
{
    const pk_layout *layout = setup->layout;
    pk_record_open_line(writer, "Board");
    if (setup->standard) {
        pk_write_text(writer, "standard ");
        pk_write_uint(writer, setup->seed);
        pk_record_close_line(writer);
        return;
    }
    int min_x = layout->bounds.min_x, min_y = layout->bounds.min_y;
    pk_write_text(writer, "custom");
    if (min_x || min_y) {
        pk_write_char(writer, ' ');
        pk_write_int(writer, min_x);
        pk_write_char(writer, ' ');
        pk_write_int(writer, min_y);
    }
    pk_record_close_line(writer);
    pk_picture_write(writer, layout, setup->fish, layout->all);
}

static int pk_record_same_state(const pk_state *a, const pk_state *b)
{
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        if (a->penguins[p] != b->penguins[p] || a->fish[p] != b->fish[p] ||
            a->floes_won[p] != b->floes_won[p])
            return 0;
    return a->floes == b->floes && a->turn == b->turn && a->out == b->out &&
           a->phase == b->phase && a->placed == b->placed;
}

/* The position before the first action, or the current one when none was
 * played. The first record is always exact (pk_record, internal.h): a
 * playout keeps the position it started from. */
static const pk_state *pk_record_start_state(const packeis_game *game)
{
    return game->plies ? &game->history[0].before : &game->state;
}

/* A game that did not start at the start of a game (it was loaded with
 * packeis_game_load_position()) names its start: the actions alone would
 * not replay it. Comparing with the start of a game, rather than marking
 * loaded games, keeps a game loaded at that very start writing (and
 * reading back) as a plain record. */
static void pk_record_write_start(pk_writer *writer, const packeis_game *game)
{
    pk_state start;
    pk_state_start(game->setup, &start);
    const pk_state *state = pk_record_start_state(game);
    if (pk_record_same_state(state, &start))
        return;
    pk_record_open_line(writer, "Position");
    pk_position_write(writer, game->setup, state);
    pk_record_close_line(writer);
}

static void pk_record_write_actions(pk_writer *writer, const packeis_game *game)
{
    for (size_t i = 0; i < game->plies; i++) {
        pk_write_uint(writer, i + 1);
        pk_write_text(writer, ". ");
        pk_move_write(writer, game->setup->layout, game->history[i].move);
        int line_ends = (i + 1) % PK_MOVES_PER_LINE == 0 || i + 1 == game->plies;
        pk_write_char(writer, line_ends ? '\n' : ' ');
    }
}

/* "over: A 30 fish 12 floes (1), B 28 fish 11 floes (2)": the phase, then
 * each player's score and place. */
static void pk_record_write_standings(pk_writer *writer, const void *context)
{
    const packeis_game *game = context;
    const pk_state *state = &game->state;
    pk_write_phase(writer, state->phase);
    pk_write_char(writer, ':');
    for (int p = 0; p < game->setup->players; p++) {
        int rank = packeis_game_rank(game, p);
        pk_write_text(writer, p ? ", " : " ");
        pk_write_char(writer, (char)('A' + p));
        pk_write_char(writer, ' ');
        pk_write_uint(writer, state->fish[p]);
        pk_write_text(writer, " fish ");
        pk_write_uint(writer, state->floes_won[p]);
        pk_write_text(writer, " floes (");
        pk_write_uint(writer, (uint64_t)rank);
        pk_write_char(writer, ')');
    }
}

static void pk_record_write_setup(pk_writer *writer, const pk_setup *setup)
{
    pk_write_text(writer, "[Game \"packeis\"]\n[Version \"1\"]\n");
    pk_record_write_number(writer, "Players", (uint64_t)setup->players);
    pk_record_write_number(writer, "Penguins", (uint64_t)setup->penguins);
    pk_record_open_line(writer, "Variants");
    pk_write_variants(writer, setup->variants);
    pk_record_close_line(writer);
    if (setup->keys->hash_seed != PACKEIS_DEFAULT_HASH_SEED)
        pk_record_write_number(writer, "HashSeed", setup->keys->hash_seed);
    pk_record_write_board(writer, setup);
}

static void pk_record_write(pk_writer *writer, const void *context)
{
    const packeis_game *game = context;
    pk_record_write_setup(writer, game->setup);
    pk_record_write_start(writer, game);
    pk_record_write_number(writer, "Plies", game->plies);
    if (game->plies)
        pk_write_char(writer, '\n');
    pk_record_write_actions(writer, game);
    pk_write_char(writer, '\n');
    pk_record_open_line(writer, "Result");
    pk_record_write_standings(writer, game);
    pk_record_close_line(writer);
}

packeis_status packeis_game_save_record(const packeis_game *game, char *buffer, size_t capacity,
                                        size_t *length)
{
    if (!game || !length || (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    return pk_write_all(pk_record_write, game, buffer, capacity, length);
}

/* ---- reading ------------------------------------------------------------ */

/* Loading reads a line at a time and stops at the first fault: the game is
 * made (by the one game constructor, pk_game_make) once the Board line is
 * read, moved to the Position line's position if there is one (the path
 * positions load by), and its actions played as they are read. */
typedef struct pk_record_loader {
    pk_reader reader;
    packeis_options options;
    packeis_game *game;
} pk_record_loader;

static int pk_record_line_end(pk_reader *reader)
{
    pk_accept(reader, '\r');
    return pk_expect_word(reader, "\n");
}

static int pk_record_read_open(pk_reader *reader, const char *name)
{
    return pk_expect_word(reader, "[") && pk_expect_word(reader, name) &&
           pk_expect_word(reader, " \"");
}

static int pk_record_read_close(pk_reader *reader)
{
    return pk_expect_word(reader, "\"]") && pk_record_line_end(reader);
}

/* `[Name "N"]` with min <= N <= max. */
static int pk_record_read_number(pk_reader *reader, const char *name, uint64_t min,
                                 uint64_t max, uint64_t *value)
{
    return pk_record_read_open(reader, name) && pk_read_uint(reader, min, max, value) &&
           pk_record_read_close(reader);
}

static int pk_record_read_count(pk_reader *reader, const char *name, int min, int max,
                                int *value)
{
    uint64_t read;
    if (!pk_record_read_number(reader, name, (uint64_t)min, (uint64_t)max, &read))
        return 0;
    *value = (int)read;
    return 1;
}

/* The optional HashSeed line, present only for a seed other than the
 * default. */
static int pk_record_read_hash_seed(pk_reader *reader, uint64_t *seed)
{
    pk_reader look = *reader;
    if (!pk_record_read_open(&look, "HashSeed"))
        return 1;
    *reader = look;
    return pk_read_hash_seed_value(reader, seed) && pk_record_read_close(reader);
}

/* The header lines before the board, into the options. */
static int pk_record_read_setup(pk_reader *reader, packeis_options *options)
{
    uint64_t version;
    return pk_record_read_open(reader, "Game") && pk_expect_word(reader, "packeis") &&
           pk_record_read_close(reader) &&
           pk_record_read_number(reader, "Version", 1, 1, &version) &&
           pk_record_read_count(reader, "Players", PACKEIS_MIN_PLAYERS, PACKEIS_MAX_PLAYERS,
                                &options->players) &&
           pk_record_read_count(reader, "Penguins", 1, PACKEIS_MAX_CELLS, &options->penguins) &&
           pk_record_read_open(reader, "Variants") &&
           pk_read_variants(reader, &options->variants) && pk_record_read_close(reader) &&
           pk_record_read_hash_seed(reader, &options->hash_seed);
}

/* "custom", then optionally the top-left corner, then the picture. */
static packeis_status pk_record_read_custom(pk_reader *reader, packeis_options *options)
{
    int x = 0, y = 0;
    if (pk_accept(reader, ' ') &&
        (!pk_read_small(reader, PACKEIS_COORD_MIN, PACKEIS_COORD_MAX, &x) ||
         !pk_expect_word(reader, " ") ||
         !pk_read_small(reader, PACKEIS_COORD_MIN, PACKEIS_COORD_MAX, &y)))
        return PACKEIS_E_MALFORMED_TEXT;
    if (!pk_record_read_close(reader))
        return PACKEIS_E_MALFORMED_TEXT;
    pk_floes floes;
    packeis_status status = pk_picture_read(reader, x, y, 1, &floes);
    if (status == PACKEIS_OK)
        pk_floes_set_layout(&floes, options);
    return status;
}

/* The Board line (and picture) into the options. */
static packeis_status pk_record_read_layout(pk_reader *reader, packeis_options *options)
{
    if (!pk_record_read_open(reader, "Board"))
        return PACKEIS_E_MALFORMED_TEXT;
    if (pk_accept_word(reader, "custom"))
        return pk_record_read_custom(reader, options);
    if (pk_expect_word(reader, "standard ") &&
        pk_read_uint(reader, 0, UINT64_MAX, &options->seed) && pk_record_read_close(reader))
        return PACKEIS_OK;
    return PACKEIS_E_MALFORMED_TEXT;
}

/* The Board line, then the game: a setup fault is at the Board line. */
static packeis_status pk_record_read_board(pk_record_loader *loader)
{
    size_t start = loader->reader.at;
    packeis_status status = pk_record_read_layout(&loader->reader, &loader->options);
    if (status != PACKEIS_OK)
        return status;
    status = pk_game_make(&loader->options, &loader->game);
    if (status != PACKEIS_OK)
        loader->reader.at = start;
    return status;
}

/* The setup part of a position and the " | " after it. */
static void pk_record_write_position_setup(pk_writer *writer, const void *context)
{
    pk_position_write_setup(writer, context);
    pk_write_text(writer, " | ");
}

/* The optional `[Position "..."]` line: the game then starts from that
 * position instead of the start of a game. Its setup part must be exactly
 * what the headers' setup writes (a record cannot say two things about its
 * game); the rest is read and checked as packeis_game_load_position() does,
 * with its errors and their offsets. */
static packeis_status pk_record_read_position(pk_record_loader *loader)
{
    pk_reader *reader = &loader->reader;
    if (!pk_accept_word(reader, "[Position \""))
        return PACKEIS_OK;
    size_t end = reader->at;
    for (int c;
         end < reader->length && (c = reader->text[end]) != '"' && c != '\n' && c != '\r';)
        end++;
    pk_reader position = {reader->text, end, reader->at};
    pk_position_read read;
    pk_options_defaults(&read.options, &loader->options.allocator);
    packeis_status status = PACKEIS_E_MALFORMED_TEXT;
    if (pk_expect_written(&position, pk_record_write_position_setup, loader->game->setup)) {
        position.at = reader->at;
        if (pk_position_read_text(&position, &read))
            status = pk_position_install(loader->game, &read.play, &position.at);
    }
    reader->at = position.at;
    if (status != PACKEIS_OK)
        return status;
    return pk_record_read_close(reader) ? PACKEIS_OK : PACKEIS_E_MALFORMED_TEXT;
}

static void pk_record_skip_space(pk_reader *reader)
{
    for (int c; (c = pk_peek(reader)) == ' ' || c == '\t' || c == '\r' || c == '\n';)
        reader->at++;
}

/* "N." (N being the action's number) and the blanks after it. */
static int pk_record_read_action_number(pk_reader *reader, uint64_t number)
{
    pk_record_skip_space(reader);
    size_t start = reader->at;
    uint64_t read;
    if (!pk_read_uint(reader, 0, UINT64_MAX, &read) || read != number) {
        reader->at = start;
        return 0;
    }
    if (!pk_expect_word(reader, "."))
        return 0;
    pk_skip_blanks(reader);
    return 1;
}

/* "N. move"; plays the move. */
static packeis_status pk_record_read_action(pk_record_loader *loader, uint64_t number)
{
    pk_reader *reader = &loader->reader;
    if (!pk_record_read_action_number(reader, number))
        return PACKEIS_E_MALFORMED_TEXT;
    size_t start = reader->at;
    packeis_move move;
    packeis_status status = pk_move_read(reader, loader->game->setup->layout, &move);
    if (status != PACKEIS_OK)
        return status;
    int next = pk_peek(reader);
    if (next != -1 && next != ' ' && next != '\t' && next != '\r' && next != '\n')
        return PACKEIS_E_MALFORMED_TEXT;
    status = packeis_game_apply(loader->game, move);
    if (status != PACKEIS_OK)
        reader->at = start;
    return status;
}

static packeis_status pk_record_read_actions(pk_record_loader *loader)
{
    uint64_t plies;
    if (!pk_record_read_number(&loader->reader, "Plies", 0, SIZE_MAX, &plies))
        return PACKEIS_E_MALFORMED_TEXT;
    for (uint64_t i = 1; i <= plies; i++) {
        packeis_status status = pk_record_read_action(loader, i);
        if (status != PACKEIS_OK)
            return status;
    }
    return PACKEIS_OK;
}

/* The Result line must be what saving the replayed game writes; only blank
 * space may follow it. */
static packeis_status pk_record_read_result(pk_record_loader *loader)
{
    pk_reader *reader = &loader->reader;
    pk_record_skip_space(reader);
    if (!pk_record_read_open(reader, "Result") ||
        !pk_expect_written(reader, pk_record_write_standings, loader->game) ||
        !pk_expect_word(reader, "\"]"))
        return PACKEIS_E_MALFORMED_TEXT;
    pk_record_skip_space(reader);
    return pk_at_end(reader) ? PACKEIS_OK : PACKEIS_E_MALFORMED_TEXT;
}

static packeis_status pk_record_load(pk_record_loader *loader)
{
    if (!pk_record_read_setup(&loader->reader, &loader->options))
        return PACKEIS_E_MALFORMED_TEXT;
    packeis_status status = pk_record_read_board(loader);
    if (status == PACKEIS_OK)
        status = pk_record_read_position(loader);
    if (status == PACKEIS_OK)
        status = pk_record_read_actions(loader);
    if (status == PACKEIS_OK)
        status = pk_record_read_result(loader);
    return status;
}

packeis_status packeis_game_load_record(const char *text, size_t text_length,
                                        const packeis_allocator *allocator, packeis_game **game,
                                        size_t *stop)
{
    packeis_allocator chosen;
    if ((!text && text_length) || !game || !stop || !pk_choose_allocator(allocator, &chosen))
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_record_loader loader = {.reader = pk_reader_of(text, text_length), .game = NULL};
    pk_options_defaults(&loader.options, &chosen);
    packeis_status status = pk_record_load(&loader);
    *stop = loader.reader.at;
    if (status == PACKEIS_OK)
        *game = loader.game;
    else
        packeis_game_free(loader.game);
    return status;
}
