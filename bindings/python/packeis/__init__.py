# SPDX-License-Identifier: MIT
"""Python bindings of libpackeis, the rules engine of *Packeis am Pol*
("Hey, That's My Fish!").

Quick start::

    import packeis, random
    game = packeis.Game(seed=7, players=2)
    while not game.is_over:
        game.apply(random.choice(game.legal_moves()))
    print(game.standings())

The library is loaded by its SONAME (``libpackeis.so.0``); set
``$PACKEIS_LIBRARY`` to the path of another build. The low-level ctypes
declarations, generated from the C header, are in :mod:`packeis._ffi`
(``packeis.lib`` is the loaded library with them applied).
"""
from ._core import (
    ACTION_COUNT,
    ERRORS,
    MAX_CELLS,
    MAX_MOVES,
    MAX_PLAYERS,
    OBSERVATION_PLANES,
    OBSERVATION_SIZE,
    BatchResult,
    BufferTooSmallError,
    CoordOutOfRangeError,
    Direction,
    DuplicateCellError,
    FishOutOfRangeError,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    LayoutError,
    MixedParityError,
    Move,
    MoveBuffer,
    NoCellsError,
    NothingToUndoError,
    OutOfMemoryError,
    OutOfRangeError,
    PackeisError,
    Phase,
    Plane,
    Standing,
    TooFewFloesError,
    TooManyCellsError,
    Variant,
    WrongPhaseError,
    action_to_move,
    as_numpy,
    check,
    move_to_action,
    observation_shape,
    version,
)
from ._lib import lib

__version__ = "0.1.0"

__all__ = [name for name in dir() if not name.startswith("_")]
