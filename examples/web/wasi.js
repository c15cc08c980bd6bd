// SPDX-License-Identifier: MIT
// The few WASI functions that wasi-libc calls, for a browser (or Node) that
// runs packeis.wasm without a WASI runtime. The library does no input or
// output: there are no files, no arguments and no environment; writes to
// standard output and error go to the console; the clock is the page's.

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;
const ERRNO_NOSYS = 52;

export class WasiExit extends Error {
  constructor(code) {
    super(`packeis.wasm exited with ${code}`);
    this.code = code;
  }
}

// The import object; `memory()` gives the module's memory once instantiated.
export function wasiImports(memory) {
  const view = () => new DataView(memory().buffer);
  const bytes = () => new Uint8Array(memory().buffer);
  const decoder = new TextDecoder();
  const pending = { 1: '', 2: '' };
  const now = () =>
    typeof performance !== 'undefined' ? performance.timeOrigin + performance.now() : Date.now();
  const functions = {
    args_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO_SUCCESS;
    },
    args_get() {
      return ERRNO_SUCCESS;
    },
    environ_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO_SUCCESS;
    },
    environ_get() {
      return ERRNO_SUCCESS;
    },
    // Nanoseconds as a BigInt; every clock is the page's millisecond clock
    // with its fraction (monotonic enough for a player's time budget).
    clock_time_get(id, precision, out) {
      if (id < 0 || id > 3) return ERRNO_INVAL;
      view().setBigUint64(out, BigInt(Math.round(now() * 1e6)), true);
      return ERRNO_SUCCESS;
    },
    clock_res_get(id, out) {
      view().setBigUint64(out, 1000n, true);
      return ERRNO_SUCCESS;
    },
    random_get(buffer, length) {
      const out = bytes().subarray(buffer, buffer + length);
      if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(out);
      else for (let i = 0; i < length; i++) out[i] = Math.floor(Math.random() * 256);
      return ERRNO_SUCCESS;
    },
    fd_write(fd, iovs, count, written) {
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const base = view().getUint32(iovs + 8 * i, true);
        const length = view().getUint32(iovs + 8 * i + 4, true);
        pending[fd] += decoder.decode(bytes().subarray(base, base + length));
        total += length;
      }
      const lines = pending[fd].split('\n');
      pending[fd] = lines.pop();
      for (const line of lines) (fd === 1 ? console.log : console.error)(line);
      view().setUint32(written, total, true);
      return ERRNO_SUCCESS;
    },
    fd_close: () => ERRNO_BADF,
    fd_seek: () => ERRNO_BADF,
    fd_fdstat_get: () => ERRNO_BADF,
    fd_fdstat_set_flags: () => ERRNO_BADF,
    fd_read: () => ERRNO_BADF,
    // No preopened directories: wasi-libc's fopen() finds no directory to
    // open a path in and fails (a player that reads a file says so).
    fd_prestat_get: () => ERRNO_BADF,
    fd_prestat_dir_name: () => ERRNO_BADF,
    path_open: () => ERRNO_NOSYS,
    sched_yield: () => ERRNO_SUCCESS,
    poll_oneoff: () => ERRNO_NOSYS,
    proc_exit(code) {
      throw new WasiExit(code);
    },
  };
  // Every other WASI function fails with ENOSYS: a module that comes to
  // import one more (library code calling more of wasi-libc) still loads,
  // and only that call fails.
  return {
    wasi_snapshot_preview1: new Proxy(functions, { get: (target, name) => target[name] ?? (() => ERRNO_NOSYS) }),
  };
}
