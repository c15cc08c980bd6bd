# SPDX-License-Identifier: MIT
"""Research fast paths: playouts, batches of random games in C, perft, and
the observations and legal-move masks for machine learning."""
from __future__ import annotations

import array
import ctypes
import time
from ctypes import byref, c_float, c_int, c_size_t, c_uint, c_uint8, c_uint64
from typing import Any, NamedTuple, Optional, Sequence

from . import _ffi
from ._args import BYTE_FORMATS, FLOAT32_FORMATS, U64, buffer_view, in_range, seed as as_seed
from ._enums import MAX_CELLS, MAX_MOVES, MAX_PLAYERS, MOVE_VALUES, OBSERVATION_PLANES, \
    OBSERVATION_SIZE
from ._errors import GameClosedError, InvalidArgumentError, OutOfRangeError
from ._handle import GameHandle, raise_status
from ._lib import lib
from ._moves import Move, MoveBuffer

_perft = lib.packeis_game_perft
_apply = lib.packeis_game_apply
_undo = lib.packeis_game_undo
_playout_batch = lib.packeis_game_playout_batch

#: The most games one :meth:`Game.random_games` call plays (its results
#: take 36 bytes a game: 600 MB at most).
MAX_BATCH = 1 << 24

#: The games of one C call of :meth:`Game.random_games`: between two such
#: chunks (about a millisecond each) Ctrl-C is felt.
BATCH_CHUNK = 512

#: The deepest :meth:`Game.perft`: no game lasts longer (a placement per
#: floe, then at most one slide per floe, each taking the floe away).
MAX_DEPTH = 2 * MAX_CELLS

#: A perft or divide of this depth or less is one C call (fast on any
#: position); deeper, it is split into C calls of at most about PERFT_SLICE
#: seconds (see _Perft).
DIRECT_DEPTH = 3
PERFT_SLICE = 0.05


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
        player = in_range(player, "player", 0, self.players - 1)
        bit = 1 << player
        total = 0.0
        for w in self.winners:
            if w & bit:
                total += 1.0 / bin(w).count("1")
        return total

    def score(self, game: int, player: int) -> tuple[int, int]:
        """``(fish, floes)`` of ``player`` at the end of game ``game``."""
        if not self.games:
            raise OutOfRangeError("the batch has no game")
        game = in_range(game, "game", 0, self.games - 1)
        player = in_range(player, "player", 0, self.players - 1)
        i = game * MAX_PLAYERS + player
        return self.fish[i], self.floes[i]


def _zeros(typecode: str, length: int) -> array.array:
    out = array.array(typecode)
    out.frombytes(bytes(out.itemsize * length))
    return out


def _ctypes_array(ctype: Any, obj: Any, length: int, offset: int = 0) -> Any:
    """A ctypes array over a checked writable buffer (zero copy), from
    element ``offset``; a one-element scratch array when ``length`` is 0."""
    if not length:
        return (ctype * 1)()
    return (ctype * length).from_buffer(obj, offset * ctypes.sizeof(ctype))


class _Perft:
    """perft on a private clone, in C calls of bounded time so that Ctrl-C
    is felt between them: at each node, C counts depth 3, 4, ... as long as
    the next count is expected to take less than PERFT_SLICE (from how much
    the last one grew, in time and in leaves); if the whole depth is not
    reached so, the node's children are walked in Python, each counted the
    same way."""

    def __init__(self, game: Any, origin: Any) -> None:
        self.game = game
        self.origin = origin  # the game the count is of: closed, the count stops
        self.buffers: list[Any] = []

    def count(self, depth: int) -> int:
        game = self.game
        # No game goes on longer than twice its floes (a placement on each,
        # then a slide off each): deeper is the same count.
        depth = min(depth, 2 * bin(game.floe_set).count("1"))
        reached, seconds, leaves = min(depth, DIRECT_DEPTH), 0.0, 0
        while True:
            self.check_origin()
            start = time.perf_counter()
            count = game._call(_perft, reached)
            took = time.perf_counter() - start
            if reached == depth:
                return count
            growth = max(took / seconds if seconds else 0.0, count / leaves if leaves else 0.0, 2.0)
            if took * growth > PERFT_SLICE:
                break
            reached, seconds, leaves = reached + 1, max(took, 1e-7), max(count, 1)
        total = 0
        for move in self.moves(depth):
            game._check(_apply, move)
            try:
                total += self.count(depth - 1)
            finally:
                game._check(_undo)
        return total

    def check_origin(self) -> None:
        """Between two slices: the game counted may have been closed
        meanwhile (a signal handler, another thread); the copy would count
        on without it, for as long as the whole count takes."""
        if self.origin.closed:
            raise GameClosedError("the game was closed during the count")

    def moves(self, depth: int) -> list[int]:
        """The legal moves (one buffer per level: the walk is depth-first)."""
        while len(self.buffers) <= depth:
            self.buffers.append(MoveBuffer())
        buffer = self.buffers[depth]
        n = self.game.legal_moves_into(buffer)
        return list(buffer.array[:n])


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
        ``seed + g``. The GIL is released meanwhile; the games are played in
        C calls of ``BATCH_CHUNK`` games, so Ctrl-C stops the batch within
        about a millisecond (the position is left as it was).

        :raises OutOfRangeError: ``games`` not in ``0 ... MAX_BATCH``.
        """
        games = in_range(games, "games", 0, MAX_BATCH)
        seed = as_seed(seed)
        winners = _zeros("I", games)
        fish, floes = _zeros("i", games * MAX_PLAYERS), _zeros("i", games * MAX_PLAYERS)
        plies = c_size_t()
        total = 0

        def play(call: Any) -> None:
            nonlocal total
            for first in range(0, max(games, 1), BATCH_CHUNK):
                n = min(BATCH_CHUNK, games - first)
                k = n * MAX_PLAYERS
                status = call(_playout_batch, (seed + first) & U64, n,
                              _ctypes_array(c_uint, winners, n, first),
                              _ctypes_array(c_int, fish, k, first * MAX_PLAYERS),
                              _ctypes_array(c_int, floes, k, first * MAX_PLAYERS),
                              max(n, 1), byref(plies))
                if status:
                    raise_status(status, self._keep)
                total += plies.value

        self._run(play)
        return BatchResult(games, self._players, total, winners, fish, floes)

    def perft(self, depth: int) -> int:
        """The number of action sequences of ``depth`` actions (a finished
        game counts once). Deep counts run on a copy of the game in C calls
        of a fraction of a second each, so Ctrl-C stops them, and so does
        closing the game meanwhile (a signal handler, another thread):
        :class:`GameClosedError` at the next slice.

        :raises OutOfRangeError: ``depth`` not in ``0 ... MAX_DEPTH`` (128:
            no game is longer).
        """
        depth = in_range(depth, "depth", 0, MAX_DEPTH)
        if depth <= DIRECT_DEPTH:
            return self._call(_perft, depth)
        with self.clone() as copy:  # type: ignore[attr-defined]
            return _Perft(copy, self).count(depth)

    def divide(self, depth: int) -> dict[Move, int]:
        """perft split by first move: for each legal move, in increasing
        order, the perft of ``depth - 1`` after it (interruptible as
        :meth:`perft` is).

        :raises InvalidArgumentError: ``depth`` 0 (as the C call).
        :raises OutOfRangeError: ``depth`` beyond ``MAX_DEPTH``.
        """
        depth = in_range(depth, "depth", 0, MAX_DEPTH)
        if not depth:
            raise InvalidArgumentError(f"depth must be 1 to {MAX_DEPTH}, got 0")
        if depth <= DIRECT_DEPTH:
            moves, leaves = (_ffi.packeis_move * MAX_MOVES)(), (c_uint64 * MAX_MOVES)()
            count = c_size_t()
            self._check(lib.packeis_game_divide, depth, moves, leaves, MAX_MOVES, byref(count))
            return {Move(moves[i]): leaves[i] for i in range(count.value)}
        with self.clone() as copy:  # type: ignore[attr-defined]
            walk, out = _Perft(copy, self), {}
            for move in walk.moves(depth):
                copy._check(_apply, move)
                try:
                    out[Move(move)] = walk.count(depth - 1)
                finally:
                    copy._check(_undo)
            return out

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
