# SPDX-License-Identifier: MIT
"""packeis.players: the C players in process. Each player plays legal
moves within its budget and as packeis-engine plays them (same seed, same
budget, same move); a search stops from another thread, from stop() and on
Ctrl-C; bad arguments are refused; a player is an opponent of the
gymnasium environment and a seat of cluster self-play without any process
started."""
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import packeis  # noqa: E402
from packeis import players  # noqa: E402
from packeis.players import MCTS, AlphaBeta, Greedy, MonteCarlo, Player, Random  # noqa: E402

ENGINE = os.environ.get("PACKEIS_ENGINE")


def children():
    """The processes this one has started (Linux)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    if int(file.read().rsplit(")", 1)[1].split()[1]) == os.getpid():
                        found.append(int(entry))
            except OSError:
                continue
    return found


def engine_move(spec, seed, position, nodes):
    """packeis-engine's bestmove for the same player, seed and budget."""
    # The engine is a C program with its own sanitizer runtime, if any: the
    # runtime preloaded into this interpreter (sanitized CI builds) is not
    # for it (clang's refuses to be loaded twice).
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    engine = subprocess.Popen([ENGINE, "--player", spec, "--seed", str(seed)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    try:
        engine.stdin.write(f"packeis 1\nposition {position}\ngo nodes {nodes}\n")
        engine.stdin.flush()
        for line in engine.stdout:
            if line.startswith("bestmove"):
                return line.split()[1]
        return None
    finally:
        engine.stdin.close()
        engine.wait(timeout=60)
        engine.stdout.close()


class Basics(unittest.TestCase):
    def test_names_version_and_classes(self):
        self.assertEqual(players.names(),
                         ["random", "greedy", "montecarlo", "alphabeta", "mcts", "az"])
        self.assertTrue(players.version().startswith("0.2."))
        for cls, name in ((Random, "random"), (Greedy, "greedy"), (MonteCarlo, "montecarlo"),
                          (AlphaBeta, "alphabeta"), (MCTS, "mcts")):
            with cls(seed=1) as player:
                self.assertEqual(player.name, name)
                self.assertTrue(player.description)

    def test_every_player_plays_a_whole_legal_game(self):
        for name in ("random", "greedy", "montecarlo", "alphabeta", "mcts"):  # az: test_learn
            with Player(name, seed=3) as player, packeis.Game(seed=4) as game:
                while not game.is_over:
                    before = game.save_position()
                    move = player.best_move(game, nodes=200)
                    self.assertEqual(game.save_position(), before, "the game is left alone")
                    self.assertIn(move, game.legal_moves())
                    game.apply(move)

    def test_budgets_and_report(self):
        with MCTS(playouts=7, seed=1) as mcts, packeis.Game(seed=1) as game:
            report = mcts.choose(game)
            self.assertEqual(report.nodes, 7)  # the option is the default budget
            self.assertEqual(sum(report.visits.values()), 7)
            self.assertEqual(report.pv[0], report.move)
            self.assertTrue(0.0 <= report.score <= 1.0)
            self.assertEqual(mcts.choose(game, nodes=300).nodes, 300)
        with AlphaBeta.from_spec("alphabeta:500", seed=2) as ab, packeis.Game(seed=2) as game:
            self.assertEqual((ab.default_nodes, ab.default_seconds), (500, 0.0))
            self.assertLessEqual(ab.choose(game).nodes, 500)
            self.assertEqual(ab.options["hash"].type, "int")

    def test_same_seed_same_moves(self):
        with packeis.Game(seed=9) as game:
            moves = [MCTS(seed=5).best_move(game, nodes=500) for _ in range(2)]
            self.assertEqual(moves[0], moves[1])

    @unittest.skipUnless(ENGINE, "PACKEIS_ENGINE not set")
    def test_the_same_move_as_the_engine(self):
        with packeis.Game(seed=6) as game:
            for m in game.legal_moves()[:3]:
                game.apply(m)
            position = game.save_position()
        with packeis.Game.from_position(position) as game:  # as the engine reads it
            for spec in ("mcts", "alphabeta:2000", "montecarlo:playouts=5"):
                with Player.from_spec(spec, seed=11) as player:
                    mine = game.format_move(player.choose(game, nodes=400).move)
                self.assertEqual(engine_move(spec, 11, position, 400), mine, spec)

    def test_pickles_as_its_spec(self):
        mcts = MCTS(playouts=50, seed=4)
        copy = pickle.loads(pickle.dumps(mcts))
        self.assertEqual((copy.spec, copy.seed, type(copy)), (mcts.spec, 4, MCTS))
        with packeis.Game(seed=2) as game:
            self.assertEqual(copy.best_move(game), mcts.best_move(game))

    def test_copies_keep_options_set_later(self):
        # A copy with the default budget (2,000 playouts) instead of the 7
        # set would play another game on a cluster's worker.
        import copy as copying
        with MCTS(seed=1) as mcts, MCTS(seed=1, playouts=7) as same, \
                packeis.Game(seed=1) as game:
            mcts.set_option("playouts", 7)
            expected = same.choose(game)
            self.assertEqual(expected.nodes, 7)
            for twin in (pickle.loads(pickle.dumps(mcts)), copying.deepcopy(mcts),
                         copying.copy(mcts)):
                with twin:
                    found = twin.choose(game)
                    self.assertEqual((found.move, found.nodes), (expected.move, 7))


class Stopping(unittest.TestCase):
    def test_stop_from_another_thread(self):
        with MCTS(seed=1) as mcts, packeis.Game(seed=1) as game:
            # A stop ends the search under way and no later one, so it is
            # asked until choose() returns: one stop at a fixed time could
            # come before a slow (sanitized, loaded) choose() had started.
            done = threading.Event()

            def stop_until_done():
                while not done.wait(0.2):
                    mcts.stop()

            stopper = threading.Thread(target=stop_until_done)
            stopper.start()
            started = time.monotonic()
            try:
                report = mcts.choose(game, seconds=60)
            finally:
                done.set()
                stopper.join()
            self.assertLess(time.monotonic() - started, 10)
            self.assertIn(report.move, game.legal_moves())

    def test_stop_callable_and_ctrl_c(self):
        with MCTS(seed=1) as mcts, packeis.Game(seed=1) as game:
            event = threading.Event()
            threading.Timer(0.2, event.set).start()
            started = time.monotonic()
            mcts.choose(game, seconds=60, stop=event.is_set)
            self.assertLess(time.monotonic() - started, 10)
            old = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(
                KeyboardInterrupt()))
            try:
                signal.setitimer(signal.ITIMER_REAL, 0.2)
                started = time.monotonic()
                with self.assertRaises(KeyboardInterrupt):
                    mcts.choose(game, seconds=60)
                self.assertLess(time.monotonic() - started, 10)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)
            self.assertEqual(mcts.choose(game, nodes=20).nodes, 20)  # still usable


class BadInput(unittest.TestCase):
    def test_refusals(self):
        for spec, says in (("grady", "no built-in player"), ("mcts:fast", "no strength"),
                           ("mcts:threads=0", "range"), ("", "NAME")):
            with self.assertRaisesRegex(ValueError, says):
                Player.from_spec(spec)
        with self.assertRaisesRegex(ValueError, "no such option"):
            MCTS(colour=1)
        with self.assertRaisesRegex(ValueError, "not mcts"):
            MCTS.from_spec("greedy")
        with self.assertRaises(TypeError):
            Player.from_spec(None)
        with self.assertRaises(TypeError):
            Player("mcts\0x")
        with self.assertRaises(ValueError):
            MCTS(seed=-1)
        with MCTS(seed=1) as mcts, packeis.Game(seed=1) as game:
            for bad in ({"nodes": 0}, {"nodes": 1.5}, {"seconds": -1}, {"seconds": float("nan")},
                        {"nodes": True}):
                with self.assertRaises(ValueError, msg=bad):
                    mcts.choose(game, **bad)
            # ctypes would keep the low 64 bits: 2**64 + 5 would search 5.
            for too_many in (2**64, 2**64 + 5, 2**200):
                with self.assertRaises(packeis.OutOfRangeError, msg=too_many):
                    mcts.choose(game, nodes=too_many)
            try:
                import numpy
            except ImportError:  # the budget as numpy's integer is then no one's case
                numpy = None
            if numpy is not None:
                self.assertEqual(mcts.choose(game, nodes=numpy.int64(3)).nodes, 3)
            with self.assertRaisesRegex(ValueError, "set_option"):
                MCTS(playouts="5,threads=2")  # one keyword, one option
            with self.assertRaises(TypeError):
                mcts.choose("not a game")
            with self.assertRaises(TypeError):
                mcts.choose(game, stop=True)
            with self.assertRaisesRegex(ValueError, "threads=99"):
                mcts.set_option("threads", 99)
            game.playout(1)
            with self.assertRaises(packeis.GameOverError):
                mcts.choose(game)
        mcts.close()
        mcts.close()
        with self.assertRaisesRegex(ValueError, "closed"):
            mcts.best_move(packeis.Game(seed=1))


class InProcessEverywhere(unittest.TestCase):
    def test_gymnasium_opponent(self):
        from packeis.gymnasium_env import PackeisEnv
        before = children()
        env = PackeisEnv(opponent=MCTS(playouts=30, seed=2))
        obs, info = env.reset(seed=3)
        done = False
        while not done:
            action = int(next(i for i, v in enumerate(info["action_mask"]) if v))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        self.assertEqual(children(), before, "no process started")
        by_spec = PackeisEnv(opponent="greedy")
        self.assertEqual(by_spec.opponent.name, "greedy")
        by_spec.reset(seed=1)
        with self.assertRaisesRegex(ValueError, "no built-in player"):
            PackeisEnv(opponent="grady")

    def test_cluster_selfplay_seat(self):
        import tempfile
        from packeis.cluster import selfplay
        before = children()
        out = tempfile.mkdtemp()
        result = selfplay(out, 4, ["mcts:50", "greedy"], shard_games=2)
        self.assertEqual(children(), before, "no packeis-engine started")
        again = selfplay(tempfile.mkdtemp(), 4, ["mcts:50", MCTS(playouts=50)],
                         shard_games=2)
        self.assertEqual(len(result.manifest["shards"]), 2)
        self.assertEqual(len(again.manifest["shards"]), 2)


if __name__ == "__main__":
    unittest.main()
