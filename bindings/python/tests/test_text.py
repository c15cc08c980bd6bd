# SPDX-License-Identifier: MIT
"""The text formats and the hash through Python: cell names, move notation,
positions, records, layout pictures, and the errors with their offsets."""
import gc
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import packeis  # noqa: E402
from packeis import Game, Move, _ffi  # noqa: E402
from test_packeis import SMALL, CountingAllocator  # noqa: E402

# The standard board shuffled with seed 0, as doc/formats.md draws it.
STANDARD_0 = (" 1 2 1 3 2 1 1\n2 1 2 1 1 1 1 1\n 2 3 2 1 1 2 3\n3 1 1 2 1 3 1 2\n"
              " 1 2 2 1 1 2 3\n2 2 3 2 1 2 1 1\n 2 1 3 2 1 2 1\n2 1 1 1 3 1 1 3\n")
FIVE = ("packeis 1 custom:0,0,1;2,0,2;4,0,1;1,1,3;3,1,1 players 2 penguins 1 variants - "
        "| A2B31 | 0/0 0/0 | out - | movement 0")


def games(rng):
    """Games of every setup: players, variants, custom boards, hash seeds."""
    yield Game(seed=rng.randrange(1000), players=2)
    yield Game(seed=rng.randrange(1000), players=3, snake_placement=True)
    yield Game(seed=rng.randrange(1000), players=4, place_any_floe=True, hash_seed=99)
    yield Game(layout=SMALL, penguins=1)
    yield Game.from_picture("1 2 3\n 1 2 3\n3 . 1\n", penguins=2, place_any_floe=True)


def positions(rng):
    """Each game of :func:`games` at a few points of a random game."""
    for game in games(rng):
        while True:
            yield game
            if game.is_over:
                break
            for _ in range(rng.randrange(1, 9)):
                if not game.is_over:
                    game.apply(rng.choice(game.legal_moves()))


def same_play(test, a, b):
    """``a`` and ``b`` play on alike: hash, moves, standings, phase, turn."""
    test.assertEqual(a.hash, b.hash)
    test.assertEqual(a.legal_moves(), b.legal_moves())
    test.assertEqual(a.standings(), b.standings())
    test.assertEqual((a.phase, a.current_player), (b.phase, b.current_player))


class HashTest(unittest.TestCase):
    def test_documented_values(self):
        g = Game()
        self.assertEqual(g.hash, 0xC25B2F27C2BB0DD3)
        g.apply("a1")
        g.apply("a3")
        self.assertEqual(g.hash, 0x53DCF5454099B514)
        g.undo_to(0)
        self.assertEqual(g.hash, 0xC25B2F27C2BB0DD3)

    def test_transposition_and_seed(self):
        a, b = Game(seed=4), Game(seed=4)
        cells = [m.to for m in a.legal_moves()[:4]]
        for c in cells:
            a.apply(Move.place(c))
        for c in (cells[2], cells[1], cells[0], cells[3]):
            b.apply(Move.place(c))
        self.assertEqual(a.hash, b.hash)
        self.assertEqual(Game(hash_seed=packeis.DEFAULT_HASH_SEED).hash, Game().hash)
        self.assertNotEqual(Game(hash_seed=1).hash, Game().hash)
        self.assertEqual(Game(hash_seed=-1).hash, Game(hash_seed=2**64 - 1).hash)


class NotationTest(unittest.TestCase):
    def test_cell_names(self):
        g = Game()
        self.assertEqual([g.cell_name(c) for c in (0, 6, 7, 29, 59)],
                         ["a1", "a7", "b1", "d8", "h8"])
        for c in range(60):
            self.assertEqual(g.parse_cell(g.cell_name(c)), c)
        custom = Game(layout=[(-3, -3, 1), (-4, -2, 1), (-2, -2, 1)], penguins=1)
        self.assertEqual([custom.cell_name(c) for c in range(3)], ["a1", "b1", "b2"])
        with self.assertRaises(packeis.OutOfRangeError) as caught:
            g.cell_name(60)
        self.assertIsNone(caught.exception.stop)

    def test_cell_errors_stop(self):
        g = Game()
        for text, stop in (("", 0), ("A1", 0), ("a", 1), ("a0", 1), ("a8", 0), ("i1", 0),
                           ("a1x", 2), ("a1-b1", 2), ("é1", 0), ("a1é", 2)):
            with self.assertRaises(packeis.MalformedTextError, msg=text) as caught:
                g.parse_cell(text)
            self.assertEqual(caught.exception.stop, stop, text)
            self.assertEqual(caught.exception.status, _ffi.PACKEIS_E_MALFORMED_TEXT)
            self.assertIn(f"at offset {stop}", str(caught.exception))
            self.assertIsInstance(caught.exception, ValueError)

    def test_moves_round_trip(self):
        rng = random.Random(5)
        for g in positions(rng):
            names = g.move_names()
            self.assertEqual(names, [g.format_move(m) for m in g.legal_moves()])
            for move, name in zip(g.legal_moves(), names):
                self.assertEqual(g.parse_move(name, check=True), move)
                self.assertEqual(g.format_move(int(move)), name)
                self.assertEqual("-" in name, not move.is_placement)

    def test_parse_move_errors(self):
        g = Game()
        self.assertEqual(g.parse_move("a1-b2"), Move.slide(0, 8))
        self.assertEqual(g.format_move(Move.slide(0, 8)), "a1-b2")
        self.assertEqual(str(g.parse_move("c4")), "place 18")  # str stays context-free
        for text, stop in (("a1-", 3), ("a1 ", 2), ("-a1", 0), ("a1-b9", 3)):
            with self.assertRaises(packeis.MalformedTextError, msg=text) as caught:
                g.parse_move(text)
            self.assertEqual(caught.exception.stop, stop, text)
        with self.assertRaises(packeis.WrongPhaseError) as caught:
            g.parse_move("a1-b2", check=True)
        self.assertEqual(caught.exception.stop, 0)
        with self.assertRaises(packeis.NotOneFishError):
            g.parse_move("a2", check=True)  # a two-fish floe
        with self.assertRaises(packeis.OutOfRangeError):
            g.format_move(Move.place(60))

    def test_apply_takes_both_notations(self):
        g = Game()
        g.apply("a1")
        g.apply("place 2")
        self.assertEqual(g.history(), [Move.place(0), Move.place(2)])
        self.assertTrue(g.is_legal("a6"))
        self.assertFalse(g.is_legal("a1-b2"))
        with self.assertRaises(packeis.MalformedTextError) as caught:
            g.apply("a1-a")  # "a" is a row with no column number
        self.assertEqual(caught.exception.stop, 4)
        g.check_move("a6")


class PositionTest(unittest.TestCase):
    def test_round_trip(self):
        rng = random.Random(1)
        for g in positions(rng):
            text = g.save_position()
            self.assertNotIn("\n", text)
            loaded = Game.from_position(text)
            same_play(self, loaded, g)
            self.assertEqual(loaded.save_position(), text)
            self.assertEqual(loaded.history(), [])
            self.assertEqual(Game.from_position(text + "\n").hash, g.hash)

    def test_documented_example(self):
        g = Game.from_position(FIVE)
        self.assertEqual((g.phase, g.current_player, g.cell_count), (packeis.Phase.MOVEMENT, 0, 5))
        self.assertEqual(g.save_position(), FIVE)
        self.assertIsNone(g.board_seed)

    def test_errors_stop(self):
        cases = (
            (FIVE.replace("players 2", "players 7"), packeis.MalformedTextError, FIVE.index("2 pen")),
            (FIVE.replace("movement 0", "movement  0"), packeis.MalformedTextError, len(FIVE) - 1),
            (FIVE + " ", packeis.MalformedTextError, len(FIVE)),
            (FIVE.replace("0/0 0/0", "9/0 0/0"), packeis.InvalidPositionError, FIVE.index("0/0")),
            (FIVE.replace("1,1,3", "1,1,4"), packeis.FishOutOfRangeError, None),
            ("", packeis.MalformedTextError, 0),
        )
        for text, error, stop in cases:
            with self.assertRaises(error, msg=text) as caught:
                Game.from_position(text)
            if stop is not None:
                self.assertEqual(caught.exception.stop, stop, text)
            self.assertIsNotNone(caught.exception.stop)

    def test_allocator(self):
        allocator = CountingAllocator()
        g = Game.from_position(FIVE, allocator=allocator.allocator)
        self.assertGreater(allocator.live, 0)
        clone = g.clone()
        with self.assertRaises(packeis.MalformedTextError):
            Game.from_position("x", allocator=allocator.allocator)
        del g, clone
        gc.collect()
        self.assertEqual(allocator.live, 0)


class RecordTest(unittest.TestCase):
    def test_round_trip(self):
        rng = random.Random(2)
        for g in positions(rng):
            record = g.save_record()
            loaded = Game.from_record(record)
            same_play(self, loaded, g)
            self.assertEqual(loaded.history(), g.history())
            self.assertEqual(loaded.save_record(), record)
        loaded.undo_to(0)  # the replayed actions can be taken back
        self.assertEqual(loaded.ply_count, 0)

    def test_long_record(self):
        g = Game(seed=3, players=4)
        g.playout(1)
        record = g.save_record()
        self.assertGreater(len(record), 512)
        self.assertEqual(Game.from_record(record).standings(), g.standings())

    def test_errors_stop(self):
        g = Game()
        g.apply("a1")
        g.apply("a3")
        record = g.save_record()
        illegal = record.replace("2. a3", "2. a1")
        with self.assertRaises(packeis.OccupiedError) as caught:
            Game.from_record(illegal)
        self.assertIsInstance(caught.exception, packeis.IllegalMoveError)
        self.assertEqual(caught.exception.stop, illegal.index("2. a1") + 3)
        with self.assertRaises(packeis.MalformedTextError) as caught:
            Game.from_record(record.replace("A 0 fish", "A 5 fish"))
        self.assertEqual(caught.exception.stop, record.index("A 0 fish") + 2)
        with self.assertRaises(packeis.MalformedTextError) as caught:
            Game.from_record(record.replace("2. a3", "2. a9"))
        self.assertEqual(caught.exception.stop, record.index("2. a3") + 3)  # a name of no cell


class PictureTest(unittest.TestCase):
    def test_standard_board(self):
        g = Game()
        self.assertEqual(g.layout_picture(), STANDARD_0)
        g.playout(0)
        self.assertEqual(g.layout_picture(current=True), "\n" * 8)
        self.assertEqual(g.layout_picture(), STANDARD_0)

    def test_from_picture(self):
        g = Game(seed=9)
        copy = Game(layout_picture=g.layout_picture(), players=2)
        self.assertIsNone(copy.board_seed)
        self.assertEqual(copy.cell_count, 60)
        self.assertEqual([copy.fish(c) for c in range(60)], [g.fish(c) for c in range(60)])
        self.assertEqual(copy.move_names(), g.move_names())
        small = Game.from_picture("# a comment\r\n 1 . 3\r\n1 2\n", penguins=1)
        self.assertEqual(small.layout_picture(), " 1 . 3\n1 2\n")
        self.assertEqual(small.cell_coords(0), (1, 0))

    def test_errors_stop(self):
        cases = (
            ("1 2\n 5", packeis.FishOutOfRangeError, 5),
            ("1 2\n\t1", packeis.MalformedTextError, 4),
            ("1 1\n1", packeis.MixedParityError, 4),
            ("\n . \n", packeis.NoCellsError, 5),
            ("1 1", packeis.TooFewFloesError, None),
        )
        for text, error, stop in cases:
            with self.assertRaises(error, msg=repr(text)) as caught:
                Game(layout_picture=text)
            self.assertEqual(caught.exception.stop, stop, repr(text))
        with self.assertRaises(packeis.InvalidArgumentError):
            Game(layout=SMALL, layout_picture="1")


class ExceptionTest(unittest.TestCase):
    def test_new_codes(self):
        self.assertIs(packeis.ERRORS[22], packeis.MalformedTextError)
        self.assertIs(packeis.ERRORS[23], packeis.InvalidPositionError)
        for cls in (packeis.MalformedTextError, packeis.InvalidPositionError):
            self.assertTrue(issubclass(cls, ValueError))
            with self.assertRaises(cls) as caught:
                packeis.check(cls.status)
            self.assertIsNone(caught.exception.stop)


if __name__ == "__main__":
    unittest.main()
