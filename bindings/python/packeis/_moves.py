# SPDX-License-Identifier: MIT
"""Moves: the Move value and the reusable MoveBuffer.

A move has one encoding, the C library's: a slide from cell ``f`` to cell
``t`` is ``f * 64 + t``, a placement on cell ``c`` is ``c * 64 + c``
(``c * 65``). Every value from 0 to ``MOVE_VALUES - 1`` (4095) is a move, so
a move value also indexes a policy vector or :meth:`Game.legal_mask`.
"""
from __future__ import annotations

import operator
import re
from ctypes import c_size_t
from typing import Any, Iterator, Optional, Union

from . import _ffi
from ._args import in_range
from ._enums import MAX_CELLS, MAX_MOVES, MOVE_VALUES
# Not from _errors, which imports this module.
from ._exceptions import InvalidArgumentError, OutOfRangeError


def move_value(value: Any) -> int:
    """A move value from an int (or integer-like object): checked to be in
    ``0 ... MOVE_VALUES - 1`` (OutOfRangeError otherwise); bools, floats and
    other types raise TypeError."""
    return in_range(value, "move", 0, MOVE_VALUES - 1)


#: The context-free forms Move.parse() reads, in ASCII digits.
_PLACEMENT_TEXT = re.compile(r"\s*(?:place|p)\s*([0-9]+)\s*", re.ASCII | re.IGNORECASE)
_SLIDE_TEXT = re.compile(r"\s*([0-9]+)\s*-\s*([0-9]+)\s*", re.ASCII)


class Move(int):
    """A placement or a slide: an immutable ``int`` equal to its move value.

    ``Move(v)`` checks that ``v`` is a move value. ``str(move)`` needs no
    game, so it prints cell indices: ``"place 12"`` or ``"12-25"``. Where a
    game is at hand, :meth:`Game.format_move` writes the project's notation
    (``"c4-e5"``). Build one with :meth:`place`, :meth:`slide`,
    :meth:`parse` or :meth:`Game.parse_move`.
    """

    __slots__ = ()

    def __new__(cls, value: Any) -> "Move":
        return super().__new__(cls, move_value(value))

    @classmethod
    def place(cls, cell: int) -> "Move":
        """The placement of a penguin on ``cell``."""
        cell = in_range(cell, "cell", 0, MAX_CELLS - 1)
        return cls(cell * (MAX_CELLS + 1))

    @classmethod
    def slide(cls, origin: int, to: int) -> "Move":
        """The slide of the penguin on ``origin`` to ``to``."""
        origin = in_range(origin, "origin", 0, MAX_CELLS - 1)
        to = in_range(to, "to", 0, MAX_CELLS - 1)
        if origin == to:
            raise OutOfRangeError(f"a slide must end on another cell, got {origin}-{to}")
        return cls(origin * MAX_CELLS + to)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Reads the context-free form ``"place 12"`` (or ``"p12"``) or
        ``"12-25"``; :meth:`Game.parse_move` reads ``"c4-e5"``."""
        if not isinstance(text, str):
            raise TypeError(f"a move's text is a str, not {type(text).__name__}")
        # ASCII digits only: int() would also take "٣" and "1_0".
        placement = _PLACEMENT_TEXT.fullmatch(text)
        if placement:
            return cls.place(int(placement.group(1)))
        slide = _SLIDE_TEXT.fullmatch(text)
        if slide:
            return cls.slide(int(slide.group(1)), int(slide.group(2)))
        raise InvalidArgumentError(f"not a move: {text!r}")

    @property
    def is_placement(self) -> bool:
        """Whether this is a placement."""
        return self // MAX_CELLS == self % MAX_CELLS

    @property
    def origin(self) -> Optional[int]:
        """The cell a slide starts from; None for a placement."""
        return None if self.is_placement else self // MAX_CELLS

    @property
    def to(self) -> int:
        """The destination cell (the cell of a placement)."""
        return self % MAX_CELLS

    def __str__(self) -> str:
        if self.is_placement:
            return f"place {self.to}"
        return f"{self // MAX_CELLS}-{self.to}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


#: What the methods taking a move accept: a Move, a move value or text.
MoveLike = Union[Move, int, str]


class MoveBuffer:
    """A reusable buffer for :meth:`Game.legal_moves_into`: no Python object
    is built per move. ``buffer[i]`` is the move value (an ``int``),
    ``len(buffer)`` the number of moves last written. ``array`` (the ctypes
    array of ``MAX_MOVES`` values the C call fills) and ``count`` are read
    only: replacing the array by a smaller one would let C write past it."""

    __slots__ = ("_array", "_n", "_count")

    def __init__(self) -> None:
        self._array = (_ffi.packeis_move * MAX_MOVES)()
        self._count = c_size_t()
        self._n = 0

    @property
    def array(self) -> Any:
        """The ctypes array the moves are written to (``MAX_MOVES`` long)."""
        return self._array

    @property
    def count(self) -> int:
        """The number of moves last written."""
        return self._n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index: int) -> int:
        index = operator.index(index)
        if not -self._n <= index < self._n:
            raise IndexError(index)
        return self._array[index % self._n]

    def __iter__(self) -> Iterator[int]:
        return iter(self._array[: self._n])

    def moves(self) -> list[Move]:
        """The moves as :class:`Move` objects."""
        new = int.__new__
        return [new(Move, m) for m in self._array[: self._n]]

    def __repr__(self) -> str:
        return f"<MoveBuffer {self._n} moves>"
