# SPDX-License-Identifier: MIT
"""What the cluster tests share: the programs of the build (from the
environment meson gives the tests), a known perft, and a watchdog that
turns a hang or meson's SIGTERM into an exception, so that the tests'
finally blocks and tearDown stop every process they started."""
import os
import signal
import subprocess

ENGINE = os.environ.get("PACKEIS_ENGINE", "packeis-engine")
TOURNAMENT = os.environ.get("PACKEIS_TOURNAMENT", "packeis-tournament")
CONFORMANCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                           "tests", "data", "conformance.txt")


def conformance_case(number):
    """Line ``number`` (from 0) of the conformance cases: (position, depth,
    perft), as tests/data/conformance.txt says to split it."""
    with open(CONFORMANCE) as file:
        cases = [line.rstrip("\n") for line in file if line.strip() and not line.startswith("#")]
    position, depth, count, _hash = cases[number].rsplit(" ", 3)
    return position, int(depth), int(count)


def referee(*args):
    """packeis-tournament's standard output (it must succeed)."""
    done = subprocess.run([TOURNAMENT, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


class Watchdog(Exception):
    pass


def arm_watchdog(seconds):
    """SIGALRM after ``seconds`` and SIGTERM raise Watchdog in the main
    thread (cleanup runs); returns a function that disarms it."""
    def expire(signum, frame):
        raise Watchdog(f"signal {signum}: the test took too long or was stopped")

    signal.signal(signal.SIGALRM, expire)
    signal.signal(signal.SIGTERM, expire)
    signal.alarm(seconds)
    return lambda: signal.alarm(0)
