// SPDX-License-Identifier: MIT
// The few WASI functions that wasi-libc calls, for a browser (or Node) that
// runs packeis.wasm without a WASI runtime. The library does no input or
// output: there are no arguments and no environment; writes to standard
// output and error go to the console; the clock is the page's. The files
// are those the page gives (`files`: absolute path -> bytes, e.g. the az
// player's network, fetched), read only, under one preopened directory "/".

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_FAULT = 21;
const ERRNO_INVAL = 28;
const ERRNO_ISDIR = 31;
const ERRNO_NOENT = 44;
const ERRNO_NOSYS = 52;
const ERRNO_NOTDIR = 54;
const ERRNO_NOTSUP = 58;
const ERRNO_OVERFLOW = 61;
const ERRNO_ROFS = 69;

const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;
const OFLAGS_CREAT = 1;
const OFLAGS_DIRECTORY = 2;
const OFLAGS_WRITING = OFLAGS_CREAT | 4 | 8; // O_CREAT, O_EXCL, O_TRUNC
// fd_datasync, fd_write, fd_allocate, fd_filestat_set_size: what wasi-libc
// asks for a file opened for writing only.
const RIGHTS_WRITING = (1n << 0n) | (1n << 6n) | (1n << 8n) | (1n << 22n);
// An open file's: fd_read, fd_seek, fd_tell, fd_advise, fd_filestat_get.
const RIGHTS_READING = (1n << 1n) | (1n << 2n) | (1n << 5n) | (1n << 7n) | (1n << 21n);
const RIGHTS_ALL = (1n << 30n) - 1n;
const FDFLAGS_APPEND = 1;
const ROOT_FD = 3; // the preopened "/", the first descriptor after the standard ones
const LARGEST_OFFSET = BigInt(Number.MAX_SAFE_INTEGER);

// An absolute path made plain: no empty parts, no "." and ".." resolved
// (above "/" is "/"), as the page names its files (engine.js addFile()).
export function plainPath(path) {
  const parts = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return '/' + parts.join('/');
}

// The files of a module, read only, and those it has open: descriptor ->
// {data, offset}. A folder is any path some file lies under.
class ReadOnlyFiles {
  constructor(files) {
    this.files = files;
    this.open = new Map();
    this.next = ROOT_FD + 1;
  }
  kind(name) {
    if (this.files.has(name)) return FILETYPE_REGULAR_FILE;
    if (name === '/') return FILETYPE_DIRECTORY;
    for (const path of this.files.keys()) if (path.startsWith(name + '/')) return FILETYPE_DIRECTORY;
    return 0;
  }
  // `path` (relative to "/") resolved part by part, as a file system would:
  // {name, kind} or {errno} (a part missing, or a file with more after it).
  resolve(path) {
    const parts = [];
    const segments = path.split('/');
    for (let i = 0; i < segments.length; i++) {
      const part = segments[i];
      if (part === '..') parts.pop();
      else if (part && part !== '.') parts.push(part);
      else continue;
      const kind = this.kind('/' + parts.join('/'));
      if (!kind) return { errno: ERRNO_NOENT };
      if (kind === FILETYPE_REGULAR_FILE && i < segments.length - 1) return { errno: ERRNO_NOTDIR };
    }
    const name = '/' + parts.join('/');
    return { name, kind: this.kind(name) };
  }
  // path_open(): a descriptor, or an errno as a negative number.
  openFile(path, oflags, rights, fdflags) {
    const found = this.resolve(path);
    const writing = (oflags & OFLAGS_WRITING) || (rights & RIGHTS_WRITING) || (fdflags & FDFLAGS_APPEND);
    if (found.errno) return -(writing && found.errno === ERRNO_NOENT && (oflags & OFLAGS_CREAT) ? ERRNO_ROFS : found.errno);
    if (found.kind === FILETYPE_DIRECTORY)
      return -(writing ? ERRNO_ISDIR : oflags & OFLAGS_DIRECTORY ? ERRNO_NOTSUP : ERRNO_ISDIR);
    if (oflags & OFLAGS_DIRECTORY) return -ERRNO_NOTDIR;
    if (writing) return -ERRNO_ROFS;
    const fd = this.next++;
    this.open.set(fd, { data: this.files.get(found.name), offset: 0 });
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
  // Whether [pointer, pointer + length) lies in the module's memory.
  const fits = (pointer, length) => pointer >= 0 && length >= 0 && pointer + length <= memory().buffer.byteLength;
  // The [base, length] of `count` iovecs at `iovs`, or null if any lies
  // outside memory.
  const iovecs = (iovs, count) => {
    if (!fits(iovs, 8 * count)) return null;
    const buffers = [];
    for (let i = 0; i < count; i++) {
      const base = view().getUint32(iovs + 8 * i, true);
      const length = view().getUint32(iovs + 8 * i + 4, true);
      if (!fits(base, length)) return null;
      buffers.push([base, length]);
    }
    return buffers;
  };
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
      const buffers = iovecs(iovs, count);
      if (!buffers || !fits(written, 4)) return ERRNO_FAULT;
      let total = 0;
      for (const [base, length] of buffers) {
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
      if (fd === ROOT_FD) return ERRNO_NOTSUP; // the one directory stays open
      return fs.open.delete(fd) ? ERRNO_SUCCESS : ERRNO_BADF;
    },
    fd_read(fd, iovs, count, read) {
      const file = fs.open.get(fd);
      if (!file) return ERRNO_BADF;
      const buffers = iovecs(iovs, count);
      if (!buffers || !fits(read, 4)) return ERRNO_FAULT;
      let total = 0;
      for (const [base, length] of buffers) {
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
      if (!fits(out, 8)) return ERRNO_FAULT;
      const base = [0, file.offset, file.data.length][whence];
      if (base === undefined) return ERRNO_INVAL;
      const position = BigInt(base) + BigInt(offset);
      if (position < 0n) return ERRNO_INVAL;
      if (position > LARGEST_OFFSET) return ERRNO_OVERFLOW;
      file.offset = Number(position);
      view().setBigUint64(out, position, true);
      return ERRNO_SUCCESS;
    },
    fd_tell(fd, out) {
      const file = fs.open.get(fd);
      if (!file) return ERRNO_BADF;
      if (!fits(out, 8)) return ERRNO_FAULT;
      view().setBigUint64(out, BigInt(file.offset), true);
      return ERRNO_SUCCESS;
    },
    // The standard descriptors say nothing (stdio buffers their output as
    // it would a file's); the root is a directory, an open file a file.
    fd_fdstat_get(fd, out) {
      const type = fd === ROOT_FD ? FILETYPE_DIRECTORY : fs.open.has(fd) ? FILETYPE_REGULAR_FILE : 0;
      if (!type) return ERRNO_BADF;
      if (!fits(out, 24)) return ERRNO_FAULT;
      bytes().fill(0, out, out + 24);
      view().setUint8(out, type);
      view().setBigUint64(out + 8, type === FILETYPE_DIRECTORY ? RIGHTS_ALL : RIGHTS_READING, true);
      view().setBigUint64(out + 16, type === FILETYPE_DIRECTORY ? RIGHTS_ALL : 0n, true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags: (fd) => (fd === ROOT_FD || fs.open.has(fd) ? ERRNO_NOTSUP : ERRNO_BADF),
    fd_filestat_get(fd, out) {
      const file = fs.open.get(fd);
      if (!file && fd !== ROOT_FD) return ERRNO_BADF;
      if (!fits(out, 64)) return ERRNO_FAULT;
      bytes().fill(0, out, out + 64);
      view().setUint8(out + 16, file ? FILETYPE_REGULAR_FILE : FILETYPE_DIRECTORY);
      view().setBigUint64(out + 24, 1n, true);
      view().setBigUint64(out + 32, BigInt(file ? file.data.length : 0), true);
      return ERRNO_SUCCESS;
    },
    // One preopened directory, "/": wasi-libc's fopen() opens every
    // absolute path in it.
    fd_prestat_get(fd, out) {
      if (fd !== ROOT_FD) return ERRNO_BADF;
      if (!fits(out, 8)) return ERRNO_FAULT;
      view().setUint32(out, 0, true); // a directory
      view().setUint32(out + 4, 1, true); // its name's length
      return ERRNO_SUCCESS;
    },
    fd_prestat_dir_name(fd, path, length) {
      if (fd !== ROOT_FD) return ERRNO_BADF;
      if (length < 1) return ERRNO_INVAL;
      if (!fits(path, 1)) return ERRNO_FAULT;
      bytes()[path] = 0x2f; // '/'
      return ERRNO_SUCCESS;
    },
    path_open(dirfd, dirflags, path, length, oflags, rightsBase, rightsInheriting, fdflags, out) {
      if (dirfd !== ROOT_FD) return fs.open.has(dirfd) ? ERRNO_NOTDIR : ERRNO_BADF;
      if (!fits(path, length) || !fits(out, 4)) return ERRNO_FAULT;
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
