# SPDX-License-Identifier: MIT
"""The ctypes bindings: every method, every exception, the handle freed."""
import array
import copy
import ctypes
import gc
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import packeis  # noqa: E402
from packeis import _ffi  # noqa: E402
from packeis import Game, Move  # noqa: E402

try:
    import numpy
except ImportError:  # the bindings never need it
    numpy = None

# A small custom board: two rows of 4 one-fish floes, one three-fish floe.
SMALL = [(1, 0, 1), (3, 0, 1), (5, 0, 1), (7, 0, 3), (0, 1, 1), (2, 1, 1), (4, 1, 2), (6, 1, 1)]


class CountingAllocator:
    """A packeis_allocator over libc malloc/free counting live blocks."""

    def __init__(self, fail_after=None):
        libc = ctypes.CDLL(None)
        libc.malloc.restype = ctypes.c_void_p
        libc.malloc.argtypes = [ctypes.c_size_t]
        libc.free.argtypes = [ctypes.c_void_p]
        self.live = 0
        self.calls = 0
        self.fail_after = fail_after

        def alloc(context, size):
            self.calls += 1
            if self.fail_after is not None and self.calls > self.fail_after:
                return None
            self.live += 1
            return libc.malloc(size)

        def release(context, block, size):
            self.live -= 1
            libc.free(block)

        fields = dict(_ffi.packeis_allocator._fields_)
        self.struct = _ffi.packeis_allocator(fields["alloc"](alloc), fields["release"](release), None)


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
        self.assertEqual(int(s), (12 << 16) | 25)

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

    def test_actions(self):
        self.assertEqual(Move.place(5).action, 5 * 64 + 5)
        self.assertEqual(Move.slide(5, 9).action, 5 * 64 + 9)
        for a in (0, 65, 4095, 5 * 64 + 9):
            m = packeis.action_to_move(a)
            self.assertEqual(packeis.move_to_action(m), a)
            self.assertEqual(m.action, a)
            self.assertEqual(Move.from_action(a), m)
        with self.assertRaises(packeis.OutOfRangeError):
            packeis.action_to_move(4096)
        with self.assertRaises(packeis.OutOfRangeError):
            packeis.action_to_move(-1)
        with self.assertRaises(packeis.OutOfRangeError):
            packeis.move_to_action(_ffi.PACKEIS_MOVE_NONE)
        with self.assertRaises(packeis.OutOfRangeError):
            packeis.move_to_action((3 << 16) | 3)  # a slide that does not move
        self.assertEqual(packeis.move_to_action("3-4"), 3 * 64 + 4)


class ExceptionTest(unittest.TestCase):
    def test_hierarchy(self):
        self.assertEqual(len(packeis.ERRORS), 17)
        for status, cls in packeis.ERRORS.items():
            self.assertTrue(issubclass(cls, packeis.PackeisError))
            self.assertEqual(cls.status, status)
            with self.assertRaises(cls) as caught:
                packeis.check(status)
            self.assertEqual(caught.exception.status, status)
            self.assertEqual(str(caught.exception), packeis.lib.packeis_strerror(status).decode())
        packeis.check(0)
        with self.assertRaises(packeis.PackeisError) as caught:
            packeis.check(999)
        self.assertEqual(str(caught.exception), "unknown status")
        self.assertTrue(issubclass(packeis.WrongPhaseError, packeis.IllegalMoveError))
        self.assertTrue(issubclass(packeis.DuplicateCellError, packeis.LayoutError))

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
        status = packeis.lib.packeis_game_legal_moves(g2.handle, None, 0, ctypes.byref(count))
        self.assertEqual(status, _ffi.PACKEIS_E_BUFFER_TOO_SMALL)
        with self.assertRaises(E.BufferTooSmallError):
            packeis.check(status)
        self.assertEqual(count.value, g2.move_count)

    def test_out_of_memory(self):
        failures = 0
        for budget in range(0, 6):
            allocator = CountingAllocator(fail_after=budget)
            try:
                g = Game(allocator=allocator.struct)
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
        g.close()
        g.close()
        with self.assertRaises(packeis.InvalidArgumentError):
            g.players
        self.assertEqual(repr(g), "<Game closed>")


class HandleTest(unittest.TestCase):
    def test_handles_are_freed(self):
        allocator = CountingAllocator()
        g = Game(seed=3, allocator=allocator.struct)
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
        with Game(allocator=allocator.struct) as g:
            self.assertGreater(allocator.live, 0)
        self.assertEqual(allocator.live, 0)
        self.assertIsNone(g._handle)


class GameTest(unittest.TestCase):
    def test_setup_queries(self):
        g = Game(seed=42, players=3)
        self.assertEqual(g.players, 3)
        self.assertEqual(g.penguins_per_player, 3)
        self.assertEqual(g.board_seed, 42)
        self.assertEqual(g.cell_count, 60)
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
        counts = [bin(g.fish_set(f)).count("1") for f in (1, 2, 3)]
        self.assertEqual(counts, [30, 20, 10])
        self.assertEqual(sum(g.fish(c) for c in range(60)), 30 + 40 + 30)
        with self.assertRaises(packeis.OutOfRangeError):
            g.fish_set(4)

    def test_options(self):
        g = Game(layout=SMALL, players=2, penguins=1, snake_placement=True, place_any_floe=True)
        self.assertIsNone(g.board_seed)
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
        self.assertTrue(g.floe_present(moves[0].to))
        g.apply(str(moves[1]))
        g.apply(int(moves[2]))
        self.assertEqual(g.history(), moves[:3])
        g.undo()
        self.assertEqual(g.history(), moves[:2])
        g.undo_to(0)
        self.assertEqual(g.history(), [])
        self.assertEqual(g.penguin_cells(0), [])

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


class BatchTest(unittest.TestCase):
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
                self.assertEqual((r.fish[k * 3 + p], r.floes[k * 3 + p]), c.score(p))
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
        lib = packeis.lib
        self.assertEqual(lib.packeis_game_playout_batch(g.handle, 0, 1, None, None, None, None),
                         _ffi.PACKEIS_E_INVALID_ARGUMENT)
        self.assertEqual(lib.packeis_game_playout_batch(None, 0, 1, None, None, None, None),
                         _ffi.PACKEIS_E_INVALID_ARGUMENT)
        plies = ctypes.c_uint64()
        self.assertEqual(lib.packeis_game_playout_batch(g.handle, 0, 2**63, None, None, None,
                                                        ctypes.byref(plies)),
                         _ffi.PACKEIS_E_OUT_OF_RANGE)


class ObservationTest(unittest.TestCase):
    def test_shape(self):
        self.assertEqual(packeis.observation_shape(), (13, 64, 4096))
        self.assertEqual(packeis.OBSERVATION_SIZE, 13 * 64)

    def plane(self, obs, k):
        return [i for i in range(64) if obs[k * 64 + i] == 1.0]

    def test_planes(self):
        g = Game(seed=3, players=3)
        for m in g.legal_moves()[:4]:
            g.apply(m)
        obs = g.observe()
        self.assertIsInstance(obs, array.array)
        self.assertEqual(len(obs), 832)
        self.assertTrue(all(v in (0.0, 1.0) for v in obs))
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

    def test_into_buffer(self):
        g = Game(layout=SMALL, penguins=1)
        out = array.array("f", [7.0] * 832)
        self.assertIs(g.observe(out=out), out)
        self.assertEqual(self.plane(out, packeis.Plane.CELL), list(range(8)))
        with self.assertRaises((ValueError, TypeError)):
            g.observe(out=array.array("f", [0.0] * 10))
        count = ctypes.c_size_t()
        self.assertEqual(packeis.lib.packeis_game_observe(g.handle, 0, None, 0, ctypes.byref(count)),
                         _ffi.PACKEIS_E_BUFFER_TOO_SMALL)
        self.assertEqual(count.value, 832)
        self.assertEqual(packeis.lib.packeis_game_observe(g.handle, 2, None, 0, ctypes.byref(count)),
                         _ffi.PACKEIS_E_INVALID_ARGUMENT)

    def test_action_mask(self):
        g = Game(seed=4)
        rng = random.Random(2)
        while not g.is_over:
            mask = g.legal_action_mask()
            self.assertEqual(len(mask), 4096)
            self.assertEqual([a for a in range(4096) if mask[a]], sorted(g.legal_actions()))
            g.apply(Move.from_action(rng.choice(g.legal_actions())))
        self.assertEqual(sum(g.legal_action_mask()), 0)

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy_zero_copy(self):
        g = Game(seed=3)
        obs = g.observe()
        arr = packeis.as_numpy(obs)
        self.assertEqual(arr.shape, (13, 64))
        self.assertEqual(arr.dtype, numpy.float32)
        g.apply(g.legal_moves()[0])
        g.observe(out=obs)  # the array sees the new values: no copy
        self.assertEqual(arr[packeis.Plane.PENGUINS_0].sum(), 1.0)
        direct = numpy.zeros(832, dtype=numpy.float32)
        g.observe(out=direct)
        self.assertTrue((direct.reshape(13, 64) == arr).all())
        mask = packeis.as_numpy(g.legal_action_mask())
        self.assertEqual(mask.dtype, numpy.uint8)
        r = g.random_games(4, 1)
        self.assertEqual(packeis.as_numpy(r.fish, (4, 2)).shape, (4, 2))


class ModuleTest(unittest.TestCase):
    def test_version_and_constants(self):
        self.assertEqual(packeis.version(), packeis.lib.packeis_version_string().decode())
        self.assertEqual(packeis.MAX_MOVES, packeis.lib.packeis_max_moves())
        self.assertEqual(packeis.MAX_CELLS, packeis.lib.packeis_max_cells())

    def test_library_override(self):
        from packeis import _lib
        self.assertEqual(_lib.ENVIRONMENT_VARIABLE, "PACKEIS_LIBRARY")
        with self.assertRaises(OSError):
            _lib.load("/nonexistent/libpackeis.so")


if __name__ == "__main__":
    unittest.main()
