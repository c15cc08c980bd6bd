# SPDX-License-Identifier: MIT
"""Research fast paths: playouts, batches of random games in C, perft, and
the observations and legal-move masks for machine learning."""
from __future__ import annotations

import array
from ctypes import byref, c_float, c_int, c_size_t, c_uint, c_uint8, c_uint64
from typing import Any, NamedTuple, Optional, Sequence

from . import _ffi
from ._args import BYTE_FORMATS, FLOAT32_FORMATS, buffer_view, integer, seed as as_seed
from ._enums import MAX_CELLS, MAX_MOVES, MAX_PLAYERS, MOVE_VALUES, OBSERVATION_PLANES, \
    OBSERVATION_SIZE
from ._errors import InvalidArgumentError, OutOfRangeError
from ._handle import GameHandle
from ._lib import lib
from ._moves import Move

#: The most games one :meth:`Game.random_games` call plays (its buffers take
#: 36 bytes a game).
MAX_BATCH = 1 << 28


class BatchResult(NamedTuple):
    """What :meth:`Game.random_games` returns. ``winners[g]`` is the bit set
    of the players in first place in game ``g``; ``fish[g * MAX_PLAYERS + p]``
    and ``floes[...]`` are the final scores of player ``p`` (0 for players
    the game does not have), as the C call writes them. The arrays support
    the buffer protocol (``numpy.frombuffer`` wraps them without copying)."""

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

    def score(self, game: int, player: int) -> tuple[int, int]:
        """``(fish, floes)`` of ``player`` at the end of game ``game``."""
        if not (0 <= game < self.games and 0 <= player < self.players):
            raise OutOfRangeError(f"no game {game} / player {player}")
        i = game * MAX_PLAYERS + player
        return self.fish[i], self.floes[i]


def _zeros(typecode: str, length: int) -> array.array:
    out = array.array(typecode)
    out.frombytes(bytes(out.itemsize * length))
    return out


def _ctypes_array(ctype: Any, obj: Any, length: int) -> Any:
    """A ctypes array over a checked writable buffer (zero copy); a
    one-element scratch array when ``length`` is 0."""
    if not length:
        return (ctype * 1)()
    return (ctype * length).from_buffer(obj)


class BatchMixin(GameHandle):
    """The research and machine-learning calls of a :class:`Game`."""

    __slots__ = ()

    def playout(self, seed: int) -> int:
        """Plays random moves to the end (undoable); returns the plies."""
        plies = c_size_t()
        self._check(lib.packeis_game_playout, as_seed(seed), byref(plies))
        return plies.value

    def random_games(self, games: int, seed: int = 0) -> BatchResult:
        """Plays ``games`` uniformly random games to the end in C, from this
        position (unchanged); game ``g`` is :meth:`playout` with seed
        ``seed + g``. The GIL is released meanwhile."""
        games = integer(games, "games")
        if not 0 <= games <= MAX_BATCH:
            raise OutOfRangeError(f"games must be in 0 ... {MAX_BATCH}, not {games}")
        winners = _zeros("I", games)
        fish, floes = _zeros("i", games * MAX_PLAYERS), _zeros("i", games * MAX_PLAYERS)
        plies = c_size_t()
        self._check(lib.packeis_game_playout_batch, as_seed(seed), games,
                    _ctypes_array(c_uint, winners, games),
                    _ctypes_array(c_int, fish, games * MAX_PLAYERS),
                    _ctypes_array(c_int, floes, games * MAX_PLAYERS),
                    max(games, 1), byref(plies))
        return BatchResult(games, self._players, plies.value, winners, fish, floes)

    def perft(self, depth: int) -> int:
        """The number of action sequences of ``depth`` actions (a finished
        game counts once)."""
        depth = integer(depth, "depth")
        if not 0 <= depth <= 0xFFFFFFFF:
            raise OutOfRangeError(f"depth {depth} is not in 0 ... 2**32-1")
        return self._call(lib.packeis_game_perft, depth)

    def divide(self, depth: int) -> dict[Move, int]:
        """perft split by first move (``depth`` at least 1)."""
        depth = integer(depth, "depth")
        if not 1 <= depth <= 0xFFFFFFFF:
            raise InvalidArgumentError(f"depth must be at least 1, not {depth}")
        moves, leaves = (_ffi.packeis_move * MAX_MOVES)(), (c_uint64 * MAX_MOVES)()
        count = c_size_t()
        self._check(lib.packeis_game_divide, depth, moves, leaves, MAX_MOVES, byref(count))
        return {Move(moves[i]): leaves[i] for i in range(count.value)}

    def observe(self, relative: bool = False, out: Any = None) -> Any:
        """The observation planes (see :class:`Plane`): ``OBSERVATION_SIZE``
        float32 values, plane ``k`` at ``[k * 64, (k + 1) * 64)``.

        :param relative: number players from the player to act.
        :param out: a writable, C-contiguous float32 buffer of at least
            ``OBSERVATION_SIZE`` values to fill instead (an ``array('f')``,
            a numpy array of dtype float32...), written without copying;
            other element types raise TypeError.
        :return: ``out``, or a new ``array('f')``.
        """
        if out is None:
            out = _zeros("f", OBSERVATION_SIZE)
        buffer_view(out, FLOAT32_FORMATS, OBSERVATION_SIZE, "out")
        count = c_size_t()
        flags = _ffi.PACKEIS_OBSERVE_RELATIVE if relative else 0
        self._check(lib.packeis_game_observe, flags,
                    _ctypes_array(c_float, out, OBSERVATION_SIZE), OBSERVATION_SIZE, byref(count))
        return out

    def legal_mask(self, out: Any = None) -> Any:
        """The legal moves as a mask over the move values: ``MOVE_VALUES``
        bytes, 1 where the move of that value is legal; into ``out`` (a
        writable byte buffer: bytearray, numpy uint8/int8/bool) if given,
        else a new ``bytearray``."""
        if out is None:
            out = bytearray(MOVE_VALUES)
        buffer_view(out, BYTE_FORMATS, MOVE_VALUES, "out")
        count = c_size_t()
        self._check(lib.packeis_game_legal_mask, _ctypes_array(c_uint8, out, MOVE_VALUES),
                    MOVE_VALUES, byref(count))
        return out


def observation_shape() -> tuple[int, int]:
    """``(OBSERVATION_PLANES, MAX_CELLS)``, the shape :func:`as_numpy` gives
    an observation: ``(25, 64)``."""
    return OBSERVATION_PLANES, MAX_CELLS


def as_numpy(buffer: Any, shape: Optional[Sequence[int]] = None) -> Any:
    """Wraps a buffer from :meth:`Game.observe`, :meth:`Game.legal_mask`
    or :meth:`Game.random_games` as a numpy array without copying (needs
    numpy; the rest of the package does not). Observations default to the
    shape ``(OBSERVATION_PLANES, MAX_CELLS)``."""
    import numpy  # noqa: PLC0415 - optional dependency

    fmt = memoryview(buffer).format
    dtype = {"f": numpy.float32, "B": numpy.uint8, "I": numpy.uint32, "i": numpy.int32}.get(fmt)
    arr = numpy.frombuffer(buffer, dtype=dtype) if dtype else numpy.asarray(buffer)
    if shape is None and len(arr) == OBSERVATION_SIZE and fmt == "f":
        shape = observation_shape()
    return arr.reshape(shape) if shape is not None else arr
