# SPDX-License-Identifier: MIT
"""Strength by games: :func:`match` plays two players against each other in
this process, each board twice with the seats swapped, and scores the
first (a win 1, a draw 1/2, a loss 0: ``(reward + 1) / 2`` of
``packeis_game_reward`` in a two-player game), with a 95 % interval (the
normal approximation over the games). A player is a built-in spec
(``"mcts:800"``, ``"az:800,weights=FILE"``: :mod:`packeis.players`) or a
callable ``player(game, rng) -> move`` (:class:`.player.PolicyPlayer`)."""
from __future__ import annotations

import math
import random
from typing import Any, NamedTuple

import numpy as np

from .._game import Game

__all__ = ["MatchResult", "match"]


class MatchResult(NamedTuple):
    """The first player's ``score`` (0 to 1) over ``games`` games, its 95 %
    interval ``low`` ... ``high``, and its wins, draws and losses."""

    score: float
    low: float
    high: float
    games: int
    wins: int
    draws: int
    losses: int


def _seat(player: Any, seed: int) -> Any:
    if isinstance(player, str):
        from ..players import Player  # noqa: PLC0415
        return Player.from_spec(player, seed)
    return player


def match(first: Any, second: Any, boards: int, seed: int = 0) -> MatchResult:
    """``2 * boards`` games of ``first`` against ``second`` (two players,
    board ``i`` from a seed drawn from ``seed``, played with either seat
    first)."""
    rng = np.random.default_rng(seed)
    board_seeds = rng.integers(0, 2**63, size=boards)
    seats = [_seat(first, int(rng.integers(2**63))), _seat(second, int(rng.integers(2**63)))]
    python_rng = random.Random(seed)
    scores = []
    try:
        for board in board_seeds:
            for first_seat in (0, 1):
                with Game(seed=int(board), players=2) as game:
                    for seat in seats:
                        if hasattr(seat, "forget"):
                            seat.forget()
                    while not game.is_over:
                        mover = seats[(game.current_player + first_seat) % 2]
                        game.apply(mover(game, python_rng))
                    scores.append((game.reward(first_seat) + 1) / 2)
    finally:
        for given, seat in zip((first, second), seats):
            if isinstance(given, str):  # made here
                seat.close()
    values = np.array(scores)
    mean = float(values.mean())
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values)) if len(values) > 1 else 1.0
    return MatchResult(mean, max(0.0, mean - half), min(1.0, mean + half), len(values),
                       int((values == 1).sum()), int((values == 0.5).sum()),
                       int((values == 0).sum()))
