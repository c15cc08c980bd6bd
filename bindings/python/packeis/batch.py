# SPDX-License-Identifier: MIT
"""The C batch of games (``packeis_batch_*``) with numpy buffers: N games
set up alike, advanced by N moves in one call, reporting per game rewards,
termination, the player to act, the legal moves and the observation. Needs
numpy. :class:`packeis.vector.VectorEnv` is the environment built on it.

Every array a :class:`Batch` method returns is one of the batch's own
buffers, overwritten by the next call of that method: copy it to keep it.
Games ``i`` of the batch are not :class:`packeis.Game` objects;
:meth:`Batch.game` gives an independent copy of one.
"""
from __future__ import annotations

import inspect
from ctypes import POINTER, byref, c_float, c_int, c_size_t, c_uint8, c_uint16, c_uint64
from ctypes import c_int8
from typing import Any, Optional

import numpy as np

from . import _ffi
from ._enums import MAX_MOVES, MAX_PLAYERS, MOVE_VALUES, OBSERVATION_PLANES, OBSERVATION_SIZE
from ._errors import OutOfRangeError, check, error_for
from ._game import Game
from ._handle import CallGuard
from ._lib import lib
from ._options import checked, options
from ._text import write_text

__all__ = ["Batch", "MAX_GAMES", "MOVE_NONE", "LEGAL_BITS_WORDS"]

#: Most games a batch may hold.
MAX_GAMES = _ffi.PACKEIS_BATCH_MAX_GAMES
#: The "no move" value: the game is left as it is.
MOVE_NONE = _ffi.PACKEIS_MOVE_NONE
#: 64-bit words of a legal-move bit mask (4096 bits).
LEGAL_BITS_WORDS = _ffi.PACKEIS_LEGAL_BITS_WORDS

_RELATIVE = _ffi.PACKEIS_OBSERVE_RELATIVE
_TOO_SMALL = _ffi.PACKEIS_E_BUFFER_TOO_SMALL


class NoCopies:
    """Refuses copy.copy, copy.deepcopy and pickle with a TypeError: the
    object owns a C batch, which a copy would share (and free twice)."""

    def _refuse_copy(self) -> TypeError:
        return TypeError(f"a {type(self).__name__} cannot be copied or pickled: it owns a C "
                         "batch; make a new one (game(i) and record(i) copy single games)")

    def __copy__(self) -> Any:
        raise self._refuse_copy()

    def __deepcopy__(self, memo: object) -> Any:
        raise self._refuse_copy()

    def __reduce_ex__(self, protocol: object) -> Any:
        raise self._refuse_copy()


def _pointer(array: np.ndarray, ctype: Any) -> Any:
    return array.ctypes.data_as(POINTER(ctype))


#: The setup arguments a batch takes, with their defaults: those of a Game.
_GAME_SETUP = inspect.signature(Game)


def _batch_options(seed: Any, setup: dict[str, Any]) -> Any:
    """``packeis_options *`` (malloc) for the setup arguments of a
    :class:`packeis.Game` (checked as a Game checks them, with its
    messages) but its allocator, which the C batch does not take."""
    refused = sorted(set(setup) & {"allocator", "memory_limit"})
    if refused:
        raise TypeError(f"Batch takes no {' or '.join(refused)}: the C batch allocates its "
                        "games with malloc (a Game takes them)")
    arguments = _GAME_SETUP.bind(seed=seed, **setup)  # a TypeError naming a wrong keyword
    arguments.apply_defaults()
    del arguments.arguments["allocator"], arguments.arguments["memory_limit"]
    return options(None, checked(**arguments.arguments))


def _buffer(name: str, doc: str) -> property:
    """A buffer the C calls write or read through the pointer taken when
    the batch was made: readable, writable element by element
    (``b.moves_in[:] = ...``), never replaced (C would keep the old one)."""
    def get(self: "Batch") -> np.ndarray:
        return self.__dict__["_" + name]

    def refuse(self: "Batch", value: Any) -> None:
        raise AttributeError(f"Batch.{name} is the C batch's own buffer: write into it "
                             f"(b.{name}[:] = ...), it cannot be replaced")
    return property(get, refuse, doc=doc)


class Batch(NoCopies, CallGuard):
    """``games`` games (1 to :data:`MAX_GAMES`) set up by the arguments of
    :class:`packeis.Game`; game ``i`` starts on the board of seed
    ``seed + i``. Calls on one batch are serialized by its lock (the call
    guard of a Game: see :mod:`packeis._handle`); the GIL is released while
    C runs. A call from inside a call on the same batch (a signal handler)
    raises :class:`packeis.ReentrantCallError`, but :meth:`close`, which
    takes effect as the outer call returns.

    ``allocator`` and ``memory_limit``, which :class:`packeis.Game` takes,
    are refused (TypeError): the batch allocates with malloc. ``__init__``
    runs once per object (RuntimeError after)."""

    #: The columns :meth:`legal_moves` starts with (it doubles as needed).
    min_move_columns = 128

    moves_in = _buffer("moves_in", "The move of each game for the next step (uint16).")
    statuses = _buffer("statuses", "The status of each game's move at the last step (int).")
    rewards = _buffer("rewards", "Each game's rewards at the last step (games x 4 float32).")
    terminated = _buffer("terminated", "1 where a game ended at the last step (uint8).")
    to_act = _buffer("to_act", "The player to act in each game (int8, -1 at the end).")
    counts = _buffer("counts", "Each game's count of legal moves (uint16).")
    bits = _buffer("bits", "Each game's legal moves as 64 words of bits (uint64).")
    words = _buffer("words", "Each game's compact observation (25 uint64 words).")

    _what = "batch"
    _free = staticmethod(lib.packeis_batch_free)
    _null = POINTER(_ffi.packeis_batch)()

    def __init__(self, games: int, seed: int = 0, **setup: Any) -> None:
        if getattr(self, "_lock", None) is not None:
            raise RuntimeError("Batch.__init__ called on a batch already set up: make a new "
                               "Batch, or use reset()")
        self._setup()
        self._count = c_size_t()  # the whole answer's size, which the fillers report
        if isinstance(games, bool) or not isinstance(games, (int, np.integer)):
            raise TypeError(f"games must be an integer, not {type(games).__name__}")
        if not 1 <= games <= MAX_GAMES:
            raise OutOfRangeError(f"games must be in 1 ... {MAX_GAMES}, not {games}")
        self._size = n = int(games)
        made = _batch_options(seed, setup)
        # C writes the new batch into the pointer the guard already holds
        # (NULL until then): no Ctrl-C between the call and a store can
        # leave it owned by nobody; the batch is freed as this object goes
        # even if its __del__ is interrupted (CallGuard._arm).
        self._handle = POINTER(_ffi.packeis_batch)()
        self._arm(self._handle)
        try:
            check(lib.packeis_batch_new(made, n, byref(self._handle)))
        finally:
            lib.packeis_options_free(made)
        first = lib.packeis_batch_game(self._handle, 0)
        self.players = lib.packeis_game_player_count(first)
        self.cells = lib.packeis_game_cell_count(first)
        self.is_standard_board = bool(lib.packeis_game_is_standard_board(first))
        self._buffers(n)

    def _buffers(self, n: int) -> None:
        self._moves_in = np.full(n, MOVE_NONE, dtype=np.uint16)
        self._statuses = np.zeros(n, dtype=np.intc)
        self._rewards = np.zeros((n, MAX_PLAYERS), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=np.uint8)
        self._to_act = np.zeros(n, dtype=np.int8)
        self._counts = np.zeros(n, dtype=np.uint16)
        self._bits = np.zeros((n, LEGAL_BITS_WORDS), dtype=np.uint64)
        self._words = np.zeros((n, OBSERVATION_PLANES), dtype=np.uint64)
        self._p = {
            "moves_in": _pointer(self.moves_in, c_uint16),
            "statuses": _pointer(self.statuses, c_int),
            "rewards": _pointer(self.rewards, c_float),
            "terminated": _pointer(self.terminated, c_uint8),
            "to_act": _pointer(self.to_act, c_int8),
            "counts": _pointer(self.counts, c_uint16),
            "bits": _pointer(self.bits, c_uint64),
            "words": _pointer(self.words, c_uint64),
        }
        self._moves = self._planes = self._mask = None

    # -- life (close, closed, with: see CallGuard) -----------------------------
    @property
    def size(self) -> int:
        """The number of games (fixed: the buffers and the C batch have it)."""
        return self._size

    def __len__(self) -> int:
        return self._size

    # -- playing -------------------------------------------------------------
    def seeds_array(self, seeds: Any, what: str) -> np.ndarray:
        """``seeds`` as a C-contiguous uint64 array of one seed per game."""
        values = np.asarray(seeds)
        if values.shape != (self.size,) or values.dtype.kind not in "iu":
            raise TypeError(f"{what} must be an integer array of shape ({self.size},)")
        return np.ascontiguousarray(values.astype(np.uint64, copy=False))

    def reset(self, seeds: Any = None) -> None:
        """Every game to the start: game ``i`` on the board of ``seeds[i]``,
        or, with None, on its current board again."""
        array = None if seeds is None else self.seeds_array(seeds, "seeds")
        status = self._call(lib.packeis_batch_reset,
                            None if array is None else _pointer(array, c_uint64))
        if status:
            raise error_for(status)

    def reset_games(self, games: Any, seeds: Any) -> None:
        """Games ``games`` (indices) to the start, game ``games[k]`` on the
        board of ``seeds[k]``; the others as they are (each game of a batch
        is an ordinary game: ``packeis_game_reset`` of it)."""
        indices = [self._index(i) for i in np.asarray(games).reshape(-1).tolist()]
        values = np.asarray(seeds).reshape(-1)
        if values.shape != (len(indices),) or (values.size and values.dtype.kind not in "iu"):
            raise TypeError("seeds must be one integer per game reset")
        values = values.astype(np.uint64, copy=False).tolist()

        def reset(live: Any) -> int:
            for i, seed in zip(indices, values):
                status = lib.packeis_game_reset(lib.packeis_batch_game(live, i), seed)
                if status:
                    return status
            return 0
        status = self._hold(reset)
        if status:
            raise error_for(status)

    def set_moves(self, moves: Any) -> None:
        """Copies ``moves`` (one integer per game) into :attr:`moves_in`:
        -1 and :data:`MOVE_NONE` mean no move; any other value outside
        0 ... 4095 is passed as 4096, which that game refuses with
        OUT_OF_RANGE (the batch goes on)."""
        values = np.asarray(moves)
        if values.shape != (self.size,):
            raise ValueError(f"moves must have shape ({self.size},), not {values.shape}")
        if values.dtype.kind not in "iu":
            raise TypeError(f"moves must be integers, not {values.dtype}")
        if values.dtype == np.uint16:
            self.moves_in[:] = values  # every value is a move, 4096+ or NONE
            return
        bad = (values < 0) | (values >= MOVE_VALUES)
        if bad.any():
            none = (values == -1) | (values == MOVE_NONE)
            values = np.where(bad, np.where(none, MOVE_NONE, MOVE_VALUES), values)
        self.moves_in[:] = values

    def step(self, moves: Any, reset_seeds: Optional[np.ndarray] = None) -> int:
        """Plays ``moves`` (see :meth:`set_moves`) in every game, resetting
        the games that are over to the boards of ``reset_seeds`` (None: no
        reset). Fills :attr:`statuses`, :attr:`rewards` (games x 4),
        :attr:`terminated` and :attr:`to_act`; returns the status of the
        first game whose move was refused, else 0 (it does not raise for
        refused moves)."""
        self.set_moves(moves)
        seeds = None if reset_seeds is None else self.seeds_array(reset_seeds, "reset_seeds")
        return self.step_prepared(seeds)

    def step_prepared(self, reset_seeds: Optional[np.ndarray]) -> int:
        """:meth:`step` with :attr:`moves_in` already set, and ``reset_seeds``
        None or a C-contiguous uint64 array of one seed per game."""
        p = self._p
        seeds = None
        if reset_seeds is not None:
            if (not isinstance(reset_seeds, np.ndarray) or reset_seeds.dtype != np.uint64
                    or reset_seeds.shape != (self._size,)
                    or not reset_seeds.flags.c_contiguous):
                raise TypeError(f"reset_seeds must be a C-contiguous uint64 array of shape "
                                f"({self._size},)")
            seeds = _pointer(reset_seeds, c_uint64)
        status = self._call(lib.packeis_batch_step, p["moves_in"], seeds, p["statuses"],
                            p["rewards"], p["terminated"], p["to_act"])
        if status == _ffi.PACKEIS_E_INVALID_ARGUMENT:
            raise error_for(status)
        return status

    # -- what the games show -------------------------------------------------
    def legal_moves(self) -> tuple[np.ndarray, np.ndarray]:
        """``(moves, counts)``: game ``i``'s legal moves are
        ``moves[i, :counts[i]]`` in increasing value. ``moves`` has room
        for the most moves any game had so far (it grows when a game has
        more, rather than taking ``MAX_MOVES`` columns for every game)."""
        most = c_size_t()

        def fill(live: Any) -> int:
            status = _TOO_SMALL
            while status == _TOO_SMALL:
                if self._moves is None or self._moves.shape[1] < most.value:
                    self._grow_moves(most.value)
                status = lib.packeis_batch_legal_moves(live, self._p["moves"], self._moves.size,
                                                       self._moves.shape[1], self._p["counts"],
                                                       byref(most))
            return status
        status = self._hold(fill)
        if status:
            raise error_for(status)
        return self._moves[:, :max(most.value, 1)], self.counts

    def _grow_moves(self, most: int) -> None:
        columns = min(MAX_MOVES, max(self.min_move_columns, 2 * most))
        self._moves = np.zeros((self.size, columns), dtype=np.uint16)
        self._p["moves"] = _pointer(self._moves, c_uint16)

    def legal_counts(self) -> np.ndarray:
        """The number of legal moves of each game."""
        status = self._call(lib.packeis_batch_legal_moves, None, 0, 0, self._p["counts"], None)
        if status:
            raise error_for(status)
        return self.counts

    def legal_bits(self) -> np.ndarray:
        """The legal moves as bit masks: games x 64 uint64 words, bit
        ``m % 64`` of word ``m // 64`` for move ``m``."""
        status = self._call(lib.packeis_batch_legal_bits, self._p["bits"], self.bits.size,
                            byref(self._count))
        if status:
            raise error_for(status)
        return self.bits

    def legal_mask(self) -> np.ndarray:
        """The legal moves as byte masks: games x 4096 uint8, 1 where legal."""
        def fill(live: Any) -> int:
            if self._mask is None:
                self._mask = np.zeros((self.size, MOVE_VALUES), dtype=np.uint8)
                self._p["mask"] = _pointer(self._mask, c_uint8)
            return lib.packeis_batch_legal_mask(live, self._p["mask"], self._mask.size,
                                                byref(self._count))
        status = self._hold(fill)
        if status:
            raise error_for(status)
        return self._mask

    def observe_bits(self, relative: bool = False) -> np.ndarray:
        """The compact observations: games x 25 uint64 words (see
        ``packeis_game_observe_bits``)."""
        flags = _RELATIVE if relative else 0
        status = self._call(lib.packeis_batch_observe_bits, flags, self._p["words"],
                            self.words.size, byref(self._count))
        if status:
            raise error_for(status)
        return self.words

    def observe(self, relative: bool = False) -> np.ndarray:
        """The observation planes: games x 25 x 64 float32."""
        flags = _RELATIVE if relative else 0
        def fill(live: Any) -> int:
            if self._planes is None:
                self._planes = np.zeros((self.size, OBSERVATION_PLANES, 64), dtype=np.float32)
                self._p["planes"] = _pointer(self._planes, c_float)
            return lib.packeis_batch_observe(live, flags, self._p["planes"],
                                             self.size * OBSERVATION_SIZE, byref(self._count))
        status = self._hold(fill)
        if status:
            raise error_for(status)
        return self._planes

    # -- single games --------------------------------------------------------
    def _index(self, index: Any) -> int:
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
            raise TypeError(f"a game index must be an integer, not {type(index).__name__}")
        if not 0 <= index < self.size:
            raise OutOfRangeError(f"no game {index}: the batch has {self.size}")
        return int(index)

    def _on_game(self, index: Any, function: Any, *args: Any) -> Any:
        """``function(game, *args)`` on game ``index`` of the batch, as one
        call on the batch."""
        i = self._index(index)
        return self._hold(lambda live: function(lib.packeis_batch_game(live, i), *args))

    def record(self, index: int) -> str:
        """The game record of game ``index`` (``packeis_game_save_record``)."""
        return self._on_game(index, lambda game: write_text(lib.packeis_game_save_record, game))

    def game(self, index: int) -> Game:
        """An independent copy of game ``index``, with its history."""
        return Game.from_record(self.record(index))

    def board_seed(self, index: int) -> int:
        """The seed of game ``index``'s standard board (0 for a layout)."""
        return self._on_game(index, lib.packeis_game_seed)

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{self.players} players"
        return f"<Batch of {self.size} games, {state}>"
