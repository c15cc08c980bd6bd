/* SPDX-License-Identifier: MIT */
/* Actions: placing and sliding, crediting, passing the turn, players going
 * out (section 5), floes out of play (section 6), hash keys kept up to date.
 * Part of the kernel: included once per instruction set through kernel.h,
 * never on its own. */
#ifndef PK_KERNEL_TABLE
#    error "include kernel.h, not kernel_play.h"
#endif

static inline int k_fish_on(const pk_setup *setup, uint64_t cells)
{
    const uint64_t *fish_set = setup->fish_set;
    return pk_popcount(cells & fish_set[1]) + 2 * pk_popcount(cells & fish_set[2]) +
           3 * pk_popcount(cells & fish_set[3]);
}

/* Hash keys follow every change of floes, penguins and turn. */
static inline void k_remove_floes(const pk_setup *setup, pk_state *st, uint64_t cells)
{
    st->hash ^= pk_keys_of(setup->keys->floe_key, cells & st->floes);
    st->floes &= ~cells;
}

static inline void k_set_turn(const pk_setup *setup, pk_state *st, int turn)
{
    st->hash ^= pk_turn_key(setup, st->turn) ^ pk_turn_key(setup, turn);
    st->turn = (uint8_t)turn;
}

/* Section 6: keep a free floe only if a chain of free floes links it to a
 * penguin. A breadth-first fill from the penguins over the free floes. */
static void k_remove_unreachable(const pk_setup *setup, pk_state *st)
{
    const pk_layout *lay = setup->layout;
    uint64_t penguins = pk_all_penguins(st), free_floes = st->floes & ~penguins;
    uint64_t kept = 0, frontier = penguins;
    while (frontier) {
        uint64_t next = 0;
        for (; frontier; frontier &= frontier - 1)
            next |= lay->adjacent[pk_lowest(frontier)];
        frontier = next & free_floes & ~kept;
        kept |= frontier;
    }
    k_remove_floes(setup, st, st->floes & ~(penguins | kept));
}

/* After a slide from `from`, can a floe have lost its link to every penguin?
 * Only if the floes around `from` now form two or more separate arcs: the arc
 * the penguin left through stays linked along its path (see the rules page). */
static inline int k_may_split(const pk_layout *lay, const pk_state *st, int from)
{
#if defined(PK_HAVE_PDEP)
    return (int)((lay->split_patterns[from] >> _pext_u64(st->floes, lay->adjacent[from])) & 1);
#else
    unsigned ring = 0;
    for (int d = 0; d < PACKEIS_DIRECTION_COUNT; d++) {
        int n = lay->neighbor[from][d];
        ring |= (unsigned)(n >= 0 && ((st->floes >> n) & 1)) << d;
    }
    unsigned arc_starts = ring & ~((ring << 1) | (ring >> 5)) & 0x3Fu;
    return (arc_starts & (arc_starts - 1)) != 0;
#endif
}

/* Removes the free floes a slide from `from` cut off. Only a component of
 * free floes holding a free neighbour of `from` can have lost its link, and
 * one holding a floe beside a penguin has not: each remaining candidate's
 * component is explored until it meets such a floe, or removed whole. */
static void k_prune_after_slide(const pk_setup *setup, pk_state *st, int from)
{
    const pk_layout *lay = setup->layout;
    uint64_t penguins = pk_all_penguins(st), guarded = penguins;
    for (uint64_t set = penguins; set; set &= set - 1)
        guarded |= lay->adjacent[pk_lowest(set)];
    uint64_t free_floes = st->floes & ~penguins;
    uint64_t candidates = lay->adjacent[from] & free_floes & ~guarded;
    while (candidates) {
        uint64_t region = candidates & (0 - candidates), frontier = region;
        while (frontier && !(region & guarded)) {
            uint64_t next = 0;
            for (; frontier; frontier &= frontier - 1)
                next |= lay->adjacent[pk_lowest(frontier)];
            frontier = next & free_floes & ~region;
            region |= frontier;
        }
        if (!(region & guarded))
            k_remove_floes(setup, st, region);
        candidates &= ~region;
    }
}

static void k_go_out(const pk_setup *setup, pk_state *st, int player)
{
    uint64_t cells = st->penguins[player];
    st->fish[player] = (uint16_t)(st->fish[player] + k_fish_on(setup, cells));
    st->floes_won[player] = (uint8_t)(st->floes_won[player] + pk_popcount(cells));
    k_remove_floes(setup, st, cells);
    st->hash ^= pk_keys_of(setup->keys->penguin_key[player], cells);
    st->penguins[player] = 0;
    st->out |= (uint8_t)(1u << player);
}

static inline int k_next_player(const pk_setup *setup, int player)
{
    return player + 1 == setup->players ? 0 : player + 1;
}

/* Who plays an action decides what follows it: packeis_game_apply() keeps
 * the board equal to the table (section 6) and needs only to know whether
 * the next player can move; perft and playouts skip section 6 (it changes no
 * move) and need the next player's move count, playouts through their cache
 * of destinations. */
typedef enum k_mode { K_APPLY, K_PERFT, K_PLAYOUT } k_mode;

static inline size_t k_next_moves(const pk_layout *lay, const pk_state *st, int player,
                                  uint64_t blockers, k_mode mode, k_reach_cache *reach)
{
    if (mode == K_APPLY)
        return (size_t)k_player_can_move(lay, st, player, blockers);
    return k_player_move_count(lay, st, player, blockers, reach);
}

/* Section 5: hands the turn to the first player, starting with `first` in
 * turn order, who can move; players on the way with no move go out. Returns
 * that player's move count (with K_APPLY, just non-zero), or 0 when the game
 * is over. A player going out needs no section-6 check: its stuck penguins
 * have no free floe beside them, so no chain ran through them. */
static inline size_t k_pass_turn(const pk_setup *setup, pk_state *st, int first, k_mode mode,
                                 k_reach_cache *reach)
{
    const pk_layout *lay = setup->layout;
    uint64_t blockers = k_blockers(st);
    int player = first;
    for (int i = 0; i < setup->players; i++, player = k_next_player(setup, player)) {
        if (st->out & (1u << player))
            continue;
        size_t count = k_next_moves(lay, st, player, blockers, mode, reach);
        if (count) {
            k_set_turn(setup, st, player);
            return count;
        }
        k_go_out(setup, st, player);
    }
    k_set_turn(setup, st, PK_NO_PLAYER);
    st->phase = PACKEIS_PHASE_OVER;
    k_remove_floes(setup, st, st->floes); /* no penguin is left to link them */
    return 0;
}

/* Places a penguin for the player to act; the last placement starts the
 * movement phase. Returns the move count of the player to act next. */
static size_t k_place_counted(const pk_setup *setup, pk_state *st, int cell, k_mode mode,
                              k_reach_cache *reach)
{
    st->penguins[st->turn] |= pk_bit(cell);
    st->hash ^= setup->keys->penguin_key[st->turn][cell];
    st->placed++;
    if (st->placed < setup->total_penguins) {
        k_set_turn(setup, st, setup->placer[st->placed]);
        return (size_t)pk_popcount(k_placement_targets(setup, st));
    }
    st->phase = PACKEIS_PHASE_MOVEMENT;
    k_remove_unreachable(setup, st);
    return k_pass_turn(setup, st, 0, mode, reach);
}

static void k_place(const pk_setup *setup, pk_state *st, int cell)
{
    (void)k_place_counted(setup, st, cell, K_APPLY, NULL);
}

/* Section 4 then 5 (and 6 for K_APPLY). */
static inline size_t k_slide_counted(const pk_setup *setup, pk_state *st, int from, int to,
                                     k_mode mode, k_reach_cache *reach)
{
    const pk_layout *lay = setup->layout;
    const pk_keys *keys = setup->keys;
    int player = st->turn;
    st->penguins[player] ^= pk_bit(from) | pk_bit(to);
    st->floes &= ~pk_bit(from);
    st->hash ^=
        keys->penguin_key[player][from] ^ keys->penguin_key[player][to] ^ keys->floe_key[from];
    st->fish[player] = (uint16_t)(st->fish[player] + setup->fish[from]);
    st->floes_won[player]++;
    if (mode == K_APPLY && k_may_split(lay, st, from))
        k_prune_after_slide(setup, st, from);
    return k_pass_turn(setup, st, k_next_player(setup, player), mode, reach);
}

static void k_slide(const pk_setup *setup, pk_state *st, int from, int to)
{
    (void)k_slide_counted(setup, st, from, to, K_APPLY, NULL);
}
