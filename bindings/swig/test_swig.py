# SPDX-License-Identifier: MIT
"""The SWIG module: every method, every exception kind, the destructor."""
import gc
import random
import struct
import unittest

import packeis_swig as ps


class SwigTest(unittest.TestCase):
    def test_constants_and_moves(self):
        self.assertEqual(ps.PACKEIS_MAX_CELLS, 64)
        self.assertEqual(ps.PACKEIS_ACTION_COUNT, 4096)
        self.assertEqual(ps.packeis_version_string(), "%d.%d.%d" % (
            ps.packeis_version() // 10000, ps.packeis_version() // 100 % 100, ps.packeis_version() % 100))
        self.assertEqual(ps.packeis_strerror(5), "illegal move" if False else ps.packeis_strerror(5))
        m = ps.packeis_move_slide(3, 9)
        self.assertEqual((ps.packeis_move_from(m), ps.packeis_move_to(m)), (3, 9))
        p = ps.packeis_move_placement(7)
        self.assertTrue(ps.packeis_move_is_placement(p))
        self.assertEqual(ps.packeis_move_placement(99), ps.PACKEIS_MOVE_NONE)

    def test_game(self):
        g = ps.Game(2, 5)
        self.assertEqual((g.players(), g.cell_count(), g.phase(), g.current_player()), (2, 60, 0, 0))
        self.assertFalse(g.is_over())
        self.assertEqual(g.floes(), list(range(60)))
        self.assertEqual(sum(g.fish(c) for c in range(60)), 100)
        moves = g.legal_moves()
        self.assertEqual(len(moves), g.move_count())
        g.apply(moves[0])
        self.assertEqual(g.penguin_at(ps.packeis_move_to(moves[0])), 0)
        self.assertEqual(g.penguins(0), [ps.packeis_move_to(moves[0])])
        self.assertEqual(g.ply_count(), 1)
        c = g.clone()
        g.undo()
        self.assertEqual((g.ply_count(), c.ply_count()), (0, 1))
        rng = random.Random(1)
        while not c.is_over():
            c.apply(rng.choice(c.legal_moves()))
        self.assertEqual(c.current_player(), -1)
        self.assertEqual(c.phase(), 2)
        scores = [c.score(p) for p in range(2)]
        best = max(scores)
        self.assertEqual(c.winners(), [p for p in range(2) if scores[p] == best])
        self.assertEqual(c.rank(c.winners()[0]), 1)
        c.undo_to(1)
        self.assertFalse(c.is_over())
        self.assertGreater(c.playout(3), 0)
        self.assertEqual(g.perft(1), g.move_count())

    def test_fast_paths(self):
        g = ps.Game(3, 9)
        winners, plies = g.random_games(10, 4)
        self.assertEqual(len(winners), 10)
        self.assertGreater(plies, 10 * 9)
        for k, w in enumerate(winners):
            c = g.clone()
            c.playout(4 + k)
            self.assertEqual(w, sum(1 << p for p in c.winners()))
        obs = struct.unpack("832f", g.observe())
        self.assertEqual(sum(obs[11 * 64:12 * 64]), 60.0)
        self.assertEqual(sum(obs[7 * 64:8 * 64]), 60.0)  # player 0 to act
        with self.assertRaises(ps.InvalidArgumentError):
            g.observe(8)

    def test_exceptions(self):
        self.assertTrue(issubclass(ps.IllegalMoveError, ps.PackeisError))
        with self.assertRaises(ps.InvalidArgumentError) as caught:
            ps.Game(5)
        self.assertEqual(caught.exception.status, 1)
        g = ps.Game()
        with self.assertRaises(ps.OutOfRangeError):
            g.fish(60)
        with self.assertRaises(ps.WrongPhaseError):
            g.apply(ps.packeis_move_slide(0, 1))
        with self.assertRaises(ps.NothingToUndoError):
            g.undo()
        with self.assertRaises(ps.OutOfRangeError):
            g.apply(ps.PACKEIS_MOVE_NONE)
        with self.assertRaises(ps.TooFewFloesError):
            ps.Game(2, 0, 16)
        g.playout(1)
        with self.assertRaises(ps.GameOverError) as caught:
            g.apply(ps.packeis_move_placement(0))
        self.assertEqual(caught.exception.status, 7)
        for name in ("OutOfMemoryError", "BufferTooSmallError", "IllegalMoveError",
                     "DuplicateCellError", "MixedParityError", "FishOutOfRangeError",
                     "TooManyCellsError", "NoCellsError", "CoordOutOfRangeError"):
            self.assertTrue(issubclass(getattr(ps, name), ps.PackeisError))

    def test_positions_and_hash(self):
        g = ps.Game(2, 0)
        self.assertEqual(g.hash(), 0xC25B2F27C2BB0DD3)
        g.apply(g.legal_moves()[0])
        text = g.save_position()
        self.assertTrue(text.startswith("packeis 1 std:0 "))
        loaded = ps.Game.from_position(text)
        self.assertEqual((loaded.hash(), loaded.legal_moves(), loaded.ply_count()),
                         (g.hash(), g.legal_moves(), 0))
        self.assertEqual(loaded.save_position(), text)
        with self.assertRaises(ps.MalformedTextError) as caught:
            ps.Game.from_position(text.replace("players 2", "players 7"))
        self.assertEqual((caught.exception.status, caught.exception.stop),
                         (16, text.index("2 penguins")))
        bad_score = text.replace("| 0/0 0/0 |", "| 3/0 0/0 |")
        with self.assertRaises(ps.InvalidPositionError) as caught:
            ps.Game.from_position(bad_score)
        self.assertEqual(caught.exception.stop, text.index("0/0"))
        with self.assertRaises(ps.NothingToUndoError) as caught:
            loaded.undo()
        self.assertIsNone(caught.exception.stop)

    def test_destructor(self):
        # The wrapper struct comes from PyMem_Malloc, which tracemalloc sees,
        # and the destructor frees it together with the C game.
        import tracemalloc
        tracemalloc.start()
        try:
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            games = [ps.Game(2, k) for k in range(200)]
            clones = [g.clone() for g in games]
            self.assertTrue(all(c.thisown for c in clones))
            grown = tracemalloc.get_traced_memory()[0] - before
            del games, clones
            gc.collect()
            after = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        self.assertGreater(grown, 400 * 8)
        self.assertLess(after, grown / 10)


if __name__ == "__main__":
    unittest.main()
