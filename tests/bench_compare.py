#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare two builds of libpackeis (or two kernels of one) back to back.

    tests/bench_compare.py BASE_BUILD NEW_BUILD [--rows a,b] [--slices N]
                           [--slice SECONDS] [--kernel generic] [--markdown]
    tests/bench_compare.py --kernels BUILD ...   default kernel against generic
    tests/bench_compare.py --kernels --base-kernel bmi2 BUILD ...
                                                 default kernel against BMI2
    tests/bench_compare.py --programs BASE_PROGRAM NEW_PROGRAM ...

Each build directory is a meson build of libpackeis (any release from 1.0.0
on: its lib/libpackeis.so and include/packeis/version.h). The benchmark
program of this tree, tests/benchmark.c, is compiled once per build and
linked against that build's library only, so both sides run the same
measuring code. Both programs stay running (--serve) and measure slices of
one row in turn, alternating which goes first, so that both see the same
machine: on a shared machine whose speed changes from second to second only
such back-to-back ratios hold. For each row the script prints both medians,
the median of the per-pair ratios NEW / BASE (above 1: NEW is faster) and
the range of those ratios. --programs takes two benchmark programs already
built (a build's tests/packeis-benchmark: the same source only if both
builds are of this tree) instead of compiling one per build.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)


def compile_benchmark(build, output):
    """tests/benchmark.c and its helpers, linked against `build`'s library."""
    build = os.path.abspath(build)
    libdir = os.path.join(build, 'lib')
    if not os.path.exists(os.path.join(libdir, 'libpackeis.so')):
        sys.exit(f'bench_compare: no lib/libpackeis.so in {build}')
    compiler = os.environ.get('CC', 'cc')
    common = os.path.join(HERE, 'common')
    command = [compiler, '-std=c11', '-O2', '-I', os.path.join(build, 'include'),
               '-I', os.path.join(SOURCE, 'include'), '-I', common,
               os.path.join(HERE, 'benchmark.c'), os.path.join(common, 'builders.c'),
               os.path.join(common, 'splitmix.c'), '-o', output, '-L', libdir,
               '-Wl,-rpath,' + libdir, '-lpackeis']
    subprocess.run(command, check=True)


class Side:
    """One benchmark program in --serve mode."""

    def __init__(self, name, program, kernel, slice_seconds):
        env = dict(os.environ)
        env.pop('PACKEIS_KERNEL', None)
        if kernel:
            env['PACKEIS_KERNEL'] = kernel
        self.name = name
        self.process = subprocess.Popen([program, '--serve', '--slice', str(slice_seconds)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env)

    def measure(self, row):
        self.process.stdin.write(row + '\n')
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        try:
            return float(answer)
        except ValueError:
            sys.exit(f'bench_compare: {self.name}: {answer or "no answer"}')

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def common_rows(new_rows, base_rows):
    """The rows of `new_rows` (in their order) that `base_rows` has too, and
    the names of those it lacks: a release's benchmark program has no rows
    for the calls added after it."""
    base_names = {row[0] for row in base_rows}
    kept = [row for row in new_rows if row[0] in base_names]
    return kept, [row[0] for row in new_rows if row[0] not in base_names]


def list_rows(program):
    out = subprocess.run([program, '--rows'], check=True, capture_output=True, text=True)
    rows = []
    for line in out.stdout.splitlines():
        name, kind, label = line.split('\t')
        rows.append((name, kind == 'per-unit', label.strip()))
    return rows


def compare_row(base, new, row, slices):
    """Rates of both sides and the per-pair ratios new / base."""
    base.measure(row)  # warm-up: data made, slice sized, caches filled
    new.measure(row)
    base_rates, new_rates, ratios = [], [], []
    for i in range(slices):
        if i % 2 == 0:
            b, n = base.measure(row), new.measure(row)
        else:
            n, b = new.measure(row), base.measure(row)
        base_rates.append(b)
        new_rates.append(n)
        ratios.append(n / b)
    return base_rates, new_rates, ratios


def shown(rate, per_unit):
    if per_unit:
        return f'{1e9 / rate:.0f} ns'
    for limit, suffix in ((1e9, ' G'), (1e6, ' M')):
        if rate >= limit:
            return f'{rate / limit:.2f}{suffix}'
    return f'{rate:,.0f}'


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('builds', nargs='*', help='BASE_BUILD NEW_BUILD, or BUILD with --kernels')
    parser.add_argument('--programs', nargs=2, metavar=('BASE', 'NEW'),
                        help='two benchmark programs to run, instead of builds to compile for')
    parser.add_argument('--kernels', action='store_true',
                        help='one build: its default kernel (NEW) against another (BASE)')
    parser.add_argument('--base-kernel', default='generic', choices=('generic', 'bmi2'),
                        help='with --kernels, the PACKEIS_KERNEL of BASE: generic (the '
                             'default) or bmi2')
    parser.add_argument('--kernel', help='PACKEIS_KERNEL for both sides (e.g. generic)')
    parser.add_argument('--rows', help='comma-separated row names (default: all)')
    parser.add_argument('--slices', type=int, default=9, help='pairs of slices per row')
    parser.add_argument('--slice', type=float, default=0.1, help='seconds per slice')
    parser.add_argument('--markdown', action='store_true', help='print a markdown table')
    args = parser.parse_args()
    if args.programs:
        if args.builds or args.kernels:
            parser.error('--programs takes the place of the builds (and of --kernels)')
    elif len(args.builds) != (1 if args.kernels else 2):
        parser.error('two builds, or one with --kernels')
    if args.slices < 1:
        parser.error('--slices takes 1 or more')
    if args.base_kernel != 'generic' and not args.kernels:
        parser.error('--base-kernel goes with --kernels')

    work = tempfile.mkdtemp(prefix='bench_compare.')
    try:
        programs = list(args.programs or [])
        for i, build in enumerate(args.builds):
            program = os.path.join(work, f'benchmark{i}')
            compile_benchmark(build, program)
            programs.append(program)
        names = args.programs or args.builds
        if args.kernels:
            base = Side(f'{args.base_kernel} kernel', programs[0], args.base_kernel, args.slice)
            new = Side('default kernel', programs[0], None, args.slice)
            names = (args.base_kernel, 'default')
        else:
            base = Side(names[0], programs[0], args.kernel, args.slice)
            new = Side(names[1], programs[1], args.kernel, args.slice)
        rows, left_out = common_rows(list_rows(programs[-1]), list_rows(programs[0]))
        if args.rows:
            wanted = args.rows.split(',')
            unknown = [w for w in wanted if w not in [r[0] for r in rows]]
            if unknown:
                parser.error('no row ' + ', '.join(unknown))
            rows = [r for r in rows if r[0] in wanted]
        print(f'NEW = {names[1]}, BASE = {names[0]}; {args.slices} pairs of '
              f'{args.slice} s slices per row, alternating; ratio NEW / BASE '
              '(higher: NEW faster), median [min - max]')
        if left_out and not args.rows:
            print('left out, not in ' + names[0] + ': ' + ', '.join(left_out))
        if args.markdown:
            print(f'| measure | {names[0]} | {names[1]} | ratio | range |')
            print('|---|---|---|---|---|')
        for name, per_unit, label in rows:
            base_rates, new_rates, ratios = compare_row(base, new, name, args.slices)
            b, n = statistics.median(base_rates), statistics.median(new_rates)
            ratio = statistics.median(ratios)
            if args.markdown:
                print(f'| {label.strip()} | {shown(b, per_unit)} | {shown(n, per_unit)} | '
                      f'{ratio:.2f}x | {min(ratios):.2f} - {max(ratios):.2f} |')
            else:
                print(f'{name:12} {shown(b, per_unit):>12} {shown(n, per_unit):>12}  '
                      f'{ratio:5.2f}x  [{min(ratios):.2f} - {max(ratios):.2f}]')
            sys.stdout.flush()
        base.close()
        new.close()
    finally:
        shutil.rmtree(work)


if __name__ == '__main__':
    main()
