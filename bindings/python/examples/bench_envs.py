#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the Python paths through libpackeis side by side with the C
figures of the same run: environment steps per second (a step is one ply,
a move of one game) of the vectorized environment over the C batch, of the
single-game paths (ctypes Game, OpenSpiel state, AEC env, Gymnasium env,
SWIG) and, through ``packeis-benchmark --serve``, of the C step API.

Every figure is timed in this thread's CPU time (as packeis-benchmark
times its own), measured ``--runs`` times, the paths interleaved round after
round so that a busy machine slows them all alike; the median is printed,
with every run. Random legal moves everywhere (in numpy from the C move lists
for the vector env); the vector env's figures include, every step, the legal
bit masks, the rewards, the termination flags, the player to act and the
observation.

    PACKEIS_LIBRARY=build/lib/libpackeis.so PYTHONPATH=bindings/python \\
        nice /usr/bin/python3 bindings/python/examples/bench_envs.py \\
        --c-benchmark build/tests/packeis-benchmark --swig build/bindings/swig
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Callable, Optional

import bench  # beside this file: its step_buffer() is the single-game path
import packeis
from packeis import _field

clock = time.thread_time


def positive(kind: type) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value
    return parse


def arguments(argv: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=positive(float), default=1.0,
                        help="CPU seconds per measurement (default 1)")
    parser.add_argument("--runs", type=positive(int), default=5,
                        help="measurements per figure; the median is shown (default 5)")
    parser.add_argument("--games", type=positive(int), default=1024,
                        help="games of the vectorized environment (default 1024)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                        help="players of every game (default 2)")
    parser.add_argument("--c-benchmark", metavar="PROGRAM",
                        help="packeis-benchmark of the same build, for the C figures")
    parser.add_argument("--swig", metavar="DIR",
                        help="the directory of packeis_swig.py (a build's bindings/swig)")
    parser.add_argument("--quick", action="store_true",
                        help="vector env and C rows only (no single-game paths)")
    parser.add_argument("--markdown", action="store_true",
                        help="print the figures as the Markdown table of bindings/README.md")
    args = parser.parse_args(argv)
    if args.c_benchmark and not os.access(args.c_benchmark, os.X_OK):
        parser.error(f"--c-benchmark {args.c_benchmark}: not an executable program")
    if args.swig and not os.path.isfile(os.path.join(args.swig, "packeis_swig.py")):
        parser.error(f"--swig {args.swig}: no packeis_swig.py there")
    return args


# -- the vectorized environment ----------------------------------------------
def vector_env(games: int, players: int, observation: str,
               copy: bool = True) -> Callable[[float], float]:
    import numpy as np
    from packeis.vector import VectorEnv

    env = VectorEnv(games, players=players, observation=observation, copy=copy)
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def measure(seconds: float) -> float:
        steps, start = 0, clock()
        while clock() - start < seconds:
            for _ in range(20):
                env.step(env.sample_legal(rng))
            steps += 20 * games
        return steps / (clock() - start)
    return measure


def c_batch_calls(games: int, players: int) -> Callable[[float], float]:
    """The vector env's loop, timing only its C calls (step, legal moves,
    legal bits, compact observation): the speed if Python cost nothing."""
    import numpy as np
    from packeis.batch import Batch

    batch = Batch(games, players=players, seed=1)
    rng = np.random.default_rng(1)
    rows = np.arange(games)
    seeds = np.arange(games, dtype=np.uint64)

    def measure(seconds: float) -> float:
        steps, in_c, start = 0, 0.0, clock()
        while clock() - start < seconds:
            t0 = clock()
            moves, counts = batch.legal_moves()
            t1 = clock()
            batch.set_moves(moves[rows, (rng.random(games) * counts).astype(np.intp)])
            t2 = clock()
            batch.step_prepared(seeds)
            batch.legal_bits()
            batch.observe_bits(True)
            in_c += (t1 - t0) + (clock() - t2)
            steps += games
        return steps / in_c
    return measure


# -- single games ---------------------------------------------------------------
def game_buffer(players: int) -> Callable[[float], float]:
    return lambda seconds: bench.step_buffer(seconds, players, clock)


def game_training(players: int) -> Callable[[float], float]:
    """What a training loop does per ply: observation and mask into numpy,
    a move drawn from the mask, apply."""
    import numpy as np

    game, rng = packeis.Game(players=players), np.random.default_rng(1)
    planes = np.zeros(packeis.OBSERVATION_SIZE, dtype=np.float32)
    mask = np.zeros(packeis.MOVE_VALUES, dtype=np.uint8)

    def measure(seconds: float) -> float:
        plies, seed, start = 0, 0, clock()
        while clock() - start < seconds:
            game.reset(seed)
            seed += 1
            while not game.is_over:
                game.observe(relative=True, out=planes)
                legal = np.flatnonzero(game.legal_mask(out=mask))
                game.apply(int(legal[rng.integers(len(legal))]))
                plies += 1
        return plies / (clock() - start)
    return measure


def openspiel_state(players: int) -> Callable[[float], float]:
    from packeis.openspiel import PackeisGame

    rng = random.Random(1)

    def measure(seconds: float) -> float:
        plies, seed, start = 0, 0, clock()
        while clock() - start < seconds:
            state = PackeisGame(board_seed=seed, players=players).new_initial_state()
            seed += 1
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                plies += 1
        return plies / (clock() - start)
    return measure


def aec_env(players: int) -> Callable[[float], float]:
    import numpy as np
    from packeis.aec import PackeisAECEnv

    env, rng = PackeisAECEnv(players=players), np.random.default_rng(1)
    env.reset(seed=1)

    def measure(seconds: float) -> float:
        plies, start = 0, clock()
        while clock() - start < seconds:
            env.reset()
            for _agent in env.agent_iter():
                obs, _reward, termination, truncation, _info = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                plies += 1
        return plies / (clock() - start)
    return measure


def gym_env(players: int) -> Callable[[float], float]:
    import numpy as np
    from packeis.gymnasium_env import PackeisEnv

    env, rng = PackeisEnv(players=players), np.random.default_rng(1)

    def measure(seconds: float) -> float:
        plies, start, seed = 0, clock(), 0
        while clock() - start < seconds:
            _obs, info = env.reset(seed=seed)
            seed += 1
            terminated = False
            while not terminated:
                legal = np.flatnonzero(info["action_mask"])
                _obs, _r, terminated, _t, info = env.step(int(legal[rng.integers(len(legal))]))
            plies += env.game.ply_count  # the opponents' plies too
        return plies / (clock() - start)
    return measure


def swig_game(directory: str, players: int) -> Callable[[float], float]:
    sys.path.insert(0, directory)
    import packeis_swig as s  # noqa: PLC0415

    options = s.packeis_options_new(None)
    s.packeis_options_set_players(options, players)
    game, rng = s.packeis_game_new(options), random.Random(1)
    legal_moves, apply, reset = s.packeis_game_legal_moves, s.packeis_game_apply, s.packeis_game_reset

    def measure(seconds: float) -> float:
        plies, seed, start = 0, 0, clock()
        while clock() - start < seconds:
            reset(game, seed)
            seed += 1
            moves = legal_moves(game)
            while moves:
                apply(game, moves[rng.randrange(len(moves))])
                plies += 1
                moves = legal_moves(game)
        return plies / (clock() - start)
    return measure


# -- the C benchmark ------------------------------------------------------------
class CBenchmark:
    """packeis-benchmark --serve: one slice of a row per request."""

    def __init__(self, program: str, seconds: float) -> None:
        # Not the interpreter's preloads: a sanitized build's program links
        # its own sanitizer runtime, which refuses a second one (CI runs
        # this with the ASan runtime preloaded into Python).
        env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
        self.process = subprocess.Popen([program, "--serve", "--slice", str(seconds)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env=env)

    def row(self, name: str) -> Callable[[float], float]:
        def measure(_seconds: float) -> float:
            assert self.process.stdin and self.process.stdout
            self.process.stdin.write(name + "\n")
            self.process.stdin.flush()
            answer = self.process.stdout.readline().strip()
            try:
                return float(answer)
            except ValueError:
                raise SystemExit(f"packeis-benchmark: {answer!r}") from None
        return measure

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


def plies_per_game(players: int) -> float:
    """The mean length of a random game (10,000 games in C), to turn the C
    benchmark's games/s into plies/s."""
    result = packeis.Game(players=players).random_games(10_000, seed=1)
    return result.plies / result.games


def main(argv: Optional[list[str]] = None) -> int:
    args = arguments(argv)
    n, p = args.games, args.players
    paths: list[tuple[str, str, Callable[[float], float]]] = []
    c_bench = CBenchmark(args.c_benchmark, args.seconds) if args.c_benchmark else None
    mean = plies_per_game(p)
    if c_bench:
        step = c_bench.row(f"step-{p}p")
        paths.append(("C step API (packeis-benchmark)", "plies/s", lambda s: step(s) * mean))
    paths.append((f"C batch calls only, {n} games", "steps/s", c_batch_calls(n, p)))
    paths.append((f"vector env, {n} games, compact obs", "steps/s", vector_env(n, p, "bits")))
    paths.append((f"vector env, {n} games, compact obs, copy=False", "steps/s",
                  vector_env(n, p, "bits", copy=False)))
    paths.append((f"vector env, {n} games, float planes", "steps/s", vector_env(n, p, "planes")))
    paths.append((f"vector env, {n} games, float planes, copy=False", "steps/s",
                  vector_env(n, p, "planes", copy=False)))
    if not args.quick:
        paths.append(("ctypes Game + MoveBuffer", "plies/s", game_buffer(p)))
        paths.append(("ctypes Game, obs + mask (numpy)", "plies/s", game_training(p)))
        paths.append(("OpenSpiel-style state", "plies/s", openspiel_state(p)))
        paths.append(("AEC env (obs dict + mask)", "plies/s", aec_env(p)))
        paths.append(("Gymnasium env (+ opponent)", "plies/s", gym_env(p)))
        if args.swig:
            paths.append(("SWIG legal_moves + apply", "plies/s", swig_game(args.swig, p)))
    results: dict[str, list[float]] = {label: [] for label, _, _ in paths}
    for _ in range(args.runs):
        for label, _unit, measure in paths:
            results[label].append(measure(args.seconds))
    if c_bench:
        c_bench.close()
    print(f"libpackeis {packeis.version()}, Python {sys.version.split()[0]}, {p} players, "
          f"thread CPU time, median of {args.runs} runs of {args.seconds:g} s "
          f"(a random game has {mean:.1f} plies); environments on "
          f"{'gymnasium' if _field.HAVE_GYMNASIUM else 'dependency-free'} base classes")
    reference = statistics.median(results[paths[0][0]])
    if args.markdown:
        print("\n| path | median | share of the first row | every run |\n|---|---:|---:|---|")
    for label, unit, _ in paths:
        runs = results[label]
        median, each = statistics.median(runs), " / ".join(f"{v:,.0f}" for v in runs)
        if args.markdown:
            print(f"| {label} | {median:,.0f} {unit} | {median / reference:.3f} | {each} |")
        else:
            print(f"{label:40} {median:13,.0f} {unit}  ({each})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
