#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The field's own checkers, unmodified, on the shipped environments.

Needs the real ``gymnasium`` and ``pettingzoo`` on ``PYTHONPATH`` (meson
option ``-Dfield_checkers=PATH``; ``.ci/run`` points it at the unmodified
sources in ``../shared/thirdparty``): without them this file fails, it does
not skip. Every check runs for the nine setups (2, 3 and 4 players, each
with the standard placement, ``place_any_floe`` and ``snake_placement``),
and any warning a checker raises fails the check (the checkers report most
defects as warnings).

PettingZoo: ``api_test``, ``seed_test``, ``state_test``, ``parallel_api_test``
over ``turn_based_aec_to_parallel``, ``performance_benchmark``, the classic
wrapper stack (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``,
``OrderEnforcingWrapper``) under ``api_test``, and ``packeis.aec.env()``;
``max_cycles_test`` on the module :mod:`packeis.aec`, and
``parallel_api_test`` over its ``parallel_env()`` (``aec_to_parallel`` of
the cycle form), which also passes ``api_test`` and ``seed_test``.
Gymnasium: ``check_env`` (through ``gymnasium.make``, so the render check
makes an ``"ansi"`` environment too), ``RecordEpisodeStatistics`` over
``TimeLimit`` over ``FlattenObservation``, ``SyncVectorEnv`` and
``AsyncVectorEnv`` over several environments, and :mod:`packeis.vector`
through Gymnasium's vector API (spaces batched by ``batch_space``, the
autoreset mode, the info masks read by ``DictInfoToList``, seeding,
``make_vec``, closing).
"""
import contextlib
import io
import os
import sys
import unittest
import warnings

import gymnasium
import numpy as np
import pettingzoo
from gymnasium.utils.env_checker import check_env, data_equivalence
from gymnasium.vector.utils import batch_space
from pettingzoo.test import (api_test, max_cycles_test, parallel_api_test, performance_benchmark,
                             render_test, seed_test)
from pettingzoo.test.state_test import test_state, test_state_space
from pettingzoo.utils import conversions, wrappers

import packeis
import packeis.aec
import packeis.openspiel
from packeis import _field
from packeis.aec import PackeisAECEnv, env as aec_env, raw_env
from packeis.gymnasium_env import PackeisEnv
from packeis.vector import VectorEnv

#: The nine setups: players by placement variant.
SETUPS = [dict(players=p, **variant) for p in (2, 3, 4)
          for variant in ({}, {"place_any_floe": True}, {"snake_placement": True})]


#: The two warnings let through: api_test advises Box or Discrete
#: observation spaces and NumPy observations, and exempts by name (lists
#: env_obs_space and env_obs_dicts of api_test.py) the classic games whose
#: observations are ``{"observation", "action_mask"}`` dicts (chess_v6,
#: go_v5, connect_four_v3, ...). Ours follow that same convention; the
#: parts of the dict are still checked (api_test recurses into them).
CLASSIC_DICT_OBSERVATION = ("Observation space for each agent probably should be",
                            "Observation is not a NumPy array")


@contextlib.contextmanager
def strict():
    """Warnings raised as errors (but :data:`CLASSIC_DICT_OBSERVATION`),
    the checkers' print-outs swallowed."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in CLASSIC_DICT_OBSERVATION:
            warnings.filterwarnings("ignore", message)
        with contextlib.redirect_stdout(io.StringIO()):
            yield


class RealClasses(unittest.TestCase):
    def test_the_real_packages_are_used(self):
        self.assertTrue(_field.HAVE_GYMNASIUM and _field.HAVE_PETTINGZOO)
        # Gymnasium 1.x and PettingZoo 1.2x: the versions whose APIs these are.
        self.assertEqual(gymnasium.__version__.split(".")[0], "1")
        self.assertTrue(pettingzoo.__version__.startswith("1.2"))
        self.assertIsInstance(PackeisAECEnv(), pettingzoo.AECEnv)
        self.assertIsInstance(PackeisEnv(), gymnasium.Env)
        vec = VectorEnv(2)
        self.assertIsInstance(vec, gymnasium.vector.VectorEnv)
        self.assertIsInstance(vec.single_observation_space, gymnasium.spaces.Box)
        self.assertIsInstance(PackeisEnv().action_space, gymnasium.spaces.Discrete)


class EverySetup(unittest.TestCase):
    def each_setup(self, check):
        for setup in SETUPS:
            with self.subTest(setup=setup), strict():
                check(setup)


class PettingZoo(EverySetup):

    def test_api_test(self):
        self.each_setup(lambda s: api_test(raw_env(**s), num_cycles=100))

    def test_api_test_of_env(self):
        """``packeis.aec.env()``, wrapped as PettingZoo's classic games."""
        def check(setup):
            made = aec_env(**setup)
            self.assertIsInstance(made, wrappers.OrderEnforcingWrapper)
            api_test(made, num_cycles=100)
        self.each_setup(check)

    def test_classic_wrapper_stack(self):
        def check(setup):
            wrapped = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
                wrappers.TerminateIllegalWrapper(raw_env(**setup), illegal_reward=-1)))
            api_test(wrapped, num_cycles=100)
        self.each_setup(check)

    def test_seed_test(self):
        self.each_setup(lambda s: seed_test(lambda: raw_env(**s), num_cycles=100))

    def test_state_test(self):
        def check(setup):
            env = raw_env(**setup)
            env.reset(seed=0)
            test_state_space(env)
            test_state(env, num_cycles=100)
        self.each_setup(check)

    def test_parallel_api_test(self):
        self.each_setup(lambda s: parallel_api_test(
            conversions.turn_based_aec_to_parallel(raw_env(**s)), num_cycles=100))

    def test_max_cycles_test(self):
        """packeis.aec is an environment module as PettingZoo's are: env,
        raw_env and parallel_env, each taking max_cycles (it failed with
        "module 'packeis.aec' has no attribute 'parallel_env'"). The test
        steps unmasked random actions for 4 cycles in the parallel and the
        AEC forms, and counts the steps and each agent's turns."""
        with strict():
            max_cycles_test(packeis.aec)
        made = packeis.aec.parallel_env(max_cycles=4)
        self.assertIsInstance(made, conversions.aec_to_parallel_wrapper)
        self.assertTrue(made.metadata["is_parallelizable"])

    def test_parallel_env(self):
        """PettingZoo's aec_to_parallel over the cycle form, whole games
        of every setup (a player out, snake placement: passes)."""
        self.each_setup(lambda s: parallel_api_test(packeis.aec.parallel_env(**s), num_cycles=1000))

    def test_cycle_form(self):
        """The cycle form under api_test (wrapped as env() wraps) and
        seed_test, with max_cycles and without."""
        def check(setup):
            api_test(aec_env(max_cycles=30, **setup), num_cycles=100)
            api_test(raw_env(cycles=True, **setup), num_cycles=100)
            seed_test(lambda: raw_env(cycles=True, **setup), num_cycles=100)
        self.each_setup(check)

    def test_render_test(self):
        """It makes the env with each render mode ("human" first)."""
        for players in (2, 4):
            with self.subTest(players=players), strict():
                render_test(lambda render_mode=None: aec_env(render_mode=render_mode,
                                                             players=players))

    def test_performance_benchmark(self):
        """It plays random unmasked actions for 5 s a setup: each ends a
        game by the illegal-action policy."""
        self.each_setup(lambda s: performance_benchmark(raw_env(**s)))


def made(setup, **kwargs):
    return gymnasium.make("packeis/Packeis-v0", **setup, **kwargs)


class Gymnasium(EverySetup):

    def test_check_env_of_make(self):
        """Through gymnasium.make: check_env then also makes the env with
        each render mode ("ansi") and checks its render and close. (It
        warns that the made env is wrapped, so its unwrapped env is given,
        which keeps the spec.)"""
        def check(setup):
            env = made(setup)
            check_env(env.unwrapped)
            env.close()
        self.each_setup(check)

    def test_check_env_of_the_class(self):
        def check(setup):
            with warnings.catch_warnings():
                # Without gymnasium.make there is no spec to make other
                # render modes from: check_env says so, and that is all.
                warnings.filterwarnings("ignore", ".*Not able to test alternative render modes")
                check_env(PackeisEnv(**setup))
                check_env(PackeisEnv(render_mode="ansi", **setup))
                check_env(PackeisEnv(mask_in_observation=True, **setup))
        self.each_setup(check)

    def test_wrapper_stack(self):
        def check(setup):
            env = gymnasium.wrappers.RecordEpisodeStatistics(gymnasium.wrappers.TimeLimit(
                gymnasium.wrappers.FlattenObservation(made(setup)), max_episode_steps=200))
            obs, info = env.reset(seed=3)
            self.assertEqual(obs.shape, (25 * 64,))
            episodes = 0
            while episodes < 3:
                action = env.action_space.sample(info["action_mask"])
                obs, reward, terminated, truncated, info = env.step(action)
                self.assertIn(obs, env.observation_space)
                if terminated or truncated:
                    self.assertIn("episode", info)
                    self.assertEqual(info["episode"]["r"], reward)
                    episodes += 1
                    obs, info = env.reset()
            env.close()
        self.each_setup(check)

    def test_sync_vector_env(self):
        def check(setup):
            self.run_vector(gymnasium.vector.SyncVectorEnv(
                [lambda: PackeisEnv(**setup) for _ in range(3)]))
        self.each_setup(check)

    def test_async_vector_env(self):
        """Worker processes (multiprocessing), every setup."""
        def check(setup):
            self.run_vector(gymnasium.vector.AsyncVectorEnv(
                [lambda: PackeisEnv(**setup) for _ in range(2)]))
        self.each_setup(check)

    def test_make_vec_of_every_setup(self):
        def check(setup):
            self.run_vector(gymnasium.make_vec("packeis/Packeis-v0", num_envs=2, **setup))
        self.each_setup(check)

    def test_make_vec(self):
        vec = gymnasium.make_vec("packeis/Packeis-v0", num_envs=2, players=3)
        self.run_vector(vec)

    def run_vector(self, vec):
        """Random masked games over every seed in 0 ... 99 (44 of them draw
        a board seed over 2**63, which must batch): the infos batch, the
        rewards are each env's learner's."""
        for seed in range(0, 100, vec.num_envs):
            obs, info = vec.reset(seed=seed)
            self.assertEqual(info["board_seed"].dtype, np.uint64)
        self.assertIn(obs, vec.observation_space)
        for _ in range(300):
            mask = info["action_mask"].astype(np.int8)
            actions = np.array([vec.single_action_space.sample(m) if m.any() else 0
                                for m in mask])
            obs, rewards, terminated, truncated, info = vec.step(actions)
            self.assertIn(obs, vec.observation_space)
            self.assertEqual(rewards.shape, (vec.num_envs,))
            self.assertFalse(truncated.any())
        vec.close()


class Vector(unittest.TestCase):
    """packeis.vector against Gymnasium's VectorEnv contract."""

    def test_spaces_are_batched(self):
        for observation in ("bits", "planes"):
            with self.subTest(observation=observation):
                vec = VectorEnv(5, observation=observation, players=3)
                self.assertEqual(vec.observation_space, batch_space(vec.single_observation_space, 5))
                self.assertEqual(vec.action_space, batch_space(vec.single_action_space, 5))
                obs, info = vec.reset(seed=1)
                self.assertIn(obs, vec.observation_space)
                actions = vec.sample_legal(np.random.default_rng(0))
                self.assertIn(actions, vec.action_space)
                obs, *_ = vec.step(actions)
                self.assertIn(obs, vec.observation_space)
                vec.close()

    def test_autoreset_mode(self):
        from gymnasium.vector import AutoresetMode

        self.assertIs(VectorEnv(2).metadata["autoreset_mode"], AutoresetMode.SAME_STEP)
        self.assertIs(VectorEnv(2, autoreset=False).metadata["autoreset_mode"],
                      AutoresetMode.DISABLED)
        for mode in AutoresetMode:
            for given in (mode, mode.value, mode.name):
                self.assertIs(VectorEnv(2, autoreset=given).metadata["autoreset_mode"], mode)

    def test_info_masks(self):
        """Every key has its ``_key`` mask; DictInfoToList reads them."""
        vec = VectorEnv(4, players=2)
        obs, info = vec.reset(seed=2)
        for key in ("to_act", "legal_bits", "status", "illegal", "board_seed"):
            self.assertTrue(info["_" + key].all())
            self.assertEqual(info["_" + key].shape, (4,))
        listed = gymnasium.wrappers.vector.DictInfoToList(vec)
        obs, infos = listed.reset(seed=2)
        self.assertEqual(len(infos), 4)
        self.assertEqual(infos[3]["board_seed"], info["board_seed"][3])
        obs, rewards, terminated, truncated, infos = listed.step(
            vec.sample_legal(np.random.default_rng(1)))
        self.assertEqual(sorted(infos[0]), ["board_seed", "illegal", "legal_bits", "status",
                                            "to_act"])
        listed.close()

    def test_seeding(self):
        vec = VectorEnv(3)
        vec.reset(seed=7)
        self.assertEqual(vec.np_random_seed, 7)
        first = vec.board_seeds.copy()
        state = vec.np_random.bit_generator.state
        vec.reset(seed=7)
        self.assertEqual(vec.np_random.bit_generator.state, state)
        self.assertTrue((vec.board_seeds == first).all())
        # the boards are those of the generator gymnasium's seeding makes
        rng, _ = gymnasium.utils.seeding.np_random(7)
        drawn = rng.integers(0, 2**64 - 1, size=3, dtype=np.uint64, endpoint=True)
        self.assertTrue((drawn == first).all())
        vec.reset()
        self.assertFalse((vec.board_seeds == first).all())

    def test_make_vec_and_close(self):
        vec = gymnasium.make_vec("packeis/PackeisBatch-v0", num_envs=6, players=4)
        self.assertIsInstance(vec, VectorEnv)
        self.assertEqual((vec.num_envs, vec.players), (6, 4))
        self.assertIs(vec.unwrapped, vec)
        self.assertIsNone(vec.render_mode)
        vec.reset(seed=0)
        vec.close()
        self.assertTrue(vec.closed)
        vec.close()  # twice is allowed
        with self.assertRaises(packeis.GameClosedError):
            vec.step(np.zeros(6, dtype=np.int64))

    def test_same_step_autoreset_over_a_wrapper(self):
        """Games end and restart in one step; a Gymnasium vector wrapper on
        top sees the new boards' seeds, and each ended game's final_obs and
        final_info (DictInfoToList lists them per env)."""
        vec = gymnasium.wrappers.vector.DictInfoToList(VectorEnv(8, players=2))
        rng = np.random.default_rng(3)
        obs, infos = vec.reset(seed=3)
        ended = 0
        for _ in range(200):
            obs, rewards, terminated, truncated, infos = vec.step(
                vec.unwrapped.sample_legal(rng))
            ended += int(terminated.sum())
            self.assertEqual(rewards.shape, (8, 2))
            self.assertTrue(np.allclose(rewards.sum(axis=1), 0))
            for i in np.flatnonzero(terminated):
                self.assertEqual(infos[i]["final_info"]["to_act"], -1)
                self.assertEqual(infos[i]["final_obs"].shape, (25,))
                self.assertNotEqual(infos[i]["final_info"]["board_seed"], infos[i]["board_seed"])
        self.assertGreater(ended, 8)
        vec.close()


class OneGame(gymnasium.Env):
    """A reference for packeis.vector: one game (a 1-game C batch) as a
    Gymnasium env with the same observation, the reward of seat
    ``learner`` and the same info, whose reset plays the board
    ``board_of()`` names (the vector env's, so that both play the same
    boards). Gymnasium's own SyncVectorEnv over these is what each
    autoreset mode means."""

    def __init__(self, board_of, learner, **setup):
        from packeis.batch import Batch

        self.batch = Batch(1, **setup)
        self.players, self.learner, self.board_of = self.batch.players, learner, board_of
        self.observation_space = VectorEnv(1, **setup).single_observation_space
        self.action_space = gymnasium.spaces.Discrete(4096)
        self.board = 0

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.board = self.board_of()
        self.batch.reset(np.array([self.board], dtype=np.uint64))
        self.batch.statuses.fill(0)
        self.batch.to_act.fill(0)
        return self.batch.observe_bits(True)[0].copy(), self.info()

    def step(self, action):
        self.batch.step(np.array([action]))
        rewards = self.batch.rewards[0, :self.players].copy()
        info = dict(self.info(), player_rewards=rewards)
        return (self.batch.observe_bits(True)[0].copy(), float(rewards[self.learner]),
                bool(self.batch.terminated[0]), False, info)

    def info(self):
        status = self.batch.statuses[0]
        return {"to_act": np.int8(self.batch.to_act[0]),
                "legal_bits": self.batch.legal_bits()[0].copy(), "status": np.intc(status),
                "illegal": bool(status != 0), "board_seed": np.uint64(self.board)}


class AutoresetModes(unittest.TestCase):
    """packeis.vector in each autoreset mode step by step against
    Gymnasium 1.4.0's own SyncVectorEnv in that mode over single games
    (OneGame) on the same boards with the same moves: observations,
    rewards, terminations, truncations and the whole info dict (SAME_STEP's
    final_obs and final_info, NEXT_STEP's reset step, DISABLED's
    reset_mask) equal. (SAME_STEP had no final_obs / final_info: the
    observation of the game that ended was lost; rewards were games x
    players where Gymnasium's are (num_envs,).)"""

    def compare(self, mode, setup, steps=150, n=5, seed=3):
        from gymnasium.vector import AutoresetMode, SyncVectorEnv

        ours = VectorEnv(n, autoreset=mode, learner=0, **setup)
        self.assertIs(ours.metadata["autoreset_mode"], mode)
        theirs = SyncVectorEnv([lambda i=i: OneGame(lambda: int(ours.board_seeds[i]), 0, **setup)
                                for i in range(n)], autoreset_mode=mode)
        obs, info = ours.reset(seed=seed)
        self.assert_same((obs, info), theirs.reset())
        rng = np.random.default_rng(seed)
        ended = 0
        for _ in range(steps):
            actions = ours.sample_legal(rng)
            actions[actions < 0] = 0  # a finished game's action is ignored (NEXT_STEP)
            got = ours.step(actions)
            expected = theirs.step(actions)
            self.assertEqual(got[1].shape, (n,))
            self.assertEqual(got[4]["player_rewards"].shape, (n, ours.players))
            self.assert_same(got, expected)
            ended += int(got[2].sum())
            if mode == AutoresetMode.DISABLED and got[2].any():
                mask = got[2].copy()
                self.assert_same(ours.reset(options={"reset_mask": mask}),
                                 theirs.reset(options={"reset_mask": mask}))
        self.assertGreater(ended, n, "games ended and restarted")
        ours.close()
        theirs.close()

    def assert_same(self, got, expected):
        self.assertEqual(len(got), len(expected))
        for k, (a, b) in enumerate(zip(got, expected)):
            if isinstance(a, np.ndarray) and a.dtype.kind == "f":  # rewards: float32 / 64
                np.testing.assert_array_equal(a, b.astype(a.dtype))
            else:
                self.assertTrue(data_equivalence(a, b, exact=True), f"part {k}:\n{a}\n{b}")

    def test_same_step(self):
        from gymnasium.vector import AutoresetMode

        for setup in SETUPS:
            with self.subTest(setup=setup):
                self.compare(AutoresetMode.SAME_STEP, setup)

    def test_next_step(self):
        from gymnasium.vector import AutoresetMode

        for setup in SETUPS:
            with self.subTest(setup=setup):
                self.compare(AutoresetMode.NEXT_STEP, setup)

    def test_disabled_with_reset_mask(self):
        from gymnasium.vector import AutoresetMode

        for setup in SETUPS:
            with self.subTest(setup=setup):
                self.compare(AutoresetMode.DISABLED, setup)

    def test_gymnasiums_reward_and_observation_wrappers(self):
        """With learner=k, Gymnasium's vector wrappers that add rewards up
        per env apply, and with NEXT_STEP its stateful observation
        wrappers too (they refuse other modes)."""
        from gymnasium.vector import AutoresetMode
        from gymnasium.wrappers import vector as wrappers

        for mode in (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP):
            vec = wrappers.RecordEpisodeStatistics(VectorEnv(6, autoreset=mode, learner=1))
            if mode == AutoresetMode.NEXT_STEP:
                vec = wrappers.NormalizeObservation(wrappers.DtypeObservation(vec, np.float64))
            vec = wrappers.NormalizeReward(vec)
            vec.reset(seed=0)
            rng = np.random.default_rng(0)
            episodes = 0
            for _ in range(200):
                actions = vec.unwrapped.sample_legal(rng)
                obs, rewards, terminated, truncated, info = vec.step(np.maximum(actions, 0))
                self.assertEqual(rewards.shape, (6,))
                if "episode" in info:
                    done = info["_episode"]
                    episodes += int(done.sum())
                    raw = info["final_info"]["player_rewards"][:, 1] if "final_info" in info \
                        else info["player_rewards"][:, 1]
                    np.testing.assert_allclose(info["episode"]["r"][done], raw[done], atol=1e-6)
            self.assertGreater(episodes, 6)
            vec.close()


class NoAdapterNeeded(unittest.TestCase):
    """The defects the issue lists, each directly."""

    def test_reset_ignores_unknown_options(self):
        env = PackeisEnv()
        env.reset(seed=0, options={"options": 1})
        aec = raw_env()
        aec.reset(seed=0, options={"options": 1})
        self.assertEqual(aec.reset(options={"board_seed": 9, "x": 1}), None)
        self.assertEqual(int(aec.infos["player_0"]["board_seed"]), 9)

    def test_board_seeds_batch(self):
        seeds = [int(PackeisEnv().reset(seed=s)[1]["board_seed"]) for s in range(100)]
        self.assertGreater(sum(s >= 2**63 for s in seeds), 0, "the seeds cover uint64")
        vec = gymnasium.vector.SyncVectorEnv([lambda: PackeisEnv() for _ in range(2)])
        for s in range(100):
            vec.reset(seed=s)
        vec.close()

    def test_same_seed_same_episode(self):
        def episode(seed):
            env = PackeisEnv(players=3, learner="random")
            obs, info = env.reset(seed=seed)
            env.action_space.seed(seed)
            plies = []
            while True:
                obs, reward, terminated, truncated, info = env.step(
                    env.action_space.sample(info["action_mask"]))
                plies.append(env.game.ply_count)
                if terminated:
                    return env.game.save_record(), reward, env.np_random_seed
        self.assertEqual(episode(4), episode(4))
        self.assertEqual(episode(4)[2], 4)
        self.assertNotEqual(episode(4)[0], episode(5)[0])

    def test_unmasked_sampling_runs(self):
        env = PackeisEnv()
        obs, info = env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        if terminated:  # almost surely: 4 of 4096 values are legal
            self.assertEqual(reward, -1.0)
            self.assertIn("illegal_action", info)
        raising = PackeisEnv(illegal_action="raise")
        raising.reset(seed=1)
        with self.assertRaises(packeis.IllegalMoveError):
            raising.step(4095)

    def test_aec_after_every_agent_left(self):
        env = raw_env()
        env.reset(seed=0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            env.step(None if terminated else env.action_space(agent).sample(obs["action_mask"]))
        self.assertEqual(env.agents, [])
        with self.assertRaisesRegex(packeis.GameOverError, "reset"):
            env.last()
        with self.assertRaisesRegex(packeis.GameOverError, "reset"):
            env.step(None)

    def test_aec_illegal_action_ends_the_game(self):
        env = raw_env(players=3)
        env.reset(seed=0)
        mover = env.agent_selection
        env.step(4095)
        self.assertTrue(all(env.terminations.values()))
        self.assertEqual(env.rewards[mover], -1.0)
        self.assertEqual(sorted(env.rewards.values()), [-1.0, 0.0, 0.0])
        self.assertIn("OUT_OF_RANGE", env.infos[mover]["illegal_action"])
        raising = raw_env(illegal_action="raise")
        raising.reset(seed=0)
        with self.assertRaises(packeis.IllegalMoveError):
            raising.step(4095)

    def test_reset_mask(self):
        """Gymnasium's option for DISABLED autoreset resets the games of the
        mask only (it was refused; the comparison with SyncVectorEnv is
        AutoresetModes.test_disabled_with_reset_mask), checked as
        Gymnasium checks it."""
        vec = VectorEnv(4, autoreset=False)
        obs, info = vec.reset(seed=0)
        vec.step(vec.sample_legal(np.random.default_rng(0)))
        mask = np.array([True, False, False, True])
        before = [vec.batch.game(i).ply_count for i in range(4)]
        obs, info = vec.reset(options={"reset_mask": mask})
        self.assertEqual([vec.batch.game(i).ply_count for i in range(4)],
                         [0, before[1], before[2], 0])
        self.assertEqual(info["_board_seed"].tolist(), mask.tolist())
        for bad, error in (([True] * 4, TypeError), (np.ones(3, dtype=bool), ValueError),
                           (np.ones(4, dtype=np.int8), TypeError),
                           (np.zeros(4, dtype=bool), ValueError)):
            with self.assertRaises(error):
                vec.reset(options={"reset_mask": bad})

    def test_board_seeds_are_not_wrapped(self):
        for bad in (-1, 2**64):
            with self.subTest(seed=bad):
                with self.assertRaises(ValueError):
                    PackeisEnv().reset(options={"board_seed": bad})
                with self.assertRaises(ValueError):
                    raw_env().reset(options={"board_seed": bad})
                with self.assertRaises(ValueError):
                    packeis.openspiel.PackeisGame(board_seed=bad)
        with self.assertRaises(ValueError):
            VectorEnv(2).reset(options={"board_seeds": [-1, 0]})

    def test_fresh_arrays_by_default(self):
        vec = VectorEnv(3)
        obs0, info0 = vec.reset(seed=0)
        obs1, *_, info1 = vec.step(vec.sample_legal(np.random.default_rng(0)))
        self.assertIsNot(obs0, obs1)
        self.assertIsNot(info0["legal_bits"], info1["legal_bits"])

    def test_shallow_copy_is_whole(self):
        import copy

        env = PackeisEnv()
        env.reset(seed=1)
        other = copy.copy(env)
        other.close()
        env.step(env.action_space.sample(env.action_masks()))  # still open

    def test_opponent_checked(self):
        def plays_itself(game, rng):
            game.apply(game.legal_moves()[0])
            return game.legal_moves()[0]

        with self.assertRaisesRegex(RuntimeError, "must return"):
            PackeisEnv(players=3, opponent=plays_itself, learner=2).reset(seed=0)
        with self.assertRaisesRegex(RuntimeError, "seat 0"):
            PackeisEnv(opponent=lambda game, rng: 4095, learner=1).reset(seed=0)

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            PackeisEnv(learner=1.0)
        with self.assertRaises(TypeError):
            PackeisEnv().reset(seed=np.bool_(True))
        with self.assertRaises(TypeError):
            PackeisEnv().reset(seed=np.array([3]))
        with self.assertRaises(TypeError):
            PackeisEnv(illegal_action=np.array([-1.0]))
        with self.assertRaises(ValueError):
            PackeisEnv(illegal_action=10**400)
        with self.assertRaises(TypeError):
            PackeisEnv(mask_in_observation="no")
        with self.assertRaisesRegex(TypeError, "unknown game setup"):
            VectorEnv(2, foo=1)
        with self.assertRaises(ValueError):
            VectorEnv(2, render_mode="ansi")
        with self.assertRaises(packeis.IllegalMoveError):
            packeis.openspiel.PackeisGame().new_initial_state().apply_action(4095)
        with self.assertRaises(ValueError):
            PackeisEnv(illegal_action=float("nan"))
        with self.assertRaises(ValueError):
            raw_env(illegal_action=float("inf"))
        with self.assertRaises(TypeError):
            PackeisEnv(illegal_action=None)


if __name__ == "__main__":
    unittest.main()
