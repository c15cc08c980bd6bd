#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis.learn (doc/learn.md): the network's factored policy and its
weights file (sizes, refusals of bad files), the planes rebuilt from the
shards' compact words equal Game.observe, the losses by hand, and the tiny
loop: self-play -> train (one epoch, a tiny network) -> export -> load in
PyTorch and in C -> legal games; C and PyTorch agree within 1e-4 on 1,000
positions. Skipped (exit status 77) without PyTorch."""
import json
import math
import os
import shutil
import struct
import sys
import tempfile
import unittest

try:
    import torch
except ImportError:
    print("skipped: packeis.learn needs PyTorch (Debian: python3-torch)", file=sys.stderr)
    sys.exit(77)

import numpy as np

import packeis
from packeis.cluster.selfplay import selfplay
from packeis.learn import c_network
from packeis.learn.__main__ import main
from packeis.learn.data import load_positions, planes_from_bits
from packeis.learn.evaluate import match
from packeis.learn.network import (Network, WeightsError, export, load, masked_log_policy,
                                   move_logits)
from packeis.learn.player import PolicyPlayer, evaluate, inputs
from packeis.learn.train import TrainConfig, losses, split, train_positions
from packeis.players import names

HEADER = 24


def file_size(h1, h2):
    return HEADER + 4 * (h1 * 1600 + h1 + h2 * h1 + h2 + 192 * h2 + 192 + h2 + 1)


def play_positions(games, seed, moves=None):
    """Games of random moves: (Game copies at each ply before a move)."""
    rng = np.random.default_rng(seed)
    found = []
    for number in range(games):
        with packeis.Game(seed=int(rng.integers(1 << 30)), players=2 + number % 3) as game:
            while not game.is_over:
                found.append(game.clone())
                legal = game.legal_moves()
                game.apply(legal[int(rng.integers(len(legal)))])
    return found


class Network_(unittest.TestCase):
    def test_factored_logits_by_move_value(self):
        policy = torch.arange(192, dtype=torch.float32)[None] / 10
        logits = move_logits(policy)[0]
        self.assertEqual(logits.shape, (4096,))
        self.assertAlmostEqual(float(logits[3 * 64 + 10]), 0.3 + 7.4, places=5)  # FROM 3, TO 10
        self.assertAlmostEqual(float(logits[5 * 65]), 13.3, places=5)  # PLACE 5: output 133
        self.assertAlmostEqual(float(logits[63 * 64 + 0]), 6.3 + 6.4, places=5)

    def test_policy_is_a_softmax_over_the_legal_moves(self):
        policy = torch.zeros(1, 192)
        policy[0, 2], policy[0, 64 + 9] = math.log(3.0), 0.0  # FROM[2] = ln 3
        legal = torch.zeros(1, 4096, dtype=torch.bool)
        legal[0, [2 * 64 + 9, 1 * 64 + 9]] = True  # 2->9 (logit ln 3) and 1->9 (logit 0)
        probabilities = torch.exp(masked_log_policy(policy, legal))[0]
        self.assertAlmostEqual(float(probabilities[2 * 64 + 9]), 0.75, places=6)
        self.assertAlmostEqual(float(probabilities[1 * 64 + 9]), 0.25, places=6)
        self.assertEqual(float(probabilities.sum()), 1.0)

    def test_export_load_round_trip_and_size(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        torch.manual_seed(4)
        network = Network((8, 5))
        path = os.path.join(directory, "n.pkaz")
        export(network, path)
        self.assertEqual(os.path.getsize(path), file_size(8, 5))
        with open(path, "rb") as file:
            data = file.read()
        self.assertEqual(struct.unpack_from("<4s5I", data), (b"PKAZ", 1, 1600, 8, 5, 192))
        self.assertEqual(struct.unpack_from("<f", data, HEADER)[0],
                         float(network.layer1.weight[0, 0]))  # W1[0][0] first, row-major
        self.assertEqual(struct.unpack_from("<f", data, HEADER + 4)[0],
                         float(network.layer1.weight[0, 1]))
        self.assertEqual(struct.unpack_from("<f", data, len(data) - 4)[0],
                         float(network.value.bias[0]))  # bv last
        again = load(path)
        for a, b in zip(network.state_dict().values(), again.state_dict().values()):
            self.assertTrue(torch.equal(a, b))
        self.assertEqual(file_size(256, 128), 1_870_620)  # the default size: about 1.9 MB

    def test_bad_weights_files_are_refused(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        good = os.path.join(directory, "good.pkaz")
        export(Network((4, 3)), good)
        with open(good, "rb") as file:
            data = file.read()
        body = data[HEADER:]

        def header(*fields):
            return struct.pack("<4s5I", *fields)

        nan = bytearray(data)
        nan[HEADER + 8:HEADER + 12] = struct.pack("<f", float("nan"))
        cases = {
            "magic": (header(b"PKAX", 1, 1600, 4, 3, 192) + body, "magic"),
            "version": (header(b"PKAZ", 2, 1600, 4, 3, 192) + body, "version 2"),
            "input": (header(b"PKAZ", 1, 1601, 4, 3, 192) + body, "input 1601"),
            "policy": (header(b"PKAZ", 1, 1600, 4, 3, 191) + body, "policy 191"),
            "zero": (header(b"PKAZ", 1, 1600, 0, 3, 192) + body, "hidden sizes 0"),
            "huge": (header(b"PKAZ", 1, 1600, 4097, 3, 192) + body, "4097"),
            "truncated": (data[:-4], "truncated"),
            "trailing": (data + b"\0", "trailing"),
            "header": (data[:10], "header"),
            "empty": (b"", "header"),
            "nan": (bytes(nan), "non-finite"),
        }
        with_c = c_network.available()
        for name, (content, message) in cases.items():
            path = os.path.join(directory, name + ".pkaz")
            with open(path, "wb") as file:
                file.write(content)
            with self.subTest(name):
                with self.assertRaisesRegex(WeightsError, message):
                    load(path)
                if with_c:
                    with self.assertRaises(WeightsError) as caught:
                        c_network.CNetwork(path)
                    self.assertIn(path, str(caught.exception))
        if with_c:
            c_network.CNetwork(good).close()
        with self.assertRaises(FileNotFoundError):
            load(os.path.join(directory, "none.pkaz"))


class Data(unittest.TestCase):
    def test_planes_from_bits_equal_observe_as(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        selfplay(directory, 3, ["mcts:30", "mcts:30", "mcts:30"], seed=8, shard_games=3,
                 record_policy=True)
        positions = load_positions([directory])
        planes = positions.planes()
        with np.load(os.path.join(directory, "shard-00000.npz")) as shard:
            seeds, starts, actions = shard["board_seeds"], shard["game_start"], shard["actions"]
            rewards, to_act = shard["rewards"], shard["to_act"]
        for game_number, seed in enumerate(seeds):
            with packeis.Game(seed=int(seed), players=3) as game:
                for ply in range(starts[game_number], starts[game_number + 1]):
                    want = np.asarray(game.observe(player=game.current_player), np.float32)
                    self.assertTrue(np.array_equal(planes[ply], want), ply)
                    self.assertEqual(positions.value[ply], rewards[game_number, to_act[ply]])
                    game.apply(int(actions[ply]))
        sums = np.add.reduceat(positions.policy_weights, positions.policy_start[:-1])
        self.assertTrue(np.allclose(sums, 1.0))
        with self.assertRaisesRegex(ValueError, "without visits"):
            plain = os.path.join(directory, "plain")
            selfplay(plain, 1, ["mcts:5", "mcts:5"], shard_games=1)
            load_positions([plain])

    def test_the_split_is_by_game(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        selfplay(directory, 5, ["mcts:10", "mcts:10"], seed=2, shard_games=5, record_policy=True)
        positions = load_positions([directory])
        train, held = split(positions, 0.4, 7)
        self.assertEqual(len(train) + len(held), len(positions))
        self.assertEqual(len(np.unique(positions.game[held])), 2)
        self.assertFalse(set(positions.game[train]) & set(positions.game[held]))


class Losses(unittest.TestCase):
    def test_cross_entropy_and_mse_by_hand(self):
        # One position, 2 legal moves with policy 3/4 and 1/4, target
        # 1/2 each: cross-entropy -(ln 0.75 + ln 0.25) / 2; value 0 (all
        # weights 0 -> tanh 0) against a reward of 1: MSE 1.
        positions = play_positions(1, 3)
        game = positions[0]
        network = Network((2, 2))
        with torch.no_grad():
            for p in network.parameters():
                p.zero_()
        from packeis.learn.data import Positions
        legal_moves = sorted(int(m) for m in game.legal_moves())[:2]
        legal = np.zeros(4096, dtype=bool)
        legal[legal_moves] = True
        cells = [m // 65 for m in legal_moves]
        network.policy.bias.data[128 + cells[0]] = math.log(3.0)
        words = np.zeros((1, 25), dtype=np.uint64)
        from packeis.vector import mask_to_bits
        batch = Positions(words, np.ones(1, np.float32), mask_to_bits(legal[None]),
                          np.array([0, 2]), np.array(legal_moves), np.array([0.5, 0.5],
                                                                             np.float32),
                          np.ones(1, np.float32), np.zeros(1, np.float32),
                          np.zeros(1, np.int64), np.full(1, 2, np.int8),
                          np.array([[1, -1, 0, 0]], np.float32), np.zeros((1, 4), np.uint64))
        cross_entropy, mse = losses(network, batch)
        self.assertAlmostEqual(float(cross_entropy), -(math.log(0.75) + math.log(0.25)) / 2,
                               places=5)
        self.assertAlmostEqual(float(mse), 1.0, places=6)  # value 0 against the result 1
        # Half the result 1, half the search's 0: a target of 0.5.
        self.assertAlmostEqual(float(losses(network, batch, 0.5)[1]), 0.25, places=6)
        self.assertAlmostEqual(float(losses(network, batch, 1.0)[1]), 0.0, places=6)
        for position in positions:
            position.close()


class SparseLoss(unittest.TestCase):
    def test_the_loss_on_legal_logits_is_the_dense_one(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        selfplay(directory, 2, ["mcts:20", "mcts:20"], seed=4, shard_games=2, record_policy=True)
        positions = load_positions([directory])
        torch.manual_seed(3)
        network = Network((12, 6))
        with torch.no_grad():
            for p in network.parameters():
                p.mul_(20.0)  # logits far apart, some legal moves near probability 0
            policy, _ = network(torch.from_numpy(positions.planes()))
            legal = torch.from_numpy(positions.legal_mask())
            dense = masked_log_policy(policy, legal).masked_fill(~legal, 0.0)
            want = -(torch.from_numpy(positions.policy_target()) * dense).sum(dim=1).mean()
            got, _ = losses(network, positions)
        self.assertGreater(float(want), 1.0)
        self.assertAlmostEqual(float(got), float(want), places=4)


class TinyLoop(unittest.TestCase):
    """Self-play -> train -> export -> load -> play, as the commands do."""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="packeis-learn-")
        games = os.path.join(cls.directory, "games")
        cls.model = os.path.join(cls.directory, "tiny.pkaz")
        main(["selfplay", games, "--games", "6", "--player", "mcts:40", "--seed", "1",
              "--shard-games", "3"])
        main(["train", games, "--out", cls.model, "--hidden", "16,8", "--epochs", "1",
              "--batch", "64", "--seed", "2", "--checkpoint", cls.model + ".pt"])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.directory)

    def test_the_run_is_reported(self):
        with open(self.model + ".json") as file:
            summary = json.load(file)
        positions = summary["positions"]
        self.assertGreater(positions["training"], 150)
        self.assertGreater(positions["validation"], 0)
        self.assertEqual(summary["config"]["hidden"], [16, 8])
        self.assertGreater(summary["cpu_seconds"], 0)
        with open(os.path.join(self.directory, "tiny.csv")) as file:
            lines = file.read().splitlines()
        self.assertEqual(lines[0], "epoch,train_policy,train_value,validation_policy,"
                                   "validation_value,validation_result,cpu_seconds")
        self.assertEqual(len(lines), 2)
        with open(os.path.join(self.directory, "tiny.png"), "rb") as file:
            self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")
        self.assertEqual(os.path.getsize(self.model), file_size(16, 8))

    def test_training_lowers_the_loss(self):
        positions = load_positions([os.path.join(self.directory, "games")])
        config = TrainConfig(hidden=(16, 8), epochs=6, batch=32, learning_rate=3e-3,
                             validation=0.0, seed=1)
        result = train_positions(positions, config)
        first, last = result.history[0], result.history[-1]
        self.assertLess(last["train_policy"] + last["train_value"],
                        first["train_policy"] + first["train_value"])

    def test_export_from_the_checkpoint_is_the_same_file(self):
        again = os.path.join(self.directory, "again.pkaz")
        main(["export", self.model + ".pt", "--out", again])
        with open(again, "rb") as a, open(self.model, "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_pytorch_plays_a_legal_game(self):
        player = PolicyPlayer(self.model)
        result = match(player, "random", 1, seed=3)
        self.assertEqual(result.games, 2)
        with packeis.Game(seed=4, players=2) as game:
            while not game.is_over:
                move = player(game)
                self.assertIn(move, game.legal_moves())
                game.apply(move)

    def test_c_plays_a_legal_game(self):
        if "az" not in names():
            self.skipTest("the players library has no az player")
        from packeis.players import Player
        with Player.from_spec(f"az:30,weights={self.model}", 1) as az, \
                packeis.Game(seed=5, players=2) as game:
            while not game.is_over:
                report = az.choose(game)
                self.assertIn(report.move, game.legal_moves())
                self.assertTrue(report.visits)
                game.apply(report.move)

    def test_c_and_pytorch_agree_on_1000_positions(self):
        if not c_network.available():
            self.skipTest("the players library has no az network functions")
        network = load(self.model)
        with torch.no_grad():  # weights of a few hundred positions' training are small:
            for p in network.parameters():  # spread them so the test means something
                p.mul_(8.0)
        path = os.path.join(self.directory, "spread.pkaz")
        export(network, path)
        games = play_positions(40, 11)[:1000]
        self.assertEqual(len(games), 1000)
        planes = np.stack([inputs(g)[0] for g in games])
        legal = np.stack([inputs(g)[1] for g in games])
        want_policy, want_value = evaluate(network, planes, legal)
        worst = 0.0
        with c_network.CNetwork(path) as c:
            for row, game in enumerate(games):
                policy, value = c.evaluate(game)
                worst = max(worst, float(np.abs(policy - want_policy[row]).max()),
                            abs(value - float(want_value[row])))
        self.assertLess(worst, 1e-4)
        self.assertGreater(float(np.abs(want_value).max()), 0.05)  # not all zeros
        for game in games:
            game.close()


class Iterate(unittest.TestCase):
    def test_two_generations_a_table_and_a_resume(self):
        directory = tempfile.mkdtemp(prefix="packeis-iterate-")
        self.addCleanup(shutil.rmtree, directory)
        arguments = ["iterate", directory, "--generations", "2", "--games", "4",
                     "--playouts", "30", "--az-games", "2", "--az-playouts", "20",
                     "--eval-boards", "1", "--eval-playouts", "20", "--hidden", "8,4",
                     "--epochs", "1", "--seed", "5"]
        main(arguments)
        with open(os.path.join(directory, "strength.json")) as file:
            rows = json.load(file)
        self.assertEqual([row["model"] for row in rows], ["model-001.pkaz", "model-002.pkaz"])
        self.assertEqual(rows[0]["selfplay"], "mcts:30")
        self.assertNotIn("previous_score", rows[0])
        for row in rows:
            self.assertEqual(row["mcts_games"], 2)
            self.assertTrue(0 <= row["mcts_low"] <= row["mcts_score"] <= row["mcts_high"] <= 1)
        self.assertEqual(rows[1]["previous_games"], 2)
        if "az" in names():
            self.assertTrue(rows[1]["selfplay"].startswith("az:20,weights="), rows[1])
        with open(os.path.join(directory, "strength.csv")) as file:
            self.assertEqual(len(file.read().splitlines()), 3)
        with open(os.path.join(directory, "strength.png"), "rb") as file:
            self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")
        stamps = [os.path.getmtime(os.path.join(directory, f"model-00{n}.pkaz")) for n in (1, 2)]
        main(arguments)  # resumed: nothing is trained or measured again
        self.assertEqual(stamps, [os.path.getmtime(os.path.join(directory, f"model-00{n}.pkaz"))
                                  for n in (1, 2)])
        with open(os.path.join(directory, "strength.json")) as file:
            self.assertEqual(json.load(file), rows)

    def test_a_teacher_and_az_mix(self):
        """Generation 0 played by the teacher's seat, the later ones and the
        strength rows by az with the option mix."""
        directory = tempfile.mkdtemp(prefix="packeis-iterate-")
        self.addCleanup(shutil.rmtree, directory)
        main(["iterate", directory, "--generations", "2", "--games", "4", "--teacher",
              "alphabeta:50", "--az-games", "2", "--az-playouts", "20", "--az-mix", "0.5",
              "--eval-boards", "1", "--eval-playouts", "20", "--hidden", "8,4", "--epochs", "1",
              "--seed", "6"])
        with open(os.path.join(directory, "strength.json")) as file:
            rows = json.load(file)
        self.assertEqual(rows[0]["selfplay"], "alphabeta:50")
        if "az" in names():
            for spec in (rows[1]["selfplay"], rows[1]["player"], rows[1]["vs_previous"]):
                self.assertTrue(spec.startswith("az:20,weights=") and ",mix=0.5" in spec, spec)
            # AlphaZero's root noise in self-play (--az-noise, 0.25), not in the matches
            self.assertTrue(rows[1]["selfplay"].endswith(",mix=0.5,noise=0.25"), rows[1])
            self.assertTrue(rows[1]["player"].endswith(",mix=0.5"), rows[1])


class Plot(unittest.TestCase):
    def test_a_table_drawn_and_bad_tables_refused(self):
        directory = tempfile.mkdtemp(prefix="packeis-plot-")
        self.addCleanup(shutil.rmtree, directory)
        table = os.path.join(directory, "strength.json")
        rows = [{"model": "a", "mcts_score": 0.2, "mcts_low": 0.1, "mcts_high": 0.3},
                {"model": "b", "mcts_score": 0.8, "mcts_low": 0.76, "mcts_high": 0.84,
                 "previous_score": 0.75, "previous_low": 0.71, "previous_high": 0.8}]
        with open(table, "w") as file:
            json.dump(rows, file)
        out = os.path.join(directory, "strength.png")
        main(["plot", table, "--out", out])
        with open(out, "rb") as file:
            self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")
        with open(table, "w") as file:
            json.dump({"model": "a"}, file)
        with self.assertRaisesRegex(ValueError, "not a strength table"):
            main(["plot", table, "--out", out])
        with open(table, "w") as file:
            json.dump([], file)
        with self.assertRaisesRegex(ValueError, "no rows"):
            main(["plot", table, "--out", out])


if __name__ == "__main__":
    unittest.main()
