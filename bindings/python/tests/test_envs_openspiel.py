#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The OpenSpiel-style game and state (packeis.openspiel) through its
contract walker, over every setup of envs_walkers.SETUPS."""
import multiprocessing
import pickle
import random
import unittest

from envs_walkers import SETUPS, SMALL_PICTURE, walk_openspiel

import packeis
from packeis import _envs
from packeis import pyspiel_compat
from packeis.openspiel import INVALID_PLAYER, TERMINAL, PackeisGame


class WalkerTest(unittest.TestCase):
    def test_every_setup(self):
        for setup in SETUPS:
            with self.subTest(setup=setup):
                walk_openspiel(self, setup, games=6, seed=1)

    def test_determinism(self):
        setup = {"players": 3}
        self.assertEqual(walk_openspiel(self, setup, 3, seed=5), walk_openspiel(self, setup, 3, 5))
        self.assertNotEqual(walk_openspiel(self, setup, 3, 5), walk_openspiel(self, setup, 3, 6))


class GameTest(unittest.TestCase):
    def test_game_object(self):
        game = PackeisGame(players=3)
        self.assertEqual(game.num_players(), 3)
        self.assertEqual(game.max_game_length(), 60)
        self.assertEqual(game.observation_tensor_size(), 1600)
        kind = game.get_type()
        self.assertEqual(kind.utility, pyspiel_compat.GameType.Utility.ZERO_SUM)
        self.assertEqual((kind.utility, kind.dynamics, kind.chance_mode, kind.information,
                          kind.reward_model), (0, 1, 0, 1, 1), "pyspiel's values (spiel.h)")
        self.assertEqual(game.new_initial_states()[0].history(), [])
        self.assertEqual(game.policy_tensor_shape(), [4096])
        self.assertIs(game.observation_tensor_layout(), pyspiel_compat.TensorLayout.CHW)
        self.assertEqual(game.information_state_tensor_layout(), 1)
        self.assertEqual((game.min_utility(), game.max_utility(), game.utility_sum()),
                         (-1.0, 1.0, 0.0))
        self.assertEqual(game.get_parameters(), {"players": 3, "board_seed": 0})
        self.assertEqual(PackeisGame(layout_picture=SMALL_PICTURE, penguins=2).max_game_length(), 12)
        with self.assertRaises(TypeError):
            PackeisGame(seed=3)  # the board is board_seed
        with self.assertRaises(packeis.InvalidArgumentError):
            PackeisGame(players=5)

    def test_a_player_as_a_float_is_refused_even_the_one_to_act(self):
        # 0.0 == 0 once passed for the player to act (and listed its moves).
        state = PackeisGame(players=2).new_initial_state()
        for player in (0.0, 1.0, True):
            with self.assertRaises(TypeError, msg=player):
                state.legal_actions(player)
        self.assertEqual((len(state.legal_actions(0)), state.legal_actions(1)), (30, []))
        # OpenSpiel's idiom, also once the game is over (TERMINAL, -4).
        while not state.is_terminal():
            state.apply_action(state.legal_actions(state.current_player())[0])
        self.assertEqual(state.legal_actions(state.current_player()), [])
        self.assertEqual(sum(state.legal_actions_mask(state.current_player())), 0)

    def test_first_moves_by_hand(self):
        state = PackeisGame(players=2).new_initial_state()
        self.assertEqual(state.current_player(), 0)
        first = state.legal_actions()[0]
        self.assertEqual(first % 65, 0, "a placement on cell c is c * 65")
        self.assertEqual(state.action_to_string(0), "a1")
        self.assertEqual(state.string_to_action("a1"), 0)
        state.apply_action(first)
        self.assertEqual(state.current_player(), 1)
        self.assertEqual(state.legal_actions(0), [])
        self.assertEqual(state.history(), [first])
        self.assertEqual((TERMINAL, INVALID_PLAYER), (-4, -3), "pyspiel.PlayerId values")
        with self.assertRaises(ValueError):
            state.legal_actions(2)
        with self.assertRaises(ValueError):
            state.undo_action(0, first + 65)


def first_legal_then_record(state):
    """Plays the first legal action (in a worker process) and returns the
    state and its record."""
    state.apply_action(state.legal_actions()[0])
    return state, state.serialize()


class PickleTest(unittest.TestCase):
    def played(self, game, plies, seed):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(plies):
            state.apply_action(rng.choice(state.legal_actions()))
        return state

    def test_round_trip(self):
        for game in (PackeisGame(players=3, board_seed=7),
                     PackeisGame(layout_picture=SMALL_PICTURE, penguins=2, snake_placement=True)):
            for plies in (0, 5, game.new_initial_state().game.cell_count // 2):
                state = self.played(game, min(plies, 8), plies)
                again = pickle.loads(pickle.dumps(state))
                self.assertEqual(again.serialize(), state.serialize())
                self.assertEqual(again.history(), state.history())
                self.assertEqual(again.legal_actions(), state.legal_actions())
                self.assertEqual(str(again.get_game()), str(game))
                again.apply_action(again.legal_actions()[0])  # independent of the original
                self.assertEqual(len(state.history()) + 1, len(again.history()))
        game = pickle.loads(pickle.dumps(PackeisGame(players=4, board_seed=2)))
        self.assertEqual(game.get_parameters(), {"players": 4, "board_seed": 2})

    def test_multiprocessing_map(self):
        game = PackeisGame(players=2, board_seed=3)
        states = [self.played(game, plies, plies) for plies in (0, 3, 9)]
        expected = []
        for state in states:
            copy = state.clone()
            copy.apply_action(copy.legal_actions()[0])
            expected.append(copy.serialize())
        with multiprocessing.get_context("spawn").Pool(2) as pool:
            results = pool.map(first_legal_then_record, states)
        self.assertEqual([record for _, record in results], expected)
        self.assertEqual([state.serialize() for state, _ in results], expected)
        self.assertEqual([len(s.history()) for s in states], [0, 3, 9], "the originals unchanged")

    def test_records_of_another_setup_are_refused(self):
        game = PackeisGame(players=2)
        four = PackeisGame(players=4).new_initial_state()
        four.apply_action(four.legal_actions()[0])
        with self.assertRaisesRegex(ValueError, 'Players "4"'):
            game.deserialize_state(four.serialize())
        with self.assertRaisesRegex(ValueError, "standard 9"):
            game.deserialize_state(PackeisGame(players=2, board_seed=9).new_initial_state()
                                   .serialize())
        with self.assertRaisesRegex(ValueError, "snake"):
            game.deserialize_state(PackeisGame(players=2, snake_placement=True)
                                   .new_initial_state().serialize())
        state = self.played(game, 4, 1)
        self.assertEqual(game.deserialize_state(state.serialize()).history(), state.history())


class RewardTest(unittest.TestCase):
    """Game.reward (packeis_game_reward) and the environments' rewards."""

    @staticmethod
    def by_ranks(ranks):
        """(b - a) / (players - 1), b ranked below, a ranked above."""
        n = len(ranks)
        return [(sum(r > mine for r in ranks) - sum(r < mine for r in ranks)) / (n - 1)
                for mine in ranks]

    def test_rank_formula_by_hand(self):
        self.assertEqual(self.by_ranks((1, 2)), [1.0, -1.0])
        self.assertEqual(self.by_ranks((1, 1, 3)), [0.5, 0.5, -1.0])
        self.assertEqual(self.by_ranks((3, 1, 1, 3)), [-2 / 3, 2 / 3, 2 / 3, -2 / 3])

    def test_finished_games(self):
        rng = random.Random(3)
        for players in (2, 3, 4):
            for seed in range(4):
                game = packeis.Game(players=players, seed=seed)
                while not game.is_over:
                    self.assertEqual([game.reward(p) for p in range(players)], [0.0] * players)
                    game.apply(rng.choice(game.legal_moves()))
                ranks = [game.rank(p) for p in range(players)]
                expected = self.by_ranks(ranks)
                self.assertEqual([game.reward(p) for p in range(players)], expected)
                self.assertEqual(_envs.rewards(game), expected)
                self.assertAlmostEqual(sum(expected), 0.0)
                with self.assertRaises(packeis.OutOfRangeError):
                    game.reward(players)
                game.close()
                with self.assertRaises(packeis.GameClosedError):
                    game.reward(0)


if __name__ == "__main__":
    unittest.main()
