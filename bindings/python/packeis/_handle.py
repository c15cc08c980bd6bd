# SPDX-License-Identifier: MIT
"""The owner of one C game handle: its lifetime, its lock, and the checked
calls that the parts of :class:`Game` share.

ctypes releases the GIL during every C call, and the C library requires that
one game is not used from two threads at once, so each :class:`GameHandle`
holds a lock taken around every call on its handle (and by :meth:`close`):
sharing a game between threads is safe, only slower. Distinct games never
wait for each other.
"""
from __future__ import annotations

import threading
from ctypes import POINTER, byref
from typing import Any, Callable, Optional

from . import _ffi
from ._args import c_int
from ._errors import GameClosedError, OutOfRangeError, error_for
from ._lib import lib

#: The ctypes type of a ``packeis_game *``.
game_p = POINTER(_ffi.packeis_game)

_free = lib.packeis_game_free
_cell_count = lib.packeis_game_cell_count
_player_count = lib.packeis_game_player_count


def allocator_ref(allocator: Optional[_ffi.packeis_allocator]) -> Any:
    """What to pass for a ``const packeis_allocator *``: NULL for malloc."""
    if allocator is None:
        return None
    if not isinstance(allocator, _ffi.packeis_allocator):
        raise TypeError("allocator must be a packeis._ffi.packeis_allocator")
    return byref(allocator)


class GameHandle:
    """Owns a ``packeis_game *``, freed when the object goes away or on
    :meth:`close`; the base of :class:`Game`."""

    __slots__ = ("_handle", "_keep", "_lock", "_cells", "_players", "__weakref__")

    _handle: Any
    _keep: Optional[_ffi.packeis_allocator]
    _lock: threading.RLock
    _cells: int
    _players: int

    @classmethod
    def _wrap(cls, handle: Any, keep: Optional[_ffi.packeis_allocator]) -> Any:
        """An object owning ``handle`` (and keeping ``keep`` alive)."""
        game = cls.__new__(cls)
        game._lock = threading.RLock()
        game._handle = None
        game._adopt(handle, keep)
        return game

    def _adopt(self, handle: Any, keep: Optional[_ffi.packeis_allocator]) -> None:
        """Takes ownership of ``handle`` and caches its layout's sizes."""
        self._keep = keep
        self._handle = handle
        self._refresh()

    def _refresh(self) -> None:
        """Reads again what the bindings cache: cells and players (which
        change only when :meth:`Game.assign` copies another game)."""
        self._cells = _cell_count(self._handle)
        self._players = _player_count(self._handle)

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            self._handle = None
            _free(handle)

    def close(self) -> None:
        """Frees the C game now (waiting for a call on it in another thread
        to end); any later use raises :class:`GameClosedError`."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            self.__del__()

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` freed the C game."""
        return not getattr(self, "_handle", None)

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def handle(self) -> Any:
        """The ``packeis_game *`` for calling the low-level functions (your
        calls then take no lock: hold ``game.lock`` if threads share it)."""
        return self._ptr()

    @property
    def lock(self) -> threading.RLock:
        """The lock taken around every call on this game."""
        return self._lock

    def _ptr(self) -> Any:
        handle = self._handle
        if not handle:
            raise GameClosedError("the game was closed")
        return handle

    # -- checked calls -------------------------------------------------------
    def _call(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(handle, *args)`` under the lock."""
        with self._lock:
            return function(self._ptr(), *args)

    def _check(self, function: Callable[..., int], *args: Any) -> None:
        """Like :meth:`_call` for a function returning a status: raises the
        exception of any status but PACKEIS_OK."""
        with self._lock:
            status = function(self._ptr(), *args)
        if status:
            raise error_for(status)

    def _cell(self, cell: Any) -> int:
        """A cell index of this layout; else OutOfRangeError."""
        number = c_int(cell, "cell")
        if not 0 <= number < self._cells:
            raise OutOfRangeError(f"no cell {number}: the layout has {self._cells} cells")
        return number

    def _player(self, player: Any) -> int:
        """A player of this game; else OutOfRangeError."""
        number = c_int(player, "player")
        if not 0 <= number < self._players:
            raise OutOfRangeError(f"no player {number}: the game has {self._players} players")
        return number
