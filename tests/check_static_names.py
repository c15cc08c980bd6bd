#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fails when two files of lib/ define static functions of the same name.

A static name that means different things in different files sends grep and
go-to-definition to the wrong place; every static function of the library
gets a name of its own. A file may declare a name twice (a prototype, then
the definition, or one definition per branch of an #if).

    check_static_names.py [LIB_DIR]      (default: lib/ beside tests/)
"""
import pathlib
import re
import sys

# "static", then anything but ';', '{', '(' or '=' (qualifiers and the return
# type, over several lines if need be), then the name and its '('. Function
# pointers ("static int (*f)(void)") and variables do not match.
STATIC_FUNCTION = re.compile(r"^static\b[^;{(=]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*\(", re.M)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def static_names(path):
    text = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), path.read_text(encoding="utf-8"))
    names = {}
    for match in STATIC_FUNCTION.finditer(text):
        line = text.count("\n", 0, match.start(1)) + 1
        names.setdefault(match.group(1), line)
    return names


def main():
    lib = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                       pathlib.Path(__file__).resolve().parent.parent / "lib")
    files = sorted(p for p in lib.rglob("*") if p.suffix in (".c", ".h", ".inc"))
    if not files:
        print(f"check_static_names: no source file under {lib}", file=sys.stderr)
        return 1
    where = {}
    for path in files:
        for name, line in static_names(path).items():
            where.setdefault(name, []).append(f"{path.relative_to(lib.parent)}:{line}")
    duplicates = {name: places for name, places in sorted(where.items()) if len(places) > 1}
    for name, places in duplicates.items():
        print(f"{name}: {', '.join(places)}")
    if duplicates:
        print(f"check_static_names: {len(duplicates)} static names are defined in more "
              f"than one file of {lib.name}/", file=sys.stderr)
        return 1
    print(f"check_static_names: {len(where)} static names in {len(files)} files, all unique")
    return 0


if __name__ == "__main__":
    sys.exit(main())
