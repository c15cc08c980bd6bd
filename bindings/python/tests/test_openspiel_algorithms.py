#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""OpenSpiel's own pure-Python algorithms, unmodified, on packeis.openspiel
games, with :mod:`packeis.pyspiel_compat` standing in for the compiled
``pyspiel`` (or the real one, where it imports).

The sources are not in this tree nor in Debian: give the root of an
OpenSpiel checkout as ``$PACKEIS_OPENSPIEL_SOURCE`` (meson option
``-Dopenspiel_source=PATH``); its files
``open_spiel/python/algorithms/{mcts,evaluate_bots,minimax}.py`` are loaded
as they are. ``mcts.py`` needs absl (Debian's ``python3-absl``).

- ``MCTSBot`` (200 simulations, ``RandomRolloutEvaluator``) against
  ``UniformRandomBot``-style play through ``evaluate_bots``: it must win 10
  of 10 games, seats alternating, on the standard board.
- ``minimax.alpha_beta_search`` on a small board: its value must equal an
  independent exhaustive search written here over :class:`packeis.Game`.
"""
import importlib.util
import os
import sys
import unittest

import numpy as np

from packeis import Game, pyspiel_compat

pyspiel = pyspiel_compat.install()

from packeis.openspiel import PackeisGame  # noqa: E402

SOURCE = os.environ.get("PACKEIS_OPENSPIEL_SOURCE", "")


def load(name):
    """``open_spiel/python/algorithms/<name>.py`` of the checkout, as it is."""
    path = os.path.join(SOURCE, "open_spiel", "python", "algorithms", name + ".py")
    spec = importlib.util.spec_from_file_location("open_spiel_" + name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class UniformRandomBot(pyspiel.Bot):
    """pyspiel's ``UniformRandomBot`` (C++ there): a uniformly random legal
    action."""

    def __init__(self, rng):
        super().__init__()
        self._rng = rng

    def step(self, state):
        return int(self._rng.choice(state.legal_actions()))


#: Six floes, one penguin each: small enough to search to the end.
TINY_PICTURE = "1 2 1\n 3 1 1\n"


def exhaustive_value(game, player):
    """The value of ``game`` for ``player`` with both sides optimal:
    ``packeis_game_reward`` at the end, max for ``player``, min for the
    other (a plain search, no pruning)."""
    if game.is_over:
        return game.reward(player)
    values = []
    for move in game.legal_moves():
        game.apply(move)
        values.append(exhaustive_value(game, player))
        game.undo()
    return max(values) if game.current_player == player else min(values)


@unittest.skipUnless(SOURCE, "set PACKEIS_OPENSPIEL_SOURCE to an OpenSpiel checkout")
class OpenSpielAlgorithms(unittest.TestCase):
    def test_mcts_beats_random_in_10_of_10(self):
        mcts, evaluate_bots = load("mcts"), load("evaluate_bots")
        game = PackeisGame(players=2, board_seed=5)
        rng = np.random.RandomState(7)
        wins = 0
        for g in range(10):
            searcher = mcts.MCTSBot(game, uct_c=2, max_simulations=200,
                                    evaluator=mcts.RandomRolloutEvaluator(1, rng),
                                    random_state=rng, solve=True)
            bots = [searcher, UniformRandomBot(rng)]
            seat = g % 2
            if seat:
                bots.reverse()
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
            wins += returns[seat] > 0
        self.assertEqual(wins, 10)

    def test_minimax_solves_a_small_board(self):
        minimax = load("minimax")
        game = PackeisGame(players=2, penguins=1, layout_picture=TINY_PICTURE)
        value, action = minimax.alpha_beta_search(game, maximum_depth=20)
        start = Game(players=2, penguins=1, layout_picture=TINY_PICTURE)
        self.assertEqual(value, exhaustive_value(start, 0))
        self.assertIn(action, game.new_initial_state().legal_actions())
        state = game.new_initial_state()
        state.apply_action(action)
        self.assertEqual(minimax.alpha_beta_search(game, state, maximum_depth=20,
                                                   maximizing_player_id=0)[0], value)

    def test_the_game_type_is_accepted(self):
        """mcts.py's and minimax.py's checks, read from pyspiel's enums."""
        kind = PackeisGame().get_type()
        self.assertEqual(kind.reward_model, pyspiel.GameType.RewardModel.TERMINAL)
        self.assertEqual(kind.dynamics, pyspiel.GameType.Dynamics.SEQUENTIAL)
        self.assertEqual(kind.chance_mode, pyspiel.GameType.ChanceMode.DETERMINISTIC)
        self.assertEqual(kind.information, pyspiel.GameType.Information.PERFECT_INFORMATION)
        self.assertEqual(kind.utility, pyspiel.GameType.Utility.ZERO_SUM)
        self.assertEqual(pyspiel.PlayerId.INVALID, -3)


if __name__ == "__main__":
    sys.exit(unittest.main())
