#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/bench_compare.py: the comparison of two benchmark programs back to
back, run on this build's packeis-benchmark (--programs, so that a
sanitized build is measured with its own program), and its number format.

    test_bench_compare.py BUILD_DIR
"""
import importlib.util
import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, 'bench_compare.py')
BUILD = None


def load_script():
    spec = importlib.util.spec_from_file_location('bench_compare', SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                          timeout=120)


class CompareTest(unittest.TestCase):
    def program(self):
        return os.path.join(BUILD, 'tests', 'packeis-benchmark')

    def test_rows_of_two_programs(self):
        out = run('--programs', self.program(), self.program(), '--rows', 'new-free,reset-2p',
                  '--slices', '3', '--slice', '0.02')
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = out.stdout.splitlines()
        self.assertEqual(len(lines), 3)
        self.assertIn('3 pairs of 0.02 s slices', lines[0])
        # Rows in the benchmark's order; a time per unit in ns, a rate bare.
        self.assertRegex(lines[1], r'^new-free +\d+ ns +\d+ ns +\d+\.\d\dx +\[')
        self.assertRegex(lines[2], r'^reset-2p +[\d,.]+ M? +[\d,.]+ M? +\d+\.\d\dx +\[')
        for line in lines[1:]:
            ratio, low, high = map(float, re.search(
                r'(\d+\.\d\d)x +\[(\d+\.\d\d) - (\d+\.\d\d)\]', line).groups())
            self.assertLessEqual(low, ratio)
            self.assertLessEqual(ratio, high)

    def test_rows_of_both_programs_only(self):
        # Against an older release (whose program lacks the rows of calls
        # added since) only the rows both have are compared, and the others
        # named.
        script = load_script()
        new = [('reset-2p', False, 'a'), ('rewards-2p', False, 'b'), ('new-free', True, 'c')]
        base = [('new-free', True, 'c'), ('reset-2p', False, 'a')]
        kept, left_out = script.common_rows(new, base)
        self.assertEqual([row[0] for row in kept], ['reset-2p', 'new-free'])
        self.assertEqual(left_out, ['rewards-2p'])
        self.assertEqual(script.common_rows(base, base), (base, []))

    def test_markdown(self):
        out = run('--programs', self.program(), self.program(), '--rows', 'new-free',
                  '--slices', '1', '--slice', '0.02', '--markdown')
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = out.stdout.splitlines()
        self.assertEqual(lines[1].count('|'), 6)
        self.assertEqual(lines[2], '|---|---|---|---|---|')
        self.assertTrue(lines[3].startswith('| packeis_game_new + free, standard board | '))

    def test_unknown_row_refused(self):
        out = run('--programs', self.program(), self.program(), '--rows', 'new-free,nosuch')
        self.assertEqual(out.returncode, 2)
        self.assertIn('no row nosuch', out.stderr)

    def test_arguments_refused(self):
        self.assertEqual(run('--kernels').returncode, 2)  # no build
        self.assertEqual(run(BUILD).returncode, 2)  # one build without --kernels
        self.assertEqual(run('--base-kernel', 'bmi2', BUILD, BUILD).returncode, 2)
        self.assertEqual(run('--programs', 'a', 'b', BUILD).returncode, 2)
        out = run('--programs', self.program(), self.program(), '--slices', '0')
        self.assertEqual(out.returncode, 2)

    def test_serve_answers_one_rate_a_line(self):
        out = subprocess.run([self.program(), '--serve', '--slice', '0.01'],
                             input='new-free\nnosuch\nperft\n', capture_output=True, text=True,
                             timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        first, second, third = out.stdout.splitlines()
        self.assertGreater(float(first), 0)
        self.assertEqual(second, 'error: no row nosuch')
        self.assertGreater(float(third), 1e6)  # leaves/s of perft 5

    def test_number_format(self):
        shown = load_script().shown
        self.assertEqual(shown(2.5e9, False), '2.50 G')
        self.assertEqual(shown(24_120_000, False), '24.12 M')
        self.assertEqual(shown(608_759, False), '608,759')
        self.assertEqual(shown(1e9 / 363, True), '363 ns')


if __name__ == '__main__':
    BUILD = sys.argv.pop(1)
    unittest.main()
