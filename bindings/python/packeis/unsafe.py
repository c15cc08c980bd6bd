# SPDX-License-Identifier: MIT
"""The low-level layer, which CAN CRASH THE INTERPRETER: nothing here is
checked, locked or kept alive for you.

- :data:`lib` is the loaded library with the ctypes declarations of every C
  function applied (generated from the header into :mod:`packeis._ffi`,
  re-exported here as :data:`ffi`). A wrong argument, a freed handle or a
  too-small buffer is undefined behaviour, as in C.
- :func:`handle` gives a game's ``packeis_game *``. It stays valid only while
  the game is open: after ``game.close()`` (or once the game is collected)
  calling a function with it is a use after free. Take ``game.lock`` around
  your calls if other threads use the game.

Use it to call a function the :class:`packeis.Game` API does not wrap, or to
check the C library itself; everything else belongs to the safe package,
which no Python program can crash.
"""
from __future__ import annotations

from typing import Any

from . import _ffi as ffi
from ._handle import GameHandle
from ._lib import lib

__all__ = ["ffi", "handle", "lib"]


def handle(game: GameHandle) -> Any:
    """The ``packeis_game *`` of an open game (valid until it is closed)."""
    if not isinstance(game, GameHandle):
        raise TypeError(f"game must be a packeis.Game, not {type(game).__name__}")
    pointer = game._handle
    if not pointer:
        from ._errors import GameClosedError  # noqa: PLC0415

        raise GameClosedError("the game was closed")
    return pointer
