# SPDX-License-Identifier: MIT
"""python3 -m packeis.cluster {selfplay,tournament,perft,verify} [--scheduler
ADDR | --scheduler-file FILE | --local N] ...: the jobs of packeis.cluster
from the command line (doc/cluster.md). Without a cluster option the job
runs in this process. Failures are one line on standard error (status 1);
Dask's own log lines are shown with --verbose only."""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import logging
import sys
import time
from typing import Any, Optional, Sequence

from .._errors import PackeisError
from . import connect


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return value


def _natural(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"not an integer >= 0: {text!r}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python3 -m packeis.cluster", description=__doc__)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDR", help="a Dask scheduler (tcp://host:8786)")
    where.add_argument("--scheduler-file", metavar="FILE", help="a Dask scheduler's file")
    where.add_argument("--local", metavar="N", type=_positive,
                       help="a cluster of N worker processes on this machine")
    parser.add_argument("--no-progress", action="store_true", help="no progress count")
    parser.add_argument("--verbose", action="store_true", help="Dask's log lines too")
    parser.add_argument("--timeout", type=_seconds, default=30.0,
                        help="seconds to reach the scheduler (and for its file to appear) "
                             "and for a first worker (default 30)")
    parser.add_argument("--stall-timeout", type=_seconds, default=None,
                        help="on a cluster, stop when no task finished for this many seconds "
                             "(default 1800; perft: its --task-timeout + 120)")
    jobs = parser.add_subparsers(dest="job", required=True)

    selfplay = jobs.add_parser("selfplay", help="self-play data as .npz shards")
    selfplay.add_argument("--out", required=True, help="the directory of the shards")
    selfplay.add_argument("--games", type=_positive, required=True)
    selfplay.add_argument("--seat", action="append", metavar="SPEC",
                          help="a seat per player, as packeis-play's (examples/README.md): "
                               "NAME[:STRENGTH], engine:COMMAND or python:random "
                               "(default: random games in the vector env)")
    selfplay.add_argument("--players", type=_positive, default=None,
                          help="players a game with the vector env (default 2)")
    selfplay.add_argument("--shard-games", type=_positive, default=1000)
    selfplay.add_argument("--seed", type=_natural, default=0)
    selfplay.add_argument("--engine", help="the packeis-engine program")
    selfplay.add_argument("--nodes", type=_positive, help="node budget of an engine's move")
    selfplay.add_argument("--no-rotate", action="store_true", help="player s always in seat s")
    selfplay.add_argument("--no-compress", action="store_true", help="stored, not deflated")

    tournament = jobs.add_parser("tournament", help="packeis-tournament over the workers",
                                 description="The arguments after -- go to "
                                             "packeis-tournament.")
    tournament.add_argument("--program", help="the packeis-tournament program")
    tournament.add_argument("--games-per-task", type=_positive, default=10)
    tournament.add_argument("--json", help="the table and every game as JSON")
    tournament.add_argument("--csv", help="the table as CSV")
    tournament.add_argument("--records", help="every game record into this directory")
    tournament.add_argument("arguments", nargs="+",
                            help="packeis-tournament's arguments (after --)")

    perft = jobs.add_parser("perft", help="perft of a position over the workers")
    perft.add_argument("--position", help="a saved position (default: a new game)")
    perft.add_argument("--seed", type=_natural, default=0, help="the new game's board")
    perft.add_argument("--players", type=_positive, default=2, help="the new game's players")
    perft.add_argument("--depth", type=_natural, required=True)
    perft.add_argument("--split-depth", type=_natural)
    perft.add_argument("--prefixes-per-task", type=_positive, default=8)
    perft.add_argument("--divide", action="store_true", help="the count below each first move")
    perft.add_argument("--task-timeout", type=_seconds, default=3600.0,
                       help="on a cluster, stop a task (and the job) counting longer than this "
                            "(default 3600 s)")

    verify = jobs.add_parser("verify", help="check a finished self-play directory end to end")
    verify.add_argument("directory")
    return parser


def _selfplay(args: argparse.Namespace, client: Any) -> None:
    from .selfplay import selfplay
    setup = {"players": args.players} if args.players else None
    if args.seat and args.players and args.players != len(args.seat):
        raise ValueError(f"--players {args.players} but {len(args.seat)} --seat")
    result = selfplay(args.out, args.games, args.seat or "vector", seed=args.seed,
                      shard_games=args.shard_games, setup=setup if not args.seat else None,
                      engine=args.engine, nodes=args.nodes, rotate=not args.no_rotate,
                      compress=not args.no_compress, client=client,
                      progress=not args.no_progress, **_stall(args))
    m = result.manifest
    replaced = "".join(f"; shard {index} was corrupt: moved aside to {name}, played again"
                       for index, name in sorted(result.replaced.items()))
    print(f"{m['games']} games, {m['plies']} plies, {len(m['shards'])} shards "
          f"({len(result.played)} played, {len(result.skipped)} found done and verified), "
          f"{m['bytes']} bytes in {args.out}{replaced}")


def _stall(args: argparse.Namespace) -> dict:
    return {} if args.stall_timeout is None else {"stall_timeout": args.stall_timeout}


def _verify(args: argparse.Namespace, client: Any) -> None:
    from .selfplay import verify
    report = verify(args.directory)
    for problem in report.problems:
        print(problem)
    if report.problems:
        raise ValueError(f"{args.directory}: {len(report.problems)} problem(s) (above)")
    print(f"{args.directory}: {report.shards} shards, {report.games} games, {report.plies} "
          f"plies: every shard verified against the manifest")


def _tournament(args: argparse.Namespace, client: Any) -> None:
    from .tournament import tournament
    result = tournament(args.arguments, program=args.program,
                        games_per_task=args.games_per_task, json=args.json, csv=args.csv,
                        records=args.records, client=client, progress=not args.no_progress,
                        **_stall(args))
    sys.stdout.write(result.table)


def _perft(args: argparse.Namespace, client: Any) -> None:
    from .._game import Game
    from .perft import perft
    if args.position is not None:
        position = args.position
    else:
        with Game(seed=args.seed, players=args.players) as game:
            position = game.save_position()
    result = perft(position, args.depth, split_depth=args.split_depth,
                   prefixes_per_task=args.prefixes_per_task, client=client,
                   progress=not args.no_progress, task_timeout=args.task_timeout)
    if args.divide:
        for move, count in result.divide.items():
            print(f"{move} {count}")
    print(result.total)


def _quiet_dask() -> None:
    """Dask's, Tornado's and asyncio's log lines (tracebacks of a lost
    scheduler, "Future exception was never retrieved" after a worker died)
    off: the job says what went wrong in one line."""
    try:
        import distributed  # noqa: F401  (its loggers exist, with their levels, once imported)
    except ImportError:
        pass
    names = ("distributed", "tornado", "asyncio")
    for name in [n for n in list(logging.root.manager.loggerDict) if n.split(".")[0] in names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _parser().parse_args(argv)
    if not args.verbose:
        _quiet_dask()
    started = time.perf_counter()
    jobs = {"selfplay": _selfplay, "tournament": _tournament, "perft": _perft,
            "verify": _verify}
    try:
        if args.job == "verify":
            _verify(args, None)
        else:
            with connect(scheduler=args.scheduler, local=args.local,
                         scheduler_file=args.scheduler_file, timeout=args.timeout) as client:
                try:
                    jobs[args.job](args, client)
                except Exception:
                    if client is not None and client.status != "running":
                        raise concurrent.futures.CancelledError() from None  # said below
                    raise
    except (concurrent.futures.CancelledError, asyncio.CancelledError):
        print(f"python3 -m packeis.cluster {args.job}: lost the scheduler (its tasks were "
              f"cancelled); rerun the job on a running cluster: finished shards are kept",
              file=sys.stderr)
        return 1
    except ImportError as error:  # raised on a worker without the package
        print(f"python3 -m packeis.cluster {args.job}: a worker cannot import {error.name or error}"
              f": install the package on every worker", file=sys.stderr)
        return 1
    except (ValueError, TypeError, OSError, RuntimeError, PackeisError) as error:
        print(f"python3 -m packeis.cluster {args.job}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"python3 -m packeis.cluster {args.job}: interrupted", file=sys.stderr)
        return 1
    print(f"{args.job}: {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
