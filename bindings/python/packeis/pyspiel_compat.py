# SPDX-License-Identifier: MIT
"""A stand-in for OpenSpiel's compiled ``pyspiel`` module: only its
constants, enumerations and the ``Bot`` base class, with pyspiel's names
and values, so that OpenSpiel's pure-Python algorithms (``mcts.py``,
``evaluate_bots.py``, ``minimax.py``) run on :mod:`packeis.openspiel` games
where pyspiel itself is not installed (it is not packaged by Debian)::

    import packeis.pyspiel_compat
    packeis.pyspiel_compat.install()   # sys.modules["pyspiel"], unless pyspiel imports
    from open_spiel.python.algorithms import mcts

Nothing here plays a game: games and states are :mod:`packeis.openspiel`'s.
Where the real ``pyspiel`` imports, :mod:`packeis.openspiel` uses its enums
instead, so that they compare equal to the real ones.
"""
from __future__ import annotations

import enum
import importlib
import sys
from types import ModuleType
from typing import Any, NamedTuple

__all__ = ["PlayerId", "INVALID_ACTION", "GameType", "TensorLayout", "Bot", "install"]


class PlayerId(enum.IntEnum):
    """``pyspiel.PlayerId`` (open_spiel/spiel_globals.h)."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


#: ``pyspiel.INVALID_ACTION`` (``kInvalidAction``).
INVALID_ACTION = -1


class TensorLayout(enum.IntEnum):
    """``pyspiel.TensorLayout``: how a tensor's dimensions are ordered."""

    HWC = 0
    CHW = 1


def _enum(name: str, members: str) -> Any:
    """A nested enumeration of ``GameType``, numbered from 0 in order."""
    return enum.IntEnum(name, [(m, i) for i, m in enumerate(members.split())],
                        module=__name__, qualname=f"GameType.{name}")


class GameType(NamedTuple):
    """``pyspiel.GameType``: what a game is (fields read-only, as
    pyspiel's), with pyspiel's nested enumerations ``GameType.Dynamics``,
    ``.ChanceMode``, ``.Information``, ``.Utility`` and ``.RewardModel``
    (the values of open_spiel/spiel.h)."""

    short_name: str
    long_name: str
    dynamics: Any
    chance_mode: Any
    information: Any
    utility: Any
    reward_model: Any
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool


GameType.Dynamics = _enum("Dynamics", "SIMULTANEOUS SEQUENTIAL MEAN_FIELD")  # type: ignore
GameType.ChanceMode = _enum(  # type: ignore[attr-defined]
    "ChanceMode", "DETERMINISTIC EXPLICIT_STOCHASTIC SAMPLED_STOCHASTIC")
GameType.Information = _enum(  # type: ignore[attr-defined]
    "Information", "ONE_SHOT PERFECT_INFORMATION IMPERFECT_INFORMATION")
GameType.Utility = _enum(  # type: ignore[attr-defined]
    "Utility", "ZERO_SUM CONSTANT_SUM GENERAL_SUM IDENTICAL")
GameType.RewardModel = _enum("RewardModel", "REWARDS TERMINAL")  # type: ignore


class Bot:
    """``pyspiel.Bot``: the base of OpenSpiel's Python bots, with pyspiel's
    defaults (a bot overrides ``step`` and what else it provides)."""

    def step(self, state: Any) -> int:
        """The action the bot takes in ``state``."""
        return self.step_with_policy(state)[1]

    def step_with_policy(self, state: Any) -> tuple[list, int]:
        raise NotImplementedError("this bot provides no policy: override step()")

    def restart(self) -> None:
        """A new game starts."""

    def restart_at(self, state: Any) -> None:
        """A new game starts at ``state``."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Another player played ``action`` in ``state``."""

    def inform_actions(self, state: Any, actions: list) -> None:
        """The players played ``actions`` (simultaneous games)."""

    def provides_force_action(self) -> bool:
        return False

    def force_action(self, state: Any, action: int) -> None:
        raise NotImplementedError("this bot cannot be forced to an action")

    def provides_policy(self) -> bool:
        return False

    def get_policy(self, state: Any) -> list:
        raise NotImplementedError("this bot provides no policy")

    def is_clonable(self) -> bool:
        return False


def resolve() -> ModuleType:
    """The real ``pyspiel`` if it imports (or whatever is installed as
    ``sys.modules["pyspiel"]``), else this module."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return sys.modules[__name__]


def install() -> ModuleType:
    """Makes ``import pyspiel`` give this module, unless a real pyspiel
    imports; returns the module ``import pyspiel`` now gives."""
    found = resolve()
    sys.modules.setdefault("pyspiel", found)
    return found
