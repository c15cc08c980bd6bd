#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The speed-up of packeis.cluster's jobs with 1 and 2 Dask workers
(doc/cluster.md, "Figures"): a `dask scheduler` with one `dask worker` and
another with two (packeis.cluster._local, real processes on 127.0.0.1, one
thread each), both up during the whole run; each job timed on wall clock
(what a user waits for, the client's merging included), ``--runs`` times,
1- and 2-worker runs alternated so that a change of the machine's load hits
both alike; the medians, the speed-up and the load average (``uptime``)
before and after are printed as a Markdown table.

    PACKEIS_LIBRARY=build/lib/libpackeis.so.1 PYTHONPATH=bindings/python \\
    PACKEIS_ENGINE=build/examples/engine/packeis-engine \\
    PACKEIS_TOURNAMENT=build/examples/tournament/packeis-tournament \\
        /usr/bin/python3 bindings/python/examples/bench_cluster.py --runs 5

Jobs: perft of a standard 2-player board at ``--perft-depth`` (split at
depth 2: 870 prefixes, 8 a task); self-play of ``--games`` random games in
the vector env, shards of ``--shard-games`` (compressed); a round robin of
random, greedy and montecarlo (20 playouts) on ``--boards`` boards, 10
games a task.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any, Callable

import packeis
from packeis.cluster import perft, selfplay, tournament
from packeis.cluster._local import ProcessCluster


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def jobs(args: argparse.Namespace, scratch: str) -> dict[str, Callable[[Any], Any]]:
    with packeis.Game(seed=1) as game:
        position = game.save_position()
    counter = iter(range(10**9))

    def run_selfplay(client: Any) -> Any:
        out = os.path.join(scratch, f"selfplay-{next(counter)}")
        try:
            return selfplay(out, args.games, "vector", seed=1, shard_games=args.shard_games,
                            client=client).manifest["plies"]
        finally:
            shutil.rmtree(out, ignore_errors=True)

    players = ["--player", "random", "--player", "greedy", "--player",
               "montecarlo:playouts=20", "--boards", str(args.boards), "--seed", "1"]
    return {
        f"perft depth {args.perft_depth}":
            lambda client: perft(position, args.perft_depth, split_depth=2,
                                 client=client).total,
        f"self-play, {args.games} random games":
            run_selfplay,
        f"tournament, {6 * args.boards} games":
            lambda client: tournament(players, games_per_task=10, client=client).table,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--perft-depth", type=int, default=7)
    parser.add_argument("--games", type=int, default=40000)
    parser.add_argument("--shard-games", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--only", help="a word of the jobs to run (perft, self, tournament)")
    parser.add_argument("--pin", action="store_true",
                        help="pin the client to core 0, the lone worker to core 1 and the two "
                             "workers to cores 0 and 1 (taskset); default: nothing pinned")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    print(f"load average before: {load()} ({os.cpu_count()} cores)", file=sys.stderr)
    scratch = tempfile.mkdtemp(prefix="packeis-bench-cluster-")
    rows = []
    try:
        if args.pin:
            os.sched_setaffinity(0, {0})
        placement = ("client on core 0; the lone worker on core 1; the two workers on cores 0 "
                     "and 1 (schedulers unpinned)" if args.pin else
                     "nothing pinned: every process free to run on any core")
        print(f"placement: {placement}", file=sys.stderr)
        with ProcessCluster(workers=1, cores=[1] if args.pin else None) as one, \
                ProcessCluster(workers=2, cores=[0, 1] if args.pin else None) as two:
            for name, job in jobs(args, scratch).items():
                if args.only and args.only not in name:
                    continue
                times: dict[int, list[float]] = {1: [], 2: []}
                answers = set()
                for _ in range(args.runs):
                    for workers, cluster in ((1, one), (2, two)):
                        started = time.perf_counter()
                        answers.add(str(job(cluster.client)))
                        times[workers].append(time.perf_counter() - started)
                        print(f"{name}: {workers} worker(s) {times[workers][-1]:.2f} s "
                              f"(load {load()})", file=sys.stderr)
                if len(answers) != 1:
                    raise SystemExit(f"{name}: the runs disagree")
                m1, m2 = statistics.median(times[1]), statistics.median(times[2])
                rows.append((name, m1, m2, m1 / m2, times))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"load average after: {load()}", file=sys.stderr)
    print("| job | 1 worker | 2 workers | speed-up |")
    print("|---|---:|---:|---:|")
    for name, m1, m2, ratio, _ in rows:
        print(f"| {name} | {m1:.2f} s | {m2:.2f} s | {ratio:.2f}x |")
    print(f"\nmedians of {args.runs} runs each; {placement}; load average at the end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
