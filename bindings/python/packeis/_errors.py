# SPDX-License-Identifier: MIT
"""The exceptions: one class per C status code, and the checks raising them."""
from __future__ import annotations

from typing import Optional

from . import _ffi
from ._lib import lib


class PackeisError(Exception):
    """Base class of every error libpackeis reports.

    ``status`` holds the C status code. ``stop`` is, for an error of a text
    parser, the offset in the text (in characters) of the first character at
    fault, else None.
    """

    status: int = -1
    stop: Optional[int] = None

    def __init__(self, message: Optional[str] = None, status: Optional[int] = None,
                 stop: Optional[int] = None) -> None:
        if status is not None:
            self.status = status
        self.stop = stop
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


class MalformedTextError(PackeisError, ValueError):
    """Text that does not follow its documented format (``stop`` says where)."""

    status = _ffi.PACKEIS_E_MALFORMED_TEXT


class InvalidPositionError(PackeisError, ValueError):
    """A well-formed position the rules cannot reach (``stop`` is the start of
    the field at fault)."""

    status = _ffi.PACKEIS_E_INVALID_POSITION


ERRORS: dict[int, type[PackeisError]] = {
    cls.status: cls
    for cls in (
        InvalidArgumentError, OutOfRangeError, OutOfMemoryError, BufferTooSmallError,
        IllegalMoveError, WrongPhaseError, GameOverError, NothingToUndoError,
        DuplicateCellError, MixedParityError, FishOutOfRangeError, TooManyCellsError,
        NoCellsError, CoordOutOfRangeError, TooFewFloesError, MalformedTextError,
        InvalidPositionError,
    )
}


def _raise(status: int) -> None:
    raise ERRORS.get(status, PackeisError)(status=status)


def check(status: int) -> None:
    """Raises the exception for a C status code; nothing for PACKEIS_OK."""
    if status:
        _raise(status)


def check_text(status: int, raw: bytes, stop: int) -> None:
    """Like :func:`check` for a text parser: the exception also carries
    ``stop``, converted from a byte offset in ``raw`` (the UTF-8 text) to a
    character offset, and its message shows the text there."""
    if not status:
        return
    offset = len(raw[:stop].decode("utf-8", "ignore"))
    rest = raw[stop:stop + 16].decode("utf-8", "replace")
    where = f"at {rest!r}" if rest else "at the end"
    message = f"{lib.packeis_strerror(status).decode()} at offset {offset} ({where})"
    raise ERRORS.get(status, PackeisError)(message, status=status, stop=offset)
