#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A lying worker's packeis-tournament, for test_cluster_dask.py: run as
``forging_tournament.py PROGRAM ARGS...``, it runs PROGRAM ARGS; but when
it plays a slice of games (``--games A-B``) under a Dask worker (a process
above it has "worker" in its command line), it rewrites each game's line
as a forfeit of the first seat to act by timeout, the record cut back to
that seat's first turn, fish 0 and the forfeiter last: a line the merge's
replay accepts, as no record can show a timeout. On the client (playing a
forfeit again) it plays honestly."""
import os
import subprocess
import sys

import packeis


def unescape(text):
    return text.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def forged(line):
    fields = line.split("\t")
    seats = int(fields[7])
    forfeiter = 0  # the first to place, at ply 0
    with packeis.Game.from_record(unescape(fields[11])) as game:
        game.undo_to(forfeiter)
        record = game.save_record()
    ranks = ["1"] * seats
    ranks[forfeiter] = "2"
    fields[1], fields[4], fields[5], fields[6] = "0", "timeout", str(forfeiter), "forged"
    fields[9], fields[10], fields[11] = ",".join(["0"] * seats), ",".join(ranks), escape(record)
    return "\t".join(fields)


def under_a_worker():
    """Whether a process above this one has "worker" in its command line."""
    pid = os.getppid()
    while pid > 1:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                if b"worker" in file.read():
                    return True
            with open(f"/proc/{pid}/stat") as file:
                pid = int(file.read().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            return False
    return False


def main():
    program, arguments = sys.argv[1], sys.argv[2:]
    done = subprocess.run([program, *arguments])
    if done.returncode or "--games" not in arguments:
        return done.returncode
    if not under_a_worker():
        return 0
    path = arguments[arguments.index("--results") + 1]
    with open(path) as file:
        lines = file.read().splitlines()
    with open(path, "w") as file:
        file.writelines(line + "\n" for line in lines[:2] + [forged(l) for l in lines[2:]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
