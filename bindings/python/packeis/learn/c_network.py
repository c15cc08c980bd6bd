# SPDX-License-Identifier: MIT
"""The C player's network (libpackeis-players, include/packeis/players.h,
"the az network"), read and evaluated through ctypes, to check that it and
the Python references (:mod:`.network`; :mod:`.nnue`, whose integer network
a version 2 file's C evaluation must equal) are one network. The functions
are declared here, on the library :mod:`packeis.players` loaded;
``packeis_player_az_evaluate_players`` (a value per player) only where the
library has it (:func:`players_available`)."""
from __future__ import annotations

import ctypes
from ctypes import POINTER, byref, c_char_p, c_float, c_int, c_size_t, c_void_p
from typing import Any

import numpy as np

from .._game import Game
from .network import MOVE_VALUES, WeightsError

__all__ = ["CNetwork", "available"]

_PLAYERS = 4  # PACKEIS_MAX_PLAYERS: the values of evaluate_players
_EVALUATE_PLAYERS = ("packeis_player_az_evaluate_players",
                     (c_int, [c_void_p, c_void_p, POINTER(c_float), c_size_t, POINTER(c_float)]))
_DECLARATIONS = {
    "packeis_player_az_load": (c_int, [c_char_p, POINTER(c_void_p), c_char_p, c_size_t]),
    "packeis_player_az_free": (None, [c_void_p]),
    "packeis_player_az_evaluate": (c_int, [c_void_p, c_void_p, POINTER(c_float), c_size_t,
                                           POINTER(c_float)]),
}


def _library() -> Any:
    from ..players import _lib  # noqa: PLC0415
    for name, (restype, argtypes) in _DECLARATIONS.items():
        function = getattr(_lib, name)
        function.restype, function.argtypes = restype, argtypes
    return _lib


def available() -> bool:
    """Whether the players library loaded has the az network functions."""
    try:
        _library()
    except (ImportError, AttributeError):
        return False
    return True


def players_available() -> bool:
    """Whether it also has ``packeis_player_az_evaluate_players``."""
    if not available():
        return False
    lib = _library()
    if not hasattr(lib, _EVALUATE_PLAYERS[0]):
        return False
    function = getattr(lib, _EVALUATE_PLAYERS[0])
    function.restype, function.argtypes = _EVALUATE_PLAYERS[1]
    return True


class CNetwork:
    """A weights file read by the C loader; :class:`WeightsError` with the
    loader's reason when it refuses it."""

    def __init__(self, path: str) -> None:
        self._lib = _library()
        self._net = c_void_p()
        why = ctypes.create_string_buffer(512)
        status = self._lib.packeis_player_az_load(path.encode(), byref(self._net), why,
                                                  len(why))
        if status == -2:
            raise MemoryError(f"{path}: out of memory reading the network")
        if status != 0:
            raise WeightsError(why.value.decode(errors="replace") or f"{path}: refused")

    def evaluate(self, game: Game) -> tuple[np.ndarray, float]:
        """(4096 float32 probabilities, the value of the player to act)."""
        value = c_float()
        policy = self._evaluate(game, self._lib.packeis_player_az_evaluate, byref(value))
        return policy, float(value.value)

    def evaluate_players(self, game: Game) -> tuple[np.ndarray, np.ndarray]:
        """(4096 float32 probabilities, 4 float32 values by absolute
        player, 0 for players the game lacks): needs
        :func:`players_available`."""
        if not players_available():
            raise NotImplementedError(f"the players library has no {_EVALUATE_PLAYERS[0]}")
        values = (c_float * _PLAYERS)()
        policy = self._evaluate(game, getattr(self._lib, _EVALUATE_PLAYERS[0]), values)
        return policy, np.frombuffer(values, dtype=np.float32).copy()

    def _evaluate(self, game: Game, function: Any, values: Any) -> np.ndarray:
        """The policy of ``function(net, game, policy, 4096, values)``."""
        if not self._net:
            raise ValueError("the network was closed")
        policy = (c_float * MOVE_VALUES)()

        def call(handle: Any) -> int:
            return function(self._net, ctypes.cast(handle, c_void_p), policy, MOVE_VALUES, values)

        status = game._call(call)
        if status:
            from .._errors import check  # noqa: PLC0415
            check(status)
        return np.frombuffer(policy, dtype=np.float32).copy()

    def close(self) -> None:
        if self._net:
            self._lib.packeis_player_az_free(self._net)
            self._net = c_void_p()

    def __enter__(self) -> "CNetwork":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()
