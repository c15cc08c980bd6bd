#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis-tournament as a referee: broken engines forfeit with the right
reason while the tournament completes; the schedule (seat orders, boards)
and the results do not depend on --jobs; every record loads in replay; bad
arguments are refused with the reason; a stopped run resumed (--resume)
ends as the whole run.

    test_referee.py --tournament EXE --broken EXE --replay EXE [--engine CMD]

With --engine, only the run of that engine against greedy is checked (the
Python example engine, in the 'python' suite).
"""
import argparse
import collections
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import unittest

ARGS = None


def environment():
    """The tournament's environment. A sanitized build runs the Python tests
    with the sanitizer's runtime in LD_PRELOAD, for the interpreter that
    loads the sanitized library; the tournament has its own runtime (clang
    links it in, and two runtimes refuse to start), so only the engine's
    command keeps the preload."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    return env


def engine_command():
    preload = os.environ.get("LD_PRELOAD")
    return f"env LD_PRELOAD={shlex.quote(preload)} {ARGS.engine}" if preload else ARGS.engine


def tournament(*args, check=True):
    """Runs the tournament; its JSON results and the process."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "results.json")
        done = subprocess.run([ARGS.tournament, "--quiet", "--json", path, *args],
                              capture_output=True, text=True, timeout=300, env=environment())
        if check:
            assert done.returncode == 0, done.stderr
            with open(path) as file:
                return json.load(file), done
        return None, done


def running_with(marker):
    """The processes running `sleep MARKER` (not zombies)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as file:
                    command = file.read().split(b"\0")[:2]
                with open(f"/proc/{entry}/stat") as file:
                    state = file.read().rpartition(")")[2].split()[0]
            except OSError:
                continue
            if command == [b"sleep", marker.encode()] and state != "Z":
                found.append(int(entry))
    return found


def table_row(results, player):
    return next(row for row in results["table"] if row["player"] == player)


class BrokenEngines(unittest.TestCase):
    """A gauntlet of random against the seven broken engines, both seats
    each: all 14 games are forfeited by the engine, each with its reason."""

    FAULTS = {
        "illegal": ("illegal", "PACKEIS_E_OCCUPIED"),
        "sleep": ("timeout", "no reply to go in time"),
        "exit": ("crash", "exited with status 3"),
        "garbage": ("garbage", "hello, referee"),
        "early": ("garbage", "unasked, before position and go"),
        "closeout": ("crash", "closed its output to go while running"),
        "exitchild": ("crash", "exited with status 3 to go"),
    }

    @classmethod
    def setUpClass(cls):
        cls.records = tempfile.TemporaryDirectory()
        engines = []
        for fault in cls.FAULTS:
            engines += ["--engine", f"{ARGS.broken} {fault}"]
        # A grace of 3 s, not 0.3: each engine's first move (a good one) must
        # come in time, two tests at once on two cores and under sanitizers;
        # only the "sleep" engine waits it out.
        cls.results, cls.process = tournament(
            "--player", "random", *engines, "--gauntlet", "--boards", "1", "--movetime", "20",
            "--grace", "3000", "--jobs", "4", "--records", cls.records.name)

    @classmethod
    def tearDownClass(cls):
        cls.records.cleanup()

    def test_each_fault_forfeits_with_its_reason(self):
        games = self.results["games"]
        self.assertEqual(len(games), 2 * len(self.FAULTS))
        seen = collections.Counter()
        for game in games:
            forfeit = game["forfeit"]
            self.assertIsNotNone(forfeit, game)
            name = forfeit["player"]
            fault = name[len("broken-"):]
            reason, detail = self.FAULTS[fault]
            self.assertEqual(forfeit["reason"], reason, game)
            self.assertIn(detail, forfeit["detail"], game)
            seat = forfeit["seat"]
            self.assertEqual(game["seats"][seat]["player"], name)
            self.assertEqual(game["seats"][seat]["rank"], 2)
            self.assertEqual(game["seats"][1 - seat]["rank"], 1)
            # The fault comes at the engine's second move: 2 or 3 plies in.
            self.assertIn(game["plies"], (2, 3), game)
            seen[fault] += 1
        self.assertEqual(seen, {fault: 2 for fault in self.FAULTS})

    def test_an_engine_failing_its_first_handshake_forfeits(self):
        """Not the end of the tournament (it was status 2 and no table): a
        warning, and each of its games forfeited with the reason."""
        results, done = tournament("--player", "random", "--player", "greedy",
                                   "--engine", f"{ARGS.broken} badhello", "--boards", "1",
                                   "--movetime", "20", "--grace", "3000")
        self.assertIn("its games will be forfeited", done.stderr)
        mine = [g for g in results["games"]
                if any("badhello" in s["player"] for s in g["seats"])]
        self.assertEqual(len(mine), 4)
        for game in mine:
            self.assertEqual(game["forfeit"]["reason"], "garbage", game)
            self.assertIn("not the handshake", game["forfeit"]["detail"])
        self.assertEqual(len(results["games"]), 6)

    def test_a_long_info_line_is_no_fault(self):
        """An info line longer than the referee's buffer (4,096 bytes) is
        cut and its rest dropped: it was read as a line of its own, a
        garbage forfeit of a good engine."""
        results, done = tournament("--player", "random", "--engine",
                                   f"{ARGS.broken} longinfo", "--boards", "1",
                                   "--movetime", "20", "--grace", "3000")
        self.assertEqual(len(results["games"]), 2)
        for game in results["games"]:
            self.assertIsNone(game["forfeit"], game)

    def test_a_variant_is_played_and_recorded(self):
        """--variant snake: the games are played with snake placement (the
        records and the JSON say it; an engine gets it in its positions);
        with the same seeds and players the games differ from the plain
        ones."""
        with tempfile.TemporaryDirectory() as records:
            snake, _ = tournament("--player", "greedy", "--player", "random", "--boards", "2",
                                  "--variant", "snake", "--records", records)
            for game in snake["games"]:
                self.assertEqual(game["variants"], ["snake"])
            with open(os.path.join(records, "game-00001.txt")) as file:
                self.assertIn('[Variants "snake"]', file.read())
        plain, _ = tournament("--player", "greedy", "--player", "random", "--boards", "2")
        self.assertEqual([g["variants"] for g in plain["games"]], [[]] * 4)
        self.assertNotEqual([g["seats"] for g in snake["games"]],
                            [g["seats"] for g in plain["games"]])
        done = subprocess.run([ARGS.tournament, "--player", "random", "--player", "greedy",
                               "--variant", "spiral"], capture_output=True, text=True,
                              timeout=30, env=environment())
        self.assertEqual(done.returncode, 2)
        self.assertIn("expected any-floe or snake, not 'spiral'", done.stderr)

    def test_an_unwritable_output_is_refused_before_any_game(self):
        for option in ("--json", "--csv"):
            with self.subTest(option=option):
                done = subprocess.run([ARGS.tournament, "--quiet", "--player", "random",
                                       "--player", "greedy", "--boards", "50", option,
                                       "/nonexistent/folder/out"], capture_output=True,
                                      text=True, timeout=30, env=environment())
                self.assertEqual(done.returncode, 2)
                self.assertIn(f"{option} /nonexistent/folder/out: cannot be written",
                              done.stderr)

    def test_no_child_of_an_engine_outlives_the_tournament(self):
        """An engine that starts a child of its own (here its shell starts
        `sleep 3017` before it becomes the engine): the referee stops the
        engine's whole process group, so nothing is left running with
        parent 1 once the tournament is over."""
        command = f"sh -c 'sleep 3017 & exec {ARGS.broken} exit'"
        results, _ = tournament("--player", "random", "--engine", command, "--boards", "1",
                                "--movetime", "20", "--grace", "3000")
        self.assertEqual(len(results["games"]), 2)
        left = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/cmdline", "rb") as file:
                        if file.read().split(b"\0")[:2] == [b"sleep", b"3017"]:
                            left.append(int(entry))
                except OSError:
                    pass
        self.assertEqual(left, [], "children of the engine still running")

    def hanging_tournament(self, marker, **popen):
        """A tournament whose engine hangs at its second go, once it has
        started `sleep MARKER` (in its group): the tournament's process."""
        env = dict(environment(), BROKEN_SLEEP=marker)
        run = subprocess.Popen([ARGS.tournament, "--quiet", "--player", "random", "--engine",
                                f"{ARGS.broken} hangchild", "--boards", "1", "--movetime", "20",
                                "--timeout", "60000"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=env, **popen)
        self.addCleanup(run.kill)
        deadline = time.monotonic() + 60
        while not running_with(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertTrue(running_with(marker), "the engine never hung")
        return run

    def test_a_tournament_ended_by_a_signal_takes_its_engines_down(self):
        """SIGINT (a Ctrl-C), SIGTERM or SIGHUP while an engine hangs: the
        engine's group is killed before the referee dies of the signal. (An
        engine runs in a group of its own, which a Ctrl-C does not reach: a
        hanging one lived on with parent 1.)"""
        for number, signal_number in enumerate((signal.SIGINT, signal.SIGTERM, signal.SIGHUP)):
            marker = f"{3020 + number}.{os.getpid()}"  # this run's alone
            # The signal at its default, whatever this test inherited (a
            # run under nohup ignores SIGHUP, which the tournament keeps).
            run = self.hanging_tournament(
                marker, preexec_fn=lambda n=signal_number: signal.signal(n, signal.SIG_DFL))
            run.send_signal(signal_number)
            self.assertEqual(run.wait(timeout=30), -signal_number)
            deadline = time.monotonic() + 10
            while running_with(marker) and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertEqual(running_with(marker), [], f"the engine's group after {signal_number!r}")

    def test_an_ignored_signal_stays_ignored(self):
        """Under nohup SIGHUP is ignored, and must stay so: the tournament
        goes on (it died of the SIGHUP the handler caught)."""
        marker = f"3023.{os.getpid()}"
        run = self.hanging_tournament(
            marker, preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
        run.send_signal(signal.SIGHUP)
        time.sleep(0.5)
        self.assertIsNone(run.poll(), "the tournament ended on an ignored SIGHUP")
        self.assertTrue(running_with(marker))
        run.send_signal(signal.SIGTERM)
        self.assertEqual(run.wait(timeout=30), -signal.SIGTERM)

    def test_the_table_counts_the_forfeits(self):
        random = table_row(self.results, "random")
        games = 2 * len(self.FAULTS)
        self.assertEqual((random["games"], random["wins"], random["forfeits"]), (games, games, 0))
        for fault in self.FAULTS:
            row = table_row(self.results, "broken-" + fault)
            self.assertEqual((row["games"], row["losses"], row["forfeits"]), (2, 2, 2))
        self.assertIn("forfeits: timeout", self.process.stdout)

    def test_every_record_loads_in_replay(self):
        with open(os.path.join(self.records.name, "index.csv")) as file:
            lines = file.read().splitlines()
        self.assertEqual(len(lines), 2 * len(self.FAULTS) + 1)
        for line in lines[1:]:
            record = os.path.join(self.records.name, line.split(",")[1])
            done = subprocess.run([ARGS.replay, record], capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("provisional standings", done.stdout)


class Schedule(unittest.TestCase):
    def test_results_do_not_depend_on_jobs(self):
        # The random players draw from their seeds: the same games need the
        # same seed for each seat of each game, whichever thread plays it.
        players = ["--player", "random", "--player", "greedy", "--player", "random",
                   "--boards", "2", "--seed", "5"]
        one, _ = tournament(*players, "--jobs", "1")
        three, _ = tournament(*players, "--jobs", "3")
        self.assertEqual(one, three)
        self.assertEqual(len(one["games"]), 3 * 2 * 2)
        other, _ = tournament(*players[:-1], "6")
        self.assertNotEqual([g["board_seed"] for g in one["games"]],
                            [g["board_seed"] for g in other["games"]])

    def test_every_board_in_every_seat_order(self):
        # Two boards, each twice with the seats swapped.
        results, _ = tournament("--player", "random", "--player", "greedy", "--boards", "2")
        orders = [(g["board"], tuple(s["player"] for s in g["seats"]))
                  for g in results["games"]]
        self.assertEqual(sorted(orders), [(0, ("greedy", "random")), (0, ("random", "greedy")),
                                          (1, ("greedy", "random")), (1, ("random", "greedy"))])

    def check_orders(self, players, extra, count):
        args = []
        for name in ["random", "greedy", "random:x", "greedy:y"][:players]:
            args += ["--player", name.split(":")[0]]
        results, _ = tournament(*args, "--players", str(players), "--boards", "1", *extra)
        games = results["games"]
        self.assertEqual(len(games), count)
        labels = [row["player"] for row in results["table"]]
        for seat in range(players):
            # Every participant sits in every seat equally often.
            sitting = collections.Counter(g["seats"][seat]["player"] for g in games)
            self.assertEqual(sorted(sitting), sorted(labels))
            self.assertEqual(len(set(sitting.values())), 1, sitting)
        for g in games:
            ranks = sorted(s["rank"] for s in g["seats"])
            self.assertEqual(ranks[0], 1)
            self.assertLessEqual(ranks[-1], players)
        return results

    def test_three_players_every_permutation(self):
        results = self.check_orders(3, [], 6)
        for row in results["table"]:
            self.assertEqual(sum(row["places"]), 6)
            self.assertAlmostEqual(
                row["mean_rank"], sum((k + 1) * n for k, n in enumerate(row["places"])) / 6,
                places=5)

    def test_four_players_rotations(self):
        self.check_orders(4, ["--orders", "rotations"], 4)

    def test_four_players_every_permutation(self):
        self.check_orders(4, [], 24)


class Arguments(unittest.TestCase):
    def refused(self, *args, says):
        _, done = tournament(*args, check=False)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn(says, done.stderr)

    def test_bad_values_say_which_and_why(self):
        self.refused("--player", "random", "--player", "greedy", "--players", "5",
                     says="--players: 5 is out of range (2 to 4)")
        self.refused("--player", "random", "--player", "greedy", "--seed", "x",
                     says="--seed: not a non-negative integer below 2^64: 'x'")
        self.refused("--player", "random", "--player", "nobody", says="'nobody'")
        self.refused("--player", "random", "--player", "greedy:depth=3",
                     says="depth=3: no such option")
        self.refused("--player", "random", says="1 participants for games of 2 players")
        self.refused("--player", "random", "--engine", f"{ARGS.broken} garbage",
                     "--orders", "some", says="--orders")
        self.refused("--player", "random", "--engine", "exit 1", says="'exit 1'")
        self.refused("--player", "random", "--player", "greedy", "--boards",
                     says="--boards needs a value")

    def test_both_forms_of_a_value_and_help(self):
        a, _ = tournament("--player", "random", "--player", "greedy", "--seed=4", "--boards=1")
        b, _ = tournament("--player", "random", "--player", "greedy", "--seed", "4",
                          "--boards", "1")
        self.assertEqual(a, b)
        done = subprocess.run([ARGS.tournament, "--help"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0)
        self.assertIn("usage: packeis-tournament", done.stdout)


class SeatNotation(unittest.TestCase):
    """--player takes the seat notation of packeis-play and packeis.cluster
    (examples/README.md, "Seats"): engine:COMMAND, NAME[:STRENGTH]."""

    @staticmethod
    def games(results):
        return [(g["plies"], [s["fish"] for s in g["seats"]]) for g in results["games"]]

    def test_engine_command_is_the_engine_option(self):
        results, _ = tournament("--player", "random", "--player", f"engine:{ARGS.broken} garbage",
                                "--boards", "1")
        forfeits = [g["forfeit"] for g in results["games"]]
        self.assertEqual(len(forfeits), 2)
        for forfeit in forfeits:
            self.assertEqual(forfeit["reason"], "garbage", forfeit)

    def test_a_budget_of_its_own_wins_over_nodes(self):
        # montecarlo's budget is its playouts: "montecarlo:30" plays 30 a move
        # with or without --nodes, as "montecarlo" does with --nodes 30.
        common = ["--player", "random", "--boards", "2", "--seed", "3"]
        own, _ = tournament("--player", "montecarlo:30", *common)
        own_with_nodes, _ = tournament("--player", "montecarlo:30", *common, "--nodes", "3000")
        nodes, _ = tournament("--player", "montecarlo", *common, "--nodes", "30")
        more, _ = tournament("--player", "montecarlo", *common, "--nodes", "3000")
        self.assertEqual(self.games(own), self.games(own_with_nodes))
        self.assertEqual(self.games(own), self.games(nodes))
        self.assertNotEqual(self.games(own), self.games(more))
        self.assertIn("montecarlo:30", [row["player"] for row in own["table"]])

    def test_a_repeated_player_plays_under_its_own_label(self):
        # The second "random" is shown as "random#2" and still plays as
        # random (it used to forfeit every game: its label was taken for
        # its spec).
        results, _ = tournament("--player", "random", "--player", "greedy", "--player", "random",
                                "--boards", "1")
        self.assertEqual(sorted(row["player"] for row in results["table"]),
                         ["greedy", "random", "random#2"])
        self.assertEqual([g["forfeit"] for g in results["games"]], [None] * 6)
        self.assertEqual(results["anchor"], "random")

    def test_a_person_is_refused(self):
        _, done = tournament("--player", "human", "--player", "random", check=False)
        self.assertEqual(done.returncode, 2)
        self.assertIn("--player human: a tournament has no person", done.stderr)


class Resume(unittest.TestCase):
    """--results FILE --resume: a run stopped half-way (here: FILE cut
    after some of its games) plays only the games FILE lacks, and FILE
    ends as the whole run's would, in another order."""

    PLAYERS = ["--player", "random", "--player", "greedy", "--boards", "3", "--seed", "8"]

    def run_slice(self, *args, check=True):
        done = subprocess.run([ARGS.tournament, "--quiet", *self.PLAYERS, *args],
                              capture_output=True, text=True, timeout=300, env=environment())
        if check:
            self.assertEqual(done.returncode, 0, done.stderr)
        return done

    @staticmethod
    def lines(path):
        with open(path) as file:
            return file.read().splitlines()

    def test_a_stopped_run_is_finished_and_merges_as_the_whole(self):
        with tempfile.TemporaryDirectory() as scratch:
            whole, cut = os.path.join(scratch, "whole"), os.path.join(scratch, "cut")
            self.run_slice("--games", "1-6", "--results", whole)
            header, schedule, *games = self.lines(whole)
            self.assertEqual((header, schedule[:9]), ("packeis-tournament-results 2", "schedule "))
            self.assertEqual(len(games), 6)
            with open(cut, "w") as file:  # games 2 and 5 were played, then the run stopped
                file.write("\n".join([header, schedule, games[1], games[4]]) + "\n")
            self.run_slice("--games", "1-6", "--results", cut, "--resume")
            resumed = self.lines(cut)
            self.assertEqual(resumed[:4], [header, schedule, games[1], games[4]])
            self.assertEqual(sorted(resumed[4:]), sorted(games[:1] + games[2:4] + games[5:]))
            # Nothing left to play: the file stays as it is.
            self.run_slice("--games", "1-6", "--results", cut, "--resume")
            self.assertEqual(self.lines(cut), resumed)
            a, _ = tournament(*self.PLAYERS, "--merge", whole)
            b, _ = tournament(*self.PLAYERS, "--merge", cut)
            self.assertEqual(a, b)

    def test_a_line_cut_off_when_the_run_was_killed_is_dropped(self):
        with tempfile.TemporaryDirectory() as scratch:
            whole, cut = os.path.join(scratch, "whole"), os.path.join(scratch, "cut")
            self.run_slice("--games", "1-3", "--results", whole)
            header, schedule, *games = self.lines(whole)
            with open(cut, "w") as file:  # game 3 was being written: its record cut short
                file.write("\n".join([header, schedule, games[0], games[2][:-40]]))
            done = subprocess.run([ARGS.tournament, "--quiet", *self.PLAYERS, "--merge", cut],
                                  capture_output=True, text=True, env=environment())
            self.assertIn(cut + ":4: cut off (no line feed)", done.stderr)  # --merge refuses it
            done = self.run_slice("--games", "1-3", "--results", cut, "--resume")
            self.assertIn("its last line, cut off, dropped", done.stderr)
            resumed = self.lines(cut)
            self.assertEqual(resumed[:3], [header, schedule, games[0]])
            self.assertEqual(sorted(resumed[3:]), sorted(games[1:]))
            with open(cut, "w") as file:  # not even the header whole: begun anew
                file.write(header[:10])
            self.run_slice("--games", "1-3", "--results", cut, "--resume")
            self.assertEqual(len(self.lines(cut)), 5)
            with open(cut, "w") as file:  # no line end, and not a results file: left alone
                file.write('{"mine": 1}')
            done = self.run_slice("--games", "1-3", "--results", cut, "--resume", check=False)
            self.assertIn("not a results file (no line ends)", done.stderr)
            self.assertEqual(self.lines(cut), ['{"mine": 1}'])

    def test_a_forged_result_is_refused_a_version_1_file_read_with_a_warning(self):
        with tempfile.TemporaryDirectory() as scratch:
            path, forged, old = (os.path.join(scratch, n) for n in ("results", "forged", "old"))
            self.run_slice("--results", path)
            header, schedule, first, *rest = self.lines(path)
            fields = first.split("\t")
            fields[9] = ",".join(reversed(fields[9].split(",")))  # the fish swapped
            self.assertNotEqual(fields[9], first.split("\t")[9])
            with open(forged, "w") as file:
                file.write("\n".join([header, schedule, "\t".join(fields), *rest]) + "\n")
            done = subprocess.run([ARGS.tournament, *self.PLAYERS, "--merge", forged],
                                  capture_output=True, text=True, env=environment())
            self.assertEqual(done.returncode, 1)
            self.assertIn(forged + ":3: game 1: its fish or places are not those of its record",
                          done.stderr)
            with open(old, "w") as file:  # what this program wrote before signatures
                file.write("\n".join(["packeis-tournament-results 1", first, *rest]) + "\n")
            a, _ = tournament(*self.PLAYERS, "--merge", path)
            b, done = tournament(*self.PLAYERS, "--merge", old)
            self.assertEqual(a, b)
            self.assertIn("a version 1 file: its players and budgets cannot be checked",
                          done.stderr)

    def test_a_failed_game_is_played_again_and_its_new_line_counts(self):
        with tempfile.TemporaryDirectory() as scratch:
            path, failed = os.path.join(scratch, "whole"), os.path.join(scratch, "failed")
            self.run_slice("--results", path)
            header, schedule, *games = self.lines(path)
            fields = games[1].split("\t")
            fields[2], fields[3], fields[11] = "1", "apply: out of memory", "garbage"
            with open(failed, "w") as file:  # game 2 failed (the library out of memory)
                file.write("\n".join([header, schedule, games[0], "\t".join(fields),
                                      *games[2:]]) + "\n")
            self.run_slice("--results", failed, "--resume")
            resumed = self.lines(failed)
            self.assertEqual(len(resumed), 2 + 7)  # the failed line, then the game again
            self.assertEqual(resumed[-1], games[1])
            a, _ = tournament(*self.PLAYERS, "--merge", path)
            b, _ = tournament(*self.PLAYERS, "--merge", failed)
            self.assertEqual(a, b)

    def test_an_output_on_another_or_on_an_input_is_refused(self):
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "results")
            done = self.run_slice("--results", path, "--csv",
                                  os.path.join(scratch, ".", "results"), check=False)
            self.assertEqual(done.returncode, 2)
            self.assertIn("--csv and --results name the same file", done.stderr)
            self.assertFalse(os.path.exists(path))
            self.run_slice("--results", path)
            before = self.lines(path)
            done = self.run_slice("--merge", path, "--json", os.path.join(scratch, "..",
                                  os.path.basename(scratch), "results"), check=False)
            self.assertEqual(done.returncode, 2)
            self.assertIn("would overwrite --merge", done.stderr)
            self.assertEqual(self.lines(path), before)

    def test_no_file_or_an_empty_one_is_a_run_not_begun(self):
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "results")
            self.run_slice("--games", "1-2", "--results", path, "--resume")
            self.assertEqual(len(self.lines(path)), 4)
            open(path, "w").close()
            self.run_slice("--games", "1-2", "--results", path, "--resume")
            self.assertEqual(len(self.lines(path)), 4)

    def test_a_file_of_another_tournament_or_no_results_is_refused_untouched(self):
        # The same seats, another seed: the boards tell them apart.
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "results")
            subprocess.run([ARGS.tournament, "--quiet", "--player", "greedy", "--player",
                            "random", "--boards", "1", "--games", "1-2", "--results", path],
                           check=True, capture_output=True, env=environment())
            before = self.lines(path)
            done = self.run_slice("--games", "1-2", "--results", path, "--resume", check=False)
            self.assertEqual(done.returncode, 1)
            self.assertIn("--resume: " + path + ":2: another tournament's games", done.stderr)
            self.assertEqual(self.lines(path), before)
            with open(path, "w") as file:
                file.write("not results\n")
            done = self.run_slice("--games", "1-2", "--results", path, "--resume", check=False)
            self.assertIn("not 'packeis-tournament-results 2'", done.stderr)
            self.assertEqual(self.lines(path), ["not results"])
            done = self.run_slice("--resume", check=False)
            self.assertEqual(done.returncode, 2)
            self.assertIn("--resume needs --results FILE", done.stderr)


class Review(unittest.TestCase):
    """--review: every game of the table reviewed after it is played, each
    participant's mean loss a move, accuracy and blunders a game added to
    the table, CSV and JSON. mcts (1,000 playouts a move) against random,
    reviewed by the default estimator (mcts, 20,000 playouts) without the
    solver, so that it runs in seconds; node budgets make it the same run
    on every machine."""

    PLAYERS = ["--player", "mcts:1000", "--player", "random", "--boards", "2", "--seed", "1"]
    REVIEW = ["--review", "--review-solver", "0"]

    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        cls.csv = os.path.join(cls.scratch.name, "table.csv")
        cls.results, cls.process = tournament(*cls.PLAYERS, *cls.REVIEW, "--jobs", "2",
                                              "--csv", cls.csv)
        cls.rows = {row["player"]: row for row in cls.results["table"]}

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def test_the_figures_are_in_range(self):
        self.assertEqual(self.results["reviewer"],
                         {"estimator": "mcts:20000", "solver_nodes": 0})
        for row in self.rows.values():
            with self.subTest(player=row["player"]):
                self.assertTrue(0 <= row["average_loss"] <= 2)
                self.assertTrue(0 <= row["accuracy"] <= 100)
                self.assertTrue(0 <= row["blunders_per_game"] <= row["reviewed_moves"] / 4)
                self.assertGreater(row["reviewed_moves"], 4 * 10)  # 4 games, 10+ moves each

    def test_random_loses_far_more_a_move_than_mcts(self):
        mcts, random = self.rows["mcts:1000"], self.rows["random"]
        self.assertGreater(random["average_loss"], 2 * mcts["average_loss"])
        self.assertLess(random["accuracy"], mcts["accuracy"])

    def test_the_table_and_csv_have_the_columns(self):
        table = self.process.stdout.splitlines()
        header = next(line for line in table if line.lstrip().startswith("# player"))
        self.assertIn("rank     loss  accuracy  ??/game   score", header)
        row = next(line for line in table if line.split()[1:2] == ["random"])
        loss, accuracy, blunders = row.split()[9:12]
        self.assertAlmostEqual(float(loss), self.rows["random"]["average_loss"], places=3)
        self.assertAlmostEqual(float(accuracy), self.rows["random"]["accuracy"], places=1)
        self.assertAlmostEqual(float(blunders), self.rows["random"]["blunders_per_game"],
                               places=2)
        self.assertIn("(mcts:20000, solver 0 positions)", self.process.stdout)
        with open(self.csv) as file:
            lines = file.read().splitlines()
        self.assertTrue(lines[0].endswith(
            ",elo,elo_low,elo_high,average_loss,accuracy,blunders_per_game,reviewed_moves"))
        mine = next(line for line in lines if '"random"' in line).split(",")
        self.assertAlmostEqual(float(mine[-4]), self.rows["random"]["average_loss"], places=5)
        self.assertEqual(int(mine[-1]), self.rows["random"]["reviewed_moves"])

    def test_without_it_the_output_is_as_before(self):
        results, done = tournament(*self.PLAYERS, "--csv", os.path.join(self.scratch.name, "b"))
        self.assertNotIn("reviewer", results)
        for row in results["table"]:
            self.assertNotIn("average_loss", row)
            self.assertEqual(row["score"], self.rows[row["player"]]["score"])
        self.assertIn("  # player     games  wins draws losses forfeits   fish  rank   score     Elo"
                      "  95 % interval\n", done.stdout)
        self.assertNotIn("accuracy", done.stdout)
        with open(os.path.join(self.scratch.name, "b")) as file:
            self.assertTrue(file.readline().endswith(",elo,elo_low,elo_high\n"))

    def test_merged_slices_give_the_whole_runs_figures(self):
        """The review is of the table's games: after --merge, the games of
        the results files; the same figures as the whole run, one job."""
        with tempfile.TemporaryDirectory() as scratch:
            parts = [os.path.join(scratch, "a"), os.path.join(scratch, "b")]
            for games, path in zip(("1-3", "4-4"), parts):
                _, done = tournament(*self.PLAYERS, "--games", games, "--results", path,
                                     check=False)
                self.assertEqual(done.returncode, 0, done.stderr)
            merged, _ = tournament(*self.PLAYERS, *self.REVIEW, "--merge", parts[0], "--merge",
                                   parts[1])
            # A game missing: refused, as without --review (its records,
            # kept for the review, were freed twice: SIGABRT).
            _, done = tournament(*self.PLAYERS, *self.REVIEW, "--merge", parts[0], check=False)
        self.assertEqual(merged["table"], self.results["table"])
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("game 4 of 4 is in no --merge file", done.stderr)

    def test_bad_uses_are_refused_before_any_game(self):
        cases = [
            (["--review=random"], "random values no move, so it cannot review"),
            (["--review=mcts:fast"], "--review='mcts:fast'"),
            (["--review-solver", "10"], "--review-solver is the review's: give --review too"),
            (["--review", "--games", "1-2", "--results", os.devnull],
             "--review reviews the games of the table"),
        ]
        for extra, message in cases:
            with self.subTest(extra=extra):
                _, done = tournament(*self.PLAYERS, *extra, check=False)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(message, done.stderr)


class ExternalEngine(unittest.TestCase):
    def test_the_engine_plays_whole_games(self):
        results, _ = tournament("--player", "greedy", "--engine", engine_command(),
                                "--boards", "1", "--nodes", "64")
        self.assertEqual(len(results["games"]), 2)
        for game in results["games"]:
            self.assertIsNone(game["forfeit"], game)
            self.assertGreater(game["plies"], 8)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournament", required=True)
    parser.add_argument("--broken")
    parser.add_argument("--replay")
    parser.add_argument("--engine")
    ARGS, rest = parser.parse_known_args()
    loader = unittest.defaultTestLoader
    if ARGS.engine:
        suite = loader.loadTestsFromTestCase(ExternalEngine)
    else:
        cases = (BrokenEngines, Schedule, Arguments, SeatNotation, Resume, Review)
        suite = unittest.TestSuite(loader.loadTestsFromTestCase(case) for case in cases)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
