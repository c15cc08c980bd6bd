#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Make libpackeis.a export nothing but the public packeis_* functions.

The internal functions (pk_*) are compiled with hidden visibility, which the
version script and the linker honour in libpackeis.so; in plain object files
they are still global symbols, so an ordinary archive would let them clash
with a program's own symbols. This links all the objects of the internal
archive into one relocatable object (`cc -r`), turns its hidden symbols into
local ones (`objcopy --localize-hidden`) and archives that single object.

Usage: static_archive.py --cc CC [--cc WORD ...] --objcopy OBJCOPY --ar AR
                         --output libpackeis.a INPUT.a [INPUT.a ...]
"""
import argparse
import os
import subprocess
import sys


def run(cmd):
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True)
    if out.returncode != 0:
        sys.stderr.write('static_archive.py: %s failed (exit %d):\n%s'
                         % (' '.join(cmd), out.returncode, out.stdout))
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--cc', action='append', required=True,
                    help='the C compiler command (repeat for each word)')
    ap.add_argument('--objcopy', required=True)
    ap.add_argument('--ar', required=True)
    ap.add_argument('--output', required=True)
    ap.add_argument('inputs', nargs='+', help='archives whose every object goes in')
    args = ap.parse_args()

    output = os.path.abspath(args.output)
    merged = output[:-len('.a')] + '.o' if output.endswith('.a') else output + '.o'
    inputs = [os.path.abspath(i) for i in args.inputs]
    run(args.cc + ['-r', '-nostdlib', '-o', merged, '-Wl,--whole-archive'] + inputs
        + ['-Wl,--no-whole-archive'])
    run([args.objcopy, '--localize-hidden', merged])
    if os.path.exists(output):
        os.remove(output)
    run([args.ar, 'rcs', output, merged])
    os.remove(merged)
    return 0


if __name__ == '__main__':
    sys.exit(main())
