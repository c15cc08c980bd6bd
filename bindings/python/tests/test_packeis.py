# SPDX-License-Identifier: MIT
"""The ctypes bindings: every method, every exception, the handle freed."""
import array
import copy
import ctypes
import gc
import os
import random
import re
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import packeis  # noqa: E402
from packeis import _ffi, unsafe  # noqa: E402
from packeis import Game, Move  # noqa: E402

try:
    import numpy
except ImportError:  # the bindings never need it
    numpy = None

# A small custom board: two rows of 4 one-fish floes, one three-fish floe.
SMALL = [(1, 0, 1), (3, 0, 1), (5, 0, 1), (7, 0, 3), (0, 1, 1), (2, 1, 1), (4, 1, 2), (6, 1, 1)]


class CountingAllocator:
    """A packeis.Allocator whose policy refuses every block after the
    first ``fail_after`` (None: never), counting the live blocks."""

    def __init__(self, fail_after=None):
        self.fail_after = fail_after
        self.allocator = packeis.Allocator(policy=self._policy)

    def _policy(self, size):
        return self.fail_after is None or self.allocator.allocations <= self.fail_after

    @property
    def live(self):
        return self.allocator.live_blocks

    @property
    def calls(self):
        return self.allocator.allocations


def play_random(game, rng):
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))


class MoveTest(unittest.TestCase):
    def test_place_and_slide(self):
        m = Move.place(12)
        self.assertTrue(m.is_placement)
        self.assertEqual((m.origin, m.to), (None, 12))
        self.assertEqual(str(m), "place 12")
        self.assertEqual(repr(m), "Move('place 12')")
        s = Move.slide(12, 25)
        self.assertFalse(s.is_placement)
        self.assertEqual((s.origin, s.to, str(s)), (12, 25, "12-25"))
        self.assertEqual(int(s), 12 * 64 + 25)
        self.assertEqual(int(m), 12 * 65)  # a placement is c * 64 + c

    def test_parse(self):
        self.assertEqual(Move.parse("place 12"), Move.place(12))
        self.assertEqual(Move.parse("p3"), Move.place(3))
        self.assertEqual(Move.parse(" 12-25 "), Move.slide(12, 25))
        for bad in ("", "x", "12", "place", "1-2-3"):
            with self.assertRaises(packeis.InvalidArgumentError):
                Move.parse(bad)

    def test_immutable_and_hashable(self):
        m = Move.slide(1, 2)
        with self.assertRaises(AttributeError):
            m.foo = 1
        self.assertEqual({m: 1}[Move.parse("1-2")], 1)

    def test_out_of_range(self):
        with self.assertRaises(packeis.OutOfRangeError):
            Move.place(64)
        with self.assertRaises(packeis.OutOfRangeError):
            Move.slide(-1, 2)

    def test_values(self):
        # One encoding: a move is its value, every value 0 ... 4095 is a move.
        self.assertEqual(packeis.MOVE_VALUES, 4096)
        self.assertEqual(Move(5 * 64 + 9), Move.slide(5, 9))
        self.assertEqual(Move(5 * 65), Move.place(5))
        self.assertEqual(Move(4095), Move.place(63))
        for bad in (-1, 4096, _ffi.PACKEIS_MOVE_NONE, 2**64, -2**70):
            with self.assertRaises(packeis.OutOfRangeError):
                Move(bad)
        for bad in (True, 1.0, "3", None):
            with self.assertRaises(TypeError):
                Move(bad)
        with self.assertRaises(packeis.OutOfRangeError):
            Move.slide(3, 3)  # a slide that does not move

    def test_values_match_the_library(self):
        lib = unsafe.lib
        for cell in (0, 17, 63):
            self.assertEqual(Move.place(cell), lib.packeis_move_placement(cell))
            self.assertEqual(lib.packeis_move_to(Move.place(cell)), cell)
        for origin, to in ((0, 1), (17, 3), (63, 62)):
            m = Move.slide(origin, to)
            self.assertEqual(m, lib.packeis_move_slide(origin, to))
            self.assertEqual((lib.packeis_move_from(m), lib.packeis_move_to(m)), (m.origin, m.to))
            self.assertEqual(lib.packeis_move_is_placement(m), 0)


class ExceptionTest(unittest.TestCase):
    def test_hierarchy(self):
        self.assertEqual(len(packeis.ERRORS), packeis.STATUS_COUNT - 1)
        for status, cls in packeis.ERRORS.items():
            self.assertTrue(issubclass(cls, packeis.PackeisError))
            self.assertEqual(cls.status, status)
            with self.assertRaises(cls) as caught:
                packeis.check(status)
            self.assertEqual(caught.exception.status, status)
            name = unsafe.lib.packeis_status_name(status).decode()
            self.assertEqual(packeis.status_name(status), name)
            # The C name, in CamelCase, is the class name.
            camel = "".join(w.capitalize() for w in name[len("PACKEIS_E_"):].split("_"))
            self.assertEqual(cls.__name__, camel + "Error")
            self.assertEqual(str(caught.exception),
                             f"{name}: {unsafe.lib.packeis_strerror(status).decode()}")
        packeis.check(0)
        with self.assertRaises(packeis.PackeisError) as caught:
            packeis.check(999)
        self.assertEqual(str(caught.exception), "status 999: unknown status")
        self.assertEqual(packeis.status_name(2**40), "status 1099511627776")
        reasons = (packeis.GameOverError, packeis.WrongPhaseError, packeis.NotYourPenguinError,
                   packeis.NotInLineError, packeis.BlockedByPenguinError,
                   packeis.BlockedByGapError, packeis.OccupiedError, packeis.NotOneFishError)
        for cls in reasons:
            self.assertTrue(issubclass(cls, packeis.IllegalMoveError), cls)
        self.assertEqual(sorted(c.status for c in reasons), list(range(5, 13)))
        self.assertTrue(issubclass(packeis.DuplicateCellError, packeis.LayoutError))
        self.assertTrue(issubclass(packeis.GameClosedError, packeis.InvalidArgumentError))

    def test_illegal_move_reasons(self):
        # A 2-player game, 1 penguin each, on a row of 5 one-fish floes and a
        # row below: a1 a2 a3 a4 a5 / b1 b2 b3 b4 (cells 0-4 and 5-8).
        g = Game(layout=[(2 * i, 0, 1) for i in range(5)] + [(2 * i + 1, 1, 2) for i in range(4)],
                 penguins=1)
        g.apply(Move.place(0))
        with self.assertRaises(packeis.OccupiedError):
            g.apply(Move.place(0))
        with self.assertRaises(packeis.NotOneFishError):
            g.apply(Move.place(5))
        g.apply(Move.place(2))
        self.assertEqual(g.phase, packeis.Phase.MOVEMENT)
        with self.assertRaises(packeis.WrongPhaseError):
            g.apply(Move.place(3))
        with self.assertRaises(packeis.NotYourPenguinError):
            g.apply(Move.slide(2, 3))
        with self.assertRaises(packeis.NotInLineError):
            g.apply(Move.slide(0, 8))
        with self.assertRaises(packeis.BlockedByPenguinError):
            g.apply(Move.slide(0, 4))
        g.apply(Move.slide(0, 1))     # player 0: a1 -> a2, a1 leaves the board
        g.apply(Move.slide(2, 4))     # player 1: a3 -> a5
        with self.assertRaises(packeis.BlockedByGapError) as caught:
            g.check_move(Move.slide(1, 0))
        self.assertIsInstance(caught.exception, packeis.IllegalMoveError)
        self.assertTrue(str(caught.exception).startswith("PACKEIS_E_BLOCKED_BY_GAP: "))
        self.assertEqual(g.ply_count, 4)  # refused moves change nothing

    def test_raised_by_the_library(self):
        E = packeis
        with self.assertRaises(E.InvalidArgumentError):
            Game(players=5)
        with self.assertRaises(E.InvalidArgumentError):
            Game(penguins=-1)
        g = Game()
        with self.assertRaises(E.OutOfRangeError):
            g.fish(60)
        with self.assertRaises(E.OutOfRangeError):
            g.score(2)
        with self.assertRaises(E.WrongPhaseError):
            g.apply("0-1")
        with self.assertRaises(E.IllegalMoveError):
            g.apply(Move.place(next(c for c in range(60) if g.fish(c) > 1)))
        with self.assertRaises(E.NothingToUndoError):
            g.undo()
        with self.assertRaises(E.OutOfRangeError):
            g.undo_to(1)
        play_random(g, random.Random(1))
        with self.assertRaises(E.GameOverError):
            g.apply("place 0")
        with self.assertRaises(E.DuplicateCellError):
            Game(layout=[(0, 0, 1), (0, 0, 1)])
        with self.assertRaises(E.MixedParityError):
            Game(layout=[(0, 0, 1), (1, 0, 1)])
        with self.assertRaises(E.FishOutOfRangeError):
            Game(layout=[(0, 0, 4)])
        with self.assertRaises(E.TooManyCellsError):
            Game(layout=[(2 * i, 0, 1) for i in range(65)])
        with self.assertRaises(E.NoCellsError):
            Game(layout=[])
        with self.assertRaises(E.CoordOutOfRangeError):
            Game(layout=[(2000000, 0, 1)])
        with self.assertRaises(E.TooFewFloesError):
            Game(layout=[(0, 0, 1), (2, 0, 1)])
        # The library's own buffer check, through the low-level call.
        count = ctypes.c_size_t()
        g2 = Game()
        status = unsafe.lib.packeis_game_legal_moves(unsafe.handle(g2), None, 0, ctypes.byref(count))
        self.assertEqual(status, _ffi.PACKEIS_E_BUFFER_TOO_SMALL)
        self.assertEqual(count.value, 30)
        with self.assertRaises(E.BufferTooSmallError):
            packeis.check(status)
        self.assertEqual(count.value, g2.move_count)

    def test_out_of_memory(self):
        failures = 0
        for budget in range(0, 6):
            allocator = CountingAllocator(fail_after=budget)
            try:
                g = Game(allocator=allocator.allocator)
            except packeis.OutOfMemoryError:
                failures += 1
                self.assertEqual(allocator.live, 0)
                continue
            # The batch call's scratch memory, then a clone, may fail too.
            allocator.fail_after = allocator.calls
            with self.assertRaises(packeis.OutOfMemoryError):
                g.random_games(3, 0)
            with self.assertRaises(packeis.OutOfMemoryError):
                g.clone()
            del g
            gc.collect()
            self.assertEqual(allocator.live, 0)
            break
        self.assertGreater(failures, 0)

    def test_closed_game(self):
        g = Game()
        buffer = packeis.MoveBuffer()
        g.close()
        g.close()
        self.assertTrue(g.closed)
        calls = (lambda: g.players, lambda: g.apply(0), lambda: g.legal_moves(),
                 lambda: g.legal_moves_into(buffer), lambda: g.undo(), lambda: g.redo(),
                 lambda: g.observe(), lambda: g.random_games(2), lambda: g.save_record(),
                 lambda: g.clone(), lambda: g.hash, lambda: g.ply_effect(0),
                 lambda: g.reset(1), lambda: g.move_count, lambda: Game().assign(g))
        for call in calls:
            with self.assertRaises(packeis.GameClosedError):
                call()
        self.assertEqual(repr(g), "<Game closed>")


class ArgumentTest(unittest.TestCase):
    """Bad arguments raise Python exceptions; none reaches C truncated."""

    def test_apply_checks_move_values(self):
        g = Game(seed=1)
        legal = g.legal_moves()[0]
        for bad in (-1, 4096, 65535, 2**16 + int(legal), 2**64 + int(legal), 10**100):
            with self.assertRaises(packeis.OutOfRangeError):
                g.apply(bad)
            with self.assertRaises(packeis.OutOfRangeError):
                g.is_legal(bad)
            with self.assertRaises(packeis.OutOfRangeError):
                g.format_move(bad)
        for bad in (True, False, float(legal), None, [legal], b"a1"):
            with self.assertRaises(TypeError):
                g.apply(bad)
        self.assertEqual(g.ply_count, 0)
        g.apply(int(legal))
        self.assertEqual(g.history(), [legal])

    def test_cells_players_and_plies(self):
        g = Game(seed=1)
        for bad in (60, -1, 2**31, 2**32 + 3, -2**63):
            with self.assertRaises(packeis.OutOfRangeError):
                g.fish(bad)
        with self.assertRaises(TypeError):
            g.fish(1.5)
        with self.assertRaises(TypeError):
            g.fish(True)
        for bad in (2, -1, 2**32):
            with self.assertRaises(packeis.OutOfRangeError):
                g.score(bad)
        with self.assertRaises(packeis.OutOfRangeError):
            g.undo_to(-1)
        with self.assertRaises(packeis.OutOfRangeError):
            g.undo_to(2**64)
        with self.assertRaises(packeis.OutOfRangeError):
            g.ply_effect(0)
        with self.assertRaises(packeis.OutOfRangeError):
            g.random_games(-1)
        with self.assertRaises(packeis.OutOfRangeError):
            g.random_games(2**62)
        with self.assertRaises(TypeError):
            g.random_games(2.0)
        with self.assertRaises(packeis.OutOfRangeError):
            Game(players=2**32 + 2)
        with self.assertRaises(packeis.OutOfRangeError):
            Game(layout=[(2**40, 0, 1)])
        with self.assertRaises(TypeError):
            Game(layout_picture=b"1 1\n")
        with self.assertRaises(TypeError):
            g.parse_move(12)
        self.assertEqual(Game(seed=2**64 + 5).board_seed, 5)  # seeds are taken modulo 2**64

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy_arguments(self):
        g = Game(seed=1)
        legal = g.legal_moves()
        g.apply(numpy.uint16(legal[0]))
        g.apply(numpy.int64(legal[1]))
        self.assertEqual(g.history(), legal[:2])
        with self.assertRaises(packeis.OutOfRangeError):
            g.apply(numpy.int64(70000))
        with self.assertRaises(TypeError):
            g.apply(numpy.float32(legal[2]))
        with self.assertRaises(TypeError):
            g.apply(numpy.bool_(True))
        self.assertEqual(g.fish(numpy.int8(3)), g.fish(3))
        with self.assertRaises(TypeError):
            g.observe(out=numpy.zeros(packeis.OBSERVATION_SIZE, dtype=numpy.float64))
        with self.assertRaises(TypeError):
            g.observe(out=numpy.zeros((packeis.OBSERVATION_SIZE, 2), dtype=numpy.float32)[:, 0])
        with self.assertRaises(TypeError):
            g.legal_mask(out=numpy.zeros(4096, dtype=numpy.int32))
        mask = g.legal_mask(out=numpy.zeros(4096, dtype=numpy.bool_))
        self.assertEqual(list(numpy.flatnonzero(mask)), [int(m) for m in g.legal_moves()])
        with self.assertRaises(TypeError):
            g.observe(out=bytes(4 * packeis.OBSERVATION_SIZE))  # read-only


class ThreadTest(unittest.TestCase):
    def test_one_game_shared_by_threads(self):
        # ctypes releases the GIL during C calls: without the game's lock,
        # these playouts and undos would run in C at the same time on one
        # handle and leave it corrupted (a different hash and position).
        g = Game(seed=3)
        start = (g.hash, g.save_position())
        errors = []

        def writer(k):
            try:
                for i in range(100):
                    g.playout(k * 1000 + i)
                    g.undo_to(0)
                    g.random_games(2, i)
                    g.observe()
            except Exception as error:  # pragma: no cover - reported below
                errors.append(error)

        threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual((g.ply_count, g.hash, g.save_position()), (0,) + start)

    def test_calls_wait_for_the_lock(self):
        g = Game(seed=3)
        done = threading.Event()
        worker = threading.Thread(target=lambda: (g.apply(g.legal_moves()[0]), done.set()))
        with g.lock:
            worker.start()
            self.assertFalse(done.wait(0.2))  # blocked while another thread holds the game
            self.assertEqual(g.ply_count, 0)  # the lock is reentrant for its holder
        worker.join()
        self.assertTrue(done.is_set())
        self.assertEqual(g.ply_count, 1)

    def test_close_while_used(self):
        g = Game(seed=3)
        outcomes = []

        def worker():
            try:
                for _ in range(200):
                    g.random_games(20, 1)
                outcomes.append("done")
            except packeis.GameClosedError:
                outcomes.append("closed")

        threads = [threading.Thread(target=worker) for _ in range(2)]
        for t in threads:
            t.start()
        g.close()
        for t in threads:
            t.join()
        self.assertEqual(len(outcomes), 2)
        self.assertTrue(set(outcomes) <= {"done", "closed"})

    def test_distinct_games_in_parallel(self):
        results = {}

        def play(seed):
            game = Game(seed=seed)
            play_random(game, random.Random(seed))
            results[seed] = game.save_record()

        threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for seed, record in results.items():
            game = Game(seed=seed)
            play_random(game, random.Random(seed))
            self.assertEqual(record, game.save_record())


class HandleTest(unittest.TestCase):
    def test_handles_are_freed(self):
        allocator = CountingAllocator()
        g = Game(seed=3, allocator=allocator.allocator)
        self.assertGreater(allocator.live, 0)
        clones = [g.clone() for _ in range(3)]
        play_random(clones[0], random.Random(0))
        clones.append(copy.copy(g))
        clones.append(copy.deepcopy(g))
        g.random_games(10, 0)
        del g, clones
        gc.collect()
        self.assertEqual(allocator.live, 0)

    def test_context_manager(self):
        allocator = CountingAllocator()
        with Game(allocator=allocator.allocator) as g:
            self.assertGreater(allocator.live, 0)
        self.assertEqual(allocator.live, 0)
        self.assertIsNone(g._handle)


    def test_a_policy_that_does_not_answer_refuses(self):
        """The C meter presets "no answer": a policy callback that returns
        without one (here: its allocator forgotten, as when ctypes could not
        run it) refuses the block, counted apart, and the error says so."""
        allocator = packeis.Allocator(policy=lambda size: True)
        packeis._alloc._policies.pop(allocator._key)
        with self.assertRaises(packeis.OutOfMemoryError) as caught:
            Game(seed=1, allocator=allocator)
        self.assertIsInstance(caught.exception.__cause__, RuntimeError)
        self.assertIn("interrupted before it answered", str(caught.exception.__cause__))
        self.assertEqual((allocator.allocations, allocator.refusals, allocator.unanswered),
                         (1, 1, 1))
        self.assertEqual((allocator.live_blocks, allocator.live_bytes), (0, 0))

    def test_games_outlive_their_allocator_object(self):
        """A cycle may be collected allocator first: the C meter then stays
        until the last game's blocks are released (ASan in CI sees a use
        after free or a leak)."""
        allocator = packeis.Allocator(limit=10**6)
        g = Game(seed=4, allocator=allocator)
        allocator.__del__()
        copy_ = g.clone()
        self.assertGreater(copy_.playout(1), 8)
        copy_.close()
        g.close()

    def test_the_limit_holds_at_the_byte(self):
        allocator = packeis.Allocator()
        Game(seed=1, allocator=allocator).close()
        peak = allocator.peak_bytes
        Game(seed=1, memory_limit=peak).close()
        with self.assertRaises(packeis.OutOfMemoryError):
            Game(seed=1, memory_limit=peak - 1)

    def test_limit_and_policy_are_fixed_once_made(self):
        """A limit assigned after the allocator was made was kept in Python
        alone: repr showed "limit 100" while the C meter went on enforcing
        the constructor's (no limit), so a game of 368 bytes was made, and
        a clone under "limit 10". The C meter's limit cannot change, so the
        assignment raises, and what the allocator shows is what C enforces.
        A policy assigned to an allocator made without one was ignored the
        same way (the meter calls no Python then): it raises too."""
        free = packeis.Allocator()
        with self.assertRaisesRegex(AttributeError, "fixed when it is made"):
            free.limit = 100
        self.assertIsNone(free.limit)
        self.assertIn("no limit", repr(free))
        game = Game(seed=1, allocator=free)  # no limit, as shown
        size, peak = free.live_bytes, free.peak_bytes  # a game; a game and its options
        limited = packeis.Allocator(limit=peak)
        first = Game(seed=1, allocator=limited)
        with self.assertRaisesRegex(AttributeError, "fixed when it is made"):
            limited.limit = 10
        self.assertEqual(limited.limit, peak)
        self.assertIn(f"limit {peak}", repr(limited))
        # The limit in force is the one shown, to the byte.
        clones = []
        with self.assertRaises(packeis.OutOfMemoryError):
            while len(clones) < 100:
                clones.append(first.clone())
        self.assertEqual(len(clones), peak // size - 1)
        self.assertLessEqual(limited.peak_bytes, peak)
        with self.assertRaisesRegex(AttributeError, "policy is fixed"):
            free.policy = lambda size: False
        self.assertIsNone(free.policy)
        game.clone().close()  # no policy, as shown
        policy = lambda size: True  # noqa: E731
        asked = packeis.Allocator(policy=policy)
        with self.assertRaises(AttributeError):
            asked.policy = None
        self.assertIs(asked.policy, policy)
        Game(seed=1, allocator=asked).close()
        for g in [game, first] + clones:
            g.close()
        self.assertEqual((free.live_bytes, limited.live_bytes), (0, 0))

    def test_a_budget_that_changes_is_a_policy(self):
        """The documented way to a limit that changes: a policy reading it,
        which sees the block asked for already counted in live_bytes, so
        that the budget holds at the byte."""
        budget = {"bytes": None}
        allocator = packeis.Allocator(
            policy=lambda size: budget["bytes"] is None or allocator.live_bytes <= budget["bytes"])
        g = Game(seed=1, allocator=allocator)
        live = allocator.live_bytes
        copy_ = g.clone()
        size = allocator.live_bytes - live
        copy_.close()
        budget["bytes"] = live + size - 1  # lowered after the allocator was made
        with self.assertRaises(packeis.OutOfMemoryError):
            g.clone()
        self.assertEqual(allocator.live_bytes, live)
        budget["bytes"] = live + size  # raised again: exactly room for one clone
        copy_ = g.clone()
        self.assertEqual(allocator.live_bytes, live + size)
        with self.assertRaises(packeis.OutOfMemoryError):
            g.clone()
        copy_.close()
        g.close()
        self.assertEqual(allocator.live_bytes, 0)


class GameTest(unittest.TestCase):
    def test_setup_queries(self):
        g = Game(seed=42, players=3)
        self.assertEqual(g.players, 3)
        self.assertEqual(g.penguins_per_player, 3)
        self.assertEqual(g.board_seed, 42)
        self.assertTrue(g.is_standard_board)
        self.assertEqual(g.hash_seed, packeis.DEFAULT_HASH_SEED)
        self.assertEqual(g.cell_count, 60)
        self.assertEqual(g.layout_bounds, packeis.Bounds(0, 0, 14, 7))
        self.assertFalse(g.variant(packeis.Variant.SNAKE_PLACEMENT))
        self.assertEqual(g.cell_coords(0), (1, 0))
        self.assertEqual(g.cell_coords(7), (0, 1))
        self.assertEqual(g.cell_at(1, 0), 0)
        self.assertIsNone(g.cell_at(0, 0))
        self.assertEqual(g.neighbor(0, packeis.Direction.EAST), 1)
        self.assertEqual(g.neighbor(0, packeis.Direction.SOUTH_WEST), 7)
        self.assertIsNone(g.neighbor(0, packeis.Direction.WEST))
        with self.assertRaises(packeis.OutOfRangeError):
            g.neighbor(0, 6)
        counts = [sum(g.fish(c) == f for c in range(60)) for f in (1, 2, 3)]
        self.assertEqual(counts, [30, 20, 10])

    def test_options(self):
        g = Game(layout=SMALL, players=2, penguins=1, snake_placement=True, place_any_floe=True)
        self.assertIsNone(g.board_seed)
        self.assertFalse(g.is_standard_board)
        self.assertEqual(g.layout_bounds, (0, 0, 7, 1))
        self.assertEqual(g.cell_count, 8)
        self.assertEqual(g.penguins_per_player, 1)
        self.assertTrue(g.variant(packeis.Variant.SNAKE_PLACEMENT))
        self.assertTrue(g.variant(packeis.Variant.PLACE_ANY_FLOE))
        self.assertEqual(g.fish(3), 3)
        self.assertEqual(len(g.legal_moves()), 8)  # any floe
        self.assertEqual(Game(seed=-1).board_seed, 2**64 - 1)

    def test_position_queries_and_undo(self):
        g = Game(seed=5)
        self.assertEqual(g.phase, packeis.Phase.PLACEMENT)
        self.assertEqual((g.phase_name, str(g.phase)), ("placement", "placement"))
        self.assertEqual([p.label for p in packeis.Phase], ["placement", "movement", "over"])
        self.assertEqual(g.current_player, 0)
        self.assertFalse(g.is_over)
        self.assertEqual(len(g), 0)
        self.assertEqual(g.floe_set, (1 << 60) - 1)
        self.assertEqual(g.floes, list(range(60)))
        moves = g.legal_moves()
        self.assertEqual(moves, sorted(moves))
        self.assertEqual(len(moves), g.move_count)
        self.assertTrue(all(m.is_placement and g.fish(m.to) == 1 for m in moves))
        self.assertTrue(g.is_legal(moves[0]))
        self.assertFalse(g.is_legal("0-1"))
        g.check_move(moves[0])
        g.apply(moves[0])
        self.assertEqual(g.penguin_at(moves[0].to), 0)
        self.assertIsNone(g.penguin_at(moves[1].to))
        self.assertEqual(g.penguin_cells(0), [moves[0].to])
        self.assertEqual(g.penguin_set(0), 1 << moves[0].to)
        self.assertEqual(g.current_player, 1)
        self.assertIn(moves[0].to, g.floes)
        g.apply(str(moves[1]))
        g.apply(int(moves[2]))
        self.assertEqual(g.history(), moves[:3])
        g.undo()
        self.assertEqual(g.history(), moves[:2])
        g.undo_to(0)
        self.assertEqual(g.history(), [])
        self.assertEqual(g.penguin_cells(0), [])
        self.assertEqual(g.redo_count, 3)

    def test_redo(self):
        g = Game(seed=5)
        g.playout(2)
        history, final = g.history(), g.save_position()
        g.undo_to(10)
        self.assertEqual(g.redo_count, len(history) - 10)
        g.redo()
        self.assertEqual((g.ply_count, g.redo_count), (11, len(history) - 11))
        while g.redo_count:
            g.redo()
        self.assertEqual((g.history(), g.save_position()), (history, final))
        with self.assertRaises(packeis.NothingToRedoError):
            g.redo()
        # Applying the next undone move keeps the rest; another move forgets it.
        g.undo_to(10)
        g.apply(history[10])
        self.assertEqual(g.redo_count, len(history) - 11)
        g.undo()
        other = next(m for m in g.legal_moves() if m != history[10])
        g.apply(other)
        self.assertEqual(g.redo_count, 0)

    def test_reset(self):
        g = Game(seed=5, players=3)
        g.playout(1)
        g.reset(9)
        fresh = Game(seed=9, players=3)
        self.assertEqual((g.ply_count, g.redo_count, g.board_seed), (0, 0, 9))
        self.assertEqual((g.hash, g.legal_moves()), (fresh.hash, fresh.legal_moves()))
        small = Game(layout=SMALL, penguins=1)
        start = small.save_position()
        small.playout(3)
        small.reset(123)
        self.assertEqual(small.save_position(), start)

    def test_ply_effects(self):
        g = Game(seed=12, players=3)
        g.playout(8)
        n = g.ply_count
        placements = 3 * g.penguins_per_player
        removed, credited = set(), [[], [], []]
        out = set()
        for ply in range(n):
            effect = g.ply_effect(ply)
            self.assertIsInstance(effect, packeis.PlyEffect)
            self.assertEqual(len(effect.credited), 3)
            if ply < placements:
                self.assertEqual(effect.removed, [])
                self.assertEqual(effect.player, [0, 1, 2][ply % 3])
            else:
                origin = g.history()[ply].origin
                self.assertIn(origin, effect.removed)
            self.assertFalse(removed & set(effect.removed))
            removed |= set(effect.removed)
            for p in range(3):
                self.assertTrue(set(effect.credited[p]) <= set(effect.removed))
                credited[p] += effect.credited[p]
            self.assertFalse(out & effect.players_out)
            out |= effect.players_out
        self.assertEqual(out, {0, 1, 2})
        self.assertEqual(removed, set(range(60)) - set(g.floes))
        for p in range(3):
            self.assertEqual(len(credited[p]), g.score(p)[1])
            self.assertEqual(sum(g.fish(c) for c in credited[p]), g.score(p)[0])
        self.assertEqual(g.ply_effect(-1), g.ply_effect(n - 1))

    def test_full_game_and_standings(self):
        g = Game(seed=11)
        rng = random.Random(4)
        while not g.is_over:
            self.assertIsNotNone(g.current_player)
            if g.phase == packeis.Phase.MOVEMENT:
                for cell in g.penguin_cells(g.current_player):
                    dests = g.destinations(cell)
                    self.assertEqual(sum(1 << d for d in dests), g.destination_set(cell))
                    for d in dests:
                        self.assertTrue(g.is_legal(Move.slide(cell, d)))
            g.apply(rng.choice(g.legal_moves()))
        self.assertEqual(g.phase, packeis.Phase.OVER)
        self.assertIsNone(g.current_player)
        self.assertEqual(g.legal_moves(), [])
        self.assertEqual(g.floe_set, 0)
        self.assertTrue(all(g.is_out(p) for p in range(2)))
        st = g.standings()
        self.assertEqual([s.player for s in st], [0, 1])
        self.assertEqual(st[0].fish, g.score(0)[0])
        best = max((s.fish, s.floes) for s in st)
        self.assertEqual(g.winners, {s.player for s in st if (s.fish, s.floes) == best})
        self.assertEqual({s.player for s in st if s.rank == 1}, g.winners)
        self.assertIn("over", repr(g))

    def test_clone_and_assign(self):
        g = Game(seed=2)
        for m in g.legal_moves()[:3]:
            g.apply(m)
        c = g.clone()
        self.assertEqual(c.history(), g.history())
        c.playout(9)
        self.assertTrue(c.is_over)
        self.assertFalse(g.is_over)
        g.assign(c)
        self.assertEqual(g.history(), c.history())

    def test_playout_perft_divide(self):
        g = Game(seed=1)
        self.assertEqual(g.perft(0), 1)
        self.assertEqual(g.perft(1), g.move_count)
        d = g.divide(2)
        self.assertEqual(sum(d.values()), g.perft(2))
        self.assertEqual(list(d), g.legal_moves())
        with self.assertRaises(packeis.InvalidArgumentError):
            g.divide(0)
        plies = g.playout(7)
        self.assertEqual(plies, g.ply_count)
        g.undo_to(0)

    def test_deep_counts_match_and_stop(self):
        # Deep counts (watched C calls on a copy) equal the sum of the
        # shallow ones; stop() from another thread and a timeout end a
        # count that would run for years, leaving the game as it was.
        g = Game(seed=3)
        for m in g.legal_moves()[:5]:
            g.apply(m)
        position = g.save_position()
        d = g.divide(5)
        self.assertEqual(sum(d.values()), g.perft(5))
        self.assertEqual(d, {m: n for m, n in g.divide(5).items()})
        after = {}
        for m in g.legal_moves():
            g.apply(m)
            after[m] = g.perft(4)
            g.undo()
        self.assertEqual(d, after)
        event = threading.Event()
        timer = threading.Timer(0.2, event.set)
        timer.start()
        with self.assertRaises(packeis.StoppedError):
            g.perft(60, stop=event.is_set)
        timer.join()
        with self.assertRaises(packeis.StoppedError):
            g.divide(60, timeout=0.1)
        with self.assertRaises(TypeError):
            g.perft(5, stop=True)
        with self.assertRaises(ValueError):
            g.perft(5, timeout=-1)
        self.assertEqual(g.save_position(), position)
        self.assertEqual(g.perft(4, stop=lambda: True), g.perft(4))  # shallow: one C call

    def test_move_buffer(self):
        g = Game(seed=8)
        buf = packeis.MoveBuffer()
        rng = random.Random(3)
        while not g.is_over:
            n = g.legal_moves_into(buf)
            self.assertEqual(n, len(buf))
            self.assertEqual(list(buf), [int(m) for m in g.legal_moves()])
            self.assertEqual(buf.moves(), g.legal_moves())
            self.assertEqual(buf[-1], buf[n - 1])
            g.apply(buf[rng.randrange(n)])
        self.assertEqual(g.legal_moves_into(buf), 0)
        with self.assertRaises(IndexError):
            buf[0]


class RandomGamesTest(unittest.TestCase):
    def test_names(self):
        """The names say what they are; those from before 1.2 stay the same
        objects."""
        r = Game().random_games(1)
        self.assertIsInstance(r, packeis.RandomGamesResult)
        self.assertIs(packeis.BatchResult, packeis.RandomGamesResult)
        self.assertEqual(packeis.MAX_RANDOM_GAMES, 2**24)
        self.assertIs(packeis.MAX_BATCH, packeis.MAX_RANDOM_GAMES)
        with self.assertRaisesRegex(packeis.OutOfRangeError, "16777216"):
            Game().random_games(packeis.MAX_RANDOM_GAMES + 1)

    def test_matches_single_playouts(self):
        g = Game(seed=6, players=3)
        for m in g.legal_moves()[:2]:
            g.apply(m)
        before = g.history()
        r = g.random_games(20, seed=100)
        self.assertEqual(g.history(), before)  # unchanged
        self.assertEqual((r.games, r.players), (20, 3))
        total = 0
        for k in range(20):
            c = g.clone()
            total += c.playout(100 + k)
            self.assertEqual(r.winners[k], sum(1 << p for p in c.winners))
            for p in range(3):
                self.assertEqual((r.fish[k * 4 + p], r.floes[k * 4 + p]), c.score(p))
                self.assertEqual(r.score(k, p), c.score(p))
            self.assertEqual((r.fish[k * 4 + 3], r.floes[k * 4 + 3]), (0, 0))
        self.assertEqual(r.plies, total)
        self.assertAlmostEqual(sum(r.wins(p) for p in range(3)), 20.0)

    def test_edge_cases(self):
        g = Game()
        r = g.random_games(0)
        self.assertEqual((r.games, r.plies, len(r.winners)), (0, 0, 0))
        g.playout(1)
        r = g.random_games(3)
        self.assertEqual(r.plies, 0)
        self.assertEqual(list(r.winners), [sum(1 << p for p in g.winners)] * 3)
        lib = unsafe.lib
        batch = lib.packeis_game_playout_batch
        self.assertEqual(batch(unsafe.handle(g), 0, 1, None, None, None, 0, None),
                         _ffi.PACKEIS_E_INVALID_ARGUMENT)
        self.assertEqual(batch(None, 0, 1, None, None, None, 0, None),
                         _ffi.PACKEIS_E_INVALID_ARGUMENT)
        winners = (ctypes.c_uint * 2)()
        self.assertEqual(batch(unsafe.handle(g), 0, 3, winners, None, None, 2, None),
                         _ffi.PACKEIS_E_BUFFER_TOO_SMALL)
        self.assertEqual(batch(unsafe.handle(g), 0, 2, winners, None, None, 2**63, None),
                         _ffi.PACKEIS_E_OUT_OF_RANGE)


class ObservationTest(unittest.TestCase):
    def test_shape(self):
        self.assertEqual(packeis.observation_shape(), (25, 64))
        self.assertEqual(packeis.OBSERVATION_PLANES, 25)
        self.assertEqual(packeis.OBSERVATION_SIZE, 25 * 64)

    def plane(self, obs, k):
        return [i for i in range(64) if obs[k * 64 + i] == 1.0]

    def test_planes(self):
        g = Game(seed=3, players=3)
        for m in g.legal_moves()[:4]:
            g.apply(m)
        obs = g.observe()
        self.assertIsInstance(obs, array.array)
        self.assertEqual(len(obs), 1600)
        self.assertTrue(all(0.0 <= v <= 1.0 for v in obs))
        P = packeis.Plane
        for f, plane in ((1, P.FISH_1), (2, P.FISH_2), (3, P.FISH_3)):
            self.assertEqual(self.plane(obs, plane), [c for c in g.floes if g.fish(c) == f])
        for p in range(4):
            expected = g.penguin_cells(p) if p < 3 else []
            self.assertEqual(self.plane(obs, P.PENGUINS_0 + p), expected)
            self.assertEqual(self.plane(obs, P.TO_ACT_0 + p),
                             list(range(60)) if p == g.current_player else [])
        self.assertEqual(self.plane(obs, P.CELL), list(range(60)))
        self.assertEqual(self.plane(obs, P.PLACEMENT), list(range(60)))
        for k in range(P.FISH_WON_0, P.OUT_3 + 1):
            self.assertEqual(sum(obs[k * 64:(k + 1) * 64]), 0.0)  # nothing won, nobody out
        rel = g.observe(relative=True)
        cur = g.current_player
        for k in range(3):
            self.assertEqual(self.plane(rel, P.PENGUINS_0 + k), g.penguin_cells((cur + k) % 3))
        self.assertEqual(self.plane(rel, P.TO_ACT_0), list(range(60)))
        g.playout(0)
        over = g.observe(relative=True)
        self.assertEqual(over[:3 * 64], array.array("f", bytes(4 * 3 * 64)))
        self.assertEqual(self.plane(over, P.PLACEMENT), [])
        self.assertEqual(sum(over[P.TO_ACT_0 * 64:P.CELL * 64]), 0.0)
        total_fish = sum(g.fish(c) for c in range(60))
        for p in range(3):
            fish, floes = g.score(p)
            for plane, value in ((P.FISH_WON_0 + p, fish / total_fish),
                                 (P.FLOES_WON_0 + p, floes / 60), (P.OUT_0 + p, 1.0)):
                values = set(over[plane * 64:plane * 64 + 60])
                self.assertEqual(len(values), 1, plane)
                self.assertAlmostEqual(values.pop(), value, places=6)
            self.assertEqual(sum(over[(P.OUT_0 + p) * 64 + 60:(P.OUT_0 + p + 1) * 64]), 0.0)
        self.assertEqual(sum(over[(P.OUT_3) * 64:(P.OUT_3 + 1) * 64]), 0.0)  # no player 3

    def test_into_buffer(self):
        g = Game(layout=SMALL, penguins=1)
        out = array.array("f", [7.0] * 1600)
        self.assertIs(g.observe(out=out), out)
        self.assertEqual(self.plane(out, packeis.Plane.CELL), list(range(8)))
        with self.assertRaises(ValueError):
            g.observe(out=array.array("f", [0.0] * 10))
        with self.assertRaises(TypeError):
            g.observe(out=array.array("d", [0.0] * 1600))
        with self.assertRaises(TypeError):
            g.observe(out=[0.0] * 1600)
        count = ctypes.c_size_t()
        self.assertEqual(unsafe.lib.packeis_game_observe(unsafe.handle(g), 0, None, 0, ctypes.byref(count)),
                         _ffi.PACKEIS_E_BUFFER_TOO_SMALL)
        self.assertEqual(count.value, 1600)
        self.assertEqual(unsafe.lib.packeis_game_observe(unsafe.handle(g), 2, None, 0, ctypes.byref(count)),
                         _ffi.PACKEIS_E_INVALID_ARGUMENT)

    def test_legal_mask(self):
        g = Game(seed=4)
        rng = random.Random(2)
        while not g.is_over:
            mask = g.legal_mask()
            self.assertEqual(len(mask), 4096)
            moves = g.legal_moves()
            self.assertEqual([a for a in range(4096) if mask[a]], moves)
            self.assertEqual(g.legal_actions(), moves)  # one encoding: the same values
            g.apply(rng.choice(moves))
        self.assertEqual(sum(g.legal_mask()), 0)
        with self.assertRaises(ValueError):
            g.legal_mask(out=bytearray(100))

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy_zero_copy(self):
        g = Game(seed=3)
        obs = g.observe()
        arr = packeis.as_numpy(obs)
        self.assertEqual(arr.shape, (25, 64))
        self.assertEqual(arr.dtype, numpy.float32)
        g.apply(g.legal_moves()[0])
        g.observe(out=obs)  # the array sees the new values: no copy
        self.assertEqual(arr[packeis.Plane.PENGUINS_0].sum(), 1.0)
        direct = numpy.zeros((25, 64), dtype=numpy.float32)
        g.observe(out=direct)
        self.assertTrue((direct == arr).all())
        mask = packeis.as_numpy(g.legal_mask())
        self.assertEqual(mask.dtype, numpy.uint8)
        self.assertEqual(list(numpy.flatnonzero(mask)), g.legal_moves())
        r = g.random_games(4, 1)
        fish = packeis.as_numpy(r.fish, (4, packeis.MAX_PLAYERS))
        self.assertEqual(fish.shape, (4, 4))
        self.assertEqual(list(fish[:, 2:].ravel()), [0] * 8)


class ModuleTest(unittest.TestCase):
    def test_version_and_constants(self):
        self.assertEqual(packeis.version(), unsafe.lib.packeis_version_string().decode())
        self.assertEqual(packeis.__version__, packeis.version())
        number = unsafe.lib.packeis_version()
        self.assertEqual(packeis.__version__, "%d.%d.%d" % (number // 10000, number // 100 % 100,
                                                            number % 100))
        # The single source of the version: project(version) in meson.build.
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__)))))
        with open(os.path.join(root, "meson.build"), encoding="utf-8") as f:
            declared = re.search(r"project\([^)]*?version:\s*'([^']+)'", f.read(), re.S).group(1)
        self.assertEqual(packeis.__version__, declared)
        self.assertEqual(packeis.MAX_MOVES, _ffi.PACKEIS_MAX_MOVES)
        self.assertEqual(packeis.MAX_CELLS, 64)

    def test_library_override(self):
        from packeis import _lib
        self.assertEqual(_lib.ENVIRONMENT_VARIABLE, "PACKEIS_LIBRARY")
        with self.assertRaises(OSError):
            _lib.load("/nonexistent/libpackeis.so")


if __name__ == "__main__":
    unittest.main()
