#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compile the public header with every compiler found, not only the one
meson configured: gcc and clang as C99, C11 and C17, g++ and clang++ as
C++11 and C++17, all with -pedantic -Wall -Wextra -Werror (plus stricter
warnings that a header included by other projects must not trigger). Each
program is linked against the built libpackeis.so and run.

Also compiles <packeis/version.h> alone.

Exit status: 0 pass, 1 fail, 77 skip (no compiler found at all).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

COMMON = ['-pedantic', '-Wall', '-Wextra', '-Werror', '-Wshadow', '-Wundef',
          '-Wconversion', '-Wsign-conversion', '-Wcast-qual']
C_ONLY = ['-Wstrict-prototypes', '-Wmissing-prototypes']
CXX_ONLY = ['-Wold-style-cast', '-Wzero-as-null-pointer-constant']

C_COMPILERS = ['gcc', 'clang', 'cc']
CXX_COMPILERS = ['g++', 'clang++', 'c++']
C_STDS = ['c99', 'c11', 'c17']
CXX_STDS = ['c++11', 'c++17']


def run(cmd, **kw):
    print('+ ' + ' '.join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def compilers(names):
    """Distinct compilers among names (cc is often gcc: keep one of them)."""
    seen, found = set(), []
    for name in names:
        path = shutil.which(name)
        if not path:
            print('note: %s not found' % name)
            continue
        real = os.path.realpath(path)
        if real in seen:
            continue
        seen.add(real)
        found.append(path)
    return found


def supports(compiler, flags, lang, tmp):
    src = os.path.join(tmp, 'probe.' + ('c' if lang == 'c' else 'cpp'))
    with open(src, 'w') as f:
        f.write('int main(void) { return 0; }\n' if lang == 'c' else 'int main() { return 0; }\n')
    out = subprocess.run([compiler] + flags + ['-Werror', '-fsyntax-only', src],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return out.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--include', action='append', required=True,
                    help='include directory (source include/ and build include/)')
    ap.add_argument('--library', required=True, help='the built libpackeis.so.*')
    ap.add_argument('--c-source', required=True)
    ap.add_argument('--cxx-source', required=True)
    ap.add_argument('--sanitize', default='none',
                    help='the b_sanitize of the build; if set, programs are only '
                    'compiled: another compiler cannot link a sanitized library')
    args = ap.parse_args()

    ccs = compilers(C_COMPILERS)
    cxxs = compilers(CXX_COMPILERS)
    if not ccs and not cxxs:
        print('SKIP: no C or C++ compiler found')
        return SKIP

    libdir = os.path.dirname(os.path.abspath(args.library))
    incs = ['-I' + i for i in args.include]
    failures, passes = [], 0
    tmp = tempfile.mkdtemp(prefix='packeis-header-')
    try:
        version_only = os.path.join(tmp, 'version_only.c')
        with open(version_only, 'w') as f:
            f.write('#include <packeis/version.h>\n'
                    'int packeis_test_version(void);\n'
                    'int packeis_test_version(void) { return PACKEIS_VERSION_NUMBER; }\n')

        jobs = [(cc, 'c', std, args.c_source, COMMON + C_ONLY) for cc in ccs for std in C_STDS]
        jobs += [(cxx, 'c++', std, args.cxx_source, COMMON + CXX_ONLY)
                 for cxx in cxxs for std in CXX_STDS]
        for compiler, lang, std, source, warnings in jobs:
            name = '%s -std=%s' % (os.path.basename(compiler), std)
            if not supports(compiler, ['-std=' + std], lang, tmp):
                print('note: %s is not supported, skipped' % name)
                continue
            warnings = [w for w in warnings if supports(compiler, [w], lang, tmp)]
            exe = os.path.join(tmp, '%s-%s' % (os.path.basename(compiler), std))
            if args.sanitize not in ('', 'none'):
                out = run([compiler, '-std=' + std] + warnings + incs +
                          ['-c', source, '-o', exe + '.o'])
                if out.returncode != 0:
                    print(out.stdout)
                    failures.append(name + ': does not compile')
                else:
                    passes += 1
                continue
            out = run([compiler, '-std=' + std] + warnings + incs +
                      [source, '-o', exe, '-L' + libdir, '-lpackeis'])
            if out.returncode != 0:
                print(out.stdout)
                failures.append(name + ': does not compile or link')
                continue
            env = dict(os.environ)
            env['LD_LIBRARY_PATH'] = libdir + (
                os.pathsep + env['LD_LIBRARY_PATH'] if env.get('LD_LIBRARY_PATH') else '')
            out = run([exe], env=env)
            print(out.stdout, end='')
            if out.returncode != 0:
                failures.append(name + ': the program failed (exit %d)' % out.returncode)
                continue
            if lang == 'c':
                out = run([compiler, '-std=' + std] + warnings + incs +
                          ['-c', version_only, '-o', exe + '.o'])
                if out.returncode != 0:
                    print(out.stdout)
                    failures.append(name + ': <packeis/version.h> alone does not compile')
                    continue
            passes += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    if failures:
        print('\n%d failure(s):\n  ' % len(failures) + '\n  '.join(failures), file=sys.stderr)
        return 1
    if passes == 0:
        print('SKIP: no compiler could be tried')
        return SKIP
    print('header: %d compiler/standard combinations passed' % passes)
    return 0


if __name__ == '__main__':
    sys.exit(main())
