#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis.cluster's jobs in one process (client=None): distributed perft
against Game.perft and a conformance value; the tournament against the
single-machine packeis-tournament (text, JSON, CSV, records); self-play
shards checked game by game against their records, deterministic to the
byte, resumable, never torn; the package importable without Dask."""
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

import numpy as np
from cluster_common import ENGINE, TOURNAMENT, arm_watchdog, conformance_case, referee

import packeis
from packeis.cluster import perft, selfplay, tournament
from packeis.cluster.perft import count_prefixes, prefixes
from packeis.cluster._seats import Vector, open_seat
from packeis.cluster._shards import checksum, write_shard
from packeis.cluster.selfplay import load_manifest, play_shard, verify
from packeis.vector import bits_to_mask


def first_mover_random(game, rng):
    """A user's callable seat: the lowest legal move (deterministic)."""
    return game.legal_moves()[0]


class Perft(unittest.TestCase):
    def test_conformance_value(self):
        position, depth, count = conformance_case(9)  # std:10, depth 4, 3,988,173
        self.assertEqual(count, 3988173)
        result = perft(position, depth, split_depth=2, prefixes_per_task=5)
        self.assertEqual(result.total, count)
        self.assertEqual(result.split_depth, 2)
        with packeis.Game.from_position(position) as game:
            self.assertEqual({game.format_move(m): n for m, n in game.divide(depth).items()},
                             result.divide)
            self.assertEqual(result.tasks, -(-len(prefixes(game, 2)) // 5))

    def test_every_split_depth_gives_the_same_count(self):
        position, depth, count = conformance_case(13)  # std:14, 3 players, depth 6: 95,787
        self.assertEqual((depth, count), (6, 95787))
        self.assertEqual(perft(position, 6).total, 95787)
        with packeis.Game.from_position(position) as game:
            expected = game.perft(4)
            self.assertEqual(expected, 2614)
            for split in range(5):
                self.assertEqual(perft(game, 4, split_depth=split).total, expected, split)

    def test_lines_that_end_the_game_count_once(self):
        position, depth, count = conformance_case(17)  # std:18: a game near its end
        self.assertEqual((depth, count), (6, 10))
        self.assertEqual(perft(position, 6, split_depth=5).total, 10)
        with packeis.Game.from_position(position) as game:
            lines = prefixes(game, 5)
            self.assertTrue(any(len(line) < 5 for line in lines))  # some end before
            self.assertEqual(sum(count_prefixes(position, lines, 6)), 10)

    def test_bad_arguments(self):
        game = packeis.Game(seed=1)
        for kwargs in ({"split_depth": 4}, {"split_depth": -1}, {"prefixes_per_task": 0}):
            with self.assertRaises(ValueError):
                perft(game, 3, **kwargs)
        with self.assertRaises(ValueError):
            perft(game, 129)
        # Time limits are checked before any task (Dask's parser raised
        # KeyError for inf and "x").
        for bad in (float("inf"), "x", -1, 0, True, None):
            with self.assertRaisesRegex(ValueError, "task_timeout", msg=bad):
                perft(game, 2, task_timeout=bad)

    def test_an_answer_that_is_not_a_count_a_prefix_is_refused(self):
        job = sys.modules["packeis.cluster.perft"]  # the module: the package's perft is the job
        real = job.count_prefixes
        self.addCleanup(setattr, job, "count_prefixes", real)
        game = packeis.Game(seed=1)
        # A worker's answer one short, in floats, or negative was summed:
        # 21308, 24795.0 and -870 for perft 3 (24360).
        for forged in (lambda *a: real(*a)[:-1], lambda *a: [n + 0.5 for n in real(*a)],
                       lambda *a: [-1 for n in real(*a)], lambda *a: None):
            job.count_prefixes = forged
            with self.assertRaisesRegex(RuntimeError, "not vouched for"):
                perft(game, 3, split_depth=1)
        job.count_prefixes = real
        self.assertEqual(perft(game, 3, split_depth=1).total, game.perft(3))


def read(path):
    with open(path) as file:
        return file.read()


def read_dir(path):
    return {name: read(os.path.join(path, name)) for name in sorted(os.listdir(path))}


class Tournament(unittest.TestCase):
    ARGS = ["--player", "random", "--player", "greedy", "--player", "montecarlo:playouts=5",
            "--boards", "3", "--seed", "9"]

    def test_same_table_json_csv_and_records_as_one_machine(self):
        with tempfile.TemporaryDirectory() as scratch:
            one = {k: os.path.join(scratch, "one." + k) for k in ("json", "csv", "records")}
            cut = {k: os.path.join(scratch, "cut." + k) for k in ("json", "csv", "records")}
            table = referee(*self.ARGS, "--quiet", "--jobs", "2", "--json", one["json"],
                            "--csv", one["csv"], "--records", one["records"])
            result = tournament(self.ARGS, program=TOURNAMENT, games_per_task=4, **cut)
            self.assertEqual(result.table, table)
            self.assertIn("Round robin of 3 players, 2 a game: 18 games", table)
            self.assertEqual((result.games, result.tasks), (18, 5))
            for kind in ("json", "csv"):
                self.assertEqual(read(one[kind]), read(cut[kind]), kind)
            self.assertEqual(read_dir(one["records"]), read_dir(cut["records"]))
            self.assertEqual(len(json.loads(read(cut["json"]))["games"]), 18)

    def test_merge_refuses_missing_and_doubled_games(self):
        with tempfile.TemporaryDirectory() as scratch:
            part = os.path.join(scratch, "part.txt")
            referee(*self.ARGS, "--quiet", "--games", "2-3", "--results", part)
            lines = read(part).splitlines()
            self.assertEqual(lines[1][:9], "schedule ")
            self.assertEqual([line.split("\t")[0] for line in lines[2:]], ["2", "3"])
            for files, message in (([part], "game 1 of 18 is in no --merge file"),
                                   ([part, part], "game 2: given twice")):
                merge = []
                for path in files:
                    merge += ["--merge", path]
                done = subprocess.run([TOURNAMENT, *self.ARGS, *merge], capture_output=True,
                                      text=True, timeout=60)
                self.assertEqual(done.returncode, 1)
                self.assertIn(message, done.stderr)
                self.assertEqual(done.stdout, "")

    def test_a_task_answer_the_merge_would_misread_is_refused(self):
        # What the client checks of a task's lines before it looks for
        # forfeits: a forged line smuggled inside an honest one (a line
        # break in an element) reached the merge unseen.
        from packeis.cluster.tournament import _task_lines, play_games
        lines = play_games(TOURNAMENT, self.ARGS, 1, 2)
        self.assertEqual(_task_lines(lines, 1, 2), lines)
        smuggled = [lines[0], lines[1] + "\n" + lines[2]]
        forged = {"a line break": [lines[0], lines[1] + "\n" + lines[2], lines[2]],
                  "lines, not": smuggled, "lines, not a": lines[:2],
                  "no game's": [lines[0], lines[1], "x\ty"],
                  "answered games": [lines[0], lines[1], lines[1]]}
        for says, answer in forged.items():
            with self.assertRaisesRegex(RuntimeError, says):
                _task_lines(answer, 1, 2)
        with self.assertRaisesRegex(RuntimeError, "answered games"):
            _task_lines(lines, 2, 3)

    def test_arguments_of_the_job_are_refused(self):
        with self.assertRaisesRegex(ValueError, "--json"):
            tournament(self.ARGS + ["--json", "x"], program=TOURNAMENT)
        # Time limits are checked before any game (a worker met inf as an
        # OverflowError, "x" as a TypeError).
        for name in ("timeout", "stall_timeout"):
            for bad in (float("inf"), "x", 0):
                with self.assertRaisesRegex(ValueError, name, msg=(name, bad)):
                    tournament(self.ARGS, program=TOURNAMENT, **{name: bad})


class SelfPlay(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.scratch, name)

    def check_shards(self, directory, players):
        """Every game of every shard against its record, replayed."""
        manifest = load_manifest(directory)
        files = sorted(os.path.basename(p) for p in glob.glob(os.path.join(directory, "*")))
        self.assertEqual(files, sorted([s["file"] for s in manifest["shards"]] +
                                       ["manifest.json"]))  # nothing torn or left over
        first = 0
        for index, shard in enumerate(manifest["shards"]):
            self.assertEqual((shard["index"], shard["first_game"]), (index, first))
            first += shard["games"]
            path = os.path.join(directory, shard["file"])
            self.assertEqual(os.path.getsize(path), shard["bytes"])
            self.assertEqual(checksum(path), shard["sha256"])
            with np.load(path, allow_pickle=False) as z:
                self.check_games(dict(z), shard, players)
        self.assertEqual(first, manifest["games"])
        return manifest

    def check_games(self, z, shard, players):
        start = z["game_start"]
        self.assertEqual(len(start), shard["games"] + 1)
        self.assertEqual(start[-1], shard["plies"])
        self.assertEqual(len(z["actions"]), shard["plies"])
        masks = bits_to_mask(z["legal"])
        self.assertTrue(masks[np.arange(len(z["actions"])), z["actions"]].all())
        for g in range(shard["games"]):
            game = packeis.Game.from_record(str(z["records"][g]))
            self.assertEqual(game.board_seed, int(z["board_seeds"][g]))
            plies = slice(start[g], start[g + 1])
            self.assertEqual([int(m) for m in game.history()], z["actions"][plies].tolist())
            self.assertEqual([game.score(p)[0] for p in range(players)], z["fish"][g].tolist())
            self.assertAlmostEqual(float(z["rewards"][g].sum()), 0.0, places=5)
            best = max(range(players), key=lambda p: z["rewards"][g][p])
            self.assertEqual(game.rank(best), 1)
            replay = packeis.Game(seed=int(z["board_seeds"][g]), players=players)
            for ply in range(start[g], start[g + 1]):
                self.assertEqual(replay.current_player, z["to_act"][ply])
                legal = sorted(int(m) for m in replay.legal_moves())
                self.assertEqual(np.flatnonzero(masks[ply]).tolist(), legal)
                words = np.zeros(25, dtype=np.uint64)
                planes = np.frombuffer(replay.observe(relative=True), dtype=np.float32)
                self.assertEqual(int(z["obs"][ply][0]),  # plane 0: cells of the player to act
                                 sum(1 << c for c in range(64) if planes[c] == 1.0), words)
                replay.apply(int(z["actions"][ply]))
            self.assertTrue(replay.is_over)

    def test_vector_shards_are_the_games_they_say(self):
        result = selfplay(self.path("v"), 25, "vector", seed=3, shard_games=10,
                          setup={"players": 3})
        self.assertEqual((result.played, result.skipped), ([0, 1, 2], []))
        manifest = self.check_shards(self.path("v"), 3)
        self.assertEqual([s["games"] for s in manifest["shards"]], [10, 10, 5])
        self.assertEqual(manifest["players"], ["vector:packeis.cluster._seats.random_policy"])

    def test_engine_and_callable_seats_rotate(self):
        selfplay(self.path("e"), 6, ["greedy", first_mover_random], seed=1,
                 shard_games=4, engine=ENGINE)
        self.check_shards(self.path("e"), 2)
        with np.load(os.path.join(self.path("e"), "shard-00001.npz")) as z:
            self.assertEqual(z["seat_players"].tolist(), [[0, 1], [1, 0]])  # games 4 and 5
            greedy_first = packeis.Game.from_record(str(z["records"][0]))
            lowest = packeis.Game.from_record(str(z["records"][1]))
        # game 5: the callable (player 1) sits first and plays the lowest move
        board = packeis.Game(seed=lowest.board_seed)
        self.assertEqual(lowest.history()[0], board.legal_moves()[0])
        self.assertNotEqual(greedy_first.board_seed, lowest.board_seed)

    def test_a_seat_from_a_module_named_vector_is_a_seat(self):
        # Its name starts "vector" (the vector environment's is "vector:"):
        # every shard was taken for the vector environment's, its seating
        # for wrong, and moved aside and played again on every run.
        def policy(game, rng):
            return game.legal_moves()[0]
        policy.__module__ = "vectorbot"
        first = selfplay(self.path("v"), 4, [policy, "python:random"], seed=1, shard_games=2)
        self.assertEqual(verify(self.path("v")).problems, [])
        again = selfplay(self.path("v"), 4, [policy, "python:random"], seed=1, shard_games=2)
        self.assertEqual((again.played, again.skipped, again.manifest),
                         ([], [0, 1], first.manifest))

    def test_seats_in_the_notation_of_packeis_play(self):
        """engine:COMMAND runs the command (here packeis-engine itself),
        NAME[:STRENGTH] a built-in player, as packeis-play and
        packeis-tournament read them (examples/README.md, "Seats")."""
        command = "engine:" + shlex.quote(ENGINE) + " --player greedy"
        selfplay(self.path("n"), 4, [command, "montecarlo:20,playouts=20"], seed=2,
                 shard_games=4, engine=ENGINE)
        self.check_shards(self.path("n"), 2)
        manifest = load_manifest(self.path("n"))
        self.assertEqual(manifest["players"], [command, "montecarlo:20,playouts=20"])

    def test_a_seat_of_its_own_strength_keeps_it(self):
        """The job's nodes go to the seats without a time or budget of their
        own; "mcts:50" is asked a plain go (its engine plays 50 playouts)."""
        game = packeis.Game(seed=1)
        for spec, expected in (("mcts", "go nodes 7"), ("mcts:50", "go"),
                               ("mcts:threads=1", "go nodes 7"), ("greedy:2s", "go")):
            seat = open_seat(spec, 0, ENGINE, 7)
            sent = []
            send = seat.send
            seat.send = lambda line: (sent.append(line), send(line))[1]
            try:
                seat.new_game(game)
                seat(game, [])
            finally:
                seat.close()
            self.assertEqual(sent[-2], expected, spec)  # then quit

    def test_the_old_engine_name_seat_says_what_it_means(self):
        """engine:NAME used to be a built-in player; it is now a command, and
        a missing one says which seat was meant."""
        with self.assertRaises(RuntimeError) as caught:
            open_seat("engine:greedy", 0, ENGINE, None)
        self.assertIn("exited with status 127", str(caught.exception))
        self.assertIn("the built-in player is the seat 'greedy'", str(caught.exception))
        with self.assertRaises(ValueError):
            selfplay(self.path("h"), 2, ["human", "greedy"])

    def test_same_bytes_every_run_and_resumable(self):
        args = dict(seed=11, shard_games=8)
        first = selfplay(self.path("a"), 30, "vector", **args).manifest
        again = selfplay(self.path("b"), 30, "vector", **args).manifest
        self.assertEqual(first, again)
        other = selfplay(self.path("c"), 30, "vector", seed=12, shard_games=8).manifest
        self.assertNotEqual(first["shards"][0]["sha256"], other["shards"][0]["sha256"])
        # a shard lost, another's task run again after its worker died, a
        # temporary file of a task killed while writing: the rerun plays the
        # lost shard only and the result is the same
        os.unlink(self.path("a/shard-00002.npz"))
        params = json.dumps({k: v for k, v in first.items()
                             if k not in ("shards", "plies", "bytes")}, sort_keys=True)
        entry, played = play_shard(self.path("a"), 1, 8, 8, params, [Vector()])
        self.assertEqual((entry, played), (first["shards"][1], False))
        with open(self.path("a/.shard-00002.npz.tmp-dead"), "wb") as torn:
            torn.write(b"PK\x03\x04 half a zip")
        rerun = selfplay(self.path("a"), 30, "vector", **args)
        self.assertEqual((rerun.played, rerun.skipped), ([2], [0, 1, 3]))
        self.assertEqual(rerun.manifest, first)
        self.check_shards(self.path("a"), 2)

    def test_a_shard_of_another_job_is_not_taken(self):
        selfplay(self.path("x"), 4, "vector", seed=1, shard_games=4)
        with self.assertRaises(FileExistsError):
            selfplay(self.path("x"), 4, "vector", seed=2, shard_games=4)

    def test_bad_arguments(self):
        for players, kwargs, error in (("random", {}, TypeError),
                                       (["engine:"], {}, ValueError),
                                       (["python:random"], {}, ValueError),
                                       (["python:random"] * 2, {"setup": {"players": 3}},
                                        ValueError),
                                       ("vector", {"shard_games": 0}, ValueError),
                                       ("vector", {"stall_timeout": float("inf")}, ValueError),
                                       ("vector", {"stall_timeout": "x"}, ValueError),
                                       ("vector", {"stall_timeout": -1}, ValueError),
                                       ("vector", {"compress": "no"}, TypeError),
                                       ("vector", {"rotate": "no"}, TypeError),
                                       ("vector", {"seed": 1.0}, ValueError),
                                       ("vector", {"setup": {"players": 5}},
                                        packeis.PackeisError)):
            with self.assertRaises(error, msg=(players, kwargs)):
                selfplay(self.path("bad"), 4, players, **kwargs)
        # numpy's integers are counts and seeds (they were refused with
        # "games must be an integer >= 1, not 4").
        done = selfplay(self.path("numpy"), np.int64(4), "vector", shard_games=np.int32(2),
                        seed=np.uint64(3))
        self.assertEqual((done.played, done.manifest["games"]), ([0, 1], 4))


def command_line(*args):
    """python3 -m packeis.cluster ARGS: (status, stdout, stderr)."""
    done = subprocess.run([sys.executable, "-m", "packeis.cluster", "--no-progress", *args],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


class CommandLine(unittest.TestCase):
    def test_perft_and_divide(self):
        position, depth, count = conformance_case(9)
        status, out, err = command_line("perft", "--position", position, "--depth", str(depth),
                                        "--divide")
        self.assertEqual(status, 0, err)
        lines = out.splitlines()
        self.assertEqual(lines[-1], str(count))
        with packeis.Game.from_position(position) as game:
            divide = {game.format_move(m): n for m, n in game.divide(depth).items()}
        self.assertEqual(lines[:-1], [f"{m} {n}" for m, n in divide.items()])
        status, out, err = command_line("perft", "--seed", "3", "--depth", "3")
        self.assertEqual((status, out), (0, f"{packeis.Game(seed=3).perft(3)}\n"), err)

    def test_tournament_prints_the_table(self):
        args = ["--player", "random", "--player", "greedy", "--boards", "2"]
        status, out, err = command_line("tournament", "--program", TOURNAMENT,
                                        "--games-per-task", "3", "--", *args)
        self.assertEqual(status, 0, err)
        self.assertEqual(out, referee(*args, "--quiet"))

    def test_selfplay_writes_the_manifest(self):
        with tempfile.TemporaryDirectory() as scratch:
            status, out, err = command_line("selfplay", "--out", scratch, "--games", "5",
                                            "--shard-games", "2", "--players", "3")
            self.assertEqual(status, 0, err)
            self.assertIn("5 games", out)
            self.assertIn("3 shards (3 played, 0 found done and verified)", out)
            manifest = load_manifest(scratch)
            self.assertEqual((manifest["setup"], manifest["games"]), ({"players": 3}, 5))
            status, out, err = command_line("selfplay", "--out", scratch, "--games", "5",
                                            "--shard-games", "2", "--players", "3")
            self.assertIn("(0 played, 3 found done and verified)", out)

    def test_bad_arguments_are_refused_with_the_reason(self):
        for args, message in ((["perft", "--depth", "-1"], "not an integer >= 0"),
                              (["perft", "--depth", "2", "--split-depth", "3"],
                               "split_depth must be an integer in 0 ... 2"),
                              (["perft", "--position", "nonsense", "--depth", "2"],
                               "malformed"),
                              (["--local", "0", "perft", "--depth", "1"],
                               "not a positive integer"),
                              (["selfplay", "--out", "x", "--games", "2", "--seat", "python:nobody"],
                               "unknown seat 'python:nobody'"),
                              (["selfplay", "--out", "x", "--games", "2", "--players", "9"],
                               "players")):
            status, out, err = command_line(*args)
            self.assertNotEqual(status, 0, args)
            self.assertNotIn("Traceback", err)
            self.assertIn(message, err.lower() if message == "malformed" else err, args)
            self.assertEqual(out, "")


def flip_a_byte_of(path, member):
    """Changes one byte inside ``member``'s data of the zip ``path`` (not
    its header: the zip still opens, only the CRC check can tell)."""
    import zipfile
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    with open(path, "r+b") as file:
        file.seek(info.header_offset + 30 + len(info.filename) + len(info.extra) + 200)
        byte = file.read(1)
        file.seek(-1, os.SEEK_CUR)
        file.write(bytes([byte[0] ^ 0xFF]))


class Integrity(unittest.TestCase):
    """A shard is taken on resume only once verified; the manifest holds
    only checksums of verified bytes; verify checks a directory."""

    ARGS = dict(seed=1, shard_games=10)

    def setUp(self):
        self.scratch = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)
        self.out = os.path.join(self.scratch, "data")
        self.reference = selfplay(os.path.join(self.scratch, "ref"), 40, "vector",
                                  **self.ARGS).manifest
        selfplay(self.out, 40, "vector", **self.ARGS)

    def shard(self, index):
        return os.path.join(self.out, f"shard-{index:05d}.npz")

    def rerun_replaces(self, index):
        rerun = selfplay(self.out, 40, "vector", **self.ARGS)
        self.assertEqual(rerun.played, [index])
        self.assertEqual(sorted(rerun.skipped), sorted({0, 1, 2, 3} - {index}))
        self.assertEqual(rerun.replaced, {index: f"shard-{index:05d}.npz.bad-1"})
        self.assertTrue(os.path.exists(self.shard(index) + ".bad-1"), "kept for inspection")
        self.assertEqual(rerun.manifest, self.reference, "the same bytes as a clean run")
        self.assertEqual(checksum(self.shard(index)), self.reference["shards"][index]["sha256"])

    def test_a_flipped_byte_is_replayed(self):
        flip_a_byte_of(self.shard(2), "obs.npy")
        problems = verify(self.out).problems
        self.assertEqual(len(problems), 1)
        self.assertIn("shard-00002.npz: not a readable shard", problems[0])
        self.rerun_replaces(2)
        self.assertEqual(verify(self.out).problems, [])

    def test_a_flipped_byte_of_a_stored_shard_fails_its_crc(self):
        stored = os.path.join(self.scratch, "stored")
        first = selfplay(stored, 20, "vector", compress=False, **self.ARGS).manifest
        flip_a_byte_of(os.path.join(stored, "shard-00001.npz"), "obs.npy")
        self.assertIn("member obs.npy fails its CRC check", verify(stored).problems[0])
        rerun = selfplay(stored, 20, "vector", compress=False, **self.ARGS)
        self.assertEqual((rerun.played, rerun.manifest), ([1], first))

    def test_a_truncated_shard_is_replayed(self):
        with open(self.shard(3), "r+b") as file:
            file.truncate(os.path.getsize(self.shard(3)) // 2)
        self.rerun_replaces(3)

    def test_an_empty_shard_is_replayed(self):
        open(self.shard(1), "wb").close()
        self.rerun_replaces(1)

    def test_verify_finds_every_kind_of_fault(self):
        report = verify(self.out)
        self.assertEqual((report.problems, report.shards, report.games),
                         ([], 4, 40))
        self.assertEqual(report.plies, self.reference["plies"])
        manifest_path = os.path.join(self.out, "manifest.json")
        with open(manifest_path) as file:
            manifest = json.load(file)
        manifest["shards"][0]["sha256"] = "0" * 64
        with open(manifest_path, "w") as file:
            json.dump(manifest, file)
        shutil.copy(self.shard(1), os.path.join(self.out, "shard-00009.npz"))
        os.unlink(self.shard(3))
        problems = verify(self.out).problems
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("sha256", problems[0])
        self.assertIn("shard-00003.npz", problems[1])
        self.assertIn("shard-00009.npz: not in the manifest", problems[2])
        status, out, err = command_line("verify", self.out)
        self.assertEqual(status, 1)
        self.assertIn("3 problem(s)", err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)

    def tamper(self, index, **changes):
        """Rewrites shard ``index`` well formed (every CRC, dtype and shape
        right), its arrays changed by ``changes`` (name -> function)."""
        with np.load(self.shard(index)) as shard:
            arrays = {name: shard[name].copy() for name in shard.files}
        for name, change in changes.items():
            change(arrays[name])
        write_shard(self.shard(index), arrays, True)

    def test_well_formed_shards_whose_games_are_not_their_moves(self):
        # Each is a shard no task writes: every array there, every CRC,
        # dtype and shape right, but content its moves do not give.
        cases = {
            "to_act": lambda a: a.fill(7),
            "rewards": lambda a: a.fill(0.5),
            "fish": lambda a: a.__setitem__((0, 0), a[0, 0] + 1),
            "records": lambda a: a.fill("not a record"),
            "obs": lambda a: a.__setitem__((5, 0), a[5, 0] ^ np.uint64(1)),
            "legal": lambda a: a.__setitem__((5, 0), a[5, 0] ^ np.uint64(1)),
            "board_seeds": lambda a: a.__setitem__(0, a[0] + 1),
            "seat_players": lambda a: a.fill(1),
        }
        for name, change in cases.items():
            with self.subTest(name):
                self.tamper(2, **{name: change})
                problems = verify(self.out).problems
                self.assertEqual(len(problems), 1, problems)
                self.assertIn(f"shard-00002.npz: {name}", problems[0])
                self.rerun_replaces(2)
                os.unlink(self.shard(2) + ".bad-1")
        # A move the game refuses: the replay stops there.
        self.tamper(1, actions=lambda a: a.__setitem__(3, 4095))
        self.assertIn("its moves do not replay", verify(self.out).problems[0])
        self.rerun_replaces(1)

    def test_a_manifest_no_job_wrote_is_a_problem_not_a_crash(self):
        path = os.path.join(self.out, "manifest.json")
        with open(path) as file:
            good = json.load(file)
        for manifest, says in (([], "not a"), (dict(good, shard_games=0), "shard_games"),
                               (dict(good, games=None), "games"),
                               (dict(good, games=10**12, shard_games=1), "more than"),
                               (dict(good, shards=[5]), "shards")):
            with self.subTest(says), open(path, "w") as file:
                json.dump(manifest, file)
            problems = verify(self.out).problems
            self.assertEqual(len(problems), 1, problems)
            self.assertIn(says, problems[0])
            status, out, err = command_line("verify", self.out)
            self.assertEqual(status, 1, err)
            self.assertNotIn("Traceback", err)

    def test_verify_command_line(self):
        status, out, err = command_line("verify", self.out)
        self.assertEqual((status, err.count("\n")), (0, 1), err)
        self.assertIn("4 shards, 40 games", out)

    def test_a_relative_directory_is_made_absolute(self):
        here = os.getcwd()
        os.chdir(self.scratch)
        try:
            result = selfplay("relative", 10, "vector", seed=1, shard_games=10)
        finally:
            os.chdir(here)
        self.assertEqual(result.played, [0])
        self.assertTrue(os.path.exists(os.path.join(self.scratch, "relative", "shard-00000.npz")))

    def test_a_worker_that_cannot_see_the_directory_says_so(self):
        params = json.dumps(dict({k: v for k, v in self.reference.items()
                                  if k not in ("shards", "plies", "bytes")}), sort_keys=True)
        with self.assertRaisesRegex(FileNotFoundError, "does not see the client's"):
            play_shard(self.out, 0, 0, 10, params, [Vector()], None, ".packeis-job-missing")
        self.assertEqual(glob.glob(os.path.join(self.out, ".packeis-job-*")), [],
                         "the client's marker is gone after the job")


class Bounds(unittest.TestCase):
    def test_too_many_shards(self):
        with self.assertRaisesRegex(ValueError, "at most 100000"):
            selfplay(tempfile.mkdtemp(), 10**12, "vector", shard_games=1000)
        status, out, err = command_line("selfplay", "--out", tempfile.mkdtemp(), "--games",
                                        str(10**12))
        self.assertEqual(status, 1)
        self.assertIn("a job has at most 100000", err)

    def test_too_many_prefixes(self):
        with packeis.Game(seed=1) as game:
            with self.assertRaisesRegex(ValueError, "more than 1,000,000 prefixes"):
                perft(game, 6, split_depth=6)

    def test_depth_beyond_the_library(self):
        status, out, err = command_line("perft", "--depth", "1000")
        self.assertEqual(status, 1)
        self.assertIn("depth must be an integer in 0 ...", err)

    def test_a_missing_scheduler_file_times_out(self):
        started = time.monotonic()
        status, out, err = command_line("--scheduler-file", "/nonexistent/scheduler.json",
                                        "--timeout", "1", "perft", "--depth", "1")
        self.assertLess(time.monotonic() - started, 30)
        self.assertEqual(status, 1)
        self.assertIn("no scheduler file /nonexistent/scheduler.json after 1 s", err)
        self.assertNotIn("Traceback", err)

    def test_an_unknown_engine_player_is_named(self):
        status, out, err = command_line("--local", "1", "selfplay", "--out", tempfile.mkdtemp(),
                                        "--games", "2", "--seat", "nosuch", "--seat",
                                        "python:random", "--engine", ENGINE)
        self.assertEqual(status, 1)
        # Read by the players library (the one reader of the notation)
        # before packeis-engine is started.
        self.assertIn("'nosuch': no built-in player is called 'nosuch'", err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertNotIn("Broken pipe", err)
        self.assertNotIn("Traceback", err)


class WithoutDask(unittest.TestCase):
    def test_the_package_imports_and_runs_without_dask(self):
        code = ("import sys; sys.modules['dask'] = sys.modules['distributed'] = None\n"
                "import packeis, packeis.cluster as c\n"
                "from packeis.cluster import perft, tournament, selfplay\n"
                "print(c.perft(packeis.Game(seed=2), 3).total, packeis.Game(seed=2).perft(3))\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        a, b = done.stdout.split()
        self.assertEqual(a, b)


if __name__ == "__main__":
    disarm = arm_watchdog(240)
    try:
        unittest.main()
    finally:
        disarm()
