# SPDX-License-Identifier: MIT
"""Prints the site directory this interpreter searches under PREFIX (the
first entry of sys.path below PREFIX/lib that is a dist-packages or
site-packages directory), absolute; nothing if there is none.

    python3 python_site.py PREFIX
"""
import os
import sys

prefix = os.path.realpath(sys.argv[1])
for entry in sys.path:
    path = os.path.realpath(entry) if entry else ""
    if (path.startswith(os.path.join(prefix, "lib") + os.sep)
            and os.path.basename(path) in ("dist-packages", "site-packages")):
        print(path)
        break
