# SPDX-License-Identifier: MIT
"""The in-tree build backend makes an installable wheel offline, and the
installed package loads the library by its SONAME."""
import os
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile

PYDIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(PYDIR, "_build"))

import packeis_build  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(PYDIR))


def meson_version():
    """project(version) of meson.build: the one source of the version."""
    import re
    with open(os.path.join(ROOT, "meson.build"), encoding="utf-8") as f:
        return re.search(r"project\([^)]*?version:\s*'([^']+)'", f.read(), re.S).group(1)


V = meson_version()


class WheelTest(unittest.TestCase):
    def test_wheel_contents(self):
        with tempfile.TemporaryDirectory() as tmp:
            name = packeis_build.build_wheel(tmp)
            self.assertEqual(packeis_build.VERSION, V)
            self.assertEqual(name, f"packeis-{V}-py3-none-any.whl")
            with zipfile.ZipFile(os.path.join(tmp, name)) as whl:
                names = set(whl.namelist())
                record = whl.read(f"packeis-{V}.dist-info/RECORD").decode()
                metadata = whl.read(f"packeis-{V}.dist-info/METADATA").decode()
            self.assertIn(f"\nVersion: {V}\n", metadata)
            for module in ("__init__", "_game", "_errors", "_status", "_moves", "_options", "_text",
                           "_research", "_enums", "_handle", "_ffi", "_lib", "_args", "_alloc",
                           "_board", "unsafe"):
                self.assertIn(f"packeis/{module}.py", names)
                self.assertIn(f"packeis/{module}.py,sha256=", record)
            self.assertIn("packeis/py.typed", names)
            self.assertIn(f"packeis-{V}.dist-info/METADATA", names)

    def test_sdist_carries_the_version(self):
        import tarfile
        with tempfile.TemporaryDirectory() as tmp:
            name = packeis_build.build_sdist(tmp)
            self.assertEqual(name, f"packeis-{V}.tar.gz")
            with tarfile.open(os.path.join(tmp, name)) as tar:
                tar.extractall(tmp)
            unpacked = os.path.join(tmp, f"packeis-{V}")
            # Built from the unpacked sdist (no meson.build above it): the
            # version comes from its PKG-INFO.
            out = subprocess.run(
                [sys.executable, "-c", "import packeis_build; print(packeis_build.VERSION)"],
                check=True, capture_output=True, text=True,
                env=dict(os.environ, PYTHONPATH=os.path.join(unpacked, "_build")),
            ).stdout.strip()
            self.assertEqual(out, V)

    def test_no_version_written_in_the_bindings(self):
        # Only meson.build says the version; nothing under bindings/ repeats it.
        bindings = os.path.join(ROOT, "bindings")
        pattern = re.compile(r"""(["'])\d+\.\d+\.\d+\1""")
        for directory, _, files in os.walk(bindings):
            for name in files:
                if name.endswith((".py", ".toml", ".i", ".build")):
                    with open(os.path.join(directory, name), encoding="utf-8") as f:
                        self.assertIsNone(pattern.search(f.read()), os.path.join(directory, name))

    @unittest.skipUnless(os.environ.get("PACKEIS_LIBRARY"), "needs a built library")
    def test_pip_install_offline_and_soname_load(self):
        try:
            import pip  # noqa: F401
        except ImportError:
            self.skipTest("pip is not available")
        with tempfile.TemporaryDirectory() as tmp:
            target = os.path.join(tmp, "site")
            subprocess.run(
                [sys.executable, "-m", "pip", "install", "--no-index", "--no-deps",
                 "--disable-pip-version-check", "-q", "--target", target, PYDIR],
                check=True, cwd=tmp,
            )
            env = dict(os.environ)
            library = env.pop("PACKEIS_LIBRARY")
            env["PYTHONPATH"] = target
            # No $PACKEIS_LIBRARY: found by its SONAME through the loader path.
            env["LD_LIBRARY_PATH"] = os.path.dirname(os.path.abspath(library))
            out = subprocess.run(
                [sys.executable, "-c",
                 "import packeis; print(packeis.__file__, packeis.__version__)"],
                check=True, cwd=tmp, env=env, capture_output=True, text=True,
            ).stdout
            self.assertTrue(out.startswith(target), out)
            self.assertEqual(out.split()[1], V)


if __name__ == "__main__":
    unittest.main()
