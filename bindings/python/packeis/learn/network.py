# SPDX-License-Identifier: MIT
"""The network of the learned player (doc/learn.md, "The network") and its
weights file, the contract the C player ``az`` reads (lib/players).

An MLP on the 1600 values of ``Game.observe(player=game.current_player)``
(25 planes x 64 cells, the position as the player to act sees it)::

    x(1600) -> Linear(1600, H1) -> ReLU -> Linear(H1, H2) -> ReLU
            -> policy: Linear(H2, 192)   logits FROM[64], TO[64], PLACE[64]
            -> value:  Linear(H2, 1) -> tanh

The policy is factored: the logit of the slide from cell ``f`` to ``t``
(move value ``f * 64 + t``) is ``FROM[f] + TO[t]``, that of a placement on
``c`` (move value ``c * 65``) is ``PLACE[c]``; the policy is the softmax of
these over the legal moves only. The value is the expected reward, in
[-1, 1], of the player to act.

The weights file (little-endian): ``b"PKAZ"``, u32 version 1, u32 input
(1600), u32 H1, u32 H2, u32 policy outputs (192), then float32 arrays
row-major ``[out][in]``: W1, b1, W2, b2, Wp, bp, Wv, bv, nothing after.
:func:`load` refuses what the C loader refuses, with the same reasons.
"""
from __future__ import annotations

import math
import os
import struct
from typing import Any

import numpy as np
import torch
from torch import nn

__all__ = ["MAGIC", "VERSION", "INPUTS", "POLICY_OUTPUTS", "MAX_HIDDEN", "MOVE_VALUES",
           "WeightsError", "Network", "export", "load", "move_logits", "masked_log_policy",
           "save_checkpoint", "load_checkpoint"]

MAGIC = b"PKAZ"
VERSION = 1
INPUTS = 1600
POLICY_OUTPUTS = 192
MAX_HIDDEN = 4096
MOVE_VALUES = 4096
_HEADER = struct.Struct("<4s5I")


class WeightsError(ValueError):
    """A weights file that is not one this version reads: named fault."""


class Network(nn.Module):
    """The MLP of the contract, ``hidden=(H1, H2)``."""

    def __init__(self, hidden: tuple[int, int] = (256, 128)) -> None:
        super().__init__()
        h1, h2 = (int(h) for h in hidden)
        for size in (h1, h2):
            if not 1 <= size <= MAX_HIDDEN:
                raise ValueError(f"hidden sizes must be 1 to {MAX_HIDDEN}, not {hidden!r}")
        self.hidden = (h1, h2)
        self.layer1 = nn.Linear(INPUTS, h1)
        self.layer2 = nn.Linear(h1, h2)
        self.policy = nn.Linear(h2, POLICY_OUTPUTS)
        self.value = nn.Linear(h2, 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``x``: N x 1600 -> (N x 192 policy logits, N values)."""
        h = torch.relu(self.layer2(torch.relu(self.layer1(x))))
        return self.policy(h), torch.tanh(self.value(h)).squeeze(-1)

    def _arrays(self) -> list[np.ndarray]:
        return [p.detach().to(torch.float32).contiguous().numpy() for p in _parameters(self)]


# The diagonal of the 64 x 64 move grid: move value c * 65 is the
# placement on c (from == to), every other value f * 64 + t a slide.
_DIAGONAL = torch.eye(64, dtype=torch.bool)


def move_logits(policy: torch.Tensor) -> torch.Tensor:
    """N x 192 factored logits -> N x 4096 logits by move value."""
    source, target, place = policy[:, :64], policy[:, 64:128], policy[:, 128:]
    grid = source[:, :, None] + target[:, None, :]
    grid = torch.where(_DIAGONAL, torch.diag_embed(place), grid)
    return grid.reshape(-1, MOVE_VALUES)


def masked_log_policy(policy: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
    """Log-probabilities by move value, softmax over the legal moves only
    (``legal``: N x 4096 bool); illegal moves get -inf."""
    logits = move_logits(policy).masked_fill(~legal, float("-inf"))
    return torch.log_softmax(logits, dim=-1)


def export(network: Network, path: str) -> None:
    """Writes the weights file of ``network`` at ``path`` (atomically: a
    temporary name, then renamed)."""
    arrays = network._arrays()
    if not all(np.isfinite(a).all() for a in arrays):
        raise WeightsError("the network has non-finite weights: not exported")
    h1, h2 = network.hidden
    temporary = f"{path}.tmp-{os.getpid()}"
    with open(temporary, "wb") as file:
        file.write(_HEADER.pack(MAGIC, VERSION, INPUTS, h1, h2, POLICY_OUTPUTS))
        for array in arrays:
            file.write(array.astype("<f4").tobytes(order="C"))
    os.replace(temporary, path)


def _shapes(h1: int, h2: int) -> list[tuple[int, ...]]:
    return [(h1, INPUTS), (h1,), (h2, h1), (h2,), (POLICY_OUTPUTS, h2), (POLICY_OUTPUTS,),
            (1, h2), (1,)]


def load(path: str) -> Network:
    """The network of the weights file ``path``; :class:`WeightsError`
    naming the fault for a wrong magic, an unknown version, wrong input or
    policy sizes, hidden sizes of 0 or above 4096, a size other than the
    header implies (truncated or trailing bytes), non-finite values."""
    with open(path, "rb") as file:
        data = file.read()
    if len(data) < _HEADER.size:
        raise WeightsError(f"{path}: {len(data)} bytes, shorter than the {_HEADER.size}-byte header")
    magic, version, inputs, h1, h2, outputs = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise WeightsError(f"{path}: not a weights file (magic {magic!r}, not {MAGIC!r})")
    if version != VERSION:
        raise WeightsError(f"{path}: format version {version}, this reader knows {VERSION}")
    if inputs != INPUTS or outputs != POLICY_OUTPUTS:
        raise WeightsError(f"{path}: input {inputs} and policy {outputs}, not {INPUTS} and "
                           f"{POLICY_OUTPUTS}")
    if not (1 <= h1 <= MAX_HIDDEN and 1 <= h2 <= MAX_HIDDEN):
        raise WeightsError(f"{path}: hidden sizes {h1} and {h2}, each must be 1 to {MAX_HIDDEN}")
    shapes = _shapes(h1, h2)
    want = _HEADER.size + 4 * sum(math.prod(s) for s in shapes)
    if len(data) != want:
        what = "truncated" if len(data) < want else "trailing bytes"
        raise WeightsError(f"{path}: {len(data)} bytes, the header implies {want} ({what})")
    values = np.frombuffer(data, dtype="<f4", offset=_HEADER.size)
    if not np.isfinite(values).all():
        raise WeightsError(f"{path}: non-finite weights (first at float "
                           f"{int(np.flatnonzero(~np.isfinite(values))[0])})")
    network = Network((h1, h2))
    offset = 0
    with torch.no_grad():
        for parameter, shape in zip(_parameters(network), shapes):
            size = math.prod(shape)
            parameter.copy_(torch.from_numpy(values[offset:offset + size].reshape(shape).copy()))
            offset += size
    return network


def _parameters(network: Network) -> list[Any]:
    return [p for layer in (network.layer1, network.layer2, network.policy, network.value)
            for p in (layer.weight, layer.bias)]


def save_checkpoint(network: Network, path: str) -> None:
    """The PyTorch state of ``network`` (and its sizes) at ``path``."""
    torch.save({"hidden": list(network.hidden), "state": network.state_dict()}, path)


def load_checkpoint(path: str) -> Network:
    """The network of a :func:`save_checkpoint` file."""
    saved = torch.load(path, map_location="cpu")
    network = Network(tuple(saved["hidden"]))
    network.load_state_dict(saved["state"])
    return network
