#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The PettingZoo-style AEC environment (packeis.aec) through its contract
walker (PettingZoo's api_test and seed_test), over every setup."""
import contextlib
import io
import unittest
import warnings

from envs_walkers import SETUPS, legal_of, np, values, walk_aec

import packeis
from packeis.aec import PackeisAECEnv, raw_env as make_env


class WalkerTest(unittest.TestCase):
    def test_every_setup(self):
        for setup in SETUPS:
            with self.subTest(setup=setup):
                walk_aec(self, setup, games=5, seed=3)

    def test_seed(self):
        """seed_test: the same seed gives the same games, another seed others."""
        setup = {"players": 3}
        self.assertEqual(walk_aec(self, setup, 3, seed=11), walk_aec(self, setup, 3, seed=11))
        self.assertNotEqual(walk_aec(self, setup, 3, seed=11), walk_aec(self, setup, 3, seed=12))


class BehaviourTest(unittest.TestCase):
    def test_boards_and_options(self):
        env = PackeisAECEnv(players=2)
        env.reset(options={"board_seed": 42})
        self.assertEqual(env.infos["player_0"]["board_seed"], 42)
        self.assertEqual(env.game.board_seed, 42)
        env.reset(seed=7)
        first = env.board_seed
        env.reset(seed=7)
        self.assertEqual(env.board_seed, first)
        env.reset()
        self.assertNotEqual(env.board_seed, first, "a reset without seed draws a new board")
        env.reset(options={"board": 1})  # unknown keys are ignored (api_test passes one)
        with self.assertRaises(TypeError):
            env.reset(options={"board_seed": "1"})
        with self.assertRaises(KeyError):
            env.observe("player_2")

    def test_illegal_move_changes_nothing(self):
        env = make_env(players=2, illegal_action="raise")
        env.reset(seed=1)
        before = env.game.save_record()
        legal = legal_of(env.observe("player_0")["action_mask"])
        illegal = next(m for m in range(4096) if m not in legal)
        with self.assertRaises(packeis.IllegalMoveError):
            env.step(illegal)
        with self.assertRaises(packeis.OutOfRangeError):
            env.step(4096)
        with self.assertRaises(TypeError):
            env.step(1.0)
        self.assertEqual(env.game.save_record(), before)
        self.assertEqual(env.agent_selection, "player_0")

    def test_dead_steps_order(self):
        """After the end each agent is stepped with None, in agents order
        from the one after the last mover, and leaves."""
        env = PackeisAECEnv(players=3)
        env.reset(seed=2)
        while not any(env.terminations.values()):
            env.step(int(env.game.legal_moves()[0]))
        last_mover = env.game.ply_effect(-1).player
        order = []
        while env.agents:
            order.append(env.agent_selection)
            env.step(None)
        self.assertEqual(order[0], f"player_{(last_mover + 1) % 3}")
        self.assertEqual(sorted(order), env.possible_agents)

    def test_render(self):
        env = PackeisAECEnv(players=2)
        env.reset(seed=0)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.assertIsNone(env.render())
        self.assertTrue(caught)
        with self.assertRaises(ValueError):
            PackeisAECEnv(render_mode="rgb_array")
        self.assertEqual(PackeisAECEnv(render_mode="ansi").metadata["render_modes"],
                         ["ansi", "human"])
        human = PackeisAECEnv(render_mode="human", players=2)
        human.reset(seed=0)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            self.assertIsNone(human.render())
        self.assertEqual(printed.getvalue(), str(human.game) + "\n")

    def test_state_is_absolute(self):
        env = PackeisAECEnv(players=4)
        env.reset(seed=0)
        self.assertEqual(values(env.state()), list(env.game.observe()))
        if np is not None:
            self.assertEqual(env.state().shape, (25, 64))


    def test_move_value_naming_a_missing_cell(self):
        """4095 names cell 63 of a 60-cell board: IllegalMoveError, as the
        module promises for any refused move, and nothing changes."""
        env = make_env(players=2, illegal_action="raise")
        env.reset(seed=0)
        before = env.game.save_record()
        with self.assertRaises(packeis.IllegalMoveError) as caught:
            env.step(4095)
        self.assertIsInstance(caught.exception.__cause__, packeis.OutOfRangeError)
        self.assertEqual(env.game.save_record(), before)
        self.assertEqual(env.agent_selection, "player_0")

    def test_negative_seed_refused(self):
        env = make_env(players=2)
        with self.assertRaisesRegex(ValueError, "seed"):
            env.reset(seed=-5)
        env.reset(seed=5)


if __name__ == "__main__":
    unittest.main()
