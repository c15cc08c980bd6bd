# SPDX-License-Identifier: MIT
"""The research calls of a single :class:`Game` (:class:`ResearchMixin`, one
of its bases): playouts, many random games from one position in C
(:meth:`Game.random_games`), perft and divide, and the observations and
legal-move masks for machine learning. (The C batch of N games, stepped
together, is :mod:`packeis.batch`.)"""
from __future__ import annotations

import array
import ctypes
import time
from ctypes import byref, c_float, c_int, c_size_t, c_uint, c_uint8, c_uint64
from typing import Any, Callable, NamedTuple, Optional, Sequence

from . import _ffi
from ._args import BYTE_FORMATS, FLOAT32_FORMATS, U64, buffer_view, in_range, seed as as_seed
from ._enums import MAX_CELLS, MAX_MOVES, MAX_PLAYERS, MOVE_VALUES, OBSERVATION_PLANES, \
    OBSERVATION_SIZE
from ._alloc import run_on_worker
from ._errors import GameClosedError, InvalidArgumentError, OutOfRangeError, StoppedError
from ._handle import GameHandle, raise_status
from ._lib import lib
from ._moves import Move

_perft = lib.packeis_game_perft
_perft_watched = lib.packeis_game_perft_watched
_divide_watched = lib.packeis_game_divide_watched
_playout_batch = lib.packeis_game_playout_batch
#: packeis_stop_on_flag as a packeis_progress pointer: the C calls read the
#: flag themselves, no Python runs on the thread doing the work.
_stop_on_flag = ctypes.cast(lib.packeis_stop_on_flag, _ffi.packeis_progress)

#: The most games one :meth:`Game.random_games` call plays (its results
#: take 36 bytes a game: 600 MB at most).
MAX_RANDOM_GAMES = 1 << 24
#: The name :data:`MAX_RANDOM_GAMES` had before 1.2 (kept: the same number).
MAX_BATCH = MAX_RANDOM_GAMES

#: The games of one C call of :meth:`Game.random_games`: between two such
#: chunks (about a millisecond each) Ctrl-C is felt.
RANDOM_GAMES_CHUNK = 512

#: The deepest :meth:`Game.perft`: no game lasts longer (a placement per
#: floe, then at most one slide per floe, each taking the floe away).
MAX_DEPTH = 2 * MAX_CELLS

#: A perft or divide of this depth or less is one C call on the calling
#: thread (at most 64 x 63 actions); deeper, a watched call on a helper
#: thread (see _Stop).
DIRECT_DEPTH = 3


class RandomGamesResult(NamedTuple):
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
            raise OutOfRangeError("the result has no game")
        game = in_range(game, "game", 0, self.games - 1)
        player = in_range(player, "player", 0, self.players - 1)
        i = game * MAX_PLAYERS + player
        return self.fish[i], self.floes[i]


#: The name :class:`RandomGamesResult` had before 1.2 (kept: the same class).
BatchResult = RandomGamesResult


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


class _Stop:
    """How a watched C call (perft, divide) on a private copy of a game is
    stopped: the C call reads ``flag`` through ``packeis_stop_on_flag``
    after every subtree of three actions (a fraction of a millisecond), and
    the waiting thread sets it (``on_wait``, every 50 ms) when Ctrl-C (any
    exception of a signal handler) arrives, when ``origin`` is closed, when
    ``stop()`` answers true or when the ``timeout`` has passed."""

    def __init__(self, origin: Any, stop: Optional[Callable[[], Any]],
                 timeout: Optional[float]) -> None:
        if stop is not None and not callable(stop):
            raise TypeError(f"stop must be a callable (such as threading.Event().is_set), "
                            f"not {type(stop).__name__}")
        self.origin, self.stop, self.why = origin, stop, ""
        self.deadline = None if timeout is None else time.monotonic() + _seconds(timeout)
        self.flag = c_int(0)

    def on_wait(self, interrupted: bool) -> None:
        if self.flag.value:
            return
        if interrupted:
            self.why = "interrupted"
        elif self.origin.closed:
            self.why = "closed"
        elif self.deadline is not None and time.monotonic() >= self.deadline:
            self.why = "timeout"
        elif self.stop is not None and self.stop():
            self.why = "stop"
        else:
            return
        self.flag.value = 1

    def run(self, copy: Any, function: Any, *args: Any) -> int:
        """``function(copy, *args, packeis_stop_on_flag, &flag, ...)`` on a
        helper thread; the status, or the exception of why it stopped."""
        if self.origin.closed:  # while it was copied (an allocator's policy)
            raise GameClosedError("the game was closed during the count")
        status = run_on_worker(copy._call, function, *args[:1], _stop_on_flag,
                               byref(self.flag), *args[1:], on_wait=self.on_wait)
        if status == _ffi.PACKEIS_E_STOPPED:
            if self.why == "closed":
                raise GameClosedError("the game was closed during the count")
            raise StoppedError(f"the count was stopped ({self.why})")
        return status


def _seconds(timeout: Any) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0:
        raise ValueError(f"timeout must be a number of seconds >= 0, not {timeout!r}")
    return float(timeout)


class ResearchMixin(GameHandle):
    """The research and machine-learning calls of a :class:`Game`."""

    __slots__ = ()

    def playout(self, seed: int) -> int:
        """Plays random moves to the end (undoable); returns the plies."""
        plies = c_size_t()
        self._check(lib.packeis_game_playout, as_seed(seed), byref(plies))
        return plies.value

    def random_games(self, games: int, seed: int = 0) -> RandomGamesResult:
        """Plays ``games`` uniformly random games to the end in C, from this
        position (unchanged); game ``g`` is :meth:`playout` with seed
        ``seed + g``. The GIL is released meanwhile; the games are played in
        C calls of ``RANDOM_GAMES_CHUNK`` games, so Ctrl-C stops them within
        about a millisecond (the position is left as it was).

        :raises OutOfRangeError: ``games`` not in ``0 ... MAX_RANDOM_GAMES``.
        """
        games = in_range(games, "games", 0, MAX_RANDOM_GAMES)
        seed = as_seed(seed)
        winners = _zeros("I", games)
        fish, floes = _zeros("i", games * MAX_PLAYERS), _zeros("i", games * MAX_PLAYERS)
        plies = c_size_t()
        total = 0

        def play(call: Any) -> None:
            nonlocal total
            for first in range(0, max(games, 1), RANDOM_GAMES_CHUNK):
                n = min(RANDOM_GAMES_CHUNK, games - first)
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
        return RandomGamesResult(games, self._players, total, winners, fish, floes)

    def perft(self, depth: int, *, stop: Optional[Callable[[], Any]] = None,
              timeout: Optional[float] = None) -> int:
        """The number of action sequences of ``depth`` actions (a finished
        game counts once). Counts deeper than 3 run in C on a copy of the
        game, on a helper thread, with ``packeis_game_perft_watched``: they
        stop within a fraction of a millisecond of being told to, and this
        thread tells them within 50 ms of Ctrl-C (raised as usual), of the
        game being closed (:class:`GameClosedError`), of ``stop()`` answering
        true (a callable polled on this thread, such as
        ``threading.Event().is_set``) or of ``timeout`` seconds
        (:class:`StoppedError` for both).

        :raises OutOfRangeError: ``depth`` not in ``0 ... MAX_DEPTH`` (128:
            no game is longer).
        """
        depth = in_range(depth, "depth", 0, MAX_DEPTH)
        watch = _Stop(self, stop, timeout)
        if depth <= DIRECT_DEPTH:
            return self._call(_perft, depth)
        leaves = c_uint64()
        with self.clone() as copy:  # type: ignore[attr-defined]
            status = watch.run(copy, _perft_watched, depth, byref(leaves))
        if status:
            raise_status(status)
        return leaves.value

    def divide(self, depth: int, *, stop: Optional[Callable[[], Any]] = None,
               timeout: Optional[float] = None) -> dict[Move, int]:
        """perft split by first move: for each legal move, in increasing
        order, the perft of ``depth - 1`` after it (stoppable as
        :meth:`perft` is).

        :raises InvalidArgumentError: ``depth`` 0 (as the C call).
        :raises OutOfRangeError: ``depth`` beyond ``MAX_DEPTH``.
        """
        depth = in_range(depth, "depth", 0, MAX_DEPTH)
        if not depth:
            raise InvalidArgumentError(f"depth must be 1 to {MAX_DEPTH}, got 0")
        watch = _Stop(self, stop, timeout)
        moves, leaves = (_ffi.packeis_move * MAX_MOVES)(), (c_uint64 * MAX_MOVES)()
        count = c_size_t()
        if depth <= DIRECT_DEPTH:
            self._check(lib.packeis_game_divide, depth, moves, leaves, MAX_MOVES, byref(count))
        else:
            with self.clone() as copy:  # type: ignore[attr-defined]
                status = watch.run(copy, _divide_watched, depth, moves, leaves, MAX_MOVES,
                                   byref(count))
            if status:
                raise_status(status)
        return {Move(moves[i]): leaves[i] for i in range(count.value)}

    def observe(self, relative: bool = False, out: Any = None, *,
                player: Optional[int] = None) -> Any:
        """The observation planes (see :class:`Plane`): ``OBSERVATION_SIZE``
        float32 values, plane ``k`` at ``[k * 64, (k + 1) * 64)``.

        :param relative: number players from the player to act.
        :param out: a writable, C-contiguous float32 buffer of at least
            ``OBSERVATION_SIZE`` values to fill instead (an ``array('f')``,
            a numpy array of dtype float32...), written without copying;
            other element types raise TypeError.
        :param player: the planes as this player sees them
            (``packeis_game_observe_as``): the per-player planes numbered
            from ``player``, also once the game is over; not with
            ``relative``.
        :return: ``out``, or a new ``array('f')``.
        :raises OutOfRangeError: a player the game does not have.
        """
        if player is not None:
            if relative:
                raise ValueError("observe: give relative or player, not both")
            player = self._player(player)
        if out is None:
            out = _zeros("f", OBSERVATION_SIZE)
        buffer_view(out, FLOAT32_FORMATS, OBSERVATION_SIZE, "out")
        count = c_size_t()
        planes = _ctypes_array(c_float, out, OBSERVATION_SIZE)
        if player is not None:
            self._check(lib.packeis_game_observe_as, player, planes, OBSERVATION_SIZE,
                        byref(count))
        else:
            flags = _ffi.PACKEIS_OBSERVE_RELATIVE if relative else 0
            self._check(lib.packeis_game_observe, flags, planes, OBSERVATION_SIZE, byref(count))
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
