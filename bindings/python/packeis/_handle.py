# SPDX-License-Identifier: MIT
"""The owner of one C game handle: its lifetime and the small typed calls
that the parts of :class:`Game` share."""
from __future__ import annotations

from ctypes import POINTER, byref, c_int, c_size_t, c_uint64
from typing import Any, Callable, Optional

from . import _ffi
from ._errors import InvalidArgumentError, check
from ._lib import lib

#: The ctypes type of a ``packeis_game *``.
game_p = POINTER(_ffi.packeis_game)

_free = lib.packeis_game_free


def allocator_ref(allocator: Optional[_ffi.packeis_allocator]) -> Any:
    """What to pass for a ``const packeis_allocator *``: NULL for malloc."""
    return byref(allocator) if allocator else None


class GameHandle:
    """Owns a ``packeis_game *``, freed when the object goes away or on
    :meth:`close`; the base of :class:`Game`."""

    __slots__ = ("_handle", "_keep", "__weakref__")

    _handle: Any
    _keep: Optional[_ffi.packeis_allocator]

    @classmethod
    def _wrap(cls, handle: Any, keep: Optional[_ffi.packeis_allocator]) -> Any:
        """An object owning ``handle`` (and keeping ``keep`` alive)."""
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

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def handle(self) -> Any:
        """The ``packeis_game *`` for calling the low-level functions."""
        if not self._handle:
            raise InvalidArgumentError("the game was closed")
        return self._handle

    # -- calls with one output -----------------------------------------------
    def _int(self, function: Callable[..., int], *args: Any) -> int:
        out = c_int()
        check(function(self.handle, *args, byref(out)))
        return out.value

    def _u64(self, function: Callable[..., int], *args: Any) -> int:
        out = c_uint64()
        check(function(self.handle, *args, byref(out)))
        return out.value

    def _size(self, function: Callable[..., int], *args: Any) -> int:
        out = c_size_t()
        check(function(self.handle, *args, byref(out)))
        return out.value
