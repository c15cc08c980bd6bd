# SPDX-License-Identifier: MIT
"""Hostile calls on the analysis and the review (Player.analyse,
Player.analyses, packeis.review(), packeis.review.plot, the az player's
weights) in test_hostile.py's style: each case runs in a child interpreter
(the same executable and environment), and fails on a crash (a signal), a
hang (the timeout), a leaked game (the allocator's live blocks) or a wrong
answer (the child's own assertions). A case prints "ok" as its last line
when all of its checks passed. Also: a players library whose structs are
laid out otherwise is refused as it loads.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import signal
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_hostile import PRELUDE as HOSTILE_PRELUDE  # noqa: E402
from test_hostile import SLOW, HostileCase, child_env  # noqa: E402

# test_hostile's prelude (its imports, SIGINT as in an interpreter, expect())
# and what the review's programs use besides.
PRELUDE = HOSTILE_PRELUDE + """
import copy, json, math
from packeis.players import MCTS, AZ, AlphaBeta, Greedy, MonteCarlo, Player, Random

# The row of four floes of tests/players/test_review.c (fish 1, 1, 3, 1):
# A on cell 0, B on cell 3, 4 plies, A to slide at ply 2.
ROW = [(0, 0, 1), (2, 0, 1), (4, 0, 3), (6, 0, 1)]
P, S = Move.place, Move.slide

def row_game(allocator=None, plies=4):
    game = Game(layout=ROW, players=2, penguins=1, allocator=allocator)
    for move in (P(0), P(3), S(0, 2), S(2, 1))[:plies]:
        game.apply(move)
    return game

def standard_game(seed, plies, players=2, allocator=None):
    game = Game(seed=seed, players=players, allocator=allocator)
    for i in range(plies):
        moves = game.legal_moves()
        game.apply(moves[(i * 7 + seed) % len(moves)])
    return game

FAST = dict(player="mcts:200", solver_nodes=2000)  # a review in a blink
"""


#: The source tree (its committed az network).
SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")


def review_env():
    env = child_env()
    env["PACKEIS_SOURCE"] = SOURCE
    return env


def start(code, env=None):
    source = PRELUDE + textwrap.dedent(code) + "\nprint('ok')\n"
    return subprocess.Popen([sys.executable, "-c", source], env=env or review_env(), text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


class ReviewCase(HostileCase):
    def run_child(self, code, timeout=60, env=None):
        return self.finish(start(code, env), timeout)

    def interrupt_child(self, code, timeout=60, after=0.5):
        """As HostileCase's, with this file's prelude."""
        process = start(code)
        line = process.stdout.readline()
        if line.strip() != "ready":
            self.finish(process, timeout)
            self.fail(f"the child printed {line!r} instead of 'ready'")
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        return self.finish(process, timeout)


# -- the layout check ----------------------------------------------------------
FAKE_SIZE = """
#include <stddef.h>
size_t %s(void) { return 3; }
"""


class LayoutCheckTest(ReviewCase):
    def test_each_size_function_is_checked(self):
        # A library answering another size for any one struct (or lacking
        # the function) is refused with its name and both sizes.
        self.run_child("""
            from packeis import players, review
            structs = dict(players._SIZES)
            structs.update({"packeis_player_reviewer_size": review._Reviewer,
                            "packeis_player_review_ply_size": review._Ply,
                            "packeis_player_review_summary_size": review._Summary})
            assert len(structs) == 6, structs
            import ctypes
            for name, struct in structs.items():
                class Library:  # the real sizes but one
                    pass
                library = Library()
                for other, s in structs.items():
                    setattr(library, other, lambda s=s: ctypes.sizeof(s))
                bad = ctypes.sizeof(struct) + 8
                setattr(library, name, lambda: bad)
                error = expect(ImportError, players._check_layout, library, "/x/lib.so",
                               "packeis.test", structs, says=f"/x/lib.so: {name}() is {bad}")
                assert f"declares {name[:-5]} in {ctypes.sizeof(struct)} bytes" in str(error), error
                delattr(library, name)
                expect(ImportError, players._check_layout, library, "/x/lib.so",
                       "packeis.test", structs, says=f"no {name}()")
            players._check_layout(players._lib, "real", "packeis.test", structs)  # the real one
        """)

    def fake_library(self, folder, function):
        """A library defining ``function`` as 3 bytes, every other symbol
        (through its dependency) the real players library's."""
        real = os.environ.get("PACKEIS_PLAYERS_LIBRARY")
        if not real or not shutil.which("cc"):
            self.skipTest("needs cc and $PACKEIS_PLAYERS_LIBRARY")
        source, library = os.path.join(folder, "fake.c"), os.path.join(folder, "libfake.so")
        with open(source, "w") as file:
            file.write(FAKE_SIZE % function)
        plain = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}  # no sanitizer
        subprocess.run(["cc", "-shared", "-fPIC", source, "-o", library, "-Wl,--no-as-needed", real,
                        f"-Wl,-rpath,{os.path.dirname(os.path.abspath(real))}"],
                       check=True, env=plain)
        env = review_env()
        env["PACKEIS_PLAYERS_LIBRARY"] = library
        return library, env

    def test_a_library_of_another_layout_is_refused(self):
        with tempfile.TemporaryDirectory() as folder:
            library, env = self.fake_library(folder, "packeis_player_line_size")
            out = subprocess.run([sys.executable, "-c", "import packeis.players"], env=env,
                                 capture_output=True, text=True, timeout=60 * SLOW)
            self.assertNotEqual(out.returncode, 0)
            self.assertIn(f"ImportError: {library}: packeis_player_line_size() is 3, but "
                          f"packeis.players declares packeis_player_line in", out.stderr)
        with tempfile.TemporaryDirectory() as folder:
            library, env = self.fake_library(folder, "packeis_player_review_ply_size")
            # packeis.players is fine; packeis.review is refused, each time asked.
            self.run_child(f"""
                from packeis import players
                assert players.version().startswith("0.")
                for _ in range(2):
                    error = expect(ImportError, getattr, packeis, "review")
                    assert str(error).startswith(
                        {library!r} + ": packeis_player_review_ply_size() is 3, but "
                        "packeis.review declares packeis_player_review_ply in "), error
            """, env=env)



# -- a player's own calls from inside its search ----------------------------
class PlayerReentryTest(ReviewCase):
    def test_stop_callables_and_handlers_that_use_the_player(self):
        # stop() and signal handlers run on the searching thread while it
        # holds the player: each of these waited for itself for ever (a
        # hang). Now close() takes effect as the search returns (its best
        # move so far), and any other call is refused.
        self.run_child("""
            g = Game(seed=1)
            for use in ("analyse", "choose", "forget", "set_option", "close"):
                m = MCTS(seed=1)
                seen = []
                def stop():
                    if seen:
                        return False
                    try:
                        if use == "analyse":
                            m.analyse(g, 1, nodes=10)
                        elif use == "choose":
                            m.choose(g, nodes=10)
                        elif use == "forget":
                            m.forget()
                        elif use == "set_option":
                            m.set_option("threads", 1)
                        else:
                            m.close()
                        seen.append("ran")
                    except packeis.ReentrantCallError as error:
                        seen.append(str(error))
                    return False
                started = time.monotonic()
                lines = m.analyse(g, 2, seconds=0.3, stop=stop)
                assert len(lines) == 2, (use, lines)
                assert time.monotonic() - started < 5, use
                if use == "close":
                    assert seen == ["ran"] and time.monotonic() - started < 0.25, seen
                    expect(ValueError, m.analyse, g, says="the player was closed")
                else:
                    assert seen == ["the player is in use by the search this call was made "
                                    "from (its stop callable or a signal handler): only stop() "
                                    "and close() may be called there"], (use, seen)
                    assert len(m.analyse(g, 1, nodes=10)) == 1  # usable after
                m.close()
            # A signal handler closing the player during a search.
            m = MCTS(seed=1)
            signal.signal(signal.SIGALRM, lambda *_: m.close())
            signal.setitimer(signal.ITIMER_REAL, 0.2)
            started = time.monotonic()
            assert len(m.analyse(g, 1, seconds=3)) == 1
            assert time.monotonic() - started < 1.5, time.monotonic() - started
            expect(ValueError, m.forget, says="the player was closed")
            # Another thread's close waits for the search, which stops.
            m = MCTS(seed=1)
            threading.Timer(0.2, m.close).start()
            assert len(m.analyse(g, 1, seconds=3)) == 1
            assert m._handle.value is None
            # A review whose progress closes its estimator: refused at the next ply.
            m = MCTS(seed=1, playouts=50)
            expect(ValueError, packeis.review, row_game(), player=m, solver_nodes=0,
                   progress=lambda *_: m.close(), says="the player was closed")
        """, timeout=60)



# -- a player's C memory under interruptions -----------------------------------
class PlayerLifetimeTest(ReviewCase):
    def test_an_exception_at_the_entry_of_del_frees_the_player(self):
        # Every player keeps blocks of the game it searched (its copy, its
        # tree's): the allocator's count shows a player never freed. An
        # exception as __del__ starts (a signal handler, a trace function)
        # left the C player unfreed; now its release frees it.
        self.run_child("""
            class Tick(Exception):
                pass
            ignored = []
            sys.unraisablehook = lambda unraisable: ignored.append(unraisable.exc_type)
            def tick_in_del(frame, event, arg):
                if event == "call" and frame.f_code.co_name == "__del__":
                    sys.settrace(None)
                    raise Tick()
                return None
            a = packeis.Allocator()
            g = Game(seed=1, allocator=a)
            base = a.live_blocks
            for kind in (MCTS, AlphaBeta, MonteCarlo, AZ):
                p = kind(seed=1)
                p.analyse(g, 1, nodes=20)
                assert a.live_blocks > base, (kind, a)
                sys.settrace(tick_in_del)
                del p
                sys.settrace(None)
                gc.collect()
                assert ignored == [Tick], (kind, ignored)
                ignored.clear()
                assert a.live_blocks == base, (kind, a)
            # In a cycle, collected by the garbage collector.
            p = MCTS(seed=1)
            p.me = p
            p.analyse(g, 1, nodes=20)
            sys.settrace(tick_in_del)
            del p
            gc.collect()
            sys.settrace(None)
            assert a.live_blocks == base and ignored == [Tick], (a, ignored)
            ignored.clear()
            # Freed once only, whichever way it goes.
            for way in ("close", "__del__", "refcount", "cycle", "close+cycle", "with"):
                p = MCTS(seed=1)
                if way == "with":
                    with p:
                        p.analyse(g, 1, nodes=20)
                else:
                    p.analyse(g, 1, nodes=20)
                if "close" in way:
                    p.close()
                if way == "__del__":
                    p.__del__()
                    p.__del__()
                if "cycle" in way:
                    p.me = p
                del p
                gc.collect()
                assert a.live_blocks == base and ignored == [], (way, a, ignored)
        """)

    def test_players_made_and_closed_under_a_raising_timer(self):
        # A timer raising every 100 to 700 us while players are made, search
        # and are closed (or dropped): none may be lost unfreed.
        self.run_child("""
            class Tick(Exception):
                pass
            armed = []
            def tick(signum, frame):
                if armed:
                    raise Tick()
            signal.signal(signal.SIGALRM, tick)
            sys.unraisablehook = lambda unraisable: None
            a = packeis.Allocator()
            g = Game(seed=1, allocator=a)
            base, ticks, end = a.live_blocks, 0, time.monotonic() + 30
            p = None
            while ticks < 1000 and time.monotonic() < end:
                try:
                    armed.append(True)
                    signal.setitimer(signal.ITIMER_REAL, 0.0001 * (1 + ticks % 7), 0.0003)
                    while True:
                        p = MCTS(seed=ticks)
                        p.analyse(g, 1, nodes=2)
                        if ticks % 2:
                            p.close()
                        p = None
                except Tick:
                    ticks += 1
                finally:
                    armed.clear()
                    signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
            p = None
            gc.collect()
            assert ticks > 200, ticks
            assert a.live_blocks == base, (a, ticks)
        """, timeout=120)


    def test_what_it_is_read_while_another_thread_closes_it(self):
        # name, description, options and analyses read the player in C:
        # another thread's close() between the handle read and the C call
        # freed it under the read (a segfault within 3,000 rounds, or
        # AttributeError: 'NoneType' object has no attribute 'decode').
        self.run_child("""
            sys.setswitchinterval(1e-6)
            wrong = []
            for round in range(3000):
                p = AlphaBeta(seed=1) if round % 2 else MCTS(seed=1)
                done = threading.Event()
                def read(p=p, done=done):
                    while not done.is_set():
                        try:
                            seen = (p.name, p.analyses, p.description, len(p.options))
                        except ValueError:  # closed
                            return
                        if seen[:2] not in (("mcts", True), ("alphabeta", True)):
                            wrong.append(seen)
                thread = threading.Thread(target=read)
                thread.start()
                time.sleep(0.0001)
                p.close()
                done.set()
                thread.join()
            assert wrong == [], wrong[:3]
            expect(ValueError, getattr, p, "name", says="the player was closed")
        """, timeout=120)


# -- arguments -------------------------------------------------------------------
class BudgetTest(ReviewCase):
    def test_budgets_of_every_type(self):
        self.run_child("""
            import numpy as np
            g = Game(seed=1)
            m = MCTS(seed=1)
            for seconds in (np.float32(0.05), np.float64(0.05), np.int64(1), 0.05, 1, 1e-300):
                assert len(m.analyse(g, 2, seconds=seconds, nodes=50)) == 2, seconds
            for bad in (float("inf"), float("-inf"), float("nan"), np.float32("inf"),
                        np.float64("nan"), 0, -0.0, -1, 10**400, -10**400, True, np.bool_(True),
                        "1", b"1", 1j, [1]):
                for call in (lambda: m.analyse(g, 1, seconds=bad),
                             lambda: m.choose(g, seconds=bad),
                             lambda: packeis.review([], seconds=bad)):
                    expect(ValueError, call, says="seconds must be a positive finite number "
                                                  "or None, not")
            for bad in (0, -1, 1.5, float("nan"), float("inf"), "100", True, np.float64(2)):
                expect(ValueError, m.analyse, g, 1, nodes=bad,
                       says="nodes must be a positive integer or None, not")
            for big in (2**64, 10**30, np.float64(1e30)):
                expect((packeis.OutOfRangeError, ValueError), m.analyse, g, 1, nodes=big)
            for k in (np.int64(2), np.uint8(2), 2):
                assert len(m.analyse(g, k, nodes=50)) == 2
            for bad in (1.5, 2.0, np.float32(2), "3", True, np.bool_(True), b"2", [2]):
                expect(TypeError, m.analyse, g, bad, says="k must be an integer, not")
            for bad in (0, -1, -2**70, np.int64(-1)):
                expect(packeis.InvalidArgumentError, m.analyse, g, bad, says="k must be 1 or more")
            for huge in (2**64, 10**30, np.uint64(2**64 - 1)):  # every move, as for None
                assert len(m.analyse(g, huge, nodes=50)) == 30
            # The review's budget, as packeis-review writes it in the spec.
            result = packeis.review([], player="mcts", seconds=np.float32(0.25),
                                    nodes=np.int64(300), solver_nodes=np.uint64(5))
            assert result["reviewer"] == {"estimator": "mcts:300,0.25s", "solver_nodes": 5}, result
        """)



class OptionTextTest(ReviewCase):
    def test_weights_paths_and_option_texts(self):
        # az with version 2 weights (the committed network) under names C
        # must read whole: a NUL cut the name short (set_option took
        # "/x\\0..." as "/x", and a lone NUL as the default network); a name
        # of bytes that are not UTF-8 raised UnicodeEncodeError.
        self.run_child(r"""
            import shutil, tempfile
            try:  # packeis.learn needs PyTorch, which the learn suite installs, not this one
                from packeis.learn import nnue
            except ModuleNotFoundError:
                nnue = None
            weights = os.path.join(os.environ["PACKEIS_SOURCE"], "lib", "players", "models",
                                   "az-default.pkaz")
            assert nnue is None or nnue.weights_version(weights) == 2
            folder = tempfile.mkdtemp()
            odd = os.path.join(folder, os.fsdecode(b"w\xff\xfe.pkaz"))  # not UTF-8
            shutil.copy(weights, odd)
            g = Game(seed=1)
            for az in (AZ(weights=odd, seed=1), Player.from_spec(f"az:weights={odd},50", 1)):
                assert len(az.analyse(g, 3, nodes=30)) == 3
            az = AZ(seed=1)
            az.set_option("weights", odd)
            assert len(az.analyse(g, 2, nodes=30)) == 2
            copy = pickle.loads(pickle.dumps(az))  # the option set, as set
            assert len(copy.analyse(g, 2, nodes=30)) == 2
            missing = os.path.join(folder, os.fsdecode(b"gone\xff"))
            expect(ValueError, az.set_option, "weights", missing, says="cannot open")
            for bad in ("\0", weights + "\0", weights + "\0junk", "\0" + weights):
                expect(ValueError, az.set_option, "weights", bad, says="has a NUL character")
                expect(TypeError, AZ, weights=bad, says="NUL")
            expect(ValueError, az.set_option, "weights\0", weights, says="has a NUL character")
            expect(ValueError, az.set_option, "weights", "/tmp/\ud800",
                   says="cannot be written in UTF-8")
            expect(ValueError, Player.from_spec, "az:weights=/tmp/\ud800",
                   says="cannot be written in UTF-8")
            assert az._options_set == {"weights": odd}, az._options_set  # the refused not kept
            # A network written by packeis.learn (version 2; without
            # PyTorch the committed one), then refused once cut short or
            # spoiled.
            net = os.path.join(folder, "net.pkaz")
            if nnue is None:
                shutil.copy(weights, net)
            else:
                nnue.export(nnue.NnueNetwork((32, 32)), net)
                assert nnue.weights_version(net) == 2 and nnue.read(net).hidden == (32, 32)
            assert len(AZ(weights=net, seed=1).analyse(g, 2, nodes=30)) == 2
            data = open(net, "rb").read()
            for name, spoiled, says in (("cut", data[:-1], "truncated"),
                                        ("long", data + b"\0", "too long"),
                                        ("head", data[:10], "truncated"),
                                        ("magic", b"XXXX" + data[4:], "no az weights file")):
                path = os.path.join(folder, name)
                open(path, "wb").write(spoiled)
                expect(ValueError, AZ, weights=path, says=says)
                expect(ValueError, az.set_option, "weights", path, says=says)
            assert len(az.analyse(g, 2, nodes=30)) == 2  # the player as it was
            # Its review, 3 players too.
            g3 = standard_game(2, 12, players=3)
            result = packeis.review([g3, row_game()], player=f"az:weights={net},30",
                                    solver_nodes=0)
            assert [len(e["plies"]) for e in result["games"]] == [12, 4], result
            shutil.rmtree(folder)
        """)



# -- the game under analysis ----------------------------------------------------
class AnalysedGameTest(ReviewCase):
    def test_a_game_played_on_by_another_thread(self):
        # analyse() read the number of moves, then copied the game: another
        # thread's move in between gave "every move" of one position counted
        # from another (29 of 30 lines). One copy now answers both.
        self.run_child("""
            g = Game(seed=1)
            first = g.legal_moves()[0]
            before = frozenset(g.legal_moves())
            g.apply(first)
            after = frozenset(g.legal_moves())
            g.undo()
            sys.setswitchinterval(1e-6)  # threads take turns within analyse()
            done = threading.Event()
            def play():
                while not done.is_set():
                    with g.lock:
                        g.apply(first)
                    g.undo()
            thread = threading.Thread(target=play)
            thread.start()
            m = MCTS(seed=1)
            seen = set()
            try:
                for _ in range(2000):
                    moves = frozenset(line.move for line in m.analyse(g, None, nodes=10))
                    assert moves in (before, after), (len(moves), len(before), len(after))
                    seen.add(moves)
            finally:
                done.set()
                thread.join()
            assert seen == {before, after}, len(seen)
        """, timeout=120)


# -- what review() is given -------------------------------------------------------
class ReviewInputTest(ReviewCase):
    def test_what_is_not_a_list_of_games(self):
        # A dict was iterated as its keys (each reviewed as a path); a path
        # with a NUL, or one the file system cannot encode, raised from
        # open() at its turn, losing the games reviewed before; a record
        # text with a lone surrogate raised UnicodeEncodeError the same way;
        # player="" was taken for the default (packeis-review refuses it).
        self.run_child(r"""
            row = row_game()
            record = row.save_record()
            for bad, says in (({"a": row}, "not dict (its values: list(games.values()))"),
                              ({}, "not dict"), (b"[Game", "not bytes"),
                              (bytearray(b"x"), "not bytearray"), (None, "not NoneType"),
                              (5, "not int"), (1.5, "not float")):
                expect(TypeError, packeis.review, bad, says=says)
            for bad, says in (([row, None], "not NoneType (game 2)"),
                              ([row, b"/tmp"], "not bytes (game 2)"),
                              ([row, [row]], "not list (game 2)")):
                expect(TypeError, packeis.review, bad, says=says)
            closed = row_game()
            closed.close()
            expect(ValueError, packeis.review, [row, closed], says="closed Game (game 2)")
            for player in (MCTS(), Greedy()):
                for game in (closed, Game.__new__(Game)):  # never set up: AttributeError before
                    expect(packeis.GameClosedError, player.analyse, game,
                           says="analyse() was given a closed packeis.Game")
                    expect(packeis.GameClosedError, player.choose, game,
                           says="choose() was given a closed packeis.Game")
            expect(ValueError, packeis.review, Game.__new__(Game), says="closed Game (game 1)")
            for path in ("\0", "/tmp/x\0y", "games/\0", "\0" + record):  # no "[": a path
                expect(ValueError, packeis.review, [row, path], **FAST,
                       says="the path of game 2 has a NUL character")
            expect(ValueError, packeis.review, [row, "/tmp/\ud800"], **FAST,
                   says="the path of game 2 cannot be encoded for the file system")
            expect(ValueError, packeis.review, [], player="", says="''")
            # Not an argument fault: the entry says why, the others are reviewed.
            result = packeis.review([row, "/tmp/\udcff-no-such-record", record + "\ud800",
                                     record.replace("a1", "\udcff"), record + "\0",
                                     " \n\t" + record, row], **FAST)
            entries = result["games"]
            said = [e.get("error", "reviewed") for e in entries]
            assert [e.endswith(end) for e, end in zip(said, [
                "reviewed", "-no-such-record: No such file or directory",
                "game replayed: malformed text (PACKEIS_E_MALFORMED_TEXT)",
                "(\ufffd): malformed text (PACKEIS_E_MALFORMED_TEXT)",
                "game replayed: malformed text (PACKEIS_E_MALFORMED_TEXT)",
                "line first): malformed text (PACKEIS_E_MALFORMED_TEXT)",
                "reviewed"])] == [True] * 7, said
            assert said[3].startswith("game 4:10:4: action 1 ("), said[3]
            # Blanks first make a record text (not a path) that C refuses, as
            # packeis-review refuses such a file.
            assert entries[5]["error"].startswith("game 6:1:1: not a game record"), entries[5]
            assert entries[0]["plies"] == entries[6]["plies"]
            json.dumps(result)  # every text encodable
            # Generators, tuples, a Game twice, a record text as one game.
            assert len(packeis.review((g for g in [row, row]), **FAST)["games"]) == 2
            assert len(packeis.review(iter(()), **FAST)["games"]) == 0
            assert packeis.review(record, **FAST)["games"][0]["source"] == "game 1"
        """)

    def test_files_that_are_no_records(self):
        # /dev/zero was read until memory ran out (MemoryError after 22 s
        # under a 3 GB limit), a file of 200 MB read whole: past 64 MB a
        # file is "File too large", as packeis-review says. A FIFO is
        # waited for (as packeis-review waits): Ctrl-C stops the review
        # there, the games before it kept.
        self.run_child(r"""
            import resource, tempfile, subprocess
            if "asan" not in os.environ.get("LD_PRELOAD", ""):  # ASan maps terabytes
                resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
            folder = tempfile.mkdtemp()
            big = os.path.join(folder, "big")
            with open(big, "wb") as file:
                file.truncate((64 << 20) + 1)
            os.mkfifo(os.path.join(folder, "fifo"))
            started = time.monotonic()
            result = packeis.review([row_game(), "/dev/zero", big, folder, "/dev/null"], **FAST)
            said = [e.get("error", "reviewed") for e in result["games"]]
            assert said == ["reviewed", "/dev/zero: File too large", f"{big}: File too large",
                            f"{folder}: Is a directory",
                            "/dev/null:1:1: not a game record (no [Game \"packeis\"] line first): "
                            "malformed text (PACKEIS_E_MALFORMED_TEXT)"], said
            assert time.monotonic() - started < 20, time.monotonic() - started
            review = os.environ.get("PACKEIS_REVIEW")
            if review:  # packeis-review's own words for them
                out = subprocess.run([review, "--quiet", "--json", "-", "/dev/zero", big, folder,
                                      "/dev/null"], capture_output=True, text=True,
                                     env={k: v for k, v in os.environ.items()
                                          if k != "LD_PRELOAD"})
                assert [e["error"] for e in json.loads(out.stdout)["games"]] == said[1:], out
            signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
            signal.setitimer(signal.ITIMER_REAL, 0.5)
            result = packeis.review([row_game(), os.path.join(folder, "fifo"), row_game()], **FAST)
            assert [len(e["plies"]) for e in result["games"]] == [4], result  # the FIFO left out
            import shutil
            shutil.rmtree(folder)
        """)

    def test_records_of_bytes_and_of_more_players(self):
        # A record file whose bytes are not UTF-8 is read with U+FFFD for
        # them: its entry is packeis-review's (whose JSON holds the raw
        # bytes, not UTF-8: decoded here with the same replacement). A
        # record of 3 and of 4 players, finished, is reviewed as its Game.
        self.run_child(r"""
            import subprocess, tempfile
            folder = tempfile.mkdtemp()
            record = standard_game(1, 6).save_record()
            bad = os.path.join(folder, "bad.txt")
            with open(bad, "wb") as file:
                file.write(record.encode().replace(b"1. ", b"1. \xff\xfe", 1))
            entry = packeis.review(bad, **FAST)["games"][0]
            assert entry["error"].endswith(":9:4: action 1 (\ufffd\ufffda2): malformed text "
                                           "(PACKEIS_E_MALFORMED_TEXT)"), entry
            review = os.environ.get("PACKEIS_REVIEW")
            if review:
                out = subprocess.run([review, "--quiet", "--json", "-", bad], capture_output=True,
                                     env={k: v for k, v in os.environ.items()
                                          if k != "LD_PRELOAD"})
                # (It writes the bytes raw, which is not JSON text: decoded so.)
                theirs = json.loads(out.stdout.decode("utf-8", "replace"))["games"][0]
                assert theirs == entry, (theirs, entry)
            for players in (3, 4):
                game = Game(seed=players, players=players)
                game.playout(7)
                assert game.is_over
                expect(packeis.GameOverError, MCTS().analyse, game, says="the game is over")
                by_game, by_record = packeis.review([game, game.save_record()], **FAST)["games"]
                assert by_game["players"] == players and by_game["complete"]
                assert len(by_game["plies"]) == game.ply_count
                assert not any(p["exact"] for p in by_game["plies"])  # the solver: 2 players
                assert dict(by_record, source="game 1") == by_game
            os.remove(bad)
            os.rmdir(folder)
        """)


# -- Ctrl-C --------------------------------------------------------------------------
class ReviewInterruptTest(ReviewCase):
    def test_one_ctrl_c_anywhere_keeps_what_was_reviewed(self):
        # A single KeyboardInterrupt once the first ply is reviewed, landing
        # anywhere (timers of 0 to 4 ms, armed by the first progress call):
        # review() returns what was reviewed, as documented. It escaped
        # when it landed outside the C search: building an entry, closing
        # the players, between games (about 1 in 4 of 1,000 storms).
        self.run_child("""
            import random, traceback
            random.seed(1)
            a = packeis.Allocator()
            games = [row_game(a), standard_game(3, 10, allocator=a), row_game(a)]
            record = games[1].save_record()
            base = a.live_blocks
            signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
            outcomes = {"returned": 0, "after": 0, "escaped": []}
            for round in range(400):
                delay = random.uniform(0.00001, 0.004)
                def progress(index, count, done, plies):
                    if (index, done) == (0, 1):
                        signal.setitimer(signal.ITIMER_REAL, delay)
                try:
                    try:
                        result = packeis.review([games[0], record, games[1], games[2]],
                                                progress=progress, **FAST)
                        outcomes["returned"] += 1
                    finally:  # the tick, if it has not come yet, comes here
                        while signal.getitimer(signal.ITIMER_REAL)[0] > 0:
                            pass
                except KeyboardInterrupt as error:
                    where = [f"{frame.name}:{frame.lineno}" for frame in
                             traceback.extract_tb(error.__traceback__)
                             if os.sep + "packeis" + os.sep in frame.filename]
                    outcomes["escaped" if where else "after"] += where[-1:] or 1
                    continue
                entries = result["games"]
                assert 1 <= len(entries) <= 4, len(entries)
                complete = [e["complete"] for e in entries]
                assert all(complete[:-1]), complete
                for entry in entries:
                    assert [p["ply"] for p in entry["plies"]] == list(range(len(entry["plies"])))
                if not complete[-1] or len(entries) < 4:
                    assert len(entries) < 4 or not complete[-1], complete
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
            gc.collect()
            assert a.live_blocks == base, a
            assert outcomes["escaped"] == [] and outcomes["returned"] > 100, outcomes
        """, timeout=120)

    def test_a_storm_of_interrupts_during_reviews(self):
        # Ticks every 0.2 to 1.6 ms raising KeyboardInterrupt through
        # reviews and analyses: whatever happens to each call, nothing
        # crashes or hangs, no game or player is left unfreed (the
        # allocator), and a review after the storm is the review before it.
        # A tick right as run_on_worker (packeis._alloc) has queued the call
        # for its helper thread, before it waits, raises out of it while
        # the call goes on, and review() then closed its players while the
        # helper thread still searched with them: a segfault (in the
        # solver's analyse), in 2 runs of 3.
        self.run_child("""
            a = packeis.Allocator()
            games = [row_game(a), standard_game(3, 10, allocator=a)]
            record = standard_game(4, 8).save_record()
            before = packeis.review(games + [record], **FAST)
            base = a.live_blocks
            armed = []
            def tick(signum, frame):
                if armed:
                    raise KeyboardInterrupt
            signal.signal(signal.SIGALRM, tick)
            sys.unraisablehook = lambda unraisable: None  # ticks in __del__, reported so
            counts = {"returned": 0, "raised": 0}
            m = MCTS(seed=1)
            for round in range(600):
                armed.append(True)
                try:
                    signal.setitimer(signal.ITIMER_REAL, 0.0002 * (1 + round % 8), 0.0002)
                    if round % 3 == 2:
                        m.analyse(games[1], 3, nodes=100)
                    else:
                        packeis.review(games + [record], **FAST)
                    counts["returned"] += 1
                except KeyboardInterrupt:
                    counts["raised"] += 1
                finally:
                    armed.clear()
                    signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
            m.close()
            gc.collect()
            assert a.live_blocks == base, (a, counts)
            assert packeis.review(games + [record], **FAST) == before
            # Both ways out were taken (how often each depends on the
            # machine's speed: under ASan 33 of 600 calls returned).
            assert counts["returned"] > 0 and counts["raised"] > 0, counts
        """, timeout=180)

    def test_a_search_left_running_by_its_caller_is_stopped(self):
        # An exception raised as run_on_worker has queued the search, before
        # its wait (a signal handler; made here by a stand-in that queues the
        # call and raises), leaves the search running without the caller,
        # and with its whole budget (30 s a position here): the copy of the
        # game and the player were then waited for that long. The player's
        # stop flag now goes up, so they are free within a moment.
        self.run_child("""
            from packeis import players
            real = players.run_on_worker
            def leaky(function, *args, on_wait=None):
                threading.Thread(target=real, args=(function,) + args).start()
                time.sleep(0.1)
                raise KeyboardInterrupt
            g = standard_game(1, 4)
            m = MCTS(seed=1)
            players.run_on_worker = leaky
            started = time.monotonic()
            expect(KeyboardInterrupt, m.analyse, g, 2, seconds=30)
            m.close()
            assert time.monotonic() - started < 5, time.monotonic() - started
            started = time.monotonic()
            result = packeis.review(g, seconds=30, solver_nodes=0)
            assert time.monotonic() - started < 5, time.monotonic() - started
            assert [(e["complete"], e["plies"]) for e in result["games"]] == [(False, [])], result
            players.run_on_worker = real
            assert len(MCTS(seed=1).analyse(g, 2, nodes=50)) == 2
        """)

# -- the graph -----------------------------------------------------------------------
class PlotTest(ReviewCase):
    def test_what_is_no_review(self):
        # A malformed result raised whatever the drawing hit first
        # (KeyError: 'players', TypeError: string indices must be integers,
        # IndexError: tuple index out of range for 9 players, KeyError: 7
        # for a player past the count), game=True drew game 1, an ax of
        # another kind raised AttributeError: 'int' object has no attribute
        # 'plot', and a figure was made before the fault was found.
        self.run_child("""
            import matplotlib
            matplotlib.use("Agg")
            from matplotlib import pyplot
            plot = packeis.review.plot
            result = packeis.review([row_game(), standard_game(1, 9, players=3), "/no/such",
                                     Game()], **FAST)
            good = result["games"][0]
            assert plot(result).get_title() == "game 1"
            assert plot(result, game=-1).get_title() == "game 4"  # no ply: an empty graph
            assert plot(result["games"][1]).get_title() == "game 2"
            pyplot.close("all")
            def ply(**change):
                return dict(good["plies"][0], **change)
            def game_of(**change):
                return {"games": [dict(good, **change)]}
            cases = [
                (TypeError, None, "not NoneType"), (TypeError, "x", "not str"),
                (TypeError, [result], "not list"), (TypeError, json.dumps(result), "not str"),
                (TypeError, {"games": None}, "'games' is a list, not NoneType"),
                (TypeError, {"games": [None]}, "a game's entry is a dict, not NoneType"),
                (IndexError, {"games": []}, "the result has no game to draw"),
                (ValueError, {"games": [{}]}, "the entry has no 'source'"),
                (ValueError, {"source": "s", "plies": []}, "s: the entry has no 'players'"),
                (ValueError, result["games"][2], "/no/such: not reviewed: /no/such: No such"),
                (ValueError, {"source": "s", "error": "x"}, "s: not reviewed: x"),
                (ValueError, game_of(players=9), "'players' must be 2 to 4, not 9"),
                (ValueError, game_of(players=True), "'players' must be 2 to 4, not True"),
                (ValueError, game_of(players="2"), "'players' must be 2 to 4, not '2'"),
                (ValueError, game_of(plies=None), "'plies' must be a list, not NoneType"),
                (ValueError, game_of(plies=["x"]), "plies[0] must be a dict, not str"),
                (ValueError, game_of(plies=[{"valued": True}]), "plies[0] has no 'ply', 'player'"),
                (ValueError, game_of(plies=[ply(player=7)]), "'player' must be 0 to 1, not 7"),
                (ValueError, game_of(plies=[ply(ply=-1)]), "'ply' must be an integer from 0"),
                (ValueError, game_of(plies=[ply(judgement="bad")]), "'judgement' must be one of"),
                (ValueError, game_of(plies=[ply(value_after="x")]), "'value_after' of a valued"),
                (ValueError, game_of(plies=[ply(value_after=None)]), "not None"),
                (ValueError, game_of(plies=[ply(value_after=float("nan"))]), "not nan"),
                (ValueError, game_of(plies=[ply(value_after=2)]), "not 2"),
            ]
            for exception, bad, says in cases:
                expect(exception, plot, bad, says=says)
            for game, exception, says in ((True, TypeError, "game must be an integer, not a bool"),
                                          (1.5, TypeError, "not float"),
                                          ("0", TypeError, "not str"),
                                          (None, TypeError, "not NoneType"),
                                          (4, IndexError, "game must be -4 to 3, got 4"),
                                          (10**30, IndexError, "got 10000000000")):
                expect(exception, plot, result, game=game, says=says)
            import numpy as np
            assert plot(result, game=np.int64(1)).get_title() == "game 2"
            pyplot.close("all")
            figure, axes = pyplot.subplots(2)
            for ax, says in ((5, "not int"), ("ax", "not str"), (object(), "not object"),
                             (axes, "not ndarray (one of them: ax[0])"), (True, "not bool")):
                expect(TypeError, plot, result, ax=ax, says=says)
            assert plot(result, ax=axes[1]) is axes[1]
            pyplot.close(figure)
            assert pyplot.get_fignums() == [], pyplot.get_fignums()  # none made by a refusal
            # A stopped review's entry is drawn, titled so.
            stopped = dict(good, complete=False, plies=good["plies"][:2])
            assert plot(stopped).get_title() == "game 1 (stopped)"
        """)

    def test_a_record_whose_name_is_not_utf8(self):
        # Its source keeps the name as given (os.fsdecode's surrogates, so
        # that it can be opened again), and the graph's title shows U+FFFD
        # there: the title held the surrogate, and saving as SVG raised
        # UnicodeEncodeError ('surrogates not allowed').
        self.run_child(r"""
            import io, tempfile
            import matplotlib
            matplotlib.use("Agg")
            import xml.etree.ElementTree as ET
            folder = tempfile.mkdtemp()
            path = os.path.join(folder, os.fsdecode(b"g\xff<&.txt"))
            with open(path, "w") as file:
                file.write(row_game().save_record())
            result = packeis.review(path, **FAST)
            assert result["games"][0]["source"] == path and result["games"][0]["complete"]
            json.loads(json.dumps(result))
            ax = packeis.review.plot(result)
            assert ax.get_title() == os.path.join(folder, "g\ufffd<&.txt"), ax.get_title()
            for kind in ("svg", "pdf", "png"):
                out = io.BytesIO()
                ax.figure.savefig(out, format=kind)
                assert out.tell() > 1000, kind
                if kind == "svg":
                    ET.fromstring(out.getvalue())
            os.remove(path)
            os.rmdir(folder)
        """)


# -- progress callables, threads, copies ------------------------------------------
class ProgressTest(ReviewCase):
    def test_progress_that_misbehaves(self):
        # The review works on a copy: progress may play on, take back or
        # close the game given. Its exceptions other than KeyboardInterrupt
        # are raised (the review is lost, nothing leaks); it may review
        # other games itself, or use the estimator between plies.
        self.run_child("""
            a = packeis.Allocator()
            row = row_game(a)
            base = a.live_blocks
            alone = packeis.review(row, **FAST)["games"][0]
            def undo(*_):
                if row.ply_count:
                    row.undo()
            assert packeis.review(row, progress=undo, **FAST)["games"][0] == alone
            assert row.ply_count == 0
            for move in (P(0), P(3), S(0, 2), S(2, 1)):
                row.apply(move)
            other = row_game(a)
            assert packeis.review(other, progress=lambda *_: other.close(),
                                  **FAST)["games"][0] == alone
            class Boom(Exception):
                pass
            def boom(*_):
                raise Boom()
            for bad, exception in ((boom, Boom), (lambda: None, TypeError),
                                   (lambda *_: sys.exit(3), SystemExit),
                                   (lambda *_: next(iter(())), StopIteration)):
                expect(exception, packeis.review, [row, row], progress=bad, **FAST)
            for bad in (5, "x", True, object()):
                expect(TypeError, packeis.review, row, progress=bad, says="progress must be")
            depth = []
            def recurse(*_):
                if len(depth) < 3:
                    depth.append(1)
                    assert packeis.review(row, progress=recurse, **FAST)["games"][0] == alone
            assert packeis.review(row, progress=recurse, **FAST)["games"][0] == alone
            m = MCTS(seed=1, playouts=100)
            uses = []
            def use(*_):
                uses.append(len(m.analyse(standard_game(1, 3), 2, nodes=20)))
                m.forget()
            result = packeis.review(row, player=m, solver_nodes=0, progress=use)
            assert uses == [2, 2, 2, 2] and len(result["games"][0]["plies"]) == 4
            m.close()
            gc.collect()
            assert a.live_blocks == base, a
        """)


class ConcurrencyTest(ReviewCase):
    def test_reviews_from_threads(self):
        # Reviews in 4 threads at once, of different games and of the same
        # one, each making its players: each is the review made alone (a
        # node budget and seed 1). With one estimator shared, they take
        # turns ply by ply: valid reviews, nothing leaked.
        self.run_child("""
            a = packeis.Allocator()
            games = [row_game(a), standard_game(2, 12, allocator=a),
                     standard_game(3, 8, players=3, allocator=a),
                     standard_game(4, 8, players=4, allocator=a)]
            base = a.live_blocks
            alone = [packeis.review(g, **FAST)["games"][0] for g in games]
            results, errors = {}, []
            def work(key, game):
                try:
                    results[key] = packeis.review(game, **FAST)["games"][0]
                except BaseException as error:
                    errors.append(error)
            threads = [threading.Thread(target=work, args=((i, j), g))
                       for i, g in enumerate(games) for j in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == [], errors
            for (i, _), entry in results.items():
                assert entry == alone[i], i
            shared = MCTS(seed=1, playouts=100)
            def share(key, game):
                try:
                    results[key] = packeis.review(game, player=shared, solver_nodes=0)["games"][0]
                except BaseException as error:
                    errors.append(error)
            threads = [threading.Thread(target=share, args=(("shared", i), g))
                       for i, g in enumerate(games)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == [], errors
            for i, game in enumerate(games):
                entry = results["shared", i]
                assert entry["complete"] and len(entry["plies"]) == game.ply_count, i
            shared.close()
            gc.collect()
            assert a.live_blocks == base, a
        """, timeout=120)


class CopyTest(ReviewCase):
    def test_lines_and_results_copy_and_pickle(self):
        self.run_child("""
            from packeis.players import Line
            lines = AlphaBeta(seed=1).analyse(row_game(plies=2))
            for copied in (copy.copy(lines), copy.deepcopy(lines),
                           pickle.loads(pickle.dumps(lines))):
                assert copied == lines and all(isinstance(l, Line) for l in copied)
            assert lines[0].margin == 4.0 and lines[1].margin == -2.0  # test_review.c's row
            expect(AttributeError, setattr, lines[0], "value", 0)
            result = packeis.review([row_game(), row_game().save_record(), "/no/such",
                                     standard_game(1, 9, players=3)], **FAST)
            for copied in (copy.deepcopy(result), pickle.loads(pickle.dumps(result)),
                           json.loads(json.dumps(result))):
                assert copied == result
            # The same Game twice, and its record: one review each, equal.
            row = row_game()
            twice = packeis.review([row, row, row.save_record()], **FAST)["games"]
            assert twice[0] == dict(twice[1], source="game 1") == dict(twice[2], source="game 1")
        """)


if __name__ == "__main__":
    unittest.main()
