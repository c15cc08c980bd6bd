#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A slow model of libpackeis written again from the documents alone
(doc/rules.md, doc/formats.md, the shuffle of
packeis_options_set_seed() in packeis.h): the position text (read and
written), the position hash, the rules (placement, slides, players out,
floes out of play) and perft. It shares no code with the library and never
calls it. Used by hash_vectors.py and make_conformance.py.
"""
import sys

MASK = (1 << 64) - 1
DEFAULT_HASH_SEED = 0x5061636B65697321
MAX_CELLS, MAX_PLAYERS = 64, 4
PHASES = {"placement": 0, "movement": 1, "over": 2}


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class SplitMix:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return mix(self.state)

    def below(self, bound):
        """Lemire's method, as packeis_options_set_seed() documents it."""
        threshold = ((1 << 32) - bound) % bound
        while True:
            m = (self.next() >> 32) * bound
            if (m & 0xFFFFFFFF) >= threshold:
                return m >> 32


def standard_cells():
    """The standard board's coordinates, in reading order (doc/rules.md)."""
    cells = []
    for y in range(8):
        xs = range(1, 14, 2) if y % 2 == 0 else range(0, 15, 2)
        cells += [(x, y) for x in xs]
    return cells


def standard_fish(seed):
    """The shuffle of packeis_options_set_seed()."""
    fish = [1] * 30 + [2] * 20 + [3] * 10
    rng = SplitMix(seed)
    for i in range(59, 0, -1):
        j = rng.below(i + 1)
        fish[i], fish[j] = fish[j], fish[i]
    return fish


class Position:
    """A position as doc/formats.md describes it. Fields: layout (the text),
    coords, fish (per cell), players, penguins, any_floe, snake, hash_seed,
    floe (bool per cell), owner (player or -1 per cell), fish_won, floes_won,
    out (set), phase (0, 1, 2), turn (player, or -1 when over)."""

    def copy(self):
        p = Position()
        p.__dict__.update(self.__dict__)
        p.floe, p.owner = list(self.floe), list(self.owner)
        p.fish_won, p.floes_won, p.out = list(self.fish_won), list(self.floes_won), set(self.out)
        return p


def parse_position(text):
    groups = text.rstrip("\n").split(" | ")
    assert len(groups) == 5, text
    head = groups[0].split(" ")
    assert head[:2] == ["packeis", "1"] and head[3] == "players" and head[5] == "penguins"
    p = Position()
    p.layout = head[2]
    kind, _, spec = p.layout.partition(":")
    if kind == "std":
        p.coords, p.fish = standard_cells(), standard_fish(int(spec))
    else:
        assert kind == "custom"
        floes = [tuple(int(v) for v in f.split(",")) for f in spec.split(";")]
        p.coords, p.fish = [(x, y) for x, y, _ in floes], [f for _, _, f in floes]
    p.players, p.penguins = int(head[4]), int(head[6])
    variants = head[8].split(",") if head[8] != "-" else []
    p.any_floe, p.snake = "any-floe" in variants, "snake" in variants
    p.hash_seed = int(head[10]) if len(head) > 9 else DEFAULT_HASH_SEED
    board = groups[1]
    assert len(board) == len(p.coords)
    p.floe = [ch != "." for ch in board]
    p.owner = ["ABCD".index(ch) if ch in "ABCD" else -1 for ch in board]
    scores = [s.split("/") for s in groups[2].split(" ")]
    p.fish_won = [int(f) for f, _ in scores] + [0] * (MAX_PLAYERS - len(scores))
    p.floes_won = [int(n) for _, n in scores] + [0] * (MAX_PLAYERS - len(scores))
    out = groups[3].split(" ")[1]
    p.out = set() if out == "-" else {int(v) for v in out.split(",")}
    phase, player = groups[4].split(" ")
    p.phase = PHASES[phase]
    p.turn = -1 if player == "-" else int(player)
    return p


def keys(seed):
    rng = SplitMix(seed)
    floe = [rng.next() for _ in range(MAX_CELLS)]
    penguin = [[rng.next() for _ in range(MAX_CELLS)] for _ in range(MAX_PLAYERS)]
    turn = [rng.next() for _ in range(MAX_PLAYERS + 1)]
    return floe, penguin, turn


_keys = {}


def position_hash(p):
    """B ^ mix(F ^ mix(R ^ seed)), doc/formats.md "Position hash"."""
    if p.hash_seed not in _keys:
        _keys[p.hash_seed] = keys(p.hash_seed)
    floe, penguin, turn = _keys[p.hash_seed]
    b = 0
    for c in range(len(p.coords)):
        if p.floe[c]:
            b ^= floe[c]
        if p.owner[c] >= 0:
            b ^= penguin[p.owner[c]][c]
    b ^= turn[4] if p.phase == 2 else turn[p.turn]
    f = 0
    r = 0
    for q in range(p.players):
        f |= p.fish_won[q] << (16 * q)
        r |= p.floes_won[q] << (8 * q)
    for q in p.out:
        r |= 1 << (32 + q)
    r |= p.phase << 40
    return b ^ mix(f ^ mix(r ^ p.hash_seed))


# ---- writing a position --------------------------------------------------

PHASE_WORDS = ["placement", "movement", "over"]


def format_position(p):
    variants = [v for v, on in (("any-floe", p.any_floe), ("snake", p.snake)) if on]
    head = "packeis 1 %s players %d penguins %d variants %s" % (
        p.layout, p.players, p.penguins, ",".join(variants) or "-")
    if p.hash_seed != DEFAULT_HASH_SEED:
        head += " hash %d" % p.hash_seed
    board = "".join("." if not p.floe[c] else "ABCD"[p.owner[c]] if p.owner[c] >= 0
                    else str(p.fish[c]) for c in range(len(p.coords)))
    scores = " ".join("%d/%d" % (p.fish_won[q], p.floes_won[q]) for q in range(p.players))
    out = ",".join(str(q) for q in sorted(p.out)) or "-"
    turn = "-" if p.phase == 2 else str(p.turn)
    return "%s | %s | %s | out %s | %s %s" % (head, board, scores, out, PHASE_WORDS[p.phase], turn)


def new_game(layout, players, penguins=0, any_floe=False, snake=False,
             hash_seed=DEFAULT_HASH_SEED):
    """The start of a game. `layout` is "std:SEED" or a list of (x, y, fish)."""
    p = Position()
    if isinstance(layout, str):
        p.layout = layout
        p.coords, p.fish = standard_cells(), standard_fish(int(layout[4:]))
    else:
        floes = sorted(layout, key=lambda f: (f[1], f[0]))
        p.layout = "custom:" + ";".join("%d,%d,%d" % f for f in floes)
        p.coords, p.fish = [(x, y) for x, y, _ in floes], [f for _, _, f in floes]
    p.players = players
    p.penguins = penguins or {2: 4, 3: 3, 4: 2}[players]
    p.any_floe, p.snake, p.hash_seed = any_floe, snake, hash_seed
    n = len(p.coords)
    p.floe, p.owner = [True] * n, [-1] * n
    p.fish_won, p.floes_won = [0] * MAX_PLAYERS, [0] * MAX_PLAYERS
    p.out, p.phase, p.turn = set(), 0, 0
    return p


# ---- the rules -------------------------------------------------------------

DIRECTIONS = [(2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)]


def _geometry(p):
    key = tuple(p.coords)
    if key not in _geometry.cache:
        at = {xy: c for c, xy in enumerate(p.coords)}
        _geometry.cache[key] = [[at.get((x + dx, y + dy), -1) for dx, dy in DIRECTIONS]
                                for x, y in p.coords]
    return _geometry.cache[key]


_geometry.cache = {}


def placer(p, k):
    """The player who places the k-th penguin (from 0)."""
    n = p.players
    r, i = divmod(k, n)
    return n - 1 - i if p.snake and r % 2 else i


def placed(p):
    return sum(1 for o in p.owner if o >= 0)


def slides(p, player):
    nb = _geometry(p)
    moves = []
    for c in range(len(p.coords)):
        if p.owner[c] != player:
            continue
        for d in range(6):
            t = nb[c][d]
            while t >= 0 and p.floe[t] and p.owner[t] < 0:
                moves.append((c, t))
                t = nb[t][d]
    return moves


def legal_moves(p):
    if p.phase == 2:
        return []
    if p.phase == 0:
        return [(c, c) for c in range(len(p.coords))
                if p.owner[c] < 0 and (p.any_floe or p.fish[c] == 1)]
    return slides(p, p.turn)


def _credit(p, player, cell):
    p.floe[cell] = False
    p.fish_won[player] += p.fish[cell]
    p.floes_won[player] += 1


def _pass_turn(p, candidates):
    """Gives the turn to the first candidate not out with a move; those met
    without a move go out ("Passing the turn; going out"); then floes out of
    play go ("Floes out of play")."""
    for q in candidates:
        if q in p.out:
            continue
        if slides(p, q):
            p.turn = q
            break
        p.out.add(q)
        for c in range(len(p.coords)):
            if p.owner[c] == q:
                p.owner[c] = -1
                _credit(p, q, c)
    else:
        p.phase, p.turn = 2, -1
    _remove_out_of_play(p)


def _remove_out_of_play(p):
    nb = _geometry(p)
    seen = [c for c in range(len(p.coords)) if p.owner[c] >= 0]
    linked = set(seen)
    while seen:
        c = seen.pop()
        for t in nb[c]:
            if t >= 0 and t not in linked and p.floe[t]:
                linked.add(t)
                seen.append(t)
    for c in range(len(p.coords)):
        if p.floe[c] and c not in linked:
            p.floe[c] = False


def apply(p, move):
    """The position after a legal move (a new Position)."""
    q = p.copy()
    frm, to = move
    if q.phase == 0:
        q.owner[to] = q.turn
        k = placed(q)
        if k < q.players * q.penguins:
            q.turn = placer(q, k)
        else:
            q.phase = 1
            _pass_turn(q, range(q.players))
        return q
    player = q.turn
    q.owner[to], q.owner[frm] = player, -1
    _credit(q, player, frm)
    _pass_turn(q, [(player + i) % q.players for i in range(1, q.players + 1)])
    return q


def perft(p, depth):
    if depth == 0 or p.phase == 2:
        return 1
    moves = legal_moves(p)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(p, m), depth - 1) for m in moves)
