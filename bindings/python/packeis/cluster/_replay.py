# SPDX-License-Identifier: MIT
"""A self-play shard's content checked by playing its games again: a shard
whose zip and arrays are well formed (:func:`._shards.verify_shard`) can
still hold games that are not its job's, moves that are not legal, or
rewards, observations and records that do not follow from its moves (a
worker's bug, a tampered file). Here the job's own boards and seats are
drawn again from its seed and the shard's number, the shard's moves are
played on them by the very code that recorded them (:func:`record_games`),
and every array that follows from the moves must come out the same, bit
for bit. The searches' visits (``policy_*``) cannot be made again without
the searches; they are checked for what they must be: each ply's moves
legal there, in increasing order, each visited at least once, the value a
reward (-1 ... 1) or NaN.

What a task draws and records (:func:`task_boards`, :func:`seating`,
:func:`record_games`) is made here and :mod:`.selfplay`'s tasks take it
from here: the check plays the games as the task did, and needs nothing of
selfplay, which imports this module."""
from __future__ import annotations

from typing import Any

import numpy as np

from .._enums import Plane
from ..vector import VectorEnv
from ._shards import CorruptShardError

#: The arrays that follow from the moves, compared bit for bit.
_REPLAYED = ("obs", "legal", "actions", "to_act", "game_start", "rewards", "fish", "records")

_MOST_PLIES = 2 * 64 + 1  # no game is longer (a placement and a slide per floe)


def task_boards(seed: int, shard: int, count: int) -> tuple[np.random.Generator, np.ndarray]:
    """The generator of a job's task for ``shard`` and the boards it draws
    first: what the task plays, and what its shard is checked against."""
    rng = np.random.default_rng(np.random.SeedSequence([seed, shard]))
    return rng, rng.integers(0, 2**64 - 1, size=count, dtype=np.uint64, endpoint=True)


def seating(first: int, count: int, players: int, rotate: bool) -> np.ndarray:
    """Which of the job's players sits in each seat of games ``first ...
    first + count - 1``: player ``(s + g) % K`` in seat ``s`` of game
    ``g`` with ``rotate``, else player ``s``."""
    games = np.arange(first, first + count)[:, None]
    shift = games if rotate else 0
    return ((np.arange(players)[None, :] + shift) % players).astype(np.int8)


def record_games(env: VectorEnv, board_seeds: np.ndarray, choose: Any) -> dict[str, np.ndarray]:
    """Plays every game of ``env`` to the end, ``choose(ply, obs, info)``
    giving the moves of each step, and keeps what each ply saw."""
    n, players = env.num_envs, env.players
    obs, info = env.reset(options={"board_seeds": board_seeds})
    done = np.zeros(n, dtype=bool)
    rewards = np.zeros((n, players), dtype=np.float32)
    parts = []
    for ply in range(_MOST_PLIES + 1):
        if done.all():
            break
        if ply == _MOST_PLIES:
            raise RuntimeError("a game went on past the longest possible game")
        live = np.flatnonzero(~done)
        actions = np.array(choose(ply, obs, info), dtype=np.int32)
        actions[done] = -1
        parts.append((live, obs[live], info["legal_bits"][live], actions[live],
                      info["to_act"][live].copy()))
        obs, step_rewards, terminated, _, info = env.step(actions)
        if info["illegal"][live].any():
            game = live[np.flatnonzero(info["illegal"][live])[0]]
            raise RuntimeError(f"game {game}: move {actions[game]} refused "
                               f"(status {info['status'][game]})")
        ended = terminated & ~done
        rewards[ended] = step_rewards[ended]
        done |= terminated
    games = np.concatenate([part[0] for part in parts])
    order = np.argsort(games, kind="stable")  # by game, each game's plies in order
    fish_words = env.batch.observe_bits(relative=False)
    first_fish = int(Plane.FISH_WON_0)
    return {
        "obs": np.concatenate([part[1] for part in parts])[order],
        "legal": np.concatenate([part[2] for part in parts])[order],
        "actions": np.concatenate([part[3] for part in parts])[order].astype(np.uint16),
        "to_act": np.concatenate([part[4] for part in parts])[order].astype(np.int8),
        "game_start": np.concatenate([[0], np.cumsum(np.bincount(games, minlength=n))])
        .astype(np.int64),
        "rewards": rewards,
        "fish": fish_words[:, first_fish:first_fish + players].astype(np.int16),
        "board_seeds": board_seeds.copy(),
        "records": np.array([env.batch.record(i) for i in range(n)], dtype=str),
    }


def job_seats(meta: dict, players: int) -> np.ndarray:
    """The seating of the shard's games (all player 0 in the vector
    environment, whose one policy plays every seat)."""
    if meta["players"] and meta["players"][0].startswith("vector:"):  # selfplay.describe()
        return np.zeros((meta["games"], players), dtype=np.int8)
    return seating(meta["first_game"], meta["games"], players, meta["rotate"])


def check_replay(path: str, arrays: dict, meta: dict) -> None:
    """Raises :class:`CorruptShardError` naming the first array of the
    shard at ``path`` (its ``arrays``, already of the right dtypes and
    shapes, and its ``meta``) that playing its moves again does not give."""
    _, boards = task_boards(meta["seed"], meta["shard"], meta["games"])
    if not np.array_equal(arrays["board_seeds"], boards):
        raise CorruptShardError(f"{path}: board_seeds are not those of shard {meta['shard']} "
                                f"of a job with seed {meta['seed']}")
    count = meta["games"]
    with VectorEnv(count, observation="bits", relative=True, autoreset=False,
                   **meta["setup"]) as env:
        if not np.array_equal(arrays["seat_players"], job_seats(meta, env.players)):
            raise CorruptShardError(f"{path}: seat_players are not the job's seating")
        table = np.full((count, _MOST_PLIES + 1), -1, dtype=np.int32)
        starts = arrays["game_start"]
        for game in range(count):
            line = arrays["actions"][starts[game]:starts[game + 1]][:_MOST_PLIES]
            table[game, :len(line)] = line
        try:
            again = record_games(env, boards, lambda ply, obs, info: table[:, ply])
        except RuntimeError as error:  # a move refused, a game that does not end
            raise CorruptShardError(f"{path}: its moves do not replay ({error})") from None
    for name in _REPLAYED:
        if not _same(arrays[name], again[name]):
            raise CorruptShardError(f"{path}: {name} is not what its moves give")
    if meta.get("record_policy"):
        _check_policy(path, arrays)


def _same(have: np.ndarray, want: np.ndarray) -> bool:
    return have.shape == want.shape and bool(np.all(have == want))


def _check_policy(path: str, arrays: dict) -> None:
    starts, moves = arrays["policy_start"], arrays["policy_moves"].astype(np.int64)
    legal, visits, value = arrays["legal"], arrays["policy_visits"], arrays["policy_value"]
    ply_of = np.repeat(np.arange(len(starts) - 1), np.diff(starts))
    rising = np.diff(moves) > 0
    rising[starts[1:-1] - 1] = True  # a ply's first move follows another ply's last
    if not rising.all() or np.any(moves >= 64 * legal.shape[1]):
        raise CorruptShardError(f"{path}: policy_moves are not each ply's moves in order")
    if not np.all((legal[ply_of, moves // 64] >> (moves % 64).astype(np.uint64)) & 1):
        raise CorruptShardError(f"{path}: policy_moves holds a move not legal at its ply")
    if np.any(visits < 1):
        raise CorruptShardError(f"{path}: policy_visits holds a move never visited")
    if np.any(np.abs(value[~np.isnan(value)]) > 1):
        raise CorruptShardError(f"{path}: policy_value is outside -1 ... 1")
