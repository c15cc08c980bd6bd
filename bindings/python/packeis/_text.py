# SPDX-License-Identifier: MIT
"""The text formats and the hash: cell names, move notation, positions,
records and layout pictures (see the "Text formats" page of the C docs)."""
from __future__ import annotations

from ctypes import byref, c_int, c_size_t, create_string_buffer
from typing import Any, Callable, Optional

from . import _ffi
from ._alloc import Allocator, as_allocator
from ._errors import IllegalMoveError, InvalidArgumentError, MalformedTextError, check, check_text
from ._handle import GameHandle, allocator_ref, raise_status
from ._lib import lib
from ._moves import Move, MoveLike, move_value

_TOO_SMALL = _ffi.PACKEIS_E_BUFFER_TOO_SMALL


def write_text(function: Callable[..., int], *args: Any, capacity: int = 4096) -> str:
    """Calls a C writer ``function(*args, buffer, capacity, &length)``,
    once more with the exact size if the first buffer was too small."""
    length = c_size_t()
    buffer = create_string_buffer(capacity)
    status = function(*args, buffer, capacity, byref(length))
    if status == _TOO_SMALL:
        capacity = length.value + 1
        buffer = create_string_buffer(capacity)
        status = function(*args, buffer, capacity, byref(length))
    check(status)
    return buffer.raw[: length.value].decode()


def _encode(text: Any) -> bytes:
    if not isinstance(text, str):
        raise TypeError(f"expected a str, not {type(text).__name__}")
    return text.encode()


def read_whole(call: Callable[..., int], function: Callable[..., int], text: str,
               *args: Any) -> None:
    """Calls a C reader ``function(handle, text, length, *args, &stop)``
    through ``call`` (which supplies the handle) and requires it to read all
    of ``text``."""
    raw, stop = _encode(text), c_size_t()
    check_text(call(function, raw, len(raw), *args, byref(stop)), raw, stop.value)
    if stop.value != len(raw):
        check_text(_ffi.PACKEIS_E_MALFORMED_TEXT, raw, stop.value)


def load_game(cls: Any, function: Callable[..., int], text: str,
              allocator: Optional[Allocator]) -> Any:
    """A new ``cls`` from a C loader (position or record)."""
    raw, stop = _encode(text), c_size_t()
    game = cls._receiving(allocator)
    status = function(raw, len(raw), allocator_ref(allocator), byref(game._handle), byref(stop))
    if status == _ffi.PACKEIS_E_OUT_OF_MEMORY:
        raise_status(status, allocator)
    check_text(status, raw, stop.value)
    game._refresh()
    return game


class TextMixin(GameHandle):
    """The text formats and the hash of a :class:`Game`."""

    __slots__ = ()

    @classmethod
    def from_position(cls, text: str, allocator: Optional[Allocator] = None, *,
                      memory_limit: Optional[int] = None) -> Any:
        """A game at a position written by :meth:`save_position`, with no
        history (``allocator`` and ``memory_limit`` as for :class:`Game`).

        :raises MalformedTextError: text not in the format (``stop`` says
            where); :raises InvalidPositionError: a position the rules cannot
            reach; a :class:`LayoutError` or :class:`TooFewFloesError`.
        """
        allocator = as_allocator(allocator, memory_limit)
        return load_game(cls, lib.packeis_game_load_position, text, allocator)

    @classmethod
    def from_record(cls, text: str, allocator: Optional[Allocator] = None, *,
                    memory_limit: Optional[int] = None) -> Any:
        """The game of a record written by :meth:`save_record`, with every
        action replayed (and undoable); ``allocator`` and ``memory_limit``
        as for :class:`Game`.

        :raises MalformedTextError: text not in the format, or a Result line
            that does not match; the :class:`IllegalMoveError` family for an
            action that cannot be played (``stop`` at the move).
        """
        allocator = as_allocator(allocator, memory_limit)
        return load_game(cls, lib.packeis_game_load_record, text, allocator)

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position (same position, same
        hash, whatever the moves that reached it)."""
        return self._call(lib.packeis_game_hash)

    def save_position(self) -> str:
        """The position as one line of text (no history, no newline)."""
        return self._write(lib.packeis_game_save_position, capacity=_ffi.PACKEIS_POSITION_TEXT_SIZE)

    def save_record(self) -> str:
        """The game as a record: its setup, the position it started from if
        it was loaded from one, and every action played."""
        return self._write(lib.packeis_game_save_record)

    def layout_picture(self, current: bool = False) -> str:
        """The layout drawn as a hex picture, one line per row; with
        ``current`` only the floes still on the board are drawn."""
        flags = _ffi.PACKEIS_PICTURE_CURRENT if current else 0
        return self._write(lib.packeis_game_layout_picture, flags)

    def cell_name(self, cell: int) -> str:
        """The name of a cell: row letters then column number (``"c4"``)."""
        return self._write(lib.packeis_game_cell_name, self._cell(cell),
                           capacity=_ffi.PACKEIS_CELL_NAME_SIZE)

    def parse_cell(self, text: str) -> int:
        """The cell named ``text`` (the whole text, e.g. ``"c4"``).

        :raises MalformedTextError: not a name of a cell of this layout, or
            text after the name; ``stop`` is the offset at fault.
        """
        cell = c_int()
        self._run(lambda call: read_whole(call, lib.packeis_game_parse_cell, text, byref(cell)))
        return cell.value

    def format_move(self, move: MoveLike) -> str:
        """A move in the project's notation: ``"c4"`` places a penguin on
        c4, ``"c4-e5"`` slides one. The move need not be legal."""
        return self._write(lib.packeis_game_format_move, self._as_move(move),
                           capacity=_ffi.PACKEIS_MOVE_TEXT_SIZE)

    def parse_move(self, text: str, check: bool = False) -> Move:
        """Reads a move in the project's notation (the whole text).

        :param check: also check that the move is legal now, raising what
            :meth:`apply` would raise (with ``stop`` 0).
        :raises MalformedTextError: not a move of this layout (``stop`` says
            where).
        """
        move = _ffi.packeis_move()
        self._run(lambda call: read_whole(call, lib.packeis_game_parse_move, text, 0, byref(move)))
        if check:
            try:
                self.check_move(move.value)  # type: ignore[attr-defined]
            except IllegalMoveError as error:
                error.stop = 0
                raise
        return Move(move.value)

    def _write(self, function: Callable[..., int], *args: Any, capacity: int = 4096) -> str:
        """A C writer's text (see :func:`write_text`), as one call on the game."""
        return self._run(lambda call: write_text(lambda *rest: call(function, *rest), *args,
                                                 capacity=capacity))

    def _as_move(self, move: MoveLike) -> int:
        """The value of a move given as a Move, an int (checked: 0 ... 4095),
        or text: the project's notation (``"c4-e5"``) or else the
        context-free form of :meth:`Move.parse` (``"12-25"``, ``"place 12"``)."""
        if not isinstance(move, str):
            return move_value(move)
        try:
            return self.parse_move(move)
        except MalformedTextError as error:
            try:
                return Move.parse(move)
            except InvalidArgumentError:
                raise error from None
