#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A small Monte Carlo tree search player for Packeis am Pol.

Player 0 searches with UCT; the others play uniformly at random. The search
copies the game into one scratch game per decision (``assign``: no
allocation after the first), walks the tree on it with apply/undo_to, and
evaluates each new leaf with one batch call that plays ``--rollouts`` random
games in C. Moves are plain move values, so they print as ``12-25`` and, in
the project's notation, as ``c4-e5``.

    PACKEIS_LIBRARY=build/lib/libpackeis.so PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/mcts.py --iterations 200
"""
from __future__ import annotations

import argparse
import math
import random
import time

import packeis


class Node:
    __slots__ = ("move", "mover", "parent", "children", "untried", "visits", "reward")

    def __init__(self, game: packeis.Game, move=None, mover=None, parent=None):
        self.move = move  # the move that led here
        self.mover = mover  # the player who played it
        self.parent = parent
        self.children: list[Node] = []
        self.untried = game.legal_moves()
        self.visits = 0
        self.reward = 0.0  # the mover's summed win share

    def select(self, c: float) -> "Node":
        log_n = math.log(self.visits)
        return max(
            self.children,
            key=lambda ch: ch.reward / ch.visits + c * math.sqrt(log_n / ch.visits),
        )


def search(game: packeis.Game, scratch: packeis.Game, iterations: int, rollouts: int,
           rng: random.Random) -> packeis.Move:
    """The most visited move after ``iterations`` UCT iterations from
    ``game``, searched on ``scratch`` (overwritten)."""
    scratch.assign(game)
    root_plies = scratch.ply_count
    root = Node(scratch)
    if len(root.untried) == 1:
        return root.untried[0]
    for _ in range(iterations):
        node = root
        # Selection: descend through fully expanded nodes.
        while not node.untried and node.children:
            node = node.select(1.4)
            scratch.apply(node.move)
        # Expansion: one new child.
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            mover = scratch.current_player
            scratch.apply(move)
            child = Node(scratch, move, mover, node)
            node.children.append(child)
            node = child
        # Simulation: a batch of random games in C from the leaf.
        result = scratch.random_games(rollouts, seed=rng.getrandbits(64))
        shares = [result.wins(p) / rollouts for p in range(result.players)]
        # Backpropagation, each node scored for the player who moved into it.
        while node is not None:
            node.visits += 1
            if node.mover is not None:
                node.reward += shares[node.mover]
            node = node.parent
        scratch.undo_to(root_plies)
    return max(root.children, key=lambda ch: ch.visits).move


def integer(low: int, high: int):
    """An argparse type: an integer from ``low`` to ``high`` (a bad value is
    refused with its argument named and exit status 2)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, got {value}")
        return value
    return parse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=integer(0, 2**64 - 1), default=0,
                        help="board and player seed, 0 to 2**64-1 (default 0)")
    parser.add_argument("--players", type=integer(2, packeis.MAX_PLAYERS), default=2,
                        help="2 to 4 players, player 0 searching (default 2)")
    parser.add_argument("--iterations", type=integer(1, 10**7), default=200,
                        help="tree iterations per move, 1 to 10**7 (default 200)")
    parser.add_argument("--rollouts", type=integer(1, 10**6), default=16,
                        help="random games per leaf, 1 to 10**6 (default 16)")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    game = packeis.Game(seed=args.seed, players=args.players)
    scratch = game.clone()
    start = time.perf_counter()
    while not game.is_over:
        player = game.current_player
        if player == 0:
            move = search(game, scratch, args.iterations, args.rollouts, rng)
        else:
            move = rng.choice(game.legal_moves())
        game.apply(move)
        if not args.quiet:
            print(f"player {player}: {game.format_move(move)} ({move})")
    elapsed = time.perf_counter() - start
    for s in game.standings():
        who = "MCTS  " if s.player == 0 else "random"
        print(f"player {s.player} ({who}): {s.fish} fish, {s.floes} floes, place {s.rank}")
    print(f"winners: {sorted(game.winners)}  ({game.ply_count} plies, {elapsed:.2f} s)")


if __name__ == "__main__":
    main()
