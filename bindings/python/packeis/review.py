# SPDX-License-Identifier: MIT
"""Game review: what each move of a game cost its player, by the players
library's one implementation (``packeis_player_review_game``, players.h
"game review"), as packeis-review reviews a record.

    >>> import packeis, json
    >>> result = packeis.review(["game.txt", game])   # paths, record texts, Games
    >>> print(json.dumps(result))                    # packeis-review --json's document
    >>> packeis.review.plot(result, game=1)          # the evaluation graph (matplotlib)

``packeis.review`` is this module, and calling it calls :func:`review`.
It loads libpackeis-players (:mod:`packeis.players`) on first use only, so
``import packeis`` works without it.

The result is plain dicts, lists, strings, numbers and None: the review
JSON of doc/formats.md ("Review (JSON)"), numbers rounded as packeis-review
writes them (values and losses to 4 decimals, accuracy to 2).
"""
from __future__ import annotations

import errno
import os
import re
import sys
import types
from collections.abc import Mapping
from ctypes import (CFUNCTYPE, POINTER, Structure, byref, c_double, c_int, c_size_t, c_uint16,
                    c_uint64, c_void_p)
from typing import Any, Callable, Iterable, Optional, Union

from . import _ffi
from ._args import U64, integer
from ._errors import InvalidArgumentError, PackeisError, StoppedError, check
from ._game import Game
from ._lib import lib as _core
from ._status import status_name
from ._review_plot import plot
from .players import (REVIEW_ESTIMATOR, REVIEW_SOLVER_NODES, AlphaBeta, Player, _check_layout,
                      _Limits, _lib)

__all__ = ["review", "plot", "JUDGEMENTS", "REVIEW_ESTIMATOR", "REVIEW_SOLVER_NODES"]

#: A ply's "judgement" by the C judgement 0 ... 3 (losses of at least
#: PACKEIS_PLAYER_INACCURACY 0.1, MISTAKE 0.2, BLUNDER 0.3).
JUDGEMENTS = ("good", "inaccuracy", "mistake", "blunder")
#: The seed of the players a review makes, packeis-review's: a review under
#: a node budget is the same on every run.
SEED = 1


class _Reviewer(Structure):
    _fields_ = [("estimator", c_void_p), ("limits", _Limits), ("solver", c_void_p),
                ("solver_nodes", c_uint64)]


class _Ply(Structure):
    _fields_ = [("ply", c_size_t), ("player", c_int), ("played", c_uint16), ("best", c_uint16),
                ("forced", c_int), ("has_value", c_int), ("exact", c_int),
                ("value_before", c_double), ("value_after", c_double), ("loss", c_double),
                ("accuracy", c_double), ("has_margin", c_int), ("margin_before", c_double),
                ("margin_after", c_double), ("fish_loss", c_double), ("judgement", c_int),
                ("nodes", c_uint64)]


class _Summary(Structure):
    _fields_ = [("moves", c_size_t), ("forced", c_size_t), ("unvalued", c_size_t),
                ("exact", c_size_t), ("average_loss", c_double), ("accuracy", c_double),
                ("inaccuracies", c_size_t), ("mistakes", c_size_t), ("blunders", c_size_t),
                ("fish_lost", c_double)]


# The library's structs must be these (players.py checked its own).
_check_layout(_lib, getattr(_lib, "_name", "libpackeis-players"), "packeis.review",
              {"packeis_player_reviewer_size": _Reviewer,
               "packeis_player_review_ply_size": _Ply,
               "packeis_player_review_summary_size": _Summary})

_ON_PLY = CFUNCTYPE(None, c_void_p, POINTER(_Ply), c_size_t, c_size_t)
_NO_CALLBACK = _ON_PLY()  # NULL: progress is reported from Python, between plies
_lib.packeis_player_review_game.restype = c_int
_lib.packeis_player_review_game.argtypes = [POINTER(_Reviewer), c_void_p, c_size_t, c_size_t,
                                            POINTER(_Ply), POINTER(c_size_t), _ON_PLY, c_void_p]
_lib.packeis_player_review_summarize.restype = c_int
_lib.packeis_player_review_summarize.argtypes = [POINTER(_Ply), c_size_t, c_int,
                                                 POINTER(_Summary)]

#: What may be reviewed: a Game, a record's text, a record file's path.
Reviewable = Union[Game, str, "os.PathLike[str]"]


class _Stopped(Exception):
    """The estimator's stop() during a review (Ctrl-C is KeyboardInterrupt)."""


class _BadRecord(Exception):
    """A record that cannot be reviewed: packeis-review's line saying why."""


# -- what to review ----------------------------------------------------------
def _items(games: Any) -> list:
    """``games`` as a list of reviewables: one, or an iterable of them
    (not a mapping, whose keys iteration would give), each checked."""
    if isinstance(games, (Game, str, os.PathLike)):
        games = [games]
    elif (isinstance(games, (bytes, bytearray, Mapping))
          or not hasattr(games, "__iter__")):
        hint = " (its values: list(games.values()))" if isinstance(games, Mapping) else ""
        raise TypeError(f"review() takes a Game, a record's text, a path or an iterable of "
                        f"them, not {type(games).__name__}{hint}")
    items = list(games)
    for number, item in enumerate(items, 1):
        if not isinstance(item, (Game, str, os.PathLike)):
            raise TypeError(f"review() reviews Games, record texts and paths, not "
                            f"{type(item).__name__} (game {number})")
        if isinstance(item, Game) and item.closed:
            raise ValueError(f"review() was given a closed Game (game {number})")
        if not isinstance(item, Game) and not _is_record_text(item):
            _check_path(item, number)
    return items


def _check_path(item: Any, number: int) -> None:
    """ValueError for a path no file can have: a NUL in it, or a character
    the file system's encoding has no bytes for (open() would raise at
    the game's turn, and the games reviewed before would be lost)."""
    try:
        path = os.fsencode(item)
    except UnicodeEncodeError as fault:
        raise ValueError(f"review(): the path of game {number} cannot be encoded for the file "
                         f"system (a lone surrogate at {fault.start}): {item!r}") from None
    if b"\0" in path:
        raise ValueError(f"review(): the path of game {number} has a NUL character: {item!r}")


def _is_record_text(item: Any) -> bool:
    """A str is a record's text when it starts (past blanks) with a '['
    (every record opens with [Game "packeis"]), else a path."""
    return isinstance(item, str) and item.lstrip().startswith("[")


def _source(item: Any, number: int) -> str:
    """The review's "source": the path as given, else "game N" (from 1)."""
    if isinstance(item, Game) or _is_record_text(item):
        return f"game {number}"
    return os.fsdecode(item)


_APPLYING = {_ffi.PACKEIS_E_WRONG_PHASE, _ffi.PACKEIS_E_GAME_OVER, _ffi.PACKEIS_E_OCCUPIED,
             _ffi.PACKEIS_E_NOT_ONE_FISH, _ffi.PACKEIS_E_NOT_YOUR_PENGUIN,
             _ffi.PACKEIS_E_NOT_IN_LINE, _ffi.PACKEIS_E_BLOCKED_BY_PENGUIN,
             _ffi.PACKEIS_E_BLOCKED_BY_GAP, _ffi.PACKEIS_E_OUT_OF_RANGE}


_GAME_LINE = '[Game "packeis"]'
#: A str that cannot be UTF-8 (a record's text built from bytes decoded
#: with surrogateescape): such characters are read as a file's bytes that
#: are not UTF-8 are, U+FFFD.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _fault(text: str, stop: int, status: int) -> str:
    """Where the library stopped reading a record, in packeis-review's
    words (examples/review/record.c), ending in ": ", or ""."""
    first_line = text.find("\n") if "\n" in text else len(text)
    if stop <= first_line and not text.startswith(_GAME_LINE):
        return f"not a game record (no {_GAME_LINE} line first): "
    if stop >= len(text):
        return "the record ends early: "
    return _action(text, stop, status)


def _action(text: str, stop: int, status: int) -> str:
    """The fault among the actions: "action N (MOVE) cannot be played: " for
    a move the rules refuse, "action N (MOVE): " for a name no move of the
    board has, "action number 'TEXT' (expected N.): ", the Result line's
    mismatch; "" before the actions."""
    plies = re.search(r"^\[Plies [^\n]*", text, re.MULTILINE)
    if not plies or stop <= plies.end():
        return ""
    number = 0
    for token in re.finditer(r"[^ \t\r\n]+", text[plies.end():]):
        start, end, word = plies.end() + token.start(), plies.end() + token.end(), token.group()
        if word.startswith("["):
            return "the Result line does not match the game replayed: "
        numbered = re.fullmatch(r"[0-9]+\.", word)
        if not start <= stop < end:
            number = int(word[:-1]) if numbered else number
            continue
        if numbered or number == 0:
            return f"action number '{word[:32]}' (expected {number + 1}.): "
        played = " cannot be played" if status in _APPLYING else ""
        return f"action {number} ({word[:32]}){played}: "
    return ""


def _record_error(source: str, text: str, error: PackeisError) -> str:
    """packeis-review's line for a record the library refused:
    "PATH:LINE:COLUMN: action 2 (a1) cannot be played: REASON (STATUS)"
    (kept word for word with examples/review/record.c: the tests compare
    them)."""
    stop = min(error.stop or 0, len(text))
    line = text.count("\n", 0, stop) + 1
    column = stop - (text.rfind("\n", 0, stop) + 1) + 1
    reason = _core.packeis_strerror(error.status).decode()
    return (f"{source}:{line}:{column}: {_fault(text, stop, error.status)}{reason} "
            f"({status_name(error.status)})")


#: The longest record file read, packeis-review's (examples/review/record.c:
#: a record on the standard board is under 8 KB).
RECORD_MAX = 64 << 20


def _read(path: Any, source: str) -> str:
    """A record file's text, or _BadRecord as packeis-review says it: past
    RECORD_MAX bytes, "File too large" (a file given by mistake: an image,
    /dev/zero, which was read until memory ran out). A FIFO is waited for,
    as packeis-review waits (Ctrl-C stops the review there)."""
    try:
        with open(path, "rb") as file:
            data = file.read(RECORD_MAX + 1)
    except OSError as error:
        raise _BadRecord(f"{source}: {error.strerror or error}") from None
    if len(data) > RECORD_MAX:
        raise _BadRecord(f"{source}: {os.strerror(errno.EFBIG)}")
    return data.decode("utf-8", "replace")


def _load(item: Any, source: str) -> Game:
    """The game to review (a copy, for a Game), or _BadRecord with the line
    packeis-review writes."""
    if isinstance(item, Game):
        return item.clone()
    text = _LONE_SURROGATE.sub("\ufffd", item) if isinstance(item, str) else item
    if not _is_record_text(item):
        text = _read(item, source)
    try:
        return Game.from_record(text)
    except MemoryError:
        raise
    except PackeisError as error:
        raise _BadRecord(_record_error(source, text, error)) from None


# -- the reviewer ------------------------------------------------------------
def _spec_of(player: Player, nodes: Optional[int], seconds: Optional[float]) -> str:
    """The estimator as one seat spec, a budget given folded in (as
    packeis-review writes it): "mcts:20000,threads=2" with nodes=5000 is
    "mcts:threads=2,5000"."""
    name, _, rest = player.spec.partition(":")
    items = [item for item in rest.split(",") if item]
    items += [f"{key}={value}" for key, value in player._options_set.items()]
    if nodes is not None or seconds is not None:
        items = [item for item in items if "=" in item]
        items += [str(nodes)] if nodes is not None else []
        items += [f"{seconds:g}s"] if seconds is not None else []
    return f"{name}:{','.join(items)}" if items else name


class _Setup:
    """The C reviewer and the players behind it (those made here closed
    by :meth:`close`)."""

    def __init__(self, player: Union[Player, str, None], nodes: Optional[int],
                 seconds: Optional[float], solver_nodes: Optional[int]) -> None:
        self.made: list = []
        try:
            self._make(player, nodes, seconds, solver_nodes)
        except BaseException:
            self.close()
            raise

    def _make(self, player: Union[Player, str, None], nodes: Optional[int],
              seconds: Optional[float], solver_nodes: Optional[int]) -> None:
        if player is None or isinstance(player, str):  # "" is refused, as packeis-review does
            player = Player.from_spec(REVIEW_ESTIMATOR if player is None else player, SEED)
            self.made.append(player)
        elif not isinstance(player, Player):
            raise TypeError(f"player must be a packeis.players.Player, a seat spec or None, "
                            f"not {type(player).__name__}")
        self.estimator = player
        if not player.analyses:
            raise InvalidArgumentError(f"'{player.spec}': {player.name} values no move, so it "
                                       f"cannot review (mcts, az, montecarlo and alphabeta can)")
        self.solver_nodes = REVIEW_SOLVER_NODES if solver_nodes is None else integer(
            solver_nodes, "solver_nodes")
        if not 0 <= self.solver_nodes <= U64:
            raise ValueError(f"solver_nodes must be 0 (no solver) to 2**64-1, got "
                             f"{self.solver_nodes}")
        limits = player._limits(nodes, seconds)
        self.spec = _spec_of(player, nodes, seconds)
        self.solver = AlphaBeta(seed=SEED) if self.solver_nodes else None
        if self.solver is not None:
            self.made.append(self.solver)
        self.reviewer = _Reviewer(None, limits, self.solver._live() if self.solver else None,
                                  self.solver_nodes)

    def new_game(self) -> None:
        """The players forget what they kept, so a game's review does not
        depend on the games reviewed before it."""
        for player in (self.estimator, self.solver):
            if player is not None:
                player.forget()

    def review_ply(self, game: Game, index: int) -> _Ply:
        """Ply ``index`` of ``game``'s history reviewed; _Stopped when the
        estimator's stop flag ended it (Ctrl-C, raised after, or stop())."""
        ply, done = _Ply(), c_size_t()

        def call(handle: Any, game_handle: Any) -> int:
            # The solver too is held while the helper thread reviews: a
            # caller whose wait an exception ended closes the players.
            if self.solver is None:
                return run(handle, None, game_handle)
            with self.solver._lock:
                return run(handle, self.solver._live(), game_handle)

        def run(handle: Any, solver: Any, game_handle: Any) -> int:
            self.reviewer.estimator, self.reviewer.solver = handle, solver
            return _lib.packeis_player_review_game(byref(self.reviewer), game_handle, index, 1,
                                                   byref(ply), byref(done), _NO_CALLBACK, None)
        status = self.estimator._run(game, call)
        if status == StoppedError.status:
            raise _Stopped()
        check(status)
        return ply

    def close(self) -> None:
        """Closes the players made here, every one even if Ctrl-C lands
        meanwhile (raised once they are closed)."""
        interrupted = None
        for player in self.made:
            for _ in range(100):
                try:
                    player.close()
                    break
                except KeyboardInterrupt as error:
                    interrupted = error
        if interrupted is not None:
            raise interrupted


# -- the review as JSON values -----------------------------------------------
def _fixed(value: float, digits: int) -> float:
    """As C's "%.Nf" writes it (never -0)."""
    return round(value, digits) + 0.0


def _g(value: float) -> Union[int, float]:
    """As C's "%g" writes it: an int when whole (a fish margin)."""
    number = float(f"{value:g}") + 0.0
    return int(number) if number.is_integer() else number


def _ply_entry(game: Game, p: _Ply) -> dict:
    valued = bool(p.has_value and not p.forced)
    exact = valued and bool(p.exact)
    margins = exact and bool(p.has_margin)
    costed = valued or bool(p.forced)
    return {
        "ply": p.ply, "player": p.player,
        "played": game.format_move(p.played), "best": game.format_move(p.best),
        "forced": bool(p.forced), "valued": valued, "exact": exact,
        "value_before": _fixed(p.value_before, 4) if valued else None,
        "value_after": _fixed(p.value_after, 4) if valued else None,
        "loss": _fixed(p.loss, 4) if costed else None,
        "accuracy": _fixed(p.accuracy, 2) if costed else None,
        "judgement": JUDGEMENTS[p.judgement] if valued and 0 <= p.judgement < 4 else "good",
        "margin_before": _g(p.margin_before) if margins else None,
        "margin_after": _g(p.margin_after) if margins else None,
        "fish_loss": _g(p.fish_loss) if margins else None,
        "nodes": p.nodes,
    }


def _summary(plies: list, players: int) -> list:
    raw = (_Ply * max(len(plies), 1))(*plies)
    out = (_Summary * players)()
    if _lib.packeis_player_review_summarize(raw, len(plies), players, out):
        raise InvalidArgumentError(f"cannot sum up a review of {players} players")
    return [{"player": p, "moves": s.moves, "forced": s.forced, "unvalued": s.unvalued,
             "exact": s.exact, "average_loss": _fixed(s.average_loss, 4),
             "accuracy": _fixed(s.accuracy, 2), "inaccuracies": s.inaccuracies,
             "mistakes": s.mistakes, "blunders": s.blunders, "fish_lost": _g(s.fish_lost)}
            for p, s in enumerate(out)]


def _game_entry(source: str, game: Game, plies: list, complete: bool) -> dict:
    return {"source": source, "players": game.players,
            "plies": [_ply_entry(game, p) for p in plies],
            "summary": _summary(plies, game.players), "complete": complete}


# -- the review ----------------------------------------------------------------
def review(games: Union[Reviewable, Iterable[Reviewable]], *,
           player: Union[Player, str, None] = None, nodes: Optional[int] = None,
           seconds: Optional[float] = None, solver_nodes: Optional[int] = None,
           progress: Optional[Callable[[int, int, int, int], Any]] = None) -> dict:
    """Reviews every ply of every game and returns the review JSON of
    doc/formats.md ("Review (JSON)") as dicts: ``json.dumps`` of it is
    packeis-review --json's document (the same values; the spacing is
    Python's).

    :param games: one game or an iterable of them, each a
        :class:`packeis.Game` (its history from where it started), a
        record's text (a str starting with ``[``, as records do) or the path
        of a record file (any other str, or an ``os.PathLike``). The
        "source" of a path is the path as given, of the others "game N"
        (N its place in ``games``, from 1).
    :param player: the estimator, which values the moves where the solver
        does not finish: a :class:`packeis.players.Player` that analyses
        (it forgets what it kept before each game), a seat spec, or None for
        ``"mcts:20000"`` (``REVIEW_ESTIMATOR``); specs are made with seed 1,
        as packeis-review makes them.
    :param nodes, seconds: the estimator's budget a position, replacing
        the spec's (as packeis-review --budget).
    :param solver_nodes: the exact solver's budget a position (alphabeta,
        2-player games): None for 200,000 (``REVIEW_SOLVER_NODES``), 0 for
        no solver.
    :param progress: ``progress(game_index, games, plies_done, plies)``,
        called after each ply (``game_index`` from 0).

    A record that cannot be read or replayed gets an entry with "source"
    and "error" (``"bad.txt:9:10: action 2 (a1) cannot be played: a penguin
    is already on that floe (PACKEIS_E_OCCUPIED)"``; past 64 MB: ``"File too
    large"``) and the others are reviewed. A path is read as packeis-review
    reads it: a FIFO is waited for until its writer closes it. Ctrl-C
    (KeyboardInterrupt, also from ``progress``) stops the review wherever
    it lands once the players are made: the game under way keeps the plies
    finished, with "complete" false, the games after it are left out, and
    the result is returned (a second Ctrl-C while it is put together is
    raised).

    :raises TypeError, ValueError: bad arguments (before any review);
        :class:`packeis.InvalidArgumentError` for a player that values no
        move (random, greedy).
    """
    items = _items(games)
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable(game_index, games, plies_done, plies)")
    setup = _Setup(player, nodes, seconds, solver_nodes)
    run = _Run(setup, len(items), progress)
    result = {"format": "packeis-review", "version": 1,
              "reviewer": {"estimator": setup.spec, "solver_nodes": setup.solver_nodes},
              "games": run.entries}
    try:  # from here on, a first Ctrl-C wherever it lands returns the result
        try:
            for index, item in enumerate(items):
                if run.review_one(item, index):
                    break
        finally:
            setup.close()
    except KeyboardInterrupt:
        run.interrupted()
    return result


class _Run:
    """The entries of a review as they are made, and whether Ctrl-C stopped
    it: the first stops the review wherever it lands (in a search, between
    plies, as an entry is put together, as a copy or a player is closed),
    a second while the result is put together is raised."""

    def __init__(self, setup: _Setup, count: int, progress: Any) -> None:
        self.setup, self.count, self.progress = setup, count, progress
        self.entries: list = []
        self.stopped = False  # by Ctrl-C

    def interrupted(self) -> None:
        """Called in an ``except KeyboardInterrupt``: the review stops, or
        the exception is raised again if it had already."""
        if self.stopped:
            raise  # noqa: PLE0704 - the KeyboardInterrupt being handled
        self.stopped = True

    def review_one(self, item: Any, index: int) -> bool:
        """Appends ``item``'s entry (none if Ctrl-C came before its review
        began) and says whether the review stops here (Ctrl-C, the
        estimator's stop()): the entry then holds the plies done, "complete"
        false."""
        source = _source(item, index + 1)
        try:
            game = _load(item, source)
        except _BadRecord as error:
            self.entries.append({"source": source, "error": str(error)})
            return False
        with game:
            plies: list = []
            stopped = True
            try:
                total = game.ply_count
                self.setup.new_game()
                for ply in range(total):
                    plies.append(self.setup.review_ply(game, ply))
                    if self.progress is not None:
                        self.progress(index, self.count, len(plies), total)
                stopped = False
            except KeyboardInterrupt:
                self.interrupted()
            except _Stopped:
                pass
            try:
                self.entries.append(_game_entry(source, game, plies, not stopped))
            except KeyboardInterrupt:  # as the entry was put together: kept, "stopped"
                self.interrupted()
                stopped = True
                self.entries.append(_game_entry(source, game, plies, False))
        return stopped


class _CallableModule(types.ModuleType):
    """This module, callable: ``packeis.review(...)`` is :func:`review`,
    while ``packeis.review.plot`` stays reachable."""

    def __call__(self, *args: Any, **kwargs: Any) -> dict:
        return review(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
