# SPDX-License-Identifier: MIT
"""The owner of one C handle: its lifetime, its lock, and the guarded calls
that games (:class:`GameHandle`, the base of :class:`Game`) and batches
(:class:`packeis.batch.Batch`) share through :class:`CallGuard`.

ctypes releases the GIL during every C call, and the C library requires that
one game (or batch) is not used from two threads at once, so each guard
holds a lock taken around every call on its handle: sharing a game between
threads is safe, only slower. Distinct games never wait for each other.

The handle is freed by :meth:`CallGuard.close`, by ``__del__`` (garbage
collection) or at exit, never while a call on it is in flight: another
thread's close waits for the lock; a close from inside the call (an
allocator policy, a signal handler between the chunks of a long call) only
marks the object closed, and the outermost call frees it as it returns. Any
other call made from inside a call on the same object raises
:class:`ReentrantCallError` instead of entering the C library twice.

An object collected without its ``__del__`` having freed the handle (an
exception raised as ``__del__`` starts, before its first line: a signal
handler, a trace function) still frees it: each handle is watched by a
:class:`_Release`, a weak reference to its owner whose callback is the C
free function itself, called by the interpreter with the handle
(``_as_parameter_``) as the owner goes, with no Python code that anything
could interrupt. A free by Python disarms it first, so no handle is freed
twice.
"""
from __future__ import annotations

import threading
import weakref
from typing import Any, Callable, Optional

from . import _ffi
from ._alloc import Allocator
from ._args import c_int
from ._errors import GameClosedError, OutOfMemoryError, OutOfRangeError, ReentrantCallError, \
    error_for
from ._lib import lib

#: The ctypes type of a ``packeis_game *``.
game_p = _ffi.POINTER(_ffi.packeis_game)

_cell_count = lib.packeis_game_cell_count
_player_count = lib.packeis_game_player_count
_get_ident = threading.get_ident


def allocator_ref(allocator: Optional[Allocator]) -> Any:
    """What to pass for a ``const packeis_allocator *``: NULL for malloc."""
    return None if allocator is None else allocator.struct


def raise_status(status: int, allocator: Optional[Allocator] = None) -> None:
    """Raises the exception of ``status``; an out-of-memory error is chained
    to what the allocator's policy raised (Ctrl-C in it is raised as is)."""
    cause = allocator.take_error() if allocator is not None else None
    if cause is not None and not isinstance(cause, Exception):
        raise cause
    error = error_for(status)
    if cause is not None and isinstance(error, OutOfMemoryError):
        raise error from cause
    raise error


class _Release(weakref.ref):
    """A weak reference to the owner of a C handle whose callback is the C
    free function (a ctypes function): when the owner goes, the interpreter
    calls ``free(this reference)``, and ctypes passes ``_as_parameter_``, the
    handle (the owner's own ctypes pointer object, so that it is the game
    C wrote there), or a NULL pointer once Python freed it (``free(NULL)``
    does nothing). The reference is kept alive by :data:`_armed` (the
    garbage collector calls the callbacks of reachable references only)
    until Python frees the handle."""

    __slots__ = ("_as_parameter_",)


#: The armed releases by id, until their handle is freed by Python; those
#: whose callback freed it are pruned from time to time (:func:`_prune`).
_armed: "dict[int, _Release]" = {}
_prune_at = 1024


def _prune() -> None:
    """Forgets the releases whose owner is gone (their callback ran): a
    dead reference there holds no memory of the library's."""
    global _prune_at
    for key, release in list(_armed.items()):
        if release() is None:
            _armed.pop(key, None)
    _prune_at = max(1024, 2 * len(_armed))


class CallGuard:
    """The one discipline of every object whose calls must not overlap or
    nest: a :class:`Game`, a :class:`packeis.batch.Batch` (each owning a C
    handle) and the vector environment (whose calls call its batch's).

    Each call takes the lock (other threads wait for the call in flight) and
    marks this thread as its owner; a call from it while the mark is up (an
    allocator policy, a signal handler between two C calls) raises
    :class:`ReentrantCallError` instead of entering the C library twice or
    waiting for its own lock. :meth:`close` frees the handle with ``_free``
    once no call is in flight: from inside a call it only sets the handle
    aside (``_doomed``), and the call frees it as it ends.
    """

    __slots__ = ("_handle", "_keep", "_lock", "_owner", "_doomed", "_release", "__weakref__")

    #: What the error messages call the object.
    _what = "game"
    #: The C function freeing the handle.
    _free = staticmethod(lib.packeis_game_free)
    #: A NULL handle of the type ``_free`` takes: a disarmed release's.
    _null = game_p()

    _handle: Any
    _keep: Optional[Allocator]
    _lock: threading.RLock
    _owner: int
    _doomed: Any
    _release: Optional[_Release]

    def _setup(self) -> None:
        """The state of a guard owning nothing yet."""
        self._lock = threading.RLock()
        self._handle = self._doomed = self._keep = self._release = None
        self._owner = 0

    def _arm(self, handle: Any) -> None:
        """Watches ``handle`` (a ctypes pointer, NULL until C writes the
        object into it, so that it has an owner from that instant): freed by
        ``_free`` when this object goes, even if its ``__del__`` does not
        run to its end. Called before the C call that makes the object."""
        release = _Release(self, self._free)
        release._as_parameter_ = handle
        self._release = release
        if len(_armed) >= _prune_at:
            _prune()
        _armed[id(release)] = release

    # -- lifetime ------------------------------------------------------------
    def _inside(self) -> bool:
        """Whether this thread runs inside a call on this object (a callback
        of it, or a signal handler between its C calls)."""
        return _get_ident() == getattr(self, "_owner", 0)

    def _closed_error(self) -> GameClosedError:
        return GameClosedError(f"the {self._what} was closed")

    def _free_doomed(self) -> None:
        """Frees the handle set aside in ``_doomed`` exactly once, even if an
        exception (Ctrl-C) interrupts this: the slot is cleared and the
        release disarmed with no call between reading it and freeing
        (ctypes runs the C call before Python can raise), so a retry frees
        it or finds nothing. A game's allocator is C's meter: freeing runs
        no Python. An object that the garbage collector is collecting had
        its release's callback free the handle already (the collector calls
        the callbacks of weak references before any ``__del__``): its
        release is dead, and the handle is only forgotten here."""
        handle = self._doomed
        if not handle:
            return
        release = self._release
        if release is not None and release() is None:  # freed by the callback
            self._doomed = None
            return
        self._doomed = None
        if release is not None:
            release._as_parameter_ = self._null
        self._free(handle)
        if release is not None:  # bookkeeping only, from here on
            self._release = None
            _armed.pop(id(release), None)

    def close(self) -> None:
        """Frees the C object now, or, from inside a call on it, as that
        call returns (a call in another thread is waited for); any later use
        raises :class:`GameClosedError`. Closing twice does nothing."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        if self._inside():
            # The thread that owns the lock is waiting for this callback:
            # only mark the object, the call frees it on its way out.
            if self._handle:
                self._doomed, self._handle = self._handle, None
            return
        with lock:
            if self._handle:
                self._doomed, self._handle = self._handle, None
            self._free_doomed()

    def __del__(self) -> None:
        # No call is in flight on an object being collected (the call holds
        # a reference); an explicit __del__() is a close(). A signal handler
        # raising in the middle is retried over: the handle must not be lost
        # unfreed (nor freed twice: see _free_doomed). One raising before
        # the first line is not: the release's callback frees the handle
        # then (see _arm).
        for _ in range(1000):
            try:
                self.close()
                return
            except BaseException:  # noqa: B036 - nothing can be raised from here
                continue

    @property
    def closed(self) -> bool:
        """Whether the C object was freed (or will be, as the call in flight
        ends)."""
        return not getattr(self, "_handle", None)

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def lock(self) -> threading.RLock:
        """The lock taken around every call on this object (reentrant)."""
        return self._lock

    def _begin(self) -> Any:
        """Starts a call (the lock held): the handle. The caller then marks
        the call in flight (``self._owner = get_ident()``) right before its
        ``try``, with no call in between: a signal handler that raises runs
        only at a call, and must not leave the mark behind."""
        handle = self._handle
        if not handle:
            raise self._closed_error()
        if self._owner:
            self._refuse_reentry()
        return handle

    def _refuse_reentry(self) -> None:
        """The error of a call from inside a call: closed, else reentrant."""
        if not getattr(self, "_handle", None):
            raise self._closed_error()
        raise ReentrantCallError(None if self._what == "game" else
                                 f"the {self._what} is in use by the call this one was made "
                                 "from (a callback or signal handler inside it): only close() "
                                 "may be called")

    # -- guarded calls -------------------------------------------------------
    def _call(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(handle, *args)`` as one call (the hot path: what
        :meth:`_run` does, inline)."""
        me = _get_ident()
        if me == self._owner:
            self._refuse_reentry()
        with self._lock:
            handle = self._handle
            if not handle:
                raise self._closed_error()
            self._owner = me
            try:
                return function(handle, *args)
            finally:
                self._owner = 0  # first, with no call before it
                if self._doomed:
                    self._free_doomed()

    def _hold(self, body: Callable[..., Any], *args: Any) -> Any:
        """``body(handle, *args)`` as one call, on this thread: Python code
        (several C calls, a wait for another object's lock) seeing the
        handle while no other call can use it."""
        me = _get_ident()
        if me == self._owner:
            self._refuse_reentry()
        with self._lock:
            handle = self._begin()
            self._owner = me
            try:
                return body(handle, *args)
            finally:
                self._owner = 0  # first, with no call before it
                if self._doomed:
                    self._free_doomed()

    def _run(self, body: Callable[[Any], Any]) -> Any:
        """``body(call)`` as one call: ``call(f, *args)`` runs
        ``f(handle, *args)``, several C calls seeing one position."""
        return self._hold(lambda handle: body(lambda function, *args: function(handle, *args)))


class Serial(CallGuard):
    """The guard of an object that owns no handle but whose calls must not
    overlap or nest (the vector environment, whose calls call its batch's):
    ``serial._hold(lambda _: body())`` runs ``body`` as one call."""

    __slots__ = ("_what",)

    _free = staticmethod(lambda handle: None)  # nothing to free

    def __init__(self, what: str) -> None:
        self._setup()
        self._what = what
        self._handle = True  # never closed: the object's own parts free themselves


class GameHandle(CallGuard):
    """Owns a ``packeis_game *``, freed when the object goes away or on
    :meth:`close`; the base of :class:`Game`."""

    __slots__ = ("_cells", "_players")

    _cells: int
    _players: int

    @classmethod
    def _receiving(cls, keep: Optional[Allocator]) -> Any:
        """A new object owning no game yet (see :meth:`_receive`)."""
        game = cls.__new__(cls)
        game._setup()
        game._receive(keep)
        return game

    def _receive(self, keep: Optional[Allocator]) -> Any:
        """The object's own NULL handle, for the C call that makes its game
        to write into (``byref``), and then :meth:`_refresh`: the game has
        an owner from the instant C makes it, so that no exception (a
        signal handler raising as the call returns) can fall between the
        two and leave it to nobody. ``keep`` is its allocator."""
        self._keep = keep
        self._handle = handle = game_p()
        self._arm(handle)
        return handle

    def _refresh(self) -> None:
        """Reads again what the bindings cache: cells and players (which
        change only when :meth:`Game.assign` copies another game)."""
        self._cells = _cell_count(self._handle)
        self._players = _player_count(self._handle)

    def _check(self, function: Callable[..., int], *args: Any) -> None:
        """Like :meth:`_call` for a function returning a status: raises the
        exception of any status but PACKEIS_OK."""
        status = self._call(function, *args)
        if status:
            raise_status(status, self._keep)

    def _cell(self, cell: Any) -> int:
        """A cell index of this layout; else OutOfRangeError."""
        number = c_int(cell, "cell")
        if not 0 <= number < self._cells:
            raise OutOfRangeError(f"cell must be 0 to {self._cells - 1}, got {number}")
        return number

    def _player(self, player: Any) -> int:
        """A player of this game; else OutOfRangeError."""
        number = c_int(player, "player")
        if not 0 <= number < self._players:
            raise OutOfRangeError(f"player must be 0 to {self._players - 1}, got {number}")
        return number
