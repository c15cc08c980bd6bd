# SPDX-License-Identifier: MIT
"""What the single-game environments (:mod:`packeis.openspiel`,
:mod:`packeis.aec`, :mod:`packeis.gymnasium_env`) share: the setup of their
games, the observation from one player's point of view, the legal mask and
the rewards, with numpy where it is installed and ``array`` otherwise."""
from __future__ import annotations

import array
import copy
import math
import random
import warnings
from typing import Any, Callable, Optional

from ._errors import GameClosedError, IllegalMoveError, PackeisError, ReentrantCallError
from ._enums import MAX_CELLS, MAX_PLAYERS, MOVE_VALUES, OBSERVATION_PLANES, OBSERVATION_SIZE
from ._game import Game
from ._moves import move_value
from ._field import spaces as _spaces

try:
    import numpy as _np
except ImportError:  # pragma: no cover - exercised by the no-numpy test
    _np = None

#: The shape of an observation: planes by cells.
OBSERVATION_SHAPE = (OBSERVATION_PLANES, MAX_CELLS)

#: The setup arguments of :class:`packeis.Game` an environment passes on
#: (the board seed is the environment's to choose).
SETUP_KEYS = ("players", "penguins", "layout", "layout_picture", "place_any_floe",
              "snake_placement", "hash_seed")


def check_setup(setup: dict) -> dict:
    """The setup arguments, refused with TypeError if one is unknown (a
    ``seed`` included: environments choose boards by their reset seeds)."""
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise TypeError(f"unknown game setup argument(s) {unknown}: use {list(SETUP_KEYS)}")
    return dict(setup)


def new_game(setup: dict, board_seed: int) -> Game:
    """A game of this setup on the standard board shuffled with
    ``board_seed`` (ignored with a custom layout)."""
    return Game(seed=board_seed, **setup)


class Observer:
    """Observations and legal masks of one setup's games, cached per player.

    With numpy an observation is a float32 array of :data:`OBSERVATION_SHAPE`
    and a mask an int8 array of ``MOVE_VALUES``; without numpy they are flat
    ``array('f')`` and ``array('b')`` objects."""

    def __init__(self, players: int) -> None:
        self.players = players

    def observation(self, game: Game, player: int) -> Any:
        """The planes of ``game`` as ``player`` sees them (a new array):
        ``packeis_game_observe_as``."""
        if _np is not None:
            return game.observe(player=player, out=_np.empty(OBSERVATION_SHAPE, _np.float32))
        return game.observe(player=player)

    def flat_observation(self, game: Game, player: int) -> list[float]:
        """The same values as a flat list of floats (OpenSpiel's form)."""
        return game.observe(player=player).tolist()

    @staticmethod
    def mask(game: Game) -> Any:
        """The legal-move mask: 1 at each legal move value (a new array)."""
        if _np is not None:
            return game.legal_mask(out=_np.zeros(MOVE_VALUES, dtype=_np.int8))
        return game.legal_mask(out=array.array("b", bytes(MOVE_VALUES)))

    @staticmethod
    def empty_mask() -> Any:
        """A mask with no legal move (for an agent that is not to act)."""
        if _np is not None:
            return _np.zeros(MOVE_VALUES, dtype=_np.int8)
        return array.array("b", bytes(MOVE_VALUES))


#: The render modes of the single-game environments: ``"ansi"`` returns the
#: board as text, ``"human"`` prints it (and returns None).
RENDER_MODES = ["ansi", "human"]


class SingleGameEnv:
    """What the single-game environments share: their game, its setup,
    ``render_mode``, rendering, closing, copying and the check that they
    are open."""

    def _open(self, render_mode: Optional[str], setup: dict) -> Game:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self._setup = check_setup(setup)
        self._closed = False
        self.game = new_game(self._setup, 0)
        return self.game

    @property
    def unwrapped(self) -> Any:
        return self

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``), or printed to
        standard output (``"human"``, then None); without a render mode a
        warning, and None."""
        self._live()
        if self.render_mode is None:
            warnings.warn("render() called without a render_mode (use render_mode='ansi')",
                          stacklevel=2)
            return None
        if self.render_mode == "human":
            print(self.game)
            return None
        return str(self.game)

    def __copy__(self) -> Any:
        """A whole copy (as ``copy.deepcopy``): a shallow one would share
        the C game, and closing either would close both."""
        return copy.deepcopy(self)

    def close(self) -> None:
        """Frees the game; later calls raise :class:`packeis.GameClosedError`
        (closing twice is allowed)."""
        if not self._closed:
            self._closed = True
            self.game.close()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _live(self) -> None:
        if self._closed:
            raise GameClosedError("the environment was closed")


def observation_space() -> Any:
    """The planes: a ``Box`` of float32 in [0, 1] of :data:`OBSERVATION_SHAPE`
    (``gymnasium.spaces`` where installed, else :mod:`packeis.spaces`)."""
    return _spaces.Box(0.0, 1.0, OBSERVATION_SHAPE, "float32")


def mask_space() -> Any:
    """The legal mask as PettingZoo's classic games give it: int8 0/1."""
    return _spaces.Box(0, 1, (MOVE_VALUES,), "int8")


def dict_space() -> Any:
    """``{"observation": planes, "action_mask": mask}``."""
    return _spaces.Dict({"observation": observation_space(), "action_mask": mask_space()})


def action_space() -> Any:
    """A move value: ``Discrete(MOVE_VALUES)`` (4096)."""
    return _spaces.Discrete(MOVE_VALUES)


def is_integer(value: Any) -> bool:
    """Whether ``value`` is an integer (an int or numpy integer scalar; not
    a bool, a numpy bool, an array nor a float that happens to be whole)."""
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "ndarray"):
        return False
    return isinstance(value, int) or (hasattr(value, "__index__")
                                      and not isinstance(value, float))


def check_flag(value: Any, name: str) -> bool:
    """``value`` if it is a bool (or numpy bool), else TypeError: a string
    such as ``"no"`` is not taken as True."""
    if not isinstance(value, bool) and type(value).__name__ != "bool_":
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return bool(value)


def board_seed_value(seed: Any, what: str) -> int:
    """A board seed: an integer in 0 ... 2**64 - 1 (TypeError, ValueError
    otherwise; no value is wrapped around)."""
    if not is_integer(seed):
        raise TypeError(f"{what} must be an integer, not {type(seed).__name__}")
    value = int(seed)
    if not 0 <= value < 2**64:
        raise ValueError(f"{what} must be in 0 ... 2**64 - 1, not {value}")
    return value


def illegal_action_policy(value: Any) -> Any:
    """``"raise"``, or the finite reward an illegal action ends the episode
    with, as a float; anything else raises TypeError or ValueError."""
    if isinstance(value, str):
        if value != "raise":
            raise ValueError(f"illegal_action must be 'raise' or a finite reward, not {value!r}")
        return value
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "ndarray") or (
            not isinstance(value, (int, float)) and not hasattr(value, "__float__")):
        raise TypeError(f"illegal_action must be 'raise' or a finite reward (a number), "
                        f"not {type(value).__name__}")
    try:
        reward = float(value)
    except OverflowError:
        reward = math.inf
    if not math.isfinite(reward):
        raise ValueError(f"illegal_action must be a finite reward, not {reward}")
    return reward


def rewards(game: Game) -> list[float]:
    """Each player's reward (``packeis_game_reward``): 0.0 until the game is
    over, then ``(b - a) / (players - 1)`` with ``b`` the players ranked
    below and ``a`` those ranked above; they sum to 0."""
    return [game.reward(p) for p in range(game.players)]


def apply_move(game: Game, action: Any) -> None:
    """Plays ``action``, a value of the action space ``Discrete(4096)``
    (others raise OutOfRangeError or TypeError, as a caller's bug). Any of
    them the game refuses is raised as an :class:`IllegalMoveError`
    (chained to the game's error): a value naming a cell the layout lacks
    (4095 names cell 63, which a 60-cell board lacks: an OutOfRangeError of
    the game) is an illegal action like any other. The game is unchanged."""
    move = move_value(action)
    try:
        game.apply(move)
    except (IllegalMoveError, GameClosedError, ReentrantCallError):
        raise
    except PackeisError as error:
        raise IllegalMoveError(f"{move} is not a move of this game: {error}",
                               status=error.status) from error


def draw_seed(rng: random.Random) -> int:
    """A 64-bit board seed from an environment's generator."""
    return rng.getrandbits(64)


def new_rng(seed: Optional[int]) -> random.Random:
    """An environment's generator: seeded, or from the operating system."""
    if seed is None:
        return random.Random(random.SystemRandom().getrandbits(64))
    if not is_integer(seed):
        raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
    value = int(seed)
    if value < 0:  # random.Random(-s) is random.Random(s): refused, not aliased
        raise ValueError(f"seed must be a non-negative integer or None, got {value}")
    return random.Random(value)


def board_seed_option(options: Optional[dict]) -> Optional[int]:
    """The ``board_seed`` of a reset's ``options`` (None if not given).
    Other keys are ignored: the field's checkers and wrappers pass options
    of their own (PettingZoo's ``api_test`` resets with
    ``options={"options": 1}``)."""
    if options is None:
        return None
    if not isinstance(options, dict):
        raise TypeError("options must be a dict or None")
    refuse_unsupported_options(options)
    seed = options.get("board_seed")
    return None if seed is None else board_seed_value(seed, "options['board_seed']")


#: Reset options Gymnasium itself defines that these environments do not
#: support: refused, not ignored, since ignoring them would silently do
#: something else (``reset_mask`` would restart every game).
UNSUPPORTED_OPTIONS = ("reset_mask",)


def refuse_unsupported_options(options: dict) -> None:
    for key in UNSUPPORTED_OPTIONS:
        if key in options:
            raise ValueError(f"reset option {key!r} is not supported here: reset() restarts "
                             f"every game")


def random_policy(game: Game, rng: random.Random) -> int:
    """An opponent playing a uniformly random legal move."""
    moves = game.legal_moves()
    return moves[rng.randrange(len(moves))]


Policy = Callable[[Game, random.Random], Any]

__all__ = ["OBSERVATION_SHAPE", "MAX_PLAYERS", "OBSERVATION_SIZE", "Observer", "rewards",
           "random_policy"]
