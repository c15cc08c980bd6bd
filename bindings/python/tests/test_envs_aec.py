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


class CycleFormTest(unittest.TestCase):
    """The cycle form (``cycles=True``, ``max_cycles``) and ``parallel_env``:
    PettingZoo's notion of a cycle, which its parallel API and
    ``max_cycles_test`` expect (the test itself runs in the 'field' suite,
    test_field.py, on the real PettingZoo)."""

    def play_cycles(self, env, seed, choose):
        """Steps ``env`` (cycle form) to the end; each step's selected agent,
        whether its mask had a move, and the step's rewards and flags."""
        env.reset(seed=seed)
        steps = []
        while env.agents:
            agent = env.agent_selection
            obs, reward, terminated, truncated, info = env.last()
            legal = legal_of(obs["action_mask"])
            if terminated or truncated:
                env.step(None)
                steps.append((agent, None))
                continue
            env.step(choose(agent, legal))
            steps.append((agent, bool(legal), dict(env.rewards), any(env.terminations.values()),
                          any(env.truncations.values())))
        return steps

    def test_rotation_passes_and_the_end_of_a_cycle(self):
        for setup in SETUPS:
            with self.subTest(setup=setup):
                env = make_env(cycles=True, **setup)
                self.assertTrue(env.metadata["is_parallelizable"])
                self.assertFalse(make_env(**setup).metadata["is_parallelizable"])
                n = len(env.possible_agents)
                rng = __import__("random").Random(1)
                steps = self.play_cycles(env, 4, lambda agent, legal: (
                    rng.choice(legal) if legal else rng.randrange(4096)))  # a pass ignores it
                live = [step for step in steps if step[1] is not None]
                # Strict rotation, player_0 first, whole cycles only.
                self.assertEqual([step[0] for step in live],
                                 [env.possible_agents[k % n] for k in range(len(live))])
                self.assertEqual(len(live) % n, 0)
                # The plies are the game's; the others were passes.
                self.assertEqual(sum(step[1] for step in live), env.game.ply_count)
                if setup.get("snake_placement") or setup["players"] > 2:
                    self.assertTrue(any(not step[1] for step in live), "no pass in a game")
                # The end, rewards and terminations, only with the cycle's last step.
                for k, (agent, _, rewards, terminated, truncated) in enumerate(live):
                    self.assertEqual(terminated, k == len(live) - 1, k)
                    self.assertFalse(truncated)
                    if k < len(live) - 1:
                        self.assertEqual(set(rewards.values()), {0.0})
                final = live[-1][2]
                check = [env.game.reward(p) for p in range(n)]
                self.assertEqual([final[a] for a in env.possible_agents], check)
                self.assertEqual(sorted(step[0] for step in steps if step[1] is None),
                                 env.possible_agents)

    def test_max_cycles_truncates_every_agent(self):
        for cycles in (1, 3, 7):
            env = make_env(players=3, max_cycles=cycles)
            self.assertTrue(env.cycles)
            steps = self.play_cycles(env, 0, lambda agent, legal: legal[0])
            live = [step for step in steps if step[1] is not None]
            self.assertEqual(len(live), 3 * cycles)
            self.assertEqual([step[4] for step in live], [False] * (3 * cycles - 1) + [True])
            self.assertEqual(env.game.ply_count, 3 * cycles)  # placement: nobody passes
        with self.assertRaisesRegex(ValueError, "cycle form"):
            make_env(max_cycles=3, cycles=False)
        for bad, error in ((0, ValueError), (1.5, TypeError), (True, TypeError)):
            with self.assertRaises(error):
                make_env(max_cycles=bad)

    def test_illegal_actions_are_played_at_random_in_the_cycle_form(self):
        env = make_env(players=2, max_cycles=4)
        self.assertEqual(env.illegal_action, "random")
        self.assertEqual(make_env(players=2).illegal_action, -1.0)
        env.reset(seed=3)
        legal = legal_of(env.observe("player_0")["action_mask"])
        illegal = next(m for m in range(4096) if m not in legal)
        env.step(illegal)
        info = env.infos["player_0"]
        self.assertIn("illegal_action", info)
        self.assertIn(info["played"], legal)
        self.assertEqual(env.game.history(), [info["played"]])
        self.assertEqual(env.agent_selection, "player_1")
        self.assertFalse(any(env.terminations.values()))
        again = make_env(players=2, max_cycles=4)
        again.reset(seed=3)
        again.step(illegal)
        self.assertEqual(again.infos["player_0"]["played"], info["played"])  # the seed fixes it
        # The rules form takes "random" too; a penalty in the cycle form
        # ends the game at the end of the cycle.
        rules = make_env(players=2, illegal_action="random")
        rules.reset(seed=3)
        rules.step(illegal)
        self.assertEqual(len(rules.game.history()), 1)
        penalized = make_env(players=3, cycles=True, illegal_action=-1.0)
        penalized.reset(seed=3)
        penalized.step(illegal)
        self.assertFalse(any(penalized.terminations.values()))
        self.assertEqual(legal_of(penalized.observe("player_1")["action_mask"]), [])
        penalized.step(0)  # passes: the game is over
        penalized.step(0)
        self.assertTrue(all(penalized.terminations.values()))
        self.assertEqual(penalized.rewards, {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0})
        with self.assertRaises(packeis.IllegalMoveError):
            raising = make_env(players=2, cycles=True, illegal_action="raise")
            raising.reset(seed=3)
            raising.step(illegal)

    def test_parallel_env_plays_whole_games(self):
        from packeis.aec import parallel_env

        for setup in SETUPS:
            with self.subTest(setup=setup):
                par = parallel_env(**setup)
                self.assertTrue(par.unwrapped.cycles)
                observations, infos = par.reset(seed=5)
                self.assertEqual(sorted(observations), par.possible_agents)
                rng = __import__("random").Random(2)
                cycles, total = 0, {a: 0.0 for a in par.possible_agents}
                record = []
                while par.agents:
                    actions = {}
                    for agent in par.agents:
                        legal = legal_of(observations[agent]["action_mask"])
                        actions[agent] = rng.choice(legal) if legal else 0
                    record.append(actions)
                    observations, rewards, terminations, truncations, infos = par.step(actions)
                    cycles += 1
                    for agent, reward in rewards.items():
                        total[agent] += reward
                    self.assertEqual(len(set(terminations.values())), 1)  # all at once
                    self.assertFalse(any(truncations.values()))
                game = par.unwrapped.game
                self.assertTrue(game.is_over)
                self.assertEqual([total[a] for a in par.possible_agents],
                                 [game.reward(p) for p in range(game.players)])
                # The same actions through the AEC cycle form give the same game.
                aec = make_env(cycles=True, **setup)
                aec.reset(seed=5)
                for actions in record:
                    for agent in list(aec.agents):
                        aec.step(actions[agent])
                self.assertEqual(aec.game.save_record(), game.save_record())
                par.close()
        with self.assertRaisesRegex(ValueError, "cycles"):
            parallel_env(cycles=False)
        short = parallel_env(players=2, max_cycles=4)
        observations, infos = short.reset(seed=0)
        for step in range(4):
            actions = {a: short.action_space(a).sample() for a in short.agents}  # unmasked
            observations, rewards, terminations, truncations, infos = short.step(actions)
            self.assertEqual(all(truncations.values()), step == 3)
        self.assertEqual(short.agents, [])
        self.assertEqual(short.unwrapped.game.ply_count, 8)


if __name__ == "__main__":
    unittest.main()
