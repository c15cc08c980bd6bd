# SPDX-License-Identifier: MIT
"""Constants and enumerations of the C API, and the library version."""
from __future__ import annotations

import enum

from . import _ffi
from ._lib import lib

MAX_CELLS: int = _ffi.PACKEIS_MAX_CELLS
MAX_PLAYERS: int = _ffi.PACKEIS_MAX_PLAYERS
MAX_MOVES: int = _ffi.PACKEIS_MAX_MOVES
OBSERVATION_PLANES: int = _ffi.PACKEIS_OBSERVATION_PLANES
OBSERVATION_SIZE: int = _ffi.PACKEIS_OBSERVATION_SIZE
MOVE_VALUES: int = _ffi.PACKEIS_MOVE_VALUES
STATUS_COUNT: int = _ffi.PACKEIS_STATUS_COUNT
DEFAULT_HASH_SEED: int = _ffi.PACKEIS_DEFAULT_HASH_SEED

#: Mask keeping a Python int within 64 bits (seeds are uint64_t).
U64 = 0xFFFFFFFFFFFFFFFF


class Phase(enum.IntEnum):
    """The phases of a game; ``str(phase)`` is the library's name for it
    (``packeis_phase_name``: ``"placement"``, ``"movement"``, ``"over"``)."""

    PLACEMENT = _ffi.PACKEIS_PHASE_PLACEMENT
    MOVEMENT = _ffi.PACKEIS_PHASE_MOVEMENT
    OVER = _ffi.PACKEIS_PHASE_OVER

    @property
    def label(self) -> str:
        """The library's name of the phase."""
        return lib.packeis_phase_name(int(self)).decode()

    def __str__(self) -> str:
        return self.label


class Direction(enum.IntEnum):
    """The six directions, counter-clockwise from east."""

    EAST = _ffi.PACKEIS_DIRECTION_EAST
    NORTH_EAST = _ffi.PACKEIS_DIRECTION_NORTH_EAST
    NORTH_WEST = _ffi.PACKEIS_DIRECTION_NORTH_WEST
    WEST = _ffi.PACKEIS_DIRECTION_WEST
    SOUTH_WEST = _ffi.PACKEIS_DIRECTION_SOUTH_WEST
    SOUTH_EAST = _ffi.PACKEIS_DIRECTION_SOUTH_EAST


class Variant(enum.IntEnum):
    """Optional rules."""

    PLACE_ANY_FLOE = _ffi.PACKEIS_VARIANT_PLACE_ANY_FLOE
    SNAKE_PLACEMENT = _ffi.PACKEIS_VARIANT_SNAKE_PLACEMENT


class Plane(enum.IntEnum):
    """The planes of an observation (see Game.observe)."""

    FISH_1 = _ffi.PACKEIS_PLANE_FISH_1
    FISH_2 = _ffi.PACKEIS_PLANE_FISH_2
    FISH_3 = _ffi.PACKEIS_PLANE_FISH_3
    PENGUINS_0 = _ffi.PACKEIS_PLANE_PENGUINS_0
    PENGUINS_1 = _ffi.PACKEIS_PLANE_PENGUINS_0 + 1
    PENGUINS_2 = _ffi.PACKEIS_PLANE_PENGUINS_0 + 2
    PENGUINS_3 = _ffi.PACKEIS_PLANE_PENGUINS_0 + 3
    TO_ACT_0 = _ffi.PACKEIS_PLANE_TO_ACT_0
    TO_ACT_1 = _ffi.PACKEIS_PLANE_TO_ACT_0 + 1
    TO_ACT_2 = _ffi.PACKEIS_PLANE_TO_ACT_0 + 2
    TO_ACT_3 = _ffi.PACKEIS_PLANE_TO_ACT_0 + 3
    CELL = _ffi.PACKEIS_PLANE_CELL
    PLACEMENT = _ffi.PACKEIS_PLANE_PLACEMENT
    FISH_WON_0 = _ffi.PACKEIS_PLANE_FISH_WON_0
    FISH_WON_1 = _ffi.PACKEIS_PLANE_FISH_WON_0 + 1
    FISH_WON_2 = _ffi.PACKEIS_PLANE_FISH_WON_0 + 2
    FISH_WON_3 = _ffi.PACKEIS_PLANE_FISH_WON_0 + 3
    FLOES_WON_0 = _ffi.PACKEIS_PLANE_FLOES_WON_0
    FLOES_WON_1 = _ffi.PACKEIS_PLANE_FLOES_WON_0 + 1
    FLOES_WON_2 = _ffi.PACKEIS_PLANE_FLOES_WON_0 + 2
    FLOES_WON_3 = _ffi.PACKEIS_PLANE_FLOES_WON_0 + 3
    OUT_0 = _ffi.PACKEIS_PLANE_OUT_0
    OUT_1 = _ffi.PACKEIS_PLANE_OUT_0 + 1
    OUT_2 = _ffi.PACKEIS_PLANE_OUT_0 + 2
    OUT_3 = _ffi.PACKEIS_PLANE_OUT_0 + 3


def bits(value: int) -> list[int]:
    """The indices of the set bits of ``value``, in increasing order."""
    out = []
    while value:
        low = value & -value
        out.append(low.bit_length() - 1)
        value ^= low
    return out


def version() -> str:
    """The version of the loaded library (``packeis_version_string``), which
    is also the package's ``__version__``: both come from meson.build."""
    return lib.packeis_version_string().decode()
