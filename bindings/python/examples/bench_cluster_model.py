#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures, with real Dask processes on this machine, what a larger
cluster's speed depends on (doc/cluster.md, "A model for 100 machines"),
and prints each as a Markdown table:

1. the scheduler's cost per task against the number of worker processes
   (2 ... 64 ``dask worker`` processes, one thread each, tiny tasks): its
   CPU time per task (read from /proc, so other load on the machine does
   not change it) and the tasks per second it reached (wall clock);
2. worker start-up: from starting N ``dask worker`` processes to all N
   registered with the scheduler;
3. a shard's cost against its size: playing it (vector env, random
   games), writing it (temporary, fsync, rename, directory fsync) and
   verifying it (read, every CRC, every shape, SHA-256), in CPU time;
4. the client's serial merge of a tournament against its size
   (``packeis-tournament --merge``), in CPU time of the child.

    PACKEIS_LIBRARY=build/lib/libpackeis.so.1 PYTHONPATH=bindings/python \\
    PACKEIS_TOURNAMENT=build/examples/tournament/packeis-tournament \\
        /usr/bin/python3 bindings/python/examples/bench_cluster_model.py
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time

import numpy as np

from packeis.cluster import _tasks
from packeis.cluster._local import ProcessCluster
from packeis.cluster._shards import verify_shard, write_shard
from packeis.cluster.selfplay import FORMAT, _play
from packeis.cluster.tournament import RESULTS_HEADER, _program, _run, play_games

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def scheduler_rows(counts: list[int], tasks: int) -> list[str]:
    rows = []
    for workers in counts:
        started = time.monotonic()
        with ProcessCluster(workers=workers, timeout=600) as cluster:
            startup = time.monotonic() - started
            pid = cluster.scheduler.pid
            _tasks.run_tasks(abs, [(i,) for i in range(200)], client=cluster.client)  # warm
            runs = []
            for _ in range(3):
                before, wall = cpu_seconds(pid), time.monotonic()
                _tasks.run_tasks(abs, [(i,) for i in range(tasks)], client=cluster.client)
                runs.append((cpu_seconds(pid) - before, time.monotonic() - wall))
        cpu = statistics.median(r[0] for r in runs) / tasks * 1e6
        rate = tasks / statistics.median(r[1] for r in runs)
        rows.append(f"| {workers} | {startup:.1f} s | {cpu:,.0f} µs | {rate:,.0f} |")
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


def shard_rows(sizes: list[int]) -> list[str]:
    params = {"format": FORMAT, "seed": 1, "setup": {}, "rotate": True, "nodes": None}
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for games in sizes:
            clock = time.process_time
            start = clock()
            arrays = _play_vector(params, games)
            play = clock() - start
            arrays["meta"] = np.array(json.dumps({"games": games}))
            path = os.path.join(scratch, f"shard-{games}.npz")
            start = clock()
            write_shard(path, arrays, compress=True)
            write = clock() - start
            start = clock()
            verify_shard(path)
            verify = clock() - start
            size = os.path.getsize(path)
            rows.append(f"| {games:,} | {size / games:,.0f} B | {play:.2f} s | "
                        f"{write * 1e3:,.0f} ms | {verify * 1e3:,.0f} ms | "
                        f"{(write + verify) / (play + write + verify) * 100:.1f} % |")
            print(rows[-1], file=sys.stderr, flush=True)
    return rows


def _play_vector(params: dict, games: int) -> dict:
    from packeis.cluster._seats import Vector
    return _play([Vector()], params, 0, 0, games, None)


def merge_rows(program: str, sizes: list[int]) -> list[str]:
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for boards in sizes:
            arguments = ["--player", "random", "--player", "greedy", "--boards", str(boards),
                         "--seed", "1"]
            total = 2 * boards
            lines = play_games(program, arguments, 1, total, 600)
            merged = os.path.join(scratch, "results.txt")
            with open(merged, "w") as file:
                file.write(RESULTS_HEADER + "\n")
                file.writelines(line + "\n" for line in lines)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            _run([program, *arguments, "--quiet", "--merge", merged,
                  "--json", os.path.join(scratch, "t.json")], 600)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            rows.append(f"| {total:,} | {cpu * 1e3:,.0f} ms | {cpu / total * 1e6:,.0f} µs |")
            print(rows[-1], file=sys.stderr, flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="2,4,8,16,32,64")
    parser.add_argument("--tasks", type=int, default=2000)
    parser.add_argument("--shards", default="100,1000,10000")
    parser.add_argument("--boards", default="50,500,5000")
    parser.add_argument("--program", help="packeis-tournament")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.1f}")
    print("\n| workers | start-up (all registered) | scheduler CPU a task | tasks/s |")
    print("|---:|---:|---:|---:|")
    for row in scheduler_rows([int(n) for n in args.workers.split(",")], args.tasks):
        print(row)
    print("\n| games a shard | bytes a game | play (CPU) | write: temporary + fsync + "
          "rename (CPU) | verify: read + CRCs + shapes + SHA-256 (CPU) | write + verify "
          "share |")
    print("|---:|---:|---:|---:|---:|---:|")
    for row in shard_rows([int(n) for n in args.shards.split(",")]):
        print(row)
    print("\n| games merged | merge (CPU of packeis-tournament --merge) | a game |")
    print("|---:|---:|---:|")
    for row in merge_rows(_program(args.program), [int(n) for n in args.boards.split(",")]):
        print(row)
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
