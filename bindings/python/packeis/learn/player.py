# SPDX-License-Identifier: MIT
"""The network in Python, without search: :func:`evaluate` (the policy
over the legal moves and the value of a position, the PyTorch reference of
the C player's evaluation) and :class:`PolicyPlayer` (plays the move the
policy likes best), a seat of self-play or of :mod:`.evaluate`."""
from __future__ import annotations

from typing import Any, Union

import numpy as np
import torch

from .._game import Game
from .._moves import Move
from .network import Network, load, masked_log_policy

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


class PolicyPlayer:
    """``player(game, rng) -> move``: the legal move of highest policy
    probability (``network``: a :class:`Network` or a weights file)."""

    def __init__(self, network: Union[Network, str]) -> None:
        self.path = network if isinstance(network, str) else None
        self.network = load(network) if isinstance(network, str) else network
        self.network.eval()

    def __call__(self, game: Game, rng: Any = None) -> Move:
        planes, legal = inputs(game)
        probabilities, _ = evaluate(self.network, planes[None], legal[None])
        return Move(int(np.argmax(probabilities[0])))

    def __reduce__(self) -> Any:  # a seat travels to a worker as its file
        if self.path is None:
            raise TypeError("a PolicyPlayer pickles only when made from a weights file")
        return (PolicyPlayer, (self.path,))
