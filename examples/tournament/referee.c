/* SPDX-License-Identifier: MIT */
/* referee.c: one game of a tournament (referee.h). */
#include "referee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int library_failed(played_game *out, packeis_status status, const char *what)
{
    if (status == PACKEIS_OK)
        return 0;
    out->failed = 1;
    snprintf(out->failure, sizeof out->failure, "%s: %s", what, packeis_strerror(status));
    return 1;
}

static packeis_game *new_game(const planned_game *plan, played_game *out)
{
    packeis_options *options;
    packeis_game *game = NULL;
    packeis_status status = packeis_options_new(NULL, &options);
    if (library_failed(out, status, "options"))
        return NULL;
    status = packeis_options_set_players(options, plan->seats);
    if (status == PACKEIS_OK)
        status = packeis_options_set_seed(options, plan->board_seed);
    for (int v = 0; v < PACKEIS_VARIANT_COUNT && status == PACKEIS_OK; v++)
        if (plan->variants & (1u << v))
            status = packeis_options_set_variant(options, v, 1);
    if (status == PACKEIS_OK)
        status = packeis_game_new(options, &game);
    packeis_options_free(options);
    library_failed(out, status, "new game");
    return game;
}

/* The moves so far as text, "a1 a3 c4-e5", grown as the game goes. */
typedef struct move_list {
    char *text;
    size_t length, capacity;
} move_list;

static int append_move(move_list *list, const packeis_game *game, packeis_move move)
{
    char name[PACKEIS_MOVE_TEXT_SIZE];
    size_t length;
    if (packeis_game_format_move(game, move, name, sizeof name, &length) != PACKEIS_OK)
        return -1;
    if (list->length + length + 2 > list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 1024;
        char *text = realloc(list->text, capacity);
        if (!text)
            return -1;
        list->text = text;
        list->capacity = capacity;
    }
    if (list->length)
        list->text[list->length++] = ' ';
    memcpy(list->text + list->length, name, length + 1);
    list->length += length;
    return 0;
}

/* Places: by the library's standings, or after a forfeit the forfeiter
 * last and the others by fish, then floes, among themselves. */
static void place_seats(const packeis_game *game, played_game *out)
{
    game_result *r = &out->result;
    int f = r->forfeit_seat;
    for (int s = 0; s < r->seats; s++) {
        r->fish[s] = packeis_game_fish_won(game, s);
        if (f < 0) {
            r->rank[s] = packeis_game_rank(game, s);
            continue;
        }
        r->rank[s] = s == f ? r->seats : 1;
        for (int o = 0; o < r->seats && s != f; o++) {
            int fish = packeis_game_fish_won(game, o) - packeis_game_fish_won(game, s);
            int floes = packeis_game_floes_won(game, o) - packeis_game_floes_won(game, s);
            r->rank[s] += o != f && o != s && (fish > 0 || (fish == 0 && floes > 0));
        }
    }
}

/* The game's record into out->record; a library failure (out of memory)
 * fails the game, which is then not counted (its results line says why). */
static void save_record(const packeis_game *game, played_game *out)
{
    size_t length;
    packeis_status status = packeis_game_save_record(game, NULL, 0, &length);
    if (status == PACKEIS_E_BUFFER_TOO_SMALL) {
        out->record = malloc(length + 1);
        status = out->record ? packeis_game_save_record(game, out->record, length + 1, &length)
                             : PACKEIS_E_OUT_OF_MEMORY;
    }
    if (status != PACKEIS_OK) {
        free(out->record);
        out->record = NULL;
        if (!out->failed)
            library_failed(out, status, "save record");
    }
}

/* Asks the seats for moves until the game is over or a seat forfeits. */
static void play_moves(packeis_game *game, seat *seats, const char *start,
                       const time_control *tc, played_game *out)
{
    move_list moves = {NULL, 0, 0};
    int mover;
    while (out->result.forfeit_seat < 0 && (mover = packeis_game_current_player(game)) >= 0) {
        packeis_move move;
        forfeit f = seat_move(&seats[mover], game, start, moves.text ? moves.text : "", tc,
                              &move, out->reason);
        if (f != FORFEIT_NONE) {
            out->forfeit = f;
            out->result.forfeit_seat = mover;
            break;
        }
        if (library_failed(out, packeis_game_apply(game, move), "apply") ||
            append_move(&moves, game, move) != 0) {
            out->failed = 1;
            break;
        }
        out->plies++;
    }
    free(moves.text);
}

void referee_play(const planned_game *plan, const participant *participants,
                  const time_control *tc, played_game *out)
{
    memset(out, 0, sizeof *out);
    out->result.seats = plan->seats;
    out->result.forfeit_seat = -1;
    for (int s = 0; s < plan->seats; s++)
        out->result.participant[s] = plan->participant[s];
    packeis_game *game = new_game(plan, out);
    char start[PACKEIS_POSITION_TEXT_SIZE];
    size_t length;
    if (!game ||
        library_failed(out, packeis_game_save_position(game, start, sizeof start, &length),
                       "save position")) {
        packeis_game_free(game);
        return;
    }
    seat seats[PACKEIS_MAX_PLAYERS];
    int opened = 0;
    for (; opened < plan->seats && out->result.forfeit_seat < 0; opened++) {
        const participant *who = &participants[plan->participant[opened]];
        forfeit f = seat_open(&seats[opened], who, plan->player_seed[opened], tc, out->reason);
        if (f != FORFEIT_NONE) {
            out->forfeit = f;
            out->result.forfeit_seat = opened;
        }
    }
    if (out->result.forfeit_seat < 0)
        play_moves(game, seats, start, tc, out);
    for (int s = 0; s < opened; s++)
        seat_close(&seats[s]);
    place_seats(game, out);
    save_record(game, out);
    packeis_game_free(game);
}

/* The start position of `game` as text (its plies undone: the game is
 * changed), or -1. */
static int start_text(packeis_game *game, char *text)
{
    size_t length;
    return packeis_game_undo_to(game, 0) == PACKEIS_OK &&
                   packeis_game_save_position(game, text, PACKEIS_POSITION_TEXT_SIZE,
                                              &length) == PACKEIS_OK
               ? 0
               : -1;
}

/* What referee_check() finds wrong with the replayed `game`, or NULL. */
static const char *check_replayed(const planned_game *plan, const played_game *played,
                                  packeis_game *game)
{
    const game_result *claimed = &played->result;
    int f = claimed->forfeit_seat;
    if (packeis_game_player_count(game) != plan->seats)
        return "its record has other seats";
    for (int v = 0; v < PACKEIS_VARIANT_COUNT; v++)
        if (packeis_game_variant(game, v) != (int)((plan->variants >> v) & 1u))
            return "its record has other variants";
    if (packeis_game_ply_count(game) != played->plies)
        return "its record has another number of actions";
    if (f < 0 ? packeis_game_phase(game) != PACKEIS_PHASE_OVER
              : played->plies > 0 && packeis_game_current_player(game) != f)
        return f < 0 ? "its record is of a game not over"
                     : "the forfeiting seat was not to act";
    played_game placed;
    memset(&placed, 0, sizeof placed);
    placed.result.seats = plan->seats;
    placed.result.forfeit_seat = f;
    place_seats(game, &placed);
    if (memcmp(placed.result.fish, claimed->fish, (size_t)plan->seats * sizeof(int)) ||
        memcmp(placed.result.rank, claimed->rank, (size_t)plan->seats * sizeof(int)))
        return "its fish or places are not those of its record";
    char planned_start[PACKEIS_POSITION_TEXT_SIZE], start[PACKEIS_POSITION_TEXT_SIZE];
    played_game scratch;
    memset(&scratch, 0, sizeof scratch);
    packeis_game *planned = new_game(plan, &scratch);
    int same = planned && start_text(planned, planned_start) == 0 &&
               start_text(game, start) == 0 && strcmp(planned_start, start) == 0;
    packeis_game_free(planned);
    return same ? NULL : "its record is not on the planned board (another --seed?)";
}

int referee_check(const planned_game *plan, const played_game *played, char *why,
                  size_t why_size)
{
    const char *wrong = NULL;
    packeis_game *game = NULL;
    size_t stop;
    if (!played->record)
        wrong = "no record";
    else {
        packeis_status status = packeis_game_load_record(played->record, strlen(played->record),
                                                         NULL, &game, &stop);
        if (status != PACKEIS_OK)
            snprintf(why, why_size, "its record does not replay (at character %zu: %s)",
                     stop + 1, packeis_strerror(status));
        else
            wrong = check_replayed(plan, played, game);
        packeis_game_free(game);
        if (status != PACKEIS_OK)
            return -1;
    }
    if (wrong)
        snprintf(why, why_size, "%s", wrong);
    return wrong ? -1 : 0;
}
