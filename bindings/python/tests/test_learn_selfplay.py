#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-play data for learning (packeis.cluster.selfplay with
record_policy=True, doc/learn.md): each ply's visits are those of the
seat's search, over legal moves, the move played among them; the shard is
verified with its policy arrays (a missing or torn one is corrupt),
resumable, and the same bytes for the same job; seats that do not search
in process are refused. Needs numpy and the players library, not torch."""
import os
import shutil
import tempfile
import unittest

import numpy as np

import packeis
from packeis.cluster._shards import CorruptShardError, verify_shard, write_shard
from packeis.cluster.selfplay import selfplay, verify
from packeis.players import MCTS
from packeis.vector import bits_to_mask

SEATS = ["mcts:60", "mcts:60"]


class RecordPolicy(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="packeis-learn-selfplay-")
        self.addCleanup(shutil.rmtree, self.directory)

    def play(self, **kwargs):
        arguments = dict(seed=3, shard_games=2, record_policy=True)
        arguments.update(kwargs)
        return selfplay(self.directory, 4, kwargs.pop("players", SEATS), **arguments)

    def shard(self, index=0):
        with np.load(os.path.join(self.directory, f"shard-{index:05d}.npz")) as shard:
            return {name: shard[name] for name in shard.files}

    def test_the_visits_are_the_searchs_over_legal_moves(self):
        done = self.play()
        self.assertEqual(verify(self.directory).problems, [])
        self.assertTrue(done.manifest["record_policy"])
        shard = self.shard()
        starts, moves, visits = shard["policy_start"], shard["policy_moves"], shard["policy_visits"]
        plies = len(shard["actions"])
        self.assertEqual(starts.shape, (plies + 1,))
        legal = bits_to_mask(shard["legal"])
        for ply in range(plies):
            here = moves[starts[ply]:starts[ply + 1]]
            self.assertTrue(np.all(np.diff(here.astype(int)) > 0), ply)  # increasing, no repeat
            self.assertTrue(legal[ply, here].all(), ply)
            self.assertIn(shard["actions"][ply], here, ply)
            self.assertTrue(np.all(visits[starts[ply]:starts[ply + 1]] > 0), ply)
        # The first ply: a placement, on any of the 30 one-fish floes of the
        # standard board; 60 playouts try every one at least once.
        first = moves[starts[0]:starts[1]]
        self.assertEqual(first.tolist(), np.flatnonzero(legal[0]).tolist())
        self.assertEqual(len(first), 30)
        self.assertTrue(all(m % 65 == 0 for m in first.tolist()))
        self.assertGreaterEqual(int(visits[starts[0]:starts[1]].sum()), 60)

    def test_the_value_is_the_searchs_for_the_player_to_act(self):
        self.play()
        shard = self.shard()
        value = shard["policy_value"]
        self.assertEqual((value.dtype, value.shape), (np.float32, shard["actions"].shape))
        # mcts reports a win estimate whenever its move had playouts: every ply.
        self.assertTrue(np.all((value >= -1) & (value <= 1)), value)
        # The search's value and the game's result of the player to act
        # agree in sign far more often than not (a value of the wrong
        # player would disagree as often): the mean of their product.
        plies = np.diff(shard["game_start"])
        result = shard["rewards"][np.repeat(np.arange(len(plies)), plies), shard["to_act"]]
        self.assertGreater(float(np.mean(value * result)), 0.2)

    def test_search_value_is_on_the_rewards_scale(self):
        from packeis.cluster.selfplay import _search_value

        class Report:
            def __init__(self, score):
                self.score = score

        self.assertEqual(_search_value("mcts", Report(0.75)), 0.5)
        self.assertEqual(_search_value("az", Report(0.0)), -1.0)
        self.assertEqual(_search_value("montecarlo", Report(1.0)), 1.0)
        self.assertTrue(np.isnan(_search_value("mcts", Report(None))))
        self.assertTrue(np.isnan(_search_value("alphabeta", Report(0.75))))  # a fish margin

    def test_value_target_mixes_result_and_search(self):
        from packeis.learn.data import Positions
        rows = 3
        positions = Positions(np.zeros((rows, 25), np.uint64), np.ones(rows, np.float32),
                              np.zeros((rows, 64), np.uint64), np.arange(rows + 1),
                              np.zeros(rows, np.int64), np.ones(rows, np.float32),
                              np.array([1, -1, 1], np.float32),
                              np.array([0.5, np.nan, -0.5], np.float32), np.arange(rows),
                              np.full(rows, 2, np.int8), np.zeros((rows, 4), np.float32),
                              np.zeros((rows, 4), np.uint64))
        self.assertEqual(positions.value_target(0.0).tolist(), [1, -1, 1])
        self.assertEqual(positions.value_target(1.0).tolist(), [0.5, -1, -0.5])
        self.assertEqual(positions.value_target(0.5).tolist(), [0.75, -1, 0.25])
        self.assertEqual(positions.take(np.array([2, 1])).value_target(1.0).tolist(), [-0.5, -1])
        for mix in (-0.1, 1.5):
            with self.assertRaisesRegex(ValueError, "value mix"):
                positions.value_target(mix)

    def test_rerun_skips_and_bytes_are_the_same(self):
        self.play()
        with open(os.path.join(self.directory, "shard-00001.npz"), "rb") as file:
            before = file.read()
        os.unlink(os.path.join(self.directory, "shard-00001.npz"))
        again = self.play()
        self.assertEqual((again.played, again.skipped), ([1], [0]))
        with open(os.path.join(self.directory, "shard-00001.npz"), "rb") as file:
            self.assertEqual(file.read(), before)

    def test_a_shard_without_its_policy_arrays_is_corrupt(self):
        self.play()
        path = os.path.join(self.directory, "shard-00000.npz")
        arrays = self.shard()
        for name, damage in (("policy_start", None), ("policy_visits", None),
                             ("policy_value", None),
                             ("policy_value", arrays["policy_value"][:-1]),
                             ("policy_moves", arrays["policy_moves"][:-1])):
            broken = dict(arrays)
            if damage is None:
                del broken[name]
            else:
                broken[name] = damage
            write_shard(path, broken, True)
            with self.assertRaisesRegex(CorruptShardError, name):
                verify_shard(path)
        flat = arrays["policy_start"].copy()
        flat[2] = flat[1]  # ply 1 with no move
        broken = dict(arrays, policy_start=flat)
        write_shard(path, broken, True)
        with self.assertRaisesRegex(CorruptShardError, "policy_start does not rise"):
            verify_shard(path)
        again = self.play()  # the bad shard moved aside and played again
        self.assertIn(0, again.replaced)
        self.assertEqual(verify(self.directory).problems, [])

    def test_visits_no_search_gives_are_refused(self):
        # Well formed (every dtype and shape right), but not a search's:
        # a move never visited, a value beyond a reward, a move not legal.
        self.play()
        path = os.path.join(self.directory, "shard-00001.npz")
        arrays = self.shard(1)
        for name, at, value, says in (("policy_visits", 0, 0, "never visited"),
                                      ("policy_value", 0, 3.0, "outside -1 ... 1"),
                                      ("policy_moves", 0, 4000, "in order"),
                                      ("policy_moves", -1, 4000, "not legal")):
            with self.subTest(name=name, says=says):
                broken = dict(arrays, **{name: arrays[name].copy()})
                broken[name][at] = value
                write_shard(path, broken, True)
                problems = verify(self.directory).problems
                self.assertEqual(len(problems), 1, problems)
                self.assertIn(says, problems[0])
        # A wider dtype: as uint64, 2**64 - 4096 + m passed for move m.
        wide = (arrays["policy_moves"].astype(np.uint64) - np.uint64(4096))
        write_shard(path, dict(arrays, policy_moves=wide), True)
        with self.assertRaisesRegex(CorruptShardError, "policy_moves is <u8"):
            verify_shard(path)
        again = self.play()
        self.assertEqual(list(again.replaced), [1])
        self.assertEqual(verify(self.directory).problems, [])

    def test_a_job_without_record_policy_is_unchanged(self):
        done = selfplay(self.directory, 2, SEATS, seed=3, shard_games=2)
        self.assertNotIn("record_policy", done.manifest)
        self.assertNotIn("policy_start", self.shard())

    def test_seats_that_do_not_search_here_are_refused(self):
        for players, message in ((["python:random", "mcts:10"], "python:random"),
                                 ([min, "mcts:10"], "not a search player"),
                                 (["engine:cat", "mcts:10"], "engine:cat"),
                                 ("vector", "vector")):
            with self.subTest(players=players):
                with self.assertRaisesRegex(ValueError, message):
                    selfplay(self.directory, 2, players, record_policy=True)
        with self.assertRaisesRegex(ValueError, "give no engine"):
            selfplay(self.directory, 2, SEATS, record_policy=True, engine="packeis-engine")
        self.assertFalse(os.path.exists(os.path.join(self.directory, "manifest.json")))

    def test_player_objects_are_seats(self):
        with MCTS(playouts=40, seed=2) as first, MCTS(playouts=40, seed=5) as second:
            done = selfplay(self.directory, 2, [first, second], seed=1, shard_games=2,
                            record_policy=True)
        self.assertEqual(verify(self.directory).problems, [])
        shard = self.shard()
        self.assertEqual(int(shard["policy_start"][-1]), len(shard["policy_moves"]))
        self.assertGreater(done.manifest["plies"], 40)


if __name__ == "__main__":
    unittest.main()
