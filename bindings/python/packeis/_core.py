# SPDX-License-Identifier: MIT
"""The Pythonic layer over the ctypes declarations."""
from __future__ import annotations

import array
import enum
from ctypes import POINTER, byref, c_float, c_int, c_size_t, c_uint8, c_uint32, c_uint64
from typing import Iterable, Iterator, NamedTuple, Optional, Sequence, Union

from . import _ffi
from ._lib import lib

MAX_CELLS: int = _ffi.PACKEIS_MAX_CELLS
MAX_PLAYERS: int = _ffi.PACKEIS_MAX_PLAYERS
MAX_MOVES: int = _ffi.PACKEIS_MAX_MOVES
OBSERVATION_PLANES: int = _ffi.PACKEIS_OBSERVATION_PLANES
OBSERVATION_SIZE: int = _ffi.PACKEIS_OBSERVATION_SIZE
ACTION_COUNT: int = _ffi.PACKEIS_ACTION_COUNT

# ---------------------------------------------------------------- errors


class PackeisError(Exception):
    """Base class of every error libpackeis reports. ``status`` holds the C
    status code."""

    status: int = -1

    def __init__(self, message: Optional[str] = None, status: Optional[int] = None):
        if status is not None:
            self.status = status
        if message is None:
            message = lib.packeis_strerror(self.status).decode()
        super().__init__(message)


class InvalidArgumentError(PackeisError, ValueError):
    """A required value is missing or not one the call accepts."""

    status = _ffi.PACKEIS_E_INVALID_ARGUMENT


class OutOfRangeError(PackeisError, IndexError):
    """A cell, player, direction or count outside the game's range."""

    status = _ffi.PACKEIS_E_OUT_OF_RANGE


class OutOfMemoryError(PackeisError, MemoryError):
    """The allocator returned NULL."""

    status = _ffi.PACKEIS_E_OUT_OF_MEMORY


class BufferTooSmallError(PackeisError):
    """A buffer is too small (the bindings size their buffers, so rare)."""

    status = _ffi.PACKEIS_E_BUFFER_TOO_SMALL


class IllegalMoveError(PackeisError):
    """The move is not legal in this position."""

    status = _ffi.PACKEIS_E_ILLEGAL_MOVE


class WrongPhaseError(IllegalMoveError):
    """A slide during placement or a placement during movement."""

    status = _ffi.PACKEIS_E_WRONG_PHASE


class GameOverError(IllegalMoveError):
    """The game is over: no move can be played."""

    status = _ffi.PACKEIS_E_GAME_OVER


class NothingToUndoError(PackeisError):
    """Undo at the start of the game."""

    status = _ffi.PACKEIS_E_NOTHING_TO_UNDO


class LayoutError(PackeisError, ValueError):
    """Base class of the errors of a custom layout."""


class DuplicateCellError(LayoutError):
    """Two floes share one cell."""

    status = _ffi.PACKEIS_E_DUPLICATE_CELL


class MixedParityError(LayoutError):
    """The floes do not all share the parity of x + y."""

    status = _ffi.PACKEIS_E_MIXED_PARITY


class FishOutOfRangeError(LayoutError):
    """A floe with fewer than 1 or more than 3 fish."""

    status = _ffi.PACKEIS_E_FISH_OUT_OF_RANGE


class TooManyCellsError(LayoutError):
    """More than MAX_CELLS floes."""

    status = _ffi.PACKEIS_E_TOO_MANY_CELLS


class NoCellsError(LayoutError):
    """A layout without floes."""

    status = _ffi.PACKEIS_E_NO_CELLS


class CoordOutOfRangeError(LayoutError):
    """A coordinate beyond PACKEIS_COORD_MIN / PACKEIS_COORD_MAX."""

    status = _ffi.PACKEIS_E_COORD_OUT_OF_RANGE


class TooFewFloesError(PackeisError, ValueError):
    """Too few floes a penguin may be placed on for all the penguins."""

    status = _ffi.PACKEIS_E_TOO_FEW_FLOES


ERRORS: dict[int, type[PackeisError]] = {
    cls.status: cls
    for cls in (
        InvalidArgumentError, OutOfRangeError, OutOfMemoryError, BufferTooSmallError,
        IllegalMoveError, WrongPhaseError, GameOverError, NothingToUndoError,
        DuplicateCellError, MixedParityError, FishOutOfRangeError, TooManyCellsError,
        NoCellsError, CoordOutOfRangeError, TooFewFloesError,
    )
}


def _raise(status: int) -> None:
    raise ERRORS.get(status, PackeisError)(status=status)


def check(status: int) -> None:
    """Raises the exception for a C status code; nothing for PACKEIS_OK."""
    if status:
        _raise(status)


# ---------------------------------------------------------------- enums


class Phase(enum.IntEnum):
    """The phases of a game."""

    PLACEMENT = _ffi.PACKEIS_PHASE_PLACEMENT
    MOVEMENT = _ffi.PACKEIS_PHASE_MOVEMENT
    OVER = _ffi.PACKEIS_PHASE_OVER


class Direction(enum.IntEnum):
    """The six directions, counter-clockwise from east."""

    EAST = _ffi.PACKEIS_DIRECTION_EAST
    NORTH_EAST = _ffi.PACKEIS_DIRECTION_NORTH_EAST
    NORTH_WEST = _ffi.PACKEIS_DIRECTION_NORTH_WEST
    WEST = _ffi.PACKEIS_DIRECTION_WEST
    SOUTH_WEST = _ffi.PACKEIS_DIRECTION_SOUTH_WEST
    SOUTH_EAST = _ffi.PACKEIS_DIRECTION_SOUTH_EAST


class Variant(enum.IntEnum):
    """Optional rules."""

    PLACE_ANY_FLOE = _ffi.PACKEIS_VARIANT_PLACE_ANY_FLOE
    SNAKE_PLACEMENT = _ffi.PACKEIS_VARIANT_SNAKE_PLACEMENT


class Plane(enum.IntEnum):
    """The planes of an observation (see Game.observe)."""

    FISH_1 = _ffi.PACKEIS_PLANE_FISH_1
    FISH_2 = _ffi.PACKEIS_PLANE_FISH_2
    FISH_3 = _ffi.PACKEIS_PLANE_FISH_3
    PENGUINS_0 = _ffi.PACKEIS_PLANE_PENGUINS_0
    PENGUINS_1 = _ffi.PACKEIS_PLANE_PENGUINS_0 + 1
    PENGUINS_2 = _ffi.PACKEIS_PLANE_PENGUINS_0 + 2
    PENGUINS_3 = _ffi.PACKEIS_PLANE_PENGUINS_0 + 3
    TO_ACT_0 = _ffi.PACKEIS_PLANE_TO_ACT_0
    TO_ACT_1 = _ffi.PACKEIS_PLANE_TO_ACT_0 + 1
    TO_ACT_2 = _ffi.PACKEIS_PLANE_TO_ACT_0 + 2
    TO_ACT_3 = _ffi.PACKEIS_PLANE_TO_ACT_0 + 3
    CELL = _ffi.PACKEIS_PLANE_CELL
    PLACEMENT = _ffi.PACKEIS_PLANE_PLACEMENT


# ---------------------------------------------------------------- moves

_NONE = _ffi.PACKEIS_MOVE_NONE


class Move(int):
    """A placement or a slide: an immutable ``int`` holding the C move value,
    printed as ``"place 12"`` or ``"12-25"``.

    Build one with :meth:`place`, :meth:`slide` or :meth:`parse`.
    """

    __slots__ = ()

    @classmethod
    def place(cls, cell: int) -> "Move":
        """The placement of a penguin on ``cell``."""
        value = lib.packeis_move_placement(cell)
        if value == _NONE:
            raise OutOfRangeError(f"no cell {cell}")
        return cls(value)

    @classmethod
    def slide(cls, origin: int, to: int) -> "Move":
        """The slide of the penguin on ``origin`` to ``to``."""
        value = lib.packeis_move_slide(origin, to)
        if value == _NONE:
            raise OutOfRangeError(f"no slide {origin}-{to}")
        return cls(value)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Reads ``"place 12"`` (or ``"p12"``) or ``"12-25"``."""
        t = text.strip().lower()
        try:
            if t.startswith("place"):
                return cls.place(int(t[5:]))
            if t.startswith("p"):
                return cls.place(int(t[1:]))
            origin, _, to = t.partition("-")
            return cls.slide(int(origin), int(to))
        except ValueError:
            raise InvalidArgumentError(f"not a move: {text!r}") from None

    @classmethod
    def from_action(cls, action: int) -> "Move":
        """The move numbered ``action`` in the fixed action numbering."""
        move = c_uint32()
        check(lib.packeis_action_to_move(action, byref(move)))
        return cls(move.value)

    @property
    def is_placement(self) -> bool:
        """Whether this is a placement."""
        return (self >> 16) == 0xFFFF

    @property
    def origin(self) -> Optional[int]:
        """The cell a slide starts from; None for a placement."""
        return None if self.is_placement else self >> 16

    @property
    def to(self) -> int:
        """The destination cell."""
        return self & 0xFFFF

    @property
    def action(self) -> int:
        """Its number in the fixed action numbering (0 ... ACTION_COUNT-1)."""
        return (self.to if self.is_placement else self >> 16) * MAX_CELLS + self.to

    def __str__(self) -> str:
        if self.is_placement:
            return f"place {self.to}"
        return f"{self >> 16}-{self.to}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


MoveLike = Union[Move, int, str]


def _as_move(move: MoveLike) -> int:
    if isinstance(move, str):
        return Move.parse(move)
    return int(move)


def action_to_move(action: int) -> Move:
    """The move numbered ``action`` (inverse of :func:`move_to_action`)."""
    return Move.from_action(action)


def move_to_action(move: MoveLike) -> int:
    """The number of ``move`` in the fixed action numbering: a slide from f to
    t is ``f * 64 + t``, a placement on c is ``c * 64 + c``."""
    action = c_int()
    check(lib.packeis_move_to_action(_as_move(move), byref(action)))
    return action.value


class MoveBuffer:
    """A reusable buffer for :meth:`Game.legal_moves_into`: no Python object
    is built per move. ``buffer[i]`` is the raw move value (an ``int``),
    ``len(buffer)`` the number of moves last written."""

    __slots__ = ("array", "count", "_count")

    def __init__(self) -> None:
        self.array = (c_uint32 * MAX_MOVES)()
        self._count = c_size_t()
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> int:
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return self.array[index % self.count]

    def __iter__(self) -> Iterator[int]:
        return iter(self.array[: self.count])

    def moves(self) -> list[Move]:
        """The moves as :class:`Move` objects."""
        return [Move(m) for m in self.array[: self.count]]


# ---------------------------------------------------------------- results


class Standing(NamedTuple):
    """A player's standing: its score and place (1 for first)."""

    player: int
    fish: int
    floes: int
    rank: int


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


def _cells(bits: int) -> list[int]:
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return cells


def _buffer(ctype, obj, length: int):
    """A ctypes array over a writable buffer-protocol object (zero copy)."""
    return (ctype * length).from_buffer(obj)


# ---------------------------------------------------------------- game

_game_p = POINTER(_ffi.packeis_game)
_free = lib.packeis_game_free
_legal_moves = lib.packeis_game_legal_moves
_apply = lib.packeis_game_apply


class Game:
    """A game of Packeis am Pol.

    >>> game = Game(seed=42, players=2)
    >>> while not game.is_over:
    ...     game.apply(game.legal_moves()[0])
    >>> game.standings()[0].fish > 0
    True

    The C handle is freed when the object goes away (or on :meth:`close`).
    """

    __slots__ = ("_handle", "_keep", "__weakref__")

    def __init__(
        self,
        seed: int = 0,
        players: int = 2,
        penguins: int = 0,
        layout: Optional[Iterable[tuple[int, int, int]]] = None,
        *,
        place_any_floe: bool = False,
        snake_placement: bool = False,
        allocator: Optional[_ffi.packeis_allocator] = None,
    ) -> None:
        """Starts a game.

        :param seed: shuffles the standard board (ignored with ``layout``).
        :param players: 2 to 4.
        :param penguins: per player, or 0 for the rules' number.
        :param layout: a custom board as ``(x, y, fish)`` floes in
            doubled-width coordinates, instead of the standard board.
        :param place_any_floe: the variant placing penguins on any floe.
        :param snake_placement: the variant placing in snake order.
        :param allocator: a ``packeis_allocator`` (low level, kept alive by
            the game and its clones) for every allocation of the game.
        :raises PackeisError: the subclass for the C status.
        """
        self._handle = None
        self._keep = allocator
        options = POINTER(_ffi.packeis_options)()
        check(lib.packeis_options_new(byref(allocator) if allocator else None, byref(options)))
        try:
            check(lib.packeis_options_set_players(options, players))
            check(lib.packeis_options_set_penguins(options, penguins))
            check(lib.packeis_options_set_seed(options, seed & 0xFFFFFFFFFFFFFFFF))
            if layout is not None:
                floes = list(layout)
                n = len(floes)
                xs = (c_int * max(n, 1))(*[f[0] for f in floes])
                ys = (c_int * max(n, 1))(*[f[1] for f in floes])
                fs = (c_int * max(n, 1))(*[f[2] for f in floes])
                check(lib.packeis_options_set_layout(options, xs, ys, fs, n))
            check(lib.packeis_options_set_variant(options, Variant.PLACE_ANY_FLOE, place_any_floe))
            check(lib.packeis_options_set_variant(options, Variant.SNAKE_PLACEMENT, snake_placement))
            handle = _game_p()
            check(lib.packeis_game_new(options, byref(handle)))
            self._handle = handle
        finally:
            lib.packeis_options_free(options)

    @classmethod
    def _wrap(cls, handle, keep) -> "Game":
        game = cls.__new__(cls)
        game._handle = handle
        game._keep = keep
        return game

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            self._handle = None
            _free(handle)

    def close(self) -> None:
        """Frees the C game now; the object is unusable afterwards."""
        self.__del__()

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def handle(self):
        """The ``packeis_game *`` for calling the low-level functions."""
        if not self._handle:
            raise InvalidArgumentError("the game was closed")
        return self._handle

    # -- copies ------------------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy: position, history and board."""
        copy = _game_p()
        check(lib.packeis_game_clone(self.handle, byref(copy)))
        return Game._wrap(copy, self._keep)

    __copy__ = clone

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    def assign(self, source: "Game") -> None:
        """Makes this game a copy of ``source``, reusing its memory."""
        check(lib.packeis_game_assign(self.handle, source.handle))

    # -- small helpers -----------------------------------------------------
    def _int(self, function, *args) -> int:
        out = c_int()
        check(function(self.handle, *args, byref(out)))
        return out.value

    def _u64(self, function, *args) -> int:
        out = c_uint64()
        check(function(self.handle, *args, byref(out)))
        return out.value

    # -- setup queries -----------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players."""
        return self._int(lib.packeis_game_player_count)

    @property
    def penguins_per_player(self) -> int:
        """How many penguins each player places."""
        return self._int(lib.packeis_game_penguins_per_player)

    def variant(self, variant: Variant) -> bool:
        """Whether a variant is on."""
        return bool(self._int(lib.packeis_game_variant, int(variant)))

    @property
    def board_seed(self) -> Optional[int]:
        """The seed of the standard board, or None for a custom layout."""
        standard, seed = c_int(), c_uint64()
        check(lib.packeis_game_board_seed(self.handle, byref(standard), byref(seed)))
        return seed.value if standard.value else None

    @property
    def cell_count(self) -> int:
        """The number of cells of the layout."""
        return self._int(lib.packeis_game_cell_count)

    def cell_coords(self, cell: int) -> tuple[int, int]:
        """The doubled-width coordinates ``(x, y)`` of a cell."""
        x, y = c_int(), c_int()
        check(lib.packeis_game_cell_coords(self.handle, cell, byref(x), byref(y)))
        return x.value, y.value

    def cell_at(self, x: int, y: int) -> Optional[int]:
        """The cell at ``(x, y)``, or None."""
        cell = self._int(lib.packeis_game_cell_at, x, y)
        return None if cell < 0 else cell

    def neighbor(self, cell: int, direction: Union[Direction, int]) -> Optional[int]:
        """The neighbouring cell in a direction (geometry only), or None."""
        n = self._int(lib.packeis_game_neighbor, cell, int(direction))
        return None if n < 0 else n

    def fish(self, cell: int) -> int:
        """The fish printed on a cell's floe (1 to 3)."""
        return self._int(lib.packeis_game_fish, cell)

    def fish_set(self, fish: int) -> int:
        """The bit set of the cells carrying ``fish`` fish, present or not."""
        return self._u64(lib.packeis_game_fish_set, fish)

    # -- position queries --------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase."""
        return Phase(self._int(lib.packeis_game_phase))

    @property
    def is_over(self) -> bool:
        """Whether no player can move any more."""
        return bool(self._int(lib.packeis_game_is_over))

    @property
    def current_player(self) -> Optional[int]:
        """The player to act, or None once the game is over."""
        p = self._int(lib.packeis_game_current_player)
        return None if p < 0 else p

    def floe_present(self, cell: int) -> bool:
        """Whether a cell's floe is still on the board."""
        return bool(self._int(lib.packeis_game_floe_present, cell))

    def penguin_at(self, cell: int) -> Optional[int]:
        """The owner of the penguin on a cell, or None."""
        p = self._int(lib.packeis_game_penguin_at, cell)
        return None if p < 0 else p

    def penguin_cells(self, player: int) -> list[int]:
        """The cells of a player's penguins, in increasing order."""
        cells, count = (c_int * MAX_CELLS)(), c_size_t()
        check(lib.packeis_game_penguin_cells(self.handle, player, cells, MAX_CELLS, byref(count)))
        return cells[: count.value]

    @property
    def floe_set(self) -> int:
        """The bit set of the cells whose floe is on the board."""
        return self._u64(lib.packeis_game_floe_set)

    @property
    def floes(self) -> list[int]:
        """The cells whose floe is on the board."""
        return _cells(self.floe_set)

    def penguin_set(self, player: int) -> int:
        """The bit set of the cells holding a penguin of ``player``."""
        return self._u64(lib.packeis_game_penguin_set, player)

    def is_out(self, player: int) -> bool:
        """Whether a player is out."""
        return bool(self._int(lib.packeis_game_is_out, player))

    @property
    def ply_count(self) -> int:
        """The number of actions played (how often undo can succeed)."""
        plies = c_size_t()
        check(lib.packeis_game_ply_count(self.handle, byref(plies)))
        return plies.value

    def __len__(self) -> int:
        return self.ply_count

    def history(self) -> list[Move]:
        """The actions played so far, oldest first."""
        n = self.ply_count
        moves, count = (c_uint32 * max(n, 1))(), c_size_t()
        check(lib.packeis_game_history(self.handle, moves, n, byref(count)))
        return [Move(m) for m in moves[: count.value]]

    # -- standings ---------------------------------------------------------
    def score(self, player: int) -> tuple[int, int]:
        """A player's ``(fish, floes)`` so far."""
        fish, floes = c_int(), c_int()
        check(lib.packeis_game_score(self.handle, player, byref(fish), byref(floes)))
        return fish.value, floes.value

    def rank(self, player: int) -> int:
        """A player's place (1 for first); provisional until the end."""
        return self._int(lib.packeis_game_rank, player)

    @property
    def winners(self) -> frozenset[int]:
        """The players in first place (provisional until the end)."""
        bits = c_uint32()
        check(lib.packeis_game_winners(self.handle, byref(bits)))
        return frozenset(_cells(bits.value))

    def standings(self) -> list[Standing]:
        """Every player's :class:`Standing`, by player."""
        return [Standing(p, *self.score(p), self.rank(p)) for p in range(self.players)]

    # -- playing -----------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The legal moves, in the library's fixed order."""
        buffer = MoveBuffer()
        self.legal_moves_into(buffer)
        return buffer.moves()

    def legal_moves_into(self, buffer: MoveBuffer) -> int:
        """Fast path: writes the legal moves into ``buffer`` (raw values, no
        object per move) and returns their number."""
        status = _legal_moves(self._handle, buffer.array, MAX_MOVES, buffer._count)
        if status:
            _raise(status)
        buffer.count = n = buffer._count.value
        return n

    @property
    def move_count(self) -> int:
        """The number of legal moves."""
        count = c_size_t()
        check(lib.packeis_game_move_count(self.handle, byref(count)))
        return count.value

    def destination_set(self, cell: int) -> int:
        """The bit set of the cells the penguin on ``cell`` can slide to."""
        return self._u64(lib.packeis_game_destinations, cell)

    def destinations(self, cell: int) -> list[int]:
        """The cells the penguin on ``cell`` can slide to."""
        return _cells(self.destination_set(cell))

    def check_move(self, move: MoveLike) -> None:
        """Raises what :meth:`apply` would raise for ``move``, without
        playing it."""
        check(lib.packeis_game_check_move(self.handle, _as_move(move)))

    def is_legal(self, move: MoveLike) -> bool:
        """Whether ``move`` is legal now."""
        return lib.packeis_game_check_move(self.handle, _as_move(move)) == 0

    def apply(self, move: MoveLike) -> None:
        """Plays a move (a :class:`Move`, raw value or notation text)."""
        if type(move) is not int and not isinstance(move, Move):
            move = _as_move(move)
        status = _apply(self._handle, move)
        if status:
            _raise(status)

    def undo(self) -> None:
        """Takes back the last action."""
        check(lib.packeis_game_undo(self.handle))

    def undo_to(self, plies: int) -> None:
        """Takes back actions until ``plies`` remain."""
        check(lib.packeis_game_undo_to(self.handle, plies))

    # -- research fast paths -----------------------------------------------
    def playout(self, seed: int) -> int:
        """Plays random moves to the end (undoable); returns the plies."""
        plies = c_size_t()
        check(lib.packeis_game_playout(self.handle, seed & 0xFFFFFFFFFFFFFFFF, byref(plies)))
        return plies.value

    def random_games(self, games: int, seed: int = 0) -> BatchResult:
        """Plays ``games`` uniformly random games to the end in C, from this
        position (unchanged); game ``g`` is :meth:`playout` with seed
        ``seed + g``."""
        players = self.players
        winners = array.array("I", bytes(4 * games))
        fish = array.array("i", bytes(4 * games * players))
        floes = array.array("i", bytes(4 * games * players))
        plies = c_uint64()
        n = max(games, 1)
        check(
            lib.packeis_game_playout_batch(
                self.handle,
                seed & 0xFFFFFFFFFFFFFFFF,
                games,
                _buffer(c_uint32, winners, games) if games else (c_uint32 * n)(),
                _buffer(c_int, fish, games * players) if games else (c_int * n)(),
                _buffer(c_int, floes, games * players) if games else (c_int * n)(),
                byref(plies),
            )
        )
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

    # -- machine learning --------------------------------------------------
    def observe(self, relative: bool = False, out=None):
        """The observation planes (see :class:`Plane`): ``OBSERVATION_SIZE``
        float32 values, plane ``k`` at ``[k * 64, (k + 1) * 64)``.

        :param relative: number players from the player to act.
        :param out: a writable float32 buffer to fill instead (an
            ``array('f')``, a numpy array...), written without copying.
        :return: ``out``, or a new ``array('f')``.
        """
        if out is None:
            out = array.array("f", bytes(4 * OBSERVATION_SIZE))
        count = c_size_t()
        flags = _ffi.PACKEIS_OBSERVE_RELATIVE if relative else 0
        check(
            lib.packeis_game_observe(
                self.handle, flags, _buffer(c_float, out, OBSERVATION_SIZE), OBSERVATION_SIZE,
                byref(count),
            )
        )
        return out

    def legal_action_mask(self, out=None):
        """A mask over the action numbering: ``ACTION_COUNT`` bytes, 1 where
        the numbered move is legal; into ``out`` (writable, zero copy) if
        given, else a new ``bytearray``."""
        if out is None:
            out = bytearray(ACTION_COUNT)
        count = c_size_t()
        check(
            lib.packeis_game_legal_action_mask(
                self.handle, _buffer(c_uint8, out, ACTION_COUNT), ACTION_COUNT, byref(count)
            )
        )
        return out

    def legal_actions(self) -> list[int]:
        """The legal moves' numbers in the action numbering."""
        return [m.action for m in self.legal_moves()]

    def __repr__(self) -> str:
        if not self._handle:
            return "<Game closed>"
        return (
            f"<Game {self.players} players, {self.phase.name.lower()}, "
            f"ply {self.ply_count}, to act: {self.current_player}>"
        )


def observation_shape() -> tuple[int, int, int]:
    """``(planes, cells per plane, actions)`` as the loaded library reports."""
    planes, cells, actions = c_size_t(), c_size_t(), c_size_t()
    check(lib.packeis_observation_shape(byref(planes), byref(cells), byref(actions)))
    return planes.value, cells.value, actions.value


def as_numpy(buffer, shape: Optional[Sequence[int]] = None):
    """Wraps a buffer from :meth:`Game.observe`, :meth:`Game.legal_action_mask`
    or :meth:`Game.random_games` as a numpy array without copying (needs
    numpy; the rest of the package does not). Observations default to the
    shape ``(OBSERVATION_PLANES, MAX_CELLS)``."""
    import numpy  # noqa: PLC0415 - optional dependency

    view = memoryview(buffer)
    fmt = view.format
    dtype = {"f": numpy.float32, "B": numpy.uint8, "I": numpy.uint32, "i": numpy.int32}.get(fmt)
    arr = numpy.frombuffer(buffer, dtype=dtype) if dtype else numpy.asarray(buffer)
    if shape is None and len(arr) == OBSERVATION_SIZE and fmt == "f":
        shape = (OBSERVATION_PLANES, MAX_CELLS)
    return arr.reshape(shape) if shape is not None else arr


def version() -> str:
    """The version of the loaded library, e.g. ``"0.1.0"``."""
    return lib.packeis_version_string().decode()
