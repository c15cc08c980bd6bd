# SPDX-License-Identifier: MIT
"""Checking arguments before they reach C: ctypes would silently truncate an
``int`` too wide for its C type, and would write any buffer whatever its
element type, so every integer and buffer crosses this module first."""
from __future__ import annotations

import operator
from typing import Any

# Not from _errors, which imports this module (through _moves).
from ._exceptions import OutOfRangeError

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
SIZE_MAX = 2**64 - 1
U64 = 2**64 - 1

#: Buffer formats accepted for float32 and byte outputs (native order).
FLOAT32_FORMATS = frozenset({"f", "<f", "=f", "@f"})
BYTE_FORMATS = frozenset({"B", "b", "?", "c", "<B", "=B", "@B"})


def integer(value: Any, what: str) -> int:
    """``value`` as a Python int: any int or integer-like object (numpy
    integers included, through ``__index__``), but not a bool or a float."""
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):
        raise TypeError(f"{what} must be an integer, not a bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None


def c_int(value: Any, what: str) -> int:
    """An integer that fits a C ``int``; else OutOfRangeError."""
    number = integer(value, what)
    if not INT_MIN <= number <= INT_MAX:
        raise OutOfRangeError(f"{what} must be {INT_MIN} to {INT_MAX} (a C int), got {number}")
    return number


def c_size(value: Any, what: str) -> int:
    """A count or index that fits a C ``size_t`` (not negative)."""
    number = integer(value, what)
    if not 0 <= number <= SIZE_MAX:
        raise OutOfRangeError(f"{what} must be 0 to 2**64-1, got {number}")
    return number


def in_range(value: Any, what: str, low: int, high: int,
             error: type[Exception] = OutOfRangeError) -> int:
    """An integer in ``low ... high``, else ``error`` naming the argument,
    the range and the value: ``"players must be 2 to 4, got 5"``."""
    number = integer(value, what)
    if not low <= number <= high:
        raise error(f"{what} must be {low} to {high}, got {number}")
    return number


def seed(value: Any, what: str = "seed") -> int:
    """A 64-bit seed: any integer, taken modulo 2**64."""
    return integer(value, what) & U64


def buffer_view(obj: Any, formats: frozenset[str], length: int, what: str) -> memoryview:
    """A writable, C-contiguous memoryview of ``obj`` with elements of one of
    ``formats`` and at least ``length`` of them; else TypeError/ValueError."""
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError(f"{what} must support the buffer protocol") from None
    if view.readonly:
        raise TypeError(f"{what} is read-only")
    if view.format not in formats or not view.c_contiguous:
        raise TypeError(f"{what} must be a C-contiguous buffer of format {sorted(formats)[0]!r}, "
                        f"not {view.format!r}")
    if view.nbytes < length * view.itemsize:
        raise ValueError(f"{what} holds {view.nbytes // view.itemsize} values, needs {length}")
    return view
