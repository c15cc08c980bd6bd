# SPDX-License-Identifier: MIT
"""Python bindings of libpackeis, the rules engine of *Packeis am Pol*
("Hey, That's My Fish!").

Quick start::

    import packeis, random
    game = packeis.Game(seed=7, players=2)
    while not game.is_over:
        game.apply(random.choice(game.legal_moves()))
    print(game.standings())

The library is loaded by its SONAME (``libpackeis.so.1``); set
``$PACKEIS_LIBRARY`` to the path of another build. No call of this package
can crash the interpreter. The low-level ctypes layer, which can, is kept
apart in :mod:`packeis.unsafe` (``unsafe.lib``, ``unsafe.handle(game)``); it
is not imported by ``import packeis``.
``__version__`` is the version of the loaded library, which meson.build sets.

The package is split by purpose: ``_errors`` (status codes to exceptions;
``_status`` holds their base, ``_exceptions`` the generated classes),
``_args`` (argument checks), ``_enums`` (constants and enumerations),
``_moves`` (moves), ``_options`` (building a game from its setup),
``_alloc`` (package-owned memory: :class:`Allocator`), ``_handle`` (the
call guard of games and batches: the owner of a C handle, its lock and its
lifetime), ``_text`` (text formats and hash), ``_research`` (a game's
research and machine-learning fast paths: playouts, random games, perft,
observations), ``_board`` (drawing a game as text and SVG) and ``_game``
(the Game class); ``batch`` is the C batch of N games (with numpy). The
environments (``openspiel``, ``aec``, ``gymnasium_env``, ``vector``) take
their base classes and spaces from ``_field`` (Gymnasium's and PettingZoo's
where those import), and ``pyspiel_compat`` stands in for OpenSpiel's
compiled ``pyspiel``.
"""
from ._alloc import Allocator
from ._research import (
    MAX_BATCH,
    MAX_DEPTH,
    MAX_RANDOM_GAMES,
    BatchResult,
    RandomGamesResult,
    as_numpy,
    observation_shape,
)
from ._enums import (
    DEFAULT_HASH_SEED,
    MAX_CELLS,
    MAX_MOVES,
    MAX_PLAYERS,
    MOVE_VALUES,
    OBSERVATION_PLANES,
    OBSERVATION_SIZE,
    STATUS_COUNT,
    Direction,
    Phase,
    Plane,
    Variant,
    version,
)
from ._errors import (
    ERRORS,
    BlockedByGapError,
    BlockedByPenguinError,
    BufferTooSmallError,
    CoordOutOfRangeError,
    DuplicateCellError,
    FishOutOfRangeError,
    GameClosedError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    LayoutError,
    MalformedTextError,
    MixedParityError,
    NoCellsError,
    NotInLineError,
    NothingToRedoError,
    NothingToUndoError,
    NotOneFishError,
    NotYourPenguinError,
    OccupiedError,
    OutOfMemoryError,
    OutOfRangeError,
    PackeisError,
    ReentrantCallError,
    StoppedError,
    TooFewFloesError,
    TooManyCellsError,
    WrongPhaseError,
    check,
    status_name,
)
from ._game import Bounds, Game, PlyEffect, Standing
from ._moves import Move, MoveBuffer

__version__: str = version()


def __getattr__(name: str) -> object:  # packeis.review(...): loads the players library when used
    if name == "review":
        from importlib import import_module  # noqa: PLC0415
        return import_module(".review", __name__)
    raise AttributeError(f"module 'packeis' has no attribute {name!r}")


__all__ = [name for name in dir() if not name.startswith("_")]
