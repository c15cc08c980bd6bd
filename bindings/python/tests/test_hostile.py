# SPDX-License-Identifier: MIT
"""Hostile calls on the ctypes package: each case runs in a child
interpreter (the same executable and environment, so under CI's ASan build
the children load the sanitized library with the ASan runtime preloaded), and
fails on a crash (a signal), a hang (the timeout) or a wrong answer (the
child's own assertions). A case prints "ok" as its last line when all of its
checks passed.
"""
import os
import signal
import subprocess
import sys
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)

#: Sanitized builds run several times slower: so do the time limits.
SLOW = 4 if "asan" in os.environ.get("LD_PRELOAD", "") else 1

PRELUDE = """
import gc, itertools, os, pickle, signal, sys, threading, time
import packeis
from packeis import Game, Move

# What an interactive interpreter does, even if our parent ignores SIGINT.
signal.signal(signal.SIGINT, signal.default_int_handler)

def expect(exception, function, *args, says=None, **kwargs):
    try:
        function(*args, **kwargs)
    except exception as error:
        if says is not None:
            assert says in str(error), (says, str(error))
        return error
    raise AssertionError(f"{function} did not raise {exception.__name__}")
"""


def child_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONFAULTHANDLER"] = "1"  # a crash prints the Python stack
    return env


def start(code):
    source = PRELUDE + textwrap.dedent(code) + "\nprint('ok')\n"
    return subprocess.Popen([sys.executable, "-c", source], env=child_env(), text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


class HostileCase(unittest.TestCase):
    def finish(self, process, timeout):
        try:
            out, err = process.communicate(timeout=timeout * SLOW)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            self.fail(f"hung (killed after {timeout * SLOW} s)\n{out}\n{err[-3000:]}")
        if process.returncode < 0:
            self.fail(f"crashed with signal {-process.returncode}\n{out}\n{err[-3000:]}")
        self.assertEqual(process.returncode, 0, f"\n{out}\n{err[-3000:]}")
        self.assertEqual(out.split()[-1:], ["ok"], f"\n{out}\n{err[-3000:]}")
        return out

    def run_child(self, code, timeout=60):
        return self.finish(start(code), timeout)

    def interrupt_child(self, code, timeout=60, after=0.5):
        """Runs ``code``, which prints "ready" then starts a long call; sends
        SIGINT ``after`` seconds later. The child must print "ok" soon."""
        process = start(code)
        line = process.stdout.readline()
        if line.strip() != "ready":
            self.finish(process, timeout)  # reports how the child failed
            self.fail(f"the child printed {line!r} instead of 'ready'")
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        return self.finish(process, timeout)


class UnsafeNamespaceTest(HostileCase):
    def test_no_raw_handle_or_library_in_the_public_api(self):
        self.run_child("""
            assert not hasattr(packeis, "lib") and "lib" not in packeis.__all__
            assert "unsafe" not in packeis.__all__
            g = Game()
            assert not hasattr(g, "handle")
            h_ok = [name for name in dir(g) if "handle" in name and not name.startswith("_")]
            assert h_ok == [], h_ok
            # Only the explicit unsafe namespace gives a raw pointer, and
            # never for a closed game.
            from packeis import unsafe
            assert unsafe.lib.packeis_game_ply_count(unsafe.handle(g)) == 0
            g.close()
            expect(packeis.GameClosedError, unsafe.handle, g)
            expect(TypeError, unsafe.handle, 5)
        """)


class AllocatorTest(HostileCase):
    def test_policy_that_raises_or_answers_garbage(self):
        self.run_child("""
            class Boom(Exception):
                pass
            def boom(size):
                raise Boom(size)
            for policy, cause in ((boom, Boom), (lambda n: None, TypeError),
                                  (lambda n: "yes", TypeError), (lambda n: 1, TypeError),
                                  (lambda: True, TypeError), (lambda n: object(), TypeError)):
                a = packeis.Allocator(policy=policy)
                error = expect(packeis.OutOfMemoryError, Game, allocator=a)
                assert isinstance(error.__cause__, cause), (policy, error.__cause__)
                assert a.live_blocks == 0 and a.live_bytes == 0
                expect(packeis.OutOfMemoryError, Game.from_record, Game().save_record(),
                       allocator=a)
            # A policy that turns hostile once the game exists: every call
            # that allocates fails cleanly, the game stays as it was.
            state = {"ok": True}
            a = packeis.Allocator(policy=lambda n: state["ok"] or boom(n))
            g = Game(seed=3, allocator=a)
            state["ok"] = False
            expect(packeis.OutOfMemoryError, g.apply, g.legal_moves()[0])
            expect(packeis.OutOfMemoryError, g.clone)
            expect(packeis.OutOfMemoryError, g.random_games, 10)
            assert g.ply_count == 0
            state["ok"] = True
            g.apply(g.legal_moves()[0])
            del g
            gc.collect()
            assert a.live_blocks == 0, a
        """)

    def test_raw_structs_and_wrong_types_are_refused(self):
        self.run_child("""
            from packeis import _ffi
            for bad in (_ffi.packeis_allocator(), 5, "malloc", lambda n: True):
                expect(TypeError, Game, allocator=bad)
            expect(TypeError, packeis.Allocator, policy=5)
            expect(ValueError, packeis.Allocator, limit=-1)
            expect(TypeError, packeis.Allocator, limit=1.5)
            expect(ValueError, Game, allocator=packeis.Allocator(), memory_limit=10**6)
        """)

    def test_memory_limit(self):
        self.run_child("""
            expect(packeis.OutOfMemoryError, Game, memory_limit=100)
            g = Game(seed=1, memory_limit=20000)
            limit = g._keep
            clones = []
            error = None
            try:
                for _ in range(100):
                    clones.append(g.clone())
            except packeis.OutOfMemoryError as e:
                error = e
            assert error is not None and 0 < len(clones) < 100, len(clones)
            assert limit.live_bytes <= 20000 and limit.peak_bytes <= 20000, limit
            del clones
            gc.collect()
            g.random_games(50)  # room again
            # A game with a limit plays like any other.
            plain = Game(seed=1)
            assert g.random_games(20, 5) == plain.random_games(20, 5)
            assert g.perft(5) == plain.perft(5)
        """)

    def test_close_from_the_policy_during_calls(self):
        # The callback frees the game it is serving: the free waits for the
        # end of the call (apply, random_games, clone), then later calls
        # raise GameClosedError; a count in slices (perft) raises it at the
        # next slice.
        self.run_child("""
            for call in ("apply", "random_games", "clone", "perft"):
                holder = {}
                def policy(size):
                    game = holder.get("game")
                    if game is not None:
                        game.close()
                        game.__del__()
                    return True
                a = packeis.Allocator(policy=policy)
                g = Game(seed=2, allocator=a)
                holder["game"] = g
                if call == "apply":
                    g.apply(g.legal_moves()[0])
                elif call == "random_games":
                    result = g.random_games(1000, 1)
                    assert result.games == 1000 and len(result.winners) == 1000
                    assert result == Game(seed=2).random_games(1000, 1)
                elif call == "clone":
                    copy = g.clone()
                    holder["game"] = None
                    assert copy.ply_count == 0
                    del copy
                else:  # a count closed while its copy is made does not start
                    expect(packeis.GameClosedError, g.perft, 4, says="closed during the count")
                assert g.closed, call
                expect(packeis.GameClosedError, g.apply, 0)
                holder.clear()
                del g
                gc.collect()
                assert a.live_blocks == 0, (call, a)
        """)

    def test_reentrant_calls_from_the_policy(self):
        self.run_child("""
            holder = {}
            def policy(size):
                if "game" in holder:
                    holder["game"].legal_moves()   # the game is busy: refused
                return True
            g = Game(seed=2, allocator=packeis.Allocator(policy=policy))
            holder["game"] = g
            error = expect(packeis.OutOfMemoryError, g.apply, g.legal_moves()[0])
            assert isinstance(error.__cause__, packeis.ReentrantCallError), error.__cause__
            assert g.ply_count == 0
            # Other games may be used from a policy, their own allocator included.
            other = Game(seed=4, memory_limit=10**6)
            holder.clear()
            def use_other(size):
                other.apply(other.legal_moves()[0])
                other.undo()
                return True
            h = Game(seed=2, allocator=packeis.Allocator(policy=use_other))
            h.apply(h.legal_moves()[0])
            assert h.ply_count == 1 and other.ply_count == 0
        """)

    def test_assign_from_the_policy_of_either_game(self):
        # The policy's game as the target or the source of an assign: both
        # refused before waiting for a lock (the policy runs on a helper
        # thread while the calling thread holds its game's lock; waiting for
        # it hung whenever the target's lock was the first of the two, by
        # id: other games are picked on both sides of it).
        self.run_child("""
            outcomes, sides = [], set()
            for round in range(16):
                holder = {}
                def policy(size):
                    g = holder.pop("game", None)
                    if g is not None:
                        for target, source in ((g, other), (other, g)):
                            try:
                                target.assign(source)
                            except packeis.ReentrantCallError:
                                outcomes.append(target is g)
                    return True
                g = Game(seed=2, allocator=packeis.Allocator(policy=policy))
                pool = [Game(seed=9) for _ in range(16)]
                below = [o for o in pool if id(o) < id(g)]
                other = below[0] if round % 2 and below else max(pool, key=id)
                sides.add(id(other) < id(g))
                holder["game"] = g
                copy = g.clone()  # allocates: the policy runs
                assert copy == g and other == Game(seed=9)
            assert outcomes == [True, False] * 16, outcomes
            assert sides == {True, False}, sides
        """, timeout=30)

    def test_callbacks_at_the_recursion_limit(self):
        # The callback cannot even start here on the calling thread (a
        # RecursionError before its first line would hand C a garbage
        # pointer): it runs on the package's helper thread.
        self.run_child("""
            import ctypes
            g = Game(seed=1, memory_limit=10**6)
            sys.setrecursionlimit(200)
            outcomes = set()
            def deep(n):
                if n:
                    return deep(n - 1)
                try:
                    copy = g.clone()
                    copy.apply(copy.legal_moves()[0])
                    outcomes.add("done")
                except (RecursionError, ctypes.ArgumentError):  # ctypes wraps it
                    outcomes.add("recursion")
            for n in range(150, 200):
                try:
                    deep(n)
                except RecursionError:
                    pass
            assert "done" in outcomes, outcomes
        """)


class ThreadTest(HostileCase):
    def test_del_and_close_from_other_threads_during_calls(self):
        self.run_child("""
            for round in range(8):
                g = Game(seed=round)
                started = threading.Event()
                outcomes = []
                def worker():
                    try:
                        started.set()
                        for _ in range(50):
                            r = g.random_games(200, 1)
                            assert r.games == 200
                            with g.lock:
                                g.apply(g.legal_moves()[0])
                                g.undo()
                            g.observe(); g.legal_mask(); g.save_record()
                        outcomes.append("done")
                    except packeis.GameClosedError:
                        outcomes.append("closed")
                threads = [threading.Thread(target=worker) for _ in range(3)]
                for t in threads:
                    t.start()
                started.wait()
                time.sleep(0.001 * round)
                if round % 2:
                    g.__del__()
                else:
                    g.close()
                g.close()
                for t in threads:
                    t.join()
                assert len(outcomes) == 3 and set(outcomes) <= {"done", "closed"}, outcomes
                assert g.closed
        """, timeout=120)

    def test_collected_while_other_threads_race(self):
        self.run_child("""
            games = [Game(seed=k, memory_limit=10**6) for k in range(8)]
            stop = threading.Event()
            def churn():
                while not stop.is_set():
                    for game in list(games):
                        try:
                            game.random_games(20, 1)
                            game.clone().playout(3)
                        except packeis.GameClosedError:
                            pass
            threads = [threading.Thread(target=churn) for _ in range(3)]
            for t in threads:
                t.start()
            for _ in range(8):
                time.sleep(0.05)
                victim = games.pop()
                victim.close()
                del victim
                gc.collect()
            stop.set()
            for t in threads:
                t.join()
        """, timeout=120)

    def test_fork_after_games_with_an_allocator(self):
        # The helper threads do not survive a fork: the child starts its own.
        self.run_child("""
            g = Game(seed=1, memory_limit=10**6)
            g.random_games(10)
            pid = os.fork()
            if pid == 0:
                try:
                    g.apply(g.legal_moves()[0])
                    assert g.clone().ply_count == 1
                    os._exit(0)
                except BaseException:
                    os._exit(1)
            _, status = os.waitpid(pid, 0)
            assert os.waitstatus_to_exitcode(status) == 0, status
            assert g.ply_count == 0
        """)

    def test_assign_both_ways_at_once(self):
        # Two threads copying two games into each other: lock order must not
        # deadlock.
        self.run_child("""
            a, b = Game(seed=1), Game(seed=2)
            def copy(into, source):
                for _ in range(3000):
                    into.assign(source)
            threads = [threading.Thread(target=copy, args=(a, b)),
                       threading.Thread(target=copy, args=(b, a))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert a == b
            a.assign(a)
        """)


class SignalTest(HostileCase):
    def test_ctrl_c_stops_a_deep_perft(self):
        out = self.interrupt_child("""
            g = Game(seed=1)
            g.apply(g.legal_moves()[3])
            before = (g.save_position(), g.ply_count)
            print("ready", flush=True)
            start = time.monotonic()
            try:
                g.perft(packeis.MAX_DEPTH)
                raise AssertionError("perft(128) ended")
            except KeyboardInterrupt:
                print(f"stopped after {time.monotonic() - start:.2f} s")
            assert (g.save_position(), g.ply_count) == before
            assert g.perft(3) == Game.from_record(g.save_record()).perft(3)
        """, timeout=30)
        self.assertIn("stopped after", out)

    def test_ctrl_c_stops_divide_and_batches(self):
        for call in ("g.divide(40)", "g.random_games(packeis.MAX_RANDOM_GAMES)",
                     "Game(seed=1, memory_limit=10**6).perft(40)",
                     "Game(seed=1, memory_limit=10**6).random_games(packeis.MAX_RANDOM_GAMES)"):
            with self.subTest(call=call):
                self.interrupt_child(f"""
                    g = Game(seed=1)
                    print("ready", flush=True)
                    try:
                        {call}
                        raise AssertionError("the long call ended")
                    except KeyboardInterrupt:
                        pass
                    assert g.ply_count == 0 and g.perft(2) == 870
                """, timeout=30)

    def test_signal_handlers_that_close_or_use_the_game(self):
        # A timer's handler acts on the game only once it interrupts the
        # body of random_games (``play``, between two of its C calls, the
        # game in use), so that the close must wait for the call to end.
        self.run_child("""
            def during_batch(action):
                done = []
                def handler(signum, frame):
                    while frame is not None and not done:
                        if frame.f_code.co_name == "play":
                            done.append(True)
                            signal.setitimer(signal.ITIMER_REAL, 0)
                            action()
                        frame = frame.f_back
                signal.signal(signal.SIGALRM, handler)
                signal.setitimer(signal.ITIMER_REAL, 0.002, 0.002)
                return done

            g = Game(seed=5)
            done = during_batch(g.close)
            result = g.random_games(100000, 3)
            assert done and g.closed
            assert result.games == 100000
            last = result.games - 1
            assert result.winners[last] == Game(seed=5).random_games(1, 3 + last).winners[0]

            h = Game(seed=5)
            done = during_batch(h.legal_moves)
            expect(packeis.ReentrantCallError, h.random_games, 100000, 3)
            assert done and h.ply_count == 0 and h.perft(2) == Game(seed=5).perft(2)
        """)


    def test_signal_handlers_that_use_or_close_a_batch(self):
        # A 1 ms timer lands in the C steps of a batch of 20,000 games: its
        # handler runs as the C call returns, the batch (or environment)
        # still in use. It must be refused (ReentrantCallError), not wait
        # forever for the lock its own thread holds; a close must free the
        # batch once, as the call ends, and later calls raise. (The vector
        # env returns its own buffers here: with fresh copies every step, a
        # sanitized build spends so long outside the C calls that handlers
        # running whole steps nest inside each other's copies, which hung a
        # CI run.)
        self.run_child("""
            import numpy as np
            from packeis.batch import Batch
            from packeis.vector import VectorEnv

            def storm(steps, call, want_refused=True, rounds=400):
                seen = {"refused": 0, "ran": 0}
                def handler(signum, frame):
                    try:
                        call()
                        seen["ran"] += 1
                    except packeis.ReentrantCallError:
                        seen["refused"] += 1
                signal.signal(signal.SIGALRM, handler)
                signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
                try:
                    for _ in range(rounds):
                        steps()
                        if seen["refused"] >= 3 and seen["ran"] >= 1:
                            break
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    signal.signal(signal.SIGALRM, signal.SIG_IGN)
                assert seen["refused"] >= 3, seen
                return seen

            n = 20000
            seeds = np.arange(n, dtype=np.uint64)
            b = Batch(n, players=2)
            def batch_steps():
                moves, counts = b.legal_moves()
                b.step(np.where(counts > 0, moves[:, 0].astype(np.int32), -1), seeds)
            storm(batch_steps, b.legal_counts)
            counts = b.legal_counts()[:3].tolist()
            assert counts == [len(b.game(i).legal_moves()) for i in range(3)], counts

            env = VectorEnv(n, players=3, copy=False)  # the buffers: the timing this test was made for
            env.reset(seed=1)
            rng = np.random.default_rng(1)
            storm(lambda: env.step(env.sample_legal(rng)), env.legal_moves)
            storm(lambda: env.step(env.sample_legal(rng)),
                  lambda: env.step(np.full(n, -1)))
            assert env.step(env.sample_legal(rng))[4]["status"].max() == 0

            c = Batch(n, players=2)
            closed = []
            def close_once():
                if not closed:
                    closed.append(True)
                    c.close()
            signal.signal(signal.SIGALRM, lambda signum, frame: close_once())
            signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
            try:
                for _ in range(400):
                    moves, counts = c.legal_moves()
                    c.step(np.where(counts > 0, moves[:, 0].astype(np.int32), -1), seeds)
                raise AssertionError("the handler did not close the batch")
            except packeis.GameClosedError:
                pass
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, signal.SIG_IGN)
            assert closed and c.closed
            c.close()

            # A handler inside a call (its first call refused) that closes
            # the batch is then told it is closed, as a game's handler is.
            d, told = Batch(n, players=2), []
            def close_inside(signum, frame):
                if told:
                    return
                try:
                    d.legal_counts()
                    return  # not inside a call: the next tick
                except packeis.ReentrantCallError:
                    pass
                d.close()
                try:
                    d.legal_counts()
                except packeis.PackeisError as error:
                    told.append(type(error).__name__)
            signal.signal(signal.SIGALRM, close_inside)
            signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
            try:
                for _ in range(400):
                    moves, counts = d.legal_moves()
                    d.step(np.where(counts > 0, moves[:, 0].astype(np.int32), -1), seeds)
                raise AssertionError("the handler did not close the batch")
            except packeis.GameClosedError:
                pass
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, signal.SIG_IGN)
            # (A tick inside the handler may run a second one: each is told.)
            assert told and set(told) == {"GameClosedError"} and d.closed, told
        """, timeout=60)


class ClosedDuringCountTest(HostileCase):
    def test_a_handler_that_closes_the_game_during_perft_stops_it(self):
        """perft counts on a copy in slices: a SIGINT handler that closes
        the game (not the copy) must stop the count, not leave it running
        for as long as perft(128) takes."""
        self.run_child("""
            import threading
            game = Game(seed=1)
            signal.signal(signal.SIGINT, lambda signum, frame: game.close())
            threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            started = time.monotonic()
            expect(packeis.GameClosedError, game.perft, 128, says="closed during the count")
            assert time.monotonic() - started < 10, time.monotonic() - started
            again = Game(seed=2)
            signal.signal(signal.SIGINT, lambda signum, frame: again.close())
            threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            expect(packeis.GameClosedError, again.divide, 128)
        """, timeout=30)


class InterruptedDelTest(HostileCase):
    def test_an_exception_at_the_entry_of_del_frees_the_game(self):
        """An exception raised as a game's __del__ starts, before its first
        line (a signal handler, a trace function), is reported by Python as
        ignored and the rest of __del__ does not run: that game's memory was
        never freed, one game leaked in the allocator per exception. The C
        handle is now freed by a weak reference whose callback is the C
        free function itself (no Python code to interrupt), whether __del__
        ran or not; and never twice. Here a trace function raises at the
        entry of every __del__ (the game collected by its reference count,
        and in a cycle by the garbage collector), and the allocator's
        counts must come back to the one game kept."""
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
            class Cyclic(Game):  # a subclass has a __dict__: it can hold itself
                pass
            a = packeis.Allocator()
            kept = Cyclic(seed=1, allocator=a)
            one = a.live_blocks
            assert one == 1, a
            for round in range(20):
                c = kept.clone()
                d = kept.clone()
                d.me = d  # collected by gc only
                c.apply(c.legal_moves()[0])  # a history block too
                assert a.live_blocks > 3, a
                sys.settrace(tick_in_del)  # unset by the first exception it raises
                del c
                sys.settrace(tick_in_del)
                del d
                gc.collect()
                sys.settrace(None)
                assert ignored == [Tick, Tick], ignored  # both __del__ did raise
                ignored.clear()
                assert a.live_blocks == one, (round, a)
            # Freed once only, whichever way a game goes (a second free would
            # take the meter's counts below the one game kept, or abort).
            for way in ("close", "__del__", "refcount", "cycle", "close+cycle"):
                c = kept.clone()
                c.apply(c.legal_moves()[0])
                if "close" in way:
                    c.close()
                if way == "__del__":
                    c.__del__()
                    c.__del__()
                if "cycle" in way:
                    c.me = c
                del c
                gc.collect()
                assert a.live_blocks == one and ignored == [], (way, a, ignored)
            kept.close()
            assert a.live_blocks == 0 and a.live_bytes == 0, a
        """)


class InterruptedCloneTest(HostileCase):
    def test_clones_interrupted_by_a_timer_are_not_lost(self):
        """A timer raising every 200 us while a game with an allocator is
        cloned: an exception between the C copy and its wrapping used to
        leave the copy owned by nobody (about nine in ten interrupted clones
        leaked). The copy is now made and wrapped on the helper thread, and
        a clone whose __del__ a tick interrupts at its entry is freed all the
        same (by its release's callback: test_an_exception_at_the_entry_of_
        del_frees_the_game), so no block is left (before that, about one
        tick in ten leaked a clone)."""
        self.run_child("""
            class Tick(Exception):
                pass
            state = {"armed": False}
            def handler(signum, frame):
                if state["armed"]:
                    raise Tick()
            signal.signal(signal.SIGALRM, handler)
            a = packeis.Allocator()
            g = Game(seed=1, allocator=a)
            # Until 1,000 interruptions, not for a fixed time (a slow
            # machine would see few); 30 s at most.
            base, ticks, end = a.live_blocks, 0, time.monotonic() + 30
            signal.setitimer(signal.ITIMER_REAL, 0.0002, 0.0002)
            c = None
            while ticks < 1000 and time.monotonic() < end:
                try:
                    state["armed"] = True
                    c = g.clone()
                    c = None
                    state["armed"] = False
                except Tick:
                    state["armed"] = False
                    ticks += 1
            state["armed"] = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            c = None
            gc.collect()
            leaked = a.live_blocks - base
            assert ticks == 1000, ticks
            assert leaked == 0, (leaked, ticks)
        """, timeout=60)


class AllocatorStormTest(HostileCase):
    def test_allocator_games_under_a_raising_timer(self):
        """The issue's case: a SIGALRM handler raising every 200 us while a
        loop clones, plays out, resets and applies on a game with an owned
        allocator aborted with "malloc(): unaligned tcache chunk detected",
        and later hung in about 1 run of 7 (a helper thread deadlocked on the
        allocator's lock by a garbage collection inside it). The counts are
        now the C meter's and no Python runs as games allocate: the child
        survives, the game still counts perft(2) = 870, and nothing is
        counted twice. A policy game too, whose interrupted policy calls
        refuse their block (OutOfMemoryError)."""
        self.run_child("""
            class Tick(Exception):
                pass
            armed = []
            def tick(signum, frame):
                if armed:
                    raise Tick()
            signal.signal(signal.SIGALRM, tick)
            makers = (lambda: Game(seed=1, allocator=packeis.Allocator()),
                      lambda: Game(seed=1, memory_limit=10**7),
                      lambda: Game(seed=1, allocator=packeis.Allocator(policy=lambda n: n < 10**6)))
            for make in makers:
                game = make()
                # Until 1,000 interruptions (or 30 s): each window of the
                # timer repeats the loop until a tick ends it, so that every
                # window is interrupted however fast the build and machine
                # (a fixed number of rounds can finish inside the timer's
                # 200 us: 1 to 28 ticks in 6 s, not 200, on a fast machine).
                # A round is about 25 us, not a divisor of 200 us, so the ticks
                # land all over it.
                ticks, end = 0, time.monotonic() + 30
                while ticks < 1000 and time.monotonic() < end:
                    if game.ply_count:  # an apply whose undo a tick stopped
                        game.undo_to(0)
                    try:
                        armed.append(True)
                        signal.setitimer(signal.ITIMER_REAL, 0.0002, 0.0002)
                        while True:
                            copy = game.clone()
                            copy.playout(ticks)
                            copy.reset(ticks)
                            copy.apply(copy.legal_moves()[0])
                            game.apply(game.legal_moves()[0])
                            game.undo()
                            copy = None
                    except (Tick, packeis.OutOfMemoryError):
                        ticks += 1
                    finally:
                        armed.clear()
                        signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, signal.SIG_IGN)
                assert ticks > 200, ticks
                if game.ply_count:
                    game.undo_to(0)
                assert game.perft(2) == 870 and game.ply_count == 0
                copy = game.clone()
                assert copy.playout(1) > 0
                copy = None
                gc.collect()
                allocator = game._keep
                assert allocator.peak_bytes >= allocator.live_bytes > 0, allocator
                signal.signal(signal.SIGALRM, tick)
                game.close()
                # Nothing leaked: a tick at the entry of a clone's __del__
                # (before its first line) no longer leaves its game unfreed.
                assert allocator.live_blocks == 0, (allocator, ticks)
        """, timeout=120)


class BatchBufferTest(HostileCase):
    def test_buffers_cannot_be_replaced(self):
        self.run_child("""
            import numpy as np
            from packeis.batch import Batch
            b = Batch(4)
            legal, counts = b.legal_moves()
            for name in ("moves_in", "statuses", "rewards", "terminated", "to_act", "counts",
                         "bits", "words"):
                expect(AttributeError, setattr, b, name, np.zeros(4), says="cannot be replaced")
            b.moves_in[:] = 0xFFFF          # writing into the buffer is what it is for
            b.step(np.full(4, 4095))        # refused in every game, reported per game
            assert (b.statuses != 0).all(), b.statuses
        """)

    def test_bit_masks_of_floats_are_refused(self):
        self.run_child("""
            import numpy as np
            from packeis.vector import bits_to_mask
            expect(TypeError, bits_to_mask, np.full(64, -1.0), says="unsigned 64-bit words")
            assert bits_to_mask(np.zeros(64, dtype=np.uint64)).sum() == 0
        """)


class BatchCopyTest(HostileCase):
    def test_copies_and_pickles_of_batches_are_refused(self):
        # A copy sharing the C pointer would free it twice, or use it after
        # the original freed it (this crashed).
        self.run_child("""
            import copy
            from packeis.batch import Batch
            from packeis.vector import VectorEnv
            b = Batch(4, players=2)
            for make in (copy.copy, copy.deepcopy, pickle.dumps):
                expect(TypeError, make, b, says="cannot be copied or pickled")
            c = Batch(4, players=2)
            try:
                c = copy.copy(b)
            except TypeError:
                pass
            del b
            gc.collect()
            assert c.legal_counts().tolist() == [30, 30, 30, 30]
            env = VectorEnv(3, players=2)
            for make in (copy.copy, copy.deepcopy, pickle.dumps):
                expect(TypeError, make, env, says="VectorEnv cannot be copied")
            env.reset(seed=0)
            assert env.legal_moves()[1].tolist() == [30, 30, 30]
        """)


class StormTest(HostileCase):
    def test_exceptions_raised_at_any_point_of_calls(self):
        # A timer raising every few hundred microseconds lands anywhere in
        # the package's code (around locks, marks, chunks, helper-thread
        # hand-overs): afterwards every game must still work, unlocked and
        # unmarked.
        self.run_child("""
            class Tick(Exception):
                pass
            armed = []
            def tick(signum, frame):
                if armed:  # until the round catches one (its cleanup is not hit)
                    raise Tick()
            signal.signal(signal.SIGALRM, tick)
            plain, limited = Game(seed=1), Game(seed=1, memory_limit=10**6)
            ticks = 0
            for round in range(300):
                game = plain if round % 2 else limited
                armed.append(True)
                try:  # armed inside: a first tick as setitimer returns is caught too
                    signal.setitimer(signal.ITIMER_REAL, 0.0001 * (1 + round % 7), 0.0003)
                    while True:
                        game.random_games(64, round)
                        copy = game.clone()
                        copy.apply(copy.legal_moves()[0])
                        game.perft(4)
                        str(game)
                except Tick:
                    armed.clear()  # first: no call may run before it
                    ticks += 1
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                assert game.ply_count == 0 and game.perft(2) == 870, round
            signal.signal(signal.SIGALRM, signal.SIG_IGN)  # whatever is still pending
            assert ticks == 300, ticks
            # Every clone was freed, even those whose __del__ a tick
            # interrupted before its first line (their release's callback).
            plain.close()
            limited.close()
            gc.collect()
            assert limited._keep.live_blocks == 0, limited._keep
        """, timeout=120)


class ArgumentTest(HostileCase):
    def test_absurd_sizes_are_refused_up_front(self):
        self.run_child("""
            g = Game()
            expect(packeis.OutOfRangeError, g.perft, 2**32 - 1, says="depth must be 0 to 128, got 4294967295")
            for bad in (-1, 129, 2**64, -2**70):
                expect(packeis.OutOfRangeError, g.perft, bad, says="depth must be")
                expect(packeis.PackeisError, g.divide, bad, says="depth must be")
            expect(packeis.InvalidArgumentError, g.divide, 0, says="depth must be 1 to 128, got 0")
            for bad in (-1, packeis.MAX_RANDOM_GAMES + 1, 10**8, 2**64):
                expect(packeis.OutOfRangeError, g.random_games, bad, says="games must be 0 to")
            for call in (g.fish, g.penguin_at, g.cell_name, g.destinations, g.cell_coords):
                for bad in (60, -1, 2**31, 2**64, -2**100):
                    expect(packeis.OutOfRangeError, call, bad, says="cell must be")
            expect(packeis.OutOfRangeError, g.score, 2, says="player must be 0 to 1, got 2")
            for bad in (-1, 2**64):
                expect(packeis.OutOfRangeError, g.undo_to, bad, says="plies must be")
            expect(packeis.OutOfRangeError, g.ply_effect, 10**30, says="no ply")
            for bad in (-1, 4096, 2**16, 2**64 + 1, -2**64):
                expect(packeis.OutOfRangeError, g.apply, bad, says="move must be 0 to 4095")
                expect(packeis.OutOfRangeError, Move, bad)
            expect(packeis.OutOfRangeError, Move.place, 64, says="cell must be 0 to 63, got 64")
            expect(IndexError, packeis.MoveBuffer().__getitem__, 2**70)
            expect(packeis.OutOfRangeError, g.neighbor, 0, 6, says="direction must be 0 to 5, got 6")
            assert g.ply_count == 0
        """)

    def test_setup_errors_name_the_argument(self):
        self.run_child("""
            expect(packeis.InvalidArgumentError, Game, players=5, says="players must be 2 to 4, got 5")
            expect(packeis.InvalidArgumentError, Game, players=1, says="players must be 2 to 4, got 1")
            expect(packeis.OutOfRangeError, Game, players=-2**70, says="players must be 2 to 4")
            expect(packeis.InvalidArgumentError, Game, penguins=-1, says="penguins must be 0 to 64, got -1")
            expect(packeis.InvalidArgumentError, Game, penguins=65, says="penguins must be 0 to 64, got 65")
            expect(TypeError, Game, players="2", says="players must be an integer, not str")
            expect(TypeError, Game, seed=1.5, says="seed must be an integer")
            expect(TypeError, Game, place_any_floe="yes", says="place_any_floe must be a bool")
            expect(packeis.OutOfRangeError, Game, layout=[(2**40, 0, 1)], says="x must be")
            for layout, says in ((5, "layout must be an iterable"), ([(1, 2)], "a floe must be"),
                                 (["abc"], "x must be an integer"), ([None], "a floe must be"),
                                 (itertools.count(), "a floe must be")):
                expect(TypeError, Game, layout=layout, says=says)
            expect(TypeError, Game, layout_picture=b"1 1", says="layout_picture must be a str")
        """)

    def test_unbounded_iterables_are_read_only_as_far_as_the_limit(self):
        self.run_child("""
            read = []
            def floes():
                for i in itertools.count():
                    read.append(i)
                    yield (2 * i, 0, 1)
            expect(packeis.TooManyCellsError, Game, layout=floes(), says="1 to 64 floes")
            assert len(read) == 65, len(read)
            expect(packeis.TooManyCellsError, Game, layout=itertools.repeat((0, 0, 1)))
            expect(TypeError, Game, layout=[itertools.repeat(1)])  # a floe that never ends
        """, timeout=20)

    def test_wrong_types_everywhere(self):
        self.run_child("""
            import array
            g = Game(seed=1)
            for bad in (None, 1.5, True, [0], b"a1", object()):
                expect(TypeError, g.apply, bad)
                expect(TypeError, g.is_legal, bad)
            for bad in (bytearray(10), array.array("d", [0.0] * 1600), bytes(6400), [0.0] * 1600,
                        memoryview(bytearray(6400))[::2]):
                expect((TypeError, ValueError), g.observe, out=bad)
            for bad in (bytearray(4095), bytes(4096), array.array("i", [0] * 4096)):
                expect((TypeError, ValueError), g.legal_mask, out=bad)
            expect(TypeError, g.legal_moves_into, [0] * 2000)
            buffer = packeis.MoveBuffer()
            from packeis import unsafe
            expect(AttributeError, setattr, buffer, "array", (unsafe.ffi.packeis_move * 1)())
            expect(AttributeError, setattr, buffer, "count", 10**6)
            assert g.legal_moves_into(buffer) == 30 and len(buffer) == 30
            expect(TypeError, g.assign, 5)
            expect(TypeError, Game.from_position, b"packeis 1")
            expect(TypeError, g.parse_move, 12)
            expect(packeis.MalformedTextError, Game.from_record, "\\x00" * 100000)
            expect(packeis.MalformedTextError, g.parse_move, "a" * 10**6)
            assert g.ply_count == 0
            # Move.parse: a str of ASCII digits only (int() took "٣" and
            # "1_0": "p٣" played place 3); no variant beyond the last
            # (C's 0 read as "off").
            for bad in (None, 5, b"p3"):
                expect(TypeError, packeis.Move.parse, bad)
            for bad in ("p\u0663", "1_0-2_5", "place -1", "p 3 4", ""):
                expect(packeis.InvalidArgumentError, packeis.Move.parse, bad)
                expect((packeis.MalformedTextError, packeis.IllegalMoveError), g.apply, bad)
            assert packeis.Move.parse(" P 3 ") == packeis.Move.place(3)
            assert packeis.Move.parse("12 - 25") == packeis.Move.slide(12, 25)
            for bad in (2, 999, -1):
                expect(packeis.OutOfRangeError, g.variant, bad)
            assert g.ply_count == 0
        """)

    def test_use_after_close(self):
        self.run_child("""
            import copy
            g = Game(seed=1)
            g.apply(g.legal_moves()[0])
            g.close()
            names = [n for n in dir(Game) if not n.startswith("_")]
            closed = 0
            for name in names:
                try:
                    value = getattr(g, name)
                    if callable(value):
                        for args in ((), (0,), (0, 1)):
                            try:
                                value(*args)
                            except (TypeError, packeis.OutOfRangeError,
                                    packeis.InvalidArgumentError) as error:
                                if isinstance(error, packeis.GameClosedError):
                                    raise
                                continue
                            break
                except packeis.GameClosedError:
                    closed += 1
            assert closed > 40, closed
            for call in (lambda: copy.copy(g), lambda: pickle.dumps(g), lambda: g.perft(5),
                         lambda: g.divide(5), lambda: Game().assign(g), lambda: g.assign(Game())):
                expect(packeis.GameClosedError, call)
            assert str(g) == repr(g) == "<Game closed>" and g._repr_svg_() is None
            assert g == g and g != Game()
            g.close(); g.__del__()
        """)

    def test_silent_wrong_results_now_raise(self):
        self.run_child("""
            result = Game(seed=1).random_games(3)
            expect(packeis.OutOfRangeError, result.wins, 5, says="player must be 0 to 1, got 5")
            expect(packeis.OutOfRangeError, result.wins, -1)
            expect(packeis.OutOfRangeError, result.score, 3, 0, says="game must be 0 to 2, got 3")
            assert sum(result.wins(p) for p in range(2)) == 3
            a = packeis.Allocator()
            g = Game(seed=1, allocator=a)
            live = a.live_blocks
            expect(RuntimeError, g.__init__, seed=2, says="already set up")
            assert a.live_blocks == live and g.board_seed == 1
            g.apply(g.legal_moves()[0])
            assert g.ply_count == 1
            half = Game.__new__(Game)  # never initialized: refused, not crashed
            expect(Exception, half.apply, 0)
        """)

    def test_huge_layouts_draw_quickly(self):
        self.run_child("""
            import xml.etree.ElementTree as ET
            far = Game(layout=[(-1000000, -1000000, 1), (1000000, 1000000, 1)], penguins=1)
            text = str(far)
            assert len(text) < 2000 and "a1:1" in text, text
            ET.fromstring(far._repr_svg_())
        """, timeout=20)


if __name__ == "__main__":
    unittest.main()
