# SPDX-License-Identifier: MIT
"""Either network of the az weights file: the version 1 MLP
(:mod:`.network`, ``arch`` "mlp") or the version 2 network (:mod:`.nnue`,
``arch`` "nnue"), made, read, written and checkpointed by one set of
functions, so that training, the commands and the Python player need not
know which."""
from __future__ import annotations

from typing import Union

import torch

from . import network as mlp
from . import nnue

__all__ = ["ARCHS", "DEFAULT_HIDDEN", "Model", "check", "new", "arch_of", "load", "export",
           "save_checkpoint", "load_checkpoint"]

ARCHS = ("mlp", "nnue")
#: The hidden sizes (H1, H2) of each arch unless told.
DEFAULT_HIDDEN = {"mlp": (256, 128), "nnue": (256, 32)}
Model = Union[mlp.Network, nnue.NnueNetwork]


def check(arch: str, hidden: tuple[int, int], reach: bool = False) -> None:
    """ValueError, saying why, unless :func:`new` makes such a network."""
    if arch not in ARCHS:
        raise ValueError(f"arch must be one of {', '.join(ARCHS)}, not {arch!r}")
    if arch == "nnue":
        nnue.check_sizes(*hidden)
    elif reach:
        raise ValueError("the REACH features are the nnue arch's; the mlp sees the planes")
    elif not all(1 <= size <= mlp.MAX_HIDDEN for size in hidden):
        raise ValueError(f"hidden sizes must be 1 to {mlp.MAX_HIDDEN}, not {hidden!r}")


def new(arch: str, hidden: tuple[int, int], reach: bool = False) -> Model:
    """A network of ``arch`` with fresh weights; ``reach`` (the REACH
    features) only for "nnue"."""
    check(arch, hidden, reach)
    return nnue.NnueNetwork(hidden, reach) if arch == "nnue" else mlp.Network(hidden)


def arch_of(network: Model) -> str:
    return "nnue" if isinstance(network, nnue.NnueNetwork) else "mlp"


def load(path: str) -> Model:
    """The network of the weights file ``path``, of either version."""
    return nnue.load(path) if nnue.weights_version(path) == nnue.VERSION else mlp.load(path)


def export(network: Model, path: str) -> None:
    """The weights file of ``network``, of its version, atomically."""
    (nnue.export if isinstance(network, nnue.NnueNetwork) else mlp.export)(network, path)


def save_checkpoint(network: Model, path: str) -> None:
    """The PyTorch state of ``network``, its sizes and arch, at ``path``."""
    if arch_of(network) == "mlp":
        mlp.save_checkpoint(network, path)
        return
    torch.save({"arch": "nnue", "hidden": list(network.hidden), "reach": network.reach,
                "state": network.state_dict()}, path)


def load_checkpoint(path: str) -> Model:
    """The network of a :func:`save_checkpoint` file (a version 1 one has
    no arch: an mlp)."""
    saved = torch.load(path, map_location="cpu")
    if saved.get("arch") != "nnue":
        return mlp.load_checkpoint(path)
    network = nnue.NnueNetwork(tuple(saved["hidden"]), saved["reach"])
    network.load_state_dict(saved["state"])
    return network
