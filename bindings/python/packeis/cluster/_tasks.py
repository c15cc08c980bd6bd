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

import asyncio
import contextlib
import math
import os
import sys
import time
import uuid
from typing import Any, Callable, Iterator, Optional, Sequence

__all__ = ["DEFAULT_STALL_TIMEOUT", "LOOPBACK", "StalledJobError", "check_seconds",
           "check_workers", "connect", "run_tasks", "ranges", "write_atomically"]

#: Seconds without any task finishing after which a job on a cluster stops
#: (a worker stopped, stuck or cut off), unless the job says otherwise.
DEFAULT_STALL_TIMEOUT = 1800.0

#: Where the clusters this package starts listen: the loopback interface
#: only, for the scheduler, the workers, their nannies and any HTTP server.
LOOPBACK = "127.0.0.1"


class StalledJobError(TimeoutError):
    """No task of a job finished within its stall timeout."""


def check_seconds(value: Any, name: str, none: bool = False) -> Optional[float]:
    """A time limit as a float: a positive, finite number of seconds (or
    None where ``none``), else ValueError naming it; checked before any
    task is sent, so that Dask or a worker never meets it (``inf`` and
    ``"x"`` failed there, as a KeyError or an OverflowError)."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{name} must be a positive, finite number of seconds"
                         f"{' or None' if none else ''}, not {value!r}")
    return float(value)


def ranges(total: int, size: int) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering ``0 ... total - 1`` in slices of
    ``size`` (the last may be shorter)."""
    if total < 0 or size < 1:
        raise ValueError(f"need total >= 0 and size >= 1, not {total} and {size}")
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def run_tasks(function: Callable[..., Any], tasks: Sequence[tuple], *, client: Any = None,
              progress: bool = False, name: str = "packeis",
              stall_timeout: Optional[float] = DEFAULT_STALL_TIMEOUT) -> list[Any]:
    """``[function(*task) for task in tasks]``: here in this process when
    ``client`` is None, else as Dask futures on ``client``'s cluster (a task
    whose worker dies is run again elsewhere by the scheduler); with
    ``progress``, a count of the finished tasks on standard error
    meanwhile. The first task to raise raises here. On a cluster, if no
    task finishes for ``stall_timeout`` seconds (None: no limit),
    :class:`StalledJobError` names the workers with tasks in flight and the
    job's futures are released (finished results are kept by the job, which
    a rerun resumes)."""
    stall_timeout = check_seconds(stall_timeout, "stall_timeout", none=True)
    if client is None:
        return [function(*task) for task in tasks]
    from distributed import wait
    job = uuid.uuid4().hex[:12]
    keys = [f"{name}-{job}-{index:07d}" for index in range(len(tasks))]
    futures = [client.submit(function, *task, key=key, pure=False)
               for key, task in zip(keys, tasks)]
    try:
        pending = list(futures)
        while pending:
            try:
                done, still = wait(pending, timeout=stall_timeout, return_when="FIRST_COMPLETED")
            except (TimeoutError, asyncio.TimeoutError):
                raise StalledJobError(_stall_message(client, name, set(keys), stall_timeout,
                                                     len(futures) - len(pending),
                                                     len(futures))) from None
            for future in done:
                if future.status == "error":
                    future.result()  # raises the task's exception here
            pending = list(still)
            if progress:
                print(f"\r{name}: {len(futures) - len(pending)}/{len(futures)} tasks done",
                      end="" if pending else "\n", file=sys.stderr, flush=True)
        return client.gather(futures)
    finally:
        for future in futures:
            future.release()


def _stall_message(client: Any, name: str, keys: set, seconds: Optional[float], finished: int,
                   total: int) -> str:
    try:
        processing = client.processing()
    except Exception:  # the scheduler is gone too: say what is known
        processing = {}
    busy = sorted(f"{worker} ({len([k for k in held if k in keys])} tasks)"
                  for worker, held in processing.items() if any(k in keys for k in held))
    where = "; tasks in flight on " + ", ".join(busy) if busy else ""
    return (f"{name}: no task finished in {seconds:g} s ({finished} of {total} done){where}: "
            f"a worker is stopped, stuck or cut off; the job stopped (rerun it to resume)")


def check_workers(client: Any, timeout: float) -> None:
    """Refuses a cluster whose workers cannot run the jobs: each worker
    must import packeis and load the library (a one-line message names
    each worker that cannot); waits up to ``timeout`` s for a first one."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (TimeoutError, asyncio.TimeoutError):
        raise RuntimeError(f"no worker joined the cluster in {timeout:g} s") from None
    problems = []
    for address in sorted(client.scheduler_info()["workers"]):
        try:
            client.run(eval, "__import__('packeis').version()", workers=[address])
        except Exception as error:  # whatever the worker raised, said in one line
            problems.append(f"worker {address} cannot load packeis "
                            f"({type(error).__name__}: {error})")
    if problems:
        raise RuntimeError("; ".join(problems) + ": install the package and libpackeis on "
                           "every worker")


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
        if local < 1 or local > MAX_LOCAL_WORKERS:
            raise ValueError(f"local must be 1 ... {MAX_LOCAL_WORKERS} workers, not {local}")
        # Every socket on the loopback interface: the scheduler's and the
        # workers' HTTP servers too, which Dask opens on every interface
        # (:8787) even without a dashboard unless told where.
        with LocalCluster(n_workers=local, threads_per_worker=1, processes=True,
                          host=LOOPBACK, dashboard_address=f"{LOOPBACK}:0",
                          worker_dashboard_address=f"{LOOPBACK}:0") as cluster, \
                Client(cluster, timeout=timeout) as client:
            check_workers(client, timeout)
            yield client
        return
    if scheduler_file is not None:
        _wait_for_file(scheduler_file, timeout)
    client = Client(scheduler, scheduler_file=scheduler_file, timeout=timeout)
    try:
        check_workers(client, timeout)
        yield client
    finally:
        _close(client)


def _close(client: Any) -> None:
    """Closes a client at once, even when its scheduler is gone (Dask's own
    close would wait 60 s to reach it, then again when collected)."""
    try:
        client.close(timeout=5)
    except Exception:  # the scheduler is gone: nothing to say goodbye to
        pass
    client.status = "closed"  # Client.__del__ would try again


#: Worker processes ``connect(local=N)`` starts at most.
MAX_LOCAL_WORKERS = 256


def _wait_for_file(path: str, timeout: float) -> None:
    """Waits up to ``timeout`` s for a scheduler file (a scheduler that is
    starting writes it), then refuses with a message naming it."""
    deadline = time.monotonic() + timeout
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise FileNotFoundError(f"no scheduler file {path} after {timeout:g} s (start the "
                                    f"scheduler with --scheduler-file {path})")
        time.sleep(0.1)


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
