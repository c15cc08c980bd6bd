#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes conformance.txt: positions with their perft counts and hashes,
all computed by packeis_model.py (a slow engine written from the rules and
doc/formats.md alone, which never calls the library). The positions are
reached by games the model plays itself, each move drawn with SplitMix64.
tests/test_conformance.c checks every line against the library and against
the reference engine of tests/common/reference.c.

    python3 tests/data/make_conformance.py > tests/data/conformance.txt
"""
import sys

import packeis_model as m

DUMBBELL = [(0, 0, 1), (2, 0, 2), (1, 1, 1), (3, 1, 3), (0, 2, 1), (2, 2, 1), (4, 2, 1),
            (6, 2, 2), (8, 2, 1), (10, 2, 1), (9, 1, 1), (11, 1, 2), (9, 3, 3), (11, 3, 1),
            (10, 4, 1)]
ROW = [(2 * i, 0, f) for i, f in enumerate([1, 1, 2, 3, 1, 1, 2, 1, 1, 3])]
RING = [(2, 0, 1), (4, 0, 1), (6, 0, 2), (1, 1, 1), (7, 1, 1), (0, 2, 3), (8, 2, 1),
        (1, 3, 1), (7, 3, 2), (2, 4, 1), (4, 4, 3), (6, 4, 1)]
LADDER = [(2 * i + y, y, f) for y, row in enumerate([[1, 1, 2, 1, 3, 1, 1, 2],
                                                    [1, 2, 1, 1, 1, 3, 1, 1]])
          for i, f in enumerate(row)]
NEGATIVE = [(-4, -2, 1), (-2, -2, 1), (0, -2, 2), (-3, -1, 1), (-1, -1, 3), (1, -1, 1),
            (-4, 0, 1), (-2, 0, 2), (0, 0, 1), (-999999, 1, 1), (1000000, 0, 1)]
FULL = [(2 * i + (y % 2), y, 1 + (i * 7 + y * 3) % 3) for y in range(8) for i in range(8)]
BIG_COORDS = [(x, y, 1 + (x + y) % 3) for y in range(-1000000, -999996)
              for x in range(y % 2 - 6, 6, 2)]


def games(start, seed):
    """The positions of one game from `start` to its end, moves drawn by seed."""
    rng = m.SplitMix(seed)
    p = start
    line = [p]
    while p.phase != 2:
        moves = m.legal_moves(p)
        p = m.apply(p, moves[rng.below(len(moves))])
        line.append(p)
    return line


def cut_off(before, after):
    """Floes removed by the action, credited to nobody."""
    won = sum(after.floes_won) - sum(before.floes_won)
    return sum(before.floe) - sum(after.floe) > won


def pick(start, seed, what):
    """A position of the game from `start`: the ply number `what`, or the
    first position that `what` (a predicate of previous and current) holds
    for; the seed is increased until one is found."""
    for s in range(seed, seed + 200):
        line = games(start, s)
        if isinstance(what, int):
            return line[min(what, len(line) - 1)]
        for before, after in zip(line, line[1:]):
            if what(before, after):
                return after
    raise RuntimeError("no position found")


def first_out(before, after):
    return after.phase == 1 and after.out


def positions():
    g = m.new_game
    yield g("std:0", 2), 3
    yield g("std:1", 3), 3
    yield g("std:2", 4), 3
    yield pick(g("std:5", 2, snake=True), 5, 3), 3
    yield g("std:6", 2, any_floe=True), 2
    yield pick(g("std:7", 3, any_floe=True, snake=True), 7, 5), 3
    yield pick(g("std:8", 2), 8, 7), 3          # the last placement
    yield pick(g("std:9", 4, snake=True), 9, 7), 3
    yield m.parse_position("packeis 1 std:3 players 2 penguins 4 variants - | 1A122112131.1....."
                           "12......AB.2.1B.2.332..B3BA2.1..2A.12112.1 | 16/11 21/11 | out - "
                           "| movement 0"), 3
    yield pick(g("std:10", 2), 10, 8), 3        # the start of movement
    yield pick(g("std:11", 3), 11, 9), 3
    yield pick(g("std:12", 4), 12, 8), 3
    yield pick(g("std:13", 2), 13, 30), 3
    yield pick(g("std:14", 3), 14, 40), 4
    yield pick(g("std:15", 4), 15, 25), 4
    yield pick(g("std:16", 2, hash_seed=1), 16, 20), 3
    yield pick(g("std:17", 3), 17, first_out), 4
    yield pick(g("std:18", 4), 18, first_out), 4
    yield pick(g("std:19", 2), 19, first_out), 5
    yield pick(g("std:99", 2), 6, 1000), 5       # over: perft 1
    yield pick(g("std:20", 4, any_floe=True), 20, 30), 5
    yield g(DUMBBELL, 2, 2), 4
    yield pick(g(DUMBBELL, 2, 2), 21, 4), 6
    yield pick(g(DUMBBELL, 3, 1, snake=True), 22, cut_off), 6
    yield pick(g(DUMBBELL, 2, 2), 23, cut_off), 6
    yield g(ROW, 2, 1), 6
    yield pick(g(ROW, 2, 1), 24, cut_off), 8
    yield pick(g(ROW, 2, 2), 25, 4), 8
    yield g(RING, 2, 2), 5
    yield pick(g(RING, 3, 2, any_floe=True), 26, 6), 6
    yield pick(g(RING, 2, 2), 27, first_out), 8
    yield g(LADDER, 4, 2, any_floe=True, snake=True), 4
    yield pick(g(LADDER, 4, 2, any_floe=True, snake=True), 28, 8), 5
    yield pick(g(LADDER, 4, 2, any_floe=True, snake=True), 29, first_out), 6
    yield pick(g(LADDER, 3, 2), 30, cut_off), 6
    yield g(NEGATIVE, 3, 1, any_floe=True, snake=True), 4
    yield pick(g(NEGATIVE, 2, 2), 31, 4), 8
    yield pick(g(NEGATIVE, 2, 1, hash_seed=2**64 - 1), 32, cut_off), 8
    yield g(FULL, 2, 4), 2
    yield pick(g(FULL, 4, 2), 33, 20), 3
    yield pick(g(BIG_COORDS, 3, 2), 34, 6), 3
    yield pick(g(BIG_COORDS, 2, 3, snake=True), 35, first_out), 5


LIMIT = 400000
EXTRA = 2  # the depths above, deepened while the count stays under LIMIT


def main():
    for line in HEADER.strip().split("\n"):
        print(("# " + line).rstrip())
    for p, most in positions():
        depth, count = 0, 1
        while depth < most + EXTRA and count < LIMIT and p.phase != 2 or depth == 0:
            depth += 1
            count = m.perft(p, depth)
        print("%s %d %d %016x" % (m.format_position(p), depth, count, m.position_hash(p)))
        sys.stdout.flush()
    return 0


HEADER = """
libpackeis conformance cases, format 1.

A case is one line: a position, its perft at a depth, and its hash:

    POSITION DEPTH PERFT HASH

POSITION is a position text as packeis_game_save_position() writes it
(doc/formats.md, "Positions"); it contains spaces, so split the line at its
last three spaces. DEPTH is a decimal number of actions; PERFT, decimal, is
the number of distinct sequences of DEPTH actions from the position, a game
that ends earlier counting once (a finished game has perft 1); HASH is the
position hash of doc/formats.md ("Position hash") as 16 lower-case hex
digits. Lines that are empty or start with # are not cases. An engine
conforms if, for every case, it reads POSITION, writes the same text back,
and gives the same PERFT and HASH.

Made by tests/data/make_conformance.py from tests/data/packeis_model.py, a
slow engine written from the rules alone that shares no code with the
library; checked against the library and against the reference engine of
tests/common/reference.c by tests/test_conformance.c. Regenerate with:

    python3 tests/data/make_conformance.py > tests/data/conformance.txt
"""


if __name__ == "__main__":
    sys.exit(main())
