# SPDX-License-Identifier: MIT
"""Finds and loads the shared library, then declares its functions."""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

from . import _ffi

#: Environment variable naming the library file to load instead of the
#: installed one (the meson tests point it at the build tree).
ENVIRONMENT_VARIABLE = "PACKEIS_LIBRARY"

#: The major version whose ABI ``_ffi`` describes (the SONAME's number).
ABI_MAJOR = 1


def _candidates() -> list[str]:
    if sys.platform == "darwin":
        names = [f"libpackeis.{ABI_MAJOR}.dylib"]
    elif os.name == "nt":
        names = [f"packeis-{ABI_MAJOR}.dll", f"libpackeis-{ABI_MAJOR}.dll", "packeis.dll"]
    else:
        names = [f"libpackeis.so.{ABI_MAJOR}"]  # the SONAME
    found = ctypes.util.find_library("packeis")
    if found:
        names.append(found)
    # Where `meson install` puts it when the dynamic linker does not look there.
    for prefix in (sys.prefix, "/usr/local", "/usr"):
        for libdir in ("lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu"):
            names.append(os.path.join(prefix, libdir, names[0]))
    return names


def _bind(library: ctypes.CDLL, name: str) -> ctypes.CDLL:
    """Declares the functions of ``library``; an older library that lacks
    some of them is refused with an OSError rather than half bound."""
    try:
        return _ffi.bind(library)
    except AttributeError as error:
        raise OSError(f"{name} is not a libpackeis {ABI_MAJOR}.x: {error}") from None


def load(path: str | None = None) -> ctypes.CDLL:
    """Loads libpackeis: ``path`` if given, else the file named by
    ``$PACKEIS_LIBRARY``, else the installed library by its SONAME."""
    path = path or os.environ.get(ENVIRONMENT_VARIABLE)
    if path:
        return _bind(ctypes.CDLL(path), path)
    errors = []
    for name in _candidates():
        try:
            return _bind(ctypes.CDLL(name), name)
        except OSError as error:
            errors.append(str(error))
    raise OSError(
        "libpackeis not found (set $%s to the library file): %s"
        % (ENVIRONMENT_VARIABLE, "; ".join(errors[:2]))
    )


lib = load()
