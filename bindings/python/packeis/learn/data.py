# SPDX-License-Identifier: MIT
"""The positions of self-play shards written with ``record_policy=True``
(:func:`packeis.cluster.selfplay.selfplay`) as training examples: the
network's input (the planes of ``Game.observe(player=to_act)``, or the
version 2 network's features, unpacked from the compact words batch by
batch, so that a few hundred thousand positions fit in memory), the legal
moves, the policy target (the search's visits, normalised) and the value
targets (the game's reward of the player to act, and of every player)."""
from __future__ import annotations

import glob
import json
import os
from typing import NamedTuple, Sequence

import numpy as np

from .._enums import MAX_PLAYERS, Plane
from .._game import Game
from ..cluster._shards import verify_shard
from ..vector import bits_to_mask
from .features import Geometry, dense_inputs, feature_bits, reach_words

__all__ = ["Positions", "load_positions", "planes_from_bits", "shard_paths"]

_PLANES = 25
_CELLS = 64
_FISH_WON = int(Plane.FISH_WON_0)
_FLOES_WON = int(Plane.FLOES_WON_0)
_OUT = int(Plane.OUT_0)
_CELL = int(Plane.CELL)


class Positions(NamedTuple):
    """N positions: ``words`` N x 25 uint64 (compact observation of the
    player to act), ``fish_total`` N float32 (the fish of the game's whole
    layout, the denominator of the fish-won planes), ``legal`` N x 64
    uint64 bit masks, ``policy_start`` N + 1 int64 into ``policy_moves``
    (uint16) and ``policy_weights`` (float32, summing to 1 per position),
    ``value`` N float32 (the game's reward of the player to act),
    ``search_value`` N float32 (the search's own value of the position for
    the player to act, -1 ... 1; NaN where it gave none), ``game`` N int64
    (a number per game, for splits), ``players`` N int8 (the game's
    players), ``rewards`` N x 4 float32 (the game's reward of each player
    relative to the player to act, ``rewards[:, 0]`` its own; 0 for players
    the game lacks), ``reach`` N x 4 uint64 (the cells a penguin of each
    relative player reaches in one slide, from the shard's layout:
    :func:`.features.reach_words`)."""

    words: np.ndarray
    fish_total: np.ndarray
    legal: np.ndarray
    policy_start: np.ndarray
    policy_moves: np.ndarray
    policy_weights: np.ndarray
    value: np.ndarray
    search_value: np.ndarray
    game: np.ndarray
    players: np.ndarray
    rewards: np.ndarray
    reach: np.ndarray

    def __len__(self) -> int:
        return len(self.value)

    def take(self, rows: np.ndarray) -> "Positions":
        """The positions ``rows`` (in that order)."""
        starts, stops = self.policy_start[rows], self.policy_start[rows + 1]
        sizes = stops - starts
        flat = np.repeat(starts - np.concatenate([[0], np.cumsum(sizes)[:-1]]), sizes) \
            + np.arange(int(sizes.sum()))
        return Positions(self.words[rows], self.fish_total[rows], self.legal[rows],
                         np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
                         self.policy_moves[flat], self.policy_weights[flat], self.value[rows],
                         self.search_value[rows], self.game[rows], self.players[rows],
                         self.rewards[rows], self.reach[rows])

    def planes(self) -> np.ndarray:
        """N x 1600 float32: the network's input."""
        return planes_from_bits(self.words, self.fish_total)

    def features(self, reach: bool) -> np.ndarray:
        """N x 448 (N x 704 with ``reach``) uint8: the binary features of
        the version 2 network (:func:`.features.feature_bits`)."""
        return feature_bits(self.words, self.reach if reach else None)

    def dense(self) -> np.ndarray:
        """N x 16 uint8: the dense inputs of the version 2 network."""
        return dense_inputs(self.words, self.fish_total, self.players)

    def value_target(self, mix: float) -> np.ndarray:
        """N float32: ``(1 - mix) * value + mix * search_value``, the
        game's result where the search gave no value. ``mix`` 0 is the
        result alone (AlphaZero's z), 1 the search's value alone (its q)."""
        if not 0.0 <= mix <= 1.0:
            raise ValueError(f"the value mix must be 0 to 1, not {mix!r}")
        searched = np.where(np.isnan(self.search_value), self.value, self.search_value)
        return ((1.0 - mix) * self.value + mix * searched).astype(np.float32)

    def legal_mask(self) -> np.ndarray:
        """N x 4096 bool."""
        return bits_to_mask(self.legal)

    def policy_target(self) -> np.ndarray:
        """N x 4096 float32: the visit distribution by move value."""
        target = np.zeros((len(self), 4096), dtype=np.float32)
        rows = np.repeat(np.arange(len(self)), np.diff(self.policy_start))
        target[rows, self.policy_moves] = self.policy_weights
        return target


def _layout_fish(words: np.ndarray) -> np.ndarray:
    """The fish on the board of each observation (before any move: the
    fish of the whole layout)."""
    counts = [np.bitwise_count(words[:, k]) if hasattr(np, "bitwise_count")
              else _popcount(words[:, k]) for k in range(3)]
    return (counts[0] + 2 * counts[1] + 3 * counts[2]).astype(np.float32)


def _popcount(values: np.ndarray) -> np.ndarray:
    bits = np.unpackbits(values.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1)
    return bits.sum(axis=1)


def planes_from_bits(words: np.ndarray, fish_total: np.ndarray) -> np.ndarray:
    """The float planes of ``packeis_game_observe`` from its compact words
    (N x 25 uint64): a set per plane spread over the cells, the fractions
    (fish won over ``fish_total``, floes won over the layout's cells) on
    every cell of the layout, computed in float32 as the library does."""
    words = np.ascontiguousarray(words, dtype="<u8")
    count = len(words)
    cells = np.unpackbits(words.view(np.uint8).reshape(count, _PLANES, 8), axis=-1,
                          bitorder="little").astype(np.float32)
    layout = cells[:, _CELL, :]
    layout_cells = layout.sum(axis=1, dtype=np.float32)
    for k in range(_FISH_WON, _OUT):
        total = fish_total if k < _FLOES_WON else layout_cells
        fraction = np.divide(words[:, k].astype(np.float32), total.astype(np.float32),
                             out=np.zeros(count, np.float32), where=total > 0)
        cells[:, k, :] = layout * fraction[:, None]
    return cells.reshape(count, _PLANES * _CELLS)


def shard_paths(sources: Sequence[str]) -> list[str]:
    """The shard files of ``sources`` (files, or directories of shards)."""
    paths: list[str] = []
    for source in sources:
        if os.path.isdir(source):
            found = sorted(glob.glob(os.path.join(source, "shard-*.npz")))
            if not found:
                raise FileNotFoundError(f"{source}: no shard-*.npz in it")
            paths += found
        else:
            paths.append(source)
    return paths


def load_positions(sources: Sequence[str]) -> Positions:
    """Every position of the shards of ``sources``, each shard verified
    first; a shard written without ``record_policy`` is refused."""
    parts = []
    games = 0
    geometries: dict[str, Geometry] = {}
    for path in shard_paths(sources):
        meta = verify_shard(path).meta
        if not meta.get("record_policy"):
            raise ValueError(f"{path}: a self-play shard without visits (written without "
                             f"record_policy=True): no policy target")
        with np.load(path, allow_pickle=False) as shard:
            parts.append(_positions(shard, games, _geometry(meta["setup"], geometries)))
        games += int(meta["games"])
    if not parts:
        raise ValueError("no shards given")
    return _concatenate(parts)


def _geometry(setup: dict, known: dict) -> Geometry:
    """The geometry of the games a shard's ``setup`` makes (every game of a
    job shares its layout: a board seed shuffles only the fish), one per
    setup."""
    key = json.dumps(setup, sort_keys=True)
    if key not in known:
        with Game(**setup) as game:
            known[key] = Geometry(game)
    return known[key]


def _relative_rewards(rewards: np.ndarray, game: np.ndarray, to_act: np.ndarray) -> np.ndarray:
    """N x 4: the reward of player ``(to_act + j) % players`` in column
    ``j``, 0 in the columns of players the game lacks."""
    players = rewards.shape[1]
    relative = np.zeros((len(game), MAX_PLAYERS), dtype=np.float32)
    for j in range(players):
        relative[:, j] = rewards[game, (to_act + j) % players]
    return relative


def _positions(shard: np.lib.npyio.NpzFile, first_game: int, geometry: Geometry) -> Positions:
    words = shard["obs"]
    starts = shard["game_start"]
    plies = np.diff(starts)
    game = np.repeat(np.arange(len(plies)), plies)
    fish_total = _layout_fish(words[starts[:-1]])[game]
    to_act = shard["to_act"].astype(np.int64)
    rewards = shard["rewards"]
    value = rewards[game, to_act].astype(np.float32)
    policy_start = shard["policy_start"].astype(np.int64)
    visits = shard["policy_visits"].astype(np.float64)
    sums = np.add.reduceat(visits, policy_start[:-1])
    weights = (visits / np.repeat(sums, np.diff(policy_start))).astype(np.float32)
    return Positions(words, fish_total, shard["legal"], policy_start,
                     shard["policy_moves"].astype(np.int64), weights, value,
                     shard["policy_value"].astype(np.float32), game + first_game,
                     np.full(len(words), rewards.shape[1], dtype=np.int8),
                     _relative_rewards(rewards, game, to_act), reach_words(words, geometry))


def _concatenate(parts: list[Positions]) -> Positions:
    offsets = np.cumsum([0] + [int(p.policy_start[-1]) for p in parts[:-1]])
    starts = np.concatenate([parts[0].policy_start[:1]]
                            + [p.policy_start[1:] + o for p, o in zip(parts, offsets)])
    return Positions(*(np.concatenate([getattr(p, f) for p in parts])
                       if f != "policy_start" else starts for f in Positions._fields))
