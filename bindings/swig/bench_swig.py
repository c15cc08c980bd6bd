#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Single-game stepping from Python, side by side in one run: random games
played ply by ply (the legal moves, one chosen at random, applied) through
the ctypes package (as bindings/python/examples/bench.py measures it) and
through the SWIG module. The paths are measured in turn, RUNS rounds of SECONDS each, and
the median of each is printed with every round in brackets.

    meson setup build-rel --buildtype=release && ninja -C build-rel
    PACKEIS_LIBRARY=build-rel/lib/libpackeis.so \\
    PYTHONPATH=bindings/python:build-rel/bindings/swig \\
        /usr/bin/python3 bindings/swig/bench_swig.py [--seconds S] [--runs N]
"""
import argparse
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ps = None  # imported by main(), after the arguments are checked


def swig(seconds):
    """SWIG: packeis_game_legal_moves (a list of ints) + packeis_game_apply."""
    rng = random.Random(1)
    game = ps.packeis_game_new(ps.packeis_options_new(None))
    legal, apply, reset, choice = (ps.packeis_game_legal_moves, ps.packeis_game_apply,
                                   ps.packeis_game_reset, rng.choice)
    plies, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        reset(game, seed)
        seed += 1
        moves = legal(game)
        while moves:
            apply(game, choice(moves))
            plies += 1
            moves = legal(game)
    return plies / (time.perf_counter() - start)


def paths():
    """The paths, the ctypes ones as bindings/python/examples/bench.py
    measures them."""
    sys.path.insert(0, os.path.join(HERE, "..", "python", "examples"))
    import bench
    return [
        ("ctypes, legal_moves() + apply", bench.step_objects),
        ("ctypes, MoveBuffer + apply", bench.step_buffer),
        ("SWIG, legal_moves + apply", swig),
    ]


def positive(kind):
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not a number: %r" % text) from None
        if not value > 0:
            raise argparse.ArgumentTypeError("must be above 0: %r" % text)
        return value
    return parse


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=positive(float), default=2.0,
                        help="length of one round of one path (default 2)")
    parser.add_argument("--runs", type=positive(int), default=5,
                        help="rounds per path; the median is shown (default 5)")
    args = parser.parse_args(argv)
    global ps
    import packeis_swig as ps
    measured = paths()
    print("library %s, Python %s, median of %d rounds of %g s, paths in turn"
          % (ps.packeis_version_string(), sys.version.split()[0], args.runs, args.seconds))
    rounds = {label: [] for label, _ in measured}
    for _ in range(args.runs):
        for label, measure in measured:
            rounds[label].append(measure(args.seconds))
    for label, values in rounds.items():
        each = " / ".join("{:,.0f}".format(v) for v in values)
        print("{:32}: {:10,.0f} plies/s ({})".format(label, statistics.median(values), each))
    fastest = max(rounds, key=lambda label: statistics.median(rounds[label]))
    print("fastest: %s" % fastest)


if __name__ == "__main__":
    main(sys.argv[1:])
