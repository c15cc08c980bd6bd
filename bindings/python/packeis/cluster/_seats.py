# SPDX-License-Identifier: MIT
"""The players of self-play: the built-in C players in process
(:mod:`packeis.players`) or, when the job names an engine program, through
``packeis-engine``; any engine program speaking doc/protocol.md; a Python
callable per seat (a :class:`packeis.players.Player` is one); or one policy
for every game of the vector environment at once. :class:`EngineSeat` is
the package's one client of the protocol.

Seat specs are strings in the seat notation of packeis-play and
packeis-tournament (examples/README.md, "Seats"), so that they travel to a
worker as they are:

- ``"NAME[:STRENGTH]"``: a built-in player, ``"mcts"``, ``"mcts:2s,threads=2"``,
  ``"alphabeta:5000,hash=16"``, played in the task's process
  (``packeis.players.Player.from_spec(SPEC, S)``, no process started), or,
  when the job gives an ``engine`` program, served by ``ENGINE --player
  SPEC --seed S``, one process per seat and task: the same moves either
  way;
- ``"engine:COMMAND"``: a program speaking the protocol, run as
  ``sh -c 'exec COMMAND'``;
- ``"python:random"``: a uniformly random legal move drawn in Python;
- any callable ``player(game, rng) -> move`` (a :class:`packeis.Game`, a
  ``random.Random``), defined at module level so that it pickles.

A built-in seat searches each move with the job's ``nodes`` (an engine:
``go nodes N``), unless its spec gives a time or budget of its own
(``"mcts:2000"``), which then wins, as in packeis-tournament.

Vector players: :class:`Vector` (``"vector"`` is ``Vector()``, random
moves) with ``policy(env, obs, info, rng) -> actions`` over a
:class:`packeis.vector.VectorEnv`.
"""
from __future__ import annotations

import os
import random
import re
import selectors
import shlex
import shutil
import signal
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
    program = engine or shutil.which("packeis-engine")
    if not program:
        raise FileNotFoundError("no packeis-engine: give engine=PATH")
    return program


#: A built-in player's name, as players.h spells them.
_PLAYER_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def _own_budget(spec: str) -> bool:
    """Whether a built-in seat's spec gives a time or budget of its own
    (read by the players library, the one reader of the notation)."""
    from ..players import Player  # noqa: PLC0415
    with Player.from_spec(spec) as player:
        return bool(player.default_seconds or player.default_nodes)


class PlayerSeat:
    """A built-in player in this process (:mod:`packeis.players`) for the
    games of one task: what ``packeis-engine --player SPEC --seed S`` would
    play, without the process."""

    def __init__(self, spec: str, seed: int, nodes: Optional[int]) -> None:
        from ..players import Player  # noqa: PLC0415 - only where a seat is built in
        self.player = Player.from_spec(spec, seed)
        own = self.player.default_seconds or self.player.default_nodes
        self.nodes = None if own else nodes

    def new_game(self, game: Game) -> None:
        self.player.forget()

    def __call__(self, game: Game, moves: list[str]) -> Any:
        return self.player.choose(game, nodes=self.nodes).move

    def close(self) -> None:
        self.player.close()


class EngineSeat:
    """An engine for the games of one task (``newgame`` between them): a
    built-in player served by ``packeis-engine`` (``spec`` ``NAME[:STRENGTH]``)
    or the program of ``engine:COMMAND``."""

    def __init__(self, spec: str, seed: int, engine: Optional[str], nodes: Optional[int]) -> None:
        if spec.startswith("engine:"):
            argv = ["/bin/sh", "-c", "exec " + spec[len("engine:"):]]
        else:
            argv = [engine_program(engine), "--player", spec, "--seed", str(seed)]
            nodes = None if _own_budget(spec) else nodes
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
        standard error (and, for ``engine:NAME`` where NAME is a built-in
        player the shell cannot find, the spec that was meant)."""
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return f"engine {self.spec}: stopped answering"
        self.errors.seek(0)
        said = " ".join(self.errors.read()[-2000:].decode(errors="replace").split())
        why = f"engine {self.spec} exited with status {status}" + (f": {said}" if said else "")
        words = shlex.split(self.spec[len("engine:"):]) if self.spec.startswith("engine:") else []
        if status == 127 and len(words) >= 1 and _PLAYER_NAME.fullmatch(words[0]):
            why += (f" (engine:COMMAND runs a program; the built-in player is the seat "
                    f"{self.spec[len('engine:'):]!r})")
        return why

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

    def _exited(self) -> bool:
        """Whether the engine has exited, without reaping it: until it is
        reaped its process group cannot be another's."""
        try:
            info = os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        return info is not None

    def close(self) -> None:
        try:
            self.send("quit")
        except RuntimeError:
            pass
        deadline = time.monotonic() + 5
        while not self._exited() and time.monotonic() < deadline:
            time.sleep(0.005)
        # The whole group (start_new_session): the engine if it is still
        # there, and whatever it started, as the C client does.
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass
        self.process.wait()
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
    """Refuses a seat spec that names no player (before any task runs);
    a built-in player's name and strength are checked by packeis-engine
    (:func:`check_engine_seats`)."""
    if callable(spec):
        return
    if not isinstance(spec, str):
        raise TypeError(f"a seat is a spec string or a callable, not {type(spec).__name__}")
    kind, _, rest = spec.partition(":")
    if spec == "python:random" or (kind == "engine" and rest.strip()):
        return
    if kind not in ("engine", "python", "human") and _PLAYER_NAME.fullmatch(kind):
        return
    raise ValueError(f"unknown seat {spec!r}: 'NAME[:STRENGTH]' (a built-in player), "
                     f"'engine:COMMAND', 'python:random' or a callable")


def _can_start(spec: str, engine: Optional[str]) -> bool:
    """Whether the seat's program is at hand here (it may be on the workers
    only: their tasks will say)."""
    if spec.startswith("engine:"):
        words = shlex.split(spec[len("engine:"):])
        program = words[0] if words else ""
    else:
        try:
            program = engine_program(engine)
        except FileNotFoundError:
            return False
    return bool(program) and (os.path.exists(program) or shutil.which(program) is not None)


def check_engine_seats(seats: Any, engine: Optional[str]) -> None:
    """Opens and closes each seat once here, on the client (an engine
    program where it is at hand), so that a missing engine or an unknown
    player is reported at once, in the player's or engine's own words,
    instead of by every task."""
    for spec in seats:
        if not isinstance(spec, str) or spec == "python:random":
            continue
        if (engine is None and not spec.startswith("engine:")) or _can_start(spec, engine):
            open_seat(spec, 0, engine, None).close()


def open_seat(spec: Any, seed: int, engine: Optional[str], nodes: Optional[int]) -> Any:
    """The seat of ``spec`` (see the module), seeded with ``seed``."""
    check_seat(spec)
    if callable(spec):
        return CallableSeat(spec, seed)
    if spec == "python:random":
        return CallableSeat(python_random, seed)
    if engine is None and not spec.startswith("engine:"):
        return PlayerSeat(spec, seed, nodes)
    return EngineSeat(spec, seed, engine, nodes)
