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
import signal
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
from packeis.cluster._local import ProcessCluster, listening_sockets
from packeis.cluster._shards import checksum

DISARM = None


class OnTwoWorkers(unittest.TestCase):
    """A `dask scheduler` and two `dask worker` processes for the class."""

    @classmethod
    def setUpClass(cls):
        cls.cluster = ProcessCluster(workers=2, timeout=60).__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.cluster.close()


class JobsOnTwoWorkers(OnTwoWorkers):

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

    def test_a_forfeit_a_worker_claims_is_played_again_here(self):
        # The workers' program claims a timeout at ply 0 in every game, a
        # line whose record replays; the client plays each such game again
        # and merges its own line: the table is the honest one.
        args = ["--player", "random", "--player", "greedy", "--boards", "2", "--seed", "1"]
        forger = [os.path.join(os.path.dirname(os.path.abspath(__file__)),
                               "forging_tournament.py"), TOURNAMENT]
        slice_file = os.path.join(self.scratch, "slice.txt")

        def forge_on_a_worker():
            subprocess.run([sys.executable, *forger, *args, "--quiet", "--games", "1-2",
                            "--results", slice_file], check=True, timeout=120)
            with open(slice_file) as file:
                return [line.split("\t")[4] for line in file.read().splitlines()[2:]]

        self.assertEqual(self.client.submit(forge_on_a_worker, pure=False).result(timeout=120),
                         ["timeout", "timeout"], "the workers' program forges")
        table = referee(*args, "--quiet")
        result = tournament(forger + args, program=sys.executable, games_per_task=2,
                            client=self.client)
        self.assertEqual(result.table, table)
        self.assertNotIn("timeout", result.table)

    def test_selfplay(self):
        for name, players, kwargs in (("vector", "vector", {"setup": {"players": 4}}),
                                      ("seats", ["greedy", "python:random"],
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


class Trust(OnTwoWorkers):
    """Listen only where asked; bounded, stoppable, one-line messages."""

    def test_the_clusters_listen_on_loopback_only(self):
        pids = [self.cluster.scheduler.pid] + [w.pid for w in self.cluster.workers]
        sockets = listening_sockets(pids)
        self.assertGreaterEqual(len(sockets), 5, sockets)  # scheduler, 2 workers, 2 nannies
        self.assertEqual({address for address, _ in sockets}, {"127.0.0.1"}, sockets)
        code = ("import os, sys\n"
                "from packeis.cluster import connect\n"
                "from packeis.cluster._local import listening_sockets\n"
                "if __name__ == '__main__':\n"
                "    with connect(local=2) as client:\n"
                "        print(sorted({a for a, _ in listening_sockets([os.getpid()])}),"
                " len(listening_sockets([os.getpid()])))\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        addresses, count = done.stdout.rsplit(" ", 1)
        self.assertEqual(addresses, "['127.0.0.1']")
        self.assertGreaterEqual(int(count), 5)

    def test_a_task_past_its_deadline_is_stopped(self):
        started = time.monotonic()
        with self.assertRaisesRegex(TimeoutError, "deadline of 2 s"):
            perft(packeis.Game(seed=1).save_position(), 12, split_depth=1, prefixes_per_task=1,
                  client=self.cluster.client, task_timeout=2)
        self.assertLess(time.monotonic() - started, 30)
        self.assertFalse(workers_counting(self.cluster), "no count left running")
        with packeis.Game(seed=5) as game:  # the workers are free again
            self.assertEqual(perft(game, 3, client=self.cluster.client).total, game.perft(3))

    def test_a_client_that_goes_away_stops_its_tasks(self):
        client = subprocess.Popen([sys.executable, "-m", "packeis.cluster", "--no-progress",
                                   "--scheduler-file", self.cluster.scheduler_file, "perft",
                                   "--depth", "12", "--split-depth", "1",
                                   "--prefixes-per-task", "1"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while not workers_counting(self.cluster) and time.monotonic() < deadline:
            pass
        self.assertTrue(workers_counting(self.cluster), "the perft did not start")
        client.kill()
        client.wait()
        deadline = time.monotonic() + 30
        while workers_counting(self.cluster) and time.monotonic() < deadline:
            pass
        self.assertFalse(workers_counting(self.cluster), "the counts went on without a client")

    def test_a_stopped_worker_stalls_the_job_with_a_message(self):
        worker = self.cluster.workers[0]
        os.killpg(worker.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            with self.assertRaisesRegex(TimeoutError, "no task finished in 3 s.*tasks in flight"):
                selfplay(tempfile.mkdtemp(), 400, "vector", shard_games=10,
                         client=self.cluster.client, stall_timeout=3)
            self.assertLess(time.monotonic() - started, 60)
        finally:
            os.killpg(worker.pid, signal.SIGCONT)

    def test_a_worker_without_the_package_is_named(self):
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env["PYTHONPATH"] = os.path.join(tempfile.mkdtemp(), "empty")
        with ProcessCluster(workers=1, timeout=60, env=env) as bare:
            done = subprocess.run([sys.executable, "-m", "packeis.cluster", "--no-progress",
                                   "--scheduler-file", bare.scheduler_file, "perft", "--depth",
                                   "2"], capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 1)
        self.assertRegex(done.stderr, r"worker tcp://127\.0\.0\.1:\d+ cannot load packeis "
                                      r"\(ModuleNotFoundError")
        self.assertNotIn("Traceback", done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1, done.stderr)


def _descendants(roots):
    """The PIDs of ``roots`` and of every process below them."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    parents[int(entry)] = int(file.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    found, grew = set(roots), True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return found


def _cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue
    return total / os.sysconf("SC_CLK_TCK")


def workers_counting(cluster, window=1.0):
    """Whether the cluster's worker processes (nannies, workers) spent more
    than half of ``window`` seconds of CPU time during it: a count runs
    (an idle worker spends about a hundredth)."""
    pids = _descendants([worker.pid for worker in cluster.workers])
    before = _cpu_seconds(pids)
    time.sleep(window)
    return _cpu_seconds(pids) - before > window / 2


class LostScheduler(unittest.TestCase):
    def test_one_line_when_the_scheduler_is_killed(self):
        with ProcessCluster(workers=1, timeout=60) as cluster:
            out = tempfile.mkdtemp()
            job = subprocess.Popen([sys.executable, "-m", "packeis.cluster", "--no-progress",
                                    "--scheduler-file", cluster.scheduler_file, "selfplay",
                                    "--out", out, "--games", "1000", "--shard-games", "10"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            deadline = time.monotonic() + 60
            while not glob.glob(os.path.join(out, "shard-*.npz")) and \
                    time.monotonic() < deadline:
                time.sleep(0.05)
            os.killpg(cluster.scheduler.pid, signal.SIGKILL)
            _, err = job.communicate(timeout=120)
        self.assertEqual(job.returncode, 1, err)
        self.assertNotIn("Traceback", err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertRegex(err, "scheduler|connect|closed")
        # a rerun (here in one process) resumes: the same manifest as a clean run
        resumed = selfplay(out, 1000, "vector", shard_games=10)
        self.assertGreater(len(resumed.skipped), 0, "shards of the lost run were kept")
        clean = selfplay(tempfile.mkdtemp(), 1000, "vector", shard_games=10)
        self.assertEqual(resumed.manifest, clean.manifest)


if __name__ == "__main__":
    DISARM = arm_watchdog(300)
    try:
        unittest.main()
    finally:
        DISARM()
