// SPDX-License-Identifier: MIT
// The few WASI functions that wasi-libc calls, for a browser (or Node) that
// runs packeis.wasm without a WASI runtime. The library does no input or
// output: there are no arguments and no environment; writes to standard
// output and error go to the console; the clock is the page's. The files
// are those the page gives (`files`: absolute path -> bytes, e.g. the az
// player's network, fetched), read only, under one preopened directory "/".

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;
const ERRNO_ISDIR = 31;
const ERRNO_NOENT = 44;
const ERRNO_NOSYS = 52;
const ERRNO_NOTDIR = 54;
const ERRNO_ROFS = 69;

const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;
const OFLAGS_WRITING = 1 | 4 | 8; // O_CREAT, O_EXCL, O_TRUNC
const OFLAGS_DIRECTORY = 2;
// fd_datasync, fd_write, fd_allocate, fd_filestat_set_size: what wasi-libc
// asks for a file opened for writing only.
const RIGHTS_WRITING = (1n << 0n) | (1n << 6n) | (1n << 8n) | (1n << 22n);
const FDFLAGS_APPEND = 1;
const ROOT_FD = 3; // the preopened "/", the first descriptor after the standard ones

// The open files of a module: descriptor -> {data, offset}.
class ReadOnlyFiles {
  constructor(files) {
    this.files = files;
    this.open = new Map();
    this.next = ROOT_FD + 1;
  }
  // path_open() of `path` (relative to "/"): a descriptor, or an errno as a
  // negative number.
  openFile(path, oflags, rights, fdflags) {
    const name = '/' + path.split('/').filter((part) => part && part !== '.').join('/');
    if (name === '/') return -(oflags & OFLAGS_WRITING ? ERRNO_ROFS : ERRNO_ISDIR);
    const data = this.files.get(name);
    if ((oflags & OFLAGS_WRITING) || (rights & RIGHTS_WRITING) || (fdflags & FDFLAGS_APPEND))
      return -(data || (oflags & 1) ? ERRNO_ROFS : ERRNO_NOENT);
    if (!data) return -ERRNO_NOENT;
    if (oflags & OFLAGS_DIRECTORY) return -ERRNO_NOTDIR;
    const fd = this.next++;
    this.open.set(fd, { data, offset: 0 });
    return fd;
  }
}

export class WasiExit extends Error {
  constructor(code) {
    super(`packeis.wasm exited with ${code}`);
    this.code = code;
  }
}

// The import object; `memory()` gives the module's memory once instantiated;
// `files` (a Map, absolute path -> Uint8Array) may gain files later on.
export function wasiImports(memory, files = new Map()) {
  const view = () => new DataView(memory().buffer);
  const bytes = () => new Uint8Array(memory().buffer);
  const decoder = new TextDecoder();
  const pending = { 1: '', 2: '' };
  const fs = new ReadOnlyFiles(files);
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
    fd_close(fd) {
      return fs.open.delete(fd) ? ERRNO_SUCCESS : ERRNO_BADF;
    },
    fd_read(fd, iovs, count, read) {
      const file = fs.open.get(fd);
      if (!file) return ERRNO_BADF;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const base = view().getUint32(iovs + 8 * i, true);
        const length = view().getUint32(iovs + 8 * i + 4, true);
        const chunk = file.data.subarray(file.offset, file.offset + length);
        bytes().set(chunk, base);
        file.offset += chunk.length;
        total += chunk.length;
        if (chunk.length < length) break;
      }
      view().setUint32(read, total, true);
      return ERRNO_SUCCESS;
    },
    fd_seek(fd, offset, whence, out) {
      const file = fs.open.get(fd);
      if (!file) return ERRNO_BADF;
      const base = [0, file.offset, file.data.length][whence];
      const position = base === undefined ? -1 : base + Number(offset);
      if (position < 0) return ERRNO_INVAL;
      file.offset = position;
      view().setBigUint64(out, BigInt(position), true);
      return ERRNO_SUCCESS;
    },
    fd_tell(fd, out) {
      const file = fs.open.get(fd);
      if (!file) return ERRNO_BADF;
      view().setBigUint64(out, BigInt(file.offset), true);
      return ERRNO_SUCCESS;
    },
    // The standard descriptors say nothing (stdio buffers their output as
    // it would a file's); the root is a directory, an open file a file.
    fd_fdstat_get(fd, out) {
      const type = fd === ROOT_FD ? FILETYPE_DIRECTORY : fs.open.has(fd) ? FILETYPE_REGULAR_FILE : 0;
      if (!type) return ERRNO_BADF;
      new Uint8Array(memory().buffer, out, 24).fill(0);
      view().setUint8(out, type);
      view().setBigUint64(out + 8, type === FILETYPE_DIRECTORY ? 0xffffffffn : 0x7fn, true);
      view().setBigUint64(out + 16, type === FILETYPE_DIRECTORY ? 0xffffffffn : 0n, true);
      return ERRNO_SUCCESS;
    },
    fd_filestat_get(fd, out) {
      const file = fs.open.get(fd);
      if (!file && fd !== ROOT_FD) return ERRNO_BADF;
      new Uint8Array(memory().buffer, out, 64).fill(0);
      view().setUint8(out + 16, file ? FILETYPE_REGULAR_FILE : FILETYPE_DIRECTORY);
      view().setBigUint64(out + 24, 1n, true);
      view().setBigUint64(out + 32, BigInt(file ? file.data.length : 0), true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags: () => ERRNO_BADF,
    // One preopened directory, "/": wasi-libc's fopen() opens every
    // absolute path in it.
    fd_prestat_get(fd, out) {
      if (fd !== ROOT_FD) return ERRNO_BADF;
      view().setUint8(out, 0); // a directory
      view().setUint32(out + 4, 1, true); // its name's length
      return ERRNO_SUCCESS;
    },
    fd_prestat_dir_name(fd, path, length) {
      if (fd !== ROOT_FD) return ERRNO_BADF;
      if (length < 1) return ERRNO_INVAL;
      bytes()[path] = 0x2f; // '/'
      return ERRNO_SUCCESS;
    },
    path_open(dirfd, dirflags, path, length, oflags, rightsBase, rightsInheriting, fdflags, out) {
      if (dirfd !== ROOT_FD) return fs.open.has(dirfd) ? ERRNO_NOTDIR : ERRNO_BADF;
      const fd = fs.openFile(decoder.decode(bytes().subarray(path, path + length)), oflags, BigInt(rightsBase), fdflags);
      if (fd < 0) return -fd;
      view().setUint32(out, fd, true);
      return ERRNO_SUCCESS;
    },
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
