# SPDX-License-Identifier: MIT
"""A self-play shard's content checked by playing its games again: a shard
whose zip and arrays are well formed (:func:`._shards.verify_shard`) can
still hold games that are not its job's, moves that are not legal, or
rewards, observations and records that do not follow from its moves (a
worker's bug, a tampered file). Here the job's own boards and seats are
drawn again from its seed and the shard's number, the shard's moves are
played on them by the very code that recorded them (``selfplay._record``),
and every array that follows from the moves must come out the same, bit
for bit. The searches' visits (``policy_*``) cannot be made again without
the searches; they are checked for what they must be: each ply's moves
legal there, in increasing order, each visited at least once, the value a
reward (-1 ... 1) or NaN."""
from __future__ import annotations

import numpy as np

from ..vector import VectorEnv
from ._shards import CorruptShardError

#: The arrays that follow from the moves, compared bit for bit.
_REPLAYED = ("obs", "legal", "actions", "to_act", "game_start", "rewards", "fish", "records")


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
    from .selfplay import _MOST_PLIES, _record  # noqa: PLC0415 - selfplay imports this module
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
            again = _record(env, boards, lambda ply, obs, info: table[:, ply])
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
