# SPDX-License-Identifier: MIT
"""A real Dask cluster on this machine, for the tests and the benchmark:
``dask scheduler`` and N ``dask worker`` processes (one thread each), every
socket of theirs on 127.0.0.1 (their HTTP servers included), each command
in a process group of its own, all stopped at the end (SIGTERM, then
SIGKILL), whatever happened meanwhile."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any, Optional

from ._tasks import LOOPBACK

__all__ = ["ProcessCluster", "listening_sockets"]


def _dask_command(what: str) -> list[str]:
    """``dask scheduler`` / ``dask worker``, run by this interpreter (the
    ``dask`` script of Debian's python3-dask is for /usr/bin/python3)."""
    if shutil.which("dask"):
        return [sys.executable, shutil.which("dask"), what]
    return [sys.executable, "-m", f"distributed.cli.dask_{what}"]


class ProcessCluster:
    """``with ProcessCluster(workers=2) as cluster:`` ... ``cluster.client``
    (a connected Dask client), ``cluster.workers`` (the ``Popen`` of each
    ``dask worker``), :meth:`kill_worker`."""

    def __init__(self, workers: int = 2, timeout: float = 60, env: Optional[dict] = None,
                 cores: Optional[list[int]] = None) -> None:
        """``cores``: pin worker ``i`` (its nanny and its worker process)
        to core ``cores[i]`` with ``taskset``; None leaves every process
        free to run anywhere."""
        if cores is not None and len(cores) != workers:
            raise ValueError(f"cores: one per worker ({workers}), not {len(cores)}")
        self.count, self.timeout, self.env, self.cores = workers, timeout, env, cores
        self.scratch = tempfile.mkdtemp(prefix="packeis-cluster-")
        self.scheduler_file = os.path.join(self.scratch, "scheduler.json")
        self.scheduler: Optional[subprocess.Popen] = None
        self.workers: list[subprocess.Popen] = []
        self.client: Any = None

    def _start(self, argv: list[str], name: str) -> subprocess.Popen:
        log = open(os.path.join(self.scratch, name + ".log"), "wb")
        try:
            return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True,
                                    env=self.env)
        finally:
            log.close()

    def __enter__(self) -> "ProcessCluster":
        try:
            self.scheduler = self._start(
                _dask_command("scheduler") + ["--host", LOOPBACK, "--port", "0",
                                              "--no-dashboard", "--dashboard-address",
                                              f"{LOOPBACK}:0", "--idle-timeout", "600",
                                              "--scheduler-file",
                                              self.scheduler_file], "scheduler")
            deadline = time.monotonic() + self.timeout
            while not os.path.exists(self.scheduler_file):
                if time.monotonic() > deadline or self.scheduler.poll() is not None:
                    raise RuntimeError(f"the scheduler did not start: {self.log('scheduler')}")
                time.sleep(0.05)
            for index in range(self.count):
                pin = ["taskset", "-c", str(self.cores[index])] if self.cores else []
                self.workers.append(self._start(
                    pin + _dask_command("worker") + [
                        "--scheduler-file", self.scheduler_file, "--nthreads", "1",
                        "--nworkers", "1", "--host", LOOPBACK, "--no-dashboard",
                        "--dashboard-address", f"{LOOPBACK}:0", "--death-timeout", "60",
                        "--local-directory", os.path.join(self.scratch, f"worker-{index}")],
                    f"worker-{index}"))
            from distributed import Client
            self.client = Client(scheduler_file=self.scheduler_file, timeout=self.timeout)
            self.client.wait_for_workers(self.count, timeout=self.timeout)
            return self
        except BaseException:
            self.close()
            raise

    def log(self, name: str) -> str:
        try:
            with open(os.path.join(self.scratch, name + ".log"), errors="replace") as file:
                return file.read()[-4000:]
        except OSError:
            return ""

    def kill_worker(self, index: int) -> None:
        """SIGKILL to the whole ``dask worker`` (its nanny and its worker
        process): no chance to say goodbye to the scheduler."""
        worker = self.workers[index]
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=self.timeout)

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.close(timeout=10)
            except Exception:  # the cluster goes anyway
                pass
            self.client = None
        processes = [p for p in self.workers + [self.scheduler] if p is not None]
        for process in processes:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 10
        for process in processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(process.pid, signal.SIGKILL)  # stragglers of the group too
            except (ProcessLookupError, PermissionError):
                pass
            process.wait()
        self.workers, self.scheduler = [], None
        shutil.rmtree(self.scratch, ignore_errors=True)

    def __exit__(self, *exc: object) -> None:
        self.close()


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (from /proc's parent links)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    parent = int(file.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def listening_sockets(pids: list[int]) -> list[tuple[str, int]]:
    """``(address, port)`` of every TCP socket in the LISTEN state held by
    the processes ``pids`` or their descendants (read from
    /proc/net/tcp{,6} and /proc/PID/fd), the address as text."""
    inodes = set()
    for pid in {p for top in pids for p in _descendants(top)}:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            continue
    found = []
    for table, size in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
        try:
            with open(table) as file:
                rows = file.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] != "0A" or fields[9] not in inodes:  # 0A: LISTEN
                continue
            address, port = fields[1].split(":")
            raw = bytes.fromhex(address)
            words = [raw[i:i + 4][::-1] for i in range(0, size, 4)]  # host order per word
            text = socket.inet_ntop(socket.AF_INET if size == 4 else socket.AF_INET6,
                                    b"".join(words))
            found.append((text, int(port, 16)))
    return sorted(found)
