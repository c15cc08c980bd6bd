# SPDX-License-Identifier: MIT
"""Small space objects following Gymnasium's documented interface
(``gymnasium.spaces``): :class:`Discrete`, :class:`MultiDiscrete`,
:class:`Box`, :class:`MultiBinary` and :class:`Dict`, for the environments of
this package, which cannot depend on Gymnasium.

Every space has ``shape``, ``dtype``, ``contains(x)`` (also ``x in space``),
``sample(mask=None)`` drawing from the space's own generator, and
``seed(seed=None)``, which reseeds that generator and returns the seed used
(an int; a :class:`Dict` returns its subspaces' seeds by key), as Gymnasium
1.x does. Two spaces of the same kind and parameters are equal. A
:class:`Dict` made from a plain dict orders its keys, as Gymnasium's does.

Where Gymnasium is installed the environments use ``gymnasium.spaces``
instead (see :mod:`packeis._field`); these classes are the stand-ins for
where it is not.

With numpy installed (Debian's ``python3-numpy``) the generator is a
``numpy.random.Generator``, samples are numpy values of the space's dtype
and ``contains`` follows Gymnasium (an array is converted, its dtype must
cast safely, its shape must match). Without numpy the generator is a
``random.Random``, :class:`Discrete` samples are ``int`` and array samples
are flat ``array.array`` objects in C order; ``contains`` then accepts any
flat sequence of ``prod(shape)`` numbers (or nested lists of the shape).
"""
from __future__ import annotations

import array
import math
import operator
import random
from typing import Any, Iterator, Mapping, Optional, Sequence

try:  # optional: every space works without it
    import numpy as _np
except ImportError:  # pragma: no cover - exercised by the no-numpy test
    _np = None

__all__ = ["Space", "Discrete", "MultiDiscrete", "Box", "MultiBinary", "Dict", "HAVE_NUMPY"]

#: Whether numpy was found (samples and observations are then numpy arrays).
HAVE_NUMPY = _np is not None

_TYPECODES = {"float32": "f", "float64": "d", "int8": "b", "uint8": "B", "int16": "h",
              "int32": "i", "int64": "q", "uint16": "H", "uint32": "I", "uint64": "Q"}
_INT_RANGES = {"int8": (-2**7, 2**7 - 1), "uint8": (0, 2**8 - 1), "int16": (-2**15, 2**15 - 1),
               "uint16": (0, 2**16 - 1), "int32": (-2**31, 2**31 - 1),
               "uint32": (0, 2**32 - 1), "int64": (-2**63, 2**63 - 1), "uint64": (0, 2**64 - 1)}


def _dtype_name(dtype: Any) -> str:
    name = getattr(dtype, "__name__", None) if isinstance(dtype, type) else None
    name = name or getattr(dtype, "name", None) or str(dtype)
    if name in ("float", "int"):
        name = {"float": "float64", "int": "int64"}[name]
    if name not in _TYPECODES:
        raise ValueError(f"unsupported dtype {dtype!r}: use one of {sorted(_TYPECODES)}")
    return name


def _as_int(value: Any) -> Optional[int]:
    """``value`` as an int if it is an integer (not a bool), else None."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    if _np is not None and isinstance(value, _np.ndarray):
        if value.shape != () or value.dtype.kind not in "iu":
            return None
        return int(value)
    try:
        return operator.index(value)
    except TypeError:
        return None


def _flatten(x: Any) -> Optional[list]:
    """A flat list of the numbers of a flat or nested sequence, else None."""
    out: list = []
    stack = [x]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple, array.array, memoryview)):
            stack.extend(reversed(list(item)))
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            out.append(item)
        else:
            return None
    return out


def _nested_shape(x: Any) -> Optional[tuple]:
    if isinstance(x, (list, tuple)):
        inner = {_nested_shape(v) for v in x} if x else {()}
        if len(inner) != 1 or None in inner:
            return None
        return (len(x),) + inner.pop()
    return ()


class Space:
    """The base class: a set of values with a generator to sample them."""

    def __init__(self, shape: Optional[tuple], dtype: Optional[str], seed: Any = None) -> None:
        self._shape = shape
        self.dtype = _np.dtype(dtype) if (_np is not None and dtype is not None) else dtype
        self._rng: Any = None
        if seed is not None:
            self.seed(seed)

    @property
    def shape(self) -> Optional[tuple]:
        """The shape of a value (None for a :class:`Dict`)."""
        return self._shape

    @property
    def np_random(self) -> Any:
        """The generator ``sample`` draws from (seeded from the operating
        system on first use unless :meth:`seed` was called)."""
        if self._rng is None:
            self.seed()
        return self._rng

    @property
    def is_np_flattenable(self) -> bool:
        return True

    def seed(self, seed: Any = None) -> Any:
        """Reseeds the generator; None draws a seed from the operating
        system. Returns the seed used."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        number = _as_int(seed)
        if number is None or number < 0:
            raise TypeError(f"a seed must be a non-negative integer, not {seed!r}")
        self._rng = _np.random.default_rng(number) if _np is not None else random.Random(number)
        return number

    def contains(self, x: Any) -> bool:
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    def sample(self, mask: Any = None) -> Any:
        raise NotImplementedError

    def _key(self) -> tuple:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._key() == self._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))


def _choose(rng: Any, allowed: Sequence[int]) -> int:
    return int(allowed[rng.integers(len(allowed))]) if _np is not None else rng.choice(allowed)


def _mask_values(mask: Any, length: int, what: str) -> list:
    """The values of a mask of ``length`` int8-like entries, as a list."""
    if _np is not None:
        values = _np.asarray(mask)
        if values.shape != (length,) or values.dtype.kind not in "iub":
            raise ValueError(f"{what} must be an integer array of shape ({length},)")
        return values.tolist()
    values = _flatten(mask)
    if values is None or len(values) != length:
        raise ValueError(f"{what} must be a sequence of {length} integers")
    return values


class Discrete(Space):
    """The integers ``start ... start + n - 1`` (dtype int64).

    ``sample(mask)`` takes an int8 array of ``n`` zeros and ones and draws
    among the ones (``start`` if there is none, as Gymnasium does)."""

    def __init__(self, n: int, seed: Any = None, start: int = 0) -> None:
        number, first = _as_int(n), _as_int(start)
        if number is None or number <= 0 or first is None:
            raise ValueError(f"Discrete needs a positive integer n, not {n!r}")
        self.n, self.start = number, first
        super().__init__((), "int64", seed)

    def contains(self, x: Any) -> bool:
        value = _as_int(x)
        return value is not None and self.start <= value < self.start + self.n

    def sample(self, mask: Any = None) -> Any:
        rng = self.np_random
        if mask is None:
            k = int(rng.integers(self.n)) if _np is not None else rng.randrange(self.n)
        else:
            if _np is not None:
                values = _np.asarray(mask)
                if values.shape != (self.n,) or values.dtype.kind not in "iub":
                    raise ValueError(f"mask must be an integer array of shape ({self.n},)")
                allowed = _np.flatnonzero(values)
            else:
                allowed = [i for i, v in enumerate(_mask_values(mask, self.n, "mask")) if v]
            k = _choose(rng, allowed) if len(allowed) else 0
        return _np.int64(self.start + k) if _np is not None else self.start + k

    def _key(self) -> tuple:
        return self.n, self.start

    def __repr__(self) -> str:
        return f"Discrete({self.n})" if not self.start else f"Discrete({self.n}, start={self.start})"


class Box(Space):
    """Arrays of a shape and dtype with every value in ``[low, high]``
    (scalar bounds; ``low``/``high`` hold them as arrays of the shape where
    numpy is installed, else as numbers)."""

    def __init__(self, low: float, high: float, shape: Sequence[int], dtype: Any = "float32",
                 seed: Any = None) -> None:
        dims = tuple(int(d) for d in shape)
        if any(d <= 0 for d in dims):
            raise ValueError(f"Box needs a positive shape, not {shape!r}")
        name = _dtype_name(dtype)
        if low > high:
            raise ValueError("Box needs low <= high")
        self._low, self._high, self._name = low, high, name
        self.size = math.prod(dims)
        super().__init__(dims, name, seed)
        if _np is not None:
            self.low = _np.full(dims, low, dtype=self.dtype)
            self.high = _np.full(dims, high, dtype=self.dtype)
        else:
            self.low, self.high = low, high

    def contains(self, x: Any) -> bool:
        integral = self._name in _INT_RANGES
        if _np is not None:
            if not isinstance(x, _np.ndarray):
                try:
                    x = _np.asarray(x, dtype=self.dtype)
                except (TypeError, ValueError, OverflowError):
                    return False
            if x.shape != self._shape or not _np.can_cast(x.dtype, self.dtype):
                return False
            return bool(_np.all(x >= self._low) and _np.all(x <= self._high))
        if isinstance(x, (list, tuple)) and _nested_shape(x) not in (self._shape, (self.size,)):
            return False
        values = _flatten(x)
        if values is None or len(values) != self.size:
            return False
        if integral and any(isinstance(v, float) for v in values):
            return False
        return all(self._low <= v <= self._high for v in values)

    def sample(self, mask: Any = None) -> Any:
        if mask is not None:
            raise ValueError("Box.sample takes no mask")
        rng = self.np_random
        if self._name in _INT_RANGES:
            if _np is not None:
                return rng.integers(self._low, self._high, size=self._shape, dtype=self.dtype,
                                    endpoint=True)
            return array.array(_TYPECODES[self._name],
                               (rng.randint(self._low, self._high) for _ in range(self.size)))
        if _np is not None:
            return rng.uniform(self._low, self._high, size=self._shape).astype(self.dtype)
        return array.array(_TYPECODES[self._name],
                           (rng.uniform(self._low, self._high) for _ in range(self.size)))

    def _key(self) -> tuple:
        return self._low, self._high, self._shape, self._name

    def __repr__(self) -> str:
        return f"Box({self._low}, {self._high}, {self._shape}, {self._name})"


class MultiBinary(Space):
    """Arrays of zeros and ones of a shape (dtype int8). ``sample(mask)``
    takes an int8 array of the shape: 0 forces 0, 1 forces 1, 2 draws."""

    def __init__(self, n: Any, seed: Any = None) -> None:
        dims = (int(n),) if _as_int(n) is not None else tuple(int(d) for d in n)
        if any(d <= 0 for d in dims):
            raise ValueError(f"MultiBinary needs a positive size, not {n!r}")
        self.n = dims[0] if len(dims) == 1 else dims
        self._box = Box(0, 1, dims, "int8")
        super().__init__(dims, "int8", seed)

    def contains(self, x: Any) -> bool:
        return self._box.contains(x)

    def sample(self, mask: Any = None) -> Any:
        rng, size = self.np_random, self._box.size
        if _np is not None:
            draws = rng.integers(0, 2, size=self._shape, dtype=_np.int8)
            if mask is None:
                return draws
            values = _np.asarray(mask)
            if values.shape != self._shape or values.dtype.kind not in "iu":
                raise ValueError(f"mask must be an integer array of shape {self._shape}")
            return _np.where(values == 2, draws, values).astype(_np.int8)
        draws = [rng.randrange(2) for _ in range(size)]
        if mask is not None:
            flat = _mask_values(mask, size, "mask")
            draws = [d if m == 2 else m for d, m in zip(draws, flat)]
        return array.array("b", draws)

    def _key(self) -> tuple:
        return self._shape

    def __repr__(self) -> str:
        return f"MultiBinary({self.n})"


class MultiDiscrete(Space):
    """Vectors whose entry ``i`` is in ``0 ... nvec[i] - 1`` (dtype int64):
    the action space of a batch of :class:`Discrete` actions."""

    def __init__(self, nvec: Sequence[int], seed: Any = None) -> None:
        self.nvec = [int(n) for n in nvec]
        if not self.nvec or any(n <= 0 for n in self.nvec):
            raise ValueError("MultiDiscrete needs positive sizes")
        super().__init__((len(self.nvec),), "int64", seed)
        if _np is not None:
            self.nvec = _np.asarray(self.nvec, dtype=_np.int64)  # type: ignore[assignment]

    def contains(self, x: Any) -> bool:
        if _np is not None:
            values = _np.asarray(x)
            if values.shape != self._shape or values.dtype.kind not in "iu":
                return False
            return bool(_np.all(values >= 0) and _np.all(values < self.nvec))
        flat = _flatten(x)
        return (flat is not None and len(flat) == len(self.nvec)
                and all(isinstance(v, int) and 0 <= v < n for v, n in zip(flat, self.nvec)))

    def sample(self, mask: Any = None) -> Any:
        if mask is not None:
            raise ValueError("MultiDiscrete.sample here takes no mask")
        rng = self.np_random
        if _np is not None:
            return (rng.random(len(self.nvec)) * self.nvec).astype(_np.int64)
        return array.array("q", (rng.randrange(n) for n in self.nvec))

    def _key(self) -> tuple:
        return tuple(int(n) for n in self.nvec)

    def __repr__(self) -> str:
        return f"MultiDiscrete({list(self._key())})"


class Dict(Space, Mapping):
    """A dict of named spaces; values are dicts with the same keys."""

    def __init__(self, spaces: Mapping[str, Space], seed: Any = None) -> None:
        if not spaces or not all(isinstance(s, Space) for s in spaces.values()):
            raise TypeError("Dict needs a non-empty mapping of spaces")
        self.spaces = dict(sorted(spaces.items())) if type(spaces) is dict else dict(spaces)
        super().__init__(None, None, None)
        if seed is not None:
            self.seed(seed)

    @property
    def is_np_flattenable(self) -> bool:
        return all(s.is_np_flattenable for s in self.spaces.values())

    def seed(self, seed: Any = None) -> dict:
        """Seeds this space's generator, then each subspace with a seed drawn
        from it (in key order); returns each subspace's seed by key."""
        super().seed(seed)
        used = {}
        for key, space in self.spaces.items():
            sub = int(self._rng.integers(2**31 - 1)) if _np is not None else \
                self._rng.getrandbits(31)
            used[key] = space.seed(sub)
        return used

    def contains(self, x: Any) -> bool:
        return (isinstance(x, Mapping) and set(x.keys()) == set(self.spaces)
                and all(space.contains(x[key]) for key, space in self.spaces.items()))

    def sample(self, mask: Optional[Mapping[str, Any]] = None) -> dict:
        if self._rng is None:
            self.seed()
        mask = mask or {}
        return {key: space.sample(mask.get(key)) for key, space in self.spaces.items()}

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.spaces)

    def __len__(self) -> int:
        return len(self.spaces)

    def _key(self) -> tuple:
        return tuple(sorted((k, type(s).__name__, s._key()) for k, s in self.spaces.items()))

    __eq__ = Space.__eq__
    __hash__ = Space.__hash__

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k!r}: {s!r}" for k, s in self.spaces.items()) + ")"
