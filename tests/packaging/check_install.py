#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Stage `meson install --destdir` of the current build and check the result.

Checks the installed files (in the README's configuration, exactly those
tests/packaging/installed.txt lists; public headers, the shared library with its
SONAME and symlinks, the static archive with -Ddefault_library=both or
static, the pkg-config file), then builds the consumer program OUTSIDE the
source tree with `cc consumer.c $(pkg-config --cflags --libs packeis)`
against the staged install and runs it; with the archive installed, again
with `pkg-config --static` linking libpackeis.a.

Exit status: 0 pass, 1 fail, 77 skip (a needed tool is missing).
"""

import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg, file=sys.stderr)


def note(msg):
    print(msg)


def run(cmd, **kw):
    print('+ ' + ' '.join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def tool(name, *alternatives):
    for candidate in (name,) + alternatives:
        path = shutil.which(candidate)
        if path:
            return path
    return None


def staged(destdir, path):
    """Where an absolute install path lands under DESTDIR."""
    return os.path.join(destdir, os.path.splitdrive(path)[1].lstrip(os.sep))


def build_options(build_root):
    with open(os.path.join(build_root, 'meson-info', 'intro-buildoptions.json')) as f:
        return {o['name']: o['value'] for o in json.load(f)}


def dynamic_section(readelf, path):
    out = run([readelf, '-d', '-W', path])
    if out.returncode != 0:
        fail('readelf -d %s failed:\n%s' % (path, out.stdout))
        return {}
    tags = {}
    for line in out.stdout.splitlines():
        m = re.match(r'\s*0x[0-9a-f]+\s+\((\w+)\)\s+(.*)$', line)
        if m:
            value = m.group(2)
            b = re.search(r'\[(.*)\]', value)
            tags.setdefault(m.group(1), []).append(b.group(1) if b else value)
    return tags


def check_players(destdir, inc, lib, readelf):
    """The players library (lib/players, version 0.x): its header,
    its real file and links with the SONAME libpackeis-players.so.0.MINOR,
    its pkg-config file. Returns the names it installs in the libdir."""
    if not os.path.isfile(os.path.join(inc, 'packeis', 'players.h')):
        fail('header not installed: packeis/players.h')
    names = sorted(n for n in os.listdir(lib) if n.startswith('libpackeis-players.so')) \
        if os.path.isdir(lib) else []
    real = [n for n in names if re.fullmatch(r'libpackeis-players\.so\.0\.\d+\.\d+', n)]
    if len(real) != 1 or len(names) != 3:
        fail('libpackeis-players: expected the real file, its SONAME link and the '
             'development link, found %s' % names)
        return names
    soname = real[0].rsplit('.', 1)[0]
    tags = dynamic_section(readelf, os.path.join(lib, real[0]))
    if tags.get('SONAME') != [soname]:
        fail('libpackeis-players SONAME is %s, expected %s' % (tags.get('SONAME'), soname))
    for link, target in ((soname, real[0]), ('libpackeis-players.so', soname)):
        if not os.path.islink(os.path.join(lib, link)) or \
                os.readlink(os.path.join(lib, link)) != target:
            fail('%s is not a link to %s' % (link, target))
    if not os.path.isfile(os.path.join(lib, 'pkgconfig', 'packeis-players.pc')):
        fail('pkg-config file not installed: pkgconfig/packeis-players.pc')
    return names


def check_files(destdir, prefix, includedir, libdir, version, soversion, source_root,
                build_root, readelf, default_library):
    inc = staged(destdir, includedir)
    lib = staged(destdir, libdir)

    # Headers: exactly the public ones, under include/packeis/.
    for header in ('packeis.h', 'version.h'):
        if not os.path.isfile(os.path.join(inc, 'packeis', header)):
            fail('header not installed: %s/packeis/%s' % (includedir, header))
    src_header = os.path.join(source_root, 'include', 'packeis', 'packeis.h')
    dst_header = os.path.join(inc, 'packeis', 'packeis.h')
    if os.path.isfile(dst_header) and not filecmp.cmp(src_header, dst_header, shallow=False):
        fail('installed packeis.h differs from include/packeis/packeis.h')
    version_h = os.path.join(inc, 'packeis', 'version.h')
    if os.path.isfile(version_h):
        with open(version_h) as f:
            text = f.read()
        if '@' in re.sub(r'/\*.*?\*/', '', text, flags=re.S):
            fail('installed version.h has unsubstituted @VARIABLES@')
        if '#define PACKEIS_VERSION_STRING "%s"' % version not in text:
            fail('installed version.h does not define PACKEIS_VERSION_STRING "%s"' % version)
    for root, _, files in os.walk(destdir):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), destdir)
            if name in ('internal.h', 'bits.h', 'kernel.h', 'rng.h', 'version.h.in'):
                fail('private file installed: /' + rel)
            if name.endswith('.h') and not os.path.join(root, name).startswith(
                    os.path.join(inc, 'packeis') + os.sep):
                fail('header installed outside %s/packeis/: /%s' % (includedir, rel))

    # The shared library: real file, SONAME link, development link.
    real = 'libpackeis.so.' + version
    so_major = 'libpackeis.so.' + soversion
    real_path = os.path.join(lib, real)
    expected = []
    if default_library != 'static':
        expected += ['libpackeis.so', so_major, real]
        if not os.path.isfile(real_path) or os.path.islink(real_path):
            fail('%s/%s is not installed as a regular file' % (libdir, real))
        for link, target in ((so_major, real), ('libpackeis.so', so_major)):
            path = os.path.join(lib, link)
            if not os.path.islink(path):
                fail('%s/%s is not a symlink' % (libdir, link))
            elif os.readlink(path) != target:
                fail('%s/%s points to %s, expected %s'
                     % (libdir, link, os.readlink(path), target))
    if default_library != 'shared':
        expected.append('libpackeis.a')
        if not os.path.isfile(os.path.join(lib, 'libpackeis.a')):
            fail('%s/libpackeis.a is not installed (default_library=%s)'
                 % (libdir, default_library))
    if default_library != 'static':
        expected += check_players(destdir, inc, lib, readelf)
        model = os.path.join(staged(destdir, prefix), 'share', 'packeis', 'az-default.pkaz')
        if not os.path.isfile(model):
            fail('the az player\'s default network is not installed: %s' % model)
    if os.path.isdir(lib):
        for name in sorted(os.listdir(lib)):
            if (name.endswith('.a') or name.startswith('libpackeis')) and name not in expected:
                fail('unexpected library installed: %s/%s' % (libdir, name))
    if os.path.isfile(real_path):
        tags = dynamic_section(readelf, real_path)
        if tags.get('SONAME') != [so_major]:
            fail('SONAME is %s, expected %s' % (tags.get('SONAME'), so_major))
        for tag in ('RPATH', 'RUNPATH'):
            if tag in tags:
                fail('installed library keeps a build-tree %s: %s' % (tag, tags[tag]))
        note('installed library NEEDED: %s' % ', '.join(tags.get('NEEDED', [])))

    # The pkg-config file.
    pc = os.path.join(lib, 'pkgconfig', 'packeis.pc')
    if not os.path.isfile(pc):
        fail('pkg-config file not installed: %s/pkgconfig/packeis.pc' % libdir)
    else:
        with open(pc) as f:
            text = f.read()
        note('--- packeis.pc ---\n' + text + '------------------')
        fields = dict(re.findall(r'^([A-Za-z.]+):\s*(.*)$', text, flags=re.M))
        variables = dict(re.findall(r'^(\w+)=(.*)$', text, flags=re.M))
        if variables.get('prefix') != prefix:
            fail('packeis.pc: prefix=%s, expected %s' % (variables.get('prefix'), prefix))
        if fields.get('Version') != version:
            fail('packeis.pc: Version %s, expected %s' % (fields.get('Version'), version))
        if '-lpackeis' not in fields.get('Libs', '').split():
            fail('packeis.pc: Libs lacks -lpackeis')
        # <packeis/packeis.h> is the documented spelling, so the include
        # path must be the include directory itself, not include/packeis.
        if '-I${includedir}' not in fields.get('Cflags', '').split():
            fail('packeis.pc: Cflags should be -I${includedir} (the header is '
                 '<packeis/packeis.h>), got %r' % fields.get('Cflags'))

    # No installed text file may mention the source or build tree.
    for root, _, files in os.walk(destdir):
        for name in files:
            path = os.path.join(root, name)
            if os.path.islink(path) or not name.endswith(('.h', '.pc')):
                continue
            with open(path, errors='replace') as f:
                text = f.read()
            for tree in (source_root, build_root):
                if tree in text:
                    fail('/%s mentions %s' % (os.path.relpath(path, destdir), tree))


#: The configuration whose installed files installed.txt lists: the README's
#: test command's (every optional part on, shared and static library).
MANIFEST_OPTIONS = {'default_library': 'both', 'python': 'enabled', 'swig': 'enabled',
                    'lua': 'enabled'}
#: Parts of an installed path that differ from machine to machine, and the
#: words installed.txt writes for them.
MANIFEST_WORDS = ((re.compile(r'^lib/python3\.\d+/(dist|site)-packages/'), '{python}/'),
                  (re.compile(r'\.cpython-[^/]*\.so$'), '{ext}'),
                  (re.compile(r'^lib/lua/5\.\d+/'), '{lua}/'))


def installed_names(destdir, prefix, libdir):
    """Every file and link installed, relative to the prefix, in the words of
    installed.txt ({libdir}, {python}, {ext}, {lua})."""
    top = staged(destdir, prefix)
    lib = os.path.relpath(staged(destdir, libdir), top)
    names = []
    for root, _, files in os.walk(top):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), top).replace(os.sep, '/')
            if rel.startswith(lib + '/'):
                rel = '{libdir}' + rel[len(lib):]
            for pattern, word in MANIFEST_WORDS:
                rel = pattern.sub(word, rel)
            names.append(rel)
    return sorted(names)


def check_manifest(destdir, prefix, libdir, options, manifest):
    """An install of the README's configuration holds exactly the files that
    `manifest` lists: moving the sources must not move what users get."""
    other = {k: options.get(k) for k, v in MANIFEST_OPTIONS.items() if options.get(k) != v}
    if other:
        note('installed files not compared with %s: the build is not the README\'s '
             'configuration (%s)' % (os.path.basename(manifest), other))
        return
    with open(manifest) as f:
        expected = sorted(line.strip() for line in f if line.strip() and not line.startswith('#'))
    found = installed_names(destdir, prefix, libdir)
    for name in sorted(set(expected) - set(found)):
        fail('not installed, though %s lists it: %s' % (os.path.basename(manifest), name))
    for name in sorted(set(found) - set(expected)):
        fail('installed, though %s does not list it: %s' % (os.path.basename(manifest), name))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--build-root', required=True)
    ap.add_argument('--source-root', required=True)
    ap.add_argument('--meson', action='append', default=[],
                    help='the meson command (repeat for each word)')
    ap.add_argument('--cc', action='append', default=[],
                    help='the C compiler command (repeat for each word)')
    ap.add_argument('--consumer', required=True, help='the C program to build')
    ap.add_argument('--version', required=True)
    ap.add_argument('--soversion', required=True)
    ap.add_argument('--sanitize', default='none',
                    help='the b_sanitize of the build: the consumer needs it too')
    ap.add_argument('--default-library', default='shared',
                    help='the default_library of the build: shared, static or both')
    ap.add_argument('--keep', action='store_true', help='keep the temporary directory')
    args = ap.parse_args()

    build_root = os.path.realpath(args.build_root)
    source_root = os.path.realpath(args.source_root)
    meson = args.meson or ([tool('meson')] if tool('meson') else [])
    cc = args.cc or ([tool(os.environ.get('CC', 'cc'))] if tool(os.environ.get('CC', 'cc')) else [])
    pkg_config = tool(os.environ.get('PKG_CONFIG', 'pkg-config'), 'pkgconf')
    readelf = tool(os.environ.get('READELF', 'readelf'), 'llvm-readelf', 'eu-readelf')
    for name, found in (('meson', meson), ('a C compiler', cc), ('pkg-config', pkg_config),
                        ('readelf', readelf)):
        if not found or not shutil.which(found[0] if isinstance(found, list) else found):
            print('SKIP: %s not found' % name)
            return SKIP
    if not sys.platform.startswith('linux'):
        print('SKIP: the install layout checked here is the ELF/Linux one')
        return SKIP

    options = build_options(build_root)
    prefix = options['prefix']
    includedir = os.path.join(prefix, options['includedir'])
    libdir = os.path.join(prefix, options['libdir'])

    tmp = tempfile.mkdtemp(prefix='packeis-install-')
    try:
        destdir = os.path.join(tmp, 'stage')
        out = run(meson + ['install', '-C', build_root, '--destdir', destdir,
                           '--no-rebuild', '--quiet'])
        if out.returncode != 0:
            print(out.stdout)
            fail('meson install failed (exit %d)' % out.returncode)
            return 1
        for root, _, files in os.walk(destdir):
            for name in sorted(files):
                note('installed: /' + os.path.relpath(os.path.join(root, name), destdir))

        check_files(destdir, prefix, includedir, libdir, args.version, args.soversion,
                    source_root, build_root, readelf, args.default_library)
        check_manifest(destdir, prefix, libdir, options,
                       os.path.join(os.path.dirname(os.path.abspath(__file__)), 'installed.txt'))

        # pkg-config, seeing only the staged install.
        pcdir = os.path.join(staged(destdir, libdir), 'pkgconfig')
        env = dict(os.environ)
        env.update({
            'PKG_CONFIG_PATH': pcdir,
            'PKG_CONFIG_LIBDIR': pcdir,
            'PKG_CONFIG_SYSROOT_DIR': destdir,
            # Keep -I/usr/include and -L/usr/lib were the prefix /usr.
            'PKG_CONFIG_ALLOW_SYSTEM_CFLAGS': '1',
            'PKG_CONFIG_ALLOW_SYSTEM_LIBS': '1',
        })
        env.pop('LD_LIBRARY_PATH', None)
        out = run([pkg_config, '--modversion', 'packeis'], env=env)
        if out.returncode != 0 or out.stdout.strip() != args.version:
            fail('pkg-config --modversion packeis gave %r (exit %d), expected %s'
                 % (out.stdout.strip(), out.returncode, args.version))
        out = run([pkg_config, '--static', '--libs', 'packeis'], env=env)
        if out.returncode != 0:
            fail('pkg-config --static --libs packeis failed:\n' + out.stdout)
        static_libs = out.stdout.split()
        out = run([pkg_config, '--cflags', '--libs', 'packeis'], env=env)
        if out.returncode != 0:
            fail('pkg-config --cflags --libs packeis failed:\n' + out.stdout)
            return 1
        flags = out.stdout.split()
        note('pkg-config flags: ' + ' '.join(flags))
        for flag in flags:
            if flag.startswith(('-I', '-L')) and (source_root in flag or build_root in flag):
                fail('pkg-config flag %s points into the source or build tree' % flag)

        # Build the consumer outside the tree, from pkg-config's flags only.
        work = os.path.join(tmp, 'consumer')
        os.mkdir(work)
        shutil.copy(args.consumer, os.path.join(work, 'consumer.c'))
        # A sanitized library needs the sanitizer runtime in the program.
        sanitize = [] if args.sanitize in ('', 'none') else ['-fsanitize=' + args.sanitize]
        so_major = 'libpackeis.so.' + args.soversion
        cflags = [f for f in flags if not f.startswith(('-L', '-l'))]
        builds = []
        if args.default_library != 'static':
            builds.append(('consumer', flags))
        if args.default_library != 'shared':
            # pkg-config --static, with -lpackeis spelt -l:libpackeis.a so
            # that the archive is taken where the .so is installed too.
            builds.append(('consumer-static', cflags + [
                '-l:libpackeis.a' if f == '-lpackeis' else f for f in static_libs]))
        for name, build_flags in builds:
            exe = os.path.join(work, name)
            out = run(cc + sanitize + ['-Wall', '-Wextra', '-Werror', 'consumer.c', '-o', exe]
                      + build_flags, cwd=work, env=env)
            if out.returncode != 0:
                print(out.stdout)
                fail('building %s against the staged install failed' % name)
                continue
            needed = dynamic_section(readelf, exe).get('NEEDED', [])
            if name == 'consumer' and so_major not in needed:
                fail('the consumer does not record NEEDED %s: %s' % (so_major, needed))
            if name == 'consumer-static' and any(n.startswith('libpackeis') for n in needed):
                fail('the static consumer still needs the shared library: %s' % needed)
            run_env = dict(env)
            run_env['LD_LIBRARY_PATH'] = staged(destdir, libdir)
            if name == 'consumer-static':
                run_env.pop('LD_LIBRARY_PATH')
            out = run([exe, args.version], cwd=work, env=run_env)
            print(out.stdout, end='')
            if out.returncode != 0:
                fail('%s failed (exit %d)' % (name, out.returncode))
    finally:
        if args.keep:
            print('kept ' + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    if failures:
        print('\n%d failure(s):\n  ' % len(failures) + '\n  '.join(failures), file=sys.stderr)
        return 1
    print('install: all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
