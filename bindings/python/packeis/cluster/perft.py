# SPDX-License-Identifier: MIT
"""Distributed perft: the tree of a position cut at a split depth; each
line of moves of that length (a prefix) is a task that counts the subtree
below it with ``packeis_game_perft`` (:meth:`packeis.Game.perft`); the
counts are summed in prefix order. The total is the one-core perft's.

A task is a plain function: a saved position, its prefixes (moves in the
library's notation) and the depth left in, the counts out. On a cluster
each count is stopped in C (``packeis_game_perft_watched``, through
:meth:`packeis.Game.perft`'s ``stop`` and ``timeout``) when it runs past
the task's deadline (``task_timeout``, default :data:`DEFAULT_TASK_TIMEOUT`)
or when its client went away: the worker is free again at once. A task
stopped by its deadline fails the job with a message naming it (the
scheduler does not retry it: a retry would take as long).
"""
from __future__ import annotations

import time
from typing import Any, NamedTuple, Optional, Sequence, Union

from .._game import Game
from .._research import MAX_DEPTH
from .._errors import StoppedError
from ._bounded import TaskCancelledError, TaskDeadlineError, unwanted
from ._tasks import check_seconds, run_tasks

__all__ = ["PerftResult", "perft", "prefixes", "count_prefixes", "MAX_PREFIXES",
           "DEFAULT_TASK_TIMEOUT"]

#: Prefixes (lines of the split depth) a job lists at most: they are built
#: in Python on the client, one tuple each.
MAX_PREFIXES = 1_000_000
#: Seconds a perft task may count on a cluster before it is stopped.
DEFAULT_TASK_TIMEOUT = 3600.0

#: Split at the first depth with at least this many prefixes by default.
DEFAULT_MIN_PREFIXES = 256
#: Prefixes counted by one task at most, by default.
DEFAULT_PREFIXES_PER_TASK = 8


class PerftResult(NamedTuple):
    """``total``: the perft; ``divide``: the count below each first move,
    in the order of the legal moves (as :meth:`packeis.Game.divide`);
    ``split_depth`` and ``tasks``: how the tree was cut."""

    total: int
    divide: dict[str, int]
    split_depth: int
    tasks: int


def prefixes(game: Game, depth: int) -> list[tuple[str, ...]]:
    """Every line of ``depth`` actions from ``game``'s position, in the
    order of the legal moves (a line that ends the game sooner stops
    there), as move names. ``game`` is left as it was."""
    lines: list[tuple[str, ...]] = []

    def walk(line: tuple[str, ...], left: int) -> None:
        if left == 0 or game.is_over:
            lines.append(line)
            return
        for move in game.divide(1):  # the legal moves, in their order
            name = game.format_move(move)
            game.apply(move)
            try:
                walk(line + (name,), left - 1)
            finally:
                game.undo()

    walk((), depth)
    return lines


def count_prefixes(position: str, lines: Sequence[Sequence[str]], depth: int) -> list[int]:
    """The task: for each line of moves from the saved ``position``, the
    perft of ``depth`` minus its length below it (1 for a finished game)."""
    return _count(position, lines, depth)


def _count(position: str, lines: Sequence[Sequence[str]], depth: int,
           deadline: Optional[float] = None) -> list[int]:
    """:func:`count_prefixes`, each count stopped at ``deadline``
    (time.monotonic()) or when the Dask task is no longer wanted."""
    counts = []
    with Game.from_position(position) as game:
        for line in lines:
            for name in line:
                game.apply(game.parse_move(name))
            if game.is_over:
                counts.append(1)
            else:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                counts.append(game.perft(depth - len(line), stop=unwanted, timeout=left))
            for _ in line:
                game.undo()
    return counts


def count_prefixes_bounded(position: str, lines: Sequence[Sequence[str]], depth: int,
                           seconds: float, first: int) -> list[int]:
    """The cluster's task: :func:`count_prefixes`, stopped after
    ``seconds`` (:class:`TaskDeadlineError`) or when the job goes away
    (:class:`TaskCancelledError`)."""
    what = f"perft task of prefixes {first} ... {first + len(lines) - 1}"
    try:
        return _count(position, lines, depth, time.monotonic() + seconds)
    except StoppedError:
        if unwanted():
            raise TaskCancelledError(f"{what}: the job went away; stopped") from None
        raise TaskDeadlineError(f"{what} ran past its deadline of {seconds:g} s and was "
                                f"stopped") from None


def _check_counts(task: int, chunk: Sequence[Any], counts: Any) -> None:
    """Refuses a task's answer that is not one count (an int, not
    negative) per prefix it was given: a short list would drop prefixes
    from the sum, a float or a negative count would be summed as it is.
    (A count of the right form cannot be checked short of counting again.)"""
    if not isinstance(counts, (list, tuple)) or len(counts) != len(chunk) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts):
        raise RuntimeError(f"perft task {task} answered {len(chunk)} prefixes with "
                           f"{counts!r:.80}: not one count each; the job is not vouched for")


def _check_prefix_count(game: Game, split_depth: int) -> None:
    """Refuses a split depth with more than :data:`MAX_PREFIXES` prefixes,
    counted level by level in C (stopping at the first level over the
    bound, so the count itself stays short)."""
    for level in range(split_depth + 1):
        count = game.perft(level)
        if count > MAX_PREFIXES:
            raise ValueError(f"split depth {split_depth} gives more than {MAX_PREFIXES:,} "
                             f"prefixes ({count:,} at depth {level} already): use a smaller "
                             f"--split-depth")


def _split_depth(game: Game, depth: int, min_prefixes: int) -> int:
    """The least depth below ``depth`` with at least ``min_prefixes``
    prefixes (``depth - 1`` at most, 0 for a depth of 0 or 1)."""
    split = 0
    while split < depth - 1 and game.perft(split) < min_prefixes:
        split += 1
    return split


def perft(position: Union[Game, str], depth: int, *, split_depth: Optional[int] = None,
          prefixes_per_task: int = DEFAULT_PREFIXES_PER_TASK, client: Any = None,
          progress: bool = False,
          task_timeout: float = DEFAULT_TASK_TIMEOUT) -> PerftResult:
    """The perft of ``position`` (a :class:`packeis.Game` or a saved
    position's text) at ``depth``, counted as tasks on ``client`` (a Dask
    client; None: here). ``split_depth`` (default: the least giving
    :data:`DEFAULT_MIN_PREFIXES` prefixes) cuts the tree, into at most
    :data:`MAX_PREFIXES` prefixes; each task counts ``prefixes_per_task``
    consecutive prefixes, and on a cluster is stopped after
    ``task_timeout`` seconds (the job then fails, naming the task)."""
    text = position.save_position() if isinstance(position, Game) else str(position)
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an integer in 0 ... {MAX_DEPTH}, not {depth!r}")
    if isinstance(prefixes_per_task, bool) or not isinstance(prefixes_per_task, int) \
            or prefixes_per_task < 1:
        raise ValueError(f"prefixes_per_task must be a positive integer, not "
                         f"{prefixes_per_task!r}")
    with Game.from_position(text) as game:
        if split_depth is None:
            split_depth = _split_depth(game, depth, DEFAULT_MIN_PREFIXES)
        if isinstance(split_depth, bool) or not isinstance(split_depth, int) \
                or not 0 <= split_depth <= depth:
            raise ValueError(f"split_depth must be an integer in 0 ... {depth}, "
                             f"not {split_depth!r}")
        _check_prefix_count(game, split_depth)
        lines = prefixes(game, split_depth)
    task_timeout = check_seconds(task_timeout, "task_timeout")
    chunks = [lines[i:i + prefixes_per_task] for i in range(0, len(lines), prefixes_per_task)]
    if client is None:
        results = run_tasks(count_prefixes, [(text, chunk, depth) for chunk in chunks])
    else:
        tasks = [(text, chunk, depth, float(task_timeout), i * prefixes_per_task)
                 for i, chunk in enumerate(chunks)]
        results = run_tasks(count_prefixes_bounded, tasks, client=client, progress=progress,
                            name="packeis-perft", stall_timeout=task_timeout + 120)
    divide: dict[str, int] = {}
    for task, (chunk, counts) in enumerate(zip(chunks, results)):
        _check_counts(task, chunk, counts)
        for line, count in zip(chunk, counts):
            first = line[0] if line else ""
            divide[first] = divide.get(first, 0) + count
    return PerftResult(sum(divide.values()), divide if split_depth else {}, split_depth,
                       len(chunks))
