# SPDX-License-Identifier: MIT
"""Building a game from its setup: options, layout (floes or a picture),
variants, seeds and allocator."""
from __future__ import annotations

from contextlib import contextmanager
from ctypes import POINTER, byref
from ctypes import c_int as c_int_t
from ctypes import c_size_t
from typing import Any, Iterable, Iterator, Optional

from . import _ffi
from ._args import c_int, seed as as_seed
from ._enums import Variant
from ._errors import InvalidArgumentError, check, check_text
from ._handle import allocator_ref, game_p
from ._lib import lib

#: A floe of a custom layout: ``(x, y, fish)`` in doubled-width coordinates.
Floe = tuple[int, int, int]


@contextmanager
def _options(allocator: Optional[_ffi.packeis_allocator]) -> Iterator[Any]:
    """A ``packeis_options *`` with the defaults, freed on leaving."""
    options = POINTER(_ffi.packeis_options)()
    check(lib.packeis_options_new(allocator_ref(allocator), byref(options)))
    try:
        yield options
    finally:
        lib.packeis_options_free(options)


def _set_floes(options: Any, floes: Iterable[Floe]) -> None:
    rows = []
    for floe in floes:
        x, y, fish = floe
        rows.append((c_int(x, "x"), c_int(y, "y"), c_int(fish, "fish")))
    n = len(rows)
    xs, ys, fish = ((c_int_t * max(n, 1))(*(r[k] for r in rows)) for k in range(3))
    check(lib.packeis_options_set_layout(options, xs, ys, fish, n))


def _set_picture(options: Any, picture: str) -> None:
    if not isinstance(picture, str):
        raise TypeError("layout_picture must be a str")
    raw, stop = picture.encode(), c_size_t()
    status = lib.packeis_options_set_layout_picture(options, raw, len(raw), byref(stop))
    check_text(status, raw, stop.value)


def _set_layout(options: Any, layout: Optional[Iterable[Floe]],
                picture: Optional[str]) -> None:
    if layout is not None and picture is not None:
        raise InvalidArgumentError("give layout or layout_picture, not both")
    if layout is not None:
        _set_floes(options, layout)
    elif picture is not None:
        _set_picture(options, picture)


def new_game(
    allocator: Optional[_ffi.packeis_allocator],
    *,
    seed: int,
    players: int,
    penguins: int,
    layout: Optional[Iterable[Floe]],
    layout_picture: Optional[str],
    variants: dict[Variant, bool],
    hash_seed: Optional[int],
) -> Any:
    """A new ``packeis_game *`` for the setup (see :class:`Game`)."""
    with _options(allocator) as options:
        check(lib.packeis_options_set_players(options, c_int(players, "players")))
        check(lib.packeis_options_set_penguins(options, c_int(penguins, "penguins")))
        check(lib.packeis_options_set_seed(options, as_seed(seed)))
        _set_layout(options, layout, layout_picture)
        for variant, on in variants.items():
            check(lib.packeis_options_set_variant(options, variant, 1 if on else 0))
        if hash_seed is not None:
            check(lib.packeis_options_set_hash_seed(options, as_seed(hash_seed, "hash_seed")))
        handle = game_p()
        check(lib.packeis_game_new(options, byref(handle)))
        return handle
