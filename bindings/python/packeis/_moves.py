# SPDX-License-Identifier: MIT
"""Moves: the Move value, the reusable MoveBuffer and the action numbering."""
from __future__ import annotations

from ctypes import byref, c_int, c_size_t, c_uint32
from typing import Iterator, Optional, Union

from . import _ffi
from ._enums import MAX_CELLS, MAX_MOVES
from ._errors import InvalidArgumentError, OutOfRangeError, check
from ._lib import lib

_NONE = _ffi.PACKEIS_MOVE_NONE


class Move(int):
    """A placement or a slide: an immutable ``int`` holding the C move value.

    ``str(move)`` needs no game, so it prints cell indices: ``"place 12"`` or
    ``"12-25"``. Where a game is at hand, :meth:`Game.format_move` writes the
    project's notation (``"c4-e5"``). Build one with :meth:`place`,
    :meth:`slide`, :meth:`parse` or :meth:`Game.parse_move`.
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
        """Reads the context-free form ``"place 12"`` (or ``"p12"``) or
        ``"12-25"``; :meth:`Game.parse_move` reads ``"c4-e5"``."""
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


#: What the methods taking a move accept: a Move, a raw value or text.
MoveLike = Union[Move, int, str]


def as_move(move: MoveLike) -> int:
    """The raw value of a move given as a Move, an int or context-free text."""
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
    check(lib.packeis_move_to_action(as_move(move), byref(action)))
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
