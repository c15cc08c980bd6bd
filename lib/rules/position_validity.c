/* SPDX-License-Identifier: MIT */
/* Checking a position read from text against the rules, so that a loaded
 * game never breaks what the engine relies on: every check names the field
 * at fault. See doc/formats.md, "Positions", for the list. */
#include "bits.h"
#include "position.h"

#define PK_FAULT(at)                                                                           \
    do {                                                                                       \
        *fault = (at);                                                                         \
        return PACKEIS_E_INVALID_POSITION;                                                     \
    } while (0)

/* The board: floes with the layout's fish, penguins of players the game has,
 * no player with more penguins than it owns. */
static packeis_status pk_check_board(const pk_setup *setup, const pk_position_text *read,
                                     pk_state *state, size_t *fault)
{
    int count[PACKEIS_MAX_PLAYERS] = {0};
    for (int c = 0; c < setup->layout->cells; c++) {
        char ch = read->text[read->board_at + (size_t)c];
        if (ch == '.')
            continue;
        state->floes |= pk_bit(c);
        if (ch >= '0' + PK_MIN_FISH && ch <= '0' + PK_MAX_FISH) {
            if (ch - '0' != setup->fish[c])
                PK_FAULT(read->board_at + (size_t)c);
            continue;
        }
        int player = ch - 'A';
        if (player >= setup->players || ++count[player] > setup->penguins)
            PK_FAULT(read->board_at + (size_t)c);
        state->penguins[player] |= pk_bit(c);
    }
    return PACKEIS_OK;
}

/* The board character of the first cell of a set (not empty). */
static size_t pk_cell_at(const pk_position_text *read, uint64_t cells)
{
    return read->board_at + (size_t)pk_lowest(cells);
}

/* The least and most fish `floes` of the removed cells can carry. */
static void pk_fish_bounds(const uint64_t *fish_set, uint64_t removed, int floes, int *least,
                           int *most)
{
    int have[PK_MAX_FISH + 1];
    for (int f = PK_MIN_FISH; f <= PK_MAX_FISH; f++)
        have[f] = pk_popcount(removed & fish_set[f]);
    *least = *most = 0;
    for (int f = PK_MIN_FISH, left = floes; f <= PK_MAX_FISH; f++) {
        int take = left < have[f] ? left : have[f];
        *least += take * f, left -= take;
    }
    for (int f = PK_MAX_FISH, left = floes; f >= PK_MIN_FISH; f--) {
        int take = left < have[f] ? left : have[f];
        *most += take * f, left -= take;
    }
}

static int pk_score_ok(const uint64_t *fish_set, uint64_t removed, int fish, int floes)
{
    int least, most;
    if (floes > pk_popcount(removed))
        return 0;
    pk_fish_bounds(fish_set, removed, floes, &least, &most);
    return fish >= least && fish <= most;
}

/* Every score, and their sum, could come from the floes off the board. */
static packeis_status pk_check_scores(const pk_setup *setup, const pk_position_text *read,
                                      pk_state *state, size_t *fault)
{
    uint64_t removed = setup->layout->all & ~state->floes;
    int fish = 0, floes = 0;
    for (int p = 0; p < setup->players; p++) {
        if (!pk_score_ok(setup->fish_set, removed, read->fish[p], read->floes[p]))
            PK_FAULT(read->score_at[p]);
        fish += read->fish[p], floes += read->floes[p];
        if (!pk_score_ok(setup->fish_set, removed, fish, floes))
            PK_FAULT(read->score_at[p]);
        state->fish[p] = read->fish[p];
        state->floes_won[p] = read->floes[p];
    }
    return PACKEIS_OK;
}

static packeis_status pk_check_out(const pk_setup *setup, const pk_position_text *read,
                                   pk_state *state, size_t *fault)
{
    for (int p = setup->players; p < PACKEIS_MAX_PLAYERS; p++)
        if ((read->out >> p) & 1)
            PK_FAULT(read->out_entry_at[p]);
    for (int p = 0; p < setup->players; p++)
        if (((read->out >> p) & 1) && state->penguins[p])
            PK_FAULT(read->out_entry_at[p]);
    state->out = (uint8_t)read->out;
    return PACKEIS_OK;
}

/* Penguins that never moved stand where they could be placed. */
static packeis_status pk_check_placeable(const pk_setup *setup, const pk_position_text *read,
                                         const pk_state *state, size_t *fault)
{
    uint64_t wrong = pk_all_penguins(state) & ~setup->placeable;
    if (wrong)
        PK_FAULT(pk_cell_at(read, wrong));
    return PACKEIS_OK;
}

/* Placement: no floe gone (so no score: pk_check_scores), nobody out, the
 * penguins those the placement order has placed so far, the next placer to
 * act. */
static packeis_status pk_check_placement(const pk_setup *setup, const pk_position_text *read,
                                         pk_state *state, size_t *fault)
{
    uint64_t gone = setup->layout->all & ~state->floes;
    if (gone)
        PK_FAULT(pk_cell_at(read, gone));
    if (read->out)
        PK_FAULT(read->out_at);
    int placed = pk_popcount(pk_all_penguins(state)), expected[PACKEIS_MAX_PLAYERS] = {0};
    if (placed >= setup->total_penguins)
        PK_FAULT(read->phase_at);
    for (int i = 0; i < placed; i++)
        expected[setup->placer[i]]++;
    for (int p = 0; p < setup->players; p++)
        if (pk_popcount(state->penguins[p]) != expected[p])
            PK_FAULT(read->board_at);
    if (read->turn != setup->placer[placed])
        PK_FAULT(read->turn_at);
    state->placed = (uint8_t)placed;
    state->turn = (uint8_t)read->turn;
    return pk_check_placeable(setup, read, state, fault);
}

/* doc/rules.md, "Floes out of play": every free floe is linked to a
 * penguin by free floes. */
static packeis_status pk_check_linked(const pk_setup *setup, const pk_position_text *read,
                                      const pk_state *state, size_t *fault)
{
    pk_state pruned = *state;
    setup->kernel->prune(setup, &pruned);
    uint64_t unlinked = state->floes & ~pruned.floes;
    if (unlinked)
        PK_FAULT(pk_cell_at(read, unlinked));
    return PACKEIS_OK;
}

/* Movement: every player in play has all its penguins, the player to act
 * is in play and can move, the board is as the rule of doc/rules.md,
 * "Floes out of play", leaves it. */
static packeis_status pk_check_movement(const pk_setup *setup, const pk_position_text *read,
                                        pk_state *state, size_t *fault)
{
    for (int p = 0; p < setup->players; p++)
        if (!((state->out >> p) & 1) && pk_popcount(state->penguins[p]) != setup->penguins)
            PK_FAULT(read->board_at);
    if (read->turn >= setup->players || ((state->out >> read->turn) & 1))
        PK_FAULT(read->turn_at);
    state->turn = (uint8_t)read->turn;
    state->placed = (uint8_t)setup->total_penguins;
    if (setup->kernel->move_count(setup, state) == 0)
        PK_FAULT(read->turn_at);
    if (state->floes == setup->layout->all &&
        pk_check_placeable(setup, read, state, fault) != PACKEIS_OK)
        return PACKEIS_E_INVALID_POSITION;
    return pk_check_linked(setup, read, state, fault);
}

/* Over: every player out, nothing left on the board. */
static packeis_status pk_check_over(const pk_setup *setup, const pk_position_text *read,
                                    pk_state *state, size_t *fault)
{
    if (state->floes)
        PK_FAULT(pk_cell_at(read, state->floes));
    if (state->out != (1u << setup->players) - 1)
        PK_FAULT(read->out_at);
    state->turn = PK_NO_PLAYER;
    state->placed = (uint8_t)setup->total_penguins;
    return PACKEIS_OK;
}

static packeis_status pk_check_phase(const pk_setup *setup, const pk_position_text *read,
                                     pk_state *state, size_t *fault)
{
    state->phase = (uint8_t)read->phase;
    if (read->phase == PACKEIS_PHASE_PLACEMENT)
        return pk_check_placement(setup, read, state, fault);
    if (read->phase == PACKEIS_PHASE_MOVEMENT)
        return pk_check_movement(setup, read, state, fault);
    return pk_check_over(setup, read, state, fault);
}

packeis_status pk_position_state(const pk_setup *setup, const pk_position_text *read,
                                 pk_state *state, size_t *fault)
{
    pk_state made = {0};
    packeis_status status = pk_check_board(setup, read, &made, fault);
    if (status == PACKEIS_OK)
        status = pk_check_scores(setup, read, &made, fault);
    if (status == PACKEIS_OK)
        status = pk_check_out(setup, read, &made, fault);
    if (status == PACKEIS_OK)
        status = pk_check_phase(setup, read, &made, fault);
    if (status != PACKEIS_OK)
        return status;
    made.hash = pk_board_hash(setup, &made);
    *state = made;
    return PACKEIS_OK;
}
