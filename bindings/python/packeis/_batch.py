# SPDX-License-Identifier: MIT
"""Research fast paths: playouts, batches of random games in C, perft, and
the observations and action masks for machine learning."""
from __future__ import annotations

import array
from ctypes import byref, c_float, c_int, c_size_t, c_uint8, c_uint32, c_uint64
from typing import Any, NamedTuple, Optional, Sequence

from . import _ffi
from ._enums import ACTION_COUNT, MAX_CELLS, MAX_MOVES, OBSERVATION_PLANES, OBSERVATION_SIZE, U64
from ._errors import check
from ._handle import GameHandle
from ._lib import lib
from ._moves import Move


class BatchResult(NamedTuple):
    """What :meth:`Game.random_games` returns. ``winners[g]`` is the bit set
    of the players in first place in game ``g``; ``fish[g * players + p]`` and
    ``floes[...]`` are final scores. The arrays support the buffer protocol
    (``numpy.frombuffer`` wraps them without copying)."""

    games: int
    players: int
    plies: int
    winners: array.array
    fish: array.array
    floes: array.array

    def wins(self, player: int) -> float:
        """Player ``player``'s wins, a shared first place counting as a share."""
        bit = 1 << player
        total = 0.0
        for w in self.winners:
            if w & bit:
                total += 1.0 / bin(w).count("1")
        return total


def _buffer(ctype: Any, obj: Any, length: int) -> Any:
    """A ctypes array over a writable buffer-protocol object (zero copy);
    a one-element scratch array when ``length`` is 0."""
    if not length:
        return (ctype * 1)()
    return (ctype * length).from_buffer(obj)


def _zeros(typecode: str, length: int) -> array.array:
    return array.array(typecode, bytes(4 * length))


class BatchMixin(GameHandle):
    """The research and machine-learning calls of a :class:`Game`."""

    __slots__ = ()

    def playout(self, seed: int) -> int:
        """Plays random moves to the end (undoable); returns the plies."""
        return self._size(lib.packeis_game_playout, seed & U64)

    def random_games(self, games: int, seed: int = 0) -> BatchResult:
        """Plays ``games`` uniformly random games to the end in C, from this
        position (unchanged); game ``g`` is :meth:`playout` with seed
        ``seed + g``."""
        players = self._int(lib.packeis_game_player_count)
        winners = _zeros("I", games)
        fish, floes = _zeros("i", games * players), _zeros("i", games * players)
        plies = c_uint64()
        check(lib.packeis_game_playout_batch(
            self.handle, seed & U64, games, _buffer(c_uint32, winners, games),
            _buffer(c_int, fish, games * players), _buffer(c_int, floes, games * players),
            byref(plies)))
        return BatchResult(games, players, plies.value, winners, fish, floes)

    def perft(self, depth: int) -> int:
        """The number of action sequences of ``depth`` actions."""
        return self._u64(lib.packeis_game_perft, depth)

    def divide(self, depth: int) -> dict[Move, int]:
        """perft split by first move."""
        moves, leaves = (c_uint32 * MAX_MOVES)(), (c_uint64 * MAX_MOVES)()
        count = c_size_t()
        check(lib.packeis_game_divide(self.handle, depth, moves, leaves, MAX_MOVES, byref(count)))
        return {Move(moves[i]): leaves[i] for i in range(count.value)}

    def observe(self, relative: bool = False, out: Any = None) -> Any:
        """The observation planes (see :class:`Plane`): ``OBSERVATION_SIZE``
        float32 values, plane ``k`` at ``[k * 64, (k + 1) * 64)``.

        :param relative: number players from the player to act.
        :param out: a writable float32 buffer to fill instead (an
            ``array('f')``, a numpy array...), written without copying.
        :return: ``out``, or a new ``array('f')``.
        """
        if out is None:
            out = _zeros("f", OBSERVATION_SIZE)
        count = c_size_t()
        flags = _ffi.PACKEIS_OBSERVE_RELATIVE if relative else 0
        check(lib.packeis_game_observe(self.handle, flags, _buffer(c_float, out, OBSERVATION_SIZE),
                                       OBSERVATION_SIZE, byref(count)))
        return out

    def legal_action_mask(self, out: Any = None) -> Any:
        """A mask over the action numbering: ``ACTION_COUNT`` bytes, 1 where
        the numbered move is legal; into ``out`` (writable, zero copy) if
        given, else a new ``bytearray``."""
        if out is None:
            out = bytearray(ACTION_COUNT)
        count = c_size_t()
        check(lib.packeis_game_legal_action_mask(self.handle, _buffer(c_uint8, out, ACTION_COUNT),
                                                 ACTION_COUNT, byref(count)))
        return out


def observation_shape() -> tuple[int, int, int]:
    """``(planes, cells per plane, actions)`` as the loaded library reports."""
    planes, cells, actions = c_size_t(), c_size_t(), c_size_t()
    check(lib.packeis_observation_shape(byref(planes), byref(cells), byref(actions)))
    return planes.value, cells.value, actions.value


def as_numpy(buffer: Any, shape: Optional[Sequence[int]] = None) -> Any:
    """Wraps a buffer from :meth:`Game.observe`, :meth:`Game.legal_action_mask`
    or :meth:`Game.random_games` as a numpy array without copying (needs
    numpy; the rest of the package does not). Observations default to the
    shape ``(OBSERVATION_PLANES, MAX_CELLS)``."""
    import numpy  # noqa: PLC0415 - optional dependency

    fmt = memoryview(buffer).format
    dtype = {"f": numpy.float32, "B": numpy.uint8, "I": numpy.uint32, "i": numpy.int32}.get(fmt)
    arr = numpy.frombuffer(buffer, dtype=dtype) if dtype else numpy.asarray(buffer)
    if shape is None and len(arr) == OBSERVATION_SIZE and fmt == "f":
        shape = (OBSERVATION_PLANES, MAX_CELLS)
    return arr.reshape(shape) if shape is not None else arr
