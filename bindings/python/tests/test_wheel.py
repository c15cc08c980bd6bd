# SPDX-License-Identifier: MIT
"""The in-tree build backend makes an installable wheel offline, and the
installed package loads the library by its SONAME."""
import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

PYDIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(PYDIR, "_build"))

import packeis_build  # noqa: E402


class WheelTest(unittest.TestCase):
    def test_wheel_contents(self):
        with tempfile.TemporaryDirectory() as tmp:
            name = packeis_build.build_wheel(tmp)
            self.assertEqual(name, "packeis-0.1.0-py3-none-any.whl")
            with zipfile.ZipFile(os.path.join(tmp, name)) as whl:
                names = set(whl.namelist())
                record = whl.read("packeis-0.1.0.dist-info/RECORD").decode()
            for module in ("__init__", "_game", "_errors", "_moves", "_options", "_text",
                           "_batch", "_enums", "_handle", "_ffi", "_lib"):
                self.assertIn(f"packeis/{module}.py", names)
                self.assertIn(f"packeis/{module}.py,sha256=", record)
            self.assertIn("packeis/py.typed", names)
            self.assertIn("packeis-0.1.0.dist-info/METADATA", names)

    def test_sdist(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.assertEqual(packeis_build.build_sdist(tmp), "packeis-0.1.0.tar.gz")

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
                [sys.executable, "-c", "import packeis; print(packeis.__file__, packeis.version())"],
                check=True, cwd=tmp, env=env, capture_output=True, text=True,
            ).stdout
            self.assertTrue(out.startswith(target), out)


if __name__ == "__main__":
    unittest.main()
