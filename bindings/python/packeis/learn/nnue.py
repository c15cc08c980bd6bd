# SPDX-License-Identifier: MIT
"""The version 2 network of the az weights file (doc/formats.md, "Version 2:
the incremental, quantized network"): the float function PyTorch trains
(:class:`NnueNetwork`), its quantization into the file (:func:`export`),
the file read back (:func:`read`, :func:`load`), and the integer network
the file defines computed in numpy (:meth:`Quantized.forward`), the
yardstick the C evaluation must equal::

    acc[H1]   = b1 + sum of W1[f] over the features f on   (int16, wrapping)
    a1[H1+16] = clamp(acc, 0, 127), then d[16]
    s2[H2]    = b2 + W2 a1                                  (int32)
    a2[H2]    = clamp(s2 >> 6, 0, 127)
    logits    = (bp + Wp a2) / (127 * 64)                   FROM, TO, PLACE
    values[j] = tanh((bv[j] + Wv[j] a2) / (127 * 64))       relative player j

The float network computes the same with ``acc / 127``, ``clamp01`` for
the clamps and ``d / 127``; a weight ``w`` of the first layer is stored as
``round(127 w)`` (int16), of the later layers as ``round(64 w)`` (int8), a
later bias as ``round(127 * 64 * b)`` (int32). :meth:`NnueNetwork.clip_`
keeps the weights where these fit (after every optimizer step)."""
from __future__ import annotations

import math
import os
import struct
from typing import NamedTuple, Optional, Union

import numpy as np
import torch
from torch import nn

from .._game import Game
from .features import (BOARD_FEATURES, DENSE, MAX_PLAYERS, REACH_FEATURES, Geometry,
                       game_inputs)
from .network import MAGIC, MOVE_VALUES, POLICY_OUTPUTS, WeightsError

__all__ = ["VERSION", "VALUES", "NnueNetwork", "Quantized", "quantize", "export", "write",
           "read", "load", "weights_version", "first_layer_limit", "check_sizes", "policy_by_move",
           "values_by_player", "game_outputs"]

VERSION = 2
VALUES = 4
FEATURE_SETS = {1: BOARD_FEATURES, 3: REACH_FEATURES}
ACC_SCALE = 127          # the first layer's integers per unit
WEIGHT_SCALE = 64        # a later layer's integers per unit
OUT_SCALE = ACC_SCALE * WEIGHT_SCALE
INT8_LIMIT = 127         # -128 is refused: the range is symmetric
_HEADER = struct.Struct("<4s7I")
_INT16 = 1 << 16

# The most first-layer rows one position turns on: a cell has one FLOE
# feature and at most either one PENGUIN or four REACH (a cell reached
# holds no penguin), so 2 or 5 rows a cell of 64, plus the bias row.
_MOST_ROWS = {1: 2 * 64 + 1, 3: 5 * 64 + 1}


def first_layer_limit(feature_set: int) -> int:
    """The largest |integer| of W1 and b1 that can never overflow the int16
    accumulator: 254 (feature set 1), 102 (feature set 3). The C kernels
    wrap; training keeps the weights within this limit, so that the
    wrapping never happens and the float function is the file's."""
    return 32767 // _MOST_ROWS[feature_set]


def check_sizes(h1: int, h2: int) -> None:
    """ValueError unless the file holds hidden sizes ``h1`` and ``h2``."""
    if not (h1 % 32 == 0 and 32 <= h1 <= 1024 and h2 % 32 == 0 and 32 <= h2 <= 256):
        raise ValueError(f"H1 must be a multiple of 32 from 32 to 1024 and H2 from 32 to 256, "
                         f"not {h1} and {h2}")


class NnueNetwork(nn.Module):
    """The float function of the version 2 network, ``hidden=(H1, H2)``,
    with REACH features if ``reach``. Its input: the features on (N x F
    float, 0 or 1) and the dense integers (N x 16, 0 to 127)."""

    def __init__(self, hidden: tuple[int, int] = (256, 32), reach: bool = False) -> None:
        super().__init__()
        h1, h2 = (int(h) for h in hidden)
        check_sizes(h1, h2)
        self.hidden = (h1, h2)
        self.reach = bool(reach)
        self.feature_set = 3 if reach else 1
        features = FEATURE_SETS[self.feature_set]
        # One row per feature, as the file stores it; the scale of a
        # Linear of that many inputs.
        bound = 1 / math.sqrt(features)
        self.w1 = nn.Parameter(torch.empty(features, h1).uniform_(-bound, bound))
        self.b1 = nn.Parameter(torch.empty(h1).uniform_(-bound, bound))
        self.layer2 = nn.Linear(h1 + DENSE, h2)
        self.policy = nn.Linear(h2, POLICY_OUTPUTS)
        self.value = nn.Linear(h2, VALUES)

    def forward(self, features: torch.Tensor, dense: torch.Tensor
                ) -> tuple[torch.Tensor, torch.Tensor]:
        """-> (N x 192 policy logits, N x 4 values by relative player)."""
        a1 = torch.clamp(features @ self.w1 + self.b1, 0.0, 1.0)
        a2 = torch.clamp(self.layer2(torch.cat([a1, dense / ACC_SCALE], dim=1)), 0.0, 1.0)
        return self.policy(a2), torch.tanh(self.value(a2))

    def clip_(self) -> None:
        """Clips the weights into the range the file holds them in."""
        first = first_layer_limit(self.feature_set) / ACC_SCALE
        later = INT8_LIMIT / WEIGHT_SCALE
        with torch.no_grad():
            self.w1.clamp_(-first, first)
            self.b1.clamp_(-first, first)
            for layer in (self.layer2, self.policy, self.value):
                layer.weight.clamp_(-later, later)


class Quantized(NamedTuple):
    """The integers of a version 2 file, arrays as the file lays them out."""

    feature_set: int
    w1: np.ndarray  # int16 [F][H1]
    b1: np.ndarray  # int16 [H1]
    w2: np.ndarray  # int8 [H2][H1 + 16]
    b2: np.ndarray  # int32 [H2]
    wp: np.ndarray  # int8 [192][H2]
    bp: np.ndarray  # int32 [192]
    wv: np.ndarray  # int8 [4][H2]
    bv: np.ndarray  # int32 [4]

    @property
    def hidden(self) -> tuple[int, int]:
        return self.w1.shape[1], self.w2.shape[0]

    def forward(self, features: np.ndarray, dense: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The integer network on N positions (features N x F 0/1, dense
        N x 16): (N x 192 int64 logits, N x 4 int64 values before tanh),
        both ``127 * 64`` a unit. Sums in float64, exact for these
        integers (below 2**53), then wrapped to int16 as the C kernels
        wrap the accumulator."""
        on = np.asarray(features, dtype=np.float64)
        acc = (on @ self.w1.astype(np.float64)).astype(np.int64) + self.b1
        acc = (acc + (_INT16 >> 1)) % _INT16 - (_INT16 >> 1)
        a1 = np.concatenate([np.clip(acc, 0, 127), np.asarray(dense, dtype=np.int64)], axis=1)
        s2 = _product(a1, self.w2) + self.b2
        a2 = np.clip(s2 >> 6, 0, 127)
        return _product(a2, self.wp) + self.bp, _product(a2, self.wv) + self.bv

    def float_network(self) -> NnueNetwork:
        """The float network whose weights are this file's (divided by
        their scales): it differs from :meth:`forward` only where ``>> 6``
        floors what the float function keeps."""
        network = NnueNetwork(self.hidden, reach=self.feature_set == 3)
        with torch.no_grad():
            for parameter, array, scale in zip(_parameters(network), self[1:], _scales()):
                parameter.copy_(torch.from_numpy(array.astype(np.float64) / scale))
        return network


def _product(a: np.ndarray, w: np.ndarray) -> np.ndarray:
    """``a @ w.T`` of integers, exactly (float64 holds every sum here)."""
    return (a.astype(np.float64) @ w.astype(np.float64).T).astype(np.int64)


def _parameters(network: NnueNetwork) -> list[torch.Tensor]:
    return [network.w1, network.b1, network.layer2.weight, network.layer2.bias,
            network.policy.weight, network.policy.bias, network.value.weight,
            network.value.bias]


def _scales() -> list[int]:
    return [ACC_SCALE, ACC_SCALE] + [WEIGHT_SCALE, OUT_SCALE] * 3


# The arrays' integer types, in memory and in the file (little-endian).
_TYPES = [np.int16, np.int16, np.int8, np.int32, np.int8, np.int32, np.int8, np.int32]
_FILE_TYPES = ["<i2", "<i2", "i1", "<i4", "i1", "<i4", "i1", "<i4"]
_NAMES = ["W1", "b1", "W2", "b2", "Wp", "bp", "Wv", "bv"]


# The int32 biases' range, as the C loader's (nnue.h, NNUE_BIAS_MAX): the
# weights' part of a sum stays below 2**24, so no sum overflows.
BIAS_LIMIT = 2**28


def _limits(feature_set: int) -> list[int]:
    first = first_layer_limit(feature_set)
    return [first, first] + [INT8_LIMIT, BIAS_LIMIT] * 3


def quantize(network: NnueNetwork) -> Quantized:
    """The file's integers of ``network``; :class:`WeightsError` if a weight
    is not finite or out of the range :meth:`NnueNetwork.clip_` keeps."""
    arrays = []
    limits = _limits(network.feature_set)
    for name, parameter, scale, kind, limit in zip(_NAMES, _parameters(network), _scales(),
                                                   _TYPES, limits):
        scaled = np.rint(parameter.detach().to(torch.float64).numpy() * scale)
        if not np.isfinite(scaled).all():
            raise WeightsError(f"{name} has non-finite weights: not exported")
        if np.abs(scaled).max() > limit:
            raise WeightsError(f"{name} has a weight of {np.abs(scaled).max() / scale:g}, "
                               f"outside +-{limit / scale:g} (clip_() keeps it in)")
        arrays.append(scaled.astype(kind))
    return Quantized(network.feature_set, *arrays)


def export(network: NnueNetwork, path: str) -> None:
    """Writes the version 2 file of ``network`` at ``path`` (atomically: a
    temporary name, then renamed)."""
    write(quantize(network), path)


def write(quantized: Quantized, path: str) -> None:
    """Writes ``quantized`` as a version 2 file at ``path``, atomically."""
    h1, h2 = quantized.hidden
    temporary = f"{path}.tmp-{os.getpid()}"
    with open(temporary, "wb") as file:
        file.write(_HEADER.pack(MAGIC, VERSION, quantized.feature_set, h1, h2, DENSE,
                                POLICY_OUTPUTS, VALUES))
        for array, kind in zip(quantized[1:], _FILE_TYPES):
            file.write(np.ascontiguousarray(array, dtype=kind).tobytes())
    os.replace(temporary, path)


def _shapes(features: int, h1: int, h2: int) -> list[tuple[int, ...]]:
    return [(features, h1), (h1,), (h2, h1 + DENSE), (h2,), (POLICY_OUTPUTS, h2),
            (POLICY_OUTPUTS,), (VALUES, h2), (VALUES,)]


def weights_version(path: str) -> int:
    """The format version of the weights file ``path`` (its bytes 4 to 7);
    :class:`WeightsError` if it is not a weights file."""
    with open(path, "rb") as file:
        head = file.read(8)
    if len(head) < 8 or head[:4] != MAGIC:
        raise WeightsError(f"{path}: not a weights file (magic {head[:4]!r}, not {MAGIC!r})")
    return struct.unpack_from("<I", head, 4)[0]


def read(path: str) -> Quantized:
    """The integers of the version 2 file ``path``; :class:`WeightsError`
    naming the file and the fault for what the C loader refuses: a wrong
    magic or version, a header cut short, a feature set other than 1 or 3,
    H1 or H2 off their table, dense, policy or value counts other than 16,
    192 and 4, a size other than the header implies, an int8 of -128."""
    with open(path, "rb") as file:
        data = file.read()
    features, h1, h2 = _header(path, data)
    shapes = _shapes(features, h1, h2)
    want = _HEADER.size + sum(math.prod(s) * np.dtype(k).itemsize
                              for s, k in zip(shapes, _FILE_TYPES))
    if len(data) != want:
        what = "truncated" if len(data) < want else "trailing bytes"
        raise WeightsError(f"{path}: {len(data)} bytes, the header implies {want} ({what})")
    arrays, offset = [], _HEADER.size
    for name, shape, kind, stored in zip(_NAMES, shapes, _TYPES, _FILE_TYPES):
        array = np.frombuffer(data, dtype=stored, count=math.prod(shape), offset=offset)
        offset += array.nbytes
        if kind == np.int8 and (array == -128).any():
            at = np.unravel_index(int(np.flatnonzero(array == -128)[0]), shape)
            raise WeightsError(f"{path}: {name}{''.join(f'[{i}]' for i in at)} is -128 "
                               f"(int8 weights are -127 to 127)")
        if kind == np.int32 and (np.abs(array.astype(np.int64)) > BIAS_LIMIT).any():
            at = np.unravel_index(int(np.flatnonzero(
                np.abs(array.astype(np.int64)) > BIAS_LIMIT)[0]), shape)
            raise WeightsError(f"{path}: {name}{''.join(f'[{i}]' for i in at)} is "
                               f"{int(array.reshape(shape)[at])} (int32 biases are -2^28 to 2^28, "
                               f"as the C loader reads them)")
        arrays.append(array.reshape(shape).astype(kind))
    return Quantized(3 if features == REACH_FEATURES else 1, *arrays)


def _header(path: str, data: bytes) -> tuple[int, int, int]:
    """(features, H1, H2) of a version 2 file's header, checked."""
    if len(data) < 4 or data[:4] != MAGIC:
        raise WeightsError(f"{path}: not a weights file (magic {data[:4]!r}, not {MAGIC!r})")
    if len(data) < _HEADER.size:
        raise WeightsError(f"{path}: {len(data)} bytes, shorter than the {_HEADER.size}-byte "
                           f"header of version {VERSION}")
    _, version, feature_set, h1, h2, dense, policy, values = _HEADER.unpack_from(data)
    if version != VERSION:
        raise WeightsError(f"{path}: format version {version}, this reader knows {VERSION}")
    if feature_set not in FEATURE_SETS:
        raise WeightsError(f"{path}: feature set {feature_set}, not 1 or 3")
    try:
        check_sizes(h1, h2)
    except ValueError as error:
        raise WeightsError(f"{path}: hidden sizes {h1} and {h2}: {error}") from None
    if (dense, policy, values) != (DENSE, POLICY_OUTPUTS, VALUES):
        raise WeightsError(f"{path}: dense {dense}, policy {policy} and value {values} "
                           f"outputs, not {DENSE}, {POLICY_OUTPUTS} and {VALUES}")
    return FEATURE_SETS[feature_set], h1, h2


def load(path: str) -> NnueNetwork:
    """The float network of the version 2 file ``path`` (:func:`read`)."""
    return read(path).float_network()


def policy_by_move(logits: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """4096 float32 probabilities by move value: the softmax over the legal
    moves (``legal``, 4096 bool) of the 192 factored ``logits`` (FROM[f] +
    TO[t] for the slide f -> t, PLACE[c] for the placement on c), 0 where
    illegal; in float64 before the last rounding."""
    logits = np.asarray(logits, dtype=np.float64)
    grid = logits[:64, None] + logits[None, 64:128]
    grid[np.diag_indices(64)] = logits[128:]
    chosen = grid.reshape(MOVE_VALUES)[legal]
    weights = np.exp(chosen - chosen.max())
    policy = np.zeros(MOVE_VALUES)
    policy[legal] = weights / weights.sum()
    return policy.astype(np.float32)


def values_by_player(values: np.ndarray, to_act: int, players: int) -> np.ndarray:
    """4 float32 values by absolute player from 4 by relative player (0
    for the players the game lacks)."""
    out = np.zeros(MAX_PLAYERS, dtype=np.float32)
    for j in range(players):
        out[(to_act + j) % players] = values[j]
    return out


def game_outputs(network: Union[Quantized, NnueNetwork], game: Game,
                 geometry: Optional[Geometry] = None) -> tuple[np.ndarray, np.ndarray]:
    """For ``game``'s player to act (not over), what the C evaluation
    (``packeis_player_az_evaluate_players``) answers: (4096 probabilities,
    4 values by absolute player), from the file's integer network
    (:class:`Quantized`) or from a float network; ``geometry`` as
    :func:`.features.game_inputs` takes it."""
    if isinstance(network, Quantized):
        bits, dense = game_inputs(game, network.feature_set == 3, geometry)
        logits, values = network.forward(bits[None], dense[None])
        logits, values = logits[0] / OUT_SCALE, np.tanh(values[0] / OUT_SCALE)
    else:
        bits, dense = game_inputs(game, network.reach, geometry)
        with torch.no_grad():
            logits, values = network(torch.from_numpy(bits[None].astype(np.float32)),
                                     torch.from_numpy(dense[None].astype(np.float32)))
        logits, values = logits[0].numpy(), values[0].numpy()
    legal = np.frombuffer(bytes(game.legal_mask()), dtype=np.uint8) != 0
    return (policy_by_move(logits, legal),
            values_by_player(values, game.current_player, game.players))
