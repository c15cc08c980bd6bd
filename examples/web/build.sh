#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Builds the browser game's WebAssembly module and puts it beside the page:
#
#   examples/web/build.sh [BUILD_DIR]     (default: build-wasm)
#
# then serve the page:  python3 -m http.server -d examples/web 8000
#
# Needs Debian's clang, lld, llvm (llvm-ar, llvm-objcopy), wasi-libc and
# libclang-rt-14-dev-wasm32, meson and ninja. The library is cross-compiled
# as a static archive (a shared library cannot be linked for wasm32) with the
# tests, Python, SWIG and the docs off; only what packeis.wasm needs is built.
set -euo pipefail

web=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_root=$(cd "$web/../.." && pwd)
build=${1:-build-wasm}
case $build in /*) ;; *) build=$source_root/$build ;; esac

# The toolchain, assembled here: a sysroot of wasi-libc's headers and
# libraries (links to what the package installed) and the thread-less
# pthread.h of compat/, nothing of the host's /usr/include; and bin/clang,
# the script wasm32-clang, which runs clang for wasm32-wasi with that sysroot
# (see there). The cross file reads the toolchain's path from toolchain.ini.
toolchain=$build/wasm32-wasi
mkdir -p "$toolchain/sysroot/include" "$toolchain/sysroot/lib" "$toolchain/bin"
ln -sfn /usr/include/wasm32-wasi "$toolchain/sysroot/include/wasm32-wasi"
ln -sfn /usr/lib/wasm32-wasi "$toolchain/sysroot/lib/wasm32-wasi"
ln -sfn "$web/compat/pthread.h" "$toolchain/sysroot/include/pthread.h"
for needed in /usr/include/wasm32-wasi/stdlib.h /usr/lib/wasm32-wasi/libc.a \
    "$(clang --target=wasm32-wasi -print-libgcc-file-name)" /usr/bin/wasm-ld /usr/bin/llvm-ar \
    /usr/bin/llvm-strip; do
    [ -e "$needed" ] || {
        echo "build.sh: $needed is missing: apt-get install clang lld llvm wasi-libc libclang-rt-14-dev-wasm32" >&2
        exit 1
    }
done
cp "$web/wasm32-clang" "$toolchain/bin/clang"
printf "[constants]\ntoolchain = '%s'\n" "$toolchain" >"$build/toolchain.ini"

if [ ! -f "$build/build.ninja" ]; then
    # Debian's own Python, as on a fresh Debian (the library's build runs
    # lib/static_archive.py with it).
    PATH=/usr/bin:$PATH meson setup "$build" "$source_root" \
        --cross-file "$build/toolchain.ini" --cross-file "$web/wasm32-wasi.ini" \
        -Ddefault_library=static -Ddebug=false -Dtests=disabled -Ddocs=disabled \
        -Dpython=disabled -Dswig=disabled -Dlua=disabled
fi
ninja -C "$build" examples/web/packeis.wasm examples/web/packeis_h.js
# The header's constants, made from it at build time, go beside the page too.
cp "$build/examples/web/packeis_h.js" "$web/packeis_h.js"
# The debug information (most of it wasi-libc's DWARF, a third of the file)
# is not served: only a debug build (BUILD_DIR set up with -Ddebug=true)
# keeps it. The function names stay, for readable stack traces.
if [ "$(meson introspect "$build" --buildoptions |
    python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "debug"))')" = True ]; then
    cp "$build/examples/web/packeis.wasm" "$web/packeis.wasm"
else
    llvm-strip --strip-debug -o "$web/packeis.wasm" "$build/examples/web/packeis.wasm"
fi
echo "build.sh: $web/packeis.wasm ($(wc -c <"$web/packeis.wasm") bytes)"
