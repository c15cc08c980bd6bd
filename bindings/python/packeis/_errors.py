# SPDX-License-Identifier: MIT
"""The exceptions: one class per C status code, and the checks raising them.

Every class carries its code in ``status``; messages start with the code's
name as the C header writes it (``packeis_status_name``). The reasons a move
is illegal (and the wrong phase and game over, as before 1.0) all derive
from :class:`IllegalMoveError`, so ``except IllegalMoveError`` catches any
refused move.
"""
from __future__ import annotations

from typing import Optional

from . import _ffi
from ._lib import lib


def status_name(status: int) -> str:
    """The C name of a status code (``"PACKEIS_E_GAME_OVER"``), or
    ``"status N"`` for a value the library does not know."""
    name = lib.packeis_status_name(status) if -2**31 <= status < 2**31 else None
    return name.decode() if name else f"status {status}"


def describe(status: int) -> str:
    """``"PACKEIS_E_GAME_OVER: the game is over"``: name and description."""
    text = lib.packeis_strerror(status).decode() if -2**31 <= status < 2**31 else "unknown status"
    return f"{status_name(status)}: {text}"


class PackeisError(Exception):
    """Base class of every error libpackeis reports.

    ``status`` holds the C status code (-1 for a base class without one).
    ``stop`` is, for an error of a text parser, the offset in the text (in
    characters) of the first character at fault, else None.
    """

    status: int = -1
    stop: Optional[int] = None

    def __init__(self, message: Optional[str] = None, status: Optional[int] = None,
                 stop: Optional[int] = None) -> None:
        if status is not None:
            self.status = status
        self.stop = stop
        if message is None:
            message = describe(self.status)
        super().__init__(message)


class InvalidArgumentError(PackeisError, ValueError):
    """A required value is missing or not one the call accepts."""

    status = _ffi.PACKEIS_E_INVALID_ARGUMENT


class GameClosedError(InvalidArgumentError):
    """The game was closed (close() or a with block): its C handle is gone."""

    status = _ffi.PACKEIS_E_INVALID_ARGUMENT


class ReentrantCallError(PackeisError, RuntimeError):
    """A call on a game from inside a call on the same game (an allocator
    policy, a signal handler during a long call): the C library is not
    reentrant, so the inner call is refused. ``close()`` is the exception:
    from inside a call it takes effect as the call returns."""

    status = _ffi.PACKEIS_E_INVALID_ARGUMENT

    def __init__(self, message: Optional[str] = None, **kwargs: object) -> None:
        super().__init__(message or "the game is in use by the call this one was made from "
                         "(a callback or signal handler inside it): only close() may be called",
                         **kwargs)  # type: ignore[arg-type]


class OutOfRangeError(PackeisError, IndexError):
    """A cell, player, ply or move value outside the game's range."""

    status = _ffi.PACKEIS_E_OUT_OF_RANGE


class OutOfMemoryError(PackeisError, MemoryError):
    """The allocator returned NULL."""

    status = _ffi.PACKEIS_E_OUT_OF_MEMORY


class BufferTooSmallError(PackeisError):
    """A buffer is too small (the bindings size their buffers, so rare)."""

    status = _ffi.PACKEIS_E_BUFFER_TOO_SMALL


class IllegalMoveError(PackeisError):
    """The move cannot be played now: the base of every reason a move is refused.

    Raised by a game's ``apply``, ``check_move`` and ``parse_move(check=True)``
    with the message ``"PACKEIS_E_BLOCKED_BY_GAP: a1-c3: a gap in the ice is in
    the way"`` and the attributes ``move`` (the :class:`Move`), ``notation``
    (the move in the project's notation, ``"a1-c3"``) and ``reason`` (the
    library's text for the status); they are None when the move is not known
    (a status checked without a move, or a record that fails to replay,
    where ``stop`` locates the move instead).
    """

    move: Optional[int] = None
    notation: Optional[str] = None
    reason: Optional[str] = None


class GameOverError(IllegalMoveError):
    """The game is over: no move can be played."""

    status = _ffi.PACKEIS_E_GAME_OVER


class WrongPhaseError(IllegalMoveError):
    """A slide during placement or a placement during movement."""

    status = _ffi.PACKEIS_E_WRONG_PHASE


class NotYourPenguinError(IllegalMoveError):
    """A slide whose origin holds no penguin of the player to act."""

    status = _ffi.PACKEIS_E_NOT_YOUR_PENGUIN


class NotInLineError(IllegalMoveError):
    """A slide whose destination is not in a straight line from its origin."""

    status = _ffi.PACKEIS_E_NOT_IN_LINE


class BlockedByPenguinError(IllegalMoveError):
    """A slide that passes over or ends on a penguin."""

    status = _ffi.PACKEIS_E_BLOCKED_BY_PENGUIN


class BlockedByGapError(IllegalMoveError):
    """A slide that passes over or ends on a floe no longer on the board."""

    status = _ffi.PACKEIS_E_BLOCKED_BY_GAP


class OccupiedError(IllegalMoveError):
    """A placement on a floe that already holds a penguin."""

    status = _ffi.PACKEIS_E_OCCUPIED


class NotOneFishError(IllegalMoveError):
    """A placement on a floe with more than one fish (without place_any_floe)."""

    status = _ffi.PACKEIS_E_NOT_ONE_FISH


class NothingToUndoError(PackeisError):
    """Undo at the start of the game."""

    status = _ffi.PACKEIS_E_NOTHING_TO_UNDO


class NothingToRedoError(PackeisError):
    """Redo with no undone action to play again."""

    status = _ffi.PACKEIS_E_NOTHING_TO_REDO


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
    """A well-formed position the rules cannot reach (``stop`` is the start of the field at fault)."""

    status = _ffi.PACKEIS_E_INVALID_POSITION


class StoppedError(PackeisError):
    """A long call (perft, divide, a batch of playouts) stopped by its progress callback."""

    status = _ffi.PACKEIS_E_STOPPED


#: The exception class of each status code (every code but PACKEIS_OK).
ERRORS: dict[int, type[PackeisError]] = {
    cls.status: cls
    for cls in (
        InvalidArgumentError, OutOfRangeError, OutOfMemoryError, BufferTooSmallError,
        GameOverError, WrongPhaseError, NotYourPenguinError, NotInLineError,
        BlockedByPenguinError, BlockedByGapError, OccupiedError, NotOneFishError,
        NothingToUndoError, NothingToRedoError, DuplicateCellError, MixedParityError,
        FishOutOfRangeError, TooManyCellsError, NoCellsError, CoordOutOfRangeError,
        TooFewFloesError, MalformedTextError, InvalidPositionError, StoppedError,
    )
}


def error_for(status: int, message: Optional[str] = None,
              stop: Optional[int] = None) -> PackeisError:
    """The exception for a status code (a plain :class:`PackeisError` for a
    code this version does not know)."""
    return ERRORS.get(status, PackeisError)(message, status=status, stop=stop)


def illegal_move(status: int, move: int, notation: str) -> PackeisError:
    """The exception for a move refused with ``status``, naming the move:
    ``"PACKEIS_E_NOT_IN_LINE: a1-c3: destination not in a straight line
    ..."`` with ``move``, ``notation`` and ``reason`` set (see
    :class:`IllegalMoveError`)."""
    reason = lib.packeis_strerror(status).decode()
    error = error_for(status, f"{status_name(status)}: {notation}: {reason}")
    if isinstance(error, IllegalMoveError):
        from ._moves import Move  # noqa: PLC0415 - _moves imports this module

        error.move, error.notation, error.reason = Move(move), notation, reason
    return error


def check(status: int) -> None:
    """Raises the exception for a C status code; nothing for PACKEIS_OK."""
    if status:
        raise error_for(status)


def check_text(status: int, raw: bytes, stop: int) -> None:
    """Like :func:`check` for a text parser: the exception also carries
    ``stop``, converted from a byte offset in ``raw`` (the UTF-8 text) to a
    character offset, and its message shows the text there."""
    if not status:
        return
    offset = len(raw[:stop].decode("utf-8", "ignore"))
    rest = raw[stop:stop + 16].decode("utf-8", "replace")
    where = f"at {rest!r}" if rest else "at the end"
    raise error_for(status, f"{describe(status)} at offset {offset} ({where})", offset)
