#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Gymnasium-style environment (packeis.gymnasium_env) through its
contract walker (Gymnasium's check_env), over every setup."""
import unittest

from envs_walkers import SETUPS, legal_of, walk_gym

import packeis
from packeis.gymnasium_env import PackeisEnv


def first_move(game, rng):
    return game.legal_moves()[0]


class WalkerTest(unittest.TestCase):
    def test_every_setup(self):
        for setup in SETUPS:
            with self.subTest(setup=setup):
                walk_gym(self, setup, games=5, seed=20)

    def test_options(self):
        walk_gym(self, {"players": 3}, 4, seed=1, learner="random")
        walk_gym(self, {"players": 2}, 3, seed=1, learner=1, opponent=first_move)
        walk_gym(self, {"players": 4}, 3, seed=1, mask_in_observation=True)

    def test_determinism(self):
        """check_env's step determinism: same seed, same episodes."""
        setup = {"players": 3}
        self.assertEqual(walk_gym(self, setup, 2, seed=4), walk_gym(self, setup, 2, seed=4))
        self.assertNotEqual(walk_gym(self, setup, 2, seed=4), walk_gym(self, setup, 2, seed=5))


class BehaviourTest(unittest.TestCase):
    def test_illegal_raise(self):
        env = PackeisEnv(players=2, illegal_action="raise")
        obs, info = env.reset(seed=0)
        before = env.game.save_record()
        illegal = next(m for m in range(4096) if m not in legal_of(info["action_mask"]))
        with self.assertRaises(packeis.IllegalMoveError):
            env.step(illegal)
        self.assertEqual(env.game.save_record(), before, "nothing changed")
        env.step(legal_of(info["action_mask"])[0])  # the episode goes on

    def test_illegal_penalty(self):
        env = PackeisEnv(players=2, illegal_action=-2.0)
        obs, info = env.reset(seed=0)
        illegal = next(m for m in range(4096) if m not in legal_of(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(illegal)
        self.assertEqual((reward, terminated, truncated), (-2.0, True, False))
        self.assertIn("PACKEIS_E_", info["illegal_action"])
        with self.assertRaises(RuntimeError):
            env.step(0)
        with self.assertRaises(ValueError):
            PackeisEnv(illegal_action="ignore")
        with self.assertRaises(ValueError):
            PackeisEnv(illegal_action=float("nan"))
        with self.assertRaises(TypeError):
            PackeisEnv(illegal_action=True)
        with self.assertRaises(ValueError):
            PackeisEnv(learner=1.0)
        default = PackeisEnv(players=2)  # the default: the episode ends with -1.0
        default.reset(seed=0)
        obs, reward, terminated, truncated, info = default.step(illegal)
        self.assertEqual((reward, terminated, truncated), (-1.0, True, False))

    def test_learner_seat_and_opponent(self):
        env = PackeisEnv(players=3, learner=2, opponent=first_move)
        obs, info = env.reset(seed=3)
        self.assertEqual(env.game.ply_count, 2, "the two opponents placed first")
        ones = [c for c in range(60) if env.game.fish(c) == 1]
        self.assertEqual(env.game.history(), [ones[0] * 65, ones[1] * 65],
                         "each opponent placed on the lowest free one-fish floe")
        self.assertEqual(env.game.current_player, 2)
        seats = set()
        env = PackeisEnv(players=4, learner="random")
        for seed in range(12):
            seats.add(env.reset(seed=seed)[1]["learner"])
        self.assertGreater(len(seats), 1)
        with self.assertRaises(ValueError):
            PackeisEnv(players=2, learner=2)
        with self.assertRaises(TypeError):
            PackeisEnv(opponent=3)

    def test_reset_seed(self):
        env = PackeisEnv(players=2)
        a = env.reset(seed=9)[1]["board_seed"]
        b = env.reset(seed=9)[1]["board_seed"]
        c = env.reset()[1]["board_seed"]
        self.assertEqual(a, b)
        self.assertNotEqual(a, c)
        self.assertEqual(env.reset(options={"board_seed": 5})[1]["board_seed"], 5)
        env.close()
        with self.assertRaises(packeis.GameClosedError):
            env.reset()


    def test_move_value_naming_a_missing_cell(self):
        """4095 is in Discrete(4096) but names cell 63 (the board has 60):
        the illegal-action handling, not an OutOfRangeError."""
        env = PackeisEnv(players=2, illegal_action=-1.0)
        env.reset(seed=0)
        obs, reward, terminated, truncated, info = env.step(4095)
        self.assertEqual((reward, terminated, truncated), (-1.0, True, False))
        self.assertIn("OUT_OF_RANGE", info["illegal_action"])
        env = PackeisEnv(players=2, illegal_action="raise")
        env.reset(seed=0)
        before = env.game.save_record()
        with self.assertRaises(packeis.IllegalMoveError) as caught:
            env.step(4095)
        self.assertIsInstance(caught.exception.__cause__, packeis.OutOfRangeError)
        self.assertEqual(env.game.save_record(), before, "nothing changed")

    def test_failing_opponent_ends_the_episode(self):
        class Broken(Exception):
            pass

        calls = []

        def fails_second_time(game, rng):
            calls.append(game.ply_count)
            if len(calls) == 2:
                raise Broken()
            return game.legal_moves()[0]

        env = PackeisEnv(players=2, learner=1, opponent=fails_second_time)
        env.reset(seed=0)  # the opponent (seat 0) placed once
        self.assertEqual(env.game.current_player, 1)
        with self.assertRaises(Broken):
            env.step(legal_of(env.action_masks())[0])
        self.assertEqual(env.game.current_player, 0, "the opponent's seat is to act")
        with self.assertRaisesRegex(RuntimeError, "reset"):
            env.step(legal_of(env._observer.mask(env.game))[0])
        self.assertEqual(env.game.ply_count, 2, "no move played for the opponent's seat")

        def always_fails(game, rng):
            raise Broken()

        env = PackeisEnv(players=2, learner=1, opponent=always_fails)
        with self.assertRaises(Broken):
            env.reset(seed=0)
        with self.assertRaisesRegex(RuntimeError, "reset"):
            env.step(0)
        self.assertEqual(env.game.ply_count, 0)

    def test_negative_seed_refused(self):
        env = PackeisEnv(players=2)
        with self.assertRaisesRegex(ValueError, "seed"):
            env.reset(seed=-5)
        self.assertNotEqual(env.reset(seed=5)[1]["board_seed"], None)


if __name__ == "__main__":
    unittest.main()
