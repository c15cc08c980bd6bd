# SPDX-License-Identifier: MIT
"""The network in Python, without search: :func:`evaluate` (the policy
over the legal moves and the value of a position, the PyTorch reference of
the C player's evaluation of a version 1 file) and :class:`PolicyPlayer`
(plays the move the policy likes best, with a network of either version),
a seat of self-play or of :mod:`.evaluate`."""
from __future__ import annotations

from typing import Any, Union

import numpy as np
import torch

from .._game import Game
from .._moves import Move
from . import models
from .features import game_inputs
from .network import Network, masked_log_policy
from .nnue import NnueNetwork

__all__ = ["PolicyPlayer", "evaluate", "inputs"]


def inputs(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The network's input (1600 float32: the position as the player to
    act sees it) and the legal mask (4096 bool) of ``game``."""
    planes = np.asarray(game.observe(player=game.current_player), dtype=np.float32)
    return planes.reshape(-1), np.frombuffer(bytes(game.legal_mask()), dtype=np.uint8) != 0


def evaluate(network: Network, planes: np.ndarray, legal: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """N positions (N x 1600 inputs, N x 4096 legal masks) -> (N x 4096
    probabilities, 0 on illegal moves; N values of the player to act)."""
    with torch.no_grad():
        policy, value = network(torch.from_numpy(np.ascontiguousarray(planes, np.float32)))
        log_policy = masked_log_policy(policy, torch.from_numpy(np.asarray(legal, bool)))
        return torch.exp(log_policy).numpy(), value.numpy()


def _policy_logits(network: models.Model, game: Game) -> torch.Tensor:
    """1 x 192 policy logits of ``game``'s player to act."""
    with torch.no_grad():
        if isinstance(network, NnueNetwork):
            bits, dense = game_inputs(game, network.reach)
            return network(torch.from_numpy(bits[None].astype(np.float32)),
                           torch.from_numpy(dense[None].astype(np.float32)))[0]
        return network(torch.from_numpy(inputs(game)[0][None]))[0]


class PolicyPlayer:
    """``player(game, rng) -> move``: the legal move of highest policy
    probability (``network``: a network of either version, or a weights
    file)."""

    def __init__(self, network: Union[models.Model, str]) -> None:
        self.path = network if isinstance(network, str) else None
        self.network = models.load(network) if isinstance(network, str) else network
        self.network.eval()

    def __call__(self, game: Game, rng: Any = None) -> Move:
        legal = inputs(game)[1]
        with torch.no_grad():
            log_policy = masked_log_policy(_policy_logits(self.network, game),
                                           torch.from_numpy(legal[None]))
        return Move(int(torch.argmax(log_policy[0])))

    def __reduce__(self) -> Any:  # a seat travels to a worker as its file
        if self.path is None:
            raise TypeError("a PolicyPlayer pickles only when made from a weights file")
        return (PolicyPlayer, (self.path,))
