#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes hash_vectors.txt: positions and their hashes, computed by
packeis_model.py from the formula of doc/formats.md ("Position hash"),
without the library. tests/test_hash.c loads each position with the library
and checks that packeis_game_hash() gives the same value.

    python3 tests/data/hash_vectors.py > tests/data/hash_vectors.txt
"""
import sys

import packeis_model as m

SMALL = [(0, 0, 1), (2, 0, 2), (4, 0, 1), (1, 1, 3), (3, 1, 1)]
ROW = [(0, 0, 1), (2, 0, 1), (4, 0, 2), (6, 0, 3), (8, 0, 1)]
NEGATIVE = [(-4, -2, 1), (-2, -2, 1), (0, -2, 2), (-3, -1, 1), (-1, -1, 3), (1, -1, 1),
            (-4, 0, 1), (-2, 0, 2), (0, 0, 1)]

# Texts from doc/formats.md, and two finished games that differ only in
# who won what (the floes won and fish won swapped between the players).
LITERAL = [
    "packeis 1 std:3 players 2 penguins 4 variants - | 1A122112131.1.....12......AB.2.1B.2.332..B3BA2.1..2A.12112.1 | 16/11 21/11 | out - | movement 0",
    "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - | A2B31 | 0/0 0/0 | out - | movement 0",
    "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - | .2BA1 | 1/1 0/0 | out - | movement 1",
    "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - | ..... | 6/3 2/2 | out 0,1 | over -",
    "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - | ..... | 2/2 6/3 | out 0,1 | over -",
    "packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,3;8,0,1 players 2 penguins 1 variants - | A.B31 | 1/1 0/0 | out - | movement 1",
    # equal fish, floes swapped: the winner differs (tests/test_hash.c)
    "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - | ..... | 4/2 4/3 | out 0,1 | over -",
    "packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - | ..... | 4/3 4/2 | out 0,1 | over -",
    # the base position of test_each_input_changes_hash
    "packeis 1 custom:0,0,1;2,0,1;4,0,1;6,0,1;1,1,2;3,1,2;5,1,2;7,1,2;0,2,1;2,2,3;4,2,1;6,2,1 players 2 penguins 1 variants - | A..B2.221.11 | 2/2 3/1 | out - | movement 0",
]


def played(game, plies, seed):
    """`game` after `plies` moves, each drawn with SplitMix64 from `seed`."""
    rng = m.SplitMix(seed)
    for _ in range(plies):
        moves = m.legal_moves(game)
        if not moves:
            break
        game = m.apply(game, moves[rng.below(len(moves))])
    return game


def positions():
    texts = list(LITERAL)
    made = [
        m.new_game("std:0", 2),
        m.apply(m.apply(m.new_game("std:0", 2), (0, 0)), (2, 2)),
        played(m.new_game("std:12345", 4, snake=True), 5, 1),
        played(m.new_game("std:7", 3, hash_seed=0), 20, 2),
        played(m.new_game(ROW, 2, 1, hash_seed=99), 3, 3),
        played(m.new_game(NEGATIVE, 3, 1, any_floe=True, snake=True), 4, 4),
        played(m.new_game(NEGATIVE, 2, 2), 7, 5),
        played(m.new_game("std:99", 2), 200, 6),
    ]
    return texts + [m.format_position(p) for p in made]


def main():
    print("# Position hashes computed from doc/formats.md (\"Position hash\") by")
    print("# tests/data/hash_vectors.py, which shares no code with the library.")
    print("# A case is two lines: a position as packeis_game_save_position() writes it,")
    print("# then its hash as 16 lower-case hex digits. Lines starting with # and")
    print("# empty lines are ignored.")
    for text in positions():
        print()
        print(text)
        print("%016x" % m.position_hash(m.parse_position(text)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
