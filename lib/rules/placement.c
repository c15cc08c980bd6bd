/* SPDX-License-Identifier: MIT */
/* The rules decided when a game is set up (core/setup.c asks): penguins per
 * player, who places each penguin, which floes take one, and whether there
 * is room for them all. doc/rules.md, "Players and penguins", "Placement"
 * and "Variants". */
#include "bits.h"
#include "internal.h"

int pk_penguins_per_player(const packeis_options *options)
{
    static const int by_players[PACKEIS_MAX_PLAYERS + 1] = {[2] = 4, [3] = 3, [4] = 2};
    return options->penguins ? options->penguins : by_players[options->players];
}

/* In turn order, or with snake placement in order in even rounds and in
 * reverse in odd ones. */
void pk_placement_order(pk_setup *setup)
{
    int snake = (setup->variants >> PACKEIS_VARIANT_SNAKE_PLACEMENT) & 1;
    for (int i = 0; i < setup->total_penguins; i++) {
        int round = i / setup->players, seat = i % setup->players;
        int reverse = snake && (round & 1);
        setup->placer[i] = (uint8_t)(reverse ? setup->players - 1 - seat : seat);
    }
}

/* One-fish floes, or any floe with the variant. */
uint64_t pk_placeable_floes(const pk_setup *setup)
{
    int any = (setup->variants >> PACKEIS_VARIANT_PLACE_ANY_FLOE) & 1;
    return any ? setup->layout->all : setup->fish_set[1];
}

/* A game whose placement could get stuck is refused when it is created
 * (PACKEIS_E_TOO_FEW_FLOES): one placeable floe per penguin. */
int pk_room_for_penguins(const pk_setup *setup)
{
    return pk_popcount(setup->placeable) >= setup->total_penguins;
}
