# SPDX-License-Identifier: MIT
"""Memory for games that the package owns: :class:`Allocator`, a memory
limit and an optional policy, kept by the C library's meter
(``packeis_meter``), and the helper threads that long C calls run on.

The meter counts and limits in C, with atomic counters and no lock: a
signal handler or a garbage collector that interrupts Python code at any
point cannot leave the counts half updated, and without a policy a game's
C calls run no Python at all. A policy is one module-level ctypes callback
(``_ask``, alive as long as the module) that finds its allocator by key:
an allocator already collected, or a callback interrupted before it
answered, leaves the meter's preset "no answer", which refuses the block
(the library then reports ``PACKEIS_E_OUT_OF_MEMORY``, raised as
:class:`OutOfMemoryError`). The user's ``policy(size)`` only says yes or
no; an exception from it, or an answer that is not a bool, refuses the
block too, and becomes the error's ``__cause__``.

:func:`run_on_worker` runs a long C call (a perft that can be stopped, a
player's search) on a helper thread while the calling thread waits, so
that Ctrl-C on the caller can ask the call to stop.
"""
from __future__ import annotations

import _thread
import atexit
import ctypes
import itertools
import os
import queue
import sys
import threading
import weakref
from typing import Any, Callable, Optional

from . import _ffi
from ._args import integer
from ._lib import lib as _lib

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


#: Allocators with a policy, by the key their meter passes to ``_ask``.
_policies: "dict[int, weakref.ReferenceType[Allocator]]" = {}
_keys = itertools.count(1)
_NO_LIMIT = 2**64 - 1
_NO_POLICY = _ffi.packeis_meter_policy()  # NULL


@_ffi.packeis_meter_policy
def _ask(context: Optional[int], size: int, verdict: Any) -> None:
    # Runs inside a C call on the calling thread; leaving *verdict alone
    # (it is preset to -1) refuses the block, so this needs no try around
    # its lookups: any exception before the answer is a refusal.
    reference = _policies.get(context or 0)
    allocator = reference() if reference is not None else None
    if allocator is not None:
        verdict[0] = allocator._answer(size)


class Allocator:
    """Memory for games, owned by the package: an optional ``limit`` on the
    bytes live at once and an optional ``policy(size) -> bool`` asked before
    each block the limit allows (``False``, an exception or a non-bool
    answer refuses it).

    Give it to :class:`Game` (``Game(allocator=a)``; ``Game(memory_limit=n)``
    makes one), :meth:`Game.from_position` or :meth:`Game.from_record`; one
    allocator may serve many games, on any threads, and clones share their
    original's. It lives as long as any game using it. ``live_bytes``,
    ``live_blocks``, ``peak_bytes``, ``allocations`` (blocks asked for),
    ``refusals`` and ``unanswered`` (refusals of a policy call interrupted
    before it answered, by a signal handler for example) are the C meter's
    exact counts; an exception of the policy becomes the ``__cause__`` of
    the :class:`OutOfMemoryError` the call raises.

    ``limit`` and ``policy`` are fixed when the allocator is made: the C
    meter holds the limit and checks it with no lock and no Python, and the
    library has no call that changes it, so assigning either afterwards
    raises :class:`AttributeError` rather than being kept in Python while C
    goes on enforcing the old one. For a budget that changes, give a policy
    that reads it: the block asked for is already counted in
    ``live_bytes`` while the policy runs, so ::

        budget = {"bytes": 10**6}
        a = Allocator(policy=lambda size: a.live_bytes <= budget["bytes"])

    refuses exactly the blocks that would take the live bytes over the
    current ``budget["bytes"]`` (at the cost of a Python call per block);
    or make a new allocator for new games.
    """

    __slots__ = ("_limit", "_policy", "_meter", "_key", "_pending", "_unanswered_seen",
                 "__weakref__")

    def __init__(self, limit: Optional[int] = None,
                 policy: Optional[Callable[[int], bool]] = None) -> None:
        self._meter = None
        if limit is not None:
            limit = integer(limit, "memory_limit")
            if limit < 0:
                raise ValueError(f"memory_limit must be at least 0, got {limit}")
        if policy is not None and not callable(policy):
            raise TypeError(f"policy must be callable, not {type(policy).__name__}")
        self._limit = limit
        self._policy = policy
        self._pending: Optional[BaseException] = None
        self._unanswered_seen = 0
        self._key = 0
        if policy is not None:
            self._key = next(_keys)
            _policies[self._key] = weakref.ref(self)
        meter = ctypes.POINTER(_ffi.packeis_meter)()
        status = _lib.packeis_meter_new(_NO_LIMIT if limit is None else min(limit, _NO_LIMIT),
                                        _ask if policy is not None else _NO_POLICY, self._key or None,
                                        ctypes.byref(meter))
        if status:
            _policies.pop(self._key, None)
            raise MemoryError("no memory for an allocator's meter")
        self._meter = meter

    def _answer(self, size: int) -> int:
        """The policy's verdict on a block: 1 yes, 0 no (an exception is
        kept for the error the call raises)."""
        try:
            verdict = self._policy(size)  # type: ignore[misc]
            if verdict is not True and verdict is not False:
                raise TypeError("the allocator policy must return a bool, not "
                                f"{type(verdict).__name__}")
            return 1 if verdict else 0
        except BaseException as error:  # noqa: B036 - never let it reach ctypes
            self._pending = error
            return 0

    @property
    def limit(self) -> Optional[int]:
        """The most bytes live at once (None: no limit), as the C meter
        enforces it; fixed when the allocator is made."""
        return self._limit

    @limit.setter
    def limit(self, value: Any) -> None:
        raise AttributeError(
            f"an Allocator's limit is fixed when it is made (the C meter enforces "
            f"{'no limit' if self._limit is None else self._limit} and cannot be changed): "
            f"make a new Allocator(limit=...) for new games, or give a policy that reads "
            f"a budget you change (see help(packeis.Allocator))")

    @property
    def policy(self) -> Optional[Callable[[int], bool]]:
        """The policy asked before each block (None: none); fixed when the
        allocator is made."""
        return self._policy

    @policy.setter
    def policy(self, value: Any) -> None:
        raise AttributeError(
            "an Allocator's policy is fixed when it is made (the C meter calls Python only "
            "if it was made with one): make a new Allocator(policy=...), or let the policy "
            "you gave read what may change")

    def _counts(self) -> Any:
        counts = _ffi.packeis_meter_counts()
        _lib.packeis_meter_read(self._meter, ctypes.byref(counts))
        return counts

    live_bytes = property(lambda self: self._counts().live_bytes,
                          doc="Bytes in blocks handed out and not yet released.")
    live_blocks = property(lambda self: self._counts().live_blocks,
                           doc="Blocks handed out and not yet released.")
    peak_bytes = property(lambda self: self._counts().peak_bytes,
                          doc="The most bytes live at once so far.")
    allocations = property(lambda self: self._counts().allocations,
                           doc="Blocks asked for, refused or not.")
    refusals = property(lambda self: self._counts().refusals,
                        doc="Blocks refused (the limit, the policy, no memory).")
    unanswered = property(lambda self: self._counts().unanswered,
                          doc="Refusals of a policy call interrupted before it answered.")

    def take_error(self) -> Optional[BaseException]:
        """Why the last refusal happened, if the policy said so: its
        exception, or an error saying it was interrupted before it answered
        (then forgotten)."""
        error, self._pending = self._pending, None
        unanswered = self._counts().unanswered
        if error is None and unanswered != self._unanswered_seen:
            error = RuntimeError("the allocator policy was interrupted before it answered "
                                 "(a signal handler raised, or the recursion limit was reached)")
        self._unanswered_seen = unanswered
        return error

    @property
    def struct(self) -> Any:
        """A pointer to the meter's ``packeis_allocator`` for the C calls."""
        return _lib.packeis_meter_allocator(self._meter)

    def __del__(self) -> None:
        # The meter itself goes once its last block is released: games that
        # outlive this object (a cycle collected in any order) stay valid.
        _policies.pop(getattr(self, "_key", 0), None)
        meter, self._meter = getattr(self, "_meter", None), None
        if meter:
            _lib.packeis_meter_free(meter)

    def __repr__(self) -> str:
        limit = "no limit" if self._limit is None else f"limit {self._limit}"
        counts = self._counts()
        return (f"<Allocator {limit}, {counts.live_bytes} bytes in "
                f"{counts.live_blocks} blocks live>")


def as_allocator(allocator: Any, memory_limit: Any) -> Optional[Allocator]:
    """The :class:`Allocator` of ``Game(allocator=..., memory_limit=...)``."""
    if allocator is not None and memory_limit is not None:
        raise ValueError("give allocator or memory_limit, not both")
    if memory_limit is not None:
        return Allocator(limit=memory_limit)
    if allocator is not None and not isinstance(allocator, Allocator):
        raise TypeError(f"allocator must be a packeis.Allocator, not {type(allocator).__name__}")
    return allocator
