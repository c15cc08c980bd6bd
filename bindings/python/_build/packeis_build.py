# SPDX-License-Identifier: MIT
"""A minimal PEP 517 build backend for the pure-Python ``packeis`` package, so
that ``pip install bindings/python`` needs nothing from the network.

The version has one source, ``project(version: ...)`` in the top-level
meson.build (the C library reports the same one at run time). An sdist
carries it in its PKG-INFO, which is read when meson.build is not there."""
from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

NAME = "packeis"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MESON_BUILD = os.path.join(ROOT, "..", "..", "meson.build")
PKG_INFO = os.path.join(ROOT, "PKG-INFO")
TAG = "py3-none-any"


def read_version() -> str:
    """The project's version: from meson.build in a source tree, else from
    the PKG-INFO of an unpacked sdist."""
    if os.path.exists(MESON_BUILD):
        with open(MESON_BUILD, encoding="utf-8") as f:
            found = re.search(r"\bproject\([^)]*?\bversion\s*:\s*'([^']+)'", f.read(), re.S)
    else:
        with open(PKG_INFO, encoding="utf-8") as f:
            found = re.search(r"^Version: (\S+)$", f.read(), re.M)
    if not found:
        raise RuntimeError("cannot find the version of packeis (meson.build or PKG-INFO)")
    return found.group(1)


VERSION = read_version()
DIST_INFO = f"{NAME}-{VERSION}.dist-info"


def _metadata() -> str:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {VERSION}\n"
        "Summary: Python bindings of libpackeis, the rules engine of the board game "
        "Packeis am Pol\n"
        "License: MIT\n"
        "Requires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )


def _wheel_file() -> str:
    return f"Wheel-Version: 1.0\nGenerator: packeis_build\nRoot-Is-Purelib: true\nTag: {TAG}\n"


def _package_files() -> list[str]:
    files = []
    for name in sorted(os.listdir(os.path.join(ROOT, NAME))):
        if name.endswith(".py") or name == "py.typed":
            files.append(f"{NAME}/{name}")
    return files


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(directory: str, entries: list[tuple[str, bytes]]) -> str:
    filename = f"{NAME}-{VERSION}-{TAG}.whl"
    entries = entries + [
        (f"{DIST_INFO}/METADATA", _metadata().encode()),
        (f"{DIST_INFO}/WHEEL", _wheel_file().encode()),
    ]
    record = [_record_line(path, data) for path, data in entries] + [f"{DIST_INFO}/RECORD,,"]
    entries.append((f"{DIST_INFO}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(directory, filename), "w", zipfile.ZIP_DEFLATED) as whl:
        for path, data in entries:
            whl.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return filename


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    path = os.path.join(metadata_directory, DIST_INFO)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    with open(os.path.join(path, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(_wheel_file())
    return DIST_INFO


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for path in _package_files():
        with open(os.path.join(ROOT, path), "rb") as f:
            entries.append((path, f.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, [(f"_{NAME}_editable.pth", (ROOT + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{VERSION}"
    filename = f"{base}.tar.gz"
    paths = ["pyproject.toml", "README.md", "_build/packeis_build.py"] + _package_files()
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as tar:
        for path in paths:
            tar.add(os.path.join(ROOT, path), arcname=f"{base}/{path}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return filename
