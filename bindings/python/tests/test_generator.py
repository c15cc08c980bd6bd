# SPDX-License-Identifier: MIT
"""The committed ctypes declarations are exactly what the generator makes of
the header, and they cover the whole exported ABI."""
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.dirname(HERE)
ROOT = os.path.dirname(os.path.dirname(PYDIR))
sys.path.insert(0, PYDIR)

import gen_ctypes  # noqa: E402

HEADER = os.path.join(ROOT, "include", "packeis", "packeis.h")
COMMITTED = os.path.join(PYDIR, "packeis", "_ffi.py")
MAP = os.path.join(ROOT, "lib", "libpackeis.map")


class GeneratorTest(unittest.TestCase):
    def setUp(self):
        with open(HEADER, encoding="utf-8") as f:
            self.header = f.read()
        with open(COMMITTED, encoding="utf-8") as f:
            self.committed = f.read()

    def test_committed_file_is_current(self):
        self.assertEqual(gen_ctypes.generate(self.header), self.committed,
                         "packeis/_ffi.py is stale: run bindings/python/gen_ctypes.py")

    def test_check_mode(self):
        self.assertEqual(gen_ctypes.main(["--check", HEADER, COMMITTED]), 0)

    def test_comments_do_not_matter(self):
        edited = self.header.replace("@brief", "@brief (edited)")
        self.assertEqual(gen_ctypes.generate(edited), self.committed)

    def test_every_api_function_declared(self):
        declared = set(re.findall(r"PACKEIS_API[^;]*?\b(packeis_\w+)\s*\(", self.header))
        namespace = {}
        exec(compile(self.committed, COMMITTED, "exec"), namespace)
        self.assertEqual(set(namespace["FUNCTIONS"]), declared)

    def test_every_exported_symbol_declared(self):
        with open(MAP, encoding="utf-8") as f:
            exported = set(re.findall(r"^\s*(packeis_\w+);", f.read(), flags=re.M))
        namespace = {}
        exec(compile(self.committed, COMMITTED, "exec"), namespace)
        self.assertEqual(set(namespace["FUNCTIONS"]), exported)

    def test_unknown_type_is_an_error(self):
        with self.assertRaises(gen_ctypes.HeaderError):
            gen_ctypes.generate("PACKEIS_API packeis_status packeis_x(struct foo *bar);")

    def test_types(self):
        namespace = {}
        exec(compile(self.committed, COMMITTED, "exec"), namespace)
        f = namespace["FUNCTIONS"]
        import ctypes
        self.assertIs(f["packeis_version_string"][0], ctypes.c_char_p)
        self.assertIs(f["packeis_game_free"][0], None)
        restype, params = f["packeis_game_perft"]
        self.assertEqual([p for p, _ in params], ["game", "depth", "leaves"])
        self.assertIs(params[1][1], ctypes.c_uint)
        self.assertEqual(namespace["PACKEIS_MOVE_NONE"], 0xFFFFFFFF)
        self.assertEqual(namespace["PACKEIS_COORD_MIN"], -1000000)


if __name__ == "__main__":
    unittest.main()
