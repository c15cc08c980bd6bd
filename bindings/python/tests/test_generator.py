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
from gen_ctypes import error_tree, packeis_header  # noqa: E402

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
        self.assertIs(restype, ctypes.c_uint64)
        self.assertEqual([p for p, _ in params], ["game", "depth"])
        self.assertIs(params[1][1], ctypes.c_uint)
        # Value-returning accessors of 1.0.
        self.assertIs(f["packeis_game_player_count"][0], ctypes.c_int)
        self.assertIs(f["packeis_game_ply_count"][0], ctypes.c_size_t)
        self.assertIs(f["packeis_game_winners"][0], ctypes.c_uint)
        self.assertIs(f["packeis_game_floes"][0], ctypes.c_uint64)
        self.assertIs(namespace["packeis_move"], ctypes.c_uint16)
        self.assertIs(f["packeis_move_slide"][0], ctypes.c_uint16)
        self.assertEqual(namespace["PACKEIS_MOVE_NONE"], 0xFFFF)
        self.assertEqual(namespace["PACKEIS_MOVE_VALUES"], 4096)
        self.assertEqual(namespace["PACKEIS_COORD_MIN"], -1000000)
        self.assertEqual(namespace["PACKEIS_DEFAULT_HASH_SEED"], 0x5061636B65697321)

    def test_status_functions(self):
        namespace = {}
        exec(compile(self.committed, COMMITTED, "exec"), namespace)
        marked = set(re.findall(r"PACKEIS_NODISCARD\s+PACKEIS_API\s+packeis_status\s+(packeis_\w+)\s*\(",
                                self.header))
        self.assertEqual(set(namespace["STATUS_FUNCTIONS"]), marked)
        self.assertIn("packeis_game_apply", marked)
        self.assertNotIn("packeis_game_phase", marked)

    def test_split_declarations(self):
        text = ("PACKEIS_NODISCARD PACKEIS_API packeis_status\n"
                "packeis_x(const packeis_game *game,\n         size_t capacity,\n"
                "          size_t *count);\n"
                "PACKEIS_API uint16_t packeis_y(int cell);\n")
        out = gen_ctypes.generate("typedef int packeis_status;\n"
                                  "typedef struct packeis_game packeis_game;\n" + text)
        self.assertIn("'packeis_x': (packeis_status, [('game', POINTER(packeis_game)), "
                      "('capacity', c_size_t), ('count', POINTER(c_size_t))]),", out)
        self.assertIn("'packeis_y': (c_uint16, [('cell', c_int)]),", out)
        self.assertIn("    'packeis_x',\n})", out)
        # Either order of the two markers reads the same.
        self.assertEqual(gen_ctypes.generate(
            "typedef int packeis_status;\ntypedef struct packeis_game packeis_game;\n"
            + text.replace("PACKEIS_NODISCARD PACKEIS_API", "PACKEIS_API PACKEIS_NODISCARD")), out)
        self.assertEqual(gen_ctypes.packeis_header.parse_int("UINT64_C(0x5061636B65697321)"),
                         0x5061636B65697321)

    def test_function_pointer_types(self):
        out = gen_ctypes.generate("typedef int (*packeis_cb)(void *context, uint64_t done);\n"
                                  "PACKEIS_API int packeis_w(packeis_cb cb);\n")
        self.assertIn("packeis_cb = CFUNCTYPE(c_int, c_void_p, c_uint64)", out)
        self.assertIn("'packeis_w': (c_int, [('cb', packeis_cb)]),", out)

    def test_exception_classes_are_current(self):
        with open(os.path.join(PYDIR, "packeis", "_exceptions.py"), encoding="utf-8") as f:
            self.assertEqual(error_tree.python_source(packeis_header.Header(self.header)), f.read(),
                             "packeis/_exceptions.py is stale: run bindings/python/gen_ctypes.py")

    def test_a_new_status_gets_a_class_of_its_own(self):
        # A code the table does not sort yet: a PackeisError and RuntimeError
        # named after it, documented by the header's comment.
        edited = re.sub(r"(enum packeis_status_code \{.*?)\n\};",
                        r"\1,\n    /** Something new. */\n    PACKEIS_E_SOMETHING_NEW = 99\n};",
                        self.header, count=1, flags=re.S)
        text = error_tree.python_source(packeis_header.Header(edited))
        self.assertIn('class SomethingNewError(PackeisError, RuntimeError):\n    """Something new."""\n'
                      "\n    status = 99  # PACKEIS_E_SOMETHING_NEW\n", text)
        self.assertIn("    99: SomethingNewError,\n", text)
        self.assertIn('{"SomethingNewError", -1, SWIG_RuntimeError, SWIG_RuntimeError, '
                      "PACKEIS_E_SOMETHING_NEW,", error_tree.c_source(packeis_header.Header(edited)))

    def test_the_table_names_only_codes_of_the_header(self):
        edited = self.header.replace("PACKEIS_E_NO_CELLS", "PACKEIS_E_NO_FLOES")
        with self.assertRaises(packeis_header.HeaderError):
            error_tree.tree(packeis_header.Header(edited))

    def test_nodiscard_on_a_value_is_an_error(self):
        with self.assertRaises(gen_ctypes.HeaderError):
            gen_ctypes.generate("PACKEIS_API PACKEIS_NODISCARD int packeis_z(void);")

if __name__ == "__main__":
    unittest.main()
