# SPDX-License-Identifier: MIT
"""Self-play data: N games between given players, cut into shards of
``shard_games`` games; each shard is a task (its games' boards and the
players' seeds come from the job's seed and the shard's number alone) that
writes one ``.npz`` file; the client writes ``manifest.json`` once every
shard is there. Rerunning the job skips the shards already written, once
each is verified (every member's CRC, every array's dtype and shape:
:func:`packeis.cluster._shards.verify_shard`; its games played again:
:func:`verify_games`); a shard that fails is moved aside as
``shard-NNNNN.npz.bad-N`` (kept for inspection) and played again. The
manifest records only checksums computed from the bytes of a verified
shard; :func:`verify` checks a finished directory end to end. A task run
twice (its worker died after writing) writes the same bytes again under a
temporary name and renames it over the first, so no shard is ever torn or
doubled.

The directory is made absolute on the client before it is sent, and each
task checks that it sees the client's marker file there
(``.packeis-job-*``): a worker that cannot see the directory (another
machine without that file system) fails with a message naming it, instead
of writing its shards elsewhere.

A shard ``shard-NNNNN.npz`` holds (P plies, G games, K players):

- ``obs``: P x 25 uint64, the compact observation of the player to act
  before each ply (``packeis_game_observe_bits``, players numbered from the
  player to act: a cell set per plane, the fish and floes won as numbers;
  :func:`packeis.vector.bits_to_mask`-like unpacking gives the planes);
- ``legal``: P x 64 uint64, the legal moves as a bit mask (bit ``m % 64``
  of word ``m // 64``; :func:`packeis.vector.bits_to_mask` unpacks it);
- ``actions``: P uint16, the move played; ``to_act``: P int8, its player;
- ``game_start``: G + 1 int64, game ``g``'s plies are
  ``game_start[g] ... game_start[g + 1] - 1``;
- ``rewards``: G x K float32, the final reward of each player
  (``packeis_game_reward``: 1 a sole winner ... -1 a sole last, summing to
  0); ``fish``: G x K int16, the fish won;
- ``board_seeds``: G uint64; ``seat_players``: G x K int8, which of the
  job's players sat in each seat (seats rotate game by game with
  ``rotate``);
- ``records``: G str, the game records (``packeis_game_save_record``:
  :meth:`packeis.Game.from_record` replays them);
- ``meta``: a JSON string, what made the shard (the job's parameters, the
  shard's number and games).

With ``record_policy=True`` (data for learning, doc/learn.md) every seat is
a search player in process (a built-in spec such as ``"mcts:800"`` or
``"az:800,weights=FILE"``, or a :class:`packeis.players.Player`), and a
shard also holds the search's visits over the root moves of each ply (the
policy target; the value target is ``rewards`` of the player to act):

- ``policy_start``: P + 1 int64, ply ``p``'s root moves are entries
  ``policy_start[p] ... policy_start[p + 1] - 1`` of
- ``policy_moves``: L uint16, legal moves in increasing order, and
- ``policy_visits``: L uint32, the playouts the search gave each (a ply
  whose search reported no visits, a single legal move say, counts the
  move played once), and
- ``policy_value``: P float32, the search's own value of the position for
  the player to act, on the reward's scale (-1 ... 1: ``2 * score - 1`` of
  the report of montecarlo, mcts or az, the win estimate of the move it
  chose), NaN where the search gave none (a single legal move; alphabeta,
  whose score is a fish margin). A value target with far less noise than
  the game's result (doc/learn.md, "Training").
"""
from __future__ import annotations

import contextlib
import glob
import json
import os
import time
from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np

from .._args import integer
from .._envs import check_flag
from .._game import Game
from ..batch import MAX_GAMES
from ..vector import VectorEnv
from ._seats import CallableSeat, PlayerSeat, Vector, check_engine_seats, check_seat, open_seat
from ._replay import check_replay, record_games, seating, task_boards
from ._shards import CorruptShardError, ShardCheck, quarantine, verify_shard, write_shard
from ._tasks import DEFAULT_STALL_TIMEOUT, check_seconds, ranges, run_tasks, write_atomically

__all__ = ["FORMAT", "MAX_SHARDS", "SelfPlayResult", "VerifyReport", "load_manifest",
           "play_shard", "selfplay", "verify"]

#: Shards of one job at most (each is a task the client builds and tracks).
MAX_SHARDS = 100_000

FORMAT = "packeis-selfplay 1"
MANIFEST = "manifest.json"
_U64_MAX = 2**64 - 1


class SelfPlayResult(NamedTuple):
    """``manifest``: what ``manifest.json`` holds; ``played`` and
    ``skipped``: the shards written by this run and those found done
    (verified); ``replaced``: the shards found corrupt, each moved aside
    (shard index -> the name it was moved to) and played again."""

    manifest: dict
    played: list[int]
    skipped: list[int]
    replaced: dict = {}


def shard_name(index: int) -> str:
    return f"shard-{index:05d}.npz"


def describe(player: Any) -> str:
    """A player as the manifest names it."""
    if isinstance(player, Vector):
        player = player.policy
        prefix = "vector:"
    else:
        prefix = ""
    if isinstance(player, str):
        return prefix + player
    return prefix + f"{getattr(player, '__module__', '?')}.{getattr(player, '__qualname__', player)}"


# ---- the task ---------------------------------------------------------------

def _searched(seat: Any, game: Game, nodes: Optional[int]) -> tuple[Any, list[tuple[int, int]]]:
    """A search seat's move and its visits per root move (increasing move
    values; the move played once if the search reported none)."""
    from ..players import Player  # noqa: PLC0415
    if isinstance(seat, PlayerSeat):
        player, nodes = seat.player, seat.nodes
    elif isinstance(seat, CallableSeat) and isinstance(seat.player, Player):
        player = seat.player
        nodes = None if player.default_seconds or player.default_nodes else nodes
    else:
        raise TypeError("record_policy: every seat must be a search player in process")
    report = player.choose(game, nodes=nodes)
    visits = sorted((int(move), int(count)) for move, count in report.visits.items() if count > 0)
    return report.move, visits or [(int(report.move), 1)], _search_value(player.name, report)


#: The players whose report's score is a win estimate, 0 ... 1, of the
#: player to act ((Q + 1) / 2 for az, the mean share of the others beaten
#: for montecarlo and mcts: players.h); alphabeta's is a fish margin.
_WIN_ESTIMATES = frozenset({"montecarlo", "mcts", "az"})


def _search_value(name: str, report: Any) -> float:
    """The search's value of the position for the player to act, on the
    reward's scale (-1 ... 1): 2 * score - 1 of a win estimate; NaN when
    the player reports none (a single legal move, alphabeta)."""
    if name not in _WIN_ESTIMATES or report.score is None:
        return float("nan")
    return 2.0 * float(report.score) - 1.0


def _seat_moves(players: Sequence[Any], seat_players: np.ndarray, board_seeds: np.ndarray,
                setup: dict, rng: np.random.Generator, engine: Optional[str],
                nodes: Optional[int], policy: Optional[list] = None) -> list[list[int]]:
    """The moves of each game, played by the seats (one per player, for the
    task's games one after the other); with ``policy`` (a list), the
    visits of every ply's search appended to it, in the same order."""
    seeds = rng.integers(0, _U64_MAX, size=len(players), dtype=np.uint64, endpoint=True)
    seats = []
    try:
        for spec, seat_seed in zip(players, seeds):
            seats.append(open_seat(spec, int(seat_seed), engine, nodes))
        games = []
        for board_seed, who in zip(board_seeds, seat_players):
            with Game(seed=int(board_seed), **setup) as game:
                for player in set(who.tolist()):
                    seats[player].new_game(game)
                names: list[str] = []
                while not game.is_over:
                    seat = seats[who[game.current_player]]
                    if policy is None:
                        move = seat(game, names)
                    else:
                        move, visits, value = _searched(seat, game, nodes)
                        policy.append((visits, value))
                    names.append(game.format_move(move))
                    game.apply(move)
                games.append([int(move) for move in game.history()])
        return games
    finally:
        for seat in seats:
            seat.close()


def _play(players: Sequence[Any], params: dict, index: int, first: int, count: int,
          engine: Optional[str]) -> dict[str, np.ndarray]:
    rng, board_seeds = task_boards(params["seed"], index, count)
    setup = params["setup"]
    with VectorEnv(count, observation="bits", relative=True, autoreset=False, **setup) as env:
        if isinstance(players[0], Vector):
            policy = players[0].policy
            arrays = record_games(env, board_seeds,
                                  lambda ply, obs, info: policy(env, obs, info, rng))
            seat_players = np.zeros((count, env.players), dtype=np.int8)
        else:
            seat_players = seating(first, count, env.players, params["rotate"])
            policy: Optional[list] = [] if params.get("record_policy") else None
            moves = _seat_moves(players, seat_players, board_seeds, setup, rng, engine,
                                params["nodes"], policy)
            table = np.full((count, max(map(len, moves)) + 1), -1, dtype=np.int32)
            for game, line in enumerate(moves):
                table[game, :len(line)] = line
            arrays = record_games(env, board_seeds, lambda ply, obs, info: table[:, ply])
            if policy is not None:
                arrays.update(_policy_arrays(policy))
    arrays["seat_players"] = seat_players
    return arrays


def _policy_arrays(policy: list) -> dict[str, np.ndarray]:
    """The searches of every ply (each a list of (move, visits) and the
    search's value) as the shard's ``policy_*`` arrays."""
    sizes = np.array([len(visits) for visits, _ in policy], dtype=np.int64)
    pairs = np.array([pair for visits, _ in policy for pair in visits], dtype=np.int64)
    return {"policy_start": np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
            "policy_moves": pairs[:, 0].astype(np.uint16),
            "policy_visits": pairs[:, 1].astype(np.uint32),
            "policy_value": np.array([value for _, value in policy], dtype=np.float32)}


def _summary(path: str, check: ShardCheck) -> dict:
    meta = check.meta
    return {"index": meta["shard"], "file": os.path.basename(path), "first_game": meta["first_game"],
            "games": meta["games"], "plies": check.plies, "bytes": check.size,
            "sha256": check.sha256}


MARKER_PREFIX = ".packeis-job-"


def verify_games(path: str, found: Optional[ShardCheck] = None) -> ShardCheck:
    """:func:`packeis.cluster._shards.verify_shard` (unless ``found`` is
    its answer already), then the shard's games played again
    (:func:`packeis.cluster._replay.check_replay`): every array that
    follows from its moves must be what they give, on its job's boards and
    seats. :class:`CorruptShardError` if not."""
    found = found or verify_shard(path)
    try:
        check_replay(path, found.arrays, found.meta)
    except CorruptShardError:
        raise
    except Exception as error:  # noqa: BLE001 - a meta no job wrote: any error says so
        raise CorruptShardError(f"{path}: its meta is not a job's ({type(error).__name__}: "
                                f"{error})") from None
    return found


def _check_marker(directory: str, marker: Optional[str]) -> None:
    """Refuses a directory this worker cannot see as the client does."""
    if marker is not None and not os.path.exists(os.path.join(directory, marker)):
        import socket
        raise FileNotFoundError(
            f"worker on {socket.gethostname()} (pid {os.getpid()}) does not see the client's "
            f"{directory}/{marker}: give a directory every worker sees at the same path")


def play_shard(directory: str, index: int, first: int, count: int, params_text: str,
               players: Sequence[Any], engine: Optional[str] = None,
               marker: Optional[str] = None) -> tuple[dict, Any]:
    """The task: writes shard ``index`` (games ``first ... first + count -
    1`` of the job whose parameters are the JSON ``params_text``) into
    ``directory`` unless a verified shard of it is there already; returns
    its manifest entry and what was done: True (played now), False (found
    done and verified) or the name a corrupt shard found there was moved to
    (then played again). A well-formed shard of another job raises
    FileExistsError."""
    _check_marker(directory, marker)
    params = json.loads(params_text)
    meta = dict(params, shard=index, first_game=first, games=count)
    path = os.path.join(directory, shard_name(index))
    moved: Any = True
    if os.path.exists(path):
        try:
            found = verify_shard(path)
            if found.meta != meta:
                raise FileExistsError(f"{path} holds other games than this job's shard {index}: "
                                      f"move it away or use another directory")
            verify_games(path, found)
        except CorruptShardError:
            moved = quarantine(path)
        else:
            return _summary(path, found), False
    arrays = _play(players, params, index, first, count, engine)
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    write_shard(path, arrays, params["compress"])
    return _summary(path, verify_shard(path)), moved


# ---- the job ----------------------------------------------------------------

def _check_search_seats(seats: Sequence[Any], engine: Optional[str]) -> None:
    """Refuses, for ``record_policy``, a seat that is no search player in
    this process (its visits are read from the players library)."""
    from ..players import Player  # noqa: PLC0415
    if engine is not None:
        raise ValueError("record_policy: the seats search in process; give no engine")
    for seat in seats:
        builtin = isinstance(seat, str) and seat.partition(":")[0] not in ("engine", "python")
        if not (builtin or isinstance(seat, Player)):
            raise ValueError(f"record_policy: seat {describe(seat)!r} is not a search player "
                             f"in process (a built-in spec such as 'mcts:800', or a "
                             f"packeis.players.Player)")


def _players_of(players: Union[str, Vector, Sequence[Any]]) -> list[Any]:
    if players == "vector":
        return [Vector()]
    if isinstance(players, Vector):
        return [players]
    if isinstance(players, str) or callable(players):
        raise TypeError("players: 'vector', a Vector, or a sequence of seats (one per player)")
    seats = list(players)
    for seat in seats:
        check_seat(seat)
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"players: 2 to 4 seats, not {len(seats)}")
    return seats


def _count(value: Any, name: str, low: int) -> int:
    """An integer (numpy's too) of at least ``low``, else ValueError."""
    try:
        number = integer(value, name)
    except TypeError:
        number = None
    if number is None or number < low:
        raise ValueError(f"{name} must be an integer >= {low}, not {value!r}")
    return number


def selfplay(directory: str, games: int, players: Union[str, Vector, Sequence[Any]] = "vector",
             *, seed: int = 0, shard_games: int = 1000, setup: Optional[dict] = None,
             engine: Optional[str] = None, nodes: Optional[int] = None, rotate: bool = True,
             compress: bool = True, client: Any = None, progress: bool = False,
             stall_timeout: Optional[float] = DEFAULT_STALL_TIMEOUT,
             record_policy: bool = False) -> SelfPlayResult:
    """Plays ``games`` games into ``directory`` (made if needed) as shards
    of ``shard_games`` games, on ``client`` (a Dask client; None: here).

    :param players: ``"vector"`` (random moves in the vector environment),
        a :class:`Vector` with a policy, or one seat per player: seat specs
        in the notation of examples/README.md "Seats" (``"mcts"``,
        ``"alphabeta:5000"``, ``"engine:python3 my_engine.py"``), or
        ``"python:random"``, or callables ``player(game, rng) -> move``.
    :param setup: the arguments of :class:`packeis.Game` but the seed
        (``players`` is the number of seats with seats; 2 by default).
    :param engine: the ``packeis-engine`` program for built-in seats.
    :param nodes: the node budget of every engine move (``go nodes N``) of
        seats without a time or budget of their own.
    :param rotate: seat player ``(s + g) % K`` in seat ``s`` of game ``g``
        (else player ``s``), so that no player always moves first.
    :param compress: deflate the shards (level 1).
    :param stall_timeout: on a cluster, stop the job (TimeoutError naming
        the workers with tasks in flight) when no shard has finished for
        this many seconds (None: wait for ever).
    :param record_policy: data for learning: every seat a search player in
        process, each ply's visits per root move kept (``policy_*`` arrays,
        see the module).
    """
    seats = _players_of(players)
    setup = dict(setup or {})
    if not isinstance(seats[0], Vector):
        if setup.setdefault("players", len(seats)) != len(seats):
            raise ValueError(f"setup says {setup['players']} players, players gives "
                             f"{len(seats)} seats")
    games, shard_games, seed = (_count(value, name, low) for name, value, low in
                                (("games", games, 1), ("shard_games", shard_games, 1),
                                 ("seed", seed, 0)))
    rotate, compress = check_flag(rotate, "rotate"), check_flag(compress, "compress")
    if shard_games > MAX_GAMES:
        raise ValueError(f"shard_games must be at most {MAX_GAMES}, not {shard_games}")
    if -(-games // shard_games) > MAX_SHARDS:
        raise ValueError(f"{games} games in shards of {shard_games} are "
                         f"{-(-games // shard_games)} shards; a job has at most {MAX_SHARDS}: "
                         f"use larger shards (up to {MAX_GAMES} games) or several jobs")
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
        raise ValueError(f"nodes must be a positive integer or None, not {nodes!r}")
    check_seconds(stall_timeout, "stall_timeout", none=True)
    if record_policy:
        if isinstance(seats[0], Vector):
            raise ValueError("record_policy: the seats must be search players, not 'vector'")
        _check_search_seats(seats, engine)
    Game(**setup).close()  # every check of the setup, with its messages, before any task
    params = {"format": FORMAT, "seed": seed, "games": games, "shard_games": shard_games,
              "players": [describe(seat) for seat in seats], "setup": setup, "nodes": nodes,
              "rotate": bool(rotate), "compress": bool(compress)}
    if record_policy:  # only then: the meta of earlier jobs' shards is unchanged
        params["record_policy"] = True
    params_text = json.dumps(params, sort_keys=True)
    directory = os.path.abspath(directory)  # as the client sees it, for every worker
    os.makedirs(directory, exist_ok=True)
    marker = f"{MARKER_PREFIX}{os.getpid()}-{time.time_ns()}"
    if client is not None:
        check_engine_seats(seats, engine)
    write_atomically(os.path.join(directory, marker), lambda file: file.write(b"packeis\n"))
    try:
        tasks = [(directory, index, first, stop - first, params_text, seats, engine, marker)
                 for index, (first, stop) in enumerate(ranges(games, shard_games))]
        done = run_tasks(play_shard, tasks, client=client, progress=progress,
                         name="packeis-selfplay", stall_timeout=stall_timeout)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(os.path.join(directory, marker))
    shards = [entry for entry, _ in done]
    manifest = dict(params, shards=shards, plies=sum(s["plies"] for s in shards),
                    bytes=sum(s["bytes"] for s in shards))
    write_atomically(os.path.join(directory, MANIFEST),
                     lambda file: file.write(json.dumps(manifest, indent=1).encode() + b"\n"))
    for stray in glob.glob(os.path.join(directory, ".shard-*.npz.tmp-*")):
        os.unlink(stray)  # of a task killed while writing; its shard was written again
    return SelfPlayResult(manifest, [s["index"] for s, new in done if new is not False],
                          [s["index"] for s, new in done if new is False],
                          {s["index"]: os.path.basename(new) for s, new in done
                           if isinstance(new, str)})


def load_manifest(directory: str) -> dict:
    """The manifest of a finished job in ``directory``."""
    with open(os.path.join(directory, MANIFEST)) as file:
        return json.load(file)


class VerifyReport(NamedTuple):
    """What :func:`verify` found: ``problems`` (empty: every check held),
    and the shards, games and plies it verified."""

    problems: list[str]
    shards: int
    games: int
    plies: int


def _manifest_fault(manifest: Any) -> Optional[str]:
    """What makes ``manifest`` no manifest a job writes, or None: checked
    before anything is read from it, so that a tampered file gets a
    problem, not an exception, and no bound is taken from it unchecked."""
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return f"not a {FORMAT!r} manifest"
    shards = manifest.get("shards")
    if not isinstance(shards, list) or not all(isinstance(entry, dict) for entry in shards):
        return "its shards are not a list of entries"
    counts = [manifest.get("games"), manifest.get("shard_games")]
    if any(isinstance(n, bool) or not isinstance(n, int) for n in counts) \
            or not (counts[0] >= 1 and 1 <= counts[1] <= MAX_GAMES):
        return f"games and shard_games are not a job's ({counts[0]!r}, {counts[1]!r})"
    if -(-counts[0] // counts[1]) > MAX_SHARDS:
        return f"{counts[0]} games in shards of {counts[1]} are more than {MAX_SHARDS} shards"
    return None


def verify(directory: str) -> VerifyReport:
    """Checks a finished self-play directory end to end: the manifest is
    this format's; each shard it lists is there, verifies with its games
    played again (:func:`verify_games`), has the checksum, size, plies and
    meta the manifest says; the shards cover games 0 ... N - 1 in
    order; no other shard file is there."""
    problems: list[str] = []
    try:
        manifest = load_manifest(directory)
    except (OSError, ValueError) as error:
        return VerifyReport([f"{os.path.join(directory, MANIFEST)}: {error}"], 0, 0, 0)
    wrong = _manifest_fault(manifest)
    if wrong:
        return VerifyReport([f"{MANIFEST}: {wrong}"], 0, 0, 0)
    params = {k: v for k, v in manifest.items() if k not in ("shards", "plies", "bytes")}
    expected = ranges(manifest["games"], manifest["shard_games"])
    games = plies = 0
    for index, entry in enumerate(manifest["shards"]):
        path = os.path.join(directory, shard_name(index))
        try:
            found = verify_games(path)
        except (OSError, CorruptShardError) as error:
            problems.append(str(error))
            continue
        first, stop = expected[index] if index < len(expected) else (-1, -1)
        meta = dict(params, shard=index, first_game=first, games=stop - first)
        for what, want, have in (("sha256", entry.get("sha256"), found.sha256),
                                 ("bytes", entry.get("bytes"), found.size),
                                 ("plies", entry.get("plies"), found.plies),
                                 ("meta", meta, found.meta)):
            if want != have:
                problems.append(f"{path}: {what} is {have!r}, the manifest says {want!r}")
        games, plies = games + found.meta.get("games", 0), plies + found.plies
    if len(manifest["shards"]) != len(expected):
        problems.append(f"{MANIFEST}: {len(manifest['shards'])} shards listed, the job has "
                        f"{len(expected)}")
    listed = {shard_name(i) for i in range(len(manifest["shards"]))}
    for stray in sorted(glob.glob(os.path.join(directory, "shard-*.npz"))):
        if os.path.basename(stray) not in listed:
            problems.append(f"{stray}: not in the manifest")
    if manifest.get("plies") != plies and not problems:
        problems.append(f"{MANIFEST}: plies {manifest.get('plies')}, the shards hold {plies}")
    return VerifyReport(problems, len(manifest["shards"]), games, plies)
