# SPDX-License-Identifier: MIT
"""Training the network (:mod:`.network`) on self-play positions
(:mod:`.data`): the policy head by masked softmax cross-entropy to the
search's visit distribution, the value head by mean squared error to the
game's reward of the player to act, Adam, a validation split by game (the
positions of one game are correlated: they all go to the same side), loss
curves as CSV and PNG. Everything random comes from ``seed``."""
from __future__ import annotations

import csv
import json
import os
import time
from typing import Any, NamedTuple, Optional, Sequence

import numpy as np
import torch

from .data import Positions, load_positions
from .network import Network, export, load

__all__ = ["TrainConfig", "TrainResult", "losses", "train", "train_positions", "split"]


class TrainConfig(NamedTuple):
    """What a training run takes (doc/learn.md, "Training")."""

    hidden: tuple[int, int] = (256, 128)
    epochs: int = 10
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    validation: float = 0.1
    seed: int = 0
    threads: int = 1
    #: The value target: (1 - value_mix) * the game's result + value_mix *
    #: the search's own value of the position (Positions.value_target()).
    value_mix: float = 0.0


class TrainResult(NamedTuple):
    """``network``; ``history``: a dict per epoch (losses of the training
    and validation positions); ``positions``: (training, validation);
    ``cpu_seconds``: this process's CPU time in training."""

    network: Network
    history: list
    positions: tuple
    cpu_seconds: float


def split(positions: Positions, fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows for training and validation: ``fraction`` of the games (at
    least one when there are two or more), drawn with ``seed``."""
    games = np.unique(positions.game)
    rng = np.random.default_rng(seed)
    count = int(round(fraction * len(games)))
    if fraction > 0 and len(games) > 1:
        count = min(max(count, 1), len(games) - 1)
    held = rng.choice(games, size=count, replace=False)
    is_held = np.isin(positions.game, held)
    return np.flatnonzero(~is_held), np.flatnonzero(is_held)


_NO_OUTPUT = 192  # a zero column after the 192 outputs: the second term of a placement


def _legal_outputs(positions: Positions) -> tuple[torch.Tensor, ...]:
    """The legal moves of each position as pairs of policy outputs whose
    sum is the move's logit (a slide f -> t: FROM[f] and TO[t]; a
    placement on c: PLACE[c] and the zero column), padded to the most
    legal moves of the batch: (first, second, valid, target), N x L."""
    legal = positions.legal_mask()
    rows, moves = np.nonzero(legal)
    counts = np.bincount(rows, minlength=len(positions))
    width = max(int(counts.max()) if len(counts) else 1, 1)
    slots = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
    source, target = moves // 64, moves % 64
    place = source == target
    first = np.full((len(positions), width), _NO_OUTPUT, dtype=np.int64)
    second = first.copy()
    valid = np.zeros((len(positions), width), dtype=bool)
    weights = np.zeros((len(positions), width), dtype=np.float32)
    first[rows, slots] = np.where(place, 128 + source, source)
    second[rows, slots] = np.where(place, _NO_OUTPUT, 64 + target)
    valid[rows, slots] = True
    weights[rows, slots] = positions.policy_target()[rows, moves]
    return (torch.from_numpy(first), torch.from_numpy(second), torch.from_numpy(valid),
            torch.from_numpy(weights))


def _heads(network: Network, positions: Positions) -> tuple[torch.Tensor, torch.Tensor]:
    """(policy cross-entropy, N predicted values): the softmax over the
    legal moves only, computed on their logits alone (the same numbers as
    :func:`.network.masked_log_policy` over all 4096 move values, at a
    fraction of the cost)."""
    first, second, valid, target = _legal_outputs(positions)
    policy, predicted = network(torch.from_numpy(positions.planes()))
    outputs = torch.cat([policy, torch.zeros(len(policy), 1)], dim=1)
    logits = (outputs.gather(1, first) + outputs.gather(1, second)).masked_fill(~valid,
                                                                                float("-inf"))
    log_policy = torch.log_softmax(logits, dim=1).masked_fill(~valid, 0.0)
    return -(target * log_policy).sum(dim=1).mean(), predicted


def _mse(predicted: torch.Tensor, target: np.ndarray) -> torch.Tensor:
    return torch.mean((predicted - torch.from_numpy(target)) ** 2)


def losses(network: Network, positions: Positions,
           value_mix: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    """(policy cross-entropy, value MSE to ``positions.value_target(value_mix)``),
    means over ``positions``."""
    cross_entropy, predicted = _heads(network, positions)
    return cross_entropy, _mse(predicted, positions.value_target(value_mix))


def _evaluate(network: Network, positions: Positions, batch: int,
              value_mix: float) -> tuple[float, float, float]:
    """Validation: policy cross-entropy, value MSE to the trained target,
    and value MSE to the game's result alone (comparable across mixes),
    from one forward pass."""
    if len(positions) == 0:
        return float("nan"), float("nan"), float("nan")
    totals = np.zeros(3)
    with torch.no_grad():
        for first in range(0, len(positions), 4 * batch):
            part = positions.take(np.arange(first, min(first + 4 * batch, len(positions))))
            policy, predicted = _heads(network, part)
            mixed = _mse(predicted, part.value_target(value_mix))
            result = _mse(predicted, part.value)
            totals += np.array([float(policy), float(mixed), float(result)]) * len(part)
    return tuple(totals / len(positions))  # type: ignore[return-value]


def train_positions(positions: Positions, config: TrainConfig,
                    init: Optional[Network] = None, log: Any = None) -> TrainResult:
    """Trains a network (a new one, or a copy of ``init``) on ``positions``."""
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    # Trained weights and Adam's moments drift into denormal floats, which
    # the CPU computes slowly; flushing them to zero changes no loss
    # visibly (a process-wide setting of PyTorch's).
    torch.set_flush_denormal(True)
    rng = np.random.default_rng(config.seed)
    train_rows, held_rows = split(positions, config.validation, config.seed)
    training, validation = positions.take(train_rows), positions.take(held_rows)
    network = Network(config.hidden)
    if init is not None:
        if init.hidden != network.hidden:
            raise ValueError(f"init has hidden sizes {init.hidden}, not {network.hidden}")
        network.load_state_dict(init.state_dict())
    optimizer = torch.optim.Adam(network.parameters(), lr=config.learning_rate,
                                 weight_decay=config.weight_decay)
    history = []
    start = time.process_time()
    for epoch in range(1, config.epochs + 1):
        network.train()
        order = rng.permutation(len(training))
        sums, seen = np.zeros(2), 0
        for first in range(0, len(order), config.batch):
            rows = order[first:first + config.batch]
            policy_loss, value_loss = losses(network, training.take(rows), config.value_mix)
            optimizer.zero_grad()
            (policy_loss + value_loss).backward()
            optimizer.step()
            sums += np.array([float(policy_loss), float(value_loss)]) * len(rows)
            seen += len(rows)
        network.eval()
        held = _evaluate(network, validation, config.batch, config.value_mix)
        row = {"epoch": epoch, "train_policy": sums[0] / max(seen, 1),
               "train_value": sums[1] / max(seen, 1), "validation_policy": held[0],
               "validation_value": held[1], "validation_result": held[2],
               "cpu_seconds": time.process_time() - start}
        history.append(row)
        if log:
            log(" ".join(f"{k} {v:.4f}" if isinstance(v, float) else f"{k} {v}"
                         for k, v in row.items()))
    return TrainResult(network, history, (len(training), len(validation)),
                       time.process_time() - start)


def write_curves(history: Sequence[dict], prefix: str) -> tuple[str, str]:
    """``PREFIX.csv`` (a row per epoch) and ``PREFIX.png`` (the four loss
    curves, matplotlib's Agg backend); returns their paths."""
    path_csv, path_png = prefix + ".csv", prefix + ".png"
    with open(path_csv, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(history[0]))
        writer.writeheader()
        writer.writerows(history)
    import matplotlib  # noqa: PLC0415 - only when curves are drawn
    matplotlib.use("Agg")
    from matplotlib import pyplot  # noqa: PLC0415
    figure, axes = pyplot.subplots(1, 2, figsize=(9, 3.5))
    epochs = [row["epoch"] for row in history]
    for axis, head in zip(axes, ("policy", "value")):
        for part in ("train", "validation"):
            axis.plot(epochs, [row[f"{part}_{head}"] for row in history], marker="o",
                      label=part)
        axis.set_xlabel("epoch")
        axis.set_title("policy cross-entropy" if head == "policy" else "value MSE")
        axis.legend()
    figure.tight_layout()
    figure.savefig(path_png, dpi=80)
    pyplot.close(figure)
    return path_csv, path_png


def train(sources: Sequence[str], out: str, config: TrainConfig, init: Optional[str] = None,
          curves: Optional[str] = None, log: Any = None) -> dict:
    """The command ``train``: positions of the shards of ``sources``,
    trained, exported to the weights file ``out``, curves at ``curves``
    (default: ``out`` without its extension), a JSON summary beside
    (``out + ".json"``); returns the summary."""
    positions = load_positions(sources)
    result = train_positions(positions, config, load(init) if init else None, log)
    export(result.network, out)
    prefix = curves or os.path.splitext(out)[0]
    path_csv, path_png = write_curves(result.history, prefix)
    summary = {"out": out, "sources": list(sources), "init": init,
               "config": dict(config._asdict(), hidden=list(config.hidden)),
               "positions": {"training": result.positions[0], "validation": result.positions[1]},
               "cpu_seconds": round(result.cpu_seconds, 3), "final": result.history[-1],
               "curves": [path_csv, path_png]}
    with open(out + ".json", "w") as file:
        json.dump(summary, file, indent=1)
    return summary
