#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the Python bindings: plies per second when Python steps random
games (legal moves + apply each ply), and random games per second through
the batch call in C.

    PACKEIS_LIBRARY=build/lib/libpackeis.so PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/bench.py
"""
import random
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


def step_buffer(seconds: float) -> float:
    rng = random.Random(1)
    buf = packeis.MoveBuffer()
    plies, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        game = packeis.Game(seed=seed)
        seed += 1
        legal, apply, arr, randrange = game.legal_moves_into, game.apply, buf.array, rng.randrange
        n = legal(buf)
        while n:
            apply(arr[randrange(n)])
            plies += 1
            n = legal(buf)
    return plies / (time.perf_counter() - start)


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


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print(f"library {packeis.version()}, Python {sys.version.split()[0]}")
    print(f"python stepping, Move objects : {step_objects(seconds):12,.0f} plies/s")
    print(f"python stepping, MoveBuffer   : {step_buffer(seconds):12,.0f} plies/s")
    g, p = batch(seconds)
    print(f"batch random games (C)        : {g:12,.0f} games/s ({p:,.0f} plies/s)")


if __name__ == "__main__":
    main()
