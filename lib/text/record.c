/* SPDX-License-Identifier: MIT */
/* Game records: a game's setup and actions as readable, PGN-like text that
 * replays into the same game (doc/formats.md, "Game records"): the header
 * lines Game, Version, Players, Penguins, Variants, HashSeed (only when not
 * the default), Board (a standard seed, or "custom" and a layout picture),
 * Position (only for a game that did not start at the start of a game) and
 * Plies, in that order; then the numbered actions in the move notation, 8 a
 * line; then a Result line, which loading checks against the replay. */
#include "picture.h"
#include "position.h"

/* A Result line holds at most 4 players of "X 192 fish 64 floes (4)". */
enum { PK_MOVES_PER_LINE = 8, PK_RESULT_TEXT = 256 };

static const struct {
    const char *name;
    int variant;
} pk_variants[PACKEIS_VARIANT_COUNT] = {
    {"snake", PACKEIS_VARIANT_SNAKE_PLACEMENT},
    {"any-floe", PACKEIS_VARIANT_PLACE_ANY_FLOE},
};

static const char *const pk_phase_names[] = {"placement", "movement", "over"};

/* ---- writing ------------------------------------------------------------ */

static void pk_write_open(pk_writer *writer, const char *name)
{
    pk_write_char(writer, '[');
    pk_write_text(writer, name);
    pk_write_text(writer, " \"");
}

static void pk_write_close(pk_writer *writer) { pk_write_text(writer, "\"]\n"); }

static void pk_write_number(pk_writer *writer, const char *name, uint64_t value)
{
    pk_write_open(writer, name);
    pk_write_uint(writer, value);
    pk_write_close(writer);
}

static void pk_write_variants(pk_writer *writer, unsigned variants)
{
    pk_write_open(writer, "Variants");
    int written = 0;
    for (int i = 0; i < PACKEIS_VARIANT_COUNT; i++) {
        if (!(variants >> pk_variants[i].variant & 1))
            continue;
        if (written++)
            pk_write_char(writer, ',');
        pk_write_text(writer, pk_variants[i].name);
    }
    if (!written)
        pk_write_char(writer, '-');
    pk_write_close(writer);
}

static void pk_write_board(pk_writer *writer, const pk_setup *setup)
{
    const pk_layout *layout = setup->layout;
    pk_write_open(writer, "Board");
    if (setup->standard) {
        pk_write_text(writer, "standard ");
        pk_write_uint(writer, setup->seed);
        pk_write_close(writer);
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
    pk_write_close(writer);
    pk_picture_write(writer, layout, setup->fish, layout->all);
}

static int pk_same_state(const pk_state *a, const pk_state *b)
{
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++)
        if (a->penguins[p] != b->penguins[p] || a->fish[p] != b->fish[p] ||
            a->floes_won[p] != b->floes_won[p])
            return 0;
    return a->floes == b->floes && a->turn == b->turn && a->out == b->out &&
           a->phase == b->phase && a->placed == b->placed;
}

/* The position before the first action, or the current one when none was
 * played. A playout records its positions without section 6 (internal.h),
 * but never the first: that one is the game's position as it stood. */
static const pk_state *pk_start_state(const packeis_game *game)
{
    return game->plies ? &game->history[0].before : &game->state;
}

/* A game that did not start at the start of a game (it was loaded with
 * packeis_game_load_position()) names its start: the actions alone would
 * not replay it. Comparing with the start of a game, rather than marking
 * loaded games, keeps a game loaded at that very start writing (and
 * reading back) as a plain record. */
static void pk_write_start(pk_writer *writer, const packeis_game *game)
{
    pk_state start;
    pk_state_start(game->setup, &start);
    const pk_state *state = pk_start_state(game);
    if (pk_same_state(state, &start))
        return;
    pk_write_open(writer, "Position");
    pk_position_write(writer, game->setup, state);
    pk_write_close(writer);
}

static void pk_write_actions(pk_writer *writer, const packeis_game *game)
{
    for (size_t i = 0; i < game->plies; i++) {
        char move[PACKEIS_MOVE_TEXT_SIZE];
        size_t length;
        if (packeis_game_format_move(game, game->history[i].move, move, sizeof move, &length) !=
            PACKEIS_OK)
            move[0] = '\0'; /* cannot happen: every action played is on the layout */
        pk_write_uint(writer, i + 1);
        pk_write_text(writer, ". ");
        pk_write_text(writer, move);
        int line_ends = (i + 1) % PK_MOVES_PER_LINE == 0 || i + 1 == game->plies;
        pk_write_char(writer, line_ends ? '\n' : ' ');
    }
}

/* "over: A 30 fish 12 floes (1), B 28 fish 11 floes (2)": the phase, then
 * each player's score and place. */
static void pk_write_standings(pk_writer *writer, const packeis_game *game)
{
    const pk_state *state = &game->state;
    pk_write_text(writer, pk_phase_names[state->phase]);
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

static void pk_write_setup(pk_writer *writer, const pk_setup *setup)
{
    pk_write_text(writer, "[Game \"packeis\"]\n[Version \"1\"]\n");
    pk_write_number(writer, "Players", (uint64_t)setup->players);
    pk_write_number(writer, "Penguins", (uint64_t)setup->penguins);
    pk_write_variants(writer, setup->variants);
    if (setup->keys->hash_seed != PACKEIS_DEFAULT_HASH_SEED)
        pk_write_number(writer, "HashSeed", setup->keys->hash_seed);
    pk_write_board(writer, setup);
}

static void pk_write_record(pk_writer *writer, const void *context)
{
    const packeis_game *game = context;
    pk_write_setup(writer, game->setup);
    pk_write_start(writer, game);
    pk_write_number(writer, "Plies", game->plies);
    if (game->plies)
        pk_write_char(writer, '\n');
    pk_write_actions(writer, game);
    pk_write_char(writer, '\n');
    pk_write_open(writer, "Result");
    pk_write_standings(writer, game);
    pk_write_close(writer);
}

packeis_status packeis_game_save_record(const packeis_game *game, char *buffer, size_t capacity,
                                        size_t *length)
{
    if (!game || !length || (!buffer && capacity))
        return PACKEIS_E_INVALID_ARGUMENT;
    return pk_write_all(pk_write_record, game, buffer, capacity, length);
}

/* ---- reading ------------------------------------------------------------ */

typedef struct pk_loader {
    pk_reader reader;
    const packeis_allocator *allocator; /* as the caller gave it */
    packeis_options *options;
    packeis_game *game;
} pk_loader;

/* Consumes `word` character by character; on a mismatch `at` stays on the
 * first character that differs. */
static int pk_expect(pk_reader *reader, const char *word)
{
    for (; *word; word++)
        if (!pk_accept(reader, *word))
            return 0;
    return 1;
}

static int pk_expect_line_end(pk_reader *reader)
{
    pk_accept(reader, '\r');
    return pk_expect(reader, "\n");
}

static int pk_read_open(pk_reader *reader, const char *name)
{
    return pk_expect(reader, "[") && pk_expect(reader, name) && pk_expect(reader, " \"");
}

static int pk_read_close(pk_reader *reader)
{
    return pk_expect(reader, "\"]") && pk_expect_line_end(reader);
}

/* `[Name "N"]` with min <= N <= max. */
static int pk_read_number(pk_reader *reader, const char *name, uint64_t min, uint64_t max,
                          uint64_t *value)
{
    if (!pk_read_open(reader, name))
        return 0;
    size_t start = reader->at;
    if (!pk_read_uint(reader, max, value))
        return 0;
    if (*value < min || *value > max) { /* pk_read_uint lets a digit above max through */
        reader->at = start;
        return 0;
    }
    return pk_read_close(reader);
}

/* A variant's name, ended by ',' or '"'; -1 (and `at` on the name) if it
 * is no variant's. */
static int pk_read_variant(pk_reader *reader)
{
    size_t start = reader->at, end = start;
    while (end < reader->length && reader->text[end] != ',' && reader->text[end] != '"')
        end++;
    for (int i = 0; i < PACKEIS_VARIANT_COUNT; i++) {
        size_t length = 0;
        while (pk_variants[i].name[length])
            length++;
        if (length == end - start && pk_accept_word(reader, pk_variants[i].name))
            return pk_variants[i].variant;
    }
    return -1;
}

/* `[Variants "-"]` or names joined by commas, each at most once; bit v of
 * *variants for variant v. */
static int pk_read_variants(pk_reader *reader, unsigned *variants)
{
    if (!pk_read_open(reader, "Variants"))
        return 0;
    *variants = 0;
    if (!pk_accept(reader, '-')) {
        do {
            size_t start = reader->at;
            int variant = pk_read_variant(reader);
            if (variant < 0 || (*variants >> variant & 1u)) {
                reader->at = start;
                return 0;
            }
            *variants |= 1u << variant;
        } while (pk_accept(reader, ','));
    }
    return pk_read_close(reader);
}

/* The values were read within the setters' ranges, so these cannot fail;
 * their statuses are passed on all the same. */
static packeis_status pk_set_counts(packeis_options *options, uint64_t players,
                                    uint64_t penguins, unsigned variants)
{
    packeis_status status = packeis_options_set_players(options, (int)players);
    if (status == PACKEIS_OK)
        status = packeis_options_set_penguins(options, (int)penguins);
    for (int v = 0; v < PACKEIS_VARIANT_COUNT && status == PACKEIS_OK; v++)
        status = packeis_options_set_variant(options, v, (int)(variants >> v & 1u));
    return status;
}

/* The optional HashSeed line. */
static packeis_status pk_read_hash_seed(pk_loader *loader)
{
    pk_reader *reader = &loader->reader;
    uint64_t seed;
    if (!pk_accept_word(reader, "[HashSeed"))
        return PACKEIS_OK;
    reader->at -= 9;
    if (!pk_read_number(reader, "HashSeed", 0, UINT64_MAX, &seed))
        return PACKEIS_E_MALFORMED_TEXT;
    return packeis_options_set_hash_seed(loader->options, seed);
}

/* The header lines before the board. */
static packeis_status pk_read_setup(pk_loader *loader)
{
    pk_reader *reader = &loader->reader;
    uint64_t version, players, penguins;
    unsigned variants;
    if (!pk_read_open(reader, "Game") || !pk_expect(reader, "packeis") ||
        !pk_read_close(reader) || !pk_read_number(reader, "Version", 1, 1, &version) ||
        !pk_read_number(reader, "Players", PACKEIS_MIN_PLAYERS, PACKEIS_MAX_PLAYERS,
                        &players) ||
        !pk_read_number(reader, "Penguins", 1, PACKEIS_MAX_CELLS, &penguins) ||
        !pk_read_variants(reader, &variants))
        return PACKEIS_E_MALFORMED_TEXT;
    packeis_status status = pk_set_counts(loader->options, players, penguins, variants);
    if (status == PACKEIS_OK)
        status = pk_read_hash_seed(loader);
    return status;
}

/* "custom", then optionally the top-left corner, then the picture. */
static packeis_status pk_read_custom(pk_loader *loader)
{
    pk_reader *reader = &loader->reader;
    long long x = 0, y = 0;
    if (pk_accept(reader, ' ') &&
        (!pk_read_int(reader, PACKEIS_COORD_MIN, PACKEIS_COORD_MAX, &x) ||
         !pk_expect(reader, " ") ||
         !pk_read_int(reader, PACKEIS_COORD_MIN, PACKEIS_COORD_MAX, &y)))
        return PACKEIS_E_MALFORMED_TEXT;
    if (!pk_read_close(reader))
        return PACKEIS_E_MALFORMED_TEXT;
    pk_floes floes;
    packeis_status status = pk_picture_read(reader, (int)x, (int)y, 1, &floes);
    if (status != PACKEIS_OK)
        return status;
    return packeis_options_set_layout(loader->options, floes.x, floes.y, floes.fish,
                                      floes.count);
}

/* The Board line (and picture), then the game; its errors stop at the
 * start of the Board line. */
static packeis_status pk_read_board(pk_loader *loader)
{
    pk_reader *reader = &loader->reader;
    size_t start = reader->at;
    uint64_t seed;
    packeis_status status = PACKEIS_E_MALFORMED_TEXT;
    if (!pk_read_open(reader, "Board"))
        return status;
    if (pk_accept_word(reader, "custom"))
        status = pk_read_custom(loader);
    else if (pk_expect(reader, "standard ") && pk_read_uint(reader, UINT64_MAX, &seed) &&
             pk_read_close(reader))
        status = packeis_options_set_seed(loader->options, seed);
    if (status != PACKEIS_OK)
        return status;
    status = packeis_game_new(loader->options, &loader->game);
    if (status != PACKEIS_OK)
        reader->at = start;
    return status;
}

/* The setup part of the Position text must be the headers' setup exactly,
 * as a saved position writes it (with the " | " after it): a record cannot
 * say two things about its game. On a mismatch `at` is the first character
 * that differs. */
static int pk_expect_same_setup(pk_reader *reader, size_t end, const pk_setup *setup)
{
    char expected[PACKEIS_POSITION_TEXT_SIZE];
    pk_writer writer = {expected, sizeof expected, 0};
    size_t length;
    pk_position_write_setup(&writer, setup);
    pk_write_text(&writer, " | ");
    if (pk_write_finish(&writer, &length) != PACKEIS_OK)
        return 0; /* cannot happen: PACKEIS_POSITION_TEXT_SIZE bounds a whole position */
    pk_reader part = {reader->text, end, reader->at};
    int same = pk_expect_word(&part, expected);
    reader->at = part.at;
    return same;
}

/* The optional `[Position "..."]` line: the game then starts from that
 * position (loaded as packeis_game_load_position() does, with its errors
 * and their offsets) instead of the start of a game. */
static packeis_status pk_read_position(pk_loader *loader)
{
    pk_reader *reader = &loader->reader;
    if (!pk_accept_word(reader, "[Position \""))
        return PACKEIS_OK;
    size_t start = reader->at, end = start, used = 0;
    for (int c;
         end < reader->length && (c = reader->text[end]) != '"' && c != '\n' && c != '\r';)
        end++;
    if (!pk_expect_same_setup(reader, end, loader->game->setup))
        return PACKEIS_E_MALFORMED_TEXT;
    packeis_game *game = NULL;
    packeis_status status = packeis_game_load_position(reader->text + start, end - start,
                                                       loader->allocator, &game, &used);
    reader->at = start + used;
    if (status != PACKEIS_OK)
        return status;
    packeis_game_free(loader->game);
    loader->game = game;
    return pk_read_close(reader) ? PACKEIS_OK : PACKEIS_E_MALFORMED_TEXT;
}

static void pk_skip_space(pk_reader *reader)
{
    for (int c; (c = pk_peek(reader)) == ' ' || c == '\t' || c == '\r' || c == '\n';)
        reader->at++;
}

/* "N." (N being the action's number) and the blanks after it. */
static int pk_read_action_number(pk_reader *reader, uint64_t number)
{
    pk_skip_space(reader);
    size_t start = reader->at;
    uint64_t read;
    if (!pk_read_uint(reader, UINT64_MAX, &read) || read != number) {
        reader->at = start;
        return 0;
    }
    if (!pk_expect(reader, "."))
        return 0;
    pk_skip_blanks(reader);
    return 1;
}

/* "N. move"; plays the move. */
static packeis_status pk_read_action(pk_loader *loader, uint64_t number)
{
    pk_reader *reader = &loader->reader;
    if (!pk_read_action_number(reader, number))
        return PACKEIS_E_MALFORMED_TEXT;
    size_t start = reader->at, used;
    packeis_move move;
    packeis_status status = packeis_game_parse_move(loader->game, reader->text + start,
                                                    reader->length - start, 0, &move, &used);
    reader->at = start + used;
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

static packeis_status pk_read_actions(pk_loader *loader)
{
    uint64_t plies;
    if (!pk_read_number(&loader->reader, "Plies", 0, SIZE_MAX, &plies))
        return PACKEIS_E_MALFORMED_TEXT;
    for (uint64_t i = 1; i <= plies; i++) {
        packeis_status status = pk_read_action(loader, i);
        if (status != PACKEIS_OK)
            return status;
    }
    return PACKEIS_OK;
}

/* The Result line must be what saving the replayed game writes; only blank
 * space may follow it. */
static packeis_status pk_read_result(pk_loader *loader)
{
    pk_reader *reader = &loader->reader;
    char expected[PK_RESULT_TEXT];
    pk_writer writer = {expected, sizeof expected, 0};
    size_t length;
    pk_write_standings(&writer, loader->game);
    if (pk_write_finish(&writer, &length) != PACKEIS_OK)
        return PACKEIS_E_MALFORMED_TEXT; /* cannot happen: see PK_RESULT_TEXT */
    pk_skip_space(reader);
    if (!pk_read_open(reader, "Result") || !pk_expect(reader, expected) ||
        !pk_expect(reader, "\"]"))
        return PACKEIS_E_MALFORMED_TEXT;
    pk_skip_space(reader);
    return pk_at_end(reader) ? PACKEIS_OK : PACKEIS_E_MALFORMED_TEXT;
}

static packeis_status pk_load(pk_loader *loader)
{
    packeis_status status = pk_read_setup(loader);
    if (status == PACKEIS_OK)
        status = pk_read_board(loader);
    if (status == PACKEIS_OK)
        status = pk_read_position(loader);
    if (status == PACKEIS_OK)
        status = pk_read_actions(loader);
    if (status == PACKEIS_OK)
        status = pk_read_result(loader);
    return status;
}

packeis_status packeis_game_load_record(const char *text, size_t text_length,
                                        const packeis_allocator *allocator, packeis_game **game,
                                        size_t *stop)
{
    if ((!text && text_length) || !game || !stop)
        return PACKEIS_E_INVALID_ARGUMENT;
    pk_loader loader = {{text, text_length, 0}, allocator, NULL, NULL};
    packeis_status status = packeis_options_new(allocator, &loader.options);
    if (status != PACKEIS_OK) {
        *stop = 0;
        return status;
    }
    status = pk_load(&loader);
    packeis_options_free(loader.options);
    *stop = loader.reader.at;
    if (status == PACKEIS_OK)
        *game = loader.game;
    else
        packeis_game_free(loader.game);
    return status;
}
