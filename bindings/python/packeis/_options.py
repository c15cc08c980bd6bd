# SPDX-License-Identifier: MIT
"""Building a game, or the options of a batch, from the setup arguments of
:class:`Game`: players, penguins, layout (floes or a picture), variants,
seeds and allocator."""
from __future__ import annotations

import itertools
from ctypes import POINTER, byref
from ctypes import c_int as c_int_t
from ctypes import c_size_t
from typing import Any, Iterable, NamedTuple, Optional

from . import _ffi
from ._alloc import Allocator
from ._args import INT_MAX, INT_MIN, c_int, integer, seed as as_seed
from ._enums import MAX_CELLS, MAX_PLAYERS, Variant
from ._errors import InvalidArgumentError, OutOfMemoryError, OutOfRangeError, \
    TooManyCellsError, check, check_text
from ._handle import allocator_ref, raise_status
from ._lib import lib

MIN_PLAYERS: int = _ffi.PACKEIS_MIN_PLAYERS

#: A floe of a custom layout: ``(x, y, fish)`` in doubled-width coordinates.
Floe = tuple[int, int, int]


def _floes(layout: Iterable[Floe]) -> tuple[Any, Any, Any, int]:
    """The floes of ``layout`` as three C arrays and their number, read only
    as far as a layout may go (a 65th floe is refused without reading on)."""
    try:
        floes = iter(layout)
    except TypeError:
        raise TypeError(f"layout must be an iterable of (x, y, fish), not "
                        f"{type(layout).__name__}") from None
    rows = []
    for floe in itertools.islice(floes, MAX_CELLS + 1):
        try:
            x, y, fish = floe
        except (TypeError, ValueError):
            raise TypeError(f"a floe must be (x, y, fish), got {floe!r:.60}") from None
        rows.append((c_int(x, "x"), c_int(y, "y"), c_int(fish, "fish")))
    n = len(rows)
    if n > MAX_CELLS:
        raise TooManyCellsError(f"layout must have 1 to {MAX_CELLS} floes, got more than {MAX_CELLS}")
    xs, ys, fish = ((c_int_t * max(n, 1))(*(r[k] for r in rows)) for k in range(3))
    return xs, ys, fish, n


def _picture(picture: Any) -> bytes:
    if not isinstance(picture, str):
        raise TypeError(f"layout_picture must be a str, not {type(picture).__name__}")
    return picture.encode()


_VARIANT_NAMES = {Variant.PLACE_ANY_FLOE: "place_any_floe",
                  Variant.SNAKE_PLACEMENT: "snake_placement"}


def _option(value: Any, what: str, low: int, high: int) -> int:
    """A setup number in ``low ... high``: InvalidArgumentError naming it,
    as the C setter would refuse it (OutOfRangeError beyond a C int)."""
    number = integer(value, what)
    if not low <= number <= high:
        error = InvalidArgumentError if INT_MIN <= number <= INT_MAX else OutOfRangeError
        raise error(f"{what} must be {low} to {high}, got {number}")
    return number


class Setup(NamedTuple):
    """The setup arguments of a game (see :class:`Game`), checked and
    converted for C: what :func:`options` turns into a ``packeis_options``."""

    players: int
    penguins: int
    seed: int
    floes: Optional[tuple[Any, Any, Any, int]]
    picture: Optional[bytes]
    variants: tuple[tuple[int, int], ...]
    hash_seed: Optional[int]


def checked(*, seed: Any, players: Any, penguins: Any, layout: Optional[Iterable[Floe]],
            layout_picture: Optional[str], place_any_floe: Any, snake_placement: Any,
            hash_seed: Any) -> Setup:
    """The setup arguments of :class:`Game` (but the allocator), each
    checked before any C call: the error names it, its range and its value."""
    if layout is not None and layout_picture is not None:
        raise InvalidArgumentError("give layout or layout_picture, not both")
    variants = {Variant.PLACE_ANY_FLOE: place_any_floe,
                Variant.SNAKE_PLACEMENT: snake_placement}
    for variant, on in variants.items():
        if on not in (True, False):
            raise TypeError(f"{_VARIANT_NAMES[variant]} must be a bool, got {on!r:.40}")
    return Setup(
        _option(players, "players", MIN_PLAYERS, MAX_PLAYERS),
        _option(penguins, "penguins", 0, MAX_CELLS),
        as_seed(seed),
        None if layout is None else _floes(layout),
        None if layout_picture is None else _picture(layout_picture),
        tuple((int(v), 1 if on else 0) for v, on in variants.items()),
        None if hash_seed is None else as_seed(hash_seed, "hash_seed"),
    )


def options(allocator: Any, setup: Setup) -> Any:
    """A new ``packeis_options *`` (``allocator`` a ``const
    packeis_allocator *``, NULL for malloc) set to ``setup``, which the
    caller frees with ``packeis_options_free``; the C setters' own checks
    (a layout's floes, a picture) raise here."""
    made = POINTER(_ffi.packeis_options)()
    check(lib.packeis_options_new(allocator, byref(made)))
    try:
        check(lib.packeis_options_set_players(made, setup.players))
        check(lib.packeis_options_set_penguins(made, setup.penguins))
        check(lib.packeis_options_set_seed(made, setup.seed))
        if setup.floes is not None:
            check(lib.packeis_options_set_layout(made, *setup.floes))
        if setup.picture is not None:
            raw, stop = setup.picture, c_size_t()
            status = lib.packeis_options_set_layout_picture(made, raw, len(raw), byref(stop))
            check_text(status, raw, stop.value)
        for variant, on in setup.variants:
            check(lib.packeis_options_set_variant(made, variant, on))
        if setup.hash_seed is not None:
            check(lib.packeis_options_set_hash_seed(made, setup.hash_seed))
        return made
    except BaseException:
        lib.packeis_options_free(made)
        raise


def _build(allocator: Any, setup: Setup, into: Any) -> None:
    """The C calls building the game into the handle ``into``."""
    made = options(allocator, setup)
    try:
        check(lib.packeis_game_new(made, byref(into)))
    finally:
        lib.packeis_options_free(made)


def new_game(allocator: Optional[Allocator], setup: Setup, into: Any) -> None:
    """A new ``packeis_game *`` for ``setup`` (see :func:`checked`), on
    ``allocator``'s meter (or malloc), written into the handle ``into``
    (see :meth:`GameHandle._receive`)."""
    try:
        _build(allocator_ref(allocator), setup, into)
    except OutOfMemoryError:
        raise_status(_ffi.PACKEIS_E_OUT_OF_MEMORY, allocator)
