# SPDX-License-Identifier: MIT
"""The inputs of the version 2 network (doc/formats.md, "Version 2: the
incremental, quantized network"), computed with numpy from the compact
observation words of the player to act (``packeis_game_observe_bits_as``,
the shards' ``obs``), batch by batch:

- binary features, as bit words: FLOE (words 0 to 2: a floe of 1, 2, 3
  fish on the cell), PENGUIN (words 3 to 6: a penguin of relative player
  0 to 3) and, optionally, REACH (four words: the cells a penguin of
  relative player 0 to 3 reaches in one slide), spread over 64 cells each:
  feature ``64 * word + cell``;
- the 16 dense integers ``d`` (0 to 127): fish credited, players out, the
  placement phase, the number of players.

REACH needs the layout's geometry (:class:`Geometry`, from any
:class:`packeis.Game` on it); everything else is in the words."""
from __future__ import annotations

from ctypes import byref, c_size_t, c_uint64
from typing import NamedTuple, Optional

import numpy as np

from .._enums import Plane
from .._game import Game
from .._lib import lib

__all__ = ["FLOE", "PENGUIN", "REACH", "BOARD_FEATURES", "REACH_FEATURES", "DENSE",
           "Geometry", "reach_words", "feature_words", "feature_bits", "dense_inputs",
           "game_words", "layout_fish", "GameInputs", "game_inputs"]

FLOE = 0
PENGUIN = 192
REACH = 448
BOARD_FEATURES = 448   # FLOE and PENGUIN: feature set 1
REACH_FEATURES = 704   # and REACH: feature set 3
DENSE = 16
MAX_PLAYERS = 4
WORDS = 25
_CELLS = 64
_DIRECTIONS = 6
_FLOE_WORDS = slice(int(Plane.FISH_1), int(Plane.FISH_3) + 1)
_PENGUIN_WORDS = slice(int(Plane.PENGUINS_0), int(Plane.PENGUINS_0) + MAX_PLAYERS)
_FISH_WON = int(Plane.FISH_WON_0)
_OUT = int(Plane.OUT_0)
_PLACEMENT = int(Plane.PLACEMENT)
_ON = 127


class Geometry:
    """The slides of a layout as bit-set shifts: for each of the six
    directions, pairs ``(delta, sources)`` such that the neighbours in that
    direction of a set ``S`` of cells are the union over the pairs of
    ``(S & sources)`` shifted by ``delta`` (left if positive). A layout
    numbered row by row needs one or two pairs a direction, so a step of
    every position of a batch is a few whole-array operations, whatever the
    layout."""

    def __init__(self, game: Game) -> None:
        steps = []
        for direction in range(_DIRECTIONS):
            sources: dict[int, int] = {}
            for cell in range(game.cell_count):
                neighbour = game.neighbor(cell, direction)
                if neighbour is not None:
                    delta = neighbour - cell
                    sources[delta] = sources.get(delta, 0) | (1 << cell)
            steps.append(tuple(sorted(sources.items())))
        self.steps = tuple(steps)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Geometry) and self.steps == other.steps

    def __hash__(self) -> int:
        return hash(self.steps)

    def step(self, cells: np.ndarray, direction: int) -> np.ndarray:
        """The neighbours in ``direction`` of each set of ``cells`` (uint64)."""
        out = np.zeros_like(cells)
        for delta, sources in self.steps[direction]:
            part = cells & np.uint64(sources)
            out |= (part << np.uint64(delta)) if delta > 0 else (part >> np.uint64(-delta))
        return out


def reach_words(words: np.ndarray, geometry: Geometry) -> np.ndarray:
    """N x 4 uint64: the cells each relative player's penguins reach in one
    slide (over floes with no penguin, up to the first cell that is no
    floe or holds a penguin), from N x 25 observation words."""
    words = np.asarray(words, dtype=np.uint64)
    floes = np.bitwise_or.reduce(words[:, _FLOE_WORDS], axis=1)
    penguins = words[:, _PENGUIN_WORDS]
    free = (floes & ~np.bitwise_or.reduce(penguins, axis=1))[:, None]
    reach = np.zeros_like(penguins)
    for direction in range(_DIRECTIONS):
        front = penguins
        while True:
            front = geometry.step(front, direction) & free
            if not front.any():
                break
            reach |= front
    return reach


def feature_words(words: np.ndarray, reach: Optional[np.ndarray] = None) -> np.ndarray:
    """N x 7 (FLOE, PENGUIN) or N x 11 (and REACH) uint64: word ``w`` bit
    ``c`` is feature ``64 w + c``."""
    parts = [np.asarray(words, dtype=np.uint64)[:, :_PENGUIN_WORDS.stop]]
    if reach is not None:
        parts.append(np.asarray(reach, dtype=np.uint64))
    return np.concatenate(parts, axis=1)


def feature_bits(words: np.ndarray, reach: Optional[np.ndarray] = None) -> np.ndarray:
    """N x 448 (or N x 704 with ``reach``) uint8, 1 where a feature is on."""
    packed = np.ascontiguousarray(feature_words(words, reach), dtype="<u8")
    return np.unpackbits(packed.view(np.uint8), axis=1, bitorder="little")


def dense_inputs(words: np.ndarray, fish_total: np.ndarray, players: np.ndarray) -> np.ndarray:
    """N x 16 uint8, the dense inputs ``d`` of the doc, in its integer
    arithmetic: ``d[j]`` the fish credited to relative player ``j``,
    ``(127 * fish + T / 2) / T`` (``fish_total`` T, the fish of the whole
    layout); ``d[4 + j]`` 127 if ``j`` is out; ``d[8]`` 127 while placing;
    ``d[9 + players - 2]`` 127."""
    words = np.asarray(words, dtype=np.uint64)
    total = np.asarray(fish_total).astype(np.int64)[:, None]
    fish = words[:, _FISH_WON:_FISH_WON + MAX_PLAYERS].astype(np.int64)
    dense = np.zeros((len(words), DENSE), dtype=np.uint8)
    dense[:, 0:4] = (_ON * fish + total // 2) // total
    dense[:, 4:8] = np.where(words[:, _OUT:_OUT + MAX_PLAYERS] != 0, _ON, 0)
    dense[:, 8] = np.where(words[:, _PLACEMENT] != 0, _ON, 0)
    dense[np.arange(len(words)), 9 + np.asarray(players, dtype=np.int64) - 2] = _ON
    return dense


def game_words(game: Game) -> np.ndarray:
    """The 25 observation words of ``game``'s player to act
    (``packeis_game_observe_bits_as``), as the shards hold them."""
    words = (c_uint64 * WORDS)()
    count = c_size_t()
    game._check(lib.packeis_game_observe_bits_as, game.current_player, words, WORDS,
                byref(count))
    return np.frombuffer(words, dtype=np.uint64).copy()


def layout_fish(game: Game) -> int:
    """T: the fish of every floe of the layout (100 on the standard board)."""
    return sum(game.fish(cell) for cell in range(game.cell_count))


class GameInputs(NamedTuple):
    """The inputs of one position: ``bits`` 448 or 704 uint8, ``dense`` 16
    uint8."""

    bits: np.ndarray
    dense: np.ndarray


def game_inputs(game: Game, reach: bool, geometry: Optional[Geometry] = None) -> GameInputs:
    """The network's inputs for ``game``'s player to act (not over);
    ``geometry``, ``game``'s layout's if given, saves making it (a
    millisecond)."""
    words = game_words(game)[None]
    reached = reach_words(words, geometry or Geometry(game)) if reach else None
    return GameInputs(feature_bits(words, reached)[0],
                      dense_inputs(words, np.array([layout_fish(game)]),
                                   np.array([game.players]))[0])

