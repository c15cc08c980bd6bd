# SPDX-License-Identifier: MIT
"""Reads include/packeis/packeis.h: the one parser of the header, shared by
every generator that derives a binding's declarations from it
(bindings/python/gen_ctypes.py: the ctypes declarations, bindings/gen_errors.py:
the Python exception tree of both Python bindings, examples/web/gen_web.py:
the page's JavaScript constants and the wasm export list).

It knows the shapes of declaration the header uses and no more: ``#define``
with an integer value, enums, opaque handle typedefs, structs (function
pointer fields included), typedefs (function pointer types included) and
``PACKEIS_API`` functions, each possibly over several lines. A declaration
of another shape is an error, so that a new kind cannot be silently missed.
Types are kept as C text (``"const int *"``, whitespace normalised); the
generators translate them. Comments are dropped, except that the ``/** */``
comment before an enum value is kept as that value's documentation.
"""
from __future__ import annotations

import os
import re
from typing import NamedTuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = os.path.join(ROOT, "include", "packeis", "packeis.h")


class HeaderError(Exception):
    pass


class FunctionPointer(NamedTuple):
    """A function pointer type: its return type and parameter types (C text)."""

    restype: str
    argtypes: list


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def parse_int(token: str):
    token = token.strip()
    m = re.fullmatch(r"U?INT(?:8|16|32|64)_C\s*\((.*)\)", token)  # <stdint.h> constant macros
    if m:
        token = m.group(1).strip()
    while token.startswith("(") and token.endswith(")"):
        token = token[1:-1].strip()
    m = re.fullmatch(r"(-?)\s*(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*", token)
    if not m:
        return None
    value = int(m.group(2), 0)
    return -value if m.group(1) else value


def enum_docs(text: str) -> dict:
    """The documentation comment before each enum value: name -> one line."""
    comment = r"/\*\*((?:(?!\*/).)*)\*/"
    before = re.finditer(comment + r"\s*(PACKEIS_\w+)\s*(?:=[^,}/]*)?[,}]", text, flags=re.S)
    after = re.finditer(r"(PACKEIS_\w+)\s*(?:=[^,}/]*)?,?[ \t]*/\*\*<((?:(?!\*/).)*)\*/", text, flags=re.S)
    docs = {m.group(2): m.group(1) for m in before if not m.group(1).startswith("<")}
    docs.update({m.group(1): m.group(2) for m in after})
    return {name: _doc_line(doc) for name, doc in docs.items()}


def _doc_line(doc: str) -> str:
    lines = [line.strip().lstrip("*").strip() for line in doc.splitlines()]
    doc = " ".join(line for line in lines if line)
    doc = re.sub(r"\s*@since [0-9.]+", "", doc)  # the header's versions, not a binding's
    return re.sub(r"::(\w)", r"\1", doc)  # Doxygen's links


class Header:
    """The declarations of the header, in their order.

    - ``defines``: [(name, value)], the ``PACKEIS_`` macros with an integer value;
    - ``enums``: [(enum, [(name, value)])]; ``docs``: {value name: text};
    - ``typedefs``: {alias: C type or FunctionPointer}; ``opaque``: [struct names];
    - ``structs``: [(name, [(field, C type or FunctionPointer)])];
    - ``functions``: [(name, return C type, [(parameter, C type)])];
    - ``nodiscard``: the functions marked ``PACKEIS_NODISCARD`` (all return a status).
    """

    def __init__(self, text: str):
        self.defines: list[tuple[str, int]] = []
        self.enums: list[tuple[str, list[tuple[str, int]]]] = []
        self.docs = enum_docs(text)
        self.typedefs: dict = {}
        self.opaque: list[str] = []
        self.structs: list[tuple[str, list]] = []
        self.functions: list[tuple[str, str, list[tuple[str, str]]]] = []
        self.nodiscard: list[str] = []
        self._parse(strip_comments(text))

    def enum(self, name: str) -> list[tuple[str, int]]:
        """The values of one enum."""
        for enum, values in self.enums:
            if enum == name:
                return values
        raise HeaderError(f"no enum {name}")

    # -- types -------------------------------------------------------------
    @staticmethod
    def split_param(param: str) -> tuple[str, str]:
        param = param.strip()
        m = re.fullmatch(r"(.*?)(\w+)", param, flags=re.S)
        if not m or not m.group(1).strip():
            raise HeaderError(f"cannot read parameter {param!r}")
        return m.group(2), " ".join(m.group(1).split())

    def params(self, text: str) -> list[tuple[str, str]]:
        text = " ".join(text.split())
        if text in ("", "void"):
            return []
        return [self.split_param(p) for p in text.split(",")]

    def function_pointer(self, restype: str, params: str) -> FunctionPointer:
        return FunctionPointer(" ".join(restype.split()), [t for _, t in self.params(params)])

    # -- declarations ------------------------------------------------------
    def _parse(self, text: str) -> None:
        for m in re.finditer(r"^\s*#\s*define\s+(PACKEIS_\w+)[ \t]+([^\n]+)$", text, flags=re.M):
            value = parse_int(m.group(2))
            if value is not None:
                self.defines.append((m.group(1), value))
        body = re.sub(r"^\s*#[^\n]*$", " ", text, flags=re.M)
        body = body.replace('extern "C" {', " ")
        for stmt in self._statements(body):
            self._statement(" ".join(stmt.split()))

    @staticmethod
    def _statements(body: str):
        depth, start = 0, 0
        for i, ch in enumerate(body):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == ";" and depth == 0:
                yield body[start:i]
                start = i + 1

    def _enum(self, name: str, items: str) -> None:
        values, nxt = [], 0
        for item in items.split(","):
            item = item.strip()
            if not item:
                continue
            value_name, _, expr = item.partition("=")
            value = parse_int(expr) if expr else nxt
            if value is None:
                raise HeaderError(f"cannot read enum value {item!r}")
            values.append((value_name.strip(), value))
            nxt = value + 1
        self.enums.append((name, values))

    def _struct(self, name: str, body: str) -> None:
        fields: list = []
        self.structs.append((name, fields))
        for field in body.split(";"):
            field = field.strip()
            if not field:
                continue
            fp = re.fullmatch(r"(.*?)\(\s*\*\s*(\w+)\s*\)\s*\((.*)\)", field)
            if fp:
                fields.append((fp.group(2), self.function_pointer(fp.group(1), fp.group(3))))
            else:
                fields.append(self.split_param(field))

    def _function(self, m: re.Match) -> None:
        name = m.group(4)
        if m.group(1) and m.group(2):
            raise HeaderError(f"{name}: PACKEIS_NODISCARD twice")
        restype = " ".join(m.group(3).split())
        self.functions.append((name, restype, self.params(m.group(5))))
        if m.group(1) or m.group(2):
            if restype != "packeis_status":
                raise HeaderError(f"{name}: PACKEIS_NODISCARD on a non-status function")
            self.nodiscard.append(name)

    def _statement(self, stmt: str) -> None:
        if not stmt or stmt == "}":
            return
        stmt = stmt.lstrip("} ").strip()
        m = re.fullmatch(r"enum (\w+) \{(.*)\}", stmt)
        if m:
            return self._enum(m.group(1), m.group(2))
        m = re.fullmatch(r"typedef struct (\w+) (\w+)", stmt)
        if m and m.group(1) == m.group(2):
            self.opaque.append(m.group(1))
            return
        m = re.fullmatch(r"typedef struct (\w+) \{(.*)\} (\w+)", stmt)
        if m and m.group(1) == m.group(3):
            return self._struct(m.group(1), m.group(2))
        m = re.fullmatch(r"typedef (.+?)\(\s*\*\s*(\w+)\s*\)\s*\((.*)\)", stmt)
        if m:  # a function pointer type, such as packeis_progress
            self.typedefs[m.group(2)] = self.function_pointer(m.group(1), m.group(3))
            return
        m = re.fullmatch(r"typedef (.+?) (\w+)", stmt)
        if m:
            self.typedefs[m.group(2)] = " ".join(m.group(1).split())
            return
        m = re.fullmatch(r"(PACKEIS_NODISCARD )?PACKEIS_API (PACKEIS_NODISCARD )?(.+?)\b(\w+)\s*\((.*)\)",
                         stmt)
        if m:
            return self._function(m)
        raise HeaderError(f"cannot read declaration {stmt[:80]!r}")


def read(path: str = HEADER) -> Header:
    """The header at ``path`` (default: the source tree's)."""
    with open(path, encoding="utf-8") as f:
        return Header(f.read())
