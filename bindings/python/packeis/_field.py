# SPDX-License-Identifier: MIT
"""The field's packages, where they are installed: the base classes and
space types the environments (:mod:`packeis.aec`,
:mod:`packeis.gymnasium_env`, :mod:`packeis.vector`) are built on.

If ``gymnasium`` imports, :data:`spaces` is ``gymnasium.spaces``,
:data:`Env` is ``gymnasium.Env`` and :data:`VectorEnvBase` is
``gymnasium.vector.VectorEnv``; if ``pettingzoo`` imports, :data:`AECEnv`
is ``pettingzoo.AECEnv``. Otherwise they are the dependency-free classes of
this module and :mod:`packeis.spaces`, with the same names and behaviour
(seeding as Gymnasium seeds: :func:`np_random`). The environments define
all their behaviour themselves; only these bases and the space types differ
between the two.

``PACKEIS_STANDALONE_ENVS=1`` in the environment keeps the dependency-free
classes even where the packages are installed (for a test of that path).
"""
from __future__ import annotations

import enum
import os
import random
from typing import Any, Optional

try:  # numpy is optional for the single-game environments
    import numpy as _np
except ImportError:  # pragma: no cover - exercised by the no-numpy test
    _np = None

_STANDALONE = bool(os.environ.get("PACKEIS_STANDALONE_ENVS"))


def _import(name: str) -> Any:
    if _STANDALONE:
        return None
    try:
        return __import__(name)
    except ImportError:
        return None


gymnasium = _import("gymnasium")
pettingzoo = _import("pettingzoo") if gymnasium is not None else None

#: Whether the environments are ``gymnasium`` / ``pettingzoo`` classes.
HAVE_GYMNASIUM = gymnasium is not None
HAVE_PETTINGZOO = pettingzoo is not None


def np_random(seed: Optional[int] = None) -> tuple[Any, int]:
    """``(generator, seed used)`` as ``gymnasium.utils.seeding.np_random``
    makes them: ``numpy.random.Generator(PCG64(SeedSequence(seed)))``, the
    seed drawn by ``SeedSequence`` when None; without numpy a
    ``random.Random`` (and a seed from the operating system)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be a non-negative integer or None, not {seed!r}")
    if _np is None:
        used = random.SystemRandom().getrandbits(128) if seed is None else seed
        return random.Random(used), used
    sequence = _np.random.SeedSequence(seed)
    return _np.random.Generator(_np.random.PCG64(sequence)), int(sequence.entropy)


class _Seeded:
    """``np_random`` and ``np_random_seed`` as Gymnasium's ``Env`` and
    ``VectorEnv`` have them: made on first use unless a reset seeded them."""

    _np_random: Any = None
    _np_random_seed: Optional[int] = None
    spec: Any = None
    render_mode: Optional[str] = None

    @property
    def np_random(self) -> Any:
        if self._np_random is None:
            self._np_random, self._np_random_seed = np_random()
        return self._np_random

    @np_random.setter
    def np_random(self, value: Any) -> None:
        self._np_random, self._np_random_seed = value, -1

    @property
    def np_random_seed(self) -> int:
        if self._np_random_seed is None:
            self._np_random, self._np_random_seed = np_random()
        return self._np_random_seed

    def _seed_from_reset(self, seed: Optional[int]) -> None:
        if seed is not None:
            self._np_random, self._np_random_seed = np_random(seed)

    @property
    def unwrapped(self) -> Any:
        return self

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> bool:
        self.close()
        return False


class StandaloneEnv(_Seeded):
    """``gymnasium.Env`` without Gymnasium: ``reset(seed=...)`` seeds
    :attr:`np_random`; ``close`` does nothing here."""

    metadata: dict = {"render_modes": []}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Any:
        self._seed_from_reset(seed)

    def close(self) -> None:
        pass

    def get_wrapper_attr(self, name: str) -> Any:
        """``getattr(self, name)`` (Gymnasium's wrappers look through to it)."""
        return getattr(self, name)

    def has_wrapper_attr(self, name: str) -> bool:
        return hasattr(self, name)

    def set_wrapper_attr(self, name: str, value: Any, *, force: bool = True) -> bool:
        if not force and not hasattr(self, name):
            return False
        setattr(self, name, value)
        return True

    def __str__(self) -> str:
        return f"<{type(self).__name__} instance>"


class StandaloneAECEnv:
    """``pettingzoo.AECEnv`` without PettingZoo: the environment defines the
    whole cycle; this base only names it."""

    metadata: dict = {}

    @property
    def unwrapped(self) -> Any:
        return self


class StandaloneVectorEnv(_Seeded):
    """``gymnasium.vector.VectorEnv`` without Gymnasium: seeding, ``closed``
    and ``close()`` calling ``close_extras()`` once."""

    metadata: dict = {}
    closed: bool = False

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Any:
        self._seed_from_reset(seed)

    def close(self, **kwargs: Any) -> None:
        if self.closed:
            return
        self.close_extras(**kwargs)
        self.closed = True

    def close_extras(self, **kwargs: Any) -> None:
        pass


class StandaloneAutoresetMode(enum.Enum):
    """``gymnasium.vector.AutoresetMode`` without Gymnasium (same values)."""

    NEXT_STEP = "NextStep"
    SAME_STEP = "SameStep"
    DISABLED = "Disabled"


if gymnasium is not None:
    import gymnasium.spaces as spaces
    import gymnasium.vector

    Env: Any = gymnasium.Env
    VectorEnvBase: Any = gymnasium.vector.VectorEnv
    AutoresetMode: Any = gymnasium.vector.AutoresetMode
else:
    from . import spaces  # type: ignore[no-redef]

    Env = StandaloneEnv
    VectorEnvBase = StandaloneVectorEnv
    AutoresetMode = StandaloneAutoresetMode

AECEnv: Any = pettingzoo.AECEnv if pettingzoo is not None else StandaloneAECEnv


def register(env_id: str, entry_point: Optional[str],
             vector_entry_point: Optional[str]) -> None:
    """Registers ``env_id`` with Gymnasium (once; nothing without it)."""
    if gymnasium is None or env_id in gymnasium.registry:
        return
    gymnasium.register(id=env_id, entry_point=entry_point,
                       vector_entry_point=vector_entry_point, disable_env_checker=False)


def as_seed_info(seed: int) -> Any:
    """A board seed as infos carry it: ``numpy.uint64`` where numpy is
    installed (Gymnasium batches infos of 2+ environments into arrays of
    their type; a Python int over 2**63 - 1 would not fit int64), else int."""
    return _np.uint64(seed) if _np is not None else seed


__all__ = ["HAVE_GYMNASIUM", "HAVE_PETTINGZOO", "spaces", "Env", "AECEnv", "VectorEnvBase",
           "AutoresetMode", "np_random", "register", "as_seed_info"]
