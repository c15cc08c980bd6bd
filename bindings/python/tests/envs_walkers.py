# SPDX-License-Identifier: MIT
"""Contract walkers of the environments, written from the checkers of the
projects whose conventions they follow (PettingZoo's ``api_test`` and
``seed_test``, Gymnasium's ``check_env``, pgx's ``api_test``, OpenSpiel's
state tests): each plays many random games through one environment and
asserts the contract at every step. The test files run them over several
setups (:data:`SETUPS`)."""
from __future__ import annotations

import os
import random
import sys
import unittest
from typing import Any

#: Without numpy the observations are built in pure Python: the walkers
#: then play half the games (the contract is the same, CI time is not).
NO_NUMPY = bool(os.environ.get("PACKEIS_TEST_NO_NUMPY"))
if NO_NUMPY:
    sys.modules["numpy"] = None  # type: ignore[assignment]  # import numpy now fails

import packeis  # noqa: E402
from packeis import _envs  # noqa: E402
from packeis.openspiel import TERMINAL  # noqa: E402

try:
    import numpy as np
except ImportError:  # the no-numpy run
    np = None

#: 12 floes of which 7 carry one fish: room for 2 x 2 penguins.
SMALL_PICTURE = "1 2 1 3\n 1 1 2 1\n1 3 1 2\n"

#: The setups every walker runs over: 2, 3 and 4 players on the standard
#: board, a custom layout and the two variants.
SETUPS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "penguins": 2, "layout_picture": SMALL_PICTURE},
    {"players": 3, "place_any_floe": True},
    {"players": 4, "snake_placement": True},
]


def values(array: Any) -> list:
    """The numbers of an observation or mask, flat, numpy or not."""
    if np is not None and isinstance(array, np.ndarray):
        return array.ravel().tolist()
    return list(array)


def legal_of(mask: Any) -> list[int]:
    return [m for m, v in enumerate(values(mask)) if v]


def possible_rewards(players: int) -> set[float]:
    """Every value ``(b - a) / (players - 1)`` can take."""
    return {(b - a) / (players - 1) for a in range(players) for b in range(players - a)}


def check_final_rewards(case: unittest.TestCase, rewards: list[float], game: packeis.Game) -> None:
    """Rewards of a finished game: the rank formula worked out from the
    standings, in the documented range, summing to 0."""
    ranks = [s.rank for s in game.standings()]
    n = len(ranks)
    expected = [(sum(r > mine for r in ranks) - sum(r < mine for r in ranks)) / (n - 1)
                for mine in ranks]
    case.assertEqual(list(rewards), expected)
    case.assertAlmostEqual(sum(rewards), 0.0, places=6)
    case.assertTrue(set(rewards) <= possible_rewards(n))
    winners = game.winners
    for p in range(n):
        if p in winners and len(winners) == 1:
            case.assertEqual(rewards[p], 1.0)


def check_observation(case: unittest.TestCase, obs: Any, game: packeis.Game, player: int) -> None:
    """The planes seen by ``player``: for the player to act exactly the C
    library's relative observation, for player 0 the absolute one, and in
    any case the same per-player planes in another order."""
    flat = values(obs)
    case.assertEqual(len(flat), packeis.OBSERVATION_SIZE)
    case.assertTrue(all(0.0 <= v <= 1.0 for v in flat))
    absolute = list(game.observe())
    if player == game.current_player:
        case.assertEqual(flat, list(game.observe(relative=True)))
    if player == 0:
        case.assertEqual(flat, absolute)
    # By hand: in each group of four per-player planes, slot j shows player
    # (player + j) % players; the other planes are the absolute ones.
    rows = list(range(packeis.OBSERVATION_PLANES))
    for first in (packeis.Plane.PENGUINS_0, packeis.Plane.TO_ACT_0, packeis.Plane.FISH_WON_0,
                  packeis.Plane.FLOES_WON_0, packeis.Plane.OUT_0):
        for j in range(game.players):
            rows[first + j] = first + (player + j) % game.players
    for row, source in enumerate(rows):
        case.assertEqual(flat[row * 64:(row + 1) * 64], absolute[source * 64:(source + 1) * 64])


def scaled(games: int) -> int:
    return max(1, games // 2) if NO_NUMPY else games


# -- OpenSpiel -----------------------------------------------------------------
def walk_openspiel(case: unittest.TestCase, setup: dict, games: int, seed: int) -> list[list[int]]:
    """Plays ``games`` random games through PackeisState; returns their
    action lists (for the determinism checks)."""
    from packeis.openspiel import PackeisGame

    rng = random.Random(seed)
    histories = []
    for g in range(scaled(games)):
        game = PackeisGame(board_seed=seed * 1000 + g, **setup)
        n = game.num_players()
        case.assertEqual(game.num_distinct_actions(), 4096)
        case.assertEqual(game.observation_tensor_shape(), [25, 64])
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            player = state.current_player()
            case.assertIn(player, range(n))
            case.assertTrue(state.is_player_node())
            case.assertFalse(state.is_chance_node())
            legal = state.legal_actions()
            case.assertTrue(legal, "a player to act has a legal move")
            case.assertEqual(legal, sorted(legal))
            case.assertTrue(all(0 <= a < 4096 for a in legal))
            case.assertEqual(legal, legal_of(state.legal_actions_mask()))
            case.assertEqual(legal, state.legal_actions(player))
            for other in range(n):
                if other != player:
                    case.assertEqual(state.legal_actions(other), [])
            case.assertEqual(state.rewards(), [0.0] * n)
            case.assertEqual(state.returns(), [0.0] * n)
            if plies % 3 == 0:  # every player's view, every third ply (they are slow)
                for other in range(n):
                    check_observation(case, state.observation_tensor(other), state.game, other)
            else:
                check_observation(case, state.observation_tensor(), state.game, player)
            action = legal[rng.randrange(len(legal))]
            text = state.action_to_string(player, action)
            case.assertEqual(state.string_to_action(player, text), action)
            case.assertEqual(state.action_to_string(action), text)
            if plies % 7 == 0:
                _check_clone_and_serialize(case, game, state, action)
            state.apply_action(action)
            plies += 1
            case.assertEqual(state.move_number(), plies)
            case.assertEqual(state.history()[-1], action)
            case.assertEqual(state.full_history()[-1], (player, action))
        case.assertEqual(state.current_player(), TERMINAL)
        case.assertEqual(state.legal_actions(), [])
        case.assertEqual(state.legal_actions_mask(), [0] * 4096)
        case.assertLessEqual(plies, game.max_game_length())
        returns = state.returns()
        check_final_rewards(case, returns, state.game)
        case.assertEqual(state.rewards(), returns)
        case.assertTrue(all(game.min_utility() <= r <= game.max_utility() for r in returns))
        again = game.deserialize_state(state.serialize())
        case.assertEqual(again.history(), state.history())
        case.assertEqual(again.returns(), returns)
        histories.append(state.history())
    return histories


def _check_clone_and_serialize(case: unittest.TestCase, game: Any, state: Any, action: int) -> None:
    copy = state.clone()
    case.assertEqual(copy.serialize(), state.serialize())
    copy.apply_action(action)
    case.assertEqual(len(copy.history()), len(state.history()) + 1, "the clone is independent")
    child = state.child(action)
    case.assertEqual(child.history(), copy.history())
    child.undo_action(state.current_player(), action)
    case.assertEqual(child.history(), state.history())
    loaded = game.deserialize_state(state.serialize())
    case.assertEqual(loaded.history(), state.history())
    case.assertEqual(loaded.legal_actions(), state.legal_actions())
    case.assertEqual(str(loaded), str(state))
    case.assertEqual(loaded.observation_tensor(), state.observation_tensor())
    illegal = next(m for m in range(4096) if m not in state.legal_actions())
    before = state.serialize()
    with case.assertRaises(packeis.IllegalMoveError):
        state.apply_action(illegal)
    case.assertEqual(state.serialize(), before, "a refused action changes nothing")


# -- PettingZoo AEC ------------------------------------------------------------
def walk_aec(case: unittest.TestCase, setup: dict, games: int, seed: int) -> list[list]:
    """PettingZoo's api_test play loop over ``games`` games of one env;
    returns per game the (agent, action, rewards) trajectory."""
    from packeis.aec import PackeisAECEnv

    env = PackeisAECEnv(render_mode="ansi", **setup)
    n = env.max_num_agents
    case.assertEqual(env.possible_agents, [f"player_{p}" for p in range(n)])
    for agent in env.possible_agents:
        case.assertIs(env.observation_space(agent), env.observation_space(agent))
        case.assertEqual(env.action_space(agent).n, 4096)
        case.assertEqual(env.observation_space(agent), env.observation_space("player_0"))
    trajectories = []
    env.reset(seed=seed)
    for g in range(scaled(games)):
        if g:
            env.reset()
        trajectories.append(_aec_game(case, env))
    env.close()
    env.close()
    with case.assertRaises(packeis.GameClosedError):
        env.reset()
    return trajectories


def _aec_game(case: unittest.TestCase, env: Any) -> list:
    case.assertEqual(env.agents, env.possible_agents)
    case.assertFalse(any(env.terminations.values()) or any(env.truncations.values()))
    case.assertIsNone(env.last(observe=False)[0])
    live = list(env.agents)
    finished: set[str] = set()
    accumulated = {a: 0.0 for a in env.agents}
    trajectory = []
    rng = random.Random(len(env.agents))
    ended = False
    for agent in env.agent_iter(10_000):
        case.assertEqual(agent, env.agent_selection)
        obs, reward, termination, truncation, info = env.last()
        case.assertIsInstance(info, dict)
        case.assertIs(termination, env.terminations[agent])
        case.assertFalse(truncation)
        case.assertEqual(reward, accumulated[agent], "last() gives the accumulated reward")
        case.assertTrue(env.observation_space(agent).contains(obs), "observation in its space")
        if np is not None:
            case.assertEqual(obs["observation"].dtype, np.float32)
            case.assertEqual(obs["observation"].shape, (25, 64))
            case.assertEqual(obs["action_mask"].dtype, np.int8)
        player = env.possible_agents.index(agent)
        check_observation(case, obs["observation"], env.game, player)
        legal = legal_of(obs["action_mask"])
        if termination:
            case.assertEqual(legal, [], "no legal move at the end")
            with case.assertRaises(ValueError):
                env.step(0)
            action = None
        else:
            case.assertEqual(legal, [int(m) for m in env.game.legal_moves()])
            case.assertTrue(legal)
            for other in env.agents:
                if other != agent:
                    case.assertEqual(legal_of(env.observe(other)["action_mask"]), [])
            with case.assertRaises(ValueError):
                env.step(None)
            action = legal[rng.randrange(len(legal))]
            if len(trajectory) % 11 == 0 and np is not None:
                action = np.int32(action)  # PettingZoo's action flexibility check
        case.assertIsNone(env.step(action))
        trajectory.append((agent, None if action is None else int(action), dict(env.rewards)))
        accumulated[agent] = 0.0
        for a, r in env.rewards.items():
            accumulated[a] += r
        if not termination and any(env.terminations.values()):
            ended = True
            case.assertTrue(all(env.terminations.values()), "the game ends for everyone")
            final = [env.rewards[a] for a in env.possible_agents]
            check_final_rewards(case, final, env.game)
        elif not ended:
            case.assertEqual(set(env.rewards.values()), {0.0}, "rewards only at the end")
        case.assertEqual(set(env.rewards), set(env.agents))
        case.assertEqual(set(env.terminations), set(env.agents))
        case.assertEqual(set(env.truncations), set(env.agents))
        case.assertEqual(set(env.infos), set(env.agents))
        case.assertEqual(env.num_agents, len(env.agents))
        if termination:
            live.remove(agent)
            finished.add(agent)
        case.assertEqual(env.agents, live, "agents leave only by their dead step")
        if not env.agents:
            break
    case.assertTrue(ended)
    case.assertEqual(finished, set(env.possible_agents))
    case.assertEqual(list(env.agent_iter()), [])
    case.assertEqual(env.render(), str(env.game))
    return trajectory


# -- Gymnasium -----------------------------------------------------------------
def walk_gym(case: unittest.TestCase, setup: dict, games: int, seed: int, **options: Any) -> list:
    """Gymnasium's check_env over ``games`` episodes; returns the episodes'
    (observation values, reward) lists for the determinism checks."""
    from packeis.gymnasium_env import PackeisEnv
    from packeis._field import spaces
    Space = spaces.Space

    env = PackeisEnv(**options, **setup)
    case.assertIsInstance(env.observation_space, Space)
    case.assertIsInstance(env.action_space, Space)
    episodes = []
    for g in range(scaled(games)):
        result = env.reset(seed=seed + g)
        case.assertIsInstance(result, tuple)
        obs, info = result
        case.assertIsInstance(info, dict)
        case.assertTrue(env.observation_space.contains(obs))
        env.action_space.seed(seed + g)
        episode, terminated, reward = [], False, 0.0
        while not terminated:
            _check_gym_obs(case, env, obs, info)
            mask = info["action_mask"]
            case.assertEqual(legal_of(mask), [int(m) for m in env.game.legal_moves()])
            action = env.action_space.sample(mask)
            step = env.step(action)
            case.assertEqual(len(step), 5)
            obs, reward, terminated, truncated, info = step
            case.assertIsInstance(reward, float)
            case.assertIsInstance(terminated, bool)
            case.assertIs(truncated, False)
            case.assertIsInstance(info, dict)
            case.assertTrue(env.observation_space.contains(obs))
            episode.append((values(obs if not env.mask_in_observation else obs["observation"]),
                            reward))
            if not terminated:
                case.assertEqual(reward, 0.0, "rewards only at the end")
        case.assertTrue(env.game.is_over)
        case.assertEqual(legal_of(info["action_mask"]), [])
        case.assertEqual(reward, _envs.rewards(env.game)[env.learner])
        check_final_rewards(case, _envs.rewards(env.game), env.game)
        with case.assertRaises(RuntimeError):
            env.step(0)
        episodes.append(episode)
    env.close()
    return episodes


def _check_gym_obs(case: unittest.TestCase, env: Any, obs: Any, info: dict) -> None:
    planes = obs["observation"] if env.mask_in_observation else obs
    if np is not None:
        case.assertEqual(planes.dtype, np.float32)
        case.assertEqual(planes.shape, (25, 64))
    check_observation(case, planes, env.game, env.learner)
    case.assertEqual(env.game.current_player, env.learner, "the learner acts at each step")
    case.assertEqual(info["learner"], env.learner)
