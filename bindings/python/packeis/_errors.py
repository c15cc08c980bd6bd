# SPDX-License-Identifier: MIT
"""The exceptions: one class per C status code, and the checks raising them.

Every class carries its code in ``status``; messages start with the code's
name as the C header writes it (``packeis_status_name``). The reasons a move
is illegal (and the wrong phase and game over, as before 1.0) all derive
from :class:`IllegalMoveError`, so ``except IllegalMoveError`` catches any
refused move. The classes of the codes are generated (``_exceptions.py``,
from bindings/error_tree.py, whose table the SWIG module's classes come
from too): each is also the builtin error of its category (``ValueError``,
``IndexError``, ``MemoryError`` or ``RuntimeError``). Their base,
:class:`PackeisError`, is made in ``_status.py``, beneath them.

The package's modules take every exception from here, PackeisError and
status_name too, but for those this module imports (``_moves``, and
``_args`` through it): they take theirs from ``_exceptions``, where they
are made, as importing this module would make a circle.
"""
from __future__ import annotations

from typing import Optional

from . import _ffi
from ._exceptions import *  # noqa: F401,F403 - every class of a code, for the package
from ._exceptions import ERRORS, IllegalMoveError, InvalidArgumentError
from ._lib import lib
from ._moves import Move
from ._status import PackeisError, describe, status_name


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
