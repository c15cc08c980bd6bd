#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis.cluster on real Dask components: a `dask scheduler` and two `dask
worker` processes started here on 127.0.0.1 (packeis.cluster._local). Each
job run through them gives what the same job gives in one process; a worker
killed with SIGKILL in the middle of a self-play job costs nothing: the job
finishes with the same manifest, no shard lost, torn or doubled. Every
process started is stopped (process groups; tearDown and finally blocks; a
watchdog turns a hang or SIGTERM into an exception that runs them)."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import numpy as np
from cluster_common import ENGINE, TOURNAMENT, arm_watchdog, conformance_case, referee

import packeis
from packeis.cluster import perft, selfplay, tournament
from packeis.cluster._local import ProcessCluster
from packeis.cluster._shards import checksum

DISARM = None


class JobsOnTwoWorkers(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cluster = ProcessCluster(workers=2, timeout=60).__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.cluster.close()

    def setUp(self):
        self.client = self.cluster.client
        self.assertEqual(len(self.client.scheduler_info()["workers"]), 2)
        self.scratch = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)

    def test_perft(self):
        position, depth, count = conformance_case(9)  # std:10, depth 4
        result = perft(position, depth, split_depth=2, prefixes_per_task=3, client=self.client,
                       progress=True)
        self.assertEqual(result.total, count)
        self.assertEqual(result, perft(position, depth, split_depth=2, prefixes_per_task=3))
        with packeis.Game(seed=5) as game:
            self.assertEqual(perft(game, 5, client=self.client).total, game.perft(5))
        ran_on = self.client.run(os.getpid)
        self.assertEqual(len(set(ran_on.values())), 2)  # two processes, not threads

    def test_command_line_on_the_scheduler(self):
        done = subprocess.run([sys.executable, "-m", "packeis.cluster", "--scheduler-file",
                               self.cluster.scheduler_file, "perft", "--seed", "2",
                               "--depth", "5"], capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, f"{packeis.Game(seed=2).perft(5)}\n")
        self.assertIn("packeis-perft: 109/109 tasks done", done.stderr)  # the progress count

    def test_tournament(self):
        args = ["--player", "random", "--player", "greedy", "--player", "alphabeta",
                "--nodes", "200", "--boards", "2", "--seed", "4"]
        one_json, cut_json = (os.path.join(self.scratch, n) for n in ("one.json", "cut.json"))
        table = referee(*args, "--quiet", "--json", one_json)
        result = tournament(args, program=TOURNAMENT, games_per_task=2, json=cut_json,
                            client=self.client)
        self.assertEqual(result.table, table)
        self.assertEqual(result.tasks, 6)
        with open(one_json) as one, open(cut_json) as cut:
            self.assertEqual(one.read(), cut.read())

    def test_selfplay(self):
        for name, players, kwargs in (("vector", "vector", {"setup": {"players": 4}}),
                                      ("seats", ["engine:greedy", "python:random"],
                                       {"engine": ENGINE})):
            here, there = (os.path.join(self.scratch, name + side) for side in ("-1", "-2"))
            alone = selfplay(here, 40, players, seed=8, shard_games=7, **kwargs)
            spread = selfplay(there, 40, players, seed=8, shard_games=7, client=self.client,
                              **kwargs)
            self.assertEqual(spread.manifest, alone.manifest, name)
            self.assertEqual(len(spread.played), 6)


class WorkerKilled(unittest.TestCase):
    """SIGKILL to one `dask worker` (nanny and worker process) while it
    plays a shard."""

    SHARDS, GAMES = 12, 200

    def setUp(self):
        self.scratch = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)

    def busy_worker(self, cluster, groups):
        """The index of a worker with a task in hand, or None (``groups``:
        each worker's address to its process group)."""
        for address, keys in cluster.client.processing().items():
            if keys and address in groups:
                for index, worker in enumerate(cluster.workers):
                    if worker.pid == groups[address]:
                        return index
        return None

    def test_the_job_finishes_with_the_same_shards(self):
        games = self.SHARDS * self.GAMES
        reference = selfplay(os.path.join(self.scratch, "alone"), games, "vector", seed=21,
                             shard_games=self.GAMES).manifest
        out = os.path.join(self.scratch, "spread")
        done, failure = {}, []
        with ProcessCluster(workers=2, timeout=60) as cluster:
            def job():
                try:
                    done["result"] = selfplay(out, games, "vector", seed=21,
                                              shard_games=self.GAMES, client=cluster.client)
                except BaseException as error:  # reported by the main thread
                    failure.append(error)

            groups = cluster.client.run(os.getpgrp)  # address -> the `dask worker`'s group
            runner = threading.Thread(target=job, daemon=True)
            runner.start()
            deadline, killed, written = time.monotonic() + 60, None, None
            while killed is None and runner.is_alive() and time.monotonic() < deadline:
                written = len(glob.glob(os.path.join(out, "shard-*.npz")))
                busy = self.busy_worker(cluster, groups) if written >= 2 else None
                if busy is not None:
                    cluster.kill_worker(busy)
                    killed = busy
                time.sleep(0.02)
            runner.join(timeout=120)
            self.assertFalse(runner.is_alive(), "the job did not finish")
            self.assertEqual(failure, [])
            self.assertIsNotNone(killed, "no worker was killed in the middle of the job")
            self.assertLess(written, self.SHARDS)
            self.assertIsNotNone(cluster.workers[killed].poll())
            self.assertEqual(len(cluster.client.scheduler_info()["workers"]), 1)
        manifest = done["result"].manifest
        self.assertEqual(manifest, reference)
        names = sorted(os.listdir(out))
        self.assertEqual(names, sorted([s["file"] for s in manifest["shards"]] +
                                       ["manifest.json"]))  # no temporary file, none twice
        for shard in manifest["shards"]:
            path = os.path.join(out, shard["file"])
            self.assertEqual(checksum(path), shard["sha256"])
            with np.load(path, allow_pickle=False) as z:
                self.assertEqual(len(z["records"]), self.GAMES)


if __name__ == "__main__":
    DISARM = arm_watchdog(300)
    try:
        unittest.main()
    finally:
        DISARM()
