#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fail on any global symbol of the built libraries not named packeis_*.

  nm -D -g --defined-only libpackeis.so.*   the dynamic symbols (besides the
                                            version nodes PACKEIS_<x>.<y>)
  nm -g --defined-only libpackeis.a         every object of the archive

Internal functions are pk_* with hidden visibility: the version script keeps
them out of the shared library, lib/static_archive.py makes them local in
the archive. Independent of which packeis_* functions exist.

Exit status: 0 pass, 1 fail, 77 skip (nm missing).
"""
import argparse
import re
import shutil
import subprocess
import sys

SKIP = 77
NODE = re.compile(r'PACKEIS_\d+\.\d+$')


def globals_of(nm, args, path):
    cmd = [nm] + args + [path]
    print('+ ' + ' '.join(cmd), flush=True)
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True)
    if out.returncode != 0:
        print(out.stdout)
        return None
    symbols = []
    for line in out.stdout.splitlines():
        parts = line.split()
        # "ADDRESS TYPE NAME"; archive member headers ("x.o:") and blank lines
        # have fewer fields.
        if len(parts) < 2 or len(parts[-2]) != 1:
            continue
        symbols.append((parts[-2], re.split(r'@', parts[-1], maxsplit=1)[0]))
    return symbols


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--shared', action='append', default=[])
    ap.add_argument('--static', action='append', default=[])
    args = ap.parse_args()
    nm = shutil.which('nm') or shutil.which('llvm-nm')
    if not nm:
        print('SKIP: nm not found')
        return SKIP

    failures = []
    checks = [(p, ['-D', '-g', '--defined-only']) for p in args.shared]
    checks += [(p, ['-g', '--defined-only']) for p in args.static]
    for path, nm_args in checks:
        symbols = globals_of(nm, nm_args, path)
        if symbols is None:
            failures.append('%s: nm failed' % path)
            continue
        public = 0
        for kind, name in symbols:
            if name.startswith('packeis_'):
                public += 1
            elif kind == 'A' and NODE.match(name) and nm_args[0] == '-D':
                pass  # a symbol version node of the shared library
            else:
                failures.append('%s: global symbol %s (%s) is not packeis_*' % (path, name, kind))
        if public == 0:
            failures.append('%s: no packeis_* symbol at all' % path)
        print('%s: %d global packeis_* symbols' % (path, public))

    for f in failures:
        print('FAIL: ' + f, file=sys.stderr)
    if failures:
        return 1
    print('symbols: only packeis_* is global')
    return 0


if __name__ == '__main__':
    sys.exit(main())
