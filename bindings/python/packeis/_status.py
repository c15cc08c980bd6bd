# SPDX-License-Identifier: MIT
"""What a C status code is called and says, and :class:`PackeisError`, the
base of every exception raised for one.

It is apart from :mod:`._errors` so that the classes of the codes
(``_exceptions.py``, generated) can build on :class:`PackeisError` while
``_errors`` imports them: the package's modules import this one, never the
other way round. It imports nothing of the package but the loaded library
(the message of an error made without one is the library's text).
"""
from __future__ import annotations

from typing import Optional

from ._lib import lib


def status_name(status: int) -> str:
    """The C name of a status code (``"PACKEIS_E_GAME_OVER"``), or
    ``"status N"`` for a value the library does not know."""
    name = lib.packeis_status_name(status) if -2**31 <= status < 2**31 else None
    return name.decode() if name else f"status {status}"


def describe(status: int) -> str:
    """``"PACKEIS_E_GAME_OVER: the game is over"``: name and description."""
    text = lib.packeis_strerror(status).decode() if -2**31 <= status < 2**31 else "unknown status"
    return f"{status_name(status)}: {text}"


class PackeisError(Exception):
    """Base class of every error libpackeis reports.

    ``status`` holds the C status code (-1 for a base class without one).
    ``stop`` is, for an error of a text parser, the offset in the text (in
    characters) of the first character at fault, else None.
    """

    status: int = -1
    stop: Optional[int] = None

    def __init__(self, message: Optional[str] = None, status: Optional[int] = None,
                 stop: Optional[int] = None) -> None:
        if status is not None:
            self.status = status
        self.stop = stop
        if message is None:
            message = describe(self.status)
        super().__init__(message)
