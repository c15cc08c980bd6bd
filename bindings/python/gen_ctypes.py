#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates the low-level ctypes declarations of libpackeis from its header.

Usage::

    gen_ctypes.py [HEADER] [OUTPUT]     # write OUTPUT (default: packeis/_ffi.py)
    gen_ctypes.py --check [HEADER] [OUTPUT]   # exit 1 if OUTPUT is stale

The header is the single source of truth: every ``#define`` with an integer
value, every enum, the opaque handle types, the public structs and every
``PACKEIS_API`` function (return type and argument types) are translated.
``PACKEIS_NODISCARD`` marks the functions returning a status; they are listed
in ``STATUS_FUNCTIONS`` so that the bindings check every one of them.
Declarations may span several lines.
Comments are not copied, so editing documentation never changes the output.
Only the C types the header uses are known; an unknown type is an error, so a
new kind of declaration cannot be silently mistranslated.
"""
from __future__ import annotations

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_HEADER = os.path.join(HERE, "..", "..", "include", "packeis", "packeis.h")
DEFAULT_OUTPUT = os.path.join(HERE, "packeis", "_ffi.py")

# C scalar types -> ctypes names.
SCALARS = {
    "void": "None",
    "char": "c_char",
    "int": "c_int",
    "unsigned": "c_uint",
    "unsigned int": "c_uint",
    "size_t": "c_size_t",
    "float": "c_float",
    "double": "c_double",
    "int8_t": "c_int8",
    "uint8_t": "c_uint8",
    "int16_t": "c_int16",
    "uint16_t": "c_uint16",
    "int32_t": "c_int32",
    "uint32_t": "c_uint32",
    "int64_t": "c_int64",
    "uint64_t": "c_uint64",
}


class HeaderError(Exception):
    pass


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


class Header:
    def __init__(self, text: str):
        self.defines: list[tuple[str, int]] = []
        self.enums: list[tuple[str, list[tuple[str, int]]]] = []
        self.typedefs: dict[str, str] = {}  # alias -> ctypes expression
        self.opaque: list[str] = []
        self.structs: list[tuple[str, list[tuple[str, str]]]] = []
        self.functions: list[tuple[str, str, list[tuple[str, str]]]] = []
        self.nodiscard: list[str] = []
        self._parse(strip_comments(text))

    # -- types -------------------------------------------------------------
    def ctype(self, decl: str) -> str:
        """The ctypes expression for a C type such as 'const int *'."""
        decl = re.sub(r"\bconst\b", " ", decl)
        stars = decl.count("*")
        base = " ".join(decl.replace("*", " ").split())
        if base == "char" and stars == 1:
            return "c_char_p"
        if base == "void" and stars >= 1:
            inner, stars = "c_void_p", stars - 1
        elif base in SCALARS:
            inner = SCALARS[base]
        elif base in self.typedefs or base in self.opaque or base in dict(self.structs):
            inner = base
        else:
            raise HeaderError(f"unknown C type {decl.strip()!r}")
        for _ in range(stars):
            inner = f"POINTER({inner})"
        return inner

    def split_param(self, param: str) -> tuple[str, str]:
        param = param.strip()
        m = re.fullmatch(r"(.*?)(\w+)", param, flags=re.S)
        if not m or not m.group(1).strip():
            raise HeaderError(f"cannot read parameter {param!r}")
        return m.group(2), self.ctype(m.group(1))

    def params(self, text: str) -> list[tuple[str, str]]:
        text = " ".join(text.split())
        if text in ("", "void"):
            return []
        return [self.split_param(p) for p in text.split(",")]

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

    def _statement(self, stmt: str) -> None:
        if not stmt or stmt == "}":
            return
        stmt = stmt.lstrip("} ").strip()
        m = re.fullmatch(r"enum (\w+) \{(.*)\}", stmt)
        if m:
            values, nxt = [], 0
            for item in m.group(2).split(","):
                item = item.strip()
                if not item:
                    continue
                name, _, expr = item.partition("=")
                value = parse_int(expr) if expr else nxt
                if value is None:
                    raise HeaderError(f"cannot read enum value {item!r}")
                values.append((name.strip(), value))
                nxt = value + 1
            self.enums.append((m.group(1), values))
            return
        m = re.fullmatch(r"typedef struct (\w+) (\w+)", stmt)
        if m and m.group(1) == m.group(2):
            self.opaque.append(m.group(1))
            return
        m = re.fullmatch(r"typedef struct (\w+) \{(.*)\} (\w+)", stmt)
        if m and m.group(1) == m.group(3):
            name, fields = m.group(1), []
            self.structs.append((name, fields))  # known while reading fields
            for field in m.group(2).split(";"):
                field = field.strip()
                if not field:
                    continue
                fp = re.fullmatch(r"(.*?)\(\s*\*\s*(\w+)\s*\)\s*\((.*)\)", field)
                if fp:
                    args = [t for _, t in self.params(fp.group(3))]
                    fields.append((fp.group(2), f"CFUNCTYPE({', '.join([self.ctype(fp.group(1))] + args)})"))
                else:
                    fname, ftype = self.split_param(field)
                    fields.append((fname, ftype))
            return
        m = re.fullmatch(r"typedef (.+?) (\w+)", stmt)
        if m:
            self.typedefs[m.group(2)] = self.ctype(m.group(1))
            return
        m = re.fullmatch(r"(PACKEIS_NODISCARD )?PACKEIS_API (PACKEIS_NODISCARD )?(.+?)\b(\w+)\s*\((.*)\)",
                         stmt)
        if m:
            name = m.group(4)
            if m.group(1) and m.group(2):
                raise HeaderError(f"{name}: PACKEIS_NODISCARD twice")
            self.functions.append((name, self.ctype(m.group(3)), self.params(m.group(5))))
            if m.group(1) or m.group(2):
                if m.group(3).strip() != "packeis_status":
                    raise HeaderError(f"{name}: PACKEIS_NODISCARD on a non-status function")
                self.nodiscard.append(name)
            return
        raise HeaderError(f"cannot read declaration {stmt[:80]!r}")


def generate(header_text: str) -> str:
    h = Header(header_text)
    out = [
        "# SPDX-License-Identifier: MIT",
        "# Generated by bindings/python/gen_ctypes.py from include/packeis/packeis.h.",
        "# Do not edit: run the generator (the tests check this file is current).",
        '"""Low-level ctypes declarations of libpackeis (one per header entry)."""',
        "# fmt: off",
        "from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double,  # noqa: F401",
        "                    c_float, c_int, c_int8, c_int16, c_int32, c_int64, c_size_t, c_uint,",
        "                    c_uint8, c_uint16, c_uint32, c_uint64, c_void_p)",
        "",
        "# #define constants",
    ]
    out += [f"{name} = {value}" for name, value in h.defines]
    out.append("")
    for enum, values in h.enums:
        out.append(f"# enum {enum}")
        out += [f"{name} = {value}" for name, value in values]
        out.append("")
    out.append("ENUMS = {")
    for enum, values in h.enums:
        out.append(f"    {enum!r}: {{{', '.join(f'{n!r}: {v}' for n, v in values)}}},")
    out += ["}", "", "# typedefs"]
    for alias, expr in h.typedefs.items():
        out.append(f"{alias} = {expr}")
    out.append("")
    for name in h.opaque:
        out += [f"class {name}(Structure):", f'    """Opaque handle (struct {name})."""', "", ""]
    for name, fields in h.structs:
        out += [f"class {name}(Structure):", f'    """struct {name}."""', "", "    _fields_ = ["]
        out += [f"        ({fname!r}, {ftype})," for fname, ftype in fields]
        out += ["    ]", "", ""]
    out.append("# name: (restype, [(parameter, argtype), ...])")
    out.append("FUNCTIONS = {")
    for name, restype, params in h.functions:
        plist = ", ".join(f"({p!r}, {t})" for p, t in params)
        out.append(f"    {name!r}: ({restype}, [{plist}]),")
    out += ["}", "", "# The functions returning a packeis_status (PACKEIS_NODISCARD).",
            "STATUS_FUNCTIONS = frozenset({"]
    out += [f"    {name!r}," for name in h.nodiscard]
    out += [
        "})",
        "",
        "",
        "def bind(lib):",
        '    """Sets restype and argtypes of every function of ``lib`` (a ctypes.CDLL)."""',
        "    for name, (restype, params) in FUNCTIONS.items():",
        "        function = getattr(lib, name)",
        "        function.restype = restype",
        "        function.argtypes = [argtype for _, argtype in params]",
        "    return lib",
        "",
    ]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    header = args[0] if args else DEFAULT_HEADER
    output = args[1] if len(args) > 1 else DEFAULT_OUTPUT
    with open(header, encoding="utf-8") as f:
        text = generate(f.read())
    if check:
        with open(output, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{output} is stale: run {sys.argv[0]}", file=sys.stderr)
                return 1
        return 0
    with open(output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
