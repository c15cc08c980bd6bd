#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis-play as a person uses it.

TerminalGame drives it through a real terminal (tmux: send-keys and
capture-pane) from the first placement to the final standings against
greedy, with a refused move (checking the reason shown), an undo and a
save; the saved record is loaded by examples/replay, whose standings must be
those shown. A second game has an engine (packeis-engine) as the opponent,
and a third is reviewed (`review`) and the review stopped by Ctrl-C.
CommandLine checks --help, bad values, NO_COLOR, plain text into a pipe, the
end of input in the middle of a game, save and --load, binary garbage as
input, engines that fail in the middle of a game, and `review`: a game
worked out by hand, its rows against the game and its summary, SIGINT.

    test_play.py --play EXE --replay EXE --engine EXE --broken EXE [TestClass ...]

(--broken: tests/tournament/broken_engine, an engine that fails at its
second move.)

Every tmux server runs on a private socket (tmux -S, in a temporary
directory) and is killed at the end, also when the test is stopped; every
wait is bounded.
"""
import argparse
import atexit
import os
import random
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

ARGS = None
WAIT = 30  # seconds any one step may take before the test fails
RUNNING = set()  # the tmux servers not yet killed, killed at exit in any case


class Terminal:
    """A tmux server of its own with one 120x50 window running a command;
    when the command ends, its exit status is printed in the window."""

    def __init__(self, command, env=None, width=120):
        # A private server: its socket and configuration in a directory of
        # its own, removed with it.
        self.directory = tempfile.mkdtemp(prefix="packeis-play-tmux-")
        self.socket = os.path.join(self.directory, "socket")
        self.config = os.path.join(self.directory, "tmux.conf")
        with open(self.config, "w") as file:
            file.write("set -g history-limit 100000\nset -g status off\n")
        environment = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        # The window stays for the last capture; a server the test could not
        # kill ends by itself when the sleep does.
        script = f"env {environment} {command}; echo \"[exit $?]\"; sleep 300"
        self.tmux("new-session", "-d", "-x", str(width), "-y", "50", "-s", "play", script)
        RUNNING.add(self)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, "-f", self.config, *args],
                              check=True, capture_output=True, text=True, timeout=WAIT).stdout

    def close(self):
        if self not in RUNNING:
            return
        RUNNING.discard(self)
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True,
                       timeout=WAIT)
        shutil.rmtree(self.directory, ignore_errors=True)

    def text(self, colors=False, joined=True):
        """Everything the window showed, its history included, without the
        blank lines below the cursor (so that offsets into it stay put);
        with ``joined``, the lines the terminal itself wrapped joined again."""
        return self.tmux("capture-pane", "-p", *(["-J"] if joined else []), "-S", "-",
                         *(["-e"] if colors else []), "-t", "play").rstrip("\n")

    def send(self, line):
        self.tmux("send-keys", "-t", "play", "-l", line)
        self.tmux("send-keys", "-t", "play", "Enter")

    def wait(self, pattern, after=0):
        """Waits until `pattern` matches the text beyond offset `after`; the
        match."""
        deadline = time.monotonic() + WAIT
        while True:
            text = self.text()
            found = re.compile(pattern, re.M).search(text, after)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"no {pattern!r} within {WAIT} s; the screen:\n{text}")
            time.sleep(0.05)

    def prompt(self, after=0):
        """Waits for a prompt of packeis-play at the end of the screen, and
        beyond offset `after`; the prompt's text, and the screen."""
        deadline = time.monotonic() + WAIT
        while True:
            text = self.text()
            start = text.rfind("\n") + 1
            found = re.fullmatch(r"(\w you|game over \(.*\)) > ?", text[start:])
            if found and start >= after:
                return found.group(1), text
            if time.monotonic() > deadline:
                raise AssertionError(f"no prompt within {WAIT} s; the screen:\n{text}")
            time.sleep(0.05)


@atexit.register
def close_all():
    for terminal in list(RUNNING):
        terminal.close()


def standings(text):
    """The final standings shown: [(place, letter, fish, floes)]."""
    block = text[text.rindex("Final standings"):]
    rows = re.findall(r"^  (\d)\. ([A-D]) \S+ +(\d+) fish +(\d+) floes", block, re.M)
    return [tuple(int(v) if v.isdigit() else v for v in row) for row in rows]


class TerminalGame(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.terminals = []

    def tearDown(self):
        for terminal in self.terminals:
            terminal.close()
        self.scratch.cleanup()

    def start(self, arguments, env=None):
        terminal = Terminal(f"{shlex.quote(ARGS.play)} {arguments}", env)
        self.terminals.append(terminal)
        return terminal

    def hint(self, t):
        """The move greedy suggests, asked for with `hint`, once the prompt
        after it is shown (else a caller's next prompt(mark) could match
        that one, before its own move)."""
        mark = len(t.text())
        t.send("hint")
        found = t.wait(r"^Hint from greedy: (\S+)$", mark)
        t.prompt(found.end())
        return found.group(1)

    def test_whole_game_against_greedy(self):
        t = self.start("--seed 3 --opponents greedy --hint greedy")
        saved_mid = os.path.join(self.scratch.name, "middle.txt")
        saved_end = os.path.join(self.scratch.name, "end.txt")
        prompt, screen = t.prompt()
        self.assertEqual(prompt, "A you")
        # The board: column numbers over and under 8 rows labelled a ... h.
        self.assertIn("    1   2   3   4   5   6   7   8\na ", screen)
        self.assertRegex(screen, r"\nh  .* h\n    1   2   3   4   5   6   7   8\n")
        # On a terminal, A's letter is in colour (bold blue, as in the browser game).
        self.assertRegex(t.text(colors=True), "\033\\[(1;)?34mA")  # A in blue, as in the page

        # The first placement, then the same floe again: refused, with the reason.
        first = self.hint(t)
        t.send(first)
        t.wait(rf"^1\. A you places on {first}$")
        t.wait(r"^2\. B greedy places on \w+$")
        t.prompt()
        mark = len(t.text())
        t.send(first)
        t.wait(rf"^{first} is not allowed: a penguin is already on that floe \(A's\)$", mark)
        # The legal moves on request.
        t.send("moves")
        t.wait(r"^\d+ legal moves\.$", mark)

        undone = False
        saved = mark = 0
        while True:
            prompt, screen = t.prompt(mark)
            if prompt.startswith("game over"):
                break
            plies = int(re.findall(r"(\d+) actions, last", screen)[-1])
            if not undone and plies >= 12:
                # Undo takes back the person's move and greedy's reply.
                mark = len(screen)
                t.send("undo")
                t.wait(rf"^Taken back: {plies - 1}\. A \S+ {plies}\. B \S+$", mark)
                t.wait(rf"^movement, {plies - 2} actions, last B .*; A \(you\) to move$", mark)
                undone = True
                continue
            if not saved and plies >= 20:
                mark = len(screen)
                t.send(f"save {saved_mid}")
                t.wait(rf"^Saved the game \({plies} actions\) to ", mark)
                saved = plies
                t.prompt(mark)
            move = self.hint(t)
            mark = len(t.text())
            t.send(move)
        self.assertTrue(undone and saved)
        screen = t.text()
        self.assertIn("cannot move and is out", screen)
        final = standings(screen)
        self.assertEqual(len(final), 2)
        # Undo from the end goes back to the person's last turn; redo plays
        # it all again, to the same standings.
        mark = len(screen)
        t.send("undo")
        t.wait(r"^Taken back: \d+\. A ", mark)
        self.assertEqual(t.prompt(mark)[0], "A you")
        mark = len(t.text())
        t.send("redo")
        self.assertTrue(t.prompt(mark)[0].startswith("game over"))
        self.assertEqual(standings(t.text()), final)
        # The game over, its record is saved and replayed by examples/replay.
        mark = len(t.text())
        t.send(f"save {saved_end}")
        t.wait(r"^Saved the game \(\d+ actions\)", mark)
        t.send("quit")
        t.wait(r"^\[exit 0\]$", mark)

        replayed = subprocess.run([ARGS.replay, saved_end], capture_output=True, text=True,
                                  timeout=WAIT, check=True).stdout
        self.assertIn("final standings", replayed)
        rows = re.findall(r"player ([A-D]): place (\d), (\d+) fish, (\d+) floes", replayed)
        self.assertEqual(sorted((int(p), a, int(f), int(fl)) for a, p, f, fl in rows), final)
        # The record saved in the middle holds the actions played until then.
        middle = subprocess.run([ARGS.replay, saved_mid], capture_output=True, text=True,
                                timeout=WAIT, check=True).stdout
        self.assertIn(f"{saved} actions; provisional standings", middle)

    def test_ctrl_d_keeps_the_unsaved_game(self):
        """Ctrl-D at the prompt of a real terminal, after a move: the game is
        kept in packeis-play-unsaved.txt, and the screen says so."""
        kept = os.path.join(os.getcwd(), "packeis-play-unsaved.txt")
        if os.path.exists(kept):
            os.unlink(kept)
        t = self.start("--seed 5 --hint greedy")
        t.prompt()
        move = self.hint(t)
        mark = len(t.text())
        t.send(move)
        t.wait(r"^2\. B greedy places on", mark)
        t.prompt(mark)
        t.tmux("send-keys", "-t", "play", "C-d")
        t.wait(r"end of input: the game was not saved: it is kept in\s+packeis-play-unsaved\.txt")
        t.wait(r"^\[exit 0\]$")
        self.assertTrue(os.path.exists(kept))

    def test_long_lines_wrap_at_spaces(self):
        """At 40 columns the game breaks its long lines at spaces itself
        (the terminal would cut words): every line of the window fits, and
        the refusal's words come whole, in order."""
        t = Terminal(f"{shlex.quote(ARGS.play)} --seed 1", width=40)
        self.addCleanup(t.close)
        t.prompt()
        t.send("c4-e5")
        t.wait(r"is not allowed")
        t.send("help")
        t.wait(r"this list")
        lines = t.text(joined=False).split("\n")
        self.assertTrue(all(len(line) <= 40 for line in lines), lines)
        words = " ".join(t.text(joined=False).split())
        self.assertIn("penguins are still being placed: type one floe, such as a1", words)
        self.assertIn("slide the penguin on c4 to e5", words)
        for line in t.text(joined=True).split("\n"):  # nothing the terminal had to cut
            self.assertLessEqual(len(line), 40, line)

    def test_review_shows_progress_and_stops_on_ctrl_c(self):
        """review on a terminal: a note says which action is under way, a
        row comes as each is reviewed; Ctrl-C stops it after the rows
        finished, with the summary of those, and the game goes on."""
        t = self.start("--seed 3 --opponents greedy --hint greedy")
        t.prompt()
        for _ in range(3):
            move = self.hint(t)
            mark = len(t.text())
            t.send(move)
            t.prompt(mark)
        mark = len(t.text())
        t.send("review mcts:2s")  # 2 s an action: 12 s in all
        t.wait(r"^Review of 6 actions by mcts:2s; = where exact", mark)
        t.wait(r"reviewing action 1 of 6\.\.\. \(Ctrl-C stops\)", mark)
        t.wait(r"^    1\. A you ", mark)
        t.tmux("send-keys", "-t", "play", "C-c")
        stopped = t.wait(r"^Stopped \(Ctrl-C\): (\d) of 6 actions reviewed\.$", mark)
        done = int(stopped.group(1))
        self.assertTrue(1 <= done < 6, done)
        screen = t.prompt(mark)[1]
        block = screen[mark:]
        rows = re.findall(r"^ +(\d)\. ([AB]) ", block, re.M)
        self.assertEqual(rows, [(str(i + 1), "AB"[i % 2]) for i in range(done)])
        summary = re.findall(r"^  ([AB]) (?:you|greedy) +(\d+) +(\d+) ", block, re.M)
        self.assertEqual(sum(int(moves) + int(forced) for _, moves, forced in summary), done)
        self.assertNotIn("reviewing action", block.split("Stopped")[1])  # the note erased
        # The program is alive and the game goes on (CommandLine's
        # test_review_and_sigint: Ctrl-C then ends it, as before).
        mark = len(screen)
        t.send("moves")
        t.wait(r"^\d+ legal moves\.$", mark)
        t.send("quit")
        t.wait(r"^\[exit 0\]$", mark)

    def test_engine_opponent(self):
        engine = f"{ARGS.engine} --player greedy"
        t = self.start(f"--seed 4 --engine {shlex.quote(engine)} --hint greedy")
        screen = t.prompt()[1]
        # The name the engine gave in its handshake.
        self.assertIn("  B greedy (engine)   0 fish", screen)
        for _ in range(6):
            move = self.hint(t)
            mark = len(t.text())
            t.send(move)
            t.prompt(mark)
        screen = t.text()
        # B's four placements and two slides came from the engine.
        self.assertEqual(len(re.findall(r"^\d+\. B greedy \(engine\) places on \w+$", screen,
                                        re.M)), 4)
        self.assertEqual(len(re.findall(r"^\d+\. B greedy \(engine\) slides \w+-\w+, ", screen,
                                        re.M)), 2)
        t.send("quit")
        t.wait(r"^\[exit 0\]$")


def children(pid):
    """The processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def play(*arguments, stdin=b"", env=None):
    environment = dict(os.environ)
    environment.pop("NO_COLOR", None)
    environment.update(env or {})
    return subprocess.run([ARGS.play, *arguments], input=stdin, capture_output=True,
                          timeout=WAIT, env=environment)


class CommandLine(unittest.TestCase):
    def test_help(self):
        done = play("--help")
        self.assertEqual(done.returncode, 0)
        self.assertIn(b"usage: packeis-play", done.stdout)
        self.assertEqual(done.stderr, b"")
        # Every built-in player is listed, from the players' own table.
        for name in (b"random", b"greedy"):
            self.assertIn(name, done.stdout)

    def test_bad_values_are_named(self):
        cases = [
            (["--players", "5"], "--players: 5 is out of range (2 to 4)"),
            (["--seed", "-1"], "--seed: not a non-negative integer below 2^64: '-1'"),
            (["--opponents", "grady"], "seat B: 'grady': no built-in player is called 'grady'"),
            (["--opponents", "greedy:fast"], "'fast' is no strength"),
            (["--seat", "5=greedy"], "--seat: expected N=WHO with N from 1 to 4 or A to D, "
             "not '5=greedy'"),
            (["--seat", "2=greedy", "--seat", "b=random"], "seat B is given twice"),
            (["--players", "2", "--opponents", "greedy,random"],
             "2 seats cannot hold you and 2 opponents besides the seats given"),
            (["--opponents", "greedy,greedy,greedy,greedy"], "5 seats asked for (the seats given, you and 4 opponents); at most 4"),
            (["--variant", "wild"], "--variant: expected any-floe or snake, not 'wild'"),
            (["--engine", "/nonexistent/engine"], "/nonexistent/engine"),
            (["--hint", "human"], "a person cannot give hints"),
            (["--bogus"], "unknown option '--bogus'"),
            (["--seed"], "--seed needs a value"),
            (["extra"], "unexpected argument 'extra'"),
        ]
        for arguments, message in cases:
            with self.subTest(arguments=arguments):
                done = play(*arguments)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(message, done.stderr.decode())
                self.assertEqual(done.stdout, b"")

    def test_layout_errors(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as layout:
            layout.write("1 1\n 4\n")
            layout.flush()
            done = play("--layout", layout.name, "--penguins", "1")
            self.assertEqual(done.returncode, 1)
            self.assertIn(f"{layout.name}:2:2: floe with fewer than 1 or more than 3 fish",
                          done.stderr.decode())

    def test_plain_text_into_a_pipe_and_end_of_input(self):
        # Not a terminal: no escape sequence at all. The input ends in the
        # middle of the game: a goodbye, status 0.
        done = play("--seed", "1", stdin=b"help\nmoves\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertNotIn(b"\033", done.stdout)
        self.assertIn(b"end of input: goodbye\n", done.stdout)  # nothing played, nothing kept
        self.assertIn(b"save FILE  save the game record to FILE", done.stdout)
        # What the end of input does with a game is told while input can
        # still save it (in help), not only once it has ended.
        told = done.stdout.find(b"(also end of input, Ctrl-D); an unfinished game not\n"
                                b"             saved is kept in packeis-play-unsaved.txt")
        self.assertGreaterEqual(told, 0, done.stdout)
        self.assertLess(told, done.stdout.index(b"end of input: goodbye"))

    def test_undo_redo(self):
        # Placements against greedy: undo takes back the person's a1 and
        # greedy's reply; redo plays both again; another move forgets them.
        done = play("--seed", "1", stdin=b"a1\nundo\nredo\nundo\na2\nredo\n")
        text = done.stdout.decode()
        reply = re.search(r"^2\. B greedy places on (\w+)$", text, re.M).group(1)
        self.assertIn(f"Taken back: 1. A a1 2. B {reply}\n", text)
        after = text[text.index("Taken back"):]
        self.assertIn(f"A you > 1. A you places on a1\n2. B greedy places on {reply}\n", after)
        self.assertIn("A you > 1. A you places on a2\n", after)
        self.assertIn("Nothing to redo.", after)

    def test_new_game(self):
        # `new 7` after a move: the board of --seed 7, none of the old game.
        seven = play("--seed", "7", "--no-color").stdout.decode()
        board = seven[seven.index("    1   2"):seven.index("> A you")]
        done = play("--seed", "1",
                    stdin=b"a1\nnew 7\nnew seven\nnew 99999999999999999999\n"
                          b"new 18446744073709551615\n")
        text = done.stdout.decode()
        self.assertIn("Packeis am Pol, seed 7 (--seed 7 plays this board again).", text)
        after = text[text.index("seed 7 (--seed 7"):]
        self.assertIn(board + "> A you      0 fish   0 floes", after)
        self.assertIn("placement; A (you) to place a penguin", after)
        self.assertIn("new: the seed is a whole number, not 'seven'", after)
        self.assertIn("new: the seed 99999999999999999999 is too large (at most "
                      "18446744073709551615)", after)
        self.assertIn("Packeis am Pol, seed 18446744073709551615", after)

    def test_a_lone_floe_in_movement_says_which_slide(self):
        # a1 a2 a3 a4 in a row, one penguin each, two people: after a1 and a3,
        # A's only slide to a2 is a1-a2; typing "a2" plays it and says so.
        with tempfile.TemporaryDirectory() as scratch:
            layout = os.path.join(scratch, "row.txt")
            with open(layout, "w") as file:
                file.write("1 1 1 3\n")
            done = play("--layout", layout, "--penguins", "1", "--seat", "1=human",
                        "--seat", "2=human", stdin=b"a1\na3\na2\nquit\n")
        text = done.stdout.decode()
        self.assertIn("a2: the only slide there, a1-a2.\n3. A person slides a1-a2", text)

    def test_review_of_a_game_worked_by_hand(self):
        """review on tests/players/test_review.c's row of four floes (1 1 3 1
        fish), two people of one penguin: A a2, B a4, A a2-a1, B a4-a3. The
        endgame solver values every action exactly: after a2 and a4, A's
        a2-a3 wins 4 to 1 (+3: B, shut in, goes out with a4; A takes a3 and
        goes out with it) and a2-a1 loses 2 to 4 (-2: B slides a4-a3, both
        are then shut in), a blunder of 5 fish; B's a4 loses by 3, but a1
        loses by 4 (A slides a2-a3, B goes out with a1, A takes a4 too: 5
        to 1), so a4 is best; A's a2 is best (a1: B places on a2 and shuts A
        in, -4; a4: +2) and wins; B's a4-a3 is its only move."""
        with tempfile.TemporaryDirectory() as scratch:
            layout = os.path.join(scratch, "row.txt")
            with open(layout, "w") as file:
                file.write("1 1 3 1\n")
            done = play("--layout", layout, "--penguins", "1", "--seat", "1=human",
                        "--seat", "2=human",
                        stdin=b"review\na2\na4\nreview\na2-a1\na4-a3\nreview\nquit\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        text = done.stdout.decode()
        self.assertIn("A person > Nothing to review: no action has been played yet.\n", text)
        heading = ("by mcts:20000; = where exact (the endgame solved within 200000 positions). "
                   "Values: the mover's expected result, -1 lost to +1 won; loss: what the move "
                   "played gave away.\n"
                   "  no.  player    played   best     before   after    loss\n")
        two = ("    1. A person  a2       a2       +1.00 -> +1.00 =  0.00\n"
               "    2. B person  a4       a4       -1.00 -> -1.00 =  0.00\n")
        self.assertIn("A person > Review of 2 actions " + heading + two + "\n", text)
        self.assertIn(
            "game over (review, new, undo, save FILE, load FILE, quit) > Review of 4 actions "
            + heading + two
            + "    3. A person  a2-a1    a2-a3    +1.00 -> -1.00 =  2.00 ?? blunder, 5 fish lost\n"
            "    4. B person  a4-a3    forced (the only move)\n"
            "\n"
            "  player    moves  forced  average loss  accuracy  ?!   ?  ??  fish lost\n"
            "  A person      2       0         1.000      50.0   0   0   1  5 (2 exact moves)\n"
            "  B person      1       1         0.000     100.0   0   0   0  0 (1 exact move)\n"
            "game over", text)

    def test_review_rows_agree_with_the_game_and_summary(self):
        """review against greedy on the standard board: a row per action,
        the moves those played, each loss the fall of the value, its mark
        the loss's; the summary adds the rows up; the same review twice is
        the same (seeded players, a node budget); bad estimators refused."""
        done = play("--seed", "3", "--opponents", "greedy",
                    stdin=b"a1\na2\na3\nreview mcts:500\nreview mcts:500\nreview\n"
                          b"review random\nreview nosuch\nreview mcts:fast\nhelp\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        text = done.stdout.decode()
        # (Into a pipe a person's action follows the prompt on its line.)
        played = re.findall(r"(?:^|> )\d+\. ([AB]) (?:you|greedy) places on (\w+)$", text,
                            re.M)
        self.assertEqual(len(played), 6)
        blocks = re.findall(r"Review of 6 actions by (\S+); .*?\n((?:.*\n)*?)A you > ", text)
        self.assertEqual([spec for spec, _ in blocks], ["mcts:500", "mcts:500", "mcts:20000"])
        self.assertEqual(blocks[0][1], blocks[1][1])
        row = re.compile(r"^ +(\d+)\. ([AB]) (?:you|greedy) +(\S+) +(\S+) +([+-]\d\.\d\d) -> "
                         r"([+-]\d\.\d\d) ([= ]) +(\d\.\d\d)(?: (\?\?|\?!|\?) +(\w+))?$", re.M)
        for _, block in blocks:
            rows = row.findall(block)
            self.assertEqual([(int(r[0]), r[1], r[2]) for r in rows],
                             [(i + 1, who, move) for i, (who, move) in enumerate(played)])
            losses = {"A": [], "B": []}
            marks = {"A": [], "B": []}
            for number, who, move, best, before, after, exact, loss, mark, word in rows:
                self.assertEqual(exact, " ")  # the opening: nothing solved
                self.assertAlmostEqual(float(loss), max(0, float(before) - float(after)),
                                       delta=0.011)
                want = next((m for m, bound in (("??", 0.3), ("?", 0.2), ("?!", 0.1))
                             if float(loss) >= bound), "")
                if min(abs(float(loss) - b) for b in (0.1, 0.2, 0.3)) > 0.006:
                    self.assertEqual(mark, want, (number, loss))
                self.assertEqual(word, {"": "", "?!": "inaccuracy", "?": "mistake",
                                        "??": "blunder"}[mark])
                if move == best:
                    self.assertEqual(loss, "0.00")
                losses[who].append(float(loss))
                marks[who].append(mark)
            summary = re.findall(r"^  ([AB]) (?:you|greedy) +(\d+) +(\d+) +(\d\.\d{3}) +"
                                 r"(\d+\.\d) +(\d+) +(\d+) +(\d+)  - \(no exact move\)$",
                                 block, re.M)
            self.assertEqual([s[0] for s in summary], ["A", "B"], block)
            for who, moves, forced, average, _, inaccuracies, mistakes, blunders in summary:
                self.assertEqual((int(moves), int(forced)), (3, 0))
                self.assertAlmostEqual(float(average), sum(losses[who]) / 3, delta=0.006)
                self.assertEqual([int(inaccuracies), int(mistakes), int(blunders)],
                                 [marks[who].count(m) for m in ("?!", "?", "??")])
        self.assertIn("review: 'random': random values no move, so it cannot review (mcts, az, "
                      "montecarlo and alphabeta can)", text)
        self.assertIn("review: 'nosuch': no built-in player is called 'nosuch'", text)
        self.assertIn("review: 'mcts:fast': 'fast' is no strength", text)
        self.assertIn("  review     what each action so far cost its player", text)
        self.assertIn("review SPEC values with another player (review az:800)", text)

    def test_review_and_sigint(self):
        """SIGINT (Ctrl-C) during a review stops it and the game goes on;
        at the prompt afterwards it ends the program as it always did (the
        review gives its handler back); two during a review end it too."""
        def started(review):
            game = subprocess.Popen([ARGS.play, "--seed", "3", "--opponents", "greedy"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            self.addCleanup(lambda: game.poll() is None and game.kill())
            game.stdin.write(f"a1\na2\na3\n{review}\n".encode())
            game.stdin.flush()
            return game, [b""]

        def wait_for(game, seen, pattern):
            deadline = time.monotonic() + WAIT
            while not re.search(pattern, seen[0], re.M):
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([game.stdout], [], [], left)[0]:
                    raise AssertionError(f"no {pattern!r}; the output:\n{seen[0].decode()}")
                chunk = os.read(game.stdout.fileno(), 65536)
                if not chunk:
                    raise AssertionError(f"no {pattern!r} before the end:\n{seen[0].decode()}")
                seen[0] += chunk

        game, seen = started("review mcts:2s")
        wait_for(game, seen, rb"^    1\. A you ")
        game.send_signal(signal.SIGINT)
        wait_for(game, seen, rb"^Stopped \(Ctrl-C\): [1-5] of 6 actions reviewed\.\n")
        wait_for(game, seen, rb"^  B greedy .*\nA you > $")
        self.assertIsNone(game.poll())
        game.send_signal(signal.SIGINT)  # at the prompt: the program ends
        self.assertEqual(game.wait(timeout=WAIT), -signal.SIGINT)
        game.stdin.close()
        game.stdout.close()
        game.stderr.close()

        game, seen = started("review mcts:2s")
        wait_for(game, seen, rb"^    1\. A you ")
        game.send_signal(signal.SIGINT)
        time.sleep(0.2)  # two signals sent at once may arrive as one
        game.send_signal(signal.SIGINT)
        self.assertEqual(game.wait(timeout=WAIT), -signal.SIGINT)
        game.stdin.close()
        game.stdout.close()
        game.stderr.close()

    def test_computers_only(self):
        # Two computers play a whole game by themselves, drawn after every
        # action, to the final standings.
        done = play("--seed", "2", "--seat", "1=greedy", "--seat", "2=random")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(standings(done.stdout.decode())), 2)

    def test_a_failed_hint_engine_is_ended(self):
        # A hint engine that fails its handshake is ended at once: asking
        # three times leaves no engine running beside packeis-play. The
        # engine passes the check at startup (its first start) and answers
        # garbage to the handshake of every later one. (packeis-play's
        # output into a pipe is buffered: the file `save` writes tells when
        # the three hints are done.)
        with tempfile.TemporaryDirectory() as scratch:
            script = os.path.join(scratch, "engine.sh")
            with open(script, "w") as f:
                f.write(f"""#!/bin/sh
[ -e {scratch}/started ] && exec {shlex.quote(ARGS.broken)} badhello
touch {scratch}/started
exec {shlex.quote(ARGS.broken)} exit
""")
            os.chmod(script, 0o755)
            record = os.path.join(scratch, "game.txt")
            game = subprocess.Popen([ARGS.play, "--seed", "2", "--hint", f"engine:{script}"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            try:
                game.stdin.write(f"hint\nhint\nhint\nsave {record}\n".encode())
                game.stdin.flush()
                deadline = time.monotonic() + WAIT
                while not os.path.exists(record + ".seats") and time.monotonic() < deadline:
                    time.sleep(0.05)
                self.assertEqual(children(game.pid), [])
            finally:
                out, err = game.communicate(b"quit\n", timeout=WAIT)
            self.assertEqual(out.count(b"No hint:"), 3, out + err)
            self.assertIn(b"wrote 'hello, this is not the handshake'", out)

    def test_broken_engines(self):
        # An engine that exits or plays an illegal move at its second move:
        # the game says why, gives the seat to greedy, and is played out.
        reasons = {"exit": "exited with status 3 to go",
                   "illegal": "a penguin is already on that floe (PACKEIS_E_OCCUPIED)",
                   "garbage": "wrote '"}
        for fault, reason in reasons.items():
            with self.subTest(fault=fault):
                engine = f"engine:{ARGS.broken} {fault}"
                done = play("--seed", "6", "--seat", "1=greedy", "--seat", f"2={engine}")
                self.assertEqual(done.returncode, 0, done.stderr)
                text = done.stdout.decode()
                self.assertRegex(text, rf"B \S+ \(engine\) failed: .*{re.escape(reason)}")
                self.assertIn("greedy plays seat B from now on.", text)
                self.assertEqual(len(standings(text)), 2)

    def test_save_and_load(self):
        with tempfile.TemporaryDirectory() as scratch:
            record = os.path.join(scratch, "game.txt")
            missing = play("--load", record)
            self.assertEqual(missing.returncode, 1)
            self.assertIn(f"{record}: No such file or directory", missing.stderr.decode())
            # greedy places first, the person saves.
            first = play("--seed", "2", "--seat", "1=greedy", stdin=f"save {record}\n".encode())
            self.assertIn(f"Saved the game (1 action) to {record}, its seats to {record}.seats.",
                          first.stdout.decode())
            placed = re.search(r"^1\. A greedy places on (\w+)$", first.stdout.decode(), re.M)
            # Loaded again: the person is B, and A's placement is there.
            again = play("--load", record, "--seat", "1=greedy").stdout.decode()
            self.assertIn(f"placement, 1 action, last A {placed.group(1)}; B (you) to place",
                          again)
            wrong = play("--load", record, "--players", "3")
            self.assertEqual(wrong.returncode, 1)
            self.assertIn("is a game of 2 players, not 3", wrong.stderr.decode())
            with open(record, "a") as file:
                file.write("junk\n")
            broken = play("--load", record)
            self.assertEqual(broken.returncode, 1)
            self.assertIn(f"{record}:", broken.stderr.decode())

    def test_load_keeps_the_seats(self):
        """A game saved against a computer resumes against it: the record's
        seats file (FILE.seats) seats it again, unless the command line
        names that seat."""
        with tempfile.TemporaryDirectory() as scratch:
            record = os.path.join(scratch, "game.txt")
            first = play("--seed", "3", "--opponents", "montecarlo:20", "--no-color",
                         stdin=f"a1\nsave {record}\n".encode())
            self.assertIn("2. B montecarlo:20 places on", first.stdout.decode())
            with open(record + ".seats") as file:
                self.assertEqual([line for line in file.read().split("\n")[1:] if line],
                                 ["A human", "B montecarlo:20"])
            self.assertEqual(subprocess.run([ARGS.replay, record], capture_output=True,
                                            timeout=WAIT).returncode, 0)
            # B answers A's next placement by itself: it is a computer again.
            again = play("--load", record, "--no-color", stdin=b"a2\n").stdout.decode()
            self.assertIn("  B montecarlo:20   0 fish", again)
            self.assertRegex(again, r"3\. A you places on a2\n4\. B montecarlo:20 places on")
            # A seat named on the command line wins over the file's.
            other = play("--load", record, "--seat", "2=greedy", "--no-color",
                         stdin=b"a2\n").stdout.decode()
            self.assertRegex(other, r"(?m)^4\. B greedy places on")
            # Without a seats file every seat not given is a person, and it says so.
            os.unlink(record + ".seats")
            bare = play("--load", record, "--no-color", stdin=b"").stdout.decode()
            self.assertIn(f"{record} has no {record}.seats beside it: the seats not given are "
                          "people", bare)
            self.assertIn("  B person", bare)

    def test_load_keeps_a_computer_before_the_person(self):
        """The other way round: mcts in seat A, the person in B. Loaded, A is
        mcts again and answers by itself, B is you (before FILE.seats both
        came back as people, each move waiting for the keyboard)."""
        with tempfile.TemporaryDirectory() as scratch:
            record = os.path.join(scratch, "game.txt")
            first = play("--seed", "3", "--seat", "1=mcts:50", "--no-color",
                         stdin=f"a1\nsave {record}\n".encode()).stdout.decode()
            self.assertIn("Saved the game (3 actions)", first)
            again = play("--load", record, "--no-color", stdin=b"a6\n").stdout.decode()
            self.assertIn("  A mcts:50   0 fish   0 floes\n> B you       0 fish", again)
            self.assertRegex(again, r"4\. B you places on a6\n5\. A mcts:50 places on \w+\n")

    def test_load_does_not_run_a_command_from_a_file(self):
        with tempfile.TemporaryDirectory() as scratch:
            record = os.path.join(scratch, "game.txt")
            engine = f"engine:{ARGS.engine} --player greedy"
            play("--seed", "3", "--seat", f"2={engine}", stdin=f"a1\nsave {record}\n".encode())
            with open(record + ".seats") as file:
                self.assertIn(f"B {engine}\n", file.read())
            done = play("--load", record)
            self.assertEqual(done.returncode, 2)
            self.assertIn(f"seat B of {record} was {engine}: packeis-play does not run a "
                          f"command read from a file; give --seat B='{engine}'",
                          done.stderr.decode())
            given = play("--load", record, "--seat", f"B={engine}", stdin=b"a2\n")
            self.assertRegex(given.stdout.decode(), r"(?m)^4\. B greedy \(engine\) places on")
            with open(record + ".seats", "w") as file:
                file.write("A human\nC greedy\n")
            broken = play("--load", record)
            self.assertEqual(broken.returncode, 1)
            self.assertIn(f"{record}.seats:2: not a seat line", broken.stderr.decode())

    def test_an_unsaved_game_is_kept_when_input_ends(self):
        """The end of input (Ctrl-D) or quit in an unfinished game with
        actions not saved keeps it in packeis-play-unsaved.txt, and says so
        while the game can still be had back; a saved one just says goodbye."""
        kept = "packeis-play-unsaved.txt"
        for leave in (b"", b"quit\n"):
            with self.subTest(leave=leave):
                if os.path.exists(kept):
                    os.unlink(kept)
                done = play("--seed", "4", "--opponents", "greedy", stdin=b"a1\n" + leave)
                self.assertEqual(done.returncode, 0, done.stderr)
                self.assertIn(f"the game was not saved: it is kept in {kept} (packeis-play "
                              f"--load {kept} goes on with it)", done.stdout.decode())
                replayed = subprocess.run([ARGS.replay, kept], capture_output=True, text=True,
                                          timeout=WAIT, check=True).stdout
                self.assertIn("2 actions", replayed)
                again = play("--load", kept, "--no-color", stdin=b"a2\n").stdout.decode()
                self.assertRegex(again, r"(?m)^4\. B greedy places on")
        with tempfile.TemporaryDirectory() as scratch:
            os.unlink(kept)
            record = os.path.join(scratch, "game.txt")
            saved = play("--seed", "4", stdin=f"a1\nsave {record}\n".encode())
            self.assertIn(b"end of input: goodbye\n", saved.stdout)
            self.assertFalse(os.path.exists(kept))

    def test_garbage_input(self):
        # Any bytes at the prompt: refused lines, never a crash; the end of
        # input ends the game.
        generator = random.Random(14)
        garbage = bytes(generator.randrange(256) for _ in range(20000))
        garbage += b"x" * 5000 + b"\n" + b"\0\0\0\n" + b"save\nload /nonexistent\nundo\nredo\n"
        done = play("--seed", "5", "--opponents", "random", stdin=garbage)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn(b"a line of more than 1000 characters: ignored", done.stdout)
        self.assertIn(b"save needs a file name", done.stdout)
        self.assertIn(b"Not loaded: /nonexistent: No such file or directory", done.stdout)
        self.assertIn(b"end of input: goodbye", done.stdout)

    def test_no_color(self):
        # NO_COLOR and --no-color, checked on a terminal (tmux).
        for arguments, env in (("--seed 1", {"NO_COLOR": "1"}), ("--seed 1 --no-color", {})):
            with self.subTest(arguments=arguments, env=env):
                t = Terminal(f"{shlex.quote(ARGS.play)} {arguments}", env)
                try:
                    t.prompt()
                    t.send("a1-a2")
                    t.wait("is not allowed")
                    self.assertNotIn("\033[1;", t.text(colors=True))
                finally:
                    t.close()


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--play", required=True)
    parser.add_argument("--replay", required=True)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--broken", required=True)
    ARGS, rest = parser.parse_known_args()
    for name in ("play", "replay", "engine", "broken"):
        setattr(ARGS, name, os.path.abspath(getattr(ARGS, name)))
    # A game left unsaved is kept in the working directory
    # (packeis-play-unsaved.txt): the tests' is a scratch folder of their own.
    scratch = tempfile.mkdtemp(prefix="packeis-play-cwd-")
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    os.chdir(scratch)
    # meson's timeout sends SIGTERM: exit through atexit, killing the servers.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
