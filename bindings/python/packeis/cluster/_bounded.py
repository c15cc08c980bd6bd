# SPDX-License-Identifier: MIT
"""What a long task on a Dask worker needs to stop in time: whether it is
still wanted (its client went away or cancelled it: Dask then marks the
running task ``cancelled`` on its worker) and the errors that say why it
stopped. The counts themselves stop in C (``packeis_game_perft_watched``
through :meth:`packeis.Game.perft`'s ``stop`` and ``timeout``), on the
worker's own thread: no child process, no kill.
"""
from __future__ import annotations

__all__ = ["TaskDeadlineError", "TaskCancelledError", "unwanted"]


class TaskDeadlineError(TimeoutError):
    """A task ran past its deadline and was stopped."""


class TaskCancelledError(RuntimeError):
    """The task's client went away (or cancelled it); it was stopped."""


def unwanted() -> bool:
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
