# SPDX-License-Identifier: MIT
"""Self-play shards: ``.npz`` files (numpy's zip of ``.npy`` arrays)
written byte for byte the same for the same games (fixed zip timestamps and
array order), so that a checksum identifies a shard's content, and written
atomically (a temporary name, then ``os.replace``)."""
from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from typing import Any, NamedTuple

import numpy as np

from ._tasks import write_atomically

__all__ = ["CorruptShardError", "ShardCheck", "checksum", "quarantine", "verify_shard", "write_shard"]

#: Each array of a shard: its dtype (little-endian, as every task writes
#: it; "U": text of any length) and its shape, by the names ``P`` (plies),
#: ``G`` (games) and ``K`` (players). Exact: a wider type would hold values
#: the checks of the games read otherwise (a uint64 move taken modulo 4096).
_LAYOUT = {"obs": ("<u8", ("P", 25)), "legal": ("<u8", ("P", 64)), "actions": ("<u2", ("P",)),
           "to_act": ("i1", ("P",)), "game_start": ("<i8", ("G+1",)),
           "rewards": ("<f4", ("G", "K")), "fish": ("<i2", ("G", "K")),
           "board_seeds": ("<u8", ("G",)), "seat_players": ("i1", ("G", "K")),
           "records": ("U", ("G",)), "meta": ("U", ())}
#: The arrays of a shard whose meta says ``record_policy`` (data for
#: learning: the search's visits of each ply), ``L`` root moves in all.
_POLICY_LAYOUT = {"policy_start": ("<i8", ("P+1",)), "policy_moves": ("<u2", ("L",)),
                  "policy_visits": ("<u4", ("L",)), "policy_value": ("<f4", ("P",))}


class CorruptShardError(ValueError):
    """A shard file that is not a whole, well-formed shard: a bad CRC, a
    truncated or empty file, a missing array, a wrong shape."""


class ShardCheck(NamedTuple):
    """What :func:`verify_shard` found: the shard's ``meta``, its plies,
    the SHA-256 of exactly the bytes it verified, and its arrays as read
    from those bytes (so that a later check reads no other file)."""

    meta: dict
    plies: int
    sha256: str
    size: int
    arrays: dict = {}

_EPOCH = (1980, 1, 1, 0, 0, 0)  # the zip format's first date: no clock in the file


def write_shard(path: str, arrays: dict[str, np.ndarray], compress: bool) -> None:
    """Writes ``arrays`` (name -> array, no object arrays) as the npz
    ``path``, entries in name order; deflated at level 1 if ``compress``
    (the legal bit masks are mostly zeros and shrink about tenfold)."""
    method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED

    def write(file: Any) -> None:
        with zipfile.ZipFile(file, "w", compression=method, compresslevel=1 if compress else None,
                             allowZip64=True) as archive:
            for name in sorted(arrays):
                entry = zipfile.ZipInfo(name + ".npy", date_time=_EPOCH)
                entry.compress_type = method
                entry.external_attr = 0o644 << 16
                with archive.open(entry, "w", force_zip64=True) as member:
                    np.lib.format.write_array(member, np.asanyarray(arrays[name]),
                                              allow_pickle=False)

    write_atomically(path, write)


def checksum(path: str) -> str:
    """The SHA-256 of the file, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_shard(path: str) -> ShardCheck:
    """Reads ``path`` once and checks every member's CRC (the zip's own
    check), that every array of a shard is there with its dtype and its
    shape (plies and games agreeing with ``game_start`` and ``meta``), and
    returns its meta, plies and the checksum of those very bytes.
    :class:`CorruptShardError` (naming the fault) if any check fails."""
    with open(path, "rb") as file:
        data = file.read()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            bad = archive.testzip()
            if bad is not None:
                raise CorruptShardError(f"{path}: member {bad} fails its CRC check")
        with np.load(io.BytesIO(data), allow_pickle=False) as shard:
            arrays = {name: shard[name] for name in {**_LAYOUT, **_POLICY_LAYOUT}
                      if name + ".npy" in shard.zip.namelist()}
    except CorruptShardError:
        raise
    except Exception as error:  # zlib.error, BadZipFile, EOFError, ...: all say "unreadable"
        raise CorruptShardError(f"{path}: not a readable shard ({type(error).__name__}: "
                                f"{error})") from None
    _check_present(path, arrays, _LAYOUT)
    try:
        meta = json.loads(str(arrays["meta"][()]))
        games, plies = int(meta["games"]), int(arrays["game_start"][-1])
        players = int(arrays["rewards"].shape[1]) if arrays["rewards"].ndim == 2 else -1
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise CorruptShardError(f"{path}: its meta or game_start is unreadable ({error})") \
            from None
    sizes = {"P": plies, "G": games, "G+1": games + 1, "K": players}
    _check_shapes(path, arrays, _LAYOUT, sizes)
    _check_rising(path, arrays["game_start"], "game_start")
    if meta.get("record_policy"):
        _check_present(path, arrays, _POLICY_LAYOUT)
        starts = arrays["policy_start"]
        sizes.update({"P+1": plies + 1, "L": int(starts[-1]) if starts.size else -1})
        _check_shapes(path, arrays, _POLICY_LAYOUT, sizes)
        _check_rising(path, starts, "policy_start")
    return ShardCheck(meta, plies, hashlib.sha256(data).hexdigest(), len(data), arrays)


def _check_present(path: str, arrays: dict, layout: dict) -> None:
    missing = sorted(set(layout) - set(arrays))
    if missing:
        raise CorruptShardError(f"{path}: no array {', '.join(missing)}")


def _check_shapes(path: str, arrays: dict, layout: dict, sizes: dict) -> None:
    for name, (dtype, shape) in layout.items():
        array = arrays[name]
        want = tuple(sizes.get(d, d) for d in shape)
        right_type = array.dtype.kind == "U" if dtype == "U" else array.dtype == np.dtype(dtype)
        if not right_type or array.shape != want:
            raise CorruptShardError(f"{path}: {name} is {array.dtype.str} {array.shape}, "
                                    f"not {dtype} of shape {want}")


def _check_rising(path: str, starts: np.ndarray, name: str) -> None:
    """Offsets from 0, each entry at least one (a game a ply, a ply a move)."""
    if starts[0] != 0 or np.any(np.diff(starts) <= 0):
        raise CorruptShardError(f"{path}: {name} does not rise from 0")


def quarantine(path: str) -> str:
    """Moves a bad shard aside, to ``path.bad-N`` (the first N free), kept
    for inspection; returns the new name."""
    number = 1
    while os.path.exists(f"{path}.bad-{number}"):
        number += 1
    moved = f"{path}.bad-{number}"
    os.replace(path, moved)
    return moved
