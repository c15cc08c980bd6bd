# SPDX-License-Identifier: MIT
"""What the three jobs share: a job is a list of independent tasks, each a
plain function of plain arguments (a seed and parameters in, arrays or
counts out), run either here, one after the other, or on a Dask cluster;
the results come back in task order, so nothing depends on the number of
workers or on which task finished first.

Dask is imported here only when a client is given or made, so that the rest
of the package works without it.
"""
from __future__ import annotations

import contextlib
import os
import sys
import uuid
from typing import Any, Callable, Iterator, Optional, Sequence

__all__ = ["connect", "run_tasks", "ranges", "write_atomically"]


def ranges(total: int, size: int) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering ``0 ... total - 1`` in slices of
    ``size`` (the last may be shorter)."""
    if total < 0 or size < 1:
        raise ValueError(f"need total >= 0 and size >= 1, not {total} and {size}")
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def run_tasks(function: Callable[..., Any], tasks: Sequence[tuple], *, client: Any = None,
              progress: bool = False, name: str = "packeis") -> list[Any]:
    """``[function(*task) for task in tasks]``: here in this process when
    ``client`` is None, else as Dask futures on ``client``'s cluster (a task
    whose worker dies is run again elsewhere by the scheduler); with
    ``progress``, Dask's own progress bar (``distributed.progress``) on
    standard error meanwhile. The first task to raise raises here."""
    if client is None:
        return [function(*task) for task in tasks]
    job = uuid.uuid4().hex[:12]
    keys = [f"{name}-{job}-{index:07d}" for index in range(len(tasks))]
    futures = [client.submit(function, *task, key=key, pure=False)
               for key, task in zip(keys, tasks)]
    try:
        if progress and futures:
            from distributed import progress as show_progress
            with contextlib.redirect_stdout(sys.stderr):
                show_progress(futures, notebook=False)
        return client.gather(futures)
    finally:
        for future in futures:
            future.release()


@contextlib.contextmanager
def connect(scheduler: Optional[str] = None, local: Optional[int] = None,
            scheduler_file: Optional[str] = None, timeout: float = 30) -> Iterator[Any]:
    """A Dask client: to the scheduler at ``scheduler`` (``tcp://host:port``)
    or of ``scheduler_file``, or to a cluster of ``local`` worker processes
    (one thread each) made here and stopped at the end; None if none of
    them is given (the jobs then run in this process)."""
    given = [x is not None for x in (scheduler, local, scheduler_file)]
    if sum(given) > 1:
        raise ValueError("give one of scheduler, local and scheduler_file")
    if not any(given):
        yield None
        return
    from distributed import Client, LocalCluster
    if local is not None:
        if local < 1:
            raise ValueError(f"local must be at least 1 worker, not {local}")
        with LocalCluster(n_workers=local, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=None) as cluster, \
                Client(cluster, timeout=timeout) as client:
            yield client
        return
    with Client(scheduler, scheduler_file=scheduler_file, timeout=timeout) as client:
        yield client


def write_atomically(path: str, write: Callable[[Any], None]) -> None:
    """Writes the file ``path`` through ``write(file)`` under a temporary
    name in the same directory, flushed to disk, then renamed over ``path``
    (``os.replace``): a reader sees the old file or the whole new one,
    never a part, even if this process is killed meanwhile."""
    directory = os.path.dirname(os.path.abspath(path))
    temporary = os.path.join(directory, f".{os.path.basename(path)}.tmp-{uuid.uuid4().hex}")
    try:
        with open(temporary, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
