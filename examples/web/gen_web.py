#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What the page takes from the header, made from it at build time
(examples/web/meson.build), so that nothing is copied by hand:

    gen_web.py constants HEADER OUT.js
        every integer #define and enum value of the header as a JavaScript
        constant of the same name (`export const PACKEIS_E_MALFORMED_TEXT =
        22;`; a value beyond 2^53 as a BigInt), the module engine.js imports;
    gen_web.py exports HEADER OUT.rsp DEPFILE DIR
        the library functions the page's modules (DIR/*.js) call
        (`x.packeis_...` in their code, comments left out) as a response
        file of the link (`-Wl,--export=NAME` a line), and DEPFILE, the
        modules read, for ninja. A name the header does not declare is an
        error, so a typo or a function gone from the header fails the
        build instead of the page.

The header is read by bindings/packeis_header.py, the one parser of it that
the Python bindings' generators use too.
"""
from __future__ import annotations

import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings"))
import packeis_header  # noqa: E402

MAX_SAFE_INTEGER = 2**53 - 1


def constants(header: packeis_header.Header) -> str:
    out = ["// SPDX-License-Identifier: MIT",
           "// Generated from include/packeis/packeis.h by examples/web/gen_web.py: do not edit.",
           "// The header's integer #defines and enum values, under their C names."]
    values = list(header.defines)
    for _, members in header.enums:
        values += members
    for name, value in values:
        text = f"{value}n" if abs(value) > MAX_SAFE_INTEGER else str(value)
        out.append(f"export const {name} = {text};")
    return "\n".join(out) + "\n"


def strip_js_comments(code: str) -> str:
    # Comments only: "//" inside the page's strings (URLs) cuts nothing
    # the search needs, which is `.packeis_name` in code.
    code = re.sub(r"/\*.*?\*/", " ", code, flags=re.S)
    return re.sub(r"//[^\n]*", " ", code)


def exports(header: packeis_header.Header, scripts: list[str]) -> str:
    declared = {name for name, _, _ in header.functions}
    used: set[str] = set()
    for path in scripts:
        with open(path, encoding="utf-8") as f:
            used |= set(re.findall(r"\.(packeis_\w+)\b", strip_js_comments(f.read())))
    unknown = sorted(used - declared)
    if unknown:
        raise packeis_header.HeaderError(f"the page calls functions the header does not declare: "
                                         f"{', '.join(unknown)}")
    return "".join(f"-Wl,--export={name}\n" for name in sorted(used))


def write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv: list[str]) -> int:
    if argv[:1] == ["constants"] and len(argv) == 3:
        write(argv[2], constants(packeis_header.read(argv[1])))
    elif argv[:1] == ["exports"] and len(argv) == 5:
        scripts = sorted(glob.glob(os.path.join(argv[4], "*.js")))
        write(argv[2], exports(packeis_header.read(argv[1]), scripts))
        write(argv[3], f"{argv[2]}: {' '.join(scripts)}\n")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
