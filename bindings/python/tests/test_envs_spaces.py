#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The space objects (packeis.spaces) against Gymnasium's documented
behaviour; with $PACKEIS_TEST_NO_NUMPY also without numpy."""
import unittest

from envs_walkers import np, values

from packeis import spaces
from packeis.spaces import Box, Dict, Discrete, MultiBinary, MultiDiscrete


class DiscreteTest(unittest.TestCase):
    def test_contains(self):
        space = Discrete(5)
        self.assertEqual((space.n, space.start, space.shape), (5, 0, ()))
        for inside in (0, 4):
            self.assertIn(inside, space)
        for outside in (5, -1, True, 1.5, "1", None):
            self.assertNotIn(outside, space)
        shifted = Discrete(3, start=-1)
        self.assertEqual([v in shifted for v in (-2, -1, 1, 2)], [False, True, True, False])
        if np is not None:
            self.assertIn(np.int32(3), space)
            self.assertIn(np.array(2), space)
            self.assertNotIn(np.float64(2.0), space)
            self.assertEqual(space.dtype, np.int64)

    def test_sample_seeded_and_masked(self):
        space = Discrete(4096)
        self.assertEqual(space.seed(3), 3)
        first = [space.sample() for _ in range(20)]
        space.seed(3)
        self.assertEqual([space.sample() for _ in range(20)], first)
        space.seed(4)
        self.assertNotEqual([space.sample() for _ in range(20)], first)
        self.assertTrue(all(v in space for v in first))
        mask = [0] * 4096
        mask[130] = mask[2000] = 1
        mask = np.array(mask, dtype=np.int8) if np is not None else mask
        drawn = {int(space.sample(mask)) for _ in range(200)}
        self.assertEqual(drawn, {130, 2000})
        empty = np.zeros(4096, dtype=np.int8) if np is not None else [0] * 4096
        self.assertEqual(int(Discrete(3, start=7).sample(empty[:3])), 7, "no legal value: start")
        with self.assertRaises(ValueError):
            space.sample([1, 0])

    def test_equality(self):
        self.assertEqual(Discrete(4096), Discrete(4096))
        self.assertNotEqual(Discrete(4096), Discrete(10))
        self.assertNotEqual(Discrete(3), MultiBinary(3))
        with self.assertRaises(ValueError):
            Discrete(0)


class BoxTest(unittest.TestCase):
    def test_contains(self):
        space = Box(0.0, 1.0, (2, 3), "float32")
        self.assertEqual(space.shape, (2, 3))
        self.assertTrue(space.contains([[0.0, 0.5, 1.0], [1.0, 0.0, 0.25]]))
        self.assertFalse(space.contains([[0.0, 0.5, 1.5], [1.0, 0.0, 0.25]]), "above high")
        self.assertFalse(space.contains([[0.0, 0.5], [1.0, 0.0], [0.0, 0.0]]), "wrong shape")
        self.assertFalse(space.contains("abc"))
        if np is not None:
            self.assertTrue(space.contains(np.zeros((2, 3), dtype=np.float32)))
            self.assertFalse(space.contains(np.zeros((2, 3), dtype=np.float64)),
                             "float64 does not cast safely to float32 (as in Gymnasium)")
            self.assertEqual(space.low.shape, (2, 3))
            self.assertEqual(float(space.high[1, 2]), 1.0)

    def test_sample(self):
        space = Box(-1, 3, (4,), "int8", seed=9)
        draws = [values(space.sample()) for _ in range(50)]
        self.assertTrue(all(-1 <= v <= 3 for d in draws for v in d))
        self.assertEqual({v for d in draws for v in d}, {-1, 0, 1, 2, 3}, "both bounds drawn")
        space.seed(9)
        self.assertEqual(values(space.sample()), draws[0])
        floats = Box(0.0, 1.0, (25, 64), "float32", seed=1)
        self.assertTrue(floats.contains(floats.sample()))
        with self.assertRaises(ValueError):
            floats.sample(mask=[1])


class MultiBinaryDictTest(unittest.TestCase):
    def test_multibinary(self):
        space = MultiBinary(4, seed=2)
        self.assertTrue(space.contains([0, 1, 1, 0]))
        self.assertFalse(space.contains([0, 2, 1, 0]))
        self.assertFalse(space.contains([0, 1, 1]))
        for _ in range(10):
            self.assertEqual(values(space.sample([0, 1, 2, 2]))[:2], [0, 1])

    def test_multidiscrete(self):
        space = MultiDiscrete([3, 5], seed=1)
        self.assertTrue(space.contains([2, 4]))
        self.assertFalse(space.contains([3, 0]))
        self.assertTrue(all(space.contains(space.sample()) for _ in range(20)))

    def test_dict(self):
        space = Dict({"observation": Box(0.0, 1.0, (3,)), "action_mask": MultiBinary(3)})
        self.assertEqual(list(space), ["action_mask", "observation"], "keys ordered")
        self.assertIsInstance(space["action_mask"], MultiBinary)
        self.assertTrue(space.contains({"observation": [0.0, 1.0, 0.5], "action_mask": [1, 0, 1]}))
        self.assertFalse(space.contains({"observation": [0.0, 1.0, 0.5]}))
        self.assertFalse(space.contains([0.0, 1.0]))
        seeds = space.seed(5)
        self.assertEqual(sorted(seeds), ["action_mask", "observation"])
        self.assertTrue(all(isinstance(v, int) for v in seeds.values()))
        first = space.sample()
        space.seed(5)
        again = space.sample()
        self.assertEqual(values(first["observation"]), values(again["observation"]))
        self.assertTrue(space.contains(first))
        masked = space.sample({"action_mask": [1, 1, 0]})
        self.assertEqual(values(masked["action_mask"]), [1, 1, 0])

    def test_numpy_or_not(self):
        self.assertEqual(spaces.HAVE_NUMPY, np is not None)


if __name__ == "__main__":
    unittest.main()
