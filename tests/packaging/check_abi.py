#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that three lists of the exported ABI agree:

1. the functions declared with PACKEIS_API in include/packeis/packeis.h;
2. the global symbols of lib/libpackeis.map, with their version nodes;
3. the dynamic symbols the built libpackeis.so actually defines.

Nothing else may be exported (no pk_* internals, no kernel symbols), every
exported symbol must carry the version node the map gives it, the first node
is PACKEIS_<major>.0 (everything of 1.0.x is in PACKEIS_1.0), no node may be
newer than the project version, and the SONAME must be libpackeis.so.<major>.

Exit status: 0 pass, 1 fail, 77 skip (nm/readelf missing).
"""

import argparse
import re
import shutil
import subprocess
import sys

SKIP = 77
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg, file=sys.stderr)


def strip_c_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def header_functions(path):
    """Names of the functions declared with PACKEIS_API."""
    with open(path) as f:
        text = strip_c_comments(f.read())
    # Drop preprocessor lines (the PACKEIS_API definitions themselves).
    text = '\n'.join(l for l in text.splitlines() if not l.lstrip().startswith('#'))
    names = []
    for decl in re.finditer(r'\bPACKEIS_API\b([^;{]*?)\(', text, flags=re.S):
        m = re.search(r'(\w+)\s*$', decl.group(1))
        if not m:
            fail('cannot parse the declaration after PACKEIS_API: %r' % decl.group(0))
            continue
        names.append(m.group(1))
    # Every prototype-looking declaration of a packeis_ function must be
    # marked, or it would not be exported.
    for m in re.finditer(r'^[^\n]*\b(packeis_\w+)\s*\([^;]*\)\s*;', text, flags=re.M):
        if 'PACKEIS_API' not in m.group(0) and m.group(1) not in names:
            fail('%s is declared in the header without PACKEIS_API' % m.group(1))
    return names


def map_symbols(path):
    """{symbol: node} from the version script, plus the node order."""
    with open(path) as f:
        text = strip_c_comments(f.read())
    symbols, nodes = {}, []
    for node in re.finditer(r'([\w.]+)\s*\{(.*?)\}\s*([\w.]*)\s*;', text, flags=re.S):
        name, body = node.group(1), node.group(2)
        nodes.append(name)
        scope = None
        for item in re.split(r'[;\s]+', body):
            if not item:
                continue
            if item.endswith(':'):
                scope = item[:-1]
                continue
            if scope == 'local':
                if item != '*':
                    fail('%s: unexpected local pattern %r' % (path, item))
                continue
            if scope != 'global':
                fail('%s: symbol %r outside a global: section' % (path, item))
                continue
            if re.search(r'[*?\[]', item):
                fail('%s: wildcard %r exports more than the header declares' % (path, item))
            if item in symbols:
                fail('%s: %s listed twice (nodes %s and %s)' % (path, item, symbols[item], name))
            symbols[item] = name
    if not nodes:
        fail('%s: no version node found' % path)
    return symbols, nodes


def exported_symbols(lib, nm, readelf):
    """{symbol: (type, version, default)} of the defined dynamic symbols."""
    out = subprocess.run([nm, '-D', '--defined-only', '--with-symbol-versions', lib],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    if out.returncode != 0:
        # Older binutils: the versions are printed without the option.
        out = subprocess.run([nm, '-D', '--defined-only', lib], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, universal_newlines=True)
    if out.returncode != 0:
        fail('%s failed: %s' % (nm, out.stderr))
        return {}
    print('--- nm -D --defined-only ---\n' + out.stdout + '----------------------------')
    symbols = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        kind, name = parts[-2], parts[-1]
        version, default = None, False
        if '@@' in name:
            name, version = name.split('@@', 1)
            default = True
        elif '@' in name:
            name, version = name.split('@', 1)
        symbols[name] = (kind, version, default)
    # Cross-check the versions with readelf, which always shows them.
    if readelf:
        out = subprocess.run([readelf, '--dyn-syms', '-W', lib], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, universal_newlines=True)
        for line in out.stdout.splitlines():
            parts = line.split()
            if len(parts) < 8 or not parts[0].rstrip(':').isdigit() or parts[6] == 'UND':
                continue
            name = parts[7]
            version = None
            if '@' in name:
                name, version = re.split(r'@@?', name, maxsplit=1)
            if name in symbols and version and symbols[name][1] not in (None, version):
                fail('%s: nm says version %s, readelf says %s' % (name, symbols[name][1],
                                                                  version))
            if name in symbols and symbols[name][1] is None and version:
                symbols[name] = (symbols[name][0], version, '@@' in parts[7])
    return symbols


def soname(lib, readelf):
    out = subprocess.run([readelf, '-d', '-W', lib], stdout=subprocess.PIPE,
                         universal_newlines=True)
    m = re.search(r'\(SONAME\)\s+.*\[(.*)\]', out.stdout)
    return m.group(1) if m else None


def node_version(node):
    m = re.match(r'PACKEIS_(\d+)\.(\d+)$', node)
    return (int(m.group(1)), int(m.group(2))) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--header', required=True)
    ap.add_argument('--map', required=True)
    ap.add_argument('--library', required=True)
    ap.add_argument('--version', required=True, help='the project version')
    args = ap.parse_args()

    nm = shutil.which('nm') or shutil.which('llvm-nm')
    readelf = shutil.which('readelf') or shutil.which('llvm-readelf')
    if not nm or not readelf:
        print('SKIP: nm and readelf are needed')
        return SKIP

    major, minor = (int(x) for x in args.version.split('.')[:2])

    declared = header_functions(args.header)
    mapped, nodes = map_symbols(args.map)
    exported = exported_symbols(args.library, nm, readelf)
    print('header: %d functions, map: %d symbols in %s, library: %d defined dynamic symbols'
          % (len(declared), len(mapped), ', '.join(nodes), len(exported)))

    for name in sorted(set(declared)):
        if declared.count(name) > 1:
            fail('%s declared %d times with PACKEIS_API' % (name, declared.count(name)))
    declared = set(declared)

    for name in sorted(declared - set(mapped)):
        fail('%s: declared in the header but missing from the map' % name)
    for name in sorted(set(mapped) - declared):
        fail('%s: in the map but not declared in the header' % name)
    for name in sorted(declared | set(mapped)):
        if not name.startswith('packeis_'):
            fail('%s: public symbols must start with packeis_' % name)

    # Nodes: PACKEIS_<major>.<minor>, oldest first, none newer than us.
    previous = None
    for node in nodes:
        v = node_version(node)
        if v is None:
            fail('version node %s is not named PACKEIS_<major>.<minor>' % node)
            continue
        if v[0] != major:
            fail('version node %s belongs to another major version than %s'
                 % (node, args.version))
        if v > (major, minor):
            fail('version node %s is newer than the project version %s' % (node, args.version))
        if previous is not None and v <= previous:
            fail('version node %s is not newer than the node before it' % node)
        previous = v
    first = 'PACKEIS_%d.0' % major
    if nodes and nodes[0] != first:
        fail('the first version node is %s, expected %s' % (nodes[0], first))
    if minor == 0:
        for name, node in sorted(mapped.items()):
            if node != first:
                fail('%s: in node %s, but %d.0 symbols belong to %s' % (name, node, major, first))

    for name, (kind, version, default) in sorted(exported.items()):
        if name in nodes:
            # The version definition itself (an absolute 'A' symbol).
            continue
        if name not in mapped:
            fail('%s (%s): exported but not in the map%s' % (
                name, kind, ' (an internal pk_ symbol leaks)' if name.startswith('pk_') else ''))
            continue
        if kind not in ('T', 'i'):
            fail('%s: exported as %s, expected a function (T)' % (name, kind))
        if version != mapped[name]:
            fail('%s: exported with version %s, the map says %s' % (name, version, mapped[name]))
        elif not default:
            fail('%s@%s: not the default version (@@)' % (name, version))
    for name in sorted(set(mapped) - set(exported)):
        fail('%s: in the map but not exported by the library' % name)
    for node in nodes:
        if node not in exported:
            fail('the library does not define the version node %s' % node)

    so = soname(args.library, readelf)
    if so != 'libpackeis.so.%d' % major:
        fail('SONAME is %s, expected libpackeis.so.%d' % (so, major))

    if failures:
        print('\n%d failure(s):\n  ' % len(failures) + '\n  '.join(failures), file=sys.stderr)
        return 1
    print('abi: header, map and library agree on %d symbols' % len(declared))
    return 0


if __name__ == '__main__':
    sys.exit(main())
