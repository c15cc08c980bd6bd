# SPDX-License-Identifier: MIT
"""Games behave like Python objects: str draws the board, _repr_svg_ an SVG,
pickling (and so multiprocessing) goes through the record, == compares
positions, errors name the argument and the move."""
import multiprocessing
import os
import pickle
import random
import sys
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import packeis  # noqa: E402
from packeis import Game, Move  # noqa: E402

# Two rows of four floes: a1-a4 at x = 1, 3, 5, 7 (fish 1 1 1 3), b1-b4 at
# x = 0, 2, 4, 6 (fish 1 1 2 1); cells 0-3 and 4-7.
SMALL = [(1, 0, 1), (3, 0, 1), (5, 0, 1), (7, 0, 3), (0, 1, 1), (2, 1, 1), (4, 1, 2), (6, 1, 1)]


def position_after_playouts(record):
    """For the pools: the game unpickled in the worker, played out."""
    game = pickle.loads(record)
    game.playout(7)
    return game.save_position(), game.ply_count


def small_game():
    game = Game(layout=SMALL, penguins=1)
    game.apply(Move.place(0))   # A on a1
    game.apply(Move.place(4))   # B on b1
    return game


class BoardTextTest(unittest.TestCase):
    def test_small_board_drawn_by_hand(self):
        # Row letters on the left, column numbers above the leftmost cell of
        # each column (b1 at x = 0; a1, half a floe to its right, is also in
        # column 1), two characters per half floe.
        game = small_game()
        self.assertEqual(str(game), "\n".join([
            "   1   2   3   4",
            "a    A   1   1   3",
            "b  B   1   2   1",
            "A 0 fish 0 floes, B 0 fish 0 floes",
            "movement: A to act",
        ]))
        game.apply("a1-a2")   # A leaves a1 (1 fish): the floe is gone
        self.assertEqual(str(game).splitlines()[1:], [
            "a    .   A   1   3",
            "b  B   1   2   1",
            "A 1 fish 1 floes, B 0 fish 0 floes",
            "movement: B to act",
        ])
        self.assertEqual(repr(game), "<Game 2 players, movement, ply 3, to act: 1>")

    def test_standard_board_rows_match_the_cell_names(self):
        game = Game(seed=7)
        lines = str(game).splitlines()
        self.assertEqual(lines[0], "   1   2   3   4   5   6   7   8")
        self.assertEqual([line[0] for line in lines[1:9]], list("abcdefgh"))
        for cell in range(game.cell_count):
            name = game.cell_name(cell)
            x, y = game.cell_coords(cell)
            row = lines[1 + y]
            self.assertEqual(row[0], name[0])
            self.assertEqual(row[3 + 2 * x], str(game.fish(cell)), name)
        self.assertEqual(lines[-1], "placement: A to act")

    def test_finished_game_names_the_winners(self):
        game = Game(seed=3, players=3)
        game.playout(11)
        self.assertTrue(game.is_over)
        last = str(game).splitlines()[-1]
        winners = " and ".join("ABC"[p] for p in sorted(game.winners))
        self.assertEqual(last, f"over: {winners} " + ("win" if len(game.winners) > 1 else "wins"))
        self.assertEqual(str(game).count("(out)"), 3)


class SvgTest(unittest.TestCase):
    def test_valid_svg_with_a_hexagon_per_cell_and_a_disc_per_penguin(self):
        for game in (small_game(), Game(seed=5, players=4)):
            root = ET.fromstring(game._repr_svg_())
            ns = "{http://www.w3.org/2000/svg}"
            self.assertEqual(root.tag, ns + "svg")
            self.assertEqual(len(root.findall(ns + "polygon")), game.cell_count)
            penguins = sum(len(game.penguin_cells(p)) for p in range(game.players))
            self.assertEqual(len(root.findall(ns + "circle")), penguins)
            texts = [t.text for t in root.findall(ns + "text")]
            self.assertIn(game.cell_name(0), texts)
            self.assertEqual(texts[-1], str(game).splitlines()[-1])

    def test_gone_floes_are_dashed(self):
        game = small_game()
        game.apply("a1-a2")
        root = ET.fromstring(game._repr_svg_())
        dashed = [p for p in root.iter("{http://www.w3.org/2000/svg}polygon")
                  if p.get("stroke-dasharray")]
        self.assertEqual(len(dashed), 1)


class PickleTest(unittest.TestCase):
    def check_round_trip(self, game):
        copy = pickle.loads(pickle.dumps(game))
        self.assertIsNot(copy, game)
        self.assertEqual(copy, game)
        self.assertEqual(copy.save_record(), game.save_record())
        self.assertEqual(copy.history(), game.history())
        self.assertEqual((copy.hash, copy.legal_moves()), (game.hash, game.legal_moves()))
        return copy

    def test_standard_custom_and_finished_games(self):
        standard = Game(seed=9, players=3)
        for _ in range(10):
            standard.apply(standard.legal_moves()[0])
        self.check_round_trip(standard)
        custom = Game(layout=SMALL, penguins=1, hash_seed=12345, place_any_floe=True,
                      snake_placement=True)
        custom.apply(Move.place(3))
        copy = self.check_round_trip(custom)
        self.assertFalse(copy.is_standard_board)
        self.assertEqual(copy.hash_seed, 12345)
        self.assertTrue(copy.variant(packeis.Variant.PLACE_ANY_FLOE))
        finished = Game(seed=2)
        finished.playout(4)
        copy = self.check_round_trip(finished)
        self.assertTrue(copy.is_over)
        copy.undo()  # the history came along
        self.assertFalse(copy.is_over)

    def test_loaded_position_keeps_its_start(self):
        game = Game.from_position(small_game().save_position())
        game.apply("a1-a2")
        copy = self.check_round_trip(game)
        copy.undo()
        self.assertEqual(copy.ply_count, 0)

    def test_pools_fork_and_spawn(self):
        games = []
        for seed in range(4):
            game = Game(seed=seed, players=2 + seed % 3)
            game.apply(game.legal_moves()[seed])
            games.append(game)
        expected = [position_after_playouts(pickle.dumps(g)) for g in games]
        for method in ("fork", "spawn"):
            with self.subTest(method=method):
                context = multiprocessing.get_context(method)
                with context.Pool(2) as pool:
                    # The games themselves cross to the workers (pickled).
                    records = pool.map(pickle.dumps, games)
                    self.assertEqual(pool.map(position_after_playouts, records), expected)


class EqualityTest(unittest.TestCase):
    def test_equal_positions_whatever_the_order(self):
        one, two = Game(seed=4), Game(seed=4)
        moves = one.legal_moves()
        for m in (moves[0], moves[5], moves[1]):
            one.apply(m)
        for m in (moves[1], moves[5], moves[0]):
            two.apply(m)
        self.assertEqual(one, two)
        self.assertNotEqual(one.history(), two.history())
        two.undo()
        self.assertNotEqual(one, two)
        self.assertNotEqual(Game(seed=4), Game(seed=5))
        self.assertNotEqual(Game(seed=4), Game(seed=4, hash_seed=1))
        self.assertNotEqual(Game(), "a game")
        with self.assertRaises(TypeError):
            hash(Game())
        self.assertEqual(one.clone(), one)

    def test_closed_games(self):
        game = Game()
        game.close()
        self.assertEqual(game, game)
        self.assertNotEqual(game, Game())
        self.assertNotEqual(Game(), game)


class MessageTest(unittest.TestCase):
    def test_setup_errors_name_argument_range_and_value(self):
        cases = [(dict(players=5), packeis.InvalidArgumentError, "players must be 2 to 4, got 5"),
                 (dict(penguins=70), packeis.InvalidArgumentError,
                  "penguins must be 0 to 64, got 70"),
                 (dict(players=2**40), packeis.OutOfRangeError,
                  "players must be 2 to 4, got 1099511627776"),
                 (dict(players=2.0), TypeError, "players must be an integer, not float")]
        for kwargs, cls, message in cases:
            with self.assertRaises(cls) as caught:
                Game(**kwargs)
            self.assertEqual(str(caught.exception), message)

    def test_illegal_move_names_move_and_reason(self):
        game = small_game()
        game.apply("a1-a2")
        game.apply("b1-b2")
        # a2 back to a1 crosses the gap a1 left.
        with self.assertRaises(packeis.BlockedByGapError) as caught:
            game.apply("a2-a1")
        error = caught.exception
        self.assertEqual(str(error),
                         "PACKEIS_E_BLOCKED_BY_GAP: a2-a1: a gap in the ice is in the way")
        self.assertEqual((error.move, error.notation, error.reason),
                         (Move.slide(1, 0), "a2-a1", "a gap in the ice is in the way"))
        with self.assertRaises(packeis.NotYourPenguinError) as caught:
            game.check_move(Move.slide(5, 6))
        self.assertEqual(caught.exception.notation, "b2-b3")
        with self.assertRaises(packeis.WrongPhaseError) as caught:
            game.parse_move("a3", check=True)
        self.assertEqual((caught.exception.notation, caught.exception.stop), ("a3", 0))
        self.assertEqual(game.ply_count, 4)

    def test_errors_of_cells_players_and_moves(self):
        game = Game()
        for call, message in ((lambda: game.fish(60), "cell must be 0 to 59, got 60"),
                              (lambda: game.score(3), "player must be 0 to 1, got 3"),
                              (lambda: game.apply(5000), "move must be 0 to 4095, got 5000"),
                              (lambda: game.perft(200), "depth must be 0 to 128, got 200")):
            with self.assertRaises(packeis.OutOfRangeError) as caught:
                call()
            self.assertEqual(str(caught.exception), message)


if __name__ == "__main__":
    random.seed(0)
    unittest.main()
