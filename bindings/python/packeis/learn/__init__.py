# SPDX-License-Identifier: MIT
"""A learned player (doc/learn.md): self-play data with the search's visits
(:func:`packeis.cluster.selfplay.selfplay` with ``record_policy=True``), a
policy/value network trained on it in PyTorch (:mod:`.network`,
:mod:`.train`), exported to the weights file the C player ``az`` reads, and
the loop of generations (:mod:`.iterate`). ``python3 -m packeis.learn
--help`` is the command line. Needs numpy and PyTorch (``python3-torch``);
matplotlib (``python3-matplotlib``) for the loss curves."""
from __future__ import annotations

__all__ = ["network", "data", "train", "player", "evaluate", "iterate"]
