#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The vectorized environment over the C batch (packeis.vector) through its
contract walker (pgx's api_test): dtypes and shapes, rewards only at the end
and summing to 0, masks legal, auto-reset, refusals per game, determinism,
and every step checked against single games played in Python on the same
boards with the same moves."""
import unittest

import numpy as np
from envs_walkers import SETUPS, check_final_rewards

import packeis
from packeis import _envs
from packeis.vector import VectorEnv, bits_to_mask, mask_to_bits

#: Planes whose values are 0.0 or 1.0 (their compact word is a cell set).
BINARY_PLANES = list(range(13)) + [21, 22, 23, 24]


def word_cells(word):
    return [c for c in range(64) if int(word) >> c & 1]


class Walker:
    """Steps a VectorEnv with random legal moves and a shadow packeis.Game
    per game; asserts the contract at every step."""

    def __init__(self, case, setup, num_envs, seed, observation="bits"):
        self.case, self.setup = case, setup
        self.env = VectorEnv(num_envs, observation=observation, **setup)
        self.n, self.rng = num_envs, np.random.default_rng(seed)
        obs, info = self.env.reset(seed=seed)
        self.shadows = [_envs.new_game(setup, int(s)) for s in info["board_seed"]]
        self.total_fish = sum(self.shadows[0].fish(c) for c in range(self.shadows[0].cell_count))
        self.ended = 0
        self.check_state(obs, info)
        case.assertFalse(self.env.batch.rewards.any(), "no reward at the start")
        case.assertTrue((info["to_act"] == 0).all())

    def run(self, steps):
        trace = []
        for _ in range(steps):
            actions = self.env.sample_legal(self.rng)
            obs, rewards, terminated, truncated, info = self.env.step(actions)
            self.check_step(actions, obs, rewards, terminated, truncated, info)
            trace.append((obs.tobytes(), rewards.tobytes()))
        return trace

    def check_step(self, actions, obs, rewards, terminated, truncated, info):
        case, players = self.case, self.env.players
        case.assertEqual(rewards.dtype, np.float32)
        case.assertEqual(rewards.shape, (self.n, players))
        case.assertEqual((terminated.dtype, truncated.dtype), (np.bool_, np.bool_))
        case.assertFalse(truncated.any())
        case.assertFalse(info["illegal"].any())
        case.assertFalse(info["status"].any())
        case.assertFalse(rewards[~terminated].any(), "rewards only when a game ends")
        np.testing.assert_allclose(rewards.sum(axis=1), 0.0, atol=1e-6)
        for i, shadow in enumerate(self.shadows):
            shadow.apply(int(actions[i]))
            case.assertEqual(bool(terminated[i]), shadow.is_over)
            if terminated[i]:
                self.ended += 1
                expected = _envs.rewards(shadow)
                check_final_rewards(case, expected, shadow)
                np.testing.assert_array_equal(rewards[i], np.float32(expected),
                                              "C reward (float32) = the Python formula")
                self.shadows[i] = _envs.new_game(self.setup, int(info["board_seed"][i]))
        self.check_state(obs, info)

    def check_state(self, obs, info):
        case, env = self.case, self.env
        case.assertEqual(info["to_act"].dtype, np.int8)
        case.assertEqual(info["legal_bits"].dtype, np.uint64)
        case.assertTrue(env.observation_space.contains(obs))
        bits = info["legal_bits"]
        mask = env.legal_mask()
        np.testing.assert_array_equal(bits_to_mask(bits), mask)
        np.testing.assert_array_equal(mask_to_bits(mask), bits)
        moves, counts = env.legal_moves()
        for i, shadow in enumerate(self.shadows):
            legal = [int(m) for m in shadow.legal_moves()]
            case.assertTrue(legal, "with auto-reset every game has a move")
            case.assertEqual(int(info["to_act"][i]), shadow.current_player)
            case.assertEqual(moves[i, :counts[i]].tolist(), legal)
            case.assertEqual(np.flatnonzero(mask[i]).tolist(), legal)
            self.check_observation(obs[i], shadow)

    def check_observation(self, obs, shadow):
        planes = np.asarray(shadow.observe(relative=True)).reshape(25, 64)
        if self.env.observation == "planes":
            np.testing.assert_array_equal(obs, planes)
            return
        for k in BINARY_PLANES:
            self.case.assertEqual(word_cells(obs[k]), np.flatnonzero(planes[k]).tolist(), k)
        for j in range(4):
            self.case.assertAlmostEqual(int(obs[13 + j]) / self.total_fish, planes[13 + j, 0],
                                        places=6)


class WalkerTest(unittest.TestCase):
    def test_every_setup(self):
        for setup in SETUPS:
            with self.subTest(setup=setup):
                walker = Walker(self, setup, num_envs=12, seed=5)
                walker.run(150)
                self.assertGreater(walker.ended, 12, "games ended and were reset")

    def test_float_planes(self):
        Walker(self, {"players": 3}, 8, seed=2, observation="planes").run(60)

    def test_determinism(self):
        def trace(seed):
            return Walker(self, {"players": 2}, 6, seed).run(40)
        self.assertEqual(trace(3), trace(3))
        self.assertNotEqual(trace(3), trace(4))


class BehaviourTest(unittest.TestCase):
    def test_bits_by_hand(self):
        bits = np.zeros((1, 64), dtype=np.uint64)
        bits[0, 1] = 1 << 3  # move 1 * 64 + 3
        bits[0, 63] = 1 << 63  # move 4095
        self.assertEqual(np.flatnonzero(bits_to_mask(bits)[0]).tolist(), [67, 4095])
        self.assertEqual(bits_to_mask(bits, np.int8).dtype, np.int8)

    def test_refusals_are_per_game(self):
        env = VectorEnv(4, players=2)
        obs, info = env.reset(seed=1)
        before = obs.copy()
        actions = env.sample_legal(np.random.default_rng(0))
        actions[1] = 1  # a slide (0 -> 1) during placement
        actions[2] = 70000  # not a move value
        actions[3] = -1  # no move
        obs, rewards, terminated, truncated, info = env.step(actions)
        self.assertEqual(info["status"].tolist(),
                         [0, packeis.WrongPhaseError.status, packeis.OutOfRangeError.status, 0])
        self.assertEqual(info["illegal"].tolist(), [False, True, True, False])
        self.assertEqual(info["to_act"].tolist(), [1, 0, 0, 0])
        np.testing.assert_array_equal(obs[1:], before[1:], "refused and skipped games unchanged")
        with self.assertRaises(TypeError):
            env.step(np.zeros(4, dtype=np.float32))
        with self.assertRaises(ValueError):
            env.step(np.zeros(3, dtype=np.int64))
        env.close()
        with self.assertRaises(packeis.GameClosedError):
            env.step(actions)

    def test_without_autoreset(self):
        """pgx's step after the end: nothing changes, rewards 0, a move is
        refused with GAME_OVER; masks empty, no player to act."""
        env = VectorEnv(3, players=2, autoreset=False, copy=True)
        obs, info = env.reset(seed=4)
        rng = np.random.default_rng(1)
        done = np.zeros(3, dtype=bool)
        finals = {}
        while not done.all():
            obs, rewards, terminated, truncated, info = env.step(env.sample_legal(rng))
            for i in np.flatnonzero(terminated & ~done):
                finals[i] = rewards[i].tolist()
            self.assertFalse(rewards[done].any(), "no reward after the end")
            done |= terminated
        self.assertEqual(sorted(finals), [0, 1, 2])
        self.assertEqual(info["to_act"].tolist(), [-1, -1, -1])
        self.assertFalse(info["legal_bits"].any())
        again = env.step(np.full(3, -1))
        np.testing.assert_array_equal(again[0], obs)
        self.assertFalse(again[1].any())
        refused = env.step(np.zeros(3, dtype=np.int64))
        self.assertEqual(refused[4]["status"].tolist(), [packeis.GameOverError.status] * 3)
        for i in range(3):
            game = env.batch.game(i)
            self.assertTrue(game.is_over)
            np.testing.assert_array_equal(finals[i], np.float32(_envs.rewards(game)))

    def test_move_lists_grow(self):
        """legal_moves() starts small and grows to the most moves of a game."""
        from packeis.batch import Batch
        batch = Batch(3, players=2)
        batch.min_move_columns = 1
        moves, counts = batch.legal_moves()
        self.assertEqual(counts.tolist(), [30, 30, 30], "30 one-fish floes to place on")
        self.assertEqual(moves.shape, (3, 30))
        self.assertEqual(moves[0].tolist(), [int(m) for m in batch.game(0).legal_moves()])

    def test_batch_refuses_bad_buffers(self):
        """Nothing a caller passes makes C read or write past a buffer."""
        from packeis.batch import Batch
        batch = Batch(4, players=2)
        for seeds in (np.zeros(3, dtype=np.uint64), np.zeros(4, dtype=np.int64),
                      np.zeros(8, dtype=np.uint64)[::2], [0, 0, 0, 0]):
            with self.assertRaises(TypeError):
                batch.step_prepared(seeds)
        with self.assertRaises(AttributeError):
            batch.size = 100
        with self.assertRaises(TypeError):
            batch.reset(np.zeros(5, dtype=np.uint64))
        with self.assertRaises(packeis.OutOfRangeError):
            batch.record(4)
        with self.assertRaises(TypeError):
            Batch(2.0)
        batch.close()
        batch.close()
        with self.assertRaises(packeis.GameClosedError):
            batch.legal_bits()

    def test_reset_options(self):
        env = VectorEnv(2, players=2)
        obs, info = env.reset(options={"board_seeds": np.array([7, 9])})
        self.assertEqual(info["board_seed"].tolist(), [7, 9])
        self.assertEqual(env.batch.board_seed(1), 9)
        self.assertEqual(env.batch.game(0).board_seed, 7)
        env.reset(options={"boards": 1})  # unknown keys are ignored, as Gymnasium's
        with self.assertRaises(TypeError):
            env.reset(options=[1])
        with self.assertRaises(TypeError):
            VectorEnv(2, seed=3)
        with self.assertRaises(packeis.OutOfRangeError):
            VectorEnv(0)
        with self.assertRaises(RuntimeError):
            VectorEnv(2).step(np.zeros(2, dtype=np.int64))

    def test_mask_to_bits_refuses_what_is_no_mask(self):
        for bad in (5, np.zeros(4095), np.zeros((2, 64))):
            with self.assertRaisesRegex(ValueError, "4096 values"):
                mask_to_bits(bad)

    def test_refused_reset_changes_nothing(self):
        # The seed came before the boards were checked: a refused reset
        # still reseeded the generator, and every later board differed.
        env, twin = VectorEnv(2), VectorEnv(2)
        env.reset(seed=0)
        twin.reset(seed=0)
        with self.assertRaises(TypeError):
            env.reset(seed=123, options={"board_seeds": [1, 2, 3]})
        self.assertEqual(env.np_random_seed, 0)
        self.assertEqual(env.reset()[1]["board_seed"].tolist(),
                         twin.reset()[1]["board_seed"].tolist())



    def test_documented_differences_from_pgx(self):
        """What the module docstring promises where pgx differs."""
        env = VectorEnv(3, players=3, autoreset=False)
        env.reset(seed=2)
        rng = np.random.default_rng(2)
        obs, rewards, terminated, truncated, info = env.step(np.array([4095, -1, -1]))
        self.assertEqual(rewards.shape, (3, 3), "games x players")
        self.assertEqual(info["illegal"].tolist(), [True, False, False])
        self.assertFalse(terminated[0], "an illegal move does not end the game")
        self.assertEqual(env.batch.game(0).ply_count, 0)
        while not terminated.all():
            obs, rewards, terminated, truncated, info = env.step(env.sample_legal(rng))
        self.assertFalse(info["legal_bits"].any(), "finished games have no legal move")
        self.assertFalse(env.legal_mask().any())
        self.assertEqual(env.legal_moves()[1].tolist(), [0, 0, 0])


class AutoresetModeTest(unittest.TestCase):
    """Gymnasium 1.x's autoreset modes (gymnasium/vector/sync_vector_env.py),
    here without Gymnasium; test_field.AutoresetModes compares each with
    Gymnasium's own SyncVectorEnv step by step."""

    def play_until_an_end(self, env, rng):
        while True:
            before = env.planes() if env.observation == "planes" else None
            result = env.step(env.sample_legal(rng))
            if result[2].any():
                return before, result

    def test_same_step_gives_the_final_observation_and_info(self):
        """SAME_STEP: the observation of a game that ended is info's
        "final_obs" (it was lost: the step showed the new game only), the
        info of the step "final_info", each with its "_" mask; obs, the
        other info keys and to_act are the new game's."""
        env = VectorEnv(6, players=2, learner=1)
        self.assertEqual(env.metadata["autoreset_mode"].value, "SameStep")
        twin = VectorEnv(6, players=2, autoreset=False)  # the same games, not reset
        env.reset(seed=5)
        twin.reset(seed=5)
        rng, twin_rng = np.random.default_rng(5), np.random.default_rng(5)
        for _ in range(200):
            obs, rewards, terminated, truncated, info = env.step(env.sample_legal(rng))
            twin_obs, twin_rewards, twin_terminated, _, twin_info = twin.step(
                twin.sample_legal(twin_rng))
            self.assertEqual(rewards.shape, (6,))
            np.testing.assert_array_equal(rewards, twin_rewards[:, 1])
            if terminated.any():
                break
        else:
            self.fail("no game ended")
        ended = terminated.copy()
        np.testing.assert_array_equal(twin_terminated, ended)
        self.assertEqual(info["_final_obs"].tolist(), ended.tolist())
        self.assertEqual(info["_final_info"].tolist(), ended.tolist())
        for i in range(6):
            if ended[i]:
                np.testing.assert_array_equal(info["final_obs"][i], twin_obs[i])
                self.assertEqual(info["final_info"]["to_act"][i], -1)
                self.assertEqual(info["final_info"]["board_seed"][i], twin_info["board_seed"][i])
                np.testing.assert_array_equal(info["final_info"]["player_rewards"][i],
                                              twin_rewards[i])
                self.assertNotEqual(info["board_seed"][i], twin_info["board_seed"][i])
                self.assertEqual(info["to_act"][i], 0)  # the new game's
                self.assertFalse(info["_player_rewards"][i])
            else:
                self.assertIsNone(info["final_obs"][i])
                np.testing.assert_array_equal(obs[i], twin_obs[i])
        self.assertEqual(info["final_info"]["_to_act"].tolist(), ended.tolist())

    def test_next_step_resets_at_the_step_after(self):
        """NEXT_STEP: the step a game ends shows its final observation and
        reward; the next step resets it (its action ignored): reward 0, not
        terminated, the new game's observation and info."""
        env = VectorEnv(4, players=3, autoreset="NextStep", learner=0)
        twin = VectorEnv(4, players=3, autoreset=False)
        env.reset(seed=8)
        twin.reset(seed=8)
        rng = np.random.default_rng(8)
        while True:
            actions = twin.sample_legal(rng)
            obs, rewards, terminated, truncated, info = env.step(actions)
            twin_obs, twin_rewards, _, _, twin_info = twin.step(actions)
            np.testing.assert_array_equal(obs, twin_obs)
            np.testing.assert_array_equal(rewards, twin_rewards[:, 0])
            self.assertNotIn("final_obs", info)
            if terminated.any():
                break
        self.assertEqual(info["to_act"][terminated].tolist(), [-1] * int(terminated.sum()))
        seeds = info["board_seed"].copy()
        obs, rewards, again, truncated, info = env.step(np.zeros(4, dtype=np.int64))
        self.assertFalse(again[terminated].any())
        self.assertFalse(rewards[terminated].any())
        self.assertEqual(info["status"][terminated].tolist(), [0] * int(terminated.sum()))
        self.assertTrue((info["board_seed"][terminated] != seeds[terminated]).all())
        self.assertFalse(info["_player_rewards"][terminated].any())
        for i in np.flatnonzero(terminated):
            self.assertEqual(env.batch.game(i).ply_count, 0)
            self.assertEqual(info["to_act"][i], 0)

    def test_disabled_and_reset_mask(self):
        env = VectorEnv(3, players=2, autoreset=False)
        self.assertEqual(env.metadata["autoreset_mode"].value, "Disabled")
        with self.assertRaisesRegex(RuntimeError, "reset"):
            env.reset(options={"reset_mask": np.array([True, False, False])})
        env.reset(seed=1)
        rng = np.random.default_rng(1)
        while True:
            obs, rewards, terminated, truncated, info = env.step(env.sample_legal(rng))
            if terminated.any():
                break
        obs2, info2 = env.reset(options={"reset_mask": terminated.copy()})
        for i in range(3):
            self.assertEqual(env.batch.game(i).ply_count == 0, bool(terminated[i]))
            if not terminated[i]:
                np.testing.assert_array_equal(obs2[i], obs[i])
                self.assertEqual(info2["board_seed"][i], 0)  # not in this info
        self.assertEqual(info2["_board_seed"].tolist(), terminated.tolist())

    def test_modes_and_learner_are_checked(self):
        for given, value in ((True, "SameStep"), (False, "Disabled"), ("NEXT_STEP", "NextStep"),
                             ("SameStep", "SameStep"), (np.bool_(False), "Disabled")):
            self.assertEqual(VectorEnv(1, autoreset=given).metadata["autoreset_mode"].value,
                             value)
        with self.assertRaises(ValueError):
            VectorEnv(1, autoreset="sometimes")
        with self.assertRaises(TypeError):
            VectorEnv(1, autoreset=1)
        for bad, error in ((2, ValueError), (-1, ValueError), (0.0, TypeError)):
            with self.assertRaises(error):
                VectorEnv(1, players=2, learner=bad)
        env = VectorEnv(2, players=4)
        env.reset(seed=0)
        self.assertEqual(env.step(env.sample_legal(np.random.default_rng(0)))[1].shape, (2, 4))


class BatchObjectTest(unittest.TestCase):
    """What a Batch refuses rather than doing wrong."""

    def test_second_init_refused(self):
        from packeis.batch import Batch
        batch = Batch(2, players=2)
        batch.step(np.array([0, 1]))
        before, counts = batch.record(0), batch.legal_counts().tolist()
        self.assertEqual(counts, [29, 30], "game 0 placed on one of its 30 one-fish floes")
        with self.assertRaisesRegex(RuntimeError, "__init__"):
            batch.__init__(3, players=3)
        with self.assertRaisesRegex(RuntimeError, "__init__"):
            batch.__init__(0)  # would fail: must not close the batch either
        self.assertEqual((batch.size, batch.players, batch.closed), (2, 2, False))
        self.assertEqual(batch.record(0), before)
        self.assertEqual(batch.legal_counts().tolist(), counts)

    def test_setup_arguments_are_those_of_a_game(self):
        """Every setup argument of a Game reaches the C batch: game i is
        Game(seed + i, same setup) in position, hash keys, variants and
        penguins; a setup a Game refuses is refused with the same error."""
        from packeis.batch import Batch
        floes = [(0, 0, 1), (2, 0, 2), (4, 0, 3), (1, 1, 1)]
        picture = packeis.Game(layout=floes, penguins=1).layout_picture()
        for setup in ({}, {"players": 3, "penguins": 1}, {"layout": floes, "penguins": 1},
                      {"layout_picture": picture, "penguins": 1},
                      {"place_any_floe": True, "snake_placement": True, "players": 4},
                      {"hash_seed": 99}):
            batch = Batch(3, seed=2**64 - 2, **setup)  # the seeds wrap as a Game's do
            for i in range(3):
                got, want = batch.game(i), packeis.Game(seed=(2**64 - 2 + i) % 2**64, **setup)
                self.assertEqual(got, want, (setup, i))
                self.assertEqual((got.hash, got.hash_seed, got.penguins_per_player),
                                 (want.hash, want.hash_seed, want.penguins_per_player), setup)
                self.assertEqual([got.variant(v) for v in packeis.Variant],
                                 [want.variant(v) for v in packeis.Variant], setup)
            self.assertEqual((batch.players, batch.cells, batch.is_standard_board),
                             (want.players, want.cell_count, want.is_standard_board), setup)
        for bad in ({"players": 5}, {"penguins": -1}, {"layout": floes[:1] * 2},
                    {"layout": floes, "layout_picture": picture}, {"snake_placement": "yes"},
                    {"layout_picture": "1 x"}, {"layout": floes[:2], "penguins": 2},
                    {"hash_seed": "1"}, {"seed": 1.5}):
            with self.assertRaises(Exception) as game:
                packeis.Game(**bad)
            with self.assertRaises(type(game.exception)) as batch:
                Batch(2, **bad)
            self.assertEqual(str(batch.exception), str(game.exception), bad)
        with self.assertRaisesRegex(TypeError, "colour"):
            Batch(2, colour=1)

    def test_an_exception_right_after_the_c_call_loses_no_batch(self):
        """Ctrl-C as packeis_batch_new returns (here: raised by the check of
        its status) leaves the new C batch with the object, which frees it."""
        import gc
        from unittest import mock
        from packeis import batch as module
        freed = []

        class Counting(module.Batch):
            _free = staticmethod(lambda handle: (freed.append(bool(handle)),
                                                 module.lib.packeis_batch_free(handle)))
        with mock.patch.object(module, "check", side_effect=KeyboardInterrupt):
            try:
                Counting(4)
            except KeyboardInterrupt:
                pass
        gc.collect()
        self.assertEqual(freed, [True])

    def test_allocator_arguments_refused(self):
        from packeis.batch import Batch
        with self.assertRaisesRegex(TypeError, "memory_limit"):
            Batch(2, memory_limit=10_000)
        with self.assertRaisesRegex(TypeError, "allocator"):
            Batch(2, allocator=packeis.Allocator())
        with self.assertRaisesRegex(TypeError, "allocator.*memory_limit"):
            VectorEnv(2, allocator=packeis.Allocator(), memory_limit=10_000)


if __name__ == "__main__":
    unittest.main()
