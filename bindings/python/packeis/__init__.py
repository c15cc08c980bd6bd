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

The package is split by purpose: ``_errors`` (status codes to exceptions),
``_enums`` (constants and enumerations), ``_moves`` (moves and the action
numbering), ``_options`` (building a game from its setup), ``_text`` (text
formats and hash), ``_batch`` (research and machine-learning fast paths) and
``_game`` (the Game class).
"""
from ._batch import BatchResult, as_numpy, observation_shape
from ._enums import (
    ACTION_COUNT,
    DEFAULT_HASH_SEED,
    MAX_CELLS,
    MAX_MOVES,
    MAX_PLAYERS,
    OBSERVATION_PLANES,
    OBSERVATION_SIZE,
    Direction,
    Phase,
    Plane,
    Variant,
    version,
)
from ._errors import (
    ERRORS,
    BufferTooSmallError,
    CoordOutOfRangeError,
    DuplicateCellError,
    FishOutOfRangeError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    LayoutError,
    MalformedTextError,
    MixedParityError,
    NoCellsError,
    NothingToUndoError,
    OutOfMemoryError,
    OutOfRangeError,
    PackeisError,
    TooFewFloesError,
    TooManyCellsError,
    WrongPhaseError,
    check,
)
from ._game import Game, Standing
from ._lib import lib
from ._moves import Move, MoveBuffer, action_to_move, move_to_action

__version__ = "0.1.0"

__all__ = [name for name in dir() if not name.startswith("_")]
