#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A scripted client walking the engine protocol (doc/protocol.md) with an
engine: the handshake, positions (saved, records, new, with moves), go with
each limit, stop, isready during a search, and every error the page names,
each time checking that the engine holds the position it had before.

    test_protocol.py ENGINE [ARG ...]
    test_protocol.py --all-players PACKEIS_ENGINE

With --all-players the walk is run for every player `PACKEIS_ENGINE --list`
names, as `PACKEIS_ENGINE --player NAME` (az with a tiny network of random
weights this script writes, doc/formats.md "az weights"). Positions are chosen with a single
legal move (worked out by hand from doc/rules.md) so that the bestmove is
known whatever the player.
"""
import atexit
import os
import random
import re
import select
import struct
import subprocess
import sys
import tempfile
import time
import unittest

ENGINES = []  # command lines, from the arguments

# Three floes in a row, A on a1, B on a3, A to act: A's only move is a1-a2.
ONE_MOVE = ("packeis 1 custom:0,0,1;2,0,2;4,0,1 players 2 penguins 1 variants - "
            "| A2B | 0/0 0/0 | out - | movement 0")
# The finished game of doc/formats.md.
OVER = ("packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - "
        "| ..... | 6/3 2/2 | out 0,1 | over -")
# The record of doc/formats.md that starts from a position, its board a
# picture on a line of its own: after 1. a3-a4, A is out and B on a4 has
# one move, a4-a5.
RECORD = """[Game "packeis"]
[Version "1"]
[Players "2"]
[Penguins "1"]
[Variants "-"]
[Board "custom"]
1 1 2 3 1
[Position "packeis 1 custom:0,0,1;2,0,1;4,0,2;6,0,3;8,0,1 players 2 penguins 1 variants - | A.B31 | 1/1 0/0 | out - | movement 1"]
[Plies "1"]

1. a3-a4

[Result "movement: A 2 fish 2 floes (1), B 2 fish 1 floes (2)"]
"""
# A row of five floes (1, 1, 1, 3, 1 fish), A on a1, B on a5, A to move;
# worked out by hand from doc/rules.md (only west and east exist in a row):
#   a1-a4: B on a5 is shut in and goes out with it (1 fish); A alone takes
#          a4, a2, a3 too: 6 to 1, a margin of +5.
#   a1-a3: B's one move is a5-a4; A's is a3-a2; B, shut in, goes out with
#          a4 (3); A goes out with a2: A a1 a3 a2 = 3, B a5 a4 = 4: -1.
#   a1-a2: B chooses a5-a4 (then A a2-a3, B out with a4, A out with a3:
#          3 to 4, -1) or a5-a3 (A, shut in, goes out with a2; B takes a3
#          and a4: 2 to 5, -3): -3.
# So the lines are a1-a4 (+5, a win), a1-a3 (-1), a1-a2 (-3), both lost.
ROW = ("packeis 1 custom:0,0,1;2,0,1;4,0,1;6,0,3;8,0,1 players 2 penguins 1 variants - "
       "| A113B | 0/0 0/0 | out - | movement 0")
# tests/players/test_review.c's row of four floes (1, 1, 3, 1), A on a1, B
# on a4: a1-a3 wins by 4, a1-a2 loses by 2 (worked out there).
ROW4 = ("packeis 1 custom:0,0,1;2,0,1;4,0,3;6,0,1 players 2 penguins 1 variants - "
        "| A13B | 0/0 0/0 | out - | movement 0")
# The players of packeis-engine that value no move: they refuse multipv.
NOT_ANALYSING = ("random", "greedy")
MOVE = re.compile(r"^[a-z]+[1-9][0-9]*(-[a-z]+[1-9][0-9]*)?$")
TIMEOUT = 20.0  # seconds for any reply: generous, the machine may be busy


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n")


class Engine:
    """An engine process, with line reads under a deadline."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pending = ""

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while "\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise AssertionError(f"no reply within {timeout} s")
            chunk = os.read(fd, 65536).decode()
            if not chunk:
                raise AssertionError("the engine closed its output")
            self.pending += chunk
        line, self.pending = self.pending.split("\n", 1)
        return line

    def until(self, prefix):
        """The lines up to and including the first that starts with prefix."""
        lines = []
        while not lines or not lines[-1].startswith(prefix):
            lines.append(self.read())
        return lines

    def ask(self, line):
        """Sends a command that has no reply of its own, then isready: the
        lines the engine wrote before readyok (empty when all went well)."""
        self.send(line)
        self.send("isready")
        return self.until("readyok")[:-1]

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()


class ProtocolWalk(unittest.TestCase):
    command = None
    analyses = None  # whether the engine gives multipv lines (None: either)

    def setUp(self):
        self.engine = Engine(self.command)
        self.engine.send("packeis 1")
        self.handshake = self.engine.until("packeisok")

    def tearDown(self):
        self.engine.close()

    def bestmove(self, go="go nodes 100"):
        self.engine.send(go)
        lines = self.engine.until("bestmove")
        for line in lines[:-1]:
            self.assertTrue(line.startswith("info"), line)
        move = lines[-1].split()
        self.assertEqual(len(move), 2, lines[-1])
        self.assertRegex(move[1], MOVE)
        return move[1], lines[:-1]

    def multipv(self, go):
        """Sends a go with multipv: its lines [(N, {field: words}, pv)] and
        its bestmove, or None and the error line when it is refused."""
        self.engine.send(go)
        lines = []
        while True:
            line = self.engine.read()
            if line.startswith("error "):
                self.assertEqual(lines, [], "an error after info lines")
                return None, line
            if line.startswith("bestmove"):
                break
            self.assertTrue(line.startswith("info"), line)
            words = line.split()
            if words[1:2] == ["multipv"]:
                lines.append(multipv_line(self, words))
            else:
                self.assertEqual(lines, [], "an info line after the multipv lines")
        move = line.split()
        self.assertEqual(len(move), 2, line)
        return lines, move[1]

    def assertError(self, lines, command, *words):
        self.assertEqual(len(lines), 1, lines)
        self.assertTrue(lines[0].startswith(f"error {command}: "), lines[0])
        for word in words:
            self.assertIn(word, lines[0])

    def test_handshake(self):
        lines = self.handshake
        self.assertTrue(lines[0].startswith("id name "), lines)
        self.assertTrue(any(line.startswith("id author ") for line in lines), lines)
        for line in lines[1:-1]:
            if line.startswith("option "):
                self.assertRegex(line, r"^option name \S+ type (int|float|bool|string) "
                                       r"default \S+")
            else:
                self.assertTrue(line.startswith("id "), line)
        self.assertEqual(self.engine.ask("packeis 2")[0].split(":")[0], "error packeis")

    def test_the_only_move_of_a_saved_position(self):
        self.assertEqual(self.engine.ask("position " + ONE_MOVE), [])
        self.assertEqual(self.bestmove()[0], "a1-a2")
        self.assertEqual(self.bestmove("go movetime 50")[0], "a1-a2")
        self.assertEqual(self.bestmove("go nodes 5 movetime 500")[0], "a1-a2")
        self.assertEqual(self.bestmove("go")[0], "a1-a2")

    def test_a_record_on_many_lines(self):
        self.assertEqual(self.engine.ask("position record " + escape(RECORD)), [])
        self.assertEqual(self.bestmove()[0], "a4-a5")
        # Its one move played after `moves` ends the game.
        self.assertEqual(self.engine.ask("position record " + escape(RECORD) +
                                         " moves a4-a5"), [])
        self.assertError(self.engine.ask("go nodes 10"), "go", "over")

    def test_new_and_moves(self):
        self.assertEqual(self.engine.ask("position new players 3 seed 0 moves a1 a3"), [])
        move, _ = self.bestmove()
        # The move is legal: the engine takes it after the two placements.
        self.assertEqual(self.engine.ask(f"position new players 3 seed 0 moves a1 a3 {move}"),
                         [])
        self.assertEqual(self.engine.ask("newgame"), [])

    def test_errors_leave_the_position(self):
        self.assertEqual(self.engine.ask("position " + ONE_MOVE), [])
        e = self.engine
        self.assertError(e.ask("frobnicate now"), "frobnicate", "unknown")
        # Repeated in printable ASCII only: a control byte or one beyond
        # ASCII (é is two in UTF-8) is shown as '?'.
        self.assertError(e.ask("fro\x01b\x7f\u00e9 now"), "fro?b???", "unknown")
        self.assertError(e.ask("position packeis 1 std:0 players 2 penguins 4 variants - | x"),
                         "position", "MALFORMED")
        self.assertError(e.ask("position new moves a1 a1"), "position", "OCCUPIED")
        self.assertError(e.ask("position new moves a1 zz99"), "position")
        self.assertError(e.ask("position " + ONE_MOVE + " moves a3-a2"), "position",
                         "NOT_YOUR_PENGUIN")
        self.assertError(e.ask("position record [Game \\q"), "position")
        self.assertError(e.ask("position"), "position")
        self.assertError(e.ask("go nodes -3"), "go")
        self.assertError(e.ask("go nodes 18446744073709551616"), "go",
                         "larger than 18446744073709551615")
        self.assertError(e.ask("go \x01"), "go")
        self.assertNotIn("\x01", e.ask("go \x01")[0])
        self.assertError(e.ask("go nodes"), "go")
        self.assertError(e.ask("go depth 3"), "go")
        self.assertError(e.ask("setoption name no-such-option value 1"), "setoption")
        # Every 64-bit seed, 20 digits included (the first board of
        # packeis-tournament --seed 1 is 10451216379200822465), and no more.
        self.assertEqual(e.ask("position new seed 18446744073709551615"), [])
        self.assertEqual(e.ask("position new seed 10451216379200822465"), [])
        self.assertError(e.ask("position new seed 18446744073709551616"), "position",
                         "larger than 18446744073709551615")
        # A NUL byte is refused, not taken as the end of the line.
        lines = e.ask("go\0nodes 5")
        self.assertEqual(len(lines), 1, lines)
        self.assertRegex(lines[0], r"^error go.*NUL")
        self.assertEqual(e.ask("position " + ONE_MOVE), [])
        self.assertEqual(self.engine.ask("stop"), [])  # nothing to stop: ignored
        self.assertEqual(self.bestmove()[0], "a1-a2")
        self.assertEqual(e.ask("position " + OVER), [])
        self.assertError(e.ask("go"), "go", "over")

    def test_stop_ends_an_infinite_search(self):
        self.assertEqual(self.engine.ask("position new"), [])
        self.engine.send("go infinite")
        time.sleep(0.2)
        self.engine.send("isready")
        self.assertEqual(self.engine.until("readyok")[-1], "readyok")
        # The search goes on meanwhile: its info lines may come before or
        # after the error (doc/protocol.md: anywhere between go and its
        # bestmove), and besides them only the error.
        answer = self.engine.ask("position new")
        others = [line for line in answer if not line.startswith("info ")]
        self.assertError(others, "position", "stop")
        self.engine.send("stop")
        lines = self.engine.until("bestmove")
        self.assertRegex(lines[-1].split()[1], MOVE)
        self.assertEqual(self.engine.ask("position " + ONE_MOVE), [])
        self.assertEqual(self.bestmove()[0], "a1-a2")

    def test_stop_answers_once(self):
        # stop during a timed search: one bestmove, then nothing but readyok
        # (an engine that searches in its command loop answers stop after its
        # move, which the protocol allows).
        self.assertEqual(self.engine.ask("position new"), [])
        self.engine.send("go movetime 3000")
        time.sleep(0.1)
        self.engine.send("stop")
        self.assertRegex(self.engine.until("bestmove")[-1].split()[1], MOVE)
        self.assertEqual(self.engine.ask("stop"), [])

    def test_info_lines(self):
        self.assertEqual(self.engine.ask("position new moves a1 a3 a6 a7 b2 b4 b5 b6"), [])
        _, infos = self.bestmove("go nodes 300")
        for line in infos:
            words = line.split()
            fields = [w for w in words if w in ("depth", "nodes", "nps", "time", "score", "pv")]
            order = ["depth", "nodes", "nps", "time", "score", "pv"]
            self.assertEqual(fields, sorted(fields, key=order.index), line)
            if "score" in words:
                self.assertIn(words[words.index("score") + 1], ("fish", "win"), line)
            if "pv" in words:
                for move in words[words.index("pv") + 1:]:
                    self.assertRegex(move, MOVE)

    def test_multipv(self):
        """go ... multipv K: lines 1 ... K, best first, bestmove line 1's move,
        each a legal line with its value in the kinds the page names; or,
        from a player that values no move, one error and no search."""
        e = self.engine
        self.assertEqual(e.ask("position new moves a1 a3 a6 a7 b2 b4 b5 b6"), [])
        lines, best = self.multipv("go nodes 300 multipv 3")
        if lines is None:
            self.assertIsNot(self.analyses, True, best)
            self.assertTrue(best.startswith("error go: "), best)
            self.assertRegex(self.bestmove("go nodes 50")[0], MOVE)  # still plays
            return
        self.assertIsNot(self.analyses, False, "a player that values no move gave lines")
        self.assertEqual([n for n, _, _ in lines], [1, 2, 3])
        self.assertEqual(best, lines[0][2][0])
        self.assertEqual(len({pv[0] for _, _, pv in lines}), 3, lines)  # three moves
        # multipv 1: line 1 alone. Beyond the legal moves: every move, here
        # the one of ONE_MOVE (not searched: nodes 0, no score).
        lines, best = self.multipv("go nodes 300 multipv 1")
        self.assertEqual(([n for n, _, _ in lines], best), ([1], lines[0][2][0]))
        self.assertEqual(e.ask("position " + ONE_MOVE), [])
        lines, best = self.multipv("go multipv 18446744073709551615 nodes 50")
        self.assertEqual((len(lines), lines[0][2][0], best), (1, "a1-a2", "a1-a2"))
        # A plain go on: no multipv line.
        move, infos = self.bestmove("go nodes 50")
        self.assertEqual(move, "a1-a2")
        self.assertFalse([line for line in infos if line.split()[1:2] == ["multipv"]])

    def test_multipv_errors(self):
        """A bad K is refused as a bad limit is, whatever the player, and the
        engine goes on (an engine without multipv refuses them all: only
        packeis-engine's reasons are checked)."""
        e = self.engine
        self.assertEqual(e.ask("position " + ONE_MOVE), [])
        for go, says in (("go multipv 0", "multipv: not a positive integer: '0'"),
                         ("go multipv x", "multipv: not a positive integer: 'x'"),
                         ("go multipv", "multipv: not a positive integer: ''"),
                         ("go nodes 10 multipv -1", "multipv: not a positive integer: '-1'"),
                         ("go multipv 18446744073709551616",
                          "multipv: larger than 18446744073709551615"),
                         ("go multipv 3 infinite nodes 5", "infinite takes no other limit")):
            with self.subTest(go=go):
                self.assertError(e.ask(go), "go", *([says] if self.analyses is not None else []))
        if self.analyses is False:
            self.assertError(e.ask("go nodes 10 multipv 2"), "go", "values no move")
        self.assertEqual(self.bestmove()[0], "a1-a2")

    def test_stop_ends_a_multipv_search(self):
        """stop during go infinite multipv 2: the lines of what was searched,
        then bestmove, line 1's move; quit during one: no bestmove."""
        e = self.engine
        self.assertEqual(e.ask("position new"), [])
        e.send("go infinite multipv 2")
        first = e.read()
        if first.startswith("error "):
            self.assertIsNot(self.analyses, True, first)
            return
        time.sleep(0.2)
        e.send("stop")
        lines = [first, *e.until("bestmove")]
        numbered = [multipv_line(self, line.split()) for line in lines
                    if line.split()[1:2] == ["multipv"]]
        self.assertEqual([n for n, _, _ in numbered], [1, 2], lines)
        self.assertEqual(lines[-1], "bestmove " + numbered[0][2][0])
        self.assertEqual(e.ask("stop"), [])  # one bestmove only
        e.send("go infinite multipv 3")
        time.sleep(0.1)
        e.send("quit")
        self.assertEqual(e.process.wait(timeout=TIMEOUT), 0)
        rest = e.pending + e.process.stdout.read()
        self.assertNotIn("bestmove", rest)

    def test_quit_and_end_of_input(self):
        self.engine.send("quit")
        self.assertEqual(self.engine.process.wait(timeout=TIMEOUT), 0)
        other = Engine(self.command)
        other.process.stdin.close()
        self.assertEqual(other.process.wait(timeout=TIMEOUT), 0)
        other.process.stdout.close()


def multipv_line(test, words):
    """An `info multipv N ...` line's number, fields and pv, checked against
    doc/protocol.md: the fields in the page's order, no nps, scores
    `value` (-1 ... 1) then maybe `fish`, a score only where nodes > 0."""
    test.assertEqual(words[:2], ["info", "multipv"], words)
    number = int(words[2])
    order = ["depth", "nodes", "time", "score", "pv"]
    fields, pv, i = {}, [], 3
    while i < len(words):
        name = words[i]
        test.assertIn(name, order, words)
        if name == "pv":
            pv = words[i + 1:]
            break
        if name == "score":
            kind, value = words[i + 1], float(words[i + 2])
            i += 3
            exact = i < len(words) and words[i] == "exact"
            i += exact
            fields.setdefault("score", []).append((kind, value, exact))
            continue
        fields[name] = int(words[i + 1])
        i += 2
    names = [w for w in words if w in order]
    test.assertEqual(names, sorted(names, key=order.index), words)
    test.assertGreater(len(pv), 0, words)
    for move in pv:
        test.assertRegex(move, MOVE)
    scores = fields.get("score", [])
    test.assertEqual(bool(scores), fields["nodes"] > 0, words)
    if scores:
        test.assertEqual(scores[0][0], "value", words)
        test.assertTrue(-1 <= scores[0][1] <= 1, words)
        test.assertIn([kind for kind, _, _ in scores[1:]], ([], ["fish"]), words)
    return number, fields, pv


class MultiPVByHand(unittest.TestCase):
    """packeis-engine's lines on the rows worked out by hand above (ROW,
    ROW4): alphabeta solves them, its values exact and its margins those of
    the comments; mcts finds the winning move of ROW, which wins every
    playout."""
    program = None

    def engine(self, player):
        engine = Engine([self.program, "--player", player])
        self.addCleanup(engine.close)
        engine.send("packeis 1")
        engine.until("packeisok")
        return engine

    def lines(self, engine, position, go):
        engine.send("position " + position)
        engine.send(go)
        replies = engine.until("bestmove")
        infos = [r.split() for r in replies[:-1]]
        numbered = [multipv_line(self, words) for words in infos if words[1] == "multipv"]
        return numbered, replies[-1].split()[1]

    def test_alphabeta_solves_the_row(self):
        engine = self.engine("alphabeta")
        lines, best = self.lines(engine, ROW, "go nodes 1000 multipv 3")
        self.assertEqual([n for n, _, _ in lines], [1, 2, 3])
        self.assertEqual(best, "a1-a4")
        self.assertEqual([pv[0] for _, _, pv in lines], ["a1-a4", "a1-a3", "a1-a2"])
        self.assertEqual([f["score"] for _, f, _ in lines],
                         [[("value", 1.0, True), ("fish", 5.0, True)],
                          [("value", -1.0, True), ("fish", -1.0, True)],
                          [("value", -1.0, True), ("fish", -3.0, True)]])
        # B's answers in the lines: a5-a4 after a1-a3 (its only move), a5-a3
        # after a1-a2 (its best).
        self.assertEqual(lines[1][2][:2], ["a1-a3", "a5-a4"])
        self.assertEqual(lines[2][2][:2], ["a1-a2", "a5-a3"])
        values = [f["score"][0][1] for _, f, _ in lines]
        self.assertEqual(values, sorted(values, reverse=True))
        # test_review.c's row: two moves, so two lines for three asked.
        lines, best = self.lines(engine, ROW4, "go movetime 2000 nodes 1000 multipv 3")
        self.assertEqual([(n, pv[0], f["score"]) for n, f, pv in lines],
                         [(1, "a1-a3", [("value", 1.0, True), ("fish", 4.0, True)]),
                          (2, "a1-a2", [("value", -1.0, True), ("fish", -2.0, True)])])
        self.assertEqual(best, "a1-a3")

    def test_mcts_finds_the_win(self):
        lines, best = self.lines(self.engine("mcts"), ROW, "go nodes 3000 multipv 3")
        self.assertEqual([n for n, _, _ in lines], [1, 2, 3])
        self.assertEqual((best, lines[0][2][0]), ("a1-a4", "a1-a4"))
        self.assertEqual(lines[0][1]["score"], [("value", 1.0, False)])  # no margin, no exact

    def test_random_refuses_and_still_plays(self):
        engine = self.engine("random")
        engine.send("position " + ROW)
        engine.send("go nodes 10 multipv 2")
        engine.send("isready")
        self.assertEqual(engine.until("readyok"),
                         ["error go: multipv: random values no move, so it gives no lines "
                          "(mcts, az, montecarlo and alphabeta do)", "readyok"])
        engine.send("go nodes 10")
        self.assertRegex(engine.until("bestmove")[-1], r"^bestmove a1-a[234]$")


class StrengthOnTheCommandLine(unittest.TestCase):
    """packeis-engine --player NAME[:STRENGTH], in the seat notation of
    examples/README.md: the strength's budget is that of a go without
    limits; a go's own limit wins; a bad strength is refused."""
    program = None

    def last_info_nodes(self, go):
        engine = Engine([self.program, "--player", "mcts:300,threads=1"])
        try:
            engine.send("packeis 1")
            engine.until("packeisok")
            engine.send(go)
            infos = [line.split() for line in engine.until("bestmove") if line.startswith("info")]
            return int(infos[-1][infos[-1].index("nodes") + 1])
        finally:
            engine.close()

    def test_the_strength_is_the_budget_of_a_plain_go(self):
        self.assertEqual(self.last_info_nodes("go"), 300)
        self.assertEqual(self.last_info_nodes("go nodes 50"), 50)

    def test_a_bad_strength_is_refused(self):
        for spec, says in (("mcts:fast", "'fast' is no strength"),
                           ("engine:sh", "'engine:sh' is no built-in player"),
                           ("human", "'human' is no built-in player")):
            done = subprocess.run([self.program, "--player", spec], capture_output=True,
                                  text=True, timeout=TIMEOUT)
            self.assertEqual(done.returncode, 2, spec)
            self.assertIn(says, done.stderr)


def tiny_az_weights():
    """A weights file for az, H1 = 8, H2 = 4, random weights: its path."""
    h1, h2 = 8, 4
    count = h1 * 1600 + h1 + h2 * h1 + h2 + 192 * h2 + 192 + h2 + 1
    rng = random.Random(1)
    fd, path = tempfile.mkstemp(suffix=".pkaz")
    with os.fdopen(fd, "wb") as out:
        out.write(struct.pack("<4s5I", b"PKAZ", 1, 1600, h1, h2, 192))
        out.write(struct.pack(f"<{count}f", *(rng.uniform(-0.1, 0.1) for _ in range(count))))
    atexit.register(os.remove, path)
    return path


def main():
    args = sys.argv[1:]
    if args[:1] == ["--all-players"]:
        names = subprocess.run([args[1], "--list"], capture_output=True, text=True,
                               check=True).stdout
        for name in re.findall(r"^(\w+):", names, re.M):
            spec = name + ":weights=" + tiny_az_weights() if name == "az" else name
            ENGINES.append(([args[1], "--player", spec], name not in NOT_ANALYSING))
        StrengthOnTheCommandLine.program = MultiPVByHand.program = args[1]
    elif args:
        ENGINES.append((args, None))
    if not ENGINES:
        sys.exit("usage: test_protocol.py ENGINE [ARG ...] | --all-players PACKEIS_ENGINE")
    suite = unittest.TestSuite()
    for command, analyses in ENGINES:
        walk = type("ProtocolWalk_" + re.sub(r"\W", "_", command[-1].split(":weights=")[0]),
                    (ProtocolWalk,),
                    {"command": command, "analyses": analyses})
        suite.addTests(unittest.defaultTestLoader.loadTestsFromTestCase(walk))
    if StrengthOnTheCommandLine.program:
        suite.addTests(unittest.defaultTestLoader.loadTestsFromTestCase(StrengthOnTheCommandLine))
        suite.addTests(unittest.defaultTestLoader.loadTestsFromTestCase(MultiPVByHand))
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
