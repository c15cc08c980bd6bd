# SPDX-License-Identifier: MIT
"""Building a game from its setup: options, layout (floes or a picture),
variants, seeds and allocator."""
from __future__ import annotations

from contextlib import contextmanager
from ctypes import POINTER, byref, c_int, c_size_t
from typing import Any, Iterable, Iterator, Optional

from . import _ffi
from ._enums import U64, Variant
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
    floes = list(floes)
    n = len(floes)
    xs, ys, fish = ((c_int * max(n, 1))(*(f[k] for f in floes)) for k in range(3))
    check(lib.packeis_options_set_layout(options, xs, ys, fish, n))


def _set_picture(options: Any, picture: str) -> None:
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
        check(lib.packeis_options_set_players(options, players))
        check(lib.packeis_options_set_penguins(options, penguins))
        check(lib.packeis_options_set_seed(options, seed & U64))
        _set_layout(options, layout, layout_picture)
        for variant, on in variants.items():
            check(lib.packeis_options_set_variant(options, variant, on))
        if hash_seed is not None:
            check(lib.packeis_options_set_hash_seed(options, hash_seed & U64))
        handle = game_p()
        check(lib.packeis_game_new(options, byref(handle)))
        return handle
