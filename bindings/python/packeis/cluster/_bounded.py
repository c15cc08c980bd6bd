# SPDX-License-Identifier: MIT
"""Long C calls on a worker, stoppable: the call runs in a child process of
the worker (``python3 -m packeis.cluster._bounded``, started once per
worker thread and reused by its tasks) that the task waits for, looking
every :data:`POLL` seconds at its deadline and at whether it is still
wanted; it kills the child (SIGKILL to its process group) when the
deadline passes or when the task is no longer wanted (its client went away
or cancelled it: Dask then marks the running task ``cancelled`` on its
worker), and the next task starts a new one. A C call cannot be interrupted
from its own thread; a process can.

The child reads one JSON line ``[module, function, args]`` per call on
standard input and answers one JSON line, ``{"ok": result}`` or
``{"error": message}``: plain arguments and results only.
"""
from __future__ import annotations

import importlib
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Optional, Sequence

__all__ = ["TaskDeadlineError", "TaskCancelledError", "call_bounded", "POLL"]

#: Seconds between two looks at the deadline and at the task's state.
POLL = 0.25


class TaskDeadlineError(TimeoutError):
    """A task ran past its deadline; its child process was killed."""


class TaskCancelledError(RuntimeError):
    """The task's client went away (or cancelled it); its child was killed."""


def _unwanted() -> bool:
    """Whether the Dask task running this thread was cancelled or released
    (False outside a Dask worker)."""
    try:
        from distributed import get_worker
        from distributed.worker import thread_state
        worker, key = get_worker(), thread_state.key
    except (ImportError, ValueError, AttributeError):
        return False
    task = worker.state.tasks.get(key)
    return task is None or task.state in ("cancelled", "released", "forgotten")


class _Child:
    """The counting process of one thread."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", __name__],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        self.pending = b""

    def send(self, request: bytes) -> None:
        self.process.stdin.write(request + b"\n")
        self.process.stdin.flush()

    def answer(self, wait: float) -> Optional[bytes]:
        """The next line, or None if none came within ``wait`` seconds."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError(f"the counting process died "
                                   f"(status {self.process.wait()})")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()


_children = threading.local()


def call_bounded(module: str, function: str, args: Sequence[Any], seconds: float,
                 what: str) -> Any:
    """``module.function(*args)`` in this thread's child process, which is
    killed after ``seconds`` (:class:`TaskDeadlineError`) or when the Dask
    task is no longer wanted (:class:`TaskCancelledError`); an exception
    in the child is raised as RuntimeError with its message. ``what`` names
    the task in the messages."""
    child = getattr(_children, "child", None)
    if child is None or child.process.poll() is not None:
        child = _children.child = _Child()
    deadline = time.monotonic() + seconds
    try:
        child.send(json.dumps([module, function, list(args)]).encode())
        while True:
            line = child.answer(max(0.0, min(POLL, deadline - time.monotonic())))
            if line is not None:
                break
            if time.monotonic() >= deadline:
                raise TaskDeadlineError(f"{what} ran past its deadline of {seconds:g} s and was "
                                        f"stopped")
            if _unwanted():
                raise TaskCancelledError(f"{what}: the job went away; stopped")
    except BaseException:
        child.kill()
        _children.child = None
        raise
    reply = json.loads(line)
    if "error" in reply:
        raise RuntimeError(f"{what} failed: {reply['error']}")
    return reply["ok"]


def _die_with_parent() -> None:
    """SIGKILL to this process when the worker thread that started it
    ends (Linux's PR_SET_PDEATHSIG), so that a worker killed in mid-count
    leaves no counting process behind; elsewhere a closed standard input
    ends it between two calls."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _serve() -> int:
    parent = os.getppid()
    _die_with_parent()
    if os.getppid() != parent:  # the worker was gone before prctl
        return 1
    for line in sys.stdin:
        module, function, args = json.loads(line)
        try:
            reply = {"ok": getattr(importlib.import_module(module), function)(*args)}
        except Exception as error:  # reported to the task, which raises it
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(_serve())
