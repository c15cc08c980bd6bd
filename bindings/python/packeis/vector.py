# SPDX-License-Identifier: MIT
"""A vectorized environment over the C batch (:class:`packeis.batch.Batch`):
N games stepped by one call, with numpy arrays in and out and no Python loop
over the games. Needs numpy. Where ``gymnasium`` is installed,
:class:`VectorEnv` is a ``gymnasium.vector.VectorEnv`` with
``gymnasium.spaces`` (and ``gymnasium.make_vec("packeis/PackeisBatch-v0",
num_envs=N)`` makes one once this module is imported); without it, the same
class on a dependency-free base with the same names and behaviour.

    >>> import numpy as np
    >>> from packeis.vector import VectorEnv
    >>> env = VectorEnv(1024, players=2)
    >>> obs, info = env.reset(seed=0)
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(100):
    ...     actions = env.sample_legal(rng)
    ...     obs, rewards, terminated, truncated, info = env.step(actions)

``step`` returns, per game (Gymnasium's vector order):

- ``obs``: by default the compact observation, 25 uint64 words per game
  (``packeis_game_observe_bits``: a cell set per plane, the fish and floes
  won as numbers); ``observation="planes"`` gives the float32 planes
  (games x 25 x 64), ``observation=None`` nothing. ``relative=True`` (the
  default) numbers the players from the player to act.
- ``rewards``: games x players float32, non-zero only at the step a game
  ends (``packeis_game_reward``, rank-based, each row summing to 0); with
  ``learner=k``, seat ``k``'s alone, shape ``(num_envs,)`` as Gymnasium's
  vector environments give rewards, every seat's then in
  ``info["player_rewards"]``.
- ``terminated``: bool, the game ended at this step (or, without
  auto-reset, before); ``truncated``: all False (games are bounded).
- ``info``: ``"to_act"`` (int8, the player to act, -1 at the end),
  ``"legal_bits"`` (games x 64 uint64: bit ``m % 64`` of word ``m // 64``
  for move ``m``), ``"status"`` (int32: 0, or the C status of a refused
  move; a refused move leaves its game as it was and never stops the
  batch), ``"illegal"`` (bool, status != 0) and ``"board_seed"`` (uint64,
  the board each game now plays); beside each key ``k``, Gymnasium's mask
  ``"_k"`` (bool: the games that have the key).

``autoreset`` picks one of Gymnasium 1.x's modes, given as
``metadata["autoreset_mode"]`` (``gymnasium.vector.AutoresetMode`` where
Gymnasium is installed, else an enum with its values), each as
Gymnasium's own ``SyncVectorEnv`` runs it:

- True (the default), ``AutoresetMode.SAME_STEP`` or ``"SameStep"``: a
  game that ends is reset to a new board in the same step (as pgx and the C
  batch do). The rewards and ``terminated`` describe the game that ended;
  the observation and the info are the new game's (``"status"`` and
  ``"illegal"`` the step's move); ``info["final_obs"]`` (with an observation: an object array,
  the ended game's observation, None for the others) and
  ``info["final_info"]`` (the info of the step that ended it: ``to_act``
  -1, no legal moves, the old ``board_seed``, ``player_rewards``; zeros in
  the other rows), each with its mask ``"_final_obs"`` / ``"_final_info"``
  (the games that ended), keep what the ending step showed.
- ``AutoresetMode.NEXT_STEP`` or ``"NextStep"``: the step a game ends shows
  its final position; at the next step it is reset instead of moving (its
  action is ignored), with reward 0, not terminated, and the new game's
  observation and info.
- False, ``AutoresetMode.DISABLED`` or ``"Disabled"``: finished games stay
  over: a move in one is refused with GAME_OVER, -1 (no move) leaves it
  alone, and rewards stay 0; ``reset(options={"reset_mask": mask})`` (a
  bool array of ``num_envs``) resets the games of the mask only, the
  info's masks then being ``mask``.

A step's ``"player_rewards"`` is not in the info of a game that restarted
in that step (its info is the new game's, as Gymnasium gives a reset's).
``reset(seed=s)`` seeds ``np_random`` as Gymnasium does, and the boards are
drawn from it (same seed, same boards, auto-reset boards included);
``options`` may hold ``"board_seeds"`` (one per game) and ``"reset_mask"``;
other keys are ignored.

Where this differs from pgx and from Gymnasium's vector environments:

- ``rewards`` is games x players by default (every player's reward, as
  pgx gives them): the games are self-play, every seat is played by the
  caller. ``learner=k`` gives Gymnasium's ``(num_envs,)`` (seat ``k``'s).
- The legal moves of a finished game (without auto-reset) are empty: all-0
  masks and bit masks, count 0; pgx makes them all-True.
- An illegal move is refused per game (``info["status"]``,
  ``info["illegal"]``), the game unchanged and not ended; pgx ends that game
  with a penalty reward.
- ``reset(seed=...)`` takes one integer, not a list of seeds per game.
- ``render_mode`` is always None (no rendering of a batch).

The arrays returned are new at each call (``copy=True``, the default);
with ``copy=False`` they are the environment's own buffers, overwritten by
the next step. :meth:`legal_moves`, :meth:`legal_mask`,
:func:`bits_to_mask` and :meth:`sample_legal` give the other forms of the
legal moves.
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _envs, _field
from ._args import integer
from ._enums import MAX_CELLS, MOVE_VALUES, OBSERVATION_PLANES
from ._handle import Serial
from .batch import LEGAL_BITS_WORDS, MOVE_NONE, Batch, NoCopies

__all__ = ["VectorEnv", "bits_to_mask", "mask_to_bits", "ENV_ID"]

#: The id :func:`gymnasium.make_vec` knows this environment by.
ENV_ID = "packeis/PackeisBatch-v0"

_spaces = _field.spaces

_U64_MAX = np.iinfo(np.uint64).max


def bits_to_mask(bits: np.ndarray, dtype: Any = np.bool_) -> np.ndarray:
    """Legal bit masks (... x 64 uint64) as masks over the 4096 move values
    (... x 4096 of ``dtype``: bool, or int8/uint8 zeros and ones)."""
    given = np.asarray(bits)
    if given.dtype.kind not in "iu":
        raise TypeError(f"bit masks must be unsigned 64-bit words, not {given.dtype}")
    words = np.ascontiguousarray(given).astype(np.uint64, copy=False)
    if words.ndim == 0 or words.shape[-1] != LEGAL_BITS_WORDS:
        raise ValueError(f"bit masks have {LEGAL_BITS_WORDS} words, not {words.shape[-1]}")
    as_bytes = words.astype("<u8", copy=False).view(np.uint8)
    mask = np.unpackbits(as_bytes, axis=-1, bitorder="little")
    return mask.astype(dtype, copy=False)


def mask_to_bits(mask: np.ndarray) -> np.ndarray:
    """The inverse of :func:`bits_to_mask`: ... x 4096 -> ... x 64 uint64."""
    values = np.asarray(mask)
    if values.ndim == 0 or values.shape[-1] != MOVE_VALUES:
        raise ValueError(f"masks have {MOVE_VALUES} values, not "
                         f"{values.shape[-1] if values.ndim else 'a scalar'}")
    packed = np.packbits(values != 0, axis=-1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").astype(np.uint64, copy=False)


def autoreset_mode(value: Any) -> Any:
    """The ``AutoresetMode`` of the ``autoreset`` argument: True is
    ``SAME_STEP`` (the C batch's), False ``DISABLED``; an ``AutoresetMode``
    or its value or name (``"NextStep"``, ``"NEXT_STEP"`` ...) is itself."""
    modes = _field.AutoresetMode
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return modes.SAME_STEP if value else modes.DISABLED
    if isinstance(value, modes):
        return value
    if isinstance(value, str):
        for mode in modes:
            if value in (mode.value, mode.name):
                return mode
        raise ValueError(f"autoreset must be True, False or an AutoresetMode "
                         f"({', '.join(m.value for m in modes)}), not {value!r}")
    if type(value).__name__ == "AutoresetMode":  # the other enum (Gymnasium's or ours)
        return autoreset_mode(value.value)
    raise TypeError(f"autoreset must be True, False or an AutoresetMode, not {value!r}")


class VectorEnv(NoCopies, _field.VectorEnvBase):
    """``num_envs`` games stepped together.

    :param num_envs: 1 to ``packeis.batch.MAX_GAMES``.
    :param observation: ``"bits"`` (default), ``"planes"`` or None.
    :param relative: number the players of observations from the player to
        act (default) rather than from player 0.
    :param autoreset: True (default) or ``AutoresetMode.SAME_STEP``: reset
        finished games in the step they end; ``AutoresetMode.NEXT_STEP``:
        at the step after; False or ``AutoresetMode.DISABLED``: never
        (``reset(options={"reset_mask": mask})`` resets some).
    :param learner: None (default): ``rewards`` is games x players; a seat
        ``0 ... players - 1``: ``rewards`` is that seat's, shape
        ``(num_envs,)`` as Gymnasium's vector environments give them, and
        ``info["player_rewards"]`` has every seat's.
    :param copy: return new arrays at each call (default), as Gymnasium's
        vector environments do; ``copy=False`` returns the environment's own
        buffers, overwritten by the next step (faster; copy what you keep).
    :param render_mode: None (a batch is not drawn).
    :param setup: the arguments of :class:`packeis.Game` but the seed,
        ``allocator`` and ``memory_limit`` (the batch allocates with malloc).
    """

    metadata = {"autoreset_mode": _field.AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, *, observation: Optional[str] = "bits",
                 relative: bool = True, autoreset: Any = True, copy: bool = True,
                 learner: Optional[int] = None, render_mode: Optional[str] = None,
                 **setup: Any) -> None:
        if observation not in ("bits", "planes", None):
            raise ValueError(f"observation must be 'bits', 'planes' or None, not {observation!r}")
        if "seed" in setup:
            raise TypeError("the boards come from reset(seed=...), not from a seed argument")
        if render_mode is not None:
            raise ValueError(f"render_mode must be None (a batch is not drawn), "
                             f"not {render_mode!r}")
        self.batch = Batch(num_envs, **_envs.check_setup(setup))
        self.num_envs = n = self.batch.size
        self.players = self.batch.players
        self.observation = observation
        self.autoreset_mode = mode = autoreset_mode(autoreset)
        #: Whether finished games are reset (in the same step or the next).
        self.autoreset = mode != _field.AutoresetMode.DISABLED
        self.copy = _envs.check_flag(copy, "copy")
        self.relative = _envs.check_flag(relative, "relative")
        if learner is not None:
            learner = integer(learner, "learner")
            if not 0 <= learner < self.players:
                raise ValueError(f"learner must be a seat 0 ... {self.players - 1} or None, "
                                 f"got {learner}")
        self.learner = learner
        self.metadata = dict(type(self).metadata, autoreset_mode=mode)
        self.single_action_space = _spaces.Discrete(MOVE_VALUES)
        self.action_space = _spaces.MultiDiscrete([MOVE_VALUES] * n)
        if observation == "planes":
            shape, low, high, dtype = (OBSERVATION_PLANES, MAX_CELLS), 0.0, 1.0, "float32"
        else:
            shape, low, high, dtype = (OBSERVATION_PLANES,), 0, int(_U64_MAX), "uint64"
        if observation is None:
            self.single_observation_space = self.observation_space = None
        else:
            self.single_observation_space = _spaces.Box(low, high, shape, dtype)
            self.observation_space = _spaces.Box(low, high, (n,) + shape, dtype)
        self._every_game = np.ones(n, dtype=bool)
        self._every_game.flags.writeable = False
        self.board_seeds = np.zeros(n, dtype=np.uint64)
        self._next_seeds = np.zeros(n, dtype=np.uint64)
        self._illegal = np.zeros(n, dtype=bool)
        self._truncated = np.zeros(n, dtype=bool)
        self._waiting = np.zeros(n, dtype=bool)  # NEXT_STEP: ended, reset at the next step
        self._started = False
        self._calls = Serial("environment")  # one call at a time, none nested

    # -- Gymnasium's vector API ---------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        """Starts every game on a new board drawn from ``seed`` (same seed,
        same boards and same later auto-reset boards); returns
        ``(obs, info)``. ``options={"board_seeds": array}`` picks the boards."""
        return self._calls._hold(lambda _: self._reset(seed, options))

    def _reset(self, seed: Optional[int], options: Optional[dict]) -> tuple:
        boards = mask = None
        if options is not None:
            if not isinstance(options, dict):
                raise TypeError("options must be a dict or None")
            boards = options.get("board_seeds")
            if boards is not None and np.any(np.asarray(boards) < 0):
                raise ValueError("options['board_seeds'] must be in 0 ... 2**64 - 1")
            mask = options.get("reset_mask")
            if mask is not None:
                mask = self._reset_mask(mask)
        # Everything is checked before the generator is seeded: a refused
        # reset leaves the environment as it was.
        if boards is not None:
            boards = self.batch.seeds_array(boards, "options['board_seeds']")
        if mask is not None:
            if not self._started:
                raise RuntimeError("options['reset_mask'] resets some games of a started "
                                   "environment: call reset() first")
            return self._reset_some(seed, boards, mask)
        if seed is not None:
            self._check_seed(seed)
            super().reset(seed=int(seed))
        if boards is None:
            self.board_seeds[:] = self._draw(self.num_envs)
        else:
            self.board_seeds[:] = boards
        self._next_seeds[:] = self._draw(self.num_envs)
        self.batch.reset(self.board_seeds)
        for fresh in (self.batch.statuses, self.batch.rewards, self.batch.terminated,
                      self.batch.to_act):  # every game starts with player 0 to act
            fresh.fill(0)
        self._started = True
        self._illegal.fill(False)
        self._waiting.fill(False)
        return self._out(self._observe()), self._info(self.batch.to_act)

    def _reset_mask(self, mask: Any) -> np.ndarray:
        """Gymnasium's ``options["reset_mask"]``, checked as its
        ``SyncVectorEnv`` checks it."""
        if not isinstance(mask, np.ndarray):
            raise TypeError(f"options['reset_mask'] must be a numpy array, got {type(mask)}")
        if mask.shape != (self.num_envs,):
            raise ValueError(f"options['reset_mask'] must have shape ({self.num_envs},), "
                             f"got {mask.shape}")
        if mask.dtype != np.bool_:
            raise TypeError(f"options['reset_mask'] must have dtype bool, got {mask.dtype}")
        if not mask.any():
            raise ValueError("options['reset_mask'] must reset at least one game")
        return mask.copy()

    def _reset_some(self, seed: Optional[int], boards: Optional[np.ndarray],
                    mask: np.ndarray) -> tuple:
        """``reset(options={"reset_mask": mask})``: the games of ``mask`` start
        again (on ``board_seeds`` where given, else on boards drawn), the
        others go on; the info is that of the games reset (masks ``mask``,
        zeros in the others' rows), as Gymnasium's vector environments give
        it."""
        if seed is not None:
            self._check_seed(seed)
            super().reset(seed=int(seed))
        games = np.flatnonzero(mask)
        seeds = boards[games] if boards is not None else self._draw(len(games))
        self.batch.reset_games(games, seeds)
        self.board_seeds[games] = seeds
        self._next_seeds[games] = self._draw(len(games))
        for fresh in (self.batch.statuses, self.batch.rewards, self.batch.terminated,
                      self.batch.to_act):
            fresh[games] = 0
        self._illegal[games] = False
        self._waiting[games] = False
        return self._out(self._observe()), self._info(self.batch.to_act, rows=mask)

    def _check_seed(self, seed: Any) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
        if seed < 0:
            raise ValueError(f"seed must be a non-negative integer or None, got {seed}")

    def step(self, actions: Any) -> tuple:
        """Plays ``actions`` (one move value per game; -1 for no move) and
        returns ``(obs, rewards, terminated, truncated, info)``. Threads
        sharing the env step it one at a time; a call from inside a call
        (a signal handler) raises :class:`packeis.ReentrantCallError`."""
        return self._calls._hold(lambda _: self._step(actions))

    def _step(self, actions: Any) -> tuple:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        batch, modes = self.batch, _field.AutoresetMode
        batch.set_moves(actions)
        if self.autoreset_mode == modes.NEXT_STEP and self._waiting.any():
            # The games that ended at the last step start again instead of
            # moving (their actions are ignored): reward 0, not terminated.
            moves = batch.moves_in.copy()
            batch.moves_in.fill(MOVE_NONE)
            self._restart_ended(self._waiting)
            batch.moves_in[:] = np.where(self._waiting, MOVE_NONE, moves)
        batch.step_prepared(None)
        terminated = batch.terminated.view(np.bool_)
        np.not_equal(batch.statuses, 0, out=self._illegal)
        final = None
        restarted = self._waiting.copy() if self.autoreset_mode == modes.NEXT_STEP else None
        if self.autoreset_mode == modes.SAME_STEP and terminated.any():
            final = self._same_step_reset(terminated)
            restarted = terminated.copy()
        elif self.autoreset_mode == modes.NEXT_STEP:
            self._waiting[:] = terminated
        all_rewards = batch.rewards[:, :self.players]
        rewards = all_rewards if self.learner is None else all_rewards[:, self.learner]
        info = self._info(batch.to_act)
        if self.learner is not None:
            # A step's key: not in the info of a game that restarted in this
            # step (its info is the new game's, as Gymnasium gives a reset's).
            if restarted is not None and restarted.any():
                info["player_rewards"] = np.where(restarted[:, None], 0, all_rewards)
                info["_player_rewards"] = ~restarted
            else:
                info["player_rewards"] = self._out(all_rewards)
                info["_player_rewards"] = self._every_game
        if final is not None:
            info.update(final)
        return (self._out(self._observe()), self._out(rewards), self._out(terminated),
                self._out(self._truncated), info)

    def _restart_ended(self, ended: np.ndarray) -> None:
        """Resets the games that are over (``ended``, every one of them) to
        their next boards, with a step of no moves (``moves_in`` all
        MOVE_NONE): only games that are over are reset by it."""
        self.batch.step_prepared(self._next_seeds)
        games = np.flatnonzero(ended)
        self.board_seeds[games] = self._next_seeds[games]
        self._next_seeds[games] = self._draw(len(games))

    def _same_step_reset(self, terminated: np.ndarray) -> dict:
        """SAME_STEP: the final observation and info of the games that
        ended, then those games reset; the step's statuses, rewards and
        terminations kept. Gymnasium's ``final_obs`` (an object array,
        None where no game ended) and ``final_info`` (the info of the step
        that ended each, batched with its ``_key`` masks), each with its
        mask."""
        batch = self.batch
        ended = terminated.copy()
        games = np.flatnonzero(ended)
        extra: dict = {}
        observed = self._observe()
        if observed is not None:
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i in games:
                final_obs[i] = observed[i].copy()
            extra["final_obs"], extra["_final_obs"] = final_obs, ended
        final_info = self._info(batch.to_act, rows=ended)
        if self.learner is not None:
            final_info["player_rewards"] = np.where(ended[:, None],
                                                    batch.rewards[:, :self.players], 0)
            final_info["_player_rewards"] = ended
        extra["final_info"], extra["_final_info"] = final_info, ended
        kept = (batch.statuses.copy(), batch.rewards.copy(), batch.terminated.copy())
        moves = batch.moves_in.copy()
        batch.moves_in.fill(MOVE_NONE)
        self._restart_ended(ended)
        batch.moves_in[:] = moves
        batch.statuses[:], batch.rewards[:], batch.terminated[:] = kept
        return extra

    def close(self, **kwargs: Any) -> None:
        """Frees the games (from a signal handler inside a call on the
        batch, as that call returns); later calls raise
        :class:`packeis.GameClosedError`. Closing twice is allowed."""
        self.batch.close()
        self.closed = True

    def close_extras(self, **kwargs: Any) -> None:
        """What Gymnasium's ``close()`` calls: frees the games."""
        batch = getattr(self, "batch", None)  # None if __init__ failed
        if batch is not None:
            batch.close()

    def __enter__(self) -> "VectorEnv":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- legal moves in other forms ------------------------------------------
    def legal_moves(self) -> tuple[np.ndarray, np.ndarray]:
        """``(moves, counts)``: game ``i``'s legal moves are
        ``moves[i, :counts[i]]`` (uint16, increasing)."""
        def read(_: Any) -> tuple[np.ndarray, np.ndarray]:
            moves, counts = self.batch.legal_moves()
            return self._out(moves), self._out(counts)
        return self._calls._hold(read)

    def legal_mask(self, dtype: Any = np.bool_) -> np.ndarray:
        """games x 4096 masks of ``dtype`` (from the C byte masks)."""
        return self._calls._hold(lambda _: self.batch.legal_mask().astype(dtype, copy=True))

    def sample_legal(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal move per game (-1 for a game with none),
        drawn in numpy from the C move lists."""
        moves, counts = self._calls._hold(lambda _: self.batch.legal_moves())
        pick = (rng.random(self.num_envs) * counts).astype(np.intp)
        chosen = moves[np.arange(self.num_envs), np.minimum(pick, moves.shape[1] - 1)]
        return np.where(counts > 0, chosen.astype(np.int32), -1)

    def planes(self) -> np.ndarray:
        """The float32 observation planes now (games x 25 x 64), whatever
        ``observation`` says."""
        return self._calls._hold(lambda _: self._out(self.batch.observe(self.relative)))

    # -- helpers -------------------------------------------------------------
    def _draw(self, count: int) -> np.ndarray:
        return self.np_random.integers(0, _U64_MAX, size=count, dtype=np.uint64, endpoint=True)

    def _observe(self) -> Optional[np.ndarray]:
        if self.observation == "bits":
            return self.batch.observe_bits(self.relative)
        if self.observation == "planes":
            return self.batch.observe(self.relative)
        return None

    def _info(self, to_act: np.ndarray, rows: Optional[np.ndarray] = None) -> dict:
        """The info of every game; with ``rows`` (a bool mask), new arrays
        holding those games' values and zeros elsewhere, masked by it (as
        Gymnasium batches the infos of some environments)."""
        batch, every = self.batch, self._every_game
        values = {"to_act": to_act, "legal_bits": batch.legal_bits(), "status": batch.statuses,
                  "illegal": self._illegal, "board_seed": self.board_seeds}
        info: dict = {}
        for key, array in values.items():
            if rows is None:
                info[key], info["_" + key] = self._out(array), every
            else:
                shaped = rows.reshape(rows.shape + (1,) * (array.ndim - 1))
                info[key], info["_" + key] = np.where(shaped, array, 0).astype(array.dtype), rows
        return info

    def _out(self, array: Optional[np.ndarray]) -> Optional[np.ndarray]:
        return array.copy() if (self.copy and array is not None) else array

    def __len__(self) -> int:
        return self.num_envs

    def __repr__(self) -> str:
        return f"<VectorEnv {self.num_envs} games, {self.players} players>"

    __str__ = __repr__


_field.register(ENV_ID, entry_point=None, vector_entry_point="packeis.vector:VectorEnv")
