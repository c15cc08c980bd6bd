#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Stage `meson install --destdir` of this build and import the bindings
from there, as README.md says to use an install under a prefix.

1. The install puts each module where the interpreters look for it under
   the prefix: for /usr and /usr/local, a directory on the sys.path of the
   build's python3 (Debian's: lib/python3/dist-packages for /usr,
   lib/python3.X/dist-packages for /usr/local) and on lua's package.cpath
   (lib/lua/5.4/?.so); for another prefix, <prefix>/lib/python3/dist-packages
   as README.md says.
2. With PYTHONPATH, LUA_CPATH and LD_LIBRARY_PATH pointing into the staged
   prefix (and no PACKEIS_LIBRARY), a child interpreter imports each module
   and plays a game with it, and the files it loaded (the module, the
   library in /proc/self/maps) are the staged ones: the ctypes package
   `packeis`, the SWIG module `packeis_swig` (both its files), the Lua
   module `packeis`.

Exit status: 0 pass, 1 fail.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


def staged(destdir, path):
    return os.path.join(destdir, os.path.splitdrive(path)[1].lstrip(os.sep))


def run(cmd, env=None):
    print("+ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=300)


def installed_paths(build_root):
    """Build-tree file -> absolute install path, from meson's introspection."""
    with open(os.path.join(build_root, "meson-info", "intro-installed.json")) as f:
        return json.load(f)


def find(installed, suffix):
    hits = [dest for source, dest in installed.items() if source.endswith(suffix)]
    return hits[0] if hits else None


PYTHON_CTYPES = r"""
import os, sys
import packeis
root = sys.argv[1]
assert packeis.__file__.startswith(root), packeis.__file__
game = packeis.Game(seed=3)
while not game.is_over:
    game.apply(game.legal_moves()[0])
with open("/proc/self/maps") as maps:
    libs = {line.split()[-1] for line in maps if "libpackeis.so" in line}
assert libs and all(lib.startswith(root) for lib in libs), libs
print("ctypes", packeis.__version__, game.ply_count, "plies from", os.path.dirname(packeis.__file__))
"""

PYTHON_SWIG = r"""
import sys
import packeis_swig as ps, _packeis_swig
root = sys.argv[1]
assert ps.__file__.startswith(root) and _packeis_swig.__file__.startswith(root), (
    ps.__file__, _packeis_swig.__file__)
game = ps.packeis_game_new(ps.packeis_options_new(None))
ps.packeis_game_playout(game, 1)
assert ps.packeis_game_phase(game) == ps.PACKEIS_PHASE_OVER
try:
    ps.packeis_game_apply(game, 0)
    raise SystemExit("an illegal move was accepted")
except ps.GameOverError:
    pass
with open("/proc/self/maps") as maps:
    libs = {line.split()[-1] for line in maps if "libpackeis.so" in line}
assert libs and all(lib.startswith(root) for lib in libs), libs
print("swig", ps.packeis_version_string(), "from", _packeis_swig.__file__)
"""

LUA = r"""
local root = arg[1]
local packeis = require("packeis")
local where = package.searchpath("packeis", package.cpath)
assert(where and where:sub(1, #root) == root, "loaded from " .. tostring(where))
local game = packeis.packeis_game_new(packeis.packeis_options_new(nil))
packeis.packeis_game_playout(game, 1)
assert(packeis.packeis_game_phase(game) == packeis.PACKEIS_PHASE_OVER)
assert(not pcall(packeis.packeis_game_apply, game, 0))
local maps = assert(io.open("/proc/self/maps")):read("a")
for lib in maps:gmatch("(%S*libpackeis%.so%S*)") do
    assert(lib:sub(1, #root) == root, "library loaded from " .. lib)
end
print("lua", packeis.packeis_version_string(), "from", where)
"""


def searched_by_python(python, directory):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = run([python, "-c", "import sys; print('\\n'.join(sys.path))"], env=env)
    return directory in out.stdout.splitlines()


def searched_by_lua(lua, directory):
    out = run([lua, "-e", "print(package.cpath)"],
              env={k: v for k, v in os.environ.items() if k not in ("LUA_CPATH", "LUA_CPATH_5_4")})
    return os.path.join(directory, "?.so") in out.stdout.strip().split(";")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-root", required=True)
    parser.add_argument("--meson", required=True, nargs="+")
    parser.add_argument("--python", required=True)
    parser.add_argument("--lua", help="the lua interpreter, if the Lua module is built")
    parser.add_argument("--expect", action="append", default=[],
                        choices=["ctypes", "swig", "lua"], help="a module that must be installed")
    args = parser.parse_args()

    installed = installed_paths(args.build_root)
    with open(os.path.join(args.build_root, "meson-info", "intro-buildoptions.json")) as f:
        prefix = {o["name"]: o["value"] for o in json.load(f)}["prefix"]
    library = next((dest for dest in installed.values()
                    if os.path.basename(dest).startswith("libpackeis.so.")), None)
    ctypes_dir = find(installed, os.path.join("bindings", "python", "packeis"))
    swig_py = find(installed, os.sep + "packeis_swig.py")
    swig_so = next((dest for source, dest in installed.items()
                    if os.path.basename(source).startswith("_packeis_swig")), None)
    lua_so = find(installed, os.path.join("swig", "packeis.so"))
    found = {"ctypes": ctypes_dir, "swig": swig_py and swig_so, "lua": lua_so}
    for name in args.expect:
        if not found[name]:
            fail("meson does not install the %s module" % name)
    if swig_py and swig_so and os.path.dirname(swig_py) != os.path.dirname(swig_so):
        fail("packeis_swig.py and _packeis_swig are installed apart: %s, %s" % (swig_py, swig_so))

    # 1. Where the interpreters look.
    python_dirs = {os.path.dirname(p) for p in (swig_py, swig_so) if p}
    if ctypes_dir:
        python_dirs.add(os.path.dirname(ctypes_dir))
    if len(python_dirs) > 1:
        fail("the Python modules are installed in several directories: %s" % sorted(python_dirs))
    system_prefix = prefix in ("/usr", "/usr/local")
    for directory in python_dirs:
        if system_prefix and not searched_by_python(args.python, directory):
            fail("%s is not on the sys.path of %s" % (directory, args.python))
        if not system_prefix and directory != os.path.join(prefix, "lib", "python3", "dist-packages"):
            fail("for prefix %s, README.md says <prefix>/lib/python3/dist-packages, not %s"
                 % (prefix, directory))
    if lua_so:
        if os.path.dirname(lua_so) != os.path.join(prefix, "lib", "lua", "5.4"):
            fail("the Lua module is not in <prefix>/lib/lua/5.4: %s" % lua_so)
        elif system_prefix and args.lua and not searched_by_lua(args.lua, os.path.dirname(lua_so)):
            fail("%s is not on the package.cpath of %s" % (os.path.dirname(lua_so), args.lua))

    # 2. Import from a staged install.
    with tempfile.TemporaryDirectory(prefix="packeis-bindings-") as destdir:
        # Not --no-rebuild: meson test builds only what the tests it runs
        # depend on, and the install takes every installed target.
        out = run(args.meson + ["install", "-C", args.build_root, "--quiet",
                                "--destdir", destdir])
        if out.returncode != 0:
            fail("meson install failed:\n" + out.stdout)
            return 1
        env = {k: v for k, v in os.environ.items()
               if k not in ("PACKEIS_LIBRARY", "PYTHONPATH", "LUA_CPATH", "LUA_CPATH_5_4")}
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        if library:
            env["LD_LIBRARY_PATH"] = staged(destdir, os.path.dirname(library))
        else:
            fail("meson does not install libpackeis.so.N")
        if python_dirs:
            env["PYTHONPATH"] = staged(destdir, next(iter(python_dirs)))
        if lua_so:
            env["LUA_CPATH"] = os.path.join(staged(destdir, os.path.dirname(lua_so)), "?.so")
        children = []
        if ctypes_dir:
            children.append(("ctypes", [args.python, "-c", PYTHON_CTYPES, destdir]))
        if swig_py and swig_so:
            children.append(("swig", [args.python, "-c", PYTHON_SWIG, destdir]))
        if lua_so and args.lua:
            # The script from stdin ("-"), the staged root as arg[1].
            children.append(("lua", [args.lua, "-", destdir]))
        for name, cmd in children:
            if name == "lua":
                print("+ " + " ".join(cmd), flush=True)
                out = subprocess.run(cmd, input=LUA, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, universal_newlines=True,
                                     timeout=120)
            else:
                out = run(cmd, env=env)
            print(out.stdout, end="")
            if out.returncode != 0:
                fail("importing the installed %s module failed" % name)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
