# SPDX-License-Identifier: MIT
"""A Gymnasium single-agent environment: the learner plays one seat, the
other seats are played by an opponent policy. Where ``gymnasium`` is
installed, :class:`PackeisEnv` is a ``gymnasium.Env`` with
``gymnasium.spaces`` (``gymnasium.make("packeis/Packeis-v0")`` makes one once
this module is imported, or at once with
``gymnasium.make("packeis.gymnasium_env:packeis/Packeis-v0")``); without it,
the same class on the dependency-free base of :mod:`packeis._field` and
:mod:`packeis.spaces`, with the same names, tuples and behaviour.

    >>> from packeis.gymnasium_env import PackeisEnv
    >>> env = PackeisEnv(players=2)
    >>> obs, info = env.reset(seed=0)
    >>> terminated = False
    >>> while not terminated:
    ...     action = env.action_space.sample(info["action_mask"])
    ...     obs, reward, terminated, truncated, info = env.step(action)

- ``observation_space``: the 25 x 64 float32 planes of
  ``packeis_game_observe`` with the per-player planes numbered from the
  learner; with ``mask_in_observation=True`` a ``Dict`` space
  ``{"observation", "action_mask"}`` instead.
- ``action_space``: ``Discrete(4096)``, a move value; ``info["action_mask"]``
  (int8, 4096 values) and :meth:`PackeisEnv.action_masks` give the legal ones.
- ``reward``: 0.0 until the game ends, then the learner's
  ``packeis_game_reward`` (rank-based, -1 to 1). ``truncated`` is always
  False: no game has more actions than the layout has cells.
- An illegal action (any of the 4096 values the game refuses, a value
  naming a cell the layout lacks included): by default
  (``illegal_action=-1.0``) the episode ends at once (``terminated=True``)
  with that number as reward and ``info["illegal_action"]`` naming the
  reason, as PettingZoo's ``TerminateIllegalWrapper`` does and as
  ``check_env`` and a loop of ``env.step(env.action_space.sample())``
  expect; any other finite number is another penalty; with
  ``illegal_action="raise"`` the :class:`packeis.IllegalMoveError` saying
  why is raised and nothing changes. A value outside the action space
  raises (OutOfRangeError, TypeError) whatever ``illegal_action`` is.
- The opponent is ``opponent(game, rng) -> move``: it gets the
  :class:`packeis.Game` (to read, not to change) and the environment's
  ``random.Random`` (``env.rng``). ``reset(seed=s)`` (a non-negative
  integer) reseeds both of the environment's generators: ``env.rng``, which
  draws the boards, the seats and the opponent's moves (its own documented
  stream, ``random.Random(s)``, so that numpy stays optional), and
  Gymnasium's ``np_random`` (``np_random_seed == s``), which the
  environment itself never draws from; so a seed fixes the whole episode.
  The default opponent plays uniformly random legal moves. A built-in C
  player runs in this process as ``opponent=packeis.players.MCTS(...)`` or
  as its seat spec, ``opponent="mcts:200"`` (made with
  :meth:`packeis.players.Player.from_spec`; it draws from its own seed, so
  the episode is still fixed by the reset's seed). If it raises,
  the exception propagates and the episode is over (``step`` then asks for
  ``reset``).
- ``reset(options=...)``: ``{"board_seed": s}`` plays board ``s``; other
  keys are ignored, as Gymnasium's checkers expect.
  ``info["board_seed"]`` is a ``numpy.uint64`` (an int without numpy), so
  that the infos of several environments batch into one array.
- ``learner``: the seat of the learner (0 by default), or ``"random"`` for a
  seat drawn at each reset (``info["learner"]`` says which).
"""
from __future__ import annotations

from typing import Any, Optional, Union

from . import _envs, _field
from ._errors import IllegalMoveError

__all__ = ["PackeisEnv", "random_policy", "ENV_ID"]

random_policy = _envs.random_policy

#: The id :func:`gymnasium.make` knows this environment by.
ENV_ID = "packeis/Packeis-v0"


class PackeisEnv(_envs.SingleGameEnv, _field.Env):
    """The environment; ``setup`` takes the arguments of
    :class:`packeis.Game` but the seed."""

    metadata = {"render_modes": _envs.RENDER_MODES, "render_fps": 1}

    def __init__(self, opponent: Optional[_envs.Policy] = None,
                 learner: Union[int, str] = 0, illegal_action: Union[str, float] = -1.0,
                 mask_in_observation: bool = False, render_mode: Optional[str] = None,
                 **setup: Any) -> None:
        if isinstance(opponent, str):
            from .players import Player  # noqa: PLC0415 - the C players, on demand
            opponent = Player.from_spec(opponent)
        if opponent is not None and not callable(opponent):
            raise TypeError("opponent must be a callable opponent(game, rng) -> move or a "
                            "built-in player's spec such as 'mcts:200'")
        illegal_action = _envs.illegal_action_policy(illegal_action)
        players = self._open(render_mode, setup).players
        if learner != "random" and (not _envs.is_integer(learner)
                                    or learner not in range(players)):
            raise ValueError(f"learner must be a seat 0 ... {players - 1} or 'random', "
                             f"not {learner!r}")
        self.opponent = opponent or random_policy
        self.illegal_action = illegal_action
        self.mask_in_observation = _envs.check_flag(mask_in_observation, "mask_in_observation")
        self._seat_choice = learner
        self.learner = 0 if learner == "random" else int(learner)
        self._observer = _envs.Observer(players)
        planes = _envs.observation_space()
        self.observation_space: Any = (_field.spaces.Dict({"observation": planes,
                                             "action_mask": _envs.mask_space()})
                                       if self.mask_in_observation else planes)
        self.action_space = _envs.action_space()
        self.rng = _envs.new_rng(None)
        self._done = True

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        """A new episode: ``(observation, info)``. ``seed`` reseeds the
        generator of boards, seats and opponent moves (and ``np_random``);
        ``options={"board_seed": s}`` plays board ``s``."""
        self._live()
        board = _envs.board_seed_option(options)
        if seed is not None:
            self.rng = _envs.new_rng(seed)
            super().reset(seed=int(seed))
        self.board_seed = _envs.draw_seed(self.rng) if board is None else board
        if self._seat_choice == "random":
            self.learner = self.rng.randrange(self.game.players)
        self._done = True  # until the opponents have moved (a policy may raise)
        self.game.reset(self.board_seed)
        self._play_opponents()
        self._done = False
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple:
        """Plays ``action`` for the learner, then the opponents until the
        learner is to act again or the game is over:
        ``(observation, reward, terminated, truncated, info)``. If the
        opponent policy raises, the episode is over: the next step raises
        until :meth:`reset`."""
        self._live()
        if self._done:
            raise RuntimeError("the episode is over (it ended, or reset() or step() failed): "
                               "call reset()")
        try:
            _envs.apply_move(self.game, action)
        except IllegalMoveError as error:
            if self.illegal_action == "raise":
                raise
            self._done = True
            info = self._info()
            info["action_mask"] = self._observer.empty_mask()  # the episode is over
            info["illegal_action"] = str(error)
            return self._observation(), self.illegal_action, True, False, info
        self._done = True  # until the opponents have moved (a policy may raise)
        self._play_opponents()
        self._done = self.game.is_over
        reward = self.game.reward(self.learner) if self._done else 0.0
        return self._observation(), reward, self._done, False, self._info()

    def action_masks(self) -> Any:
        """The legal mask of the learner (the ``action_masks()`` method of
        sb3-contrib's maskable policies)."""
        self._live()
        return self._mask()

    # -- helpers -------------------------------------------------------------
    def _play_opponents(self) -> None:
        game, rng = self.game, self.rng
        while not game.is_over and game.current_player != self.learner:
            seat, ply = game.current_player, game.ply_count
            move = self.opponent(game, rng)
            if game.ply_count != ply:
                raise RuntimeError("the opponent policy changed the game: it must return "
                                   "its move, not play it")
            try:
                _envs.apply_move(game, move)
            except (IllegalMoveError, TypeError) as error:
                raise RuntimeError(f"the opponent policy (seat {seat}) chose {move!r}, which "
                                   f"is not a legal move: {error}") from error

    def _mask(self) -> Any:
        if self.game.current_player == self.learner:
            return self._observer.mask(self.game)
        return self._observer.empty_mask()

    def _observation(self) -> Any:
        planes = self._observer.observation(self.game, self.learner)
        if self.mask_in_observation:
            return {"observation": planes, "action_mask": self._mask()}
        return planes

    def _info(self) -> dict:
        return {"action_mask": self._mask(), "learner": self.learner,
                "board_seed": _field.as_seed_info(self.board_seed), "ply": self.game.ply_count}


_field.register(ENV_ID, entry_point="packeis.gymnasium_env:PackeisEnv",
                vector_entry_point=None)
