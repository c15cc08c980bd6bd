# SPDX-License-Identifier: MIT
"""gen_web.py, natively (no wasm toolchain needed): the page's constants and
export list as made from the header, and the page's modules checked against
them, so that a constant or function the page names and the header lacks
fails here and not only in the browser."""
import glob
import os
import re
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gen_web  # noqa: E402
from gen_web import packeis_header  # noqa: E402

SCRIPTS = sorted(glob.glob(os.path.join(HERE, "*.js")))


class ConstantsTest(unittest.TestCase):
    def setUp(self):
        self.header = packeis_header.read()
        self.module = gen_web.constants(self.header)
        self.values = dict(re.findall(r"^export const (\w+) = (-?\w+);$", self.module, flags=re.M))

    def test_values_of_the_header(self):
        self.assertEqual(self.values["PACKEIS_OK"], "0")
        self.assertEqual(self.values["PACKEIS_E_MALFORMED_TEXT"], "22")
        self.assertEqual(self.values["PACKEIS_PARSE_CHECK_LEGAL"], "1")
        self.assertEqual(self.values["PACKEIS_MOVE_NONE"], "65535")  # 0xFFFFu
        self.assertEqual(self.values["PACKEIS_COORD_MIN"], "-1000000")  # (-1000000)
        self.assertEqual(self.values["PACKEIS_PHASE_OVER"], "2")
        # Beyond 2^53 a Number would round: a BigInt.
        self.assertEqual(self.values["PACKEIS_DEFAULT_HASH_SEED"], "5792019908689228577n")

    def test_every_define_and_enum_value(self):
        names = {n for n, _ in self.header.defines}
        for _, members in self.header.enums:
            names |= {n for n, _ in members}
        self.assertEqual(set(self.values), names)
        self.assertGreater(len(names), 60)

    def test_the_page_names_only_constants_of_the_header(self):
        for path in SCRIPTS:
            with open(path, encoding="utf-8") as f:
                used = set(re.findall(r"\bH\.(\w+)", f.read()))
            self.assertEqual(used - set(self.values), set(), os.path.basename(path))
        with open(os.path.join(HERE, "engine.js"), encoding="utf-8") as f:
            self.assertIn("PACKEIS_E_MALFORMED_TEXT", f.read())


class ExportsTest(unittest.TestCase):
    def setUp(self):
        self.header = packeis_header.read()

    def exports_of(self, code):
        with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as f:
            f.write(code)
        try:
            return gen_web.exports(self.header, [f.name])
        finally:
            os.unlink(f.name)

    def test_calls_in_code_only(self):
        code = ("// this.x.packeis_game_clone(p) in a comment\n"
                "/* x.packeis_game_winners */ const n = this.x.packeis_game_ply_count(this.p);\n"
                "const v = exports.packeis_version_string(); // packeis_game_seed\n")
        self.assertEqual(self.exports_of(code),
                         "-Wl,--export=packeis_game_ply_count\n-Wl,--export=packeis_version_string\n")

    def test_a_function_the_header_lacks_is_an_error(self):
        with self.assertRaises(packeis_header.HeaderError) as caught:
            self.exports_of("this.x.packeis_game_aply(this.p, move);\n")
        self.assertIn("packeis_game_aply", str(caught.exception))

    def test_the_page_calls(self):
        names = gen_web.exports(self.header, SCRIPTS).split()
        self.assertIn("-Wl,--export=packeis_game_apply", names)
        self.assertIn("-Wl,--export=packeis_game_parse_move", names)
        self.assertNotIn("-Wl,--export=packeis_game_perft", names)  # the page never calls it
        self.assertEqual(names, sorted(set(names)))

    def test_command_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            out, dep = os.path.join(tmp, "exports.rsp"), os.path.join(tmp, "exports.rsp.d")
            self.assertEqual(gen_web.main(["exports", packeis_header.HEADER, out, dep, HERE]), 0)
            with open(dep, encoding="utf-8") as f:
                self.assertIn("engine.js", f.read())
            self.assertEqual(gen_web.main(["exports", packeis_header.HEADER]), 2)


if __name__ == "__main__":
    unittest.main()
