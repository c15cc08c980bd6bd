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
  ends (``packeis_game_reward``, rank-based, each row summing to 0).
- ``terminated``: bool, the game ended at this step (or, without
  auto-reset, before); ``truncated``: all False (games are bounded).
- ``info``: ``"to_act"`` (int8, the player to act, -1 at the end),
  ``"legal_bits"`` (games x 64 uint64: bit ``m % 64`` of word ``m // 64``
  for move ``m``), ``"status"`` (int32: 0, or the C status of a refused
  move; a refused move leaves its game as it was and never stops the
  batch), ``"illegal"`` (bool, status != 0) and ``"board_seed"`` (uint64,
  the board each game now plays); beside each key ``k``, Gymnasium's mask
  ``"_k"`` (bool, all True: every game has every key).

``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``
(``gymnasium.vector.AutoresetMode`` where Gymnasium is installed), or
``AutoresetMode.DISABLED`` with ``autoreset=False``. ``reset(seed=s)``
seeds ``np_random`` as Gymnasium does, and the boards are drawn from it
(same seed, same boards, auto-reset boards included); ``options`` may hold
``"board_seeds"`` (one per game); other keys are ignored.

Auto-reset follows pgx (and the C batch): a game that ends is reset to a
new board in the same step; the rewards and ``terminated`` describe the game
that ended, the observation, legal moves and ``to_act`` are the new game's.
With ``autoreset=False`` finished games stay over: a move in one is refused
with GAME_OVER, -1 (no move) leaves it alone, and rewards stay 0.

Where this differs from pgx and from Gymnasium's vector environments:

- ``rewards`` is games x players (every player's reward, as pgx gives
  them), not Gymnasium's ``(num_envs,)`` of one agent.
- The legal moves of a finished game (without auto-reset) are empty: all-0
  masks and bit masks, count 0; pgx makes them all-True.
- An illegal move is refused per game (``info["status"]``,
  ``info["illegal"]``), the game unchanged and not ended; pgx ends that game
  with a penalty reward.
- There is no final observation: a game that ends is reset in the same step
  (pgx style), so ``obs`` already shows the new game; Gymnasium's
  ``final_obs`` / ``final_info`` are not given (``autoreset=False`` keeps
  the last position of finished games visible).
- ``reset`` restarts every game: there is no ``reset_mask`` option for
  ``autoreset=False`` (``AutoresetMode.DISABLED``).
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
from ._enums import MAX_CELLS, MOVE_VALUES, OBSERVATION_PLANES
from ._handle import Serial
from .batch import LEGAL_BITS_WORDS, Batch, NoCopies

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


class VectorEnv(NoCopies, _field.VectorEnvBase):
    """``num_envs`` games stepped together.

    :param num_envs: 1 to ``packeis.batch.MAX_GAMES``.
    :param observation: ``"bits"`` (default), ``"planes"`` or None.
    :param relative: number the players of observations from the player to
        act (default) rather than from player 0.
    :param autoreset: reset finished games in the step they end (default).
    :param copy: return new arrays at each call (default), as Gymnasium's
        vector environments do; ``copy=False`` returns the environment's own
        buffers, overwritten by the next step (faster; copy what you keep).
    :param render_mode: None (a batch is not drawn).
    :param setup: the arguments of :class:`packeis.Game` but the seed,
        ``allocator`` and ``memory_limit`` (the batch allocates with malloc).
    """

    metadata = {"autoreset_mode": _field.AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, *, observation: Optional[str] = "bits",
                 relative: bool = True, autoreset: bool = True, copy: bool = True,
                 render_mode: Optional[str] = None, **setup: Any) -> None:
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
        self.autoreset = _envs.check_flag(autoreset, "autoreset")
        self.copy = _envs.check_flag(copy, "copy")
        self.relative = _envs.check_flag(relative, "relative")
        mode = _field.AutoresetMode.SAME_STEP if self.autoreset else _field.AutoresetMode.DISABLED
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
        self._started = False
        self._calls = Serial("environment")  # one call at a time, none nested

    # -- Gymnasium's vector API ---------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        """Starts every game on a new board drawn from ``seed`` (same seed,
        same boards and same later auto-reset boards); returns
        ``(obs, info)``. ``options={"board_seeds": array}`` picks the boards."""
        return self._calls._hold(lambda _: self._reset(seed, options))

    def _reset(self, seed: Optional[int], options: Optional[dict]) -> tuple:
        boards = None
        if options is not None:
            if not isinstance(options, dict):
                raise TypeError("options must be a dict or None")
            _envs.refuse_unsupported_options(options)
            boards = options.get("board_seeds")
            if boards is not None and np.any(np.asarray(boards) < 0):
                raise ValueError("options['board_seeds'] must be in 0 ... 2**64 - 1")
        # Everything is checked before the generator is seeded: a refused
        # reset leaves the environment as it was.
        if boards is not None:
            boards = self.batch.seeds_array(boards, "options['board_seeds']")
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
            if seed < 0:
                raise ValueError(f"seed must be a non-negative integer or None, got {seed}")
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
        return self._out(self._observe()), self._info(self.batch.to_act)

    def step(self, actions: Any) -> tuple:
        """Plays ``actions`` (one move value per game; -1 for no move) and
        returns ``(obs, rewards, terminated, truncated, info)``. Threads
        sharing the env step it one at a time; a call from inside a call
        (a signal handler) raises :class:`packeis.ReentrantCallError`."""
        return self._calls._hold(lambda _: self._step(actions))

    def _step(self, actions: Any) -> tuple:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        batch = self.batch
        batch.set_moves(actions)
        batch.step_prepared(self._next_seeds if self.autoreset else None)
        terminated = batch.terminated.view(np.bool_)
        if self.autoreset and terminated.any():
            ended = np.flatnonzero(terminated)
            self.board_seeds[ended] = self._next_seeds[ended]
            self._next_seeds[ended] = self._draw(len(ended))
        np.not_equal(batch.statuses, 0, out=self._illegal)
        rewards = batch.rewards[:, :self.players]
        return (self._out(self._observe()), self._out(rewards), self._out(terminated),
                self._out(self._truncated), self._info(batch.to_act))

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

    def _info(self, to_act: np.ndarray) -> dict:
        batch, every = self.batch, self._every_game
        return {"to_act": self._out(to_act), "_to_act": every,
                "legal_bits": self._out(batch.legal_bits()), "_legal_bits": every,
                "status": self._out(batch.statuses), "_status": every,
                "illegal": self._out(self._illegal), "_illegal": every,
                "board_seed": self._out(self.board_seeds), "_board_seed": every}

    def _out(self, array: Optional[np.ndarray]) -> Optional[np.ndarray]:
        return array.copy() if (self.copy and array is not None) else array

    def __len__(self) -> int:
        return self.num_envs

    def __repr__(self) -> str:
        return f"<VectorEnv {self.num_envs} games, {self.players} players>"

    __str__ = __repr__


_field.register(ENV_ID, entry_point=None, vector_entry_point="packeis.vector:VectorEnv")
