# SPDX-License-Identifier: MIT
"""Self-play shards: ``.npz`` files (numpy's zip of ``.npy`` arrays)
written byte for byte the same for the same games (fixed zip timestamps and
array order), so that a checksum identifies a shard's content, and written
atomically (a temporary name, then ``os.replace``)."""
from __future__ import annotations

import hashlib
import json
import zipfile
from typing import Any, Optional

import numpy as np

from ._tasks import write_atomically

__all__ = ["checksum", "read_meta", "write_shard"]

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


def read_meta(path: str) -> Optional[dict]:
    """The ``meta`` of a shard (what made it), or None if ``path`` is not a
    shard this module wrote."""
    try:
        with np.load(path, allow_pickle=False) as shard:
            return json.loads(str(shard["meta"][()]))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        return None
