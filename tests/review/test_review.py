#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis-review as a person runs it: the exact review of a small game
worked out by hand, read back from --json; bad records named with the
reason while the good ones are reviewed; every field of doc/formats.md's
"Review (JSON)"; a well-formed --svg; Ctrl-C during a long review.

    test_review.py --review EXE --data DIR --demo EXE

DIR is tests/review (the records); demo makes a 3-player record.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ARGS = None
SVG = "{http://www.w3.org/2000/svg}"

PLY_FIELDS = ["ply", "player", "played", "best", "forced", "valued", "exact", "value_before",
              "value_after", "loss", "accuracy", "judgement", "margin_before", "margin_after",
              "fish_loss", "nodes"]
SUMMARY_FIELDS = ["player", "moves", "forced", "unvalued", "exact", "average_loss", "accuracy",
                  "inaccuracies", "mistakes", "blunders", "fish_lost"]


def data(name):
    return os.path.join(ARGS.data, name)


def review(*args, stdin=None, timeout=300):
    """Runs packeis-review with --json; the JSON (or None) and the process."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "review.json")
        done = subprocess.run([ARGS.review, "--json", path, *args], capture_output=True,
                              text=True, timeout=timeout, input=stdin)
        if not os.path.exists(path):
            return None, done
        with open(path) as file:
            return json.load(file), done


class HandWorked(unittest.TestCase):
    """One row of four floes, x = 0, 2, 4, 6 with 1, 1, 3, 1 fish; two
    players of one penguin. Worked out by hand (cells a1 ... a4):

    A's placements (B then answers as best it can): on a1, B takes a2 and
    A is stuck at once: A 1 fish, B 5, margin -4; on a2, B takes a4 (on a1
    A would win 5 to 1) and A's best is a2-a3: 4 to 1, +3; on a4, B takes
    a2 and A can only go a4-a3: 4 to 2, +2. So a2 is best (+3), and a1 (-4)
    a blunder: exact values 1 and -1, loss 2, 7 fish.
    After a1, B's placements: on a2, +4 for B (A stuck at once); on a4, the
    row of test_review.c, -4 for B. So a4 loses 2 and 8 fish.
    Then A's a1-a2 loses (-2) where a1-a3 wins (+4): loss 2, 6 fish; and B's
    a4-a3 is its only move (forced). row_blunders.txt is that game;
    row_best.txt is the best line, a2 a4 a2-a3, every move loss 0."""

    @classmethod
    def setUpClass(cls):
        cls.result, cls.process = review("--quiet", data("row_blunders.txt"),
                                         data("row_best.txt"))

    def test_status_and_header(self):
        self.assertEqual(self.process.returncode, 0, self.process.stderr)
        self.assertEqual(self.result["format"], "packeis-review")
        self.assertEqual(self.result["version"], 1)
        self.assertEqual(self.result["reviewer"],
                         {"estimator": "mcts:20000", "solver_nodes": 200000})
        self.assertEqual([g["source"] for g in self.result["games"]],
                         [data("row_blunders.txt"), data("row_best.txt")])

    def test_every_blunder_exact(self):
        game = self.result["games"][0]
        self.assertEqual(game["players"], 2)
        self.assertTrue(game["complete"])
        plies = game["plies"]
        want = [(0, 0, "a1", "a2", 3, -4, 7), (1, 1, "a4", "a2", 4, -4, 8),
                (2, 0, "a1-a2", "a1-a3", 4, -2, 6)]
        self.assertEqual(len(plies), 4)
        for ply, (index, player, played, best, before, after, fish) in zip(plies, want):
            with self.subTest(ply=index):
                self.assertEqual((ply["ply"], ply["player"], ply["played"], ply["best"]),
                                 (index, player, played, best))
                self.assertTrue(ply["valued"] and ply["exact"] and not ply["forced"])
                self.assertEqual((ply["value_before"], ply["value_after"], ply["loss"]),
                                 (1, -1, 2))
                self.assertEqual((ply["margin_before"], ply["margin_after"], ply["fish_loss"]),
                                 (before, after, fish))
                self.assertEqual(ply["judgement"], "blunder")
                self.assertEqual(ply["accuracy"], 0)
        forced = plies[3]
        self.assertEqual((forced["ply"], forced["player"], forced["played"], forced["best"]),
                         (3, 1, "a4-a3", "a4-a3"))
        self.assertTrue(forced["forced"])
        self.assertFalse(forced["valued"] or forced["exact"])
        self.assertEqual((forced["value_before"], forced["value_after"], forced["margin_before"],
                          forced["fish_loss"]), (None, None, None, None))
        self.assertEqual((forced["loss"], forced["accuracy"], forced["judgement"]),
                         (0, 100, "good"))

    def test_summary_of_the_blunders(self):
        a, b = self.result["games"][0]["summary"]
        self.assertEqual(a, {"player": 0, "moves": 2, "forced": 0, "unvalued": 0, "exact": 2,
                             "average_loss": 2, "accuracy": 0, "inaccuracies": 0,
                             "mistakes": 0, "blunders": 2, "fish_lost": 13})
        self.assertEqual(b, {"player": 1, "moves": 1, "forced": 1, "unvalued": 0, "exact": 1,
                             "average_loss": 2, "accuracy": 0, "inaccuracies": 0,
                             "mistakes": 0, "blunders": 1, "fish_lost": 8})

    def test_the_best_line_loses_nothing(self):
        game = self.result["games"][1]
        self.assertEqual([p["played"] for p in game["plies"]], ["a2", "a4", "a2-a3"])
        self.assertEqual([p["best"] for p in game["plies"]], ["a2", "a4", "a2-a3"])
        # A wins by 3 whatever; B loses by 3 whatever it does from a4 on.
        self.assertEqual([p["margin_before"] for p in game["plies"]], [3, -3, 3])
        self.assertEqual([p["value_before"] for p in game["plies"]], [1, -1, 1])
        for ply in game["plies"]:
            self.assertEqual((ply["loss"], ply["fish_loss"], ply["judgement"], ply["accuracy"]),
                             (0, 0, "good", 100))
        self.assertEqual([s["average_loss"] for s in game["summary"]], [0, 0])
        self.assertEqual([s["accuracy"] for s in game["summary"]], [100, 100])

    def test_the_table_in_the_terminal(self):
        lines = self.process.stdout.splitlines()
        self.assertIn(f"{data('row_blunders.txt')}: 2 players, 4 plies", lines)
        row = next(line for line in lines if line.strip().startswith("3.  A"))
        self.assertEqual(row.split(), ["3.", "A", "a1-a2", "a1-a3", "+1.00", "->", "-1.00", "=",
                                       "2.00", "??", "6", "fish"])
        self.assertTrue(any(line.split()[1:] == ["B", "a4-a3", "forced"] for line in lines
                            if line.strip()))
        summary = next(line for line in lines if line.split()[:1] == ["A"])
        self.assertEqual(summary.split(),
                         ["A", "2", "0", "2.000", "0.0", "0", "0", "2", "2", "13"])

    def test_without_the_solver_nothing_is_exact(self):
        result, done = review("--quiet", "--solver-nodes", "0", "--budget", "2000",
                              data("row_blunders.txt"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(result["reviewer"], {"estimator": "mcts:2000", "solver_nodes": 0})
        ply = result["games"][0]["plies"][2]
        self.assertFalse(ply["exact"])
        self.assertEqual((ply["margin_before"], ply["fish_loss"]), (None, None))
        # mcts loses every playout after a1-a2 and wins every one after a1-a3.
        self.assertEqual((ply["best"], ply["loss"], ply["judgement"]), ("a1-a3", 2, "blunder"))

    def test_standard_input(self):
        with open(data("row_blunders.txt")) as file:
            result, done = review("--quiet", "-", stdin=file.read())
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(result["games"][0]["source"], "-")
        self.assertEqual(result["games"][0]["summary"][0]["fish_lost"], 13)


class Schema(unittest.TestCase):
    """Every field of doc/formats.md's "Review (JSON)", of the right type,
    on a real game (mcts against random, standard board) and a 3-player
    game (no solver there: nothing exact)."""

    def check_game(self, game, players):
        self.assertEqual(set(game), {"source", "players", "plies", "summary", "complete"})
        self.assertEqual(game["players"], players)
        for index, ply in enumerate(game["plies"]):
            self.assertEqual(list(ply), PLY_FIELDS)
            self.assertEqual(ply["ply"], index)
            self.assertIn(ply["player"], range(players))
            self.assertIn(ply["judgement"], ("good", "inaccuracy", "mistake", "blunder"))
            self.assertIsInstance(ply["nodes"], int)
            if ply["valued"]:
                self.assertTrue(-1 <= ply["value_before"] <= 1 and -1 <= ply["value_after"] <= 1)
                self.assertAlmostEqual(ply["loss"],
                                       max(0, ply["value_before"] - ply["value_after"]),
                                       places=3)
                self.assertTrue(0 <= ply["accuracy"] <= 100)
            else:
                self.assertIsNone(ply["value_before"])
            if not ply["exact"]:
                self.assertIsNone(ply["margin_before"])
            else:
                self.assertEqual(ply["fish_loss"],
                                 max(0, ply["margin_before"] - ply["margin_after"]))
        self.assertEqual([s["player"] for s in game["summary"]], list(range(players)))
        for summary in game["summary"]:
            self.assertEqual(list(summary), SUMMARY_FIELDS)
            mine = [p for p in game["plies"] if p["player"] == summary["player"]]
            valued = [p for p in mine if p["valued"]]
            self.assertEqual(summary["moves"], len(valued))
            self.assertEqual(summary["forced"], sum(p["forced"] for p in mine))
            self.assertEqual(summary["blunders"],
                             sum(p["judgement"] == "blunder" for p in valued))
            if valued:
                self.assertAlmostEqual(summary["average_loss"],
                                       sum(p["loss"] for p in valued) / len(valued), places=3)

    def test_two_players(self):
        result, done = review("--quiet", "--budget", "500", "--solver-nodes", "20000",
                              data("standard_game.txt"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(list(result), ["format", "version", "reviewer", "games"])
        self.assertEqual(result["reviewer"], {"estimator": "mcts:500", "solver_nodes": 20000})
        game = result["games"][0]
        self.check_game(game, 2)
        self.assertEqual(len(game["plies"]), 58)
        self.assertTrue(any(p["exact"] for p in game["plies"]))  # the endgame is solved

    def test_three_players(self):
        with tempfile.TemporaryDirectory() as scratch:
            record = os.path.join(scratch, "three.txt")
            subprocess.run([ARGS.demo, "--seed", "7", "--players", "3", "--quiet", "--no-color",
                            "--record", record], check=True, capture_output=True, timeout=60)
            result, done = review("--quiet", "--budget", "300", record)
        self.assertEqual(done.returncode, 0, done.stderr)
        game = result["games"][0]
        self.check_game(game, 3)
        self.assertFalse(any(p["exact"] for p in game["plies"]))


class BadRecords(unittest.TestCase):
    """An illegal move, a file not there, a folder and a file that is no
    record among good records: each named on standard error with the
    reason (the action and its place for the illegal move), an error entry
    in the JSON, the good ones reviewed, exit status 1."""

    def test_errors_named_the_rest_reviewed(self):
        with tempfile.TemporaryDirectory() as scratch:
            missing = os.path.join(scratch, "missing.txt")
            garbage = os.path.join(scratch, "garbage.txt")
            with open(garbage, "w") as file:
                file.write("[Game \"chess\"]\n")
            records = [data("row_best.txt"), data("illegal_move.txt"), missing, scratch,
                       garbage, data("row_blunders.txt")]
            result, done = review("--quiet", *records)
        self.assertEqual(done.returncode, 1)
        errors = done.stderr.splitlines()
        illegal = (f"{data('illegal_move.txt')}:10:16: action 3 (a1-a4) cannot be played: "
                   "a penguin is in the way (PACKEIS_E_BLOCKED_BY_PENGUIN)")
        self.assertEqual(errors, [
            f"packeis-review: {illegal}",
            f"packeis-review: {missing}: No such file or directory",
            f"packeis-review: {scratch}: Is a directory",
            f"packeis-review: {garbage}:1:8: not a game record (no [Game \"packeis\"] line "
            "first): malformed text (PACKEIS_E_MALFORMED_TEXT)",
        ])
        games = result["games"]
        self.assertEqual([g["source"] for g in games], records)
        self.assertEqual(games[1], {"source": records[1], "error": illegal})
        for game in games[1:5]:
            self.assertEqual(set(game), {"source", "error"})
        self.assertEqual(games[0]["summary"][0]["average_loss"], 0)
        self.assertEqual(games[5]["summary"][0]["fish_lost"], 13)
        self.assertIn("not reviewed: " + illegal, done.stdout)

    def test_each_fault_in_words(self):
        """Where the library stopped reading, said as the record says it."""
        with open(data("row_blunders.txt")) as file:
            good = file.read()
        faults = {
            "name": (good.replace("3. a1-a2", "3. a1-z9"),
                     ":10:19: action 3 (a1-z9): malformed text"),
            "number": (good.replace("3. a1-a2", "03. a1-a2"),
                       ":10:13: action number '03.' (expected 3.): malformed text"),
            "result": (good.replace("B 4 fish", "B 5 fish"),
                       ":12:40: the Result line does not match the game replayed: malformed"),
            "cut": ("\n".join(good.splitlines()[:10]) + "\n",
                    ":11:1: the record ends early: malformed text"),
            "empty": ("", ":1:1: not a game record (no [Game \"packeis\"] line first)"),
        }
        with tempfile.TemporaryDirectory() as scratch:
            paths = []
            for name, (text, _) in faults.items():
                paths.append(os.path.join(scratch, name + ".txt"))
                with open(paths[-1], "w") as file:
                    file.write(text)
            result, done = review("--quiet", *paths)
        self.assertEqual(done.returncode, 1)
        for path, (name, (_, message)), game in zip(paths, faults.items(), result["games"]):
            with self.subTest(fault=name):
                self.assertTrue(game["error"].startswith(path + message), game["error"])

    def test_bad_arguments(self):
        cases = [
            (["--budget", "fast"], "--budget: 'fast' is no budget"),
            (["--budget", "1s,threads=2"], "--budget: '1s,threads=2' is no budget"),
            (["--player", "random"], "random values no move, so it cannot review"),
            (["--player", "mcts:bogus=1"], "--player 'mcts:bogus=1'"),
            (["--solver-nodes", "-1"], "--solver-nodes: not a non-negative integer"),
            (["--svg", "/nonexistent/folder/x.svg"], "--svg /nonexistent/folder/x.svg: cannot"),
            ([], "name at least one game record"),
        ]
        for extra, message in cases:
            with self.subTest(extra=extra):
                records = [data("row_best.txt")] if extra else []
                done = subprocess.run([ARGS.review, *extra, *records], capture_output=True,
                                      text=True, timeout=60)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(message, done.stderr)

    def test_budget_replaces_the_specs(self):
        result, done = review("--quiet", "--player", "mcts:20000,threads=1", "--budget", "50ms",
                              data("row_best.txt"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(result["reviewer"]["estimator"], "mcts:threads=1,50ms")


class Graph(unittest.TestCase):
    def test_a_graph_per_game_blunders_marked(self):
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "review.svg")
            done = subprocess.run([ARGS.review, "--quiet", "--svg", path,
                                   data("row_blunders.txt"), data("illegal_move.txt"),
                                   data("row_best.txt")],
                                  capture_output=True, text=True, timeout=120)
            self.assertEqual(done.returncode, 1, done.stderr)
            root = ET.parse(path).getroot()  # raises if it is not well formed
        self.assertEqual(root.tag, SVG + "svg")
        graphs = root.findall(SVG + "g")
        self.assertEqual(len(graphs), 3)
        titles = ["".join(g.find(SVG + "text").itertext()) for g in graphs]
        self.assertEqual(titles[0], f"{data('row_blunders.txt')}: 2 players, 4 plies")
        self.assertTrue(titles[1].startswith(f"not reviewed: {data('illegal_move.txt')}:10:16"))
        # Three blunders in the first game and their marks (A?? B?? A??),
        # plus the legend's; none in the best line.
        first = [c for c in graphs[0].iter(SVG + "circle") if c.get("class") == "blunder"]
        self.assertEqual(len(first), 3 + 1)
        marks = [t.text for t in graphs[0].iter(SVG + "text") if t.get("class") == "mark"]
        self.assertEqual(marks, ["A??", "B??", "A??"])
        best = [c for c in graphs[2].iter(SVG + "circle") if c.get("class") == "blunder"]
        self.assertEqual(len(best), 1)
        # A's value: +1 before, then -1, +1, -1 after the three blunders.
        line = graphs[0].find(SVG + "polyline")
        ys = [float(point.split(",")[1]) for point in line.get("points").split()]
        self.assertEqual(len(ys), 4)
        self.assertTrue(ys[0] == ys[2] < ys[1] == ys[3])  # SVG's y grows downwards


class NotUtf8(unittest.TestCase):
    def test_a_file_name_that_is_not_utf8(self):
        """JSON and XML are UTF-8: a name's stray bytes are U+FFFD there."""
        with tempfile.TemporaryDirectory() as scratch:
            record = os.path.join(os.fsencode(scratch), b"row\xff\xfe<&.txt")
            with open(data("row_best.txt"), "rb") as src, open(record, "wb") as dst:
                dst.write(src.read())
            json_path = os.path.join(scratch, "review.json")
            svg_path = os.path.join(scratch, "review.svg")
            done = subprocess.run([os.fsencode(ARGS.review), b"--quiet", b"--json",
                                   os.fsencode(json_path), b"--svg", os.fsencode(svg_path),
                                   record], capture_output=True, timeout=120)
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(json_path, encoding="utf-8") as file:  # strict: fails on a raw byte
                source = json.load(file)["games"][0]["source"]
            self.assertTrue(source.endswith("row\ufffd\ufffd<&.txt"), source)
            ET.parse(svg_path)  # raises if it is not well formed


class Interrupt(unittest.TestCase):
    def test_ctrl_c_writes_what_was_reviewed(self):
        """SIGINT once the review is under way: the game under way is
        written with "complete": false and the plies it finished, the
        records not begun are not, and the exit status is 130."""
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "review.json")
            record = data("standard_game.txt")
            process = subprocess.Popen([ARGS.review, "--json", path, "--budget", "100000",
                                        record, record, record], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
            try:
                first = process.stderr.readline()
                self.assertIn("game 1/3", first)
                process.send_signal(signal.SIGINT)
                out, err = process.communicate(timeout=120)
            finally:
                if process.poll() is None:
                    process.kill()
            self.assertEqual(process.returncode, 130, err)
            self.assertIn("stopped (Ctrl-C): 1 of 3 records reviewed, the last in part", err)
            with open(path) as file:
                result = json.load(file)
        games = result["games"]
        self.assertEqual(len(games), 1)
        self.assertFalse(games[0]["complete"])
        self.assertLess(len(games[0]["plies"]), 58)
        self.assertIn("stopped:", out)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--review", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--demo", required=True)
    ARGS, rest = parser.parse_known_args()
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
