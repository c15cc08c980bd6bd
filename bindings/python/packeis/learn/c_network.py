# SPDX-License-Identifier: MIT
"""The C player's network (libpackeis-players, include/packeis/players.h,
"the az network"), read and evaluated through ctypes, to check that it and
the PyTorch reference (:mod:`.network`) are one network. The functions are
declared here, on the library :mod:`packeis.players` loaded."""
from __future__ import annotations

import ctypes
from ctypes import POINTER, byref, c_char_p, c_float, c_int, c_size_t, c_void_p
from typing import Any

import numpy as np

from .._game import Game
from .network import MOVE_VALUES, WeightsError

__all__ = ["CNetwork", "available"]

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
        if not self._net:
            raise ValueError("the network was closed")
        policy = (c_float * MOVE_VALUES)()
        value = c_float()

        def call(handle: Any) -> int:
            return self._lib.packeis_player_az_evaluate(self._net, ctypes.cast(handle, c_void_p),
                                                        policy, MOVE_VALUES, byref(value))

        status = game._call(call)
        if status:
            from .._errors import check  # noqa: PLC0415
            check(status)
        return np.frombuffer(policy, dtype=np.float32).copy(), float(value.value)

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
