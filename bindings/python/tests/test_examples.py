# SPDX-License-Identifier: MIT
"""The Python examples read their arguments with argparse: --help prints the
usage with status 0; a bad value is refused with status 2 and a message
naming the argument, before any work."""
import os
import subprocess
import sys
import unittest

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


def run(script, *args):
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


class ArgumentTest(unittest.TestCase):
    def test_help(self):
        for script, word in (("bench.py", "seconds"), ("mcts.py", "--iterations")):
            result = run(script, "--help")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("usage:", result.stdout)
            self.assertIn(word, result.stdout)

    def test_bad_values(self):
        cases = [
            ("bench.py", ["0"], "argument seconds: must be above 0 and at most 3600, got 0"),
            ("bench.py", ["nan"], "argument seconds: must be above 0"),
            ("bench.py", ["inf"], "argument seconds: must be above 0"),
            ("bench.py", ["x"], "argument seconds: not a number: 'x'"),
            ("bench.py", ["1", "0"], "argument runs: must be 1 to 1000, got 0"),
            ("bench.py", ["1", "2", "3"], "unrecognized arguments: 3"),
            ("mcts.py", ["--players", "5"], "argument --players: must be 2 to 4, got 5"),
            ("mcts.py", ["--iterations", "0"], "argument --iterations: must be 1 to 10000000, got 0"),
            ("mcts.py", ["--rollouts", "2.5"], "argument --rollouts: not an integer: '2.5'"),
            ("mcts.py", ["--seed", "-1"], "argument --seed: must be 0 to"),
            ("mcts.py", ["--colour"], "unrecognized arguments: --colour"),
        ]
        for script, args, message in cases:
            with self.subTest(script=script, args=args):
                result = run(script, *args)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn(message, result.stderr)
                self.assertEqual(result.stdout, "")
                self.assertNotIn("Traceback", result.stderr)


if __name__ == "__main__":
    unittest.main()
