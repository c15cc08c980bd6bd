#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The CMake package of a staged `meson install --destdir`.

Configures, builds and runs tests/packaging/cmake_consumer with
find_package(packeis <major>.<minor> CONFIG REQUIRED) and packeis::packeis,
seeing only the staged prefix (CMAKE_PREFIX_PATH); with the archive
installed, again with packeis_USE_STATIC_LIBS=ON (no libpackeis NEEDED).
Checks that find_package(packeis <major+1>.0) and <major-1>.0... are
refused (SameMajorVersion).

Exit status: 0 pass, 1 fail, 77 skip (cmake, meson or readelf missing).
"""
import argparse
import os
import shutil
import sys
import tempfile

import check_install as ci

SKIP = 77


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--build-root', required=True)
    ap.add_argument('--meson', action='append', default=[])
    ap.add_argument('--cc', action='append', default=[])
    ap.add_argument('--fixture', required=True, help='the CMake consumer project')
    ap.add_argument('--version', required=True)
    ap.add_argument('--default-library', default='shared')
    ap.add_argument('--sanitize', default='none')
    ap.add_argument('--keep', action='store_true')
    args = ap.parse_args()

    cmake = ci.tool(os.environ.get('CMAKE', 'cmake'))
    meson = args.meson or ([ci.tool('meson')] if ci.tool('meson') else [])
    readelf = ci.tool('readelf', 'llvm-readelf')
    if not cmake or not meson or not readelf:
        print('SKIP: cmake, meson and readelf are needed')
        return SKIP
    build_root = os.path.realpath(args.build_root)
    options = ci.build_options(build_root)
    prefix = options['prefix']
    libdir = os.path.join(prefix, options['libdir'])
    major, minor = args.version.split('.')[:2]

    tmp = tempfile.mkdtemp(prefix='packeis-cmake-')
    try:
        destdir = os.path.join(tmp, 'stage')
        out = ci.run(meson + ['install', '-C', build_root, '--destdir', destdir,
                              '--no-rebuild', '--quiet'])
        if out.returncode != 0:
            print(out.stdout)
            ci.fail('meson install failed')
            return 1
        staged_prefix = ci.staged(destdir, prefix)
        config = os.path.join(ci.staged(destdir, libdir), 'cmake', 'packeis')
        for name in ('packeisConfig.cmake', 'packeisConfigVersion.cmake'):
            if not os.path.isfile(os.path.join(config, name)):
                ci.fail('%s/cmake/packeis/%s is not installed' % (libdir, name))
        if ci.failures:
            return 1

        env = dict(os.environ)
        env.pop('LD_LIBRARY_PATH', None)
        for var in ('CMAKE_PREFIX_PATH', 'packeis_DIR', 'PKG_CONFIG_PATH'):
            env.pop(var, None)
        sanitize = [] if args.sanitize in ('', 'none') else ['-fsanitize=' + args.sanitize]
        common = ['-DCMAKE_PREFIX_PATH=' + staged_prefix,
                  '-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF',
                  '-DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF',
                  '-DCMAKE_C_FLAGS=' + ' '.join(sanitize),
                  '-DCMAKE_EXE_LINKER_FLAGS=' + ' '.join(sanitize)]
        if args.cc:
            common.append('-DCMAKE_C_COMPILER=' + args.cc[0])

        variants = []
        if args.default_library != 'static':
            variants.append(('shared', []))
        if args.default_library != 'shared':
            variants.append(('static', ['-Dpackeis_USE_STATIC_LIBS=ON']))
        for name, extra in variants:
            build = os.path.join(tmp, 'build-' + name)
            out = ci.run([cmake, '-S', args.fixture, '-B', build,
                          '-DPACKEIS_WANT=%s.%s' % (major, minor)] + common + extra, env=env)
            print(out.stdout, end='')
            if out.returncode != 0:
                ci.fail('%s: cmake configure with find_package(packeis %s.%s) failed'
                        % (name, major, minor))
                continue
            out = ci.run([cmake, '--build', build], env=env)
            print(out.stdout, end='')
            if out.returncode != 0:
                ci.fail('%s: cmake --build failed' % name)
                continue
            exe = os.path.join(build, 'consumer')
            needed = ci.dynamic_section(readelf, exe).get('NEEDED', [])
            has_packeis = any(n.startswith('libpackeis.so') for n in needed)
            if name == 'shared' and 'libpackeis.so.' + major not in needed:
                ci.fail('shared: the consumer does not need libpackeis.so.%s: %s'
                        % (major, needed))
            if name == 'static' and has_packeis:
                ci.fail('static: the consumer needs the shared library: %s' % needed)
            # No LD_LIBRARY_PATH: CMake gives the build-tree program an rpath
            # to the imported library's directory.
            out = ci.run([exe, args.version], env=env)
            print(out.stdout, end='')
            if out.returncode != 0:
                ci.fail('%s: the consumer failed (exit %d)' % (name, out.returncode))

        # SameMajorVersion: another major version is refused.
        for want in ('%d.0' % (int(major) + 1), '%d.0' % (int(major) - 1) if int(major) else None):
            if want is None:
                continue
            build = os.path.join(tmp, 'build-want-' + want)
            out = ci.run([cmake, '-S', args.fixture, '-B', build, '-DPACKEIS_WANT=' + want]
                         + common, env=env)
            if out.returncode == 0:
                print(out.stdout, end='')
                ci.fail('find_package(packeis %s) accepted version %s' % (want, args.version))
            else:
                print('find_package(packeis %s) refused, as it should be' % want)
    finally:
        if args.keep:
            print('kept ' + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    if ci.failures:
        print('\n%d failure(s):\n  ' % len(ci.failures) + '\n  '.join(ci.failures),
              file=sys.stderr)
        return 1
    print('cmake: find_package(packeis %s.%s) and packeis::packeis work' % (major, minor))
    return 0


if __name__ == '__main__':
    sys.exit(main())
