#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Python exception tree of libpackeis's status codes: the one table
both Python bindings build their classes from, so that they cannot disagree.

    error_tree.py python [HEADER] [OUTPUT]   # the ctypes package's classes
                                             # (default: python/packeis/_exceptions.py)
    error_tree.py python --check [HEADER] [OUTPUT]   # exit 1 if OUTPUT is stale
    error_tree.py c HEADER OUTPUT            # the SWIG module's table (a C header,
                                             # made at build time: swig/meson.build)

Every status code of the header (its ``enum packeis_status_code``) is a class
named after it (``PACKEIS_E_NOT_IN_LINE`` -> ``NotInLineError``), documented
by the header's comment of the code, under ``PackeisError`` or one of the
groups below, and also of the builtin error its category says (``except
ValueError`` catches a bad value, whichever binding raised it). A code the
table below does not name yet (a new one of the header) is a plain
``PackeisError`` and ``RuntimeError``: adding a status to the header needs
no change here, only a new run of this file (gen_ctypes.py runs it too).
"""
from __future__ import annotations

import os
import sys
import textwrap
from typing import NamedTuple, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import packeis_header  # noqa: E402

BASE = "PackeisError"
PREFIX = "PACKEIS_E_"

#: The groups of codes: name -> (builtin base or None, docstring, class body).
GROUPS = {
    "IllegalMoveError": (None, """\
The move cannot be played now: the base of every reason a move is refused.

Raised by a game's ``apply``, ``check_move`` and ``parse_move(check=True)``
with the message ``"PACKEIS_E_BLOCKED_BY_GAP: a1-c3: a gap in the ice is in
the way"`` and the attributes ``move`` (the :class:`Move`), ``notation``
(the move in the project's notation, ``"a1-c3"``) and ``reason`` (the
library's text for the status); they are None when the move is not known
(a status checked without a move, a record that fails to replay, where
``stop`` locates the move instead, or the SWIG module, which has no moves).""",
                         ("move: Optional[int] = None", "notation: Optional[str] = None",
                          "reason: Optional[str] = None")),
    "LayoutError": ("ValueError", "Base class of the errors of a custom layout.", ()),
}

#: The codes (less PACKEIS_E_) the table sorts: (group or None, builtin base).
CODES = {
    "INVALID_ARGUMENT": (None, "ValueError"),
    "OUT_OF_RANGE": (None, "IndexError"),
    "OUT_OF_MEMORY": (None, "MemoryError"),
    "BUFFER_TOO_SMALL": (None, "RuntimeError"),
    "GAME_OVER": ("IllegalMoveError", "ValueError"),
    "WRONG_PHASE": ("IllegalMoveError", "ValueError"),
    "NOT_YOUR_PENGUIN": ("IllegalMoveError", "ValueError"),
    "NOT_IN_LINE": ("IllegalMoveError", "ValueError"),
    "BLOCKED_BY_PENGUIN": ("IllegalMoveError", "ValueError"),
    "BLOCKED_BY_GAP": ("IllegalMoveError", "ValueError"),
    "OCCUPIED": ("IllegalMoveError", "ValueError"),
    "NOT_ONE_FISH": ("IllegalMoveError", "ValueError"),
    "NOTHING_TO_UNDO": (None, "RuntimeError"),
    "NOTHING_TO_REDO": (None, "RuntimeError"),
    "DUPLICATE_CELL": ("LayoutError", "ValueError"),
    "MIXED_PARITY": ("LayoutError", "ValueError"),
    "FISH_OUT_OF_RANGE": ("LayoutError", "ValueError"),
    "TOO_MANY_CELLS": ("LayoutError", "ValueError"),
    "NO_CELLS": ("LayoutError", "ValueError"),
    "COORD_OUT_OF_RANGE": ("LayoutError", "ValueError"),
    "TOO_FEW_FLOES": (None, "ValueError"),
    "MALFORMED_TEXT": (None, "ValueError"),
    "INVALID_POSITION": (None, "ValueError"),
}
#: A code the table does not name.
UNSORTED = (None, "RuntimeError")

#: The builtin bases and the SWIG error category (exception.i) of each.
BUILTINS = {"ValueError": "SWIG_ValueError", "IndexError": "SWIG_IndexError",
            "MemoryError": "SWIG_MemoryError", "RuntimeError": "SWIG_RuntimeError"}


class ErrorClass(NamedTuple):
    name: str
    group: str  # BASE or a group
    builtin: Optional[str]  # its builtin base, if its group is not of it already
    category: Optional[str]  # the builtin error it is (its own base or its group's)
    status: Optional[str]  # the code's C name; None for a group
    value: int  # the code's value; -1 for a group
    doc: str
    body: tuple = ()


def class_name(status: str) -> str:
    """``"PACKEIS_E_NOT_IN_LINE"`` -> ``"NotInLineError"``."""
    return "".join(word.capitalize() for word in status[len(PREFIX):].split("_")) + "Error"


def tree(header: packeis_header.Header) -> list[ErrorClass]:
    """The groups, then one class per status code but PACKEIS_OK, in code order."""
    codes = [(n, v) for n, v in header.enum("packeis_status_code") if n.startswith(PREFIX)]
    unknown = set(CODES) - {n[len(PREFIX):] for n, _ in codes}
    if unknown:
        raise packeis_header.HeaderError(f"error_tree.py names codes the header lacks: {sorted(unknown)}")
    classes = [ErrorClass(name, BASE, builtin, builtin, None, -1, doc, body)
               for name, (builtin, doc, body) in GROUPS.items()]
    for status, value in codes:
        group, builtin = CODES.get(status[len(PREFIX):], UNSORTED)
        own = None if group and GROUPS[group][0] == builtin else builtin  # not twice
        doc = header.docs.get(status, "") or f"The status {status}."
        classes.append(ErrorClass(class_name(status), group or BASE, own, builtin, status, value, doc))
    return classes


def docstring(doc: str) -> str:
    """The text of a class's docstring: paragraphs filled, lines indented."""
    doc = doc.replace("\\", "\\\\").replace('"""', '\\"""')
    paragraphs = [textwrap.fill(" ".join(p.split()), 84) for p in doc.split("\n\n")]
    return textwrap.indent("\n\n".join(paragraphs), "    ").strip()


def python_source(header: packeis_header.Header) -> str:
    out = ["# SPDX-License-Identifier: MIT",
           "# Generated by bindings/error_tree.py from include/packeis/packeis.h.",
           "# Do not edit: run the generator (the tests check this file is current).",
           '"""One exception class per status code (bindings/error_tree.py, the table',
           'the SWIG module builds its classes from too); :mod:`._errors` imports them."""',
           "# fmt: off",
           "from typing import Dict, Optional, Type",
           "",
           "from ._status import PackeisError",
           ""]
    classes = tree(header)
    for c in classes:
        bases = ", ".join([c.group] + ([c.builtin] if c.builtin else []))
        out += ["", f"class {c.name}({bases}):", f'    """{docstring(c.doc)}"""']
        out += [""] + [f"    {line}" for line in c.body] if c.body else []
        if c.status:
            out += ["", f"    status = {c.value}  # {c.status}"]
        out.append("")
    out += ["", "#: The exception class of each status code (every code but PACKEIS_OK).",
            "ERRORS: Dict[int, Type[PackeisError]] = {"]
    out += [f"    {c.value}: {c.name}," for c in classes if c.status]
    names = textwrap.fill(", ".join(repr(c.name) for c in classes), 84)
    out += ["}", "", "__all__ = [", textwrap.indent(names, "    "), "]", ""]
    return "\n".join(out)


def c_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def c_source(header: packeis_header.Header) -> str:
    classes = tree(header)
    index = {c.name: i for i, c in enumerate(classes)}
    out = ["/* SPDX-License-Identifier: MIT */",
           "/* Generated by bindings/error_tree.py from include/packeis/packeis.h: do not edit.",
           " * The exception classes of the status codes and their groups, in the order",
           " * they are made: each names its base in the table (-1: PackeisError), the",
           " * SWIG error category (exception.i) of its builtin base besides (0: none, its",
           " * base is of one already) and of what it is, and its code (-1: a group). */",
           "typedef struct pk_error_class {",
           "    const char *name;",
           "    int base;",
           "    int builtin;",
           "    int category;",
           "    int status;",
           "    const char *doc;",
           "} pk_error_class;",
           "",
           "static const pk_error_class pk_error_classes[] = {"]
    for c in classes:
        base = index[c.group] if c.group != BASE else -1
        builtin = BUILTINS[c.builtin] if c.builtin else "0"
        category = BUILTINS[c.category] if c.category else "0"
        status = c.status or "-1"
        out.append(f"    {{{c_string(c.name)}, {base}, {builtin}, {category}, {status},\n"
                   f"     {c_string(c.doc)}}},")
    out += ["};", "", "#define PK_ERROR_CLASS_COUNT (sizeof pk_error_classes / sizeof *pk_error_classes)", ""]
    return "\n".join(out)


DEFAULT_OUTPUT = os.path.join(HERE, "python", "packeis", "_exceptions.py")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if not args or args[0] not in ("python", "c") or (args[0] == "c" and len(args) != 3):
        print(__doc__, file=sys.stderr)
        return 2
    header = packeis_header.read(args[1] if len(args) > 1 else packeis_header.HEADER)
    output = args[2] if len(args) > 2 else DEFAULT_OUTPUT
    text = python_source(header) if args[0] == "python" else c_source(header)
    if check:
        with open(output, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{output} is stale: run {sys.argv[0]} {args[0]}", file=sys.stderr)
                return 1
        return 0
    with open(output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
