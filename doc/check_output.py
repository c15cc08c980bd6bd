#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs a program and compares what it prints with a file, so that the output
shown in the documentation stays the output of the code shown beside it.

Usage: check_output.py PROGRAM EXPECTED_OUTPUT [PAGE.md]

With a page, every line of its fenced blocks must also be a line of the
output, except "..." and shell commands (lines starting with "cc ")."""
import difflib
import subprocess
import sys


def page_lines(page_path):
    """The lines of a Markdown page's fenced blocks."""
    lines, fenced = [], False
    with open(page_path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("```"):
                fenced = not fenced
            elif fenced and line != "..." and not line.startswith("cc "):
                lines.append(line)
    return lines


def main(program, expected_path, page_path=None):
    run = subprocess.run([program], stdout=subprocess.PIPE, check=False)
    if run.returncode != 0:
        print(f"{program} exited with status {run.returncode}")
        return 1
    actual = run.stdout.decode("utf-8").replace("\r\n", "\n")
    with open(expected_path, encoding="utf-8") as handle:
        expected = handle.read()
    if actual == expected:
        printed = set(actual.splitlines())
        missing = [line for line in page_lines(page_path) if line not in printed] \
            if page_path else []
        for line in missing:
            print(f"{page_path}: not printed by the program: {line!r}")
        return 1 if missing else 0
    sys.stdout.writelines(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        expected_path, "actual output"))
    return 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
