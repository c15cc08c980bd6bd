# SPDX-License-Identifier: MIT
"""A tournament of ``packeis-tournament`` with its games spread over the
workers: each task plays a slice of the schedule (``--games FIRST-LAST
--results FILE``; every game's board and seeds come from ``--seed`` alone)
and returns its result lines; the client merges them in task order and
``packeis-tournament --merge`` builds the table, exactly the table (and
``--json``, ``--csv``, ``--records``) of the whole tournament run on one
machine with the same arguments.

A task is a plain function: the program, its arguments and a range of game
numbers in, text lines out.

The merge checks each line (``packeis-tournament --merge``): the game's
record replays from the planned board to the fish and places the line
claims. What a record cannot show is a forfeit (a seat that ran out of
time, crashed or answered nonsense) or a game that could not be played: a
worker could claim one at any ply. So every game a worker says ended so is
played again here, on the client, and the client's own line is the one
merged. (That the seats chose the moves of a game that ended normally
cannot be checked short of playing it again: a worker is trusted that far.)
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from typing import Any, NamedTuple, Optional, Sequence

from ._tasks import DEFAULT_STALL_TIMEOUT, check_seconds, ranges, run_tasks

__all__ = ["TournamentResult", "count_games", "play_games", "tournament"]

RESULTS_HEADER = "packeis-tournament-results 2"
SCHEDULE_PREFIX = "schedule "  # the second line: the tournament's signature
#: Seconds a task's packeis-tournament may run, by default.
TASK_TIMEOUT = 3600.0


class TournamentResult(NamedTuple):
    """``table``: what packeis-tournament prints (the table, the
    forfeits); ``games`` and ``tasks``: how it was cut."""

    table: str
    games: int
    tasks: int


def _program(program: Optional[str]) -> str:
    found = program or os.environ.get("PACKEIS_TOURNAMENT") or shutil.which("packeis-tournament")
    if not found:
        raise FileNotFoundError("no packeis-tournament: give program=PATH or set "
                                "$PACKEIS_TOURNAMENT")
    return found


def _run(argv: Sequence[str], timeout: float) -> str:
    done = subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit status {done.returncode}: "
                           f"{done.stderr.strip()}")
    return done.stdout


def count_games(program: str, arguments: Sequence[str]) -> int:
    """The number of games of the tournament's schedule (``--count``)."""
    return int(_run([program, *arguments, "--count"], 60))


def play_games(program: str, arguments: Sequence[str], first: int, last: int,
               timeout: float = TASK_TIMEOUT) -> list[str]:
    """The task: plays games ``first ... last`` (from 1) of the schedule;
    its results file's schedule line, then the games' result lines
    (results.h of examples/tournament)."""
    with tempfile.TemporaryDirectory(prefix="packeis-tournament-") as scratch:
        path = os.path.join(scratch, "results.txt")
        _run([program, *arguments, "--quiet", "--games", f"{first}-{last}", "--results", path],
             timeout)
        with open(path) as file:
            lines = file.read().splitlines()
    if len(lines) != last - first + 3 or lines[0] != RESULTS_HEADER \
            or not lines[1].startswith(SCHEDULE_PREFIX):
        raise RuntimeError(f"games {first}-{last}: {len(lines) - 2} result lines")
    return lines[1:]


def _task_lines(lines: Any, first: int, last: int) -> list[str]:
    """A task's answer for games ``first ... last`` as the merge may read
    it: its schedule line, then one line of 12 fields for each of its
    games, none holding a line break (a line smuggled inside another would
    reach the merge unseen by the checks here), else RuntimeError."""
    what = f"the task of games {first}-{last}"
    if not isinstance(lines, list) or len(lines) != last - first + 2 or \
            not all(isinstance(line, str) for line in lines):
        raise RuntimeError(f"{what} answered {len(lines) if isinstance(lines, list) else 0} "
                           f"lines, not a schedule line and {last - first + 1} games")
    for line in lines:
        if "\n" in line or "\r" in line:
            raise RuntimeError(f"{what} answered a line holding a line break: {line[:80]!r}")
    for line in lines[1:]:
        fields = line.split("\t")
        if len(fields) != 12 or not fields[0].isascii() or not fields[0].isdigit():
            raise RuntimeError(f"{what} answered a line that is no game's: {line[:80]!r}")
    games = sorted(_game_of(line) for line in lines[1:])
    if games != list(range(first, last + 1)):
        raise RuntimeError(f"{what} answered games {games[:10]}...")
    return lines


def _forfeits_played_here(program: str, arguments: Sequence[str], lines: list[str],
                          timeout: float) -> list[str]:
    """A task's lines (checked: :func:`_task_lines`), the games it says
    ended by a forfeit or failed (fields 5 and 3 of results.h) played again
    here, in one run from the first to the last of them, and their lines
    replaced by this machine's."""
    claimed = {_game_of(line) for line in lines[1:] if _ended_early(line)}
    if not claimed:
        return lines
    again = play_games(program, arguments, min(claimed), max(claimed), timeout)[1:]
    here = {_game_of(line): line for line in again}
    return lines[:1] + [here[_game_of(line)] if _game_of(line) in claimed else line
                        for line in lines[1:]]


def _game_of(line: str) -> int:
    return int(line.split("\t")[0])


def _ended_early(line: str) -> bool:
    """Whether a game's line says it ended by a forfeit or failed."""
    fields = line.split("\t")
    return fields[4] != "-" or fields[2] != "0"


def tournament(arguments: Sequence[str], *, program: Optional[str] = None,
               games_per_task: int = 10, json: Optional[str] = None, csv: Optional[str] = None,
               records: Optional[str] = None, client: Any = None,
               progress: bool = False, timeout: float = TASK_TIMEOUT,
               stall_timeout: Optional[float] = DEFAULT_STALL_TIMEOUT) -> TournamentResult:
    """Runs ``packeis-tournament ARGUMENTS`` (participants, ``--boards``,
    ``--seed``, time control...; not ``--jobs``, ``--json``, ``--csv``,
    ``--records``, which are this function's) as tasks of
    ``games_per_task`` games on ``client`` (a Dask client; None: here).
    ``json``, ``csv`` and ``records`` are written as the program writes
    them."""
    program = _program(program)
    if os.sep in program:  # a path: the same file for every worker, wherever it runs
        program = os.path.abspath(program)
    arguments = [str(argument) for argument in arguments]
    for own in ("--json", "--csv", "--records", "--games", "--results", "--merge", "--count"):
        if any(a == own or a.startswith(own + "=") for a in arguments):
            raise ValueError(f"{own} is not an argument to pass through: it is the job's")
    if isinstance(games_per_task, bool) or not isinstance(games_per_task, int) \
            or games_per_task < 1:
        raise ValueError(f"games_per_task must be a positive integer, not {games_per_task!r}")
    timeout = check_seconds(timeout, "timeout")
    check_seconds(stall_timeout, "stall_timeout", none=True)
    total = count_games(program, arguments)
    slices = ranges(total, games_per_task)
    results = run_tasks(play_games, [(program, arguments, start + 1, stop, timeout)
                                     for start, stop in slices],
                        client=client, progress=progress, name="packeis-tournament",
                        stall_timeout=stall_timeout)
    if client is not None:
        results = [_forfeits_played_here(program, arguments,
                                         _task_lines(lines, start + 1, stop), timeout)
                   for lines, (start, stop) in zip(results, slices)]
    outputs = []
    for option, path in (("--json", json), ("--csv", csv), ("--records", records)):
        if path is not None:
            outputs += [option, path]
    with tempfile.TemporaryDirectory(prefix="packeis-tournament-") as scratch:
        merged = os.path.join(scratch, "results.txt")
        if not results:
            raise RuntimeError("the schedule has no game")
        with open(merged, "w") as file:
            # One schedule line: the program refuses a file of another
            # tournament's, and a task's own comes from the same arguments.
            file.write(RESULTS_HEADER + "\n" + results[0][0] + "\n")
            for lines in results:
                if lines[0] != results[0][0]:
                    raise RuntimeError(f"a task played another tournament: {lines[0]}")
                file.writelines(line + "\n" for line in lines[1:])
        table = _run([program, *arguments, "--quiet", "--merge", merged, *outputs], timeout)
    return TournamentResult(table, total, len(slices))
