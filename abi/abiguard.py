#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The ABI guard of libpackeis (abigail-tools: abidw, abidiff).

  abiguard.py dump   --library SO --headers-dir DIR --output abi/libpackeis.abi
  abiguard.py check  --library SO --headers-dir DIR --baseline abi/libpackeis.abi
  abiguard.py mutants --build-root B --source-root S --baseline abi/libpackeis.abi

dump    writes the ABI of the built library (its DWARF, restricted to the
        types of the public headers) as the committed baseline.
check   compares the built library with the baseline. Policy (see the
        versioning policy in meson.build): additions of functions or
        variables are compatible and pass (with a note: regenerate the
        baseline when releasing them); anything else fails, i.e. abidiff's
        ABIDIFF_ABI_INCOMPATIBLE_CHANGE bit (8: removed symbols, ...), any
        changed function or variable (ABIDIFF_ABI_CHANGE, bit 4, which
        abidiff also uses for changed parameter/return/struct types it
        cannot prove incompatible), a changed SONAME, or an abidiff error.
mutants proves the guard works: rebuilds the library from a copy of the
        sources with the build's own compile commands (compile_commands.json)
        plus -g, (1) with a changed function signature and (2) with a symbol
        removed, and asserts check fails on both (and abidiff sets bit 8 for
        the removal); (3) with one function added, and asserts check passes.
        Independent of which functions exist: it mutates the first suitable
        one it finds in the header and the map.

The library needs DWARF (-g): the default build is -O3 -g; in a build without
debug information (-Ddebug=false) check exits 77 (skip); mutants compiles its
copies with -g itself, so it runs in any build.
Exit status: 0 pass, 1 fail, 2 usage, 77 skip.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
ABIDIFF_ERROR, ABIDIFF_USAGE_ERROR, ABIDIFF_ABI_CHANGE, ABIDIFF_ABI_INCOMPATIBLE_CHANGE = 1, 2, 4, 8
ABIDW_OPTIONS = ['--no-corpus-path', '--no-comp-dir-path', '--no-show-locs',
                 '--drop-undefined-syms']


def run(cmd, **kw):
    print('+ ' + ' '.join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def tools():
    abidw, abidiff = shutil.which('abidw'), shutil.which('abidiff')
    if not abidw or not abidiff:
        print('SKIP: abidw/abidiff not found (Debian: apt-get install abigail-tools)')
        sys.exit(SKIP)
    return abidw, abidiff


def has_dwarf(library):
    readelf = shutil.which('readelf') or shutil.which('llvm-readelf')
    if not readelf:
        return True  # let abidw tell
    out = subprocess.run([readelf, '-S', '-W', library], stdout=subprocess.PIPE,
                         universal_newlines=True)
    return '.debug_info' in out.stdout


def dump(abidw, library, headers_dir, output):
    if not has_dwarf(library):
        print('error: %s has no debug information; configure the build with -Ddebug=true '
              '(the default)' % library, file=sys.stderr)
        return 1
    out = run([abidw, '--headers-dir', headers_dir] + ABIDW_OPTIONS + ['--out-file', output,
                                                                       library])
    print(out.stdout, end='')
    if out.returncode != 0:
        return 1
    # The translation units are named as the compiler saw them, relative to
    # the build directory: keep only the part from lib/ or include/ on, so
    # that the baseline does not depend on where the build was.
    with open(output) as f:
        text = f.read()
    text = re.sub(r"path='[^']*?/((?:lib|include)/[^'/]+)'", r"path='\1'", text)
    with open(output, 'w') as f:
        f.write(text)
    return 0


def verdict(abidiff, baseline, library, headers_dir):
    """(ok, status, report) of the library against the baseline."""
    out = run([abidiff, '--headers-dir2', headers_dir, '--no-show-locs', baseline, library])
    report, status = out.stdout, out.returncode
    print(report, end='')
    problems = []
    if status & (ABIDIFF_ERROR | ABIDIFF_USAGE_ERROR):
        problems.append('abidiff failed (exit %d)' % status)
    if status & ABIDIFF_ABI_INCOMPATIBLE_CHANGE:
        problems.append('abidiff reports an incompatible ABI change (bit 8)')
    if status & ABIDIFF_ABI_CHANGE:
        for line in report.splitlines():
            m = re.match(r'\s*(Functions|Variables|Function symbols|Variable symbols) changes '
                         r'summary:(.*)$', line)
            if not m:
                continue
            removed = re.search(r'(\d+) Removed', m.group(2))
            changed = re.search(r'(\d+) Changed(?: \((\d+) filtered out\))?', m.group(2))
            if removed and int(removed.group(1)):
                problems.append('%s removed: %s' % (m.group(1).lower(), removed.group(1)))
            # "N Changed (M filtered out)": N counts the changes left after
            # abidiff's filters, the M harmless ones are not among them.
            if changed and int(changed.group(1)) > 0:
                problems.append('%s changed: %s' % (m.group(1).lower(), changed.group(1)))
        if re.search(r'SONAME changed', report):
            problems.append('the SONAME changed')
        if not problems and not re.search(r'[1-9]\d* Added', report):
            problems.append('abidiff reports an ABI change (bit 4) that is not an addition')
    return not problems, status, problems


def check(abidiff, library, headers_dir, baseline):
    if not has_dwarf(library):
        print('SKIP: %s has no debug information (the build has -Ddebug=false); the ABI '
              'guard needs DWARF' % library)
        return SKIP
    ok, status, problems = verdict(abidiff, baseline, library, headers_dir)
    if not ok:
        for p in problems:
            print('FAIL: ' + p, file=sys.stderr)
        print('If the change is intended, it is an incompatible one: see the versioning '
              'policy in meson.build (a new major version), then regenerate the baseline '
              'with abi/update-baseline <builddir>.', file=sys.stderr)
        return 1
    if status & ABIDIFF_ABI_CHANGE:
        print('note: additions only (compatible); when releasing them, put them in a new '
              'version node of lib/libpackeis.map and run abi/update-baseline <builddir>')
    print('abi: compatible with %s' % baseline)
    return 0


# -- mutants ------------------------------------------------------------------

def library_commands(build_root, source_root):
    """The compile commands of the library's own sources (lib/*.c)."""
    with open(os.path.join(build_root, 'compile_commands.json')) as f:
        entries = json.load(f)
    lib_dir = os.path.join(source_root, 'lib') + os.sep
    result = []
    for e in entries:
        path = os.path.realpath(os.path.join(e['directory'], e['file']))
        if path.startswith(lib_dir) and e['output'].startswith('lib' + os.sep):
            result.append((path, shlex.split(e['command']), e['directory']))
    return result


def strip_args(args):
    """Compiler words and flags without outputs, depfiles and sanitizers."""
    out, skip = [], False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a in ('-o', '-c', '-MQ', '-MF', '-MT'):
            skip = True
            continue
        if a in ('-MD', '-MMD') or a.startswith(('-fsanitize', '-fno-sanitize',
                                                  '-fdiagnostics-color')):
            continue
        out.append(a)
    first_flag = next(i for i, a in enumerate(out) if a.startswith('-'))
    return out[:first_flag], out[first_flag:]


def compile_object(compiler, flags, tree, src, obj, directory):
    """Compiles one source of the mutant copy with debug information; False
    (after printing the compiler's words) if it fails."""
    out = run(compiler + ['-I' + os.path.join(tree, 'include')] + flags +
              ['-g', '-c', src, '-o', obj], cwd=directory)
    if out.returncode != 0:
        print(out.stdout)
    return out.returncode == 0


def build_copy(commands, source_root, tree, map_text, soname, extra_sources=()):
    """Compile the sources of tree/lib (a copy) as the build does, plus -g,
    with tree/include first on the include path; link with map_text."""
    objs = []
    compiler = flags = directory = None
    for index, (path, args, directory) in enumerate(commands):
        compiler, flags = strip_args(args)
        src = os.path.join(tree, os.path.relpath(path, source_root))
        # numbered: one source may be compiled twice (lib/rules/kernel.c)
        obj = os.path.join(tree, 'obj', '%02d-%s.o' % (index, os.path.basename(src)))
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        if not compile_object(compiler, flags, tree, src, obj, directory):
            return None
        objs.append(obj)
    for src in extra_sources:
        obj = src + '.o'
        if not compile_object(compiler, flags, tree, src, obj, directory):
            return None
        objs.append(obj)
    map_path = os.path.join(tree, 'mutant.map')
    with open(map_path, 'w') as f:
        f.write(map_text)
    library = os.path.join(tree, soname)
    out = run(compiler + ['-shared', '-g', '-o', library] + objs +
              ['-Wl,--version-script=' + map_path, '-Wl,-soname,' + soname])
    if out.returncode != 0:
        print(out.stdout)
        return None
    return library


def copy_tree(source_root, tree):
    shutil.copytree(os.path.join(source_root, 'lib'), os.path.join(tree, 'lib'))
    shutil.copytree(os.path.join(source_root, 'include', 'packeis'),
                    os.path.join(tree, 'include', 'packeis'))


def change_signature(tree):
    """Change the return type of an int function from int to long long in
    the copied header and the source defining it; its name or None."""
    header = os.path.join(tree, 'include', 'packeis', 'packeis.h')
    with open(header) as f:
        text = f.read()
    names = re.findall(r'PACKEIS_API\s+int\s+(packeis_\w+)\s*\(', text)
    names.sort(key=lambda n: n != 'packeis_version')  # the one surely there, first
    lib = os.path.join(tree, 'lib')
    sources = sorted(os.path.join(folder, c) for folder, _, files in os.walk(lib)
                     for c in files if c.endswith('.c'))
    for name in names:
        for path in sources:
            with open(path) as f:
                src = f.read()
            definition = re.compile(r'^int(\s+%s\s*\()' % name, re.M)
            if definition.search(src):
                with open(path, 'w') as f:
                    f.write(definition.sub(r'long long\1', src, count=1))
                with open(header, 'w') as f:
                    f.write(re.sub(r'PACKEIS_API\s+int(\s+%s\s*\()' % name,
                                   r'PACKEIS_API long long\1', text, count=1))
                return name
    return None


def mutants(abidw, abidiff, args):
    build_root = os.path.realpath(args.build_root)
    source_root = os.path.realpath(args.source_root)
    headers = os.path.join(source_root, 'include', 'packeis')
    if not os.path.isfile(os.path.join(build_root, 'compile_commands.json')):
        print('SKIP: no compile_commands.json in the build')
        return SKIP
    commands = library_commands(build_root, source_root)
    if not commands:
        print('FAIL: no compile command for lib/*.c in compile_commands.json', file=sys.stderr)
        return 1
    with open(os.path.join(source_root, 'lib', 'libpackeis.map')) as f:
        map_text = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
    soname = 'libpackeis.so.' + args.version.split('.')[0]
    failures = []
    tmp = tempfile.mkdtemp(prefix='packeis-abi-mutants-')
    try:
        # 1. a changed signature
        tree = os.path.join(tmp, 'signature')
        copy_tree(source_root, tree)
        name = change_signature(tree)
        if name is None:
            failures.append('signature: no "PACKEIS_API int packeis_...(" function to change')
        else:
            print('=== mutant 1: %s returns long long instead of int' % name, flush=True)
            lib = build_copy(commands, source_root, tree, map_text, soname)
            if lib is None:
                failures.append('signature: the mutant did not build')
            else:
                ok, status, problems = verdict(abidiff, args.baseline, lib,
                                               os.path.join(tree, 'include', 'packeis'))
                print('abidiff exit %d; guard: %s' % (status, problems or 'PASS'))
                if ok or not status:
                    failures.append('signature: the guard accepted %s with a changed return '
                                    'type' % name)

        # 2. a removed symbol: the first one of the map, left out of it
        m = re.search(r'global:\s*(packeis_\w+)\s*;', map_text)
        if not m:
            failures.append('removal: no global symbol found in lib/libpackeis.map')
        else:
            removed = m.group(1)
            print('=== mutant 2: %s no longer exported' % removed, flush=True)
            tree = os.path.join(tmp, 'removal')
            copy_tree(source_root, tree)
            lib = build_copy(commands, source_root, tree,
                             re.sub(r'\b%s\s*;' % removed, '', map_text, count=1), soname)
            if lib is None:
                failures.append('removal: the mutant did not build')
            else:
                ok, status, problems = verdict(abidiff, args.baseline, lib, headers)
                print('abidiff exit %d; guard: %s' % (status, problems or 'PASS'))
                if ok or not status & ABIDIFF_ABI_INCOMPATIBLE_CHANGE:
                    failures.append('removal: abidiff exit %d, expected the incompatible '
                                    'bit 8 and a failing guard' % status)

        # 3. an added function passes (against the unmutated copy, built the
        # same way, so that only the addition differs)
        print('=== mutant 3: one function added', flush=True)
        tree = os.path.join(tmp, 'control')
        copy_tree(source_root, tree)
        control = build_copy(commands, source_root, tree, map_text, soname)
        tree = os.path.join(tmp, 'addition')
        copy_tree(source_root, tree)
        header = os.path.join(tree, 'include', 'packeis', 'packeis.h')
        with open(header) as f:
            text = f.read()
        probe = 'PACKEIS_API int packeis_abi_guard_probe(int value);\n'
        # Declare it before the last #endif (the include guard).
        at = text.rfind('#endif')
        text = text[:at] + probe + text[at:]
        with open(header, 'w') as f:
            f.write(text)
        extra = os.path.join(tree, 'lib', 'abi_guard_probe.c')
        with open(extra, 'w') as f:
            f.write('#include <packeis/packeis.h>\n'
                    'int packeis_abi_guard_probe(int value) { return value + 1; }\n')
        added_map = re.sub(r'global:', 'global:\n    packeis_abi_guard_probe;', map_text, count=1)
        lib = build_copy(commands, source_root, tree, added_map, soname, [extra])
        if control is None or lib is None:
            failures.append('addition: the control or the mutant did not build')
        else:
            control_abi = os.path.join(tmp, 'control.abi')
            if dump(abidw, control, headers, control_abi) != 0:
                failures.append('addition: abidw failed on the control build')
            else:
                ok, status, problems = verdict(abidiff, control_abi, lib,
                                               os.path.join(tree, 'include', 'packeis'))
                print('abidiff exit %d; guard: %s' % (status, problems or 'PASS'))
                if not ok or not status & ABIDIFF_ABI_CHANGE:
                    failures.append('addition: the guard refused an added function (abidiff '
                                    'exit %d: %s)' % (status, problems))
    finally:
        if args.keep:
            print('kept ' + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print('FAIL: ' + f, file=sys.stderr)
    if failures:
        return 1
    print('abi-guard: a changed signature and a removal fail, an addition passes')
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='command', required=True)
    d = sub.add_parser('dump')
    d.add_argument('--library', required=True)
    d.add_argument('--headers-dir', required=True)
    d.add_argument('--output', required=True)
    c = sub.add_parser('check')
    c.add_argument('--library', required=True)
    c.add_argument('--headers-dir', required=True)
    c.add_argument('--baseline', required=True)
    m = sub.add_parser('mutants')
    m.add_argument('--build-root', required=True)
    m.add_argument('--source-root', required=True)
    m.add_argument('--baseline', required=True)
    m.add_argument('--version', required=True)
    m.add_argument('--keep', action='store_true')
    args = ap.parse_args()
    abidw, abidiff = tools()
    if args.command == 'dump':
        return dump(abidw, args.library, args.headers_dir, args.output)
    if args.command == 'check':
        return check(abidiff, args.library, args.headers_dir, args.baseline)
    if not os.path.isfile(args.baseline):
        print('FAIL: no baseline %s' % args.baseline, file=sys.stderr)
        return 1
    return mutants(abidw, abidiff, args)


if __name__ == '__main__':
    sys.exit(main())
