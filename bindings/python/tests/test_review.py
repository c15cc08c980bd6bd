# SPDX-License-Identifier: MIT
"""packeis.players' analysis (Player.analyse) and packeis.review: the
structs declared as the header lays them out (compiled), the hand-worked
row of four floes of tests/players/test_review.c (its exact lines, its
review ply by ply, margins against a brute force over the whole game),
MultiPV's first line against choose(), the review JSON's every field and
its round trip, bad records beside good ones, Ctrl-C and a KeyboardInterrupt
from the progress callable keeping the plies done, and the evaluation
graph."""
import ctypes
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import packeis  # noqa: E402
from packeis import players  # noqa: E402
from packeis.players import MCTS, AlphaBeta, Greedy, MonteCarlo, Random  # noqa: E402

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
HEADER = os.path.join(SOURCE, "include", "packeis", "players.h")
RECORDS = os.path.join(SOURCE, "tests", "review")
PACKEIS_REVIEW = os.environ.get("PACKEIS_REVIEW")  # the program, from meson

# One row, cells 0 ... 3 at x = 0, 2, 4, 6: fish 1, 1, 3, 1 (test_review.c).
ROW = [(0, 0, 1), (2, 0, 1), (4, 0, 3), (6, 0, 1)]
P, S = packeis.Move.place, packeis.Move.slide


def row_game(*moves):
    """The row with 2 players of one penguin, placed on cells 0 (A) and 3
    (B), then ``moves``: player A to slide, to cell 1 or 2."""
    game = packeis.Game(layout=ROW, players=2, penguins=1)
    for move in (P(0), P(3)) + moves:
        game.apply(move)
    return game


def whole_row_game():
    """The 4 plies of test_review.c's whole game: A on 0, B on 3, A 0-2,
    A 2-1 (B is out after 0-2: stuck on 3)."""
    return row_game(S(0, 2), S(2, 1))


def brute_force(game, me):
    """The fish margin of player ``me`` (2 players) under perfect play."""
    if game.is_over:
        return game.score(me)[0] - game.score(1 - me)[0]
    values = []
    for move in game.legal_moves():
        game.apply(move)
        values.append(brute_force(game, me))
        game.undo()
    return max(values) if game.current_player == me else min(values)


def standard_game(seed, plies):
    game = packeis.Game(seed=seed)
    for i in range(plies):
        moves = game.legal_moves()
        game.apply(moves[(i * 7 + seed) % len(moves)])
    return game


class Layout(unittest.TestCase):
    """The structs no size function checks, against the header compiled."""

    def test_header_constants(self):
        with open(HEADER) as file:
            header = file.read()

        def define(name):
            return re.search(rf"#define {name}\s+(\S+)", header).group(1)
        self.assertEqual(define("PACKEIS_PLAYER_REVIEW_ESTIMATOR"),
                         json.dumps(players.REVIEW_ESTIMATOR))
        self.assertEqual(int(define("PACKEIS_PLAYER_REVIEW_SOLVER_NODES")),
                         players.REVIEW_SOLVER_NODES)
        self.assertEqual(int(define("PACKEIS_PLAYER_PV_MAX")), players.PV_MAX)

    @unittest.skipUnless(shutil.which("cc"), "no C compiler")
    def test_structs_as_compiled(self):
        from packeis import review
        structs = {"packeis_player_line": players._Line,
                   "packeis_player_reviewer": review._Reviewer,
                   "packeis_player_review_ply": review._Ply,
                   "packeis_player_review_summary": review._Summary}
        lines = []
        for name, struct in structs.items():
            lines.append(f'printf("{name} %zu\\n", sizeof({name}));')
            for field, *_ in struct._fields_:
                lines.append(f'printf("{name}.{field} %zu\\n", offsetof({name}, {field}));')
        program = ("#include <stddef.h>\n#include <stdio.h>\n#include <packeis/players.h>\n"
                   "int main(void) {\n" + "\n".join(lines) + "\nreturn 0;\n}\n")
        with tempfile.TemporaryDirectory() as folder:
            os.makedirs(os.path.join(folder, "packeis"))
            with open(os.path.join(folder, "packeis", "version.h"), "w") as file:
                file.write("#define PACKEIS_VERSION_MAJOR 1\n")  # all the header needs
            with open(os.path.join(folder, "layout.c"), "w") as file:
                file.write(program)
            binary = os.path.join(folder, "layout")
            plain = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}  # no sanitizer
            subprocess.run(["cc", "-std=c11", "-I", folder, "-I", os.path.join(SOURCE, "include"),
                            os.path.join(folder, "layout.c"), "-o", binary], check=True,
                           env=plain)
            compiled = dict(line.split() for line in
                            subprocess.run([binary], check=True, capture_output=True,
                                           text=True, env=plain).stdout.splitlines())
        for name, struct in structs.items():
            self.assertEqual(int(compiled[name]), ctypes.sizeof(struct), name)
            for field, *_ in struct._fields_:
                self.assertEqual(int(compiled[f"{name}.{field}"]),
                                 getattr(struct, field).offset, f"{name}.{field}")


class Analyse(unittest.TestCase):
    def test_the_row_solved(self):
        # 0 -> 2: B is stuck and goes out, A takes 3 and 1 more: 5 to 1,
        # +4, a win. 0 -> 1: B slides to 2, A is stuck: 2 to 4, -2, a loss.
        with AlphaBeta(seed=1) as ab, row_game() as game:
            self.assertTrue(ab.analyses)
            lines = ab.analyse(game)
            self.assertEqual([line.move for line in lines], [S(0, 2), S(0, 1)])
            best, worse = lines
            self.assertEqual((best.value, best.exact, best.margin), (1.0, True, 4.0))
            self.assertEqual((worse.value, worse.exact, worse.margin), (-1.0, True, -2.0))
            self.assertIsInstance(best.move, packeis.Move)
            self.assertEqual(best.pv[:2], (S(0, 2), S(2, 1)))  # B is out: A slides on
            self.assertTrue(best.nodes > 0 and worse.nodes > 0)
            def values(found):  # nodes differ: the player keeps its table
                return [(line.move, line.value, line.exact, line.margin) for line in found]
            self.assertEqual(values(ab.analyse(game, 1)), values(lines[:1]))
            self.assertEqual(values(ab.analyse(game, 50)), values(lines))  # k above the moves
            self.assertEqual(game.ply_count, 2, "the game is left alone")
            with self.assertRaises(AttributeError):
                best.value = 0  # a Line is immutable

    def test_first_line_is_the_move_chosen(self):
        for cls, seed in ((MCTS, 1), (MCTS, 4), (MonteCarlo, 2)):
            for plies in (3, 12):
                with standard_game(seed, plies) as game:
                    with cls(seed=seed) as one, cls(seed=seed) as other:
                        lines = one.analyse(game, 3, nodes=600)
                        chosen = other.choose(game, nodes=600).move
                    self.assertEqual(lines[0].move, chosen, (cls.kind, seed, plies))
                    self.assertEqual(len(lines), 3)
                    self.assertTrue(all(-1 <= line.value <= 1 for line in lines))
                    self.assertTrue(all(line.pv[0] == line.move for line in lines if line.pv))
                    if cls is MCTS:  # ranked by visits; no margin
                        visits = [line.nodes for line in lines]
                        self.assertEqual(visits, sorted(visits, reverse=True))
                        self.assertTrue(all(line.margin is None for line in lines))
                    else:
                        self.assertTrue(all(line.margin is not None for line in lines))

    def test_refusals(self):
        with row_game() as game:
            with MCTS(seed=1) as mcts:
                with self.assertRaisesRegex(packeis.InvalidArgumentError,
                                            "k must be 1 or more .* got 0"):
                    mcts.analyse(game, 0)
                with self.assertRaises(packeis.InvalidArgumentError):
                    mcts.analyse(game, -3)
                for wrong in (True, 1.5, "2"):
                    with self.assertRaises(TypeError, msg=wrong):
                        mcts.analyse(game, wrong)
                with self.assertRaises(TypeError):
                    mcts.analyse("a game")
                with self.assertRaises(ValueError):
                    mcts.analyse(game, nodes=0)
            for cls in (Random, Greedy):
                with cls(seed=1) as player:
                    self.assertFalse(player.analyses)
                    with self.assertRaisesRegex(packeis.InvalidArgumentError,
                                                f"the {cls.kind} player values no move"):
                        player.analyse(game)
        with whole_row_game() as over, AlphaBeta(seed=1) as ab:
            self.assertTrue(over.is_over)
            with self.assertRaisesRegex(packeis.GameOverError, "no move to analyse"):
                ab.analyse(over)


PLY_FIELDS = {"ply", "player", "played", "best", "forced", "valued", "exact", "value_before",
              "value_after", "loss", "accuracy", "judgement", "margin_before", "margin_after",
              "fish_loss", "nodes"}
SUMMARY_FIELDS = {"player", "moves", "forced", "unvalued", "exact", "average_loss", "accuracy",
                  "inaccuracies", "mistakes", "blunders", "fish_lost"}


class Review(unittest.TestCase):
    def test_the_whole_row_game_by_hand(self):
        with whole_row_game() as game:
            result = packeis.review(game, nodes=300)
        self.assertEqual(result["reviewer"], {"estimator": "mcts:300", "solver_nodes": 200000})
        (entry,) = result["games"]
        self.assertEqual((entry["source"], entry["players"], entry["complete"]),
                         ("game 1", 2, True))
        first, placed, slid, forced = entry["plies"]
        # B on cell 3 (a4), as played, loses by 4; on cell 1 (a2) A is stuck
        # at once and goes out with cell 0 (1 fish) while B takes 1, 3, 1:
        # +4. A won game lost, 8 fish.
        self.assertEqual((placed["ply"], placed["player"], placed["played"], placed["best"]),
                         (1, 1, "a4", "a2"))
        self.assertEqual((placed["value_before"], placed["value_after"], placed["loss"]),
                         (1.0, -1.0, 2.0))
        self.assertEqual((placed["margin_before"], placed["margin_after"], placed["fish_loss"]),
                         (4, -4, 8))
        self.assertEqual((placed["exact"], placed["valued"], placed["judgement"],
                          placed["accuracy"]), (True, True, "blunder", 0.0))
        # A's 0 -> 2 is the best slide (+4); 0 -> 1 would lose 2 and 6 fish.
        self.assertEqual((slid["played"], slid["best"], slid["loss"], slid["margin_before"],
                          slid["fish_loss"], slid["judgement"]),
                         ("a1-a3", "a1-a3", 0.0, 4, 0, "good"))
        self.assertEqual((forced["forced"], forced["valued"], forced["loss"],
                          forced["value_before"], forced["margin_before"]),
                         (True, False, 0.0, None, None))
        # Every valued ply's margins are the brute force's.
        for ply in (first, placed, slid):
            with whole_row_game() as game:
                game.undo_to(ply["ply"])
                me = game.current_player
                self.assertEqual(ply["margin_before"], brute_force(game, me))
                game.apply(ply["played"])
                self.assertEqual(ply["margin_after"], brute_force(game, me))
        summary = {s["player"]: s for s in entry["summary"]}
        self.assertEqual((summary[1]["moves"], summary[1]["blunders"], summary[1]["fish_lost"],
                          summary[1]["average_loss"]), (1, 1, 8, 2.0))
        self.assertEqual((summary[0]["moves"], summary[0]["forced"], summary[0]["exact"]),
                         (2, 1, 2))

    def test_every_field_and_the_json_round_trip(self):
        with standard_game(3, 10) as game:
            record = game.save_record()
            result = packeis.review([game, record], nodes=200, solver_nodes=0)
        self.assertEqual(set(result), {"format", "version", "reviewer", "games"})
        self.assertEqual((result["format"], result["version"]), ("packeis-review", 1))
        self.assertEqual(json.loads(json.dumps(result)), result)
        by_object, by_text = result["games"]
        self.assertEqual((by_object["source"], by_text["source"]), ("game 1", "game 2"))
        self.assertEqual(by_object["plies"], by_text["plies"])  # seed 1: the same review
        for entry in result["games"]:
            self.assertEqual(set(entry), {"source", "players", "plies", "summary", "complete"})
            self.assertEqual(len(entry["plies"]), 10)
            self.assertEqual([ply["ply"] for ply in entry["plies"]], list(range(10)))
            for ply in entry["plies"]:
                self.assertEqual(set(ply), PLY_FIELDS)
                self.assertIn(ply["judgement"], ("good", "inaccuracy", "mistake", "blunder"))
                self.assertFalse(ply["exact"])  # no solver
                self.assertIsNone(ply["fish_loss"])
                if ply["valued"]:
                    self.assertAlmostEqual(ply["loss"], max(0.0, ply["value_before"] -
                                                            ply["value_after"]), places=3)
                    self.assertTrue(0 <= ply["accuracy"] <= 100)
            self.assertEqual([s["player"] for s in entry["summary"]], [0, 1])
            for summary in entry["summary"]:
                self.assertEqual(set(summary), SUMMARY_FIELDS)
                mine = [p for p in entry["plies"] if p["player"] == summary["player"]]
                self.assertEqual(summary["moves"], sum(p["valued"] for p in mine))
                self.assertEqual(summary["blunders"],
                                 sum(p["judgement"] == "blunder" for p in mine))

    @unittest.skipUnless(PACKEIS_REVIEW, "PACKEIS_REVIEW not set")
    def test_the_document_of_packeis_review(self):
        # The same records, reviewer and budget: the same values, field for
        # field (a bad record's line included).
        paths = [os.path.join(RECORDS, name) for name in
                 ("row_blunders.txt", "illegal_move.txt", "standard_game.txt")]
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "review.json")
            env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}  # a C program
            done = subprocess.run([PACKEIS_REVIEW, *paths, "--budget", "300", "--solver-nodes",
                                   "20000", "--json", out, "--quiet"],
                                  capture_output=True, text=True, env=env)
            self.assertEqual(done.returncode, 1, done.stderr)  # 1: a record not reviewed
            with open(out) as file:
                theirs = json.load(file)
        mine = packeis.review(paths, nodes=300, solver_nodes=20000)
        plies = mine["games"][2]["plies"]
        self.assertEqual(len(plies), 58)
        self.assertTrue(any(p["exact"] for p in plies) and any(p["forced"] for p in plies))
        self.assertEqual(mine, theirs)

    @unittest.skipUnless(PACKEIS_REVIEW, "PACKEIS_REVIEW not set")
    def test_each_fault_said_as_packeis_review_says_it(self):
        with open(os.path.join(RECORDS, "row_blunders.txt")) as file:
            good = file.read()
        faults = {"name": good.replace("3. a1-a2", "3. a1-z9"),
                  "number": good.replace("3. a1-a2", "03. a1-a2"),
                  "result": good.replace("B 4 fish", "B 5 fish"),
                  "cut": "\n".join(good.splitlines()[:10]) + "\n",
                  "empty": "", "garbage": "hello, world\n",
                  "occupied": good.replace("2. a4", "2. a1")}
        with tempfile.TemporaryDirectory() as folder:
            paths = [folder, os.path.join(folder, "missing.txt")]
            for name, text in faults.items():
                paths.append(os.path.join(folder, name + ".txt"))
                with open(paths[-1], "w") as file:
                    file.write(text)
            out = os.path.join(folder, "review.json")
            env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
            subprocess.run([PACKEIS_REVIEW, *paths, "--json", out, "--quiet"],
                           capture_output=True, env=env)
            with open(out) as file:
                theirs = [game["error"] for game in json.load(file)["games"]]
            mine = [game["error"] for game in packeis.review(paths)["games"]]
        self.assertEqual(len(mine), 9)
        self.assertIn("action 2 (a1) cannot be played", mine[-1])
        for path, said, expected in zip(paths, mine, theirs):
            self.assertEqual(said, expected, path)

    def test_bad_records_beside_good_ones(self):
        with whole_row_game() as game:
            record = game.save_record()
        blocked = record.replace("3. a1-a3", "3. a1-a4")  # B's penguin is on a4's way
        with tempfile.TemporaryDirectory() as folder:
            bad_path = os.path.join(folder, "bad.txt")
            with open(bad_path, "w") as file:
                file.write(blocked)
            missing = os.path.join(folder, "missing.txt")
            result = packeis.review([record, blocked, bad_path, missing], nodes=100)
        good, bad_text, bad_file, absent = result["games"]
        self.assertEqual((good["complete"], len(good["plies"])), (True, 4))
        line = blocked.splitlines().index("1. a1 2. a4 3. a1-a4 4. a3-a2") + 1
        column = "1. a1 2. a4 3. a1-a4".index("a1-a4") + 1
        self.assertEqual(bad_text, {"source": "game 2", "error":
                                    f"game 2:{line}:{column}: action 3 (a1-a4) cannot be played:"
                                    f" a penguin is in the way (PACKEIS_E_BLOCKED_BY_PENGUIN)"})
        self.assertEqual(bad_file["source"], bad_path)
        self.assertEqual(bad_file["error"], bad_text["error"].replace("game 2", bad_path))
        self.assertEqual(absent, {"source": missing,
                                  "error": f"{missing}: No such file or directory"})

    def test_interrupted_from_progress(self):
        calls = []

        def progress(*args):
            calls.append(args)
            if len(calls) == 2:
                raise KeyboardInterrupt
        with whole_row_game() as game:
            result = packeis.review([game, game], nodes=100, progress=progress)
        self.assertEqual(calls, [(0, 2, 1, 4), (0, 2, 2, 4)])
        (entry,) = result["games"]  # the second game is left out
        self.assertFalse(entry["complete"])
        self.assertEqual([ply["ply"] for ply in entry["plies"]], [0, 1])
        self.assertEqual(entry["plies"][1]["fish_loss"], 8)  # done as it would be
        self.assertEqual(sum(s["moves"] for s in entry["summary"]), 2)

    def review_until_ctrl_c(self, alarm, **budget):
        """A review of 30 plies with Ctrl-C (an alarm raising
        KeyboardInterrupt) after ``alarm`` seconds: its entry, and the time
        it took."""
        old = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(
            KeyboardInterrupt()))
        try:
            with standard_game(5, 30) as game:
                signal.setitimer(signal.ITIMER_REAL, alarm)
                started = time.monotonic()
                result = packeis.review(game, solver_nodes=0, **budget)
                elapsed = time.monotonic() - started
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        (entry,) = result["games"]
        self.assertFalse(entry["complete"])
        done = len(entry["plies"])
        self.assertEqual([ply["ply"] for ply in entry["plies"]], list(range(done)))
        return entry, elapsed

    def test_ctrl_c_between_plies_keeps_them(self):
        entry, elapsed = self.review_until_ctrl_c(0.5, seconds=0.1)  # 0.1 s a ply
        self.assertTrue(1 <= len(entry["plies"]) < 30, len(entry["plies"]))
        self.assertLess(elapsed, 10)

    def test_ctrl_c_stops_the_ply_under_way(self):
        entry, elapsed = self.review_until_ctrl_c(0.3, seconds=30)  # 30 s a ply
        self.assertEqual(entry["plies"], [])
        self.assertLess(elapsed, 10)
        with MCTS(seed=1) as mcts, standard_game(5, 3) as game:  # the package still usable
            self.assertEqual(mcts.choose(game, nodes=20).nodes, 20)

    def test_reviewer_arguments(self):
        self.assertEqual(packeis.review([]), {
            "format": "packeis-review", "version": 1,
            "reviewer": {"estimator": "mcts:20000", "solver_nodes": 200000}, "games": []})
        with row_game() as game:
            spec = packeis.review(game, player="mcts:20000,threads=1", nodes=50)["reviewer"]
            self.assertEqual(spec["estimator"], "mcts:threads=1,50")
            with MCTS(seed=3, playouts=40) as mcts:
                result = packeis.review(game, player=mcts, solver_nodes=0)
                self.assertEqual(result["reviewer"], {"estimator": "mcts:playouts=40",
                                                      "solver_nodes": 0})
                # 40 playouts a search: one of the position, and one of
                # the position after a move played other than the best.
                first = result["games"][0]["plies"][0]
                searches = 1 if first["played"] == first["best"] else 2
                self.assertEqual(first["nodes"], 40 * searches)
            with self.assertRaisesRegex(packeis.InvalidArgumentError,
                                        "greedy values no move, so it cannot review"):
                packeis.review(game, player="greedy")
            for bad in ({"solver_nodes": -1}, {"nodes": 0}, {"seconds": -1.0},
                        {"player": "grady"}):
                with self.assertRaises(ValueError, msg=bad):
                    packeis.review(game, **bad)
            for bad in ({"player": 3}, {"progress": 5}):
                with self.assertRaises(TypeError, msg=bad):
                    packeis.review(game, **bad)
            with self.assertRaises(TypeError):
                packeis.review([game, 7])
            with self.assertRaises(TypeError):
                packeis.review(b"[Game ...")

    def test_the_module_is_callable_and_loaded_late(self):
        from packeis.review import plot
        self.assertIs(packeis.review.plot, plot)
        self.assertTrue(callable(packeis.review))
        code = "import sys, packeis; print('packeis.players' in sys.modules)"
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")] +
            os.environ.get("PYTHONPATH", "").split(os.pathsep)))
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                             text=True, env=env).stdout.strip()
        self.assertEqual(out, "False")


class Plot(unittest.TestCase):
    def setUp(self):
        try:
            import matplotlib
        except ImportError:
            self.skipTest("matplotlib is not installed")
        matplotlib.use("Agg")

    def test_two_players(self):
        from matplotlib import pyplot
        with whole_row_game() as game:
            result = packeis.review(game, nodes=100)
        ax = packeis.review.plot(result)
        try:
            self.assertEqual([line.get_gid() for line in ax.lines], ["player-0"])
            xs, ys = ax.lines[0].get_data()
            # A's value after each valued ply: A's placement loses (-1), B's
            # placement gives the won game back (B's -1 is A's +1), 0 -> 2 wins.
            self.assertEqual((list(xs), list(ys)), ([0, 1, 2], [-1.0, 1.0, 1.0]))
            marks = {c.get_gid(): c.get_offsets().tolist() for c in ax.collections}
            self.assertEqual(marks["exact"], [[0, -1.0], [1, 1.0], [2, 1.0]])
            self.assertEqual(marks["blunder"], [[0, -1.0], [1, 1.0]])
            self.assertNotIn("mistake", marks)
        finally:
            pyplot.close(ax.figure)
        with self.assertRaisesRegex(ValueError, "not reviewed"):
            packeis.review.plot(packeis.review("[Game \"x\"]", nodes=10))
        with self.assertRaises(IndexError):
            packeis.review.plot(result, game=3)

    def test_three_players_on_given_axes(self):
        from matplotlib import pyplot
        layout = [(x, y, 1 + (x // 2 + y) % 3) for y in range(2) for x in range(y, 12, 2)]
        game = packeis.Game(layout=layout, players=3, penguins=1)
        while not game.is_over:
            game.apply(game.legal_moves()[game.ply_count % game.move_count])
        result = packeis.review(game, nodes=60)
        self.assertFalse(any(ply["exact"] for ply in result["games"][0]["plies"]))
        figure, axes = pyplot.subplots()
        try:
            self.assertIs(packeis.review.plot(result["games"][0], ax=axes), axes)
            self.assertEqual([line.get_gid() for line in axes.lines],
                             ["player-0", "player-1", "player-2"])
            valued = [p for p in result["games"][0]["plies"] if p["valued"]]
            for player in range(3):
                xs, ys = axes.lines[player].get_data()
                mine = [p for p in valued if p["player"] == player]
                self.assertEqual(list(xs), [p["ply"] for p in mine])
                self.assertEqual(list(ys), [p["value_after"] for p in mine])
        finally:
            pyplot.close(figure)


if __name__ == "__main__":
    unittest.main()
