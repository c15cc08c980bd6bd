#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/instructions.py: instructions an action of the playout rows and a
node of the searches, counted by callgrind, so that progress is read without
the wall-clock noise of a shared machine.

    tests/instructions.py BUILD [--games N] [--nodes N] [--rows a,b] [--no-search]
    meson test -C BUILD --benchmark instructions -v

Each figure is the difference of two runs of fixed work, N units and 2N
units (`packeis-benchmark --run ROW UNITS`, `bench_search --player NAME
--playouts N`), divided by the difference of their actions (counted by
`packeis-benchmark --actions ROW UNITS`, outside callgrind) or of their
nodes (the search's own report): the start-up (loading, the row's data, the
player's tables) is in both runs and drops out. The rows play the games of
the benchmark's seeds. Under valgrind the processor shows no AVX-512, so
the default kernel is the BMI2 one where the processor has BMI2
(PACKEIS_KERNEL=generic for the portable one).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# The playout rows of tests/benchmark.c whose unit is a whole game.
PLAYOUT_ROWS = ['reset-2p', 'reset-3p', 'reset-4p', 'fresh-2p', 'fresh-3p', 'fresh-4p',
                'playout-2p', 'batch-2p']
# The searches of tests/players/bench_search.c: player, its unit.
SEARCHES = [('mcts', 'playout'), ('alphabeta', 'node')]


def callgrind_instructions(command):
    """Instructions callgrind counts for the whole of `command`."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, 'callgrind.out')
        run = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out,
                              *command], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit('instructions.py: %s failed:\n%s' % (' '.join(command), run.stderr))
        with open(out) as f:
            for line in f:
                found = re.match(r'(?:summary|totals): (\d+)', line)
                if found:
                    return int(found.group(1)), run.stdout
    sys.exit('instructions.py: no total in callgrind\'s output for ' + ' '.join(command))


def actions(benchmark, row, units):
    out = subprocess.run([benchmark, '--actions', row, str(units)], check=True,
                         capture_output=True, text=True)
    return int(out.stdout)


def playout_row(benchmark, row, games):
    """(instructions an action, a game, actions a game) of `row`."""
    low, _ = callgrind_instructions([benchmark, '--run', row, str(games)])
    high, _ = callgrind_instructions([benchmark, '--run', row, str(2 * games)])
    played = actions(benchmark, row, 2 * games) - actions(benchmark, row, games)
    return (high - low) / played, (high - low) / games, played / games


def search_nodes(stdout):
    found = re.search(r'nodes (\d+)\)', stdout)
    if not found:
        sys.exit('instructions.py: no node count in bench_search\'s output:\n' + stdout)
    return int(found.group(1))


def search(program, player, nodes):
    """(instructions a node, nodes of the larger run) of `player`."""
    runs = []
    for budget in (nodes, 2 * nodes):
        count, stdout = callgrind_instructions(
            [program, '--player', player, '--playouts', str(budget), '--rounds', '1',
             '--direct-only'])
        runs.append((count, search_nodes(stdout)))
    (low, low_nodes), (high, high_nodes) = runs
    return (high - low) / (high_nodes - low_nodes), high_nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('build', help='the build directory (meson)')
    parser.add_argument('--games', type=int, default=2000,
                        help='games of the smaller run of a playout row (default 2000)')
    parser.add_argument('--nodes', type=int, default=500,
                        help='budget a position of the smaller search run (default 500)')
    parser.add_argument('--rows', help='comma-separated playout rows (default: all)')
    parser.add_argument('--no-search', action='store_true', help='the playout rows only')
    args = parser.parse_args()
    benchmark = os.path.join(args.build, 'tests', 'packeis-benchmark')
    searcher = os.path.join(args.build, 'tests', 'players', 'bench_search')
    rows = args.rows.split(',') if args.rows else PLAYOUT_ROWS
    kernel = os.environ.get('PACKEIS_KERNEL', 'default')
    print('callgrind, %s kernel: instructions of %d games less those of %d (the '
          "benchmark's seeds)" % (kernel, 2 * args.games, args.games))
    print('%-12s %12s %12s %12s' % ('row', 'an action', 'a game', 'actions'))
    for row in rows:
        per_action, per_game, length = playout_row(benchmark, row, args.games)
        print('%-12s %12.1f %12.0f %12.1f' % (row, per_action, per_game, length), flush=True)
    if args.no_search or not os.path.exists(searcher):
        return
    print('searches: 30 positions of bench_search, a budget of %d a position less %d'
          % (2 * args.nodes, args.nodes))
    for player, unit in SEARCHES:
        per_node, nodes = search(searcher, player, args.nodes)
        print('%-12s %12.1f a %s (%d in the larger run)' % (player, per_node, unit, nodes),
              flush=True)


if __name__ == '__main__':
    main()
