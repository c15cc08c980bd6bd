#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Use libpackeis as a meson subproject of a downstream project.

Copies tests/packaging/subproject_fixture to a temporary directory, copies the
libpackeis source tree (the working tree: tracked and untracked files that
git does not ignore, so build directories are left out) to its
subprojects/packeis, then runs `meson setup --force-fallback-for=packeis`,
`meson compile` and `meson test` there (the fixture's test runs the consumer
program, which plays a game and checks the version).

With --hide-cmocka, pkg-config and CMake cannot see cmocka: a downstream
project must not need libpackeis's test dependencies to use it.

Exit status: 0 pass, 1 fail, 77 skip (meson, ninja or a compiler missing).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
BUILD_MARKERS = ('meson-private', 'build.ninja', 'CMakeCache.txt')


def run(cmd, **kw):
    print('+ ' + ' '.join(cmd), flush=True)
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True, **kw)
    print(out.stdout, end='', flush=True)
    return out.returncode


def source_files(root):
    """Relative paths of the source tree, without build directories."""
    git = shutil.which('git')
    if git and os.path.exists(os.path.join(root, '.git')):
        out = subprocess.run([git, '-C', root, 'ls-files', '-z', '--cached', '--others',
                              '--exclude-standard'], stdout=subprocess.PIPE)
        if out.returncode == 0:
            files = [p for p in out.stdout.decode().split('\0') if p]
            # Deleted but not yet committed files are still listed.
            return [p for p in files if os.path.lexists(os.path.join(root, p))]
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ('.git', 'subprojects') and not any(
            os.path.exists(os.path.join(dirpath, d, m)) for m in BUILD_MARKERS)]
        files += [os.path.relpath(os.path.join(dirpath, f), root) for f in filenames]
    return files


def copy_tree(root, dest):
    for rel in source_files(root):
        if rel.split(os.sep)[0] == 'subprojects':
            continue
        src, dst = os.path.join(root, rel), os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--source-root', required=True)
    ap.add_argument('--fixture', required=True)
    ap.add_argument('--meson', action='append', default=[])
    ap.add_argument('--cc', help='the C compiler for the nested build (CC)')
    ap.add_argument('--hide-cmocka', action='store_true')
    ap.add_argument('--keep', action='store_true')
    args = ap.parse_args()

    meson = args.meson or ([shutil.which('meson')] if shutil.which('meson') else [])
    if not meson or not shutil.which(meson[0]):
        print('SKIP: meson not found')
        return SKIP
    if not shutil.which('ninja') and not shutil.which('samu'):
        print('SKIP: ninja not found')
        return SKIP

    tmp = tempfile.mkdtemp(prefix='packeis-subproject-')
    try:
        project = os.path.join(tmp, 'consumer')
        shutil.copytree(args.fixture, project)
        copy_tree(os.path.realpath(args.source_root),
                  os.path.join(project, 'subprojects', 'packeis'))

        env = dict(os.environ)
        for var in ('MESON_TESTTHREADS', 'MESON_BUILD_ROOT', 'MESON_SOURCE_ROOT'):
            env.pop(var, None)
        if args.cc:
            env['CC'] = args.cc
        setup = meson + ['setup', '--force-fallback-for=packeis', '--wrap-mode=nodownload']
        if args.hide_cmocka:
            empty = os.path.join(tmp, 'empty-pkgconfig')
            os.mkdir(empty)
            env['PKG_CONFIG_PATH'] = empty
            env['PKG_CONFIG_LIBDIR'] = empty
            native = os.path.join(tmp, 'no-cmake.ini')
            with open(native, 'w') as f:
                f.write("[binaries]\ncmake = '/nonexistent/cmake'\n")
            setup += ['--native-file', native]
        build = os.path.join(project, 'build')
        if run(setup + [build, project], env=env) != 0:
            print('FAIL: meson setup of the consumer failed'
                  + (' without cmocka' if args.hide_cmocka else ''), file=sys.stderr)
            return 1
        if run(meson + ['compile', '-C', build, 'consumer'], env=env) != 0:
            print('FAIL: meson compile of the consumer failed', file=sys.stderr)
            return 1
        if run(meson + ['test', '-C', build, '--no-rebuild', '--print-errorlogs',
                        'consumer'], env=env) != 0:
            print('FAIL: the consumer program failed', file=sys.stderr)
            return 1
    finally:
        if args.keep:
            print('kept ' + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print('subproject: consumer configured, built and ran')
    return 0


if __name__ == '__main__':
    sys.exit(main())
