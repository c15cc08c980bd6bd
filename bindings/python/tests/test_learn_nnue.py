#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""packeis.learn's version 2 network (doc/formats.md, "Version 2: the
incremental, quantized network"): its features worked out by hand on a
small board and checked against Game.observe and the library's slides on
random positions and on shards; its file written, read back and refused
when malformed; the integer network by hand and against the float one
within a bound worked out from the weights; a tiny training run by the
commands; and, where the players library has
packeis_player_az_evaluate_players, C against the numpy integer network
(within 1e-5) on 1,000 positions of random and searched games. Skipped
(exit status 77) without PyTorch."""
import contextlib
import io
import json
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
from packeis.learn import c_network, features, models, nnue
from packeis.learn.__main__ import main
from packeis.learn.data import Positions, load_positions
from packeis.learn.network import Network, WeightsError
from packeis.learn.player import PolicyPlayer
from packeis.learn.train import TrainConfig, losses, train_positions
from packeis.players import Player

# A board of 7 floes (fish 1 2 3 1 over 2 1 3), cells numbered in reading
# order: 0-3 on the top row at x = 0, 2, 4, 6; 4-6 below at x = 1, 3, 5.
SMALL_BOARD = "1 2 3 1\n 2 1 3\n"


def file_size(features_count, h1, h2):
    """The size doc/formats.md gives for a version 2 file."""
    return 32 + 2 * (features_count + 1) * h1 + h2 * (h1 + 16) + 4 * h2 + 196 * h2 + 4 * 196


def random_games(games, seed):
    """Copies of the positions of random games of 2, 3 and 4 players."""
    rng = np.random.default_rng(seed)
    found = []
    for number in range(games):
        with packeis.Game(seed=int(rng.integers(1 << 30)), players=2 + number % 3) as game:
            while not game.is_over:
                found.append(game.clone())
                legal = game.legal_moves()
                game.apply(legal[int(rng.integers(len(legal)))])
    return found


def searched_games(games, seed):
    """Copies of the positions of games of mcts:20 against itself."""
    found = []
    for number in range(games):
        with packeis.Game(seed=seed + number, players=2 + number % 3) as game, \
                Player.from_spec("mcts:20", seed + number) as player:
            while not game.is_over:
                found.append(game.clone())
                game.apply(player.choose(game).move)
    return found


def close_all(games):
    for game in games:
        game.close()


def spread(network, seed):
    """Random weights within the file's ranges, large enough that the
    hidden units are neither all off nor all saturated and the outputs
    spread (PyTorch's initial weights give logits and values near 0)."""
    torch.manual_seed(seed)
    with torch.no_grad():
        network.w1.uniform_(-0.1, 0.1)
        network.b1.uniform_(-0.1, 0.3)
        network.layer2.weight.uniform_(-0.3, 0.3)
        network.layer2.bias.uniform_(-0.2, 0.2)
        for layer in (network.policy, network.value):
            layer.weight.uniform_(-1.5, 1.5)
            layer.bias.uniform_(-0.5, 0.5)
    return network


def relative_player(game, j):
    return (game.current_player + j) % game.players


def cells_of(bits):
    return [int(c) for c in np.flatnonzero(bits)]


class Features(unittest.TestCase):
    def test_a_small_board_by_hand(self):
        with packeis.Game.from_picture(SMALL_BOARD, players=2, penguins=1) as game:
            game.apply(0 * 65)  # player 0 places on cell 0 (1 fish)
            game.apply(5 * 65)  # player 1 on cell 5 (1 fish, x = 3 on the second row)
            bits, dense = features.game_inputs(game, reach=True)
            # FLOE: 1 fish on 0, 3, 5; 2 on 1, 4 (64 +); 3 on 2, 6 (128 +).
            # PENGUIN: player 0 (relative 0) on 0: 192; player 1 (1) on 5: 261.
            # REACH of 0 from cell 0: east 1, 2, 3 (then off the board),
            # south-east 4; of 1 from cell 5: east 6, west 4, north-east 2,
            # north-west 1: 448 + {1, 2, 3, 4}, 512 + {1, 2, 4, 6}.
            self.assertEqual(cells_of(bits), [0, 3, 5, 65, 68, 130, 134, 192, 261,
                                              449, 450, 451, 452, 513, 514, 516, 518])
            # Nobody has fish or is out; placing (now over: movement) no;
            # a game of 2: d[9].
            self.assertEqual(list(dense), [0] * 9 + [127] + [0] * 6)
            game.apply(0 * 64 + 2)  # player 0 slides 0 -> 2, over 1, and takes 1 fish
            bits, dense = features.game_inputs(game, reach=True)
            # Player 1 to act: relative 0 is player 1 (on 5), 1 is player 0
            # (on 2). Floe 0 is gone. REACH of player 1 from 5: east 6, west
            # 4, north-west 1 (north-east is 2, a penguin); of player 0 from
            # 2: east 3, west 1 (then 0, gone), south-east 6 (south-west is
            # 5, a penguin).
            self.assertEqual(cells_of(bits), [3, 5, 65, 68, 130, 134, 197, 258,
                                              449, 452, 454, 513, 515, 518])
            # d[1]: player 0's 1 fish of T = 13: (127 + 6) / 13 = 10.
            self.assertEqual(list(dense), [0, 10] + [0] * 7 + [127] + [0] * 6)
            self.assertEqual(features.layout_fish(game), 13)

    def test_placing_and_a_player_out_by_hand(self):
        with packeis.Game.from_picture(SMALL_BOARD, players=3, penguins=1) as game:
            self.assertEqual(list(features.game_inputs(game, False).dense),
                             [0] * 8 + [127, 0, 127] + [0] * 5)  # placing, 3 players
        with packeis.Game.from_picture(SMALL_BOARD, players=2, penguins=1) as game:
            # Player 0 places on 0, player 1 on 3; 0 -> 1 (1 fish), 3 -> 2
            # (1), 1 -> 4 (2), 2 -> 5 (3): player 0's penguin on 4 is stuck
            # (5 holds a penguin, 0 and 1 are gone) and leaves with 4's 2
            # fish: player 0 has 5 fish and is out, player 1 has 4.
            for move in (0 * 65, 3 * 65, 0 * 64 + 1, 3 * 64 + 2, 1 * 64 + 4, 2 * 64 + 5):
                game.apply(move)
            self.assertEqual((game.current_player, game.is_out(0)), (1, True))
            bits, dense = features.game_inputs(game, True)
            # Floes 5 (1 fish) and 6 (3); player 1 (relative 0) on 5,
            # reaching 6 (east) only.
            self.assertEqual(cells_of(bits), [5, 128 + 6, 192 + 5, 448 + 6])
            # d[0] = (127 * 4 + 6) / 13 = 39, d[1] = (127 * 5 + 6) / 13 = 49;
            # relative 1 (player 0) out.
            self.assertEqual(list(dense), [39, 49, 0, 0, 0, 127, 0, 0, 0, 127] + [0] * 6)

    def test_random_positions_against_observe_and_the_slides(self):
        """FLOE and PENGUIN are the planes of Game.observe(player=to act);
        REACH the union of packeis_game_destinations over each player's
        penguins; d the fractions of the planes times T, rounded as the doc
        says, and the out and placement planes."""
        games = random_games(30, 5)
        self.addCleanup(close_all, games)
        self.assertTrue(any(game.is_out(q) for game in games for q in range(game.players)))
        geometry = features.Geometry(games[0])
        for number, game in enumerate(games):
            bits, dense = features.game_inputs(game, True, geometry)
            planes = np.asarray(game.observe(player=game.current_player)).reshape(25, 64)
            with self.subTest(position=number):
                self.assertTrue(np.array_equal(bits[:448], planes[:7].reshape(-1) != 0))
                for j in range(4):
                    want = 0
                    if j < game.players:
                        for cell in game.penguin_cells(relative_player(game, j)):
                            want |= game.destination_set(cell)
                    got = bits[448 + 64 * j:512 + 64 * j]
                    self.assertEqual(cells_of(got), [c for c in range(64) if want >> c & 1])
                total = features.layout_fish(game)
                fish = np.rint(planes[13:17, 0].astype(np.float64) * total).astype(int)
                self.assertEqual(list(dense[:4]), list((127 * fish + total // 2) // total))
                self.assertEqual(list(dense[4:8]), list(127 * (planes[21:25, 0] != 0)))
                self.assertEqual(dense[8], 127 * (planes[12, 0] != 0))
                self.assertEqual(list(dense[9:]), [127 * (game.players == n) for n in (2, 3, 4)]
                                 + [0] * 4)

    def test_shards_against_their_games(self):
        """The positions loaded from shards of 3-player games: their
        features and dense inputs are those of the replayed games, and
        their value targets every player's reward, relative to the player
        to act."""
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        selfplay(directory, 2, ["mcts:20"] * 3, seed=8, shard_games=2, record_policy=True)
        positions = load_positions([directory])
        bits, dense = positions.features(True), positions.dense()
        with np.load(os.path.join(directory, "shard-00000.npz")) as shard:
            seeds, starts, actions = shard["board_seeds"], shard["game_start"], shard["actions"]
            rewards = shard["rewards"]
        for number, seed in enumerate(seeds):
            with packeis.Game(seed=int(seed), players=3) as game:
                for ply in range(starts[number], starts[number + 1]):
                    want = features.game_inputs(game, True)
                    self.assertTrue(np.array_equal(bits[ply], want.bits), ply)
                    self.assertTrue(np.array_equal(dense[ply], want.dense), ply)
                    self.assertEqual(positions.players[ply], 3)
                    self.assertEqual(list(positions.rewards[ply]),
                                     [rewards[number, relative_player(game, j)]
                                      for j in range(3)] + [0.0])
                    game.apply(int(actions[ply]))

    def test_the_reach_of_a_batch_is_fast(self):
        """1,000,000 positions' REACH in numpy: about 3.5 s of one core
        here; a tenth of that must take under 3 s (a slow machine's
        margin)."""
        games = random_games(20, 2)
        self.addCleanup(close_all, games)
        words = np.stack([features.game_words(game) for game in games])
        many = np.resize(words, (100_000, 25))
        started = os.times()
        features.reach_words(many, features.Geometry(games[0]))
        spent = os.times()
        self.assertLess(spent.user - started.user, 3.0)


class File(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.directory)

    def path(self, name):
        return os.path.join(self.directory, name)

    def test_quantized_by_hand(self):
        network = nnue.NnueNetwork((32, 32))
        with torch.no_grad():
            for parameter in network.parameters():
                parameter.zero_()
            network.w1[3, 0] = 0.1       # round(12.7) = 13
            network.b1[1] = -0.3         # round(-38.1) = -38
            network.layer2.weight[0, 0] = 1.0  # 64
            network.layer2.bias[0] = 0.25      # round(2032) = 2032
            network.policy.weight[5, 1] = -0.5  # -32
            network.policy.bias[191] = -0.5     # -4064
            network.value.bias[3] = 0.01        # round(81.28) = 81
        export = self.path("n.pkaz")
        nnue.export(network, export)
        with open(export, "rb") as file:
            data = file.read()
        self.assertEqual(len(data), file_size(448, 32, 32))
        self.assertEqual(struct.unpack_from("<4s7I", data),
                         (b"PKAZ", 2, 1, 32, 32, 16, 192, 4))
        w1 = 32
        self.assertEqual(struct.unpack_from("<h", data, w1 + 2 * (3 * 32 + 0))[0], 13)
        b1 = w1 + 2 * 448 * 32
        self.assertEqual(struct.unpack_from("<h", data, b1 + 2 * 1)[0], -38)
        w2 = b1 + 2 * 32
        self.assertEqual(struct.unpack_from("<b", data, w2)[0], 64)
        b2 = w2 + 32 * 48
        self.assertEqual(struct.unpack_from("<i", data, b2)[0], 2032)
        wp = b2 + 4 * 32
        self.assertEqual(struct.unpack_from("<b", data, wp + 5 * 32 + 1)[0], -32)
        bp = wp + 192 * 32
        self.assertEqual(struct.unpack_from("<i", data, bp + 4 * 191)[0], -4064)
        self.assertEqual(struct.unpack_from("<i", data, len(data) - 4)[0], 81)  # bv[3], last
        read = nnue.read(export)
        self.assertEqual((read.feature_set, read.hidden), (1, (32, 32)))
        self.assertEqual((int(read.w1[3, 0]), int(read.bv[3])), (13, 81))
        again = nnue.load(export)  # the file's float network: the integers / their scales
        self.assertAlmostEqual(float(again.w1[3, 0]), 13 / 127, places=7)
        self.assertAlmostEqual(float(again.value.bias[3]), 81 / 8128, places=7)
        nnue.export(again, self.path("again.pkaz"))
        with open(self.path("again.pkaz"), "rb") as file:
            self.assertEqual(file.read(), data)

    def test_round_trip_with_reach(self):
        network = spread(nnue.NnueNetwork((64, 32), reach=True), 1)
        path = self.path("r.pkaz")
        nnue.export(network, path)
        self.assertEqual(os.path.getsize(path), file_size(704, 64, 32))
        read = nnue.read(path)
        want = nnue.quantize(network)
        self.assertEqual(read.feature_set, 3)
        for name, a, b in zip(want._fields[1:], read[1:], want[1:]):
            self.assertEqual(a.dtype, b.dtype, name)
            self.assertTrue(np.array_equal(a, b), name)
        self.assertIsInstance(models.load(path), nnue.NnueNetwork)
        self.assertEqual(os.listdir(self.directory), ["r.pkaz"])  # no temporary left

    def test_clipping_to_the_ranges_the_file_holds(self):
        self.assertEqual(nnue.first_layer_limit(1), 254)  # 129 rows * 254 = 32,766
        self.assertEqual(nnue.first_layer_limit(3), 102)  # 321 rows * 102 = 32,742
        for reach, first in ((False, 254 / 127), (True, 102 / 127)):
            network = nnue.NnueNetwork((32, 32), reach)
            with torch.no_grad():
                for parameter in network.parameters():
                    parameter.fill_(5.0)
            with self.assertRaisesRegex(WeightsError, "W1 has a weight of 5"):
                nnue.quantize(network)
            network.clip_()
            self.assertAlmostEqual(float(network.w1.max()), first, places=6)
            self.assertAlmostEqual(float(network.b1.min()), first, places=6)
            self.assertEqual(float(network.layer2.weight.max()), 127 / 64)
            self.assertEqual(float(network.value.bias.max()), 5.0)  # an int32 bias is not clipped
            quantized = nnue.quantize(network)
            self.assertEqual(int(quantized.w1.max()), 254 if not reach else 102)
            self.assertEqual((int(quantized.wp.max()), int(quantized.bp.max())), (127, 40640))

    def test_malformed_files_are_refused(self):
        good = self.path("good.pkaz")
        nnue.export(spread(nnue.NnueNetwork((32, 32)), 2), good)
        with open(good, "rb") as file:
            data = file.read()
        body = data[32:]

        def header(**fields):
            fields = dict(zip(("magic", "version", "set", "h1", "h2", "dense", "policy",
                               "values"), (b"PKAZ", 2, 1, 32, 32, 16, 192, 4)), **fields)
            return struct.pack("<4s7I", *fields.values())

        minus = bytearray(data)
        minus[32 + 2 * 449 * 32 + 1 * 48 + 1] = 0x80  # W2[1][1] = -128
        bias = bytearray(data)
        bias[-16:-12] = struct.pack("<i", 2**28 + 1)  # bv[0], past the C loader's range
        cases = {
            "magic": (header(magic=b"PKAX") + body, "magic"),
            "empty": (b"", "magic"),
            "header": (data[:20], "shorter than the 32-byte header"),
            "version": (header(version=3) + body, "version 3"),
            "set": (header(set=2) + body, "feature set 2"),
            "h1-odd": (header(h1=48) + body, "hidden sizes 48 and 32"),
            "h1-huge": (header(h1=1056) + body, "hidden sizes 1056"),
            "h2-huge": (header(h2=288) + body, "hidden sizes 32 and 288"),
            "h2-zero": (header(h2=0) + body, "hidden sizes 32 and 0"),
            "dense": (header(dense=15) + body, "dense 15"),
            "policy": (header(policy=191) + body, "policy 191"),
            "values": (header(values=1) + body, "value 1"),
            "truncated": (data[:-1], "truncated"),
            "trailing": (data + b"\0", "trailing"),
            "minus": (bytes(minus), r"W2\[1\]\[1\] is -128"),
            "bias": (bytes(bias), r"bv\[0\] is 268435457"),
        }
        c_reads_v2 = c_network.available() and self._c_reads(good)
        for name, (content, message) in cases.items():
            path = self.path(name + ".pkaz")
            with open(path, "wb") as file:
                file.write(content)
            with self.subTest(name):
                with self.assertRaisesRegex(WeightsError, message) as caught:
                    nnue.read(path)
                self.assertIn(path, str(caught.exception))
                if c_reads_v2:
                    with self.assertRaises(WeightsError) as caught:
                        c_network.CNetwork(path)
                    self.assertIn(path, str(caught.exception))
        with self.assertRaisesRegex(WeightsError, "version 1"):
            version1 = self.path("v1.pkaz")
            models.export(Network((4, 3)), version1)
            nnue.read(version1)
        self.assertIsInstance(models.load(version1), Network)

    @staticmethod
    def _c_reads(path):
        try:
            c_network.CNetwork(path).close()
        except WeightsError:
            return False
        return True


def floor_bound(quantized):
    """The most the integer network's outputs can differ from the float
    network of the same file: only a2 differs, floor(s2 / 64) against
    s2 / 64, by less than 1 (of 127) each, so an output differs by at most
    the sum of its |weights| / (127 * 64) (the later layers' scale); a move's
    logit by the worst FROM plus the worst TO (or the worst PLACE), and a
    softmax probability by at most half the worst logit's difference
    (sum over k of |dp_m/dz_k| = 2 p_m (1 - p_m) <= 1/2)."""
    policy = np.abs(quantized.wp.astype(np.int64)).sum(axis=1) / nnue.OUT_SCALE
    move = max(policy[:64].max() + policy[64:128].max(), policy[128:].max())
    value = np.abs(quantized.wv.astype(np.int64)).sum(axis=1).max() / nnue.OUT_SCALE
    return move / 2 + 1e-5, value + 1e-5  # and float32's rounding


class Forward(unittest.TestCase):
    def test_the_integer_network_by_hand(self):
        quantized = nnue.quantize(nnue.NnueNetwork((32, 32)))
        arrays = {name: np.zeros_like(a) for name, a in zip(quantized._fields[1:], quantized[1:])}
        arrays["w1"][3, 0], arrays["b1"][0] = 100, 50  # acc[0] = 150 -> a1[0] = 127
        arrays["w1"][[0, 1, 2], 1] = 20000  # acc[1] = 60000 wraps to -5536 -> a1[1] = 0
        arrays["w1"][[0, 1], 2] = 60  # acc[2] = 120 -> a1[2] = 120
        arrays["w2"][0, 0], arrays["b2"][0] = 64, -100  # s2 = 8128 - 100 = 8028 -> 125
        arrays["w2"][1, 1] = 127  # a1[1] = 0: s2[1] = 0 -> 0
        arrays["w2"][2, 2], arrays["b2"][2] = -1, 119  # s2 = -120 + 119 = -1 -> -1 >> 6 = -1 -> 0
        arrays["w2"][3, 2], arrays["w2"][3, 32 + 1] = 3, 2  # 360 + 2 * d[1] (= 10) = 380 -> 5
        arrays["wp"][5, 0], arrays["wp"][6, 3] = 10, -7  # 1250, -35
        arrays["bp"][7] = 4064  # logit 0.5
        arrays["wp"][8, 1] = 1  # a2[1]: 0, as acc[1] wrapped (127 had it not)
        arrays["wv"][1, 0], arrays["bv"][1] = -127, 8000  # -15875 + 8000 = -7875
        network = nnue.Quantized(1, **arrays)
        on = np.zeros((1, 448), np.uint8)
        on[0, [0, 1, 2, 3]] = 1
        dense = np.zeros((1, 16), np.uint8)
        dense[0, 1] = 10
        logits, values = network.forward(on, dense)
        self.assertEqual(list(logits[0, 5:9]), [1250, -35, 4064, 0])
        self.assertEqual(int(np.abs(logits[0]).sum()), 1250 + 35 + 4064)
        self.assertEqual(list(values[0]), [0, -7875, 0, 0])

    def test_the_float_network_within_the_floor_bound(self):
        """The file's float network (its integers over their scales) and its
        integer network on 1,000 positions, with and without REACH: within
        floor_bound() (measured here on these weights: policy 0.014, values
        0.04, against bounds of about 0.15 and 0.3). The network trained
        before rounding is further off (about 0.09 and 0.26 on these
        weights; the quantization's cost in a trained network's loss is in
        its summary, "validation" -> "quantized")."""
        games = random_games(40, 11)[:1000]
        self.addCleanup(close_all, games)
        geometry = features.Geometry(games[0])
        for reach in (False, True):
            quantized = nnue.quantize(spread(nnue.NnueNetwork((64, 32), reach), 3))
            network = quantized.float_network()
            worst = np.zeros(2)
            for game in games:
                policy, values = nnue.game_outputs(quantized, game, geometry)
                float_policy, float_values = nnue.game_outputs(network, game, geometry)
                worst = np.maximum(worst, [np.abs(policy - float_policy).max(),
                                           np.abs(values - float_values).max()])
            bound = floor_bound(quantized)
            with self.subTest(reach=reach):
                self.assertLess(worst[0], bound[0])
                self.assertLess(worst[1], bound[1])
                self.assertGreater(worst[1], 1e-3)  # the floors are felt: a real comparison


class C(unittest.TestCase):
    """``packeis_player_az_evaluate_players`` of a version 2 file is its
    integer network: the numpy one within 1e-5 on 1,000 positions of random
    and searched games of 2, 3 and 4 players, with and without REACH."""

    def test_c_is_the_integer_network(self):
        if not c_network.players_available():
            self.skipTest("the players library has no packeis_player_az_evaluate_players "
                          "(the C side of version 2 files)")
        games = (random_games(30, 21)[:700] + searched_games(8, 40))[:1000]
        self.addCleanup(close_all, games)
        self.assertEqual(len(games), 1000)
        self.assertEqual({game.players for game in games}, {2, 3, 4})
        geometry = features.Geometry(games[0])
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        for reach in (False, True):
            path = os.path.join(directory, f"reach-{reach}.pkaz")
            nnue.export(spread(nnue.NnueNetwork((64, 32), reach), 4), path)
            quantized = nnue.read(path)
            network = quantized.float_network()
            bound = floor_bound(quantized)
            worst = np.zeros(4)
            with c_network.CNetwork(path) as c:
                for number, game in enumerate(games):
                    policy, values = c.evaluate_players(game)
                    want_policy, want_values = nnue.game_outputs(quantized, game, geometry)
                    float_policy, float_values = nnue.game_outputs(network, game, geometry)
                    errors = [np.abs(policy - want_policy).max(),
                              np.abs(values - want_values).max(),
                              np.abs(policy - float_policy).max(),
                              np.abs(values - float_values).max()]
                    if errors[0] >= 1e-5 or errors[1] >= 1e-5:
                        self.fail(f"reach {reach}, position {number} "
                                  f"({game.save_position()}): C policy and values differ from "
                                  f"numpy's by {errors[0]:.3g} and {errors[1]:.3g}; C values "
                                  f"{values}, numpy's {want_values}")
                    worst = np.maximum(worst, errors)
            with self.subTest(reach=reach):
                self.assertLess(worst[2], bound[0])
                self.assertLess(worst[3], bound[1])
            print(f"C against numpy's integer network (reach {reach}): policy {worst[0]:.2g}, "
                  f"values {worst[1]:.2g}; against the float network: {worst[2]:.3g}, "
                  f"{worst[3]:.3g} (bounds {bound[0]:.3g}, {bound[1]:.3g})", file=sys.stderr)


class Training(unittest.TestCase):
    """Self-play -> train --arch nnue -> a version 2 file, as the commands
    do."""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="packeis-nnue-")
        cls.games = os.path.join(cls.directory, "games")
        cls.model = os.path.join(cls.directory, "tiny.pkaz")
        main(["selfplay", cls.games, "--games", "6", "--player", "mcts:40", "--seed", "1",
              "--shard-games", "3"])
        main(["train", cls.games, "--out", cls.model, "--arch", "nnue", "--reach", "--h1", "32",
              "--h2", "32", "--epochs", "1", "--batch", "64", "--seed", "2",
              "--checkpoint", cls.model + ".pt"])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.directory)

    def test_the_file_and_the_reports(self):
        self.assertEqual(os.path.getsize(self.model), file_size(704, 32, 32))
        self.assertEqual(nnue.read(self.model).feature_set, 3)
        with open(self.model + ".json") as file:
            summary = json.load(file)
        self.assertEqual((summary["config"]["arch"], summary["config"]["reach"]), ("nnue", True))
        self.assertEqual(summary["config"]["hidden"], [32, 32])
        validation = summary["validation"]
        self.assertEqual(validation["positions"], summary["positions"]["validation"])
        self.assertAlmostEqual(validation["value_explained"],
                               1 - validation["value_mse"] / validation["value_variance"])
        self.assertGreater(validation["value_variance"], 0.5)  # rewards of 1 and -1, mostly
        self.assertLess(abs(validation["quantized"]["policy"] - validation["policy"]), 0.05)
        with open(os.path.join(self.directory, "tiny.csv")) as file:
            lines = file.read().splitlines()
        self.assertEqual(lines[0], "epoch,train_policy,train_value,validation_policy,"
                                   "validation_value,validation_to_act,cpu_seconds")
        self.assertEqual(len(lines), 2)
        again = os.path.join(self.directory, "again.pkaz")
        main(["export", self.model + ".pt", "--out", again])
        with open(again, "rb") as a, open(self.model, "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_the_value_loss_by_hand(self):
        """All weights 0: every value is tanh(0) = 0, so the value loss is
        the mean of the squared rewards over the players each game has: a
        3-player game's position (rewards 1, -1/3 ... as relative players
        see them) and a 2-player one's."""
        positions = load_positions([self.games]).take(np.array([0, 1]))
        network = nnue.NnueNetwork((32, 32))
        with torch.no_grad():
            for parameter in network.parameters():
                parameter.zero_()
        rewards = np.array([[1.0, 0.0, -1.0, 0.0], [-1.0, 1.0, 0.0, 0.0]], np.float32)
        batch = Positions(**dict(positions._asdict(), players=np.array([3, 2], np.int8),
                                 rewards=rewards))
        _, mse = losses(network, batch)
        self.assertAlmostEqual(float(mse), (1 + 0 + 1 + 1 + 1) / 5, places=6)

    def test_training_lowers_the_loss_and_keeps_the_weights_in_range(self):
        positions = load_positions([self.games])
        config = TrainConfig(hidden=(32, 32), epochs=5, batch=32, learning_rate=3e-3,
                             validation=0.0, seed=1, arch="nnue")
        result = train_positions(positions, config)
        first, last = result.history[0], result.history[-1]
        self.assertLess(last["train_policy"] + last["train_value"],
                        first["train_policy"] + first["train_value"])
        nnue.quantize(result.network)  # refuses a weight out of range
        with self.assertRaisesRegex(ValueError, "value mix"):
            train_positions(positions, config._replace(value_mix=0.5))

    def test_python_plays_a_legal_game_with_it(self):
        player = PolicyPlayer(self.model)
        with packeis.Game(seed=4, players=3) as game:
            while not game.is_over:
                move = player(game)
                self.assertIn(move, game.legal_moves())
                game.apply(move)

    def test_az_plays_it_and_iterate_makes_generations_of_it(self):
        """The C player reads the file (where it reads version 2), and the
        loop trains version 2 networks, the second from the first."""
        if not self._c_reads(self.model):
            self.skipTest("the players library does not read version 2 files")
        directory = os.path.join(self.directory, "loop")
        main(["iterate", directory, "--generations", "2", "--games", "4", "--playouts", "20",
              "--az-games", "2", "--az-playouts", "20", "--eval-boards", "1",
              "--eval-playouts", "20", "--arch", "nnue", "--reach", "--h1", "32", "--h2", "32",
              "--epochs", "1", "--seed", "5"])
        for number in (1, 2):
            self.assertEqual(nnue.read(os.path.join(directory, f"model-00{number}.pkaz"))
                             .feature_set, 3)
        with open(os.path.join(directory, "strength.json")) as file:
            rows = json.load(file)
        self.assertTrue(rows[1]["selfplay"].startswith("az:20,weights="), rows[1])
        self.assertEqual(rows[1]["previous_games"], 2)

    def test_iterate_from_a_given_network(self):
        """--init: the given network is model 0, measured first; generation
        0 is az's self-play with it and Dirichlet noise, model 1 is trained
        from it; every row is measured against alphabeta as well."""
        if not self._c_reads(self.model):
            self.skipTest("the players library does not read version 2 files")
        directory = os.path.join(self.directory, "from-init")
        main(["iterate", directory, "--init", self.model, "--generations", "1",
              "--az-games", "2", "--az-playouts", "20", "--az-noise", "0.3", "--eval-boards", "1",
              "--eval-playouts", "20", "--eval-alphabeta", "30", "--arch", "nnue", "--reach",
              "--h1", "32", "--h2", "32", "--seed", "7"])
        with open(os.path.join(directory, "model-000.pkaz"), "rb") as copy, \
                open(self.model, "rb") as given:
            self.assertEqual(copy.read(), given.read())
        with open(os.path.join(directory, "model-001.pkaz.json")) as file:
            self.assertEqual(json.load(file)["init"], os.path.join(directory, "model-000.pkaz"))
        with open(os.path.join(directory, "strength.json")) as file:
            rows = json.load(file)
        self.assertEqual([row["model"] for row in rows], ["model-000.pkaz", "model-001.pkaz"])
        self.assertEqual((rows[0]["generation"], rows[0]["selfplay"]), (None, self.model))
        self.assertNotIn("previous_score", rows[0])
        self.assertTrue(rows[1]["selfplay"].startswith("az:20,weights=" + directory), rows[1])
        self.assertTrue(rows[1]["selfplay"].endswith(",noise=0.3"), rows[1])
        self.assertNotIn("noise", rows[1]["player"] + rows[1]["vs_previous"])
        self.assertEqual(rows[1]["previous_games"], 2)
        for row in rows:
            self.assertEqual((row["vs_alphabeta"], row["alphabeta_games"]), ("alphabeta:30", 2))

    @staticmethod
    def _c_reads(path):
        if not c_network.available():
            return False
        try:
            c_network.CNetwork(path).close()
        except WeightsError:
            return False
        return True

    def test_the_options_are_checked(self):
        for arguments, message in ((["--reach"], "--reach needs --arch nnue"),
                                   (["--arch", "nnue", "--h1", "48"], "H1 must be a multiple "
                                                                       "of 32")):
            errors = io.StringIO()
            with self.subTest(arguments), self.assertRaises(SystemExit), \
                    contextlib.redirect_stderr(errors):
                main(["train", self.games, "--out", os.path.join(self.directory, "x.pkaz")]
                     + arguments)
            self.assertIn(message, errors.getvalue())


if __name__ == "__main__":
    unittest.main()
