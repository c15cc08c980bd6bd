# SPDX-License-Identifier: MIT
"""Memory for games that the package owns: :class:`Allocator`, a memory
limit and an optional policy, with no way to hand the C library a bad block.

The C library calls ``alloc(context, size)`` and ``release(context, block,
size)``. Here both are the package's own functions: a block is taken from
``PyMem_RawMalloc`` (malloc's alignment) and recorded until it is released,
so the library never sees a pointer the package did not allocate, a block
smaller than it asked for, or one freed behind its back. The user's
``policy(size)`` only says yes or no; an exception from it, or an answer
that is not a bool, refuses the block (the library then reports
``PACKEIS_E_OUT_OF_MEMORY``, raised as :class:`OutOfMemoryError` chained to
the policy's exception).

Why the C calls of such a game run on a helper thread: ctypes returns an
undefined pointer when a callback raises before its first line runs, which
happens on the calling thread when the recursion limit is reached or a
signal handler (Ctrl-C) raises at that instant. A fresh thread has a shallow
stack and never runs signal handlers, so there the callbacks always return
what they decided. The call still waits for its result (Ctrl-C is felt when
it returns); only games with an allocator pay for the hand-over.
"""
from __future__ import annotations

import _thread
import atexit
import ctypes
import os
import queue
import sys
import threading
from ctypes import c_size_t, c_void_p
from typing import Any, Callable, Optional

from . import _ffi
from ._args import integer

_malloc = ctypes.pythonapi.PyMem_RawMalloc
_malloc.restype = c_void_p
_malloc.argtypes = [c_size_t]
_free = ctypes.pythonapi.PyMem_RawFree
_free.restype = None
_free.argtypes = [c_void_p]

_FIELDS = dict(_ffi.packeis_allocator._fields_)
_ALLOC_TYPE, _RELEASE_TYPE = _FIELDS["alloc"], _FIELDS["release"]


# The helper threads are started with _thread and wait on SimpleQueues, and
# the caller waits on a raw lock and a flag: all of it C-level, so that a
# signal handler raising in the calling thread (Ctrl-C, a timer) cannot
# leave threading's own bookkeeping half updated, as it can in
# Thread.start() or Event.wait().
_workers: set[int] = set()
_idle: "queue.SimpleQueue[queue.SimpleQueue[Callable[[], None]]]" = queue.SimpleQueue()


def _serve(tasks: "queue.SimpleQueue[Callable[[], None]]") -> None:
    _workers.add(threading.get_ident())
    while True:
        tasks.get()()
        _idle.put(tasks)


def _forget_workers() -> None:
    # A forked child has none of its parent's threads: a worker taken from
    # the parent's idle list would never run the task (a hang).
    global _idle
    _workers.clear()
    _idle = queue.SimpleQueue()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_workers)


def on_worker() -> bool:
    """Whether this thread is one of the package's helper threads."""
    return threading.get_ident() in _workers


_exiting = False


@atexit.register
def _at_exit() -> None:
    # From here on the helper threads may be stopped at any time: the games
    # freed at exit run their callbacks inline.
    global _exiting
    _exiting = True


def run_on_worker(function: Callable[..., Any], *args: Any,
                  on_wait: Optional[Callable[[bool], None]] = None) -> Any:
    """``function(*args)`` on a helper thread (inline if already on one, or
    at exit), waiting for it even through Ctrl-C, which is raised once it
    is done. ``on_wait(interrupted)``, if given, is called on this thread
    every 50 ms of the wait and at once when a signal handler raised
    (``interrupted`` is then True): a long C call is told to stop so."""
    if _exiting or on_worker() or sys.is_finalizing():
        return function(*args)
    done = _thread.allocate_lock()
    done.acquire()
    box: list[Any] = [None, None, False]  # result, exception, finished

    def task() -> None:
        try:
            box[0] = function(*args)
        except BaseException as error:  # handed back to the caller below
            box[1] = error
        finally:
            box[2] = True
            done.release()

    try:
        tasks = _idle.get_nowait()
    except queue.Empty:
        tasks = queue.SimpleQueue()
        _thread.start_new_thread(_serve, (tasks,))
    tasks.put(task)
    interrupted: Optional[BaseException] = None
    while not box[2]:
        try:
            done.acquire(True, 0.05)
        except BaseException as error:  # Ctrl-C: the C call must still end first
            interrupted = error
        if on_wait is not None and not box[2]:
            try:
                on_wait(interrupted is not None)
            except BaseException as error:  # raised by a signal handler in on_wait
                interrupted = error
    if interrupted is not None:
        raise interrupted
    if box[1] is not None:
        raise box[1]
    return box[0]


class Allocator:
    """Memory for games, owned by the package: an optional ``limit`` on the
    bytes live at once and an optional ``policy(size) -> bool`` asked before
    each block (``False``, an exception or a non-bool answer refuses it).

    Give it to :class:`Game` (``Game(allocator=a)``; ``Game(memory_limit=n)``
    makes one), :meth:`Game.from_position` or :meth:`Game.from_record`; one
    allocator may serve many games, and clones share their original's. It
    lives as long as any game using it. ``live_bytes``, ``live_blocks``,
    ``peak_bytes``, ``allocations`` (blocks asked for) and ``refusals`` count
    what happened; an exception of the policy becomes the ``__cause__`` of
    the :class:`OutOfMemoryError` the call raises.
    Calls on games using one run on a helper thread (see the module's notes).
    """

    __slots__ = ("limit", "policy", "live_bytes", "live_blocks", "peak_bytes",
                 "allocations", "refusals", "_blocks", "_struct", "_pending",
                 "_counting")

    def __init__(self, limit: Optional[int] = None,
                 policy: Optional[Callable[[int], bool]] = None) -> None:
        if limit is not None:
            limit = integer(limit, "memory_limit")
            if limit < 0:
                raise ValueError(f"memory_limit must be at least 0, got {limit}")
        if policy is not None and not callable(policy):
            raise TypeError(f"policy must be callable, not {type(policy).__name__}")
        self.limit = limit
        self.policy = policy
        self.live_bytes = self.live_blocks = self.peak_bytes = 0
        self.allocations = self.refusals = 0
        self._pending: Optional[BaseException] = None
        self._blocks: dict[int, int] = {}
        # Games on several threads allocate at once: the counts stay exact.
        self._counting = threading.Lock()
        self._struct = _ffi.packeis_allocator(_ALLOC_TYPE(self._alloc),
                                              _RELEASE_TYPE(self._release), None)

    def _allows(self, size: int) -> bool:
        if self.limit is not None and self.live_bytes + size > self.limit:
            return False
        if self.policy is None:
            return True
        verdict = self.policy(size)
        if verdict is not True and verdict is not False:
            raise TypeError(f"the allocator policy must return a bool, not {type(verdict).__name__}")
        return verdict

    def _alloc(self, context: Any, size: int) -> Optional[int]:
        try:
            with self._counting:
                self.allocations += 1
            address = _malloc(size) if size and self._allows(size) else None
            with self._counting:
                if not address:
                    self.refusals += 1
                    return None
                self._blocks[address] = size
                self.live_blocks += 1
                self.live_bytes += size
                self.peak_bytes = max(self.peak_bytes, self.live_bytes)
            return address
        except BaseException as error:  # noqa: B036 - never let it reach ctypes
            self.refusals += 1
            self._pending = error
            return None

    def _release(self, context: Any, block: Any, size: int) -> None:
        try:
            with self._counting:
                size = self._blocks.pop(block, None)
                if size is None:  # not ours: never free what we did not allocate
                    return
                self.live_blocks -= 1
                self.live_bytes -= size
            _free(block)
        except BaseException:  # noqa: B036 - a release cannot fail in C
            return

    def take_error(self) -> Optional[BaseException]:
        """The policy's exception since the last call (then forgotten)."""
        error, self._pending = self._pending, None
        return error

    @property
    def struct(self) -> Any:
        """A pointer to the ``packeis_allocator`` for the C calls."""
        return ctypes.byref(self._struct)

    def __repr__(self) -> str:
        limit = "no limit" if self.limit is None else f"limit {self.limit}"
        return f"<Allocator {limit}, {self.live_bytes} bytes in {self.live_blocks} blocks live>"


def as_allocator(allocator: Any, memory_limit: Any) -> Optional[Allocator]:
    """The :class:`Allocator` of ``Game(allocator=..., memory_limit=...)``."""
    if allocator is not None and memory_limit is not None:
        raise ValueError("give allocator or memory_limit, not both")
    if memory_limit is not None:
        return Allocator(limit=memory_limit)
    if allocator is not None and not isinstance(allocator, Allocator):
        raise TypeError(f"allocator must be a packeis.Allocator, not {type(allocator).__name__}")
    return allocator
