# SPDX-License-Identifier: MIT
"""The loop (doc/learn.md): generation ``g`` plays self-play games with the
latest network (generation 0: with a teacher, mcts unless told otherwise,
as there is no network yet, or with az and a network given as ``init``), a
network is trained on the positions of the last ``window`` generations
(from the previous network's weights), and its strength is measured
against the previous network, against mcts and against alphabeta. Everything lands under one
directory, and a run stopped anywhere resumes where it was: self-play
shards are resumable (:mod:`packeis.cluster.selfplay`), a model whose
summary is written is not trained again, a measured row is kept.

Layout: ``DIR/gen-NNN/games/`` (self-play of generation N),
``DIR/model-NNN.pkaz`` (trained after generation N - 1's games, with
``.pkaz.json``, ``.csv``, ``.png``; ``model-000.pkaz`` a copy of
``init``, where given), ``DIR/strength.csv`` and
``DIR/strength.json`` (a row per model), drawn in ``DIR/strength.png``
(:mod:`.plot`).

A network plays through the C player ``az`` (``"az:N,weights=FILE"``) when
the players library has it; otherwise self-play stays with mcts and the
strength rows measure the network's policy alone (no search), and the
table says so."""
from __future__ import annotations

import csv
import json
import os
import shutil
import time
from typing import Any, NamedTuple, Optional

from ..cluster.selfplay import selfplay
from .evaluate import match
from .player import PolicyPlayer
from .plot import strength_png
from .train import TrainConfig, train

__all__ = ["IterateConfig", "iterate", "az_available", "az_spec"]

SHARD_GAMES = 250


class IterateConfig(NamedTuple):
    """``games`` of ``playouts`` a move in generation 0 (mcts, cheap: its
    playouts are fast; or any seat spec as ``teacher``), ``az_games`` of
    ``az_playouts`` (a network evaluation each, mixed with a playout's
    reward by ``az_mix``: the az option ``mix``) in the later ones, whose
    networks start from the previous one and train ``az_epochs`` epochs
    (``train.epochs``: the first)."""

    generations: int = 2
    games: int = 6000
    playouts: int = 1600
    az_games: int = 1000
    az_playouts: int = 200
    az_epochs: int = 1
    eval_boards: int = 50
    eval_playouts: int = 400
    window: int = 2
    seed: int = 1
    train: TrainConfig = TrainConfig()
    #: Generation 0's seat, a built-in spec ("alphabeta:2000"); None: mcts:playouts.
    teacher: Optional[str] = None
    #: az's option mix in the later generations; None: az's default (0.5).
    az_mix: Optional[float] = None
    #: Nodes a move of the alphabeta the strength rows measure against; 0: none.
    eval_alphabeta: int = 2000
    #: A network to start from (``model-000.pkaz``): generation 0 is then
    #: played by az with it, and model 1 trained from it, ``az_epochs``.
    init: Optional[str] = None
    #: az's option noise in self-play (AlphaZero's 0.25), not in the matches.
    az_noise: float = 0.25


def az_available() -> bool:
    """Whether the players library has the network player ``az``."""
    from .. import players  # noqa: PLC0415
    return "az" in players.names()


def az_spec(playouts: int, weights: str, mix: Optional[float] = None,
            noise: float = 0.0) -> str:
    """The seat of az with ``weights``; ``mix`` None leaves az's default,
    ``noise`` above 0 mixes Dirichlet noise into the root's priors."""
    spec = f"az:{playouts},weights={os.path.abspath(weights)}"
    if mix is not None:
        spec += f",mix={mix:g}"
    return spec + f",noise={noise:g}" if noise > 0 else spec


def _model(directory: str, number: int) -> str:
    return os.path.join(directory, f"model-{number:03d}.pkaz")


def _network_player(model: str, playouts: int, mix: Optional[float]) -> Any:
    return az_spec(playouts, model, mix) if az_available() else PolicyPlayer(model)


def _describe(player: Any) -> str:
    return player if isinstance(player, str) else f"policy:{player.path}"


def _strength(directory: str, number: int, config: IterateConfig) -> dict:
    model = _model(directory, number)
    row: dict = {"model": os.path.basename(model)}
    me = _network_player(model, config.eval_playouts, config.az_mix)
    opponents = [("mcts", f"mcts:{config.eval_playouts}")]
    if config.eval_alphabeta > 0:
        opponents.append(("alphabeta", f"alphabeta:{config.eval_alphabeta}"))
    if os.path.exists(_model(directory, number - 1)):
        opponents.insert(0, ("previous", _network_player(_model(directory, number - 1),
                                                         config.eval_playouts, config.az_mix)))
    for name, opponent in opponents:
        start = time.process_time()
        result = match(me, opponent, config.eval_boards, seed=config.seed + 1000 + number)
        row.update({f"vs_{name}": _describe(opponent), f"{name}_score": round(result.score, 4),
                    f"{name}_low": round(result.low, 4), f"{name}_high": round(result.high, 4),
                    f"{name}_games": result.games,
                    f"{name}_cpu_seconds": round(time.process_time() - start, 1)})
    row["player"] = _describe(me)
    return row


def _write_table(directory: str, rows: list) -> None:
    with open(os.path.join(directory, "strength.json"), "w") as file:
        json.dump(rows, file, indent=1)
    fields: list = []
    for row in rows:
        fields += [key for key in row if key not in fields]
    with open(os.path.join(directory, "strength.csv"), "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    strength_png(rows, os.path.join(directory, "strength.png"))


def _load_table(directory: str) -> list:
    path = os.path.join(directory, "strength.json")
    if not os.path.exists(path):
        return []
    with open(path) as file:
        return json.load(file)


def iterate(directory: str, config: IterateConfig, log: Any = print) -> list:
    """Runs (or resumes) ``config.generations`` generations under
    ``directory``; returns the strength table."""
    os.makedirs(directory, exist_ok=True)
    if config.init is not None:
        if not az_available():
            raise ValueError("init: the players library has no az to play the network with")
        shutil.copyfile(config.init, _model(directory, 0))
    rows = _load_table(directory)
    if config.init is not None:
        _measure(directory, 0, rows, config, log, generation=None, selfplay=config.init)
    teacher = config.teacher or f"mcts:{config.playouts}"
    for generation in range(config.generations):
        model = _model(directory, generation + 1)
        previous: Optional[str] = (_model(directory, generation)
                                   if generation or config.init is not None else None)
        with_az = previous is not None and az_available()
        seat = (az_spec(config.az_playouts, previous, config.az_mix, config.az_noise)
                if with_az else teacher)
        count = config.az_games if with_az else config.games
        games = os.path.join(directory, f"gen-{generation:03d}", "games")
        start = time.process_time()
        done = selfplay(games, count, [seat, seat], seed=config.seed + generation,
                        shard_games=min(SHARD_GAMES, count), record_policy=True)
        log(f"generation {generation}: {count} games of {seat}, "
            f"{done.manifest['plies']} positions, {time.process_time() - start:.1f} s CPU here")
        if not os.path.exists(model + ".json"):
            sources = [os.path.join(directory, f"gen-{g:03d}", "games")
                       for g in range(max(0, generation - config.window + 1), generation + 1)]
            epochs = config.az_epochs if previous else config.train.epochs
            summary = train(sources, model,
                            config.train._replace(seed=config.seed + generation, epochs=epochs),
                            init=previous, log=log)
            log(f"model {generation + 1}: {summary['positions']} positions, "
                f"{summary['cpu_seconds']} s CPU")
        _measure(directory, generation + 1, rows, config, log, generation, seat)
    return rows


def _measure(directory: str, number: int, rows: list, config: IterateConfig, log: Any,
             generation: Optional[int], selfplay: str) -> None:
    """Adds model ``number``'s strength row to ``rows`` (and the table's
    files), unless it is there: ``generation`` whose games trained it
    (None: the network given as init), and the ``selfplay`` seat or file."""
    if any(row.get("model") == os.path.basename(_model(directory, number)) for row in rows):
        return
    row = dict(_strength(directory, number, config), generation=generation, selfplay=selfplay)
    rows.append(row)
    _write_table(directory, rows)
    log(json.dumps(row))
