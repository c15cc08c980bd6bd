#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the Python bindings: plies per second when Python steps random
games (legal moves + apply each ply), and random games per second through
the batch call in C. Each figure is measured RUNS times (SECONDS each) and
the median is printed, with every run in brackets.

    PACKEIS_LIBRARY=build/lib/libpackeis.so PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/bench.py [SECONDS [RUNS]]
"""
import argparse
import math
import random
import statistics
import sys
import time

import packeis


def step_objects(seconds: float) -> float:
    rng = random.Random(1)
    plies, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        game = packeis.Game(seed=seed)
        seed += 1
        while not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
            plies += 1
    return plies / (time.perf_counter() - start)


def step_buffer(seconds: float, players: int = 2, clock=time.perf_counter) -> float:
    """Plies per second of random games stepped through one reused move
    buffer, a fresh board (reset) per game; bench_envs.py calls it too."""
    rng = random.Random(1)
    buf = packeis.MoveBuffer()
    game = packeis.Game(players=players, seed=0)  # reset() restarts it without allocating
    legal, apply, arr, randrange = game.legal_moves_into, game.apply, buf.array, rng.randrange
    plies, start, seed = 0, clock(), 0
    while clock() - start < seconds:
        game.reset(seed)
        seed += 1
        n = legal(buf)
        while n:
            apply(arr[randrange(n)])
            plies += 1
            n = legal(buf)
    return plies / (clock() - start)


def batch(seconds: float, per_call: int = 1000) -> tuple[float, float]:
    game = packeis.Game(seed=0)
    games, plies, start, seed = 0, 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        r = game.random_games(per_call, seed)
        seed += per_call
        games += per_call
        plies += r.plies
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


def median_of(runs: int, measure) -> tuple[float, list[float]]:
    """The median of ``runs`` measurements, and the measurements."""
    values = [measure() for _ in range(runs)]
    return statistics.median(values), values


def positive_seconds(text: str) -> float:
    """A duration in seconds: a finite number above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(value) and 0 < value <= 3600):
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 3600, got {text}")
    return value


def run_count(text: str) -> int:
    """A number of runs: an integer from 1 to 1000."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 1 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"must be 1 to 1000, got {value}")
    return value


def parse_arguments(argv: "list[str] | None" = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Plies per second of Python stepping random games (Move objects, "
                    "MoveBuffer) and random games per second of the batch call in C: "
                    "the median of RUNS runs of SECONDS each.")
    parser.add_argument("seconds", nargs="?", type=positive_seconds, default=2.0,
                        help="length of each run, in seconds (default 2)")
    parser.add_argument("runs", nargs="?", type=run_count, default=3,
                        help="runs per figure, whose median is printed (default 3)")
    return parser.parse_args(argv)


def main() -> None:
    arguments = parse_arguments()
    seconds, runs = arguments.seconds, arguments.runs
    print(f"library {packeis.version()}, Python {sys.version.split()[0]}, "
          f"median of {runs} runs of {seconds:g} s")

    def show(label: str, unit: str, median: float, values: list[float]) -> None:
        each = " / ".join(f"{v:,.0f}" for v in values)
        print(f"{label:30}: {median:12,.0f} {unit} ({each})")

    show("python stepping, Move objects", "plies/s", *median_of(runs, lambda: step_objects(seconds)))
    show("python stepping, MoveBuffer", "plies/s", *median_of(runs, lambda: step_buffer(seconds)))
    pairs = [batch(seconds) for _ in range(runs)]
    games = [g for g, _ in pairs]
    show("batch random games (C)", "games/s", statistics.median(games), games)
    plies = [p for _, p in pairs]
    show("  the same in plies", "plies/s", statistics.median(plies), plies)


if __name__ == "__main__":
    main()
