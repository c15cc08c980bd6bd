# SPDX-License-Identifier: MIT
"""Training a network (:mod:`.network`, arch "mlp", or :mod:`.nnue`, arch
"nnue") on self-play positions (:mod:`.data`): the policy head by masked
softmax cross-entropy to the search's visit distribution, the value head
by mean squared error to the game's reward (the mlp: of the player to act;
nnue: of every player the game has, by relative player), Adam, a
validation split by game (the positions of one game are correlated: they
all go to the same side), loss curves as CSV and PNG. nnue's weights are
clipped after every step to the range its file holds them in. Everything
random comes from ``seed``."""
from __future__ import annotations

import csv
import json
import os
import time
from typing import Any, Callable, NamedTuple, Optional, Sequence

import numpy as np
import torch

from . import models
from .data import Positions, load_positions
from .nnue import OUT_SCALE, VALUES, NnueNetwork, Quantized, quantize

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
    #: the search's own value of the position (Positions.value_target());
    #: the mlp's only (nnue's values are every player's, the results).
    value_mix: float = 0.0
    #: "mlp" (weights file version 1) or "nnue" (version 2).
    arch: str = "mlp"
    #: nnue with the REACH features (feature set 3).
    reach: bool = False


class TrainResult(NamedTuple):
    """``network``; ``history``: a dict per epoch (losses of the training
    and validation positions); ``positions``: (training, validation);
    ``cpu_seconds``: this process's CPU time in training; ``validation``:
    the value's MSE, variance and share explained on the validation
    positions (and nnue's quantized network's losses)."""

    network: models.Model
    history: list
    positions: tuple
    cpu_seconds: float
    validation: dict


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


Outputs = Callable[[Positions], tuple]


def _outputs(network: models.Model) -> Outputs:
    """The network as a function of positions: (N x 192 policy logits,
    values: N of the player to act for the mlp, N x 4 by relative player
    for nnue)."""
    if isinstance(network, NnueNetwork):
        return lambda part: network(_floats(part.features(network.reach)),
                                    _floats(part.dense()))
    return lambda part: network(torch.from_numpy(part.planes()))


def _integer_outputs(quantized: Quantized) -> Outputs:
    """The outputs of the integer network of a version 2 file, as
    :func:`_outputs` gives the float network's: what the C player plays."""
    reach = quantized.feature_set == 3

    def outputs(part: Positions) -> tuple:
        logits, values = quantized.forward(part.features(reach), part.dense())
        return _floats(logits / OUT_SCALE), torch.tanh(_floats(values / OUT_SCALE))
    return outputs


def _floats(array: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.asarray(array, dtype=np.float32))


def _heads(outputs: Outputs, positions: Positions) -> tuple[torch.Tensor, torch.Tensor]:
    """(policy cross-entropy, predicted values): the softmax over the
    legal moves only, computed on their logits alone (the same numbers as
    :func:`.network.masked_log_policy` over all 4096 move values, at a
    fraction of the cost)."""
    first, second, valid, target = _legal_outputs(positions)
    policy, predicted = outputs(positions)
    padded = torch.cat([policy, torch.zeros(len(policy), 1)], dim=1)
    logits = (padded.gather(1, first) + padded.gather(1, second)).masked_fill(~valid,
                                                                              float("-inf"))
    log_policy = torch.log_softmax(logits, dim=1).masked_fill(~valid, 0.0)
    return -(target * log_policy).sum(dim=1).mean(), predicted


def _mse(predicted: torch.Tensor, target: np.ndarray) -> torch.Tensor:
    return torch.mean((predicted - torch.from_numpy(target)) ** 2)


def _present(positions: Positions) -> np.ndarray:
    """N x 4 bool: the relative players each position's game has."""
    return np.arange(VALUES) < positions.players[:, None]


def _player_errors(predicted: torch.Tensor, positions: Positions) -> torch.Tensor:
    """N x 4 squared errors of each relative player's value to the game's
    reward, 0 in the columns of players the game lacks."""
    errors = (predicted - torch.from_numpy(positions.rewards)) ** 2
    return errors * torch.from_numpy(_present(positions))


def _value_loss(predicted: torch.Tensor, positions: Positions, value_mix: float) -> torch.Tensor:
    """The mlp's: the MSE to ``value_target(value_mix)``; nnue's: the MSE
    over every (position, player of its game) pair."""
    if predicted.dim() == 1:
        return _mse(predicted, positions.value_target(value_mix))
    return _player_errors(predicted, positions).sum() / int(_present(positions).sum())


def _value_targets(positions: Positions, arch: str, value_mix: float = 0.0) -> np.ndarray:
    """The value targets the arch's loss counts, flat: the mlp's one a
    position, nnue's one a player of each position's game."""
    if arch == "nnue":
        return positions.rewards[_present(positions)]
    return positions.value_target(value_mix)


def losses(network: models.Model, positions: Positions,
           value_mix: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    """(policy cross-entropy, value MSE: to ``positions.value_target(value_mix)``
    for the mlp, to every player's reward for nnue), means over ``positions``."""
    cross_entropy, predicted = _heads(_outputs(network), positions)
    return cross_entropy, _value_loss(predicted, positions, value_mix)


def _value_sums(predicted: torch.Tensor, part: Positions, value_mix: float) -> dict:
    """Per validation column after the policy: (sum of squared errors, how
    many). The mlp's: the trained target, and the game's result alone
    (comparable across mixes); nnue's: every player, and the player to act
    alone (comparable with the mlp)."""
    if predicted.dim() == 1:
        return {"validation_value": (float(_mse(predicted, part.value_target(value_mix)))
                                     * len(part), len(part)),
                "validation_result": (float(_mse(predicted, part.value)) * len(part),
                                      len(part))}
    errors = _player_errors(predicted, part)
    return {"validation_value": (float(errors.sum()), int(_present(part).sum())),
            "validation_to_act": (float(errors[:, 0].sum()), len(part))}


def _evaluate(outputs: Outputs, positions: Positions, batch: int, value_mix: float) -> dict:
    """The validation row: policy cross-entropy and the value columns of
    :func:`_value_sums`, from one forward pass; NaN without positions
    (one empty pass names the columns)."""
    sums: dict = {}
    with torch.no_grad():
        for first in range(0, max(len(positions), 1), 4 * batch):
            part = positions.take(np.arange(first, min(first + 4 * batch, len(positions))))
            policy, predicted = _heads(outputs, part)
            found = {"validation_policy": (float(policy) * len(part), len(part))}
            found.update(_value_sums(predicted, part, value_mix))
            for key, (total, count) in found.items():
                before = sums.get(key, (0.0, 0))
                sums[key] = (before[0] + total, before[1] + count)
    return {key: total / count if count else float("nan")
            for key, (total, count) in sums.items()}


def _check_init(network: models.Model, init: models.Model) -> None:
    if (models.arch_of(init), init.hidden, getattr(init, "reach", False)) != \
            (models.arch_of(network), network.hidden, getattr(network, "reach", False)):
        raise ValueError(f"init is a {models.arch_of(init)} of hidden sizes {init.hidden}, "
                         f"not the {models.arch_of(network)} {network.hidden} configured "
                         f"(with REACH or not alike)")


def train_positions(positions: Positions, config: TrainConfig,
                    init: Optional[models.Model] = None, log: Any = None) -> TrainResult:
    """Trains a network (a new one, or a copy of ``init``) on ``positions``."""
    if config.arch == "nnue" and config.value_mix:
        raise ValueError("the value mix is the mlp's: nnue learns every player's result")
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    # Trained weights and Adam's moments drift into denormal floats, which
    # the CPU computes slowly; flushing them to zero changes no loss
    # visibly (a process-wide setting of PyTorch's).
    torch.set_flush_denormal(True)
    rng = np.random.default_rng(config.seed)
    train_rows, held_rows = split(positions, config.validation, config.seed)
    training, validation = positions.take(train_rows), positions.take(held_rows)
    network = models.new(config.arch, config.hidden, config.reach)
    if init is not None:
        _check_init(network, init)
        network.load_state_dict(init.state_dict())
    outputs = _outputs(network)
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
            part = training.take(rows)
            cross_entropy, predicted = _heads(outputs, part)
            value_loss = _value_loss(predicted, part, config.value_mix)
            optimizer.zero_grad()
            (cross_entropy + value_loss).backward()
            optimizer.step()
            if isinstance(network, NnueNetwork):
                network.clip_()
            sums += np.array([float(cross_entropy), float(value_loss)]) * len(rows)
            seen += len(rows)
        network.eval()
        row = {"epoch": epoch, "train_policy": sums[0] / max(seen, 1),
               "train_value": sums[1] / max(seen, 1)}
        row.update(_evaluate(outputs, validation, config.batch, config.value_mix))
        row["cpu_seconds"] = time.process_time() - start
        history.append(row)
        if log:
            log(" ".join(f"{k} {v:.4f}" if isinstance(v, float) else f"{k} {v}"
                         for k, v in row.items()))
    return TrainResult(network, history, (len(training), len(validation)),
                       time.process_time() - start,
                       _validation_summary(network, validation, history[-1], config))


def _validation_summary(network: models.Model, validation: Positions, last: dict,
                        config: TrainConfig) -> dict:
    """The last epoch's value MSE on the validation positions, the variance
    of its target and the share of it explained (``1 - mse / variance``);
    for nnue, the same numbers of the integer network its file holds."""
    targets = _value_targets(validation, config.arch, config.value_mix)
    variance = float(targets.var()) if len(targets) else float("nan")

    def explained(mse: float) -> float:
        return 1.0 - mse / variance if variance > 0 else float("nan")

    summary = {"positions": len(validation), "policy": last["validation_policy"],
               "value_mse": last["validation_value"], "value_variance": variance,
               "value_explained": explained(last["validation_value"])}
    if isinstance(network, NnueNetwork):
        integer = _evaluate(_integer_outputs(quantize(network)), validation, config.batch, 0.0)
        summary["quantized"] = {"policy": integer["validation_policy"],
                                "value_mse": integer["validation_value"],
                                "value_explained": explained(integer["validation_value"])}
    return summary


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
    result = train_positions(positions, config, models.load(init) if init else None, log)
    models.export(result.network, out)
    prefix = curves or os.path.splitext(out)[0]
    path_csv, path_png = write_curves(result.history, prefix)
    summary = {"out": out, "sources": list(sources), "init": init,
               "config": dict(config._asdict(), hidden=list(config.hidden)),
               "positions": {"training": result.positions[0], "validation": result.positions[1]},
               "cpu_seconds": round(result.cpu_seconds, 3), "final": result.history[-1],
               "validation": result.validation, "curves": [path_csv, path_png]}
    with open(out + ".json", "w") as file:
        json.dump(summary, file, indent=1)
    return summary
