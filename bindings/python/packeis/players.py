# SPDX-License-Identifier: MIT
"""The computer players of libpackeis, in process: the C library
libpackeis-players (``lib/players``, version 0.x) through ctypes.

    >>> from packeis.players import MCTS
    >>> with MCTS(playouts=2000, seed=1) as mcts:
    ...     move = mcts.best_move(game)

Every built-in player has a class (:class:`Random`, :class:`Greedy`,
:class:`MonteCarlo`, :class:`AlphaBeta`, :class:`MCTS`, :class:`AZ`) taking the seed and
the player's options as keywords; :meth:`Player.from_spec` reads the seat
notation of packeis-play and packeis-tournament (``"mcts:2s,threads=2"``,
examples/README.md, "Seats"), and :func:`names` lists the players.

A search (:meth:`Player.choose`) runs in C on a copy of the game, on a
helper thread: the game is left as it was, and the search stops within a
few milliseconds when :meth:`Player.stop` is called from another thread,
when ``stop()`` (a callable given to ``choose``) answers true, or on
Ctrl-C (then raised as usual); a stopped player still returns its best
legal move so far. :meth:`Player.analyse` makes the same search and
values the best moves, not only the one played (:class:`Line`, the
MultiPV of UCI engines); :mod:`packeis.review` reviews whole games on it.
Budgets: ``nodes`` (positions for alphabeta, playouts
for montecarlo and mcts) and ``seconds``; none at all means the player's
default budget (or the spec's). A player is also a policy
``player(game, rng) -> move``, so it can be the opponent of
:class:`packeis.gymnasium_env.PackeisEnv` or a seat of
:mod:`packeis.cluster` as it is; it pickles as its spec, its seed and the
options set since.

The library is found as ``$PACKEIS_PLAYERS_LIBRARY``, else beside the
libpackeis loaded (and in its build tree), else by its SONAME.
"""
from __future__ import annotations

import ctypes
import math
import numbers
import os
import threading
from ctypes import (CFUNCTYPE, POINTER, Structure, byref, c_char_p, c_double, c_int,
                    c_size_t, c_uint16, c_uint64, c_void_p)
from typing import Any, Callable, NamedTuple, Optional

from . import _handle
from ._alloc import run_on_worker
from ._args import U64, integer
from ._errors import (GameClosedError, GameOverError, InvalidArgumentError, OutOfRangeError,
                      ReentrantCallError)
from ._game import Game
from ._lib import lib as _core
from ._moves import Move

__all__ = ["Player", "Random", "Greedy", "MonteCarlo", "AlphaBeta", "MCTS", "AZ", "Report",
           "Line", "Option",
           "names", "version", "SONAME", "ENVIRONMENT_VARIABLE"]

#: The SONAME of the players library this module declares (0.MINOR: its
#: ABI is unstable, and a module declares one).
SONAME = "libpackeis-players.so.0.2"
#: Environment variable naming the library file to load instead.
ENVIRONMENT_VARIABLE = "PACKEIS_PLAYERS_LIBRARY"

PV_MAX = 64
MAX_MOVES = 1024
#: The review every surface offers by default (players.h, "game review":
#: PACKEIS_PLAYER_REVIEW_ESTIMATOR and PACKEIS_PLAYER_REVIEW_SOLVER_NODES;
#: the tests compare them with the header): the estimator's seat spec and
#: the solver's positions a position.
REVIEW_ESTIMATOR = "mcts:20000"
REVIEW_SOLVER_NODES = 200000


class _Report(Structure):
    _fields_ = [("depth", c_int), ("nodes", c_uint64), ("seconds", c_double),
                ("has_score", c_int), ("score", c_double), ("exact", c_int),
                ("pv_length", c_size_t), ("pv", c_uint16 * PV_MAX),
                ("root_moves", c_size_t), ("moves", c_uint16 * MAX_MOVES),
                ("visits", c_uint64 * MAX_MOVES)]


_ON_REPORT = CFUNCTYPE(None, c_void_p, POINTER(_Report))


class _Line(Structure):
    """packeis_player_line, field for field (its size checked against
    packeis_player_line_size() as the library loads; the tests compare its
    layout with the header's, compiled)."""

    _fields_ = [("move", c_uint16), ("value", c_double), ("exact", c_int),
                ("has_margin", c_int), ("margin", c_double), ("nodes", c_uint64),
                ("pv_length", c_size_t), ("pv", c_uint16 * PV_MAX)]


class _Limits(Structure):
    _fields_ = [("seconds", c_double), ("nodes", c_uint64), ("stop", POINTER(c_int)),
                ("on_report", _ON_REPORT), ("context", c_void_p)]


class _Option(Structure):
    _fields_ = [("name", c_char_p), ("type", c_char_p), ("default_value", c_char_p),
                ("min", c_double), ("max", c_double), ("description", c_char_p)]


_PLAYER = c_void_p
#: The handle of a freed player (a disarmed release's): nothing writes in it.
_NO_PLAYER = _PLAYER()
_DECLARATIONS = {
    "packeis_player_version": (c_char_p, []),
    "packeis_player_report_size": (c_size_t, []),
    "packeis_player_limits_size": (c_size_t, []),
    "packeis_player_line_size": (c_size_t, []),
    "packeis_player_names": (POINTER(c_char_p), []),
    "packeis_player_new": (c_int, [c_char_p, c_uint64, POINTER(_PLAYER)]),
    "packeis_player_from_spec": (c_int, [c_char_p, c_uint64, POINTER(_PLAYER), POINTER(_Limits),
                                         c_char_p, c_size_t]),
    "packeis_player_name": (c_char_p, [_PLAYER]),
    "packeis_player_description": (c_char_p, [_PLAYER]),
    "packeis_player_options": (POINTER(_Option), [_PLAYER, POINTER(c_size_t)]),
    "packeis_player_set_option": (c_int, [_PLAYER, c_char_p, c_char_p, POINTER(c_char_p)]),
    "packeis_player_choose": (c_int, [_PLAYER, c_void_p, POINTER(_Limits), POINTER(c_uint16),
                                      POINTER(_Report)]),
    "packeis_player_analyse": (c_int, [_PLAYER, c_void_p, POINTER(_Limits), c_size_t,
                                       POINTER(_Line), POINTER(c_size_t), POINTER(_Report)]),
    "packeis_player_analyses": (c_int, [_PLAYER]),
    "packeis_player_forget": (None, [_PLAYER]),
    "packeis_player_free": (None, [_PLAYER]),
}


#: The size function of each struct declared here, as the library loads.
_SIZES = {"packeis_player_report_size": _Report, "packeis_player_limits_size": _Limits,
          "packeis_player_line_size": _Line}


def _check_layout(library: Any, path: str, module: str, sizes: dict) -> None:
    """ImportError unless each size function of ``sizes`` (its name ->
    the ctypes struct ``module`` declares) is in ``library`` and answers
    the struct's size: with a library of another layout, C would read and
    write past the structs (packeis.review checks its own so)."""
    for name, struct in sizes.items():
        c_name = name[:-len("_size")]
        try:
            function = getattr(library, name)
        except AttributeError:
            raise ImportError(f"{path}: no {name}(): a libpackeis-players older than {module} "
                              f"needs, refused") from None
        function.restype, function.argtypes = c_size_t, []
        size = function()
        if size != ctypes.sizeof(struct):
            raise ImportError(f"{path}: {name}() is {size}, but {module} declares {c_name} "
                              f"in {ctypes.sizeof(struct)} bytes: a libpackeis-players of "
                              f"another layout than {module}'s ({SONAME}), refused")


def _candidates() -> list[str]:
    here = os.path.dirname(getattr(_core, "_name", "") or "")
    found = [os.environ.get(ENVIRONMENT_VARIABLE, "")]
    if here:  # installed beside libpackeis; in a build tree, lib/ and lib/players/
        found += [os.path.join(here, SONAME), os.path.join(here, "players", SONAME)]
    return [path for path in found if path] + [SONAME]


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            library = ctypes.CDLL(path)
        except OSError as error:
            errors.append(str(error))
            continue
        _check_layout(library, path, "packeis.players", _SIZES)
        for name, (restype, argtypes) in _DECLARATIONS.items():
            function = getattr(library, name)
            function.restype, function.argtypes = restype, argtypes
        return library
    raise ImportError(f"libpackeis-players not found (set ${ENVIRONMENT_VARIABLE} to the "
                      f"library file): {'; '.join(errors[:2])}")


_lib = _load()


def version() -> str:
    """The version of the players library loaded (0.MINOR.PATCH)."""
    return _lib.packeis_player_version().decode()


def names() -> list[str]:
    """The built-in players: random, greedy, montecarlo, alphabeta, mcts."""
    table, out = _lib.packeis_player_names(), []
    while table[len(out)] is not None:
        out.append(table[len(out)].decode())
    return out


class Option(NamedTuple):
    """An option of a player: ``type`` is ``"int"``, ``"float"`` or ``"bool"``."""

    name: str
    type: str
    default: str
    min: float
    max: float
    description: str


class Report(NamedTuple):
    """What a search found. ``score``: alphabeta's expected fish margin for
    the player to act, montecarlo's and mcts's win estimate 0 ... 1 (None
    for players without one); ``exact``: the score is the game's value
    (alphabeta's endgame solver); ``pv``: the principal line from ``move``
    on; ``visits``: playouts per root move (montecarlo, mcts)."""

    move: Move
    depth: int
    nodes: int
    seconds: float
    score: Optional[float]
    exact: bool
    pv: list
    visits: dict


class Line(NamedTuple):
    """One move of an analysis (:meth:`Player.analyse`). ``value``: the
    expected reward of the player to act once ``move`` is played, -1 ... 1
    (1 a sole win; with 2 players 0 a draw); ``exact``: the value and the
    margin are the game's (alphabeta's endgame solver, 2 players);
    ``margin``: the fish margin expected at the end (the player's fish minus
    the best of the others'), None for players without one (mcts, az);
    ``nodes``: the work spent below the move (0: the search did not reach
    it, and its value means nothing); ``pv``: the line expected from
    ``move`` on."""

    move: Move
    value: float
    exact: bool
    margin: Optional[float]
    nodes: int
    pv: tuple


def _line(raw: _Line) -> Line:
    return Line(Move(raw.move), raw.value, bool(raw.exact),
                raw.margin if raw.has_margin else None, raw.nodes,
                tuple(Move(m) for m in raw.pv[:raw.pv_length]))


def _report(move: int, raw: _Report) -> Report:
    return Report(Move(move), raw.depth, raw.nodes, raw.seconds,
                  raw.score if raw.has_score else None, bool(raw.exact),
                  [Move(m) for m in raw.pv[:raw.pv_length]],
                  {Move(raw.moves[i]): raw.visits[i] for i in range(raw.root_moves)})


def _text(value: Any) -> str:
    """An option value as the C library reads it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return value
    raise TypeError(f"an option value is a bool, a number or a string, not "
                    f"{type(value).__name__}")


def _c_text(text: str, what: str, error: type = ValueError) -> bytes:
    """``text`` for C: ``error`` for a NUL (C would read up to it: a file
    name cut short, an option value lost), bytes that are not UTF-8 kept
    as the file system's names keep them (surrogateescape: a weights file
    of such a name loads), ValueError for what has no bytes at all."""
    if "\0" in text:
        raise error(f"{what} has a NUL character, which C would read as its end: {text!r}")
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as fault:
        raise ValueError(f"{what} cannot be written in UTF-8 (a lone surrogate at "
                         f"{fault.start}): {text!r}") from None


def _budget(name: str, value: Any, kind: type) -> Any:
    """A search budget for C: 0 for None; a positive finite number
    (seconds: numpy's too, float32 included) or a positive integer below
    2**64 (nodes: numpy integers too), else ValueError, or OutOfRangeError
    for nodes too many for C's uint64_t (ctypes would keep their low 64
    bits)."""
    if value is None:
        return kind(0)
    if kind is float:
        wrong = ValueError(f"{name} must be a positive finite number or None, not {value!r}")
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise wrong
        try:
            seconds = float(value)  # OverflowError for an int past a double's range
        except (OverflowError, ValueError):
            raise wrong from None
        if not 0 < seconds < math.inf:  # NaN too
            raise wrong
        return seconds
    wrong = ValueError(f"{name} must be a positive integer or None, not {value!r}")
    try:
        number = integer(value, name)
    except TypeError:
        raise wrong from None
    if number <= 0:
        raise wrong
    if number > U64:
        raise OutOfRangeError(f"{name} must be 1 to 2**64-1, got {number}")
    return number


class Player:
    """A built-in player (see :func:`names`) with a seed and options.

    Not for two threads at once (a lock makes a second caller wait), but
    :meth:`stop` may be called from anywhere."""

    kind: Optional[str] = None  # the player's name, in the subclasses

    def __init__(self, name: Optional[str] = None, seed: int = 0, **options: Any) -> None:
        name = name or self.kind
        if not isinstance(name, str):
            raise TypeError("a player needs a name (see packeis.players.names())")
        for key, value in options.items():
            if "," in _text(value):
                raise ValueError(f"{key}={value!r}: an option value given here has no ',' (the"
                                 f" spec would read the rest as another option); use set_option()")
        spec = name + (":" + ",".join(f"{k}={_text(v)}" for k, v in options.items())
                       if options else "")
        self._open(spec, seed)

    @classmethod
    def from_spec(cls, spec: str, seed: int = 0) -> "Player":
        """The player of a seat spec, ``NAME[:STRENGTH]`` (``"mcts:2s"``,
        ``"alphabeta:5000,hash=16"``): its time or budget becomes the
        default budget of :meth:`choose`."""
        player = cls.__new__(cls)
        player._open(spec, seed)
        if cls.kind is not None and player.name != cls.kind:
            name = player.name
            player.close()
            raise ValueError(f"{spec!r} is a {name} player, not {cls.kind}")
        return player

    def _open(self, spec: str, seed: int) -> None:
        self._handle = _PLAYER()
        self._busy: set = set()  # the threads in (or waiting for) a call on it
        self._closed = False
        if not isinstance(spec, str):
            raise TypeError(f"a seat spec is a string without NUL, not {spec!r}")
        spec_bytes = _c_text(spec, "the seat spec", TypeError)
        try:
            seed = integer(seed, "seed")
        except TypeError:
            raise ValueError(f"seed must be an integer in 0 ... 2**64 - 1, not {seed!r}") from None
        if not 0 <= seed <= U64:
            raise ValueError(f"seed must be an integer in 0 ... 2**64 - 1, not {seed!r}")
        why = ctypes.create_string_buffer(4096)  # a reason ends with a path
        budget = _Limits()
        self._lock = threading.Lock()
        self._flag = c_int(0)
        self._release = _watch(self, self._handle)  # before C writes the player there
        status = _lib.packeis_player_from_spec(spec_bytes, seed, byref(self._handle),
                                               byref(budget), why, len(why))
        if status == -2:
            raise MemoryError("out of memory")
        if status:
            raise ValueError(why.value.decode("utf-8", "replace"))
        self.spec, self.seed = spec, seed
        self._options_set: dict = {}  # name -> value, as set_option() last took them
        self.default_seconds, self.default_nodes = budget.seconds, budget.nodes
        self._kind = _kind_of(self._handle)

    # -- what it is ----------------------------------------------------------
    # What the player's kind says of it (static in C), read once: read
    # later, another thread's close() could free the player between the
    # handle read and the C call (a segfault, or NULL for a description).
    @property
    def name(self) -> str:
        self._live()
        return self._kind.name

    @property
    def description(self) -> str:
        self._live()
        return self._kind.description

    @property
    def options(self) -> dict:
        """The player's options by name (:class:`Option`)."""
        self._live()
        return dict(self._kind.options)

    def set_option(self, name: str, value: Any) -> None:
        """Sets an option; ValueError (with the reason) if the player
        refuses it, the player then unchanged."""
        why = c_char_p()
        name_bytes = _c_text(str(name), "an option's name")
        value_bytes = _c_text(_text(value), f"the value of {name}")

        def set_it(handle: Any) -> None:
            if _lib.packeis_player_set_option(handle, name_bytes, value_bytes, byref(why)):
                raise ValueError(f"{name}={value!r}: {why.value.decode('utf-8', 'replace')}")
            self._options_set.pop(str(name), None)  # in the order last set
            self._options_set[str(name)] = _text(value)
        self._locked(set_it)

    @property
    def analyses(self) -> bool:
        """Whether the player values moves (:meth:`analyse`): mcts, az,
        montecarlo and alphabeta do, random and greedy do not."""
        self._live()
        return self._kind.analyses

    # -- playing -------------------------------------------------------------
    def choose(self, game: Game, *, nodes: Optional[int] = None,
               seconds: Optional[float] = None,
               stop: Optional[Callable[[], Any]] = None) -> Report:
        """Searches ``game`` (left as it was) and reports the move chosen.
        ``nodes`` and ``seconds`` limit this move (the first reached ends
        it); with neither, the spec's budget or the player's default.
        ``stop`` is polled every 50 ms, on the calling thread: it (and a
        signal handler during the search) may call this player's
        :meth:`stop` and :meth:`close` (the player is freed as the search
        returns), any other call of this player raises
        :class:`packeis.ReentrantCallError`.

        :raises packeis.GameOverError: the game is over.
        :raises packeis.GameClosedError: the game is closed (or was never
            set up).
        """
        self._check_game(game, "choose", stop)
        limits = self._limits(nodes, seconds)
        move, raw = c_uint16(), _Report()
        status = self._search(game, stop, lambda handle, game_handle: _lib.packeis_player_choose(
            handle, game_handle, byref(limits), byref(move), byref(raw)))
        if status:
            _core_check(status)
        return _report(move.value, raw)

    def analyse(self, game: Game, k: Optional[int] = None, *, nodes: Optional[int] = None,
                seconds: Optional[float] = None,
                stop: Optional[Callable[[], Any]] = None) -> list:
        """The values of the ``k`` best moves of ``game`` (every legal move
        for None; fewer when fewer are legal), best first, as :class:`Line`
        objects: a search as :meth:`choose` makes (the same budgets, ``stop``
        and Ctrl-C), in the order the player chooses (mcts and az by visits,
        montecarlo by its mean result, alphabeta by margin). For mcts, az
        and montecarlo, line 1 is the move :meth:`choose` plays with the same
        seed, position and node budget.

        :raises packeis.InvalidArgumentError: ``k`` below 1, or a player
            that values no move (random, greedy: :attr:`analyses`).
        :raises packeis.GameOverError: the game is over.
        :raises packeis.GameClosedError: the game is closed.
        :raises TypeError: ``k`` not an integer (a bool, a float); ValueError:
            ``nodes`` not a positive integer, ``seconds`` not a positive
            finite number (numpy's too).
        """
        self._check_game(game, "analyse", stop)
        k = None if k is None else integer(k, "k")  # TypeError for a bool, a float ...
        if k is not None and k < 1:
            raise InvalidArgumentError(f"k must be 1 or more (the number of moves to value), "
                                       f"or None for every move, got {k}")
        if not self.analyses:
            raise InvalidArgumentError(f"the {self.name} player values no move, so it cannot "
                                       f"analyse (mcts, az, montecarlo and alphabeta can)")
        limits = self._limits(nodes, seconds)
        with game.clone() as copy:  # one position for the count and the search
            if copy.is_over:
                raise GameOverError("PACKEIS_E_GAME_OVER: the game is over: no move to analyse")
            wanted = copy.move_count if k is None else min(k, copy.move_count)
            lines, count = (_Line * max(wanted, 1))(), c_size_t()
            status = self._run(copy, lambda handle, game_handle: _lib.packeis_player_analyse(
                handle, game_handle, byref(limits), wanted, lines, byref(count), None), stop)
        if status:
            _core_check(status)
        return [_line(lines[i]) for i in range(count.value)]

    def _limits(self, nodes: Optional[int] = None, seconds: Optional[float] = None) -> _Limits:
        """The C budget of a search (``packeis_player_limits``): ``nodes``
        and ``seconds`` checked, or the player's default budget for
        neither. The stop flag is the player's (:meth:`stop`)."""
        limits = _Limits(_budget("seconds", seconds, float), _budget("nodes", nodes, int))
        if not limits.seconds and not limits.nodes:
            limits.seconds, limits.nodes = self.default_seconds, self.default_nodes
        limits.stop = ctypes.pointer(self._flag)
        return limits

    @staticmethod
    def _check_game(game: Any, what: str, stop: Any) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"{what}() needs a packeis.Game, not {type(game).__name__}")
        if game.closed:  # or never set up (Game.__new__): AttributeError in clone()
            raise GameClosedError(f"{what}() was given a closed packeis.Game")
        if stop is not None and not callable(stop):
            raise TypeError("stop must be a callable, such as threading.Event().is_set")

    def _run(self, game: Game, call: Callable[[Any, Any], int],
             stop: Optional[Callable[[], Any]] = None) -> int:
        """``call(player_handle, game_handle)``, a C call with this player
        and ``game`` (not copied: the call must not change it), holding both,
        on a helper thread: the player's stop flag is raised on Ctrl-C
        (raised once the call returned) or when ``stop()`` answers true.
        For modules that call the players library themselves (review).

        The helper thread holds the player (and the game) for as long as
        the C call runs, whatever becomes of the caller: an exception that
        ends the caller's wait early (a signal handler raising as the wait
        loops) must not let the player be freed under the search."""
        stopping: list = []

        def on_wait(interrupted: bool) -> None:
            if interrupted or (stop is not None and stop()):
                stopping.append(True)
                self._flag.value = 1

        def search() -> int:
            with self._lock:
                try:
                    handle = self._live()
                    self._flag.value = 1 if stopping else 0
                    return game._call(lambda game_handle: call(
                        handle, ctypes.cast(game_handle, c_void_p)))
                finally:
                    if self._closed:  # by close() from inside, or another thread's
                        self._free()
        try:
            return self._marked(lambda: run_on_worker(search, on_wait=on_wait))
        except BaseException:
            # The search may go on without the caller (an exception raised
            # as run_on_worker queued it, before its wait): stopped, so that
            # whoever waits for the player or the game next waits briefly.
            stopping.append(True)
            self._flag.value = 1
            raise

    def _locked(self, body: Callable[[Any], Any]) -> Any:
        """``body(handle)`` holding the player, on this thread."""
        def locked() -> Any:
            with self._lock:
                try:
                    return body(self._live())
                finally:
                    if self._closed:  # by close() from inside, or another thread's
                        self._free()
        return self._marked(locked)

    def _marked(self, body: Callable[[], Any]) -> Any:
        """``body()`` with this thread marked busy with the player: stop()
        and signal handlers run on the thread that waits for a search, and
        a call of theirs on this player would wait for its own lock for
        ever; they are refused (ReentrantCallError), and their close()
        frees the player as the call returns."""
        me = threading.get_ident()
        if me in self._busy:
            self._live()  # closed, else:
            raise ReentrantCallError("the player is in use by the search this call was made "
                                     "from (its stop callable or a signal handler): only "
                                     "stop() and close() may be called there")
        try:
            self._busy.add(me)
            return body()
        finally:
            self._busy.discard(me)

    def _search(self, game: Game, stop: Optional[Callable[[], Any]],
                call: Callable[[Any, Any], int]) -> int:
        """:meth:`_run` on a copy of ``game``, which searches may change."""
        with game.clone() as copy:
            return self._run(copy, call, stop)

    def best_move(self, game: Game, **limits: Any) -> Move:
        """The move :meth:`choose` picks."""
        return self.choose(game, **limits).move

    def __call__(self, game: Game, rng: Any = None) -> Move:
        """A policy ``player(game, rng) -> move`` (``rng`` is not used: the
        player draws from its own seed)."""
        return self.best_move(game)

    def stop(self) -> None:
        """Ends the search in progress (from any thread): it returns its
        best move so far within a few milliseconds."""
        self._flag.value = 1

    def forget(self) -> None:
        """A new game: drops what was kept from earlier moves (the mcts
        tree, the alphabeta table)."""
        self._locked(_lib.packeis_player_forget)

    # -- life ----------------------------------------------------------------
    def _live(self) -> Any:
        if self._closed or not self._handle:
            raise ValueError("the player was closed")
        return self._handle

    def close(self) -> None:
        """Frees the player (later calls raise ValueError); a search in
        progress is stopped and waited for. From inside a search of this
        thread (its stop callable, a signal handler) the player is freed as
        the search returns its best move so far."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        self._closed = True
        self._flag.value = 1  # a search in progress ends first
        if threading.get_ident() in self._busy:
            return  # the call this thread is in frees it (_locked)
        with lock:
            self._free()

    def _free(self) -> None:
        """Frees the C player once (the lock held), even if an exception (a
        signal handler) interrupts this: the handle and the release are
        cleared with no call between them and the free, so a retry frees it
        or finds nothing. A player being collected in a cycle had its
        release free it already (its reference is dead): only forgotten."""
        handle, release = self._handle, self._release
        if not handle:
            return
        if release is not None and release() is None:
            self._handle = _NO_PLAYER
            return
        self._handle = _NO_PLAYER
        if release is not None:
            release._as_parameter_ = _NO_PLAYER
        _lib.packeis_player_free(handle)
        if release is not None:  # bookkeeping only, from here on
            self._release = None
            _handle._armed.pop(id(release), None)

    def __enter__(self) -> "Player":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # A signal handler raising in the middle is retried over; one
        # raising before the first line is not, and the release frees the
        # player then (_watch).
        for _ in range(1000):
            try:
                self.close()
                return
            except BaseException:  # noqa: B036 - nothing can be raised from here
                continue

    def __reduce__(self) -> Any:
        """Pickled (and copied) as its spec, its seed and the options set
        since, so that a copy plays as this player would: on a cluster's
        worker, in a copied environment."""
        return (_rebuild, (type(self), self.spec, self.seed, tuple(self._options_set.items())))

    def __repr__(self) -> str:
        return f"packeis.players.{type(self).__name__}({self.spec!r}, seed={self.seed})"


class _Kind(NamedTuple):
    """What a player's kind says of it (players.c's static table)."""

    name: str
    description: str
    options: dict
    analyses: bool


def _kind_of(handle: Any) -> _Kind:
    count = c_size_t()
    table = _lib.packeis_player_options(handle, byref(count))
    options = {o.name.decode(): Option(o.name.decode(), o.type.decode(), o.default_value.decode(),
                                       o.min, o.max, o.description.decode())
               for o in table[:count.value]}
    return _Kind(_lib.packeis_player_name(handle).decode(),
                 _lib.packeis_player_description(handle).decode(), options,
                 bool(_lib.packeis_player_analyses(handle)))


def _watch(player: Player, handle: Any) -> Any:
    """A weak reference to ``player`` whose callback is the C free function
    itself, called with ``handle`` as the player goes, with no Python code
    in between that anything could interrupt: a player whose ``__del__`` did
    not run to its end (an exception at its entry) is freed all the same
    (as games are: packeis._handle). :meth:`Player._free` disarms it."""
    release = _handle._Release(player, _lib.packeis_player_free)
    release._as_parameter_ = handle
    if len(_handle._armed) >= _handle._prune_at:
        _handle._prune()
    _handle._armed[id(release)] = release
    return release


def _rebuild(cls: type, spec: str, seed: int, options_set: tuple = ()) -> Player:
    player = cls.from_spec(spec, seed)
    for name, value in options_set:
        player.set_option(name, value)
    return player


def _core_check(status: int) -> None:
    from ._errors import check
    check(status)


class Random(Player):
    """A uniformly random legal move."""

    kind = "random"


class Greedy(Player):
    """Slides onto the richest destination; places where most fish lie within reach."""

    kind = "greedy"


class MonteCarlo(Player):
    """Flat Monte Carlo: random playouts after every legal move."""

    kind = "montecarlo"


class AlphaBeta(Player):
    """Iterative-deepening alpha-beta with a transposition table and an endgame solver."""

    kind = "alphabeta"


class MCTS(Player):
    """UCT Monte Carlo tree search with tree reuse and optional threads."""

    kind = "mcts"


class AZ(Player):
    """PUCT search guided by a policy/value network (the option ``weights``,
    a file of doc/formats.md "az weights"; packeis.learn trains them), with
    tree reuse and optional threads."""

    kind = "az"
