# SPDX-License-Identifier: MIT
"""The players of self-play: the built-in C players through
``packeis-engine`` (doc/protocol.md), a Python callable per seat, or one
policy for every game of the vector environment at once.

Seat specs (strings, so that they travel to a worker as they are):

- ``"engine:NAME"`` or ``"engine:NAME:OPTION=VALUE,..."``: ``packeis-engine
  --player NAME --option OPTION=VALUE ... --seed S`` (the program from the
  job's ``engine`` argument, else ``$PACKEIS_ENGINE``, else
  ``packeis-engine`` on ``PATH``), one process per seat and task, asked
  ``go`` (``go nodes N`` with the job's ``nodes``) before each of its moves;
- ``"python:random"``: a uniformly random legal move drawn in Python;
- any callable ``player(game, rng) -> move`` (a :class:`packeis.Game`, a
  ``random.Random``), defined at module level so that it pickles.

Vector players: :class:`Vector` (``"vector"`` is ``Vector()``, random
moves) with ``policy(env, obs, info, rng) -> actions`` over a
:class:`packeis.vector.VectorEnv`.
"""
from __future__ import annotations

import os
import random
import selectors
import shutil
import subprocess
import tempfile
import time
from typing import Any, Callable, Optional

from .._game import Game

__all__ = ["EngineSeat", "Vector", "check_engine_seats", "open_seat", "python_random",
           "random_policy"]

#: Seconds an engine may take for its handshake or a move before the task fails.
ENGINE_TIMEOUT = 120.0


def python_random(game: Game, rng: random.Random) -> Any:
    """A uniformly random legal move (the ``"python:random"`` seat)."""
    return rng.choice(game.legal_moves())


def random_policy(env: Any, obs: Any, info: dict, rng: Any) -> Any:
    """A uniformly random legal move in every game (``"vector"``)."""
    return env.sample_legal(rng)


class Vector:
    """Every game of a shard played at once in the vector environment by
    ``policy(env, obs, info, rng) -> actions`` (one move value per game;
    obs and info as :meth:`packeis.vector.VectorEnv.step` gives them, rng a
    ``numpy.random.Generator``); by default random moves."""

    def __init__(self, policy: Optional[Callable[..., Any]] = None) -> None:
        self.policy = policy or random_policy

    def __repr__(self) -> str:
        return f"Vector({getattr(self.policy, '__name__', self.policy)!r})"


def engine_program(engine: Optional[str]) -> str:
    program = engine or os.environ.get("PACKEIS_ENGINE") or shutil.which("packeis-engine")
    if not program:
        raise FileNotFoundError("no packeis-engine: give engine=PATH or set $PACKEIS_ENGINE")
    return program


class EngineSeat:
    """A built-in player served by ``packeis-engine``, for the games of one
    task (``newgame`` between them)."""

    def __init__(self, spec: str, seed: int, engine: Optional[str], nodes: Optional[int]) -> None:
        name, _, options = spec.partition(":")
        argv = [engine_program(engine), "--player", name, "--seed", str(seed)]
        for option in filter(None, options.split(",")):
            argv += ["--option", option]
        self.spec, self.nodes = spec, nodes
        self.errors = tempfile.TemporaryFile()  # what the engine says when it fails
        try:
            self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=self.errors, start_new_session=True)
        except OSError as error:
            self.errors.close()
            raise FileNotFoundError(f"engine {spec}: cannot start {argv[0]}: "
                                    f"{error.strerror or error}") from None
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.pending = b""  # read from the engine, not yet a whole line
        self.start: Optional[str] = None
        self.send("packeis 1")
        self.wait_for("packeisok")

    def send(self, line: str) -> None:
        try:
            self.process.stdin.write(line.encode() + b"\n")
            self.process.stdin.flush()
        except OSError:
            raise RuntimeError(self.exited()) from None

    def exited(self) -> str:
        """Why the engine is gone: its status and the last thing it said on
        standard error."""
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return f"engine {self.spec}: stopped answering"
        self.errors.seek(0)
        said = " ".join(self.errors.read()[-2000:].decode(errors="replace").split())
        return f"engine {self.spec} exited with status {status}" + (f": {said}" if said else "")

    def read_line(self, deadline: float, word: str) -> str:
        """The engine's next line (unbuffered reads: select sees all)."""
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise TimeoutError(f"engine {self.spec}: no '{word}' in {ENGINE_TIMEOUT} s")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError(self.exited())
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode(errors="replace")

    def wait_for(self, word: str) -> str:
        deadline = time.monotonic() + ENGINE_TIMEOUT
        while True:
            line = self.read_line(deadline, word)
            if line.startswith("error"):
                raise RuntimeError(f"engine {self.spec}: {line.strip()}")
            if line.split()[:1] == [word]:
                return line.strip()

    def new_game(self, game: Game) -> None:
        self.start = game.save_position()
        self.send("newgame")

    def __call__(self, game: Game, moves: list[str]) -> Any:
        self.send(f"position {self.start}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {self.nodes}" if self.nodes else "go")
        reply = self.wait_for("bestmove").split()
        if len(reply) != 2:
            raise RuntimeError(f"engine {self.spec}: '{' '.join(reply)}' is no bestmove")
        return game.parse_move(reply[1], check=True)

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (RuntimeError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            self.selector.close()
            for stream in (self.process.stdin, self.process.stdout, self.errors):
                stream.close()


class CallableSeat:
    """A Python player ``player(game, rng)`` with a seeded ``random.Random``."""

    def __init__(self, player: Callable[..., Any], seed: int) -> None:
        self.player, self.rng = player, random.Random(seed)

    def new_game(self, game: Game) -> None:
        pass

    def __call__(self, game: Game, moves: list[str]) -> Any:
        return self.player(game, self.rng)

    def close(self) -> None:
        pass


def check_seat(spec: Any) -> None:
    """Refuses a seat spec that names no player (before any task runs)."""
    if callable(spec):
        return
    if not isinstance(spec, str):
        raise TypeError(f"a seat is a spec string or a callable, not {type(spec).__name__}")
    kind, _, rest = spec.partition(":")
    if (kind, rest) == ("python", "random") or (kind == "engine" and rest.split(":")[0]):
        return
    raise ValueError(f"unknown seat {spec!r}: 'engine:NAME[:OPTION=VALUE,...]', "
                     f"'python:random' or a callable")


def check_engine_seats(seats: Any, engine: Optional[str]) -> None:
    """Starts and stops each engine seat once here, on the client, where
    the engine program is at hand, so that a missing engine or an unknown
    player is reported at once, with the engine's own words, instead of by
    every task."""
    for spec in seats:
        if isinstance(spec, str) and spec.startswith("engine:"):
            try:
                program = engine_program(engine)
            except FileNotFoundError:
                return  # maybe on the workers only: their tasks will say
            if os.path.exists(program) or shutil.which(program):
                open_seat(spec, 0, program, None).close()


def open_seat(spec: Any, seed: int, engine: Optional[str], nodes: Optional[int]) -> Any:
    """The seat of ``spec`` (see the module), seeded with ``seed``."""
    check_seat(spec)
    if callable(spec):
        return CallableSeat(spec, seed)
    if spec == "python:random":
        return CallableSeat(python_random, seed)
    return EngineSeat(spec.partition(":")[2], seed, engine, nodes)
