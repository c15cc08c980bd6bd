/* SPDX-License-Identifier: MIT */
/* The validity of a position given whole rather than reached by play (a
 * loaded one), so that a loaded game never breaks what the engine relies
 * on. A pure rule: it reads a pk_position_candidate and names the field at
 * fault (pk_position_fault); where that field is in a text is the text
 * loader's business (lib/text/position.c). See doc/formats.md, "What loading
 * checks", for the list and its order. */
#include "bits.h"
#include "internal.h"

#define PK_FAULT(kind, which)                                                                  \
    do {                                                                                       \
        *fault = (pk_position_fault){(kind), (which)};                                         \
        return PACKEIS_E_INVALID_POSITION;                                                     \
    } while (0)

/* The penguins of a set beyond the first `owned` in reading order. */
static uint64_t pk_penguins_beyond(uint64_t penguins, int owned)
{
    for (int i = 0; i < owned && penguins; i++)
        penguins &= penguins - 1;
    return penguins;
}

/* The board: free floes with the layout's fish, penguins of players the
 * game has, no player with more penguins than it owns. The fish shown are a
 * rule too, not a matter of text: a floe with other fish is not a floe of
 * this game. All three are one test, so that the first cell in reading
 * order at fault is reported, whichever the fault. */
static packeis_status pk_check_board(const pk_setup *setup, const pk_position_candidate *given,
                                     pk_state *state, pk_position_fault *fault)
{
    uint64_t wrong = 0;
    for (int f = PK_MIN_FISH; f <= PK_MAX_FISH; f++)
        wrong |= given->fish_seen[f] & ~setup->fish_set[f];
    for (int p = 0; p < PACKEIS_MAX_PLAYERS; p++) {
        uint64_t penguins = given->state.penguins[p];
        wrong |= p < setup->players ? pk_penguins_beyond(penguins, setup->penguins) : penguins;
        state->penguins[p] = penguins;
    }
    if (wrong)
        PK_FAULT(PK_FIELD_CELL, pk_lowest(wrong));
    state->floes = given->state.floes;
    return PACKEIS_OK;
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
static packeis_status pk_check_scores(const pk_setup *setup, const pk_state *given,
                                      pk_state *state, pk_position_fault *fault)
{
    uint64_t removed = setup->layout->all & ~given->floes;
    int fish = 0, floes = 0;
    for (int p = 0; p < setup->players; p++) {
        if (!pk_score_ok(setup->fish_set, removed, given->fish[p], given->floes_won[p]))
            PK_FAULT(PK_FIELD_SCORE, p);
        fish += given->fish[p], floes += given->floes_won[p];
        if (!pk_score_ok(setup->fish_set, removed, fish, floes))
            PK_FAULT(PK_FIELD_SCORE, p);
        state->fish[p] = given->fish[p];
        state->floes_won[p] = given->floes_won[p];
    }
    return PACKEIS_OK;
}

/* Players out: only those the game has, none with a penguin on the board. */
static packeis_status pk_check_out(const pk_setup *setup, const pk_state *given,
                                   pk_state *state, pk_position_fault *fault)
{
    for (int p = setup->players; p < PACKEIS_MAX_PLAYERS; p++)
        if ((given->out >> p) & 1)
            PK_FAULT(PK_FIELD_OUT_ENTRY, p);
    for (int p = 0; p < setup->players; p++)
        if (((given->out >> p) & 1) && given->penguins[p])
            PK_FAULT(PK_FIELD_OUT_ENTRY, p);
    state->out = given->out;
    return PACKEIS_OK;
}

/* Penguins that never moved stand where they could be placed. */
static packeis_status pk_check_placeable(const pk_setup *setup, const pk_state *state,
                                         pk_position_fault *fault)
{
    uint64_t wrong = pk_all_penguins(state) & ~setup->placeable;
    if (wrong)
        PK_FAULT(PK_FIELD_CELL, pk_lowest(wrong));
    return PACKEIS_OK;
}

/* Placement: no floe gone (so no score: pk_check_scores), nobody out, the
 * penguins those the placement order has placed so far, the next placer to
 * act. */
static packeis_status pk_check_placement(const pk_setup *setup, const pk_state *given,
                                         pk_state *state, pk_position_fault *fault)
{
    uint64_t gone = setup->layout->all & ~state->floes;
    if (gone)
        PK_FAULT(PK_FIELD_CELL, pk_lowest(gone));
    if (state->out)
        PK_FAULT(PK_FIELD_OUT, 0);
    int placed = pk_popcount(pk_all_penguins(state)), expected[PACKEIS_MAX_PLAYERS] = {0};
    if (placed >= setup->total_penguins)
        PK_FAULT(PK_FIELD_PHASE, 0);
    for (int i = 0; i < placed; i++)
        expected[setup->placer[i]]++;
    for (int p = 0; p < setup->players; p++)
        if (pk_popcount(state->penguins[p]) != expected[p])
            PK_FAULT(PK_FIELD_BOARD, 0);
    if (given->turn != setup->placer[placed])
        PK_FAULT(PK_FIELD_TURN, 0);
    state->placed = (uint8_t)placed;
    state->turn = given->turn;
    return pk_check_placeable(setup, state, fault);
}

/* doc/rules.md, "Floes out of play": every free floe is linked to a
 * penguin by free floes. */
static packeis_status pk_check_linked(const pk_setup *setup, const pk_state *state,
                                      pk_position_fault *fault)
{
    pk_state pruned = *state;
    setup->kernel->prune(setup, &pruned);
    uint64_t unlinked = state->floes & ~pruned.floes;
    if (unlinked)
        PK_FAULT(PK_FIELD_CELL, pk_lowest(unlinked));
    return PACKEIS_OK;
}

/* Movement: every player in play has all its penguins, the player to act
 * is in play and can move, the board is as the rule of doc/rules.md,
 * "Floes out of play", leaves it. */
static packeis_status pk_check_movement(const pk_setup *setup, const pk_state *given,
                                        pk_state *state, pk_position_fault *fault)
{
    for (int p = 0; p < setup->players; p++)
        if (!((state->out >> p) & 1) && pk_popcount(state->penguins[p]) != setup->penguins)
            PK_FAULT(PK_FIELD_BOARD, 0);
    if (given->turn >= setup->players || ((state->out >> given->turn) & 1))
        PK_FAULT(PK_FIELD_TURN, 0);
    state->turn = given->turn;
    state->placed = (uint8_t)setup->total_penguins;
    if (setup->kernel->move_count(setup, state) == 0)
        PK_FAULT(PK_FIELD_TURN, 0);
    if (state->floes == setup->layout->all &&
        pk_check_placeable(setup, state, fault) != PACKEIS_OK)
        return PACKEIS_E_INVALID_POSITION;
    return pk_check_linked(setup, state, fault);
}

/* Over: every player out, nothing left on the board. */
static packeis_status pk_check_over(const pk_setup *setup, pk_state *state,
                                    pk_position_fault *fault)
{
    if (state->floes)
        PK_FAULT(PK_FIELD_CELL, pk_lowest(state->floes));
    if (state->out != (1u << setup->players) - 1)
        PK_FAULT(PK_FIELD_OUT, 0);
    state->turn = PK_NO_PLAYER;
    state->placed = (uint8_t)setup->total_penguins;
    return PACKEIS_OK;
}

static packeis_status pk_check_phase(const pk_setup *setup, const pk_state *given,
                                     pk_state *state, pk_position_fault *fault)
{
    state->phase = given->phase;
    if (given->phase == PACKEIS_PHASE_PLACEMENT)
        return pk_check_placement(setup, given, state, fault);
    if (given->phase == PACKEIS_PHASE_MOVEMENT)
        return pk_check_movement(setup, given, state, fault);
    return pk_check_over(setup, state, fault);
}

/* The position is built as the checks pass, each copying what it checked,
 * so that what a later check reads has passed the earlier ones and what is
 * not read (placed, hash, the scores of players the game lacks) is made. */
packeis_status pk_position_validate(const pk_setup *setup,
                                    const pk_position_candidate *candidate, pk_state *state,
                                    pk_position_fault *fault)
{
    const pk_state *given = &candidate->state;
    pk_state made = {0};
    packeis_status status = pk_check_board(setup, candidate, &made, fault);
    if (status == PACKEIS_OK)
        status = pk_check_scores(setup, given, &made, fault);
    if (status == PACKEIS_OK)
        status = pk_check_out(setup, given, &made, fault);
    if (status == PACKEIS_OK)
        status = pk_check_phase(setup, given, &made, fault);
    if (status != PACKEIS_OK)
        return status;
    made.hash = pk_board_hash(setup, &made);
    *state = made;
    return PACKEIS_OK;
}
