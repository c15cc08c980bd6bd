// SPDX-License-Identifier: MIT
// The files the page gives packeis.wasm (examples/web/wasi.js, a read-only
// file system under "/") and the az player that reads its network from
// one, in Node, without a browser (tests/web/run; after
// examples/web/build.sh):
//   - the WASI calls on a memory of their own: a file opened, read in
//     pieces, sought, closed; a missing file, a write, a directory refused
//     with the errno wasi-libc expects;
//   - paths resolved part by part; rights, seek limits and pointers outside
//     the module's memory refused;
//   - az offered, and its network found fetchable, or not (unreachable());
//   - az without its network, or with a truncated one, refuses to move and
//     says which file and why; with it, it plays a legal move;
//   - a network that cannot be fetched, or is not one (a server's page),
//     or whose download is stopped: the error names it, nothing is kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadPackeis } from '../../examples/web/engine.js';
import { forgetFiles, playable, provideFiles, unreachable } from '../../examples/web/players.js';
import { wasiImports } from '../../examples/web/wasi.js';

const webRoot = fileURLToPath(new URL('../../examples/web', import.meta.url));
const NETWORK = '/models/az-default.pkaz';
const ERRNO = { SUCCESS: 0, BADF: 8, FAULT: 21, INVAL: 28, ISDIR: 31, NOENT: 44, NOTDIR: 54, NOTSUP: 58, OVERFLOW: 61, ROFS: 69 };
const READING = (1n << 1n) | (1n << 2n); // fd_read, fd_seek

// The WASI functions on a memory of one page, with `files`.
function fileSystem(files) {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const wasi = wasiImports(() => memory, files).wasi_snapshot_preview1;
  const view = new DataView(memory.buffer);
  const bytes = new Uint8Array(memory.buffer);
  const open = (path, oflags = 0, rights = READING, fdflags = 0) => {
    const text = new TextEncoder().encode(path);
    bytes.set(text, 1024);
    const errno = wasi.path_open(3, 1, 1024, text.length, oflags, rights, 0n, fdflags, 0);
    return errno === ERRNO.SUCCESS ? { fd: view.getUint32(0, true) } : { errno };
  };
  // fd_read into two buffers of `sizes`: [errno, the bytes read].
  const read = (fd, ...sizes) => {
    let base = 4096;
    sizes.forEach((size, i) => {
      view.setUint32(16 + 8 * i, base, true);
      view.setUint32(20 + 8 * i, size, true);
      base += size;
    });
    const errno = wasi.fd_read(fd, 16, sizes.length, 8);
    return [errno, Array.from(bytes.subarray(4096, 4096 + view.getUint32(8, true)))];
  };
  return { wasi, view, bytes, open, read };
}

test('the preopened "/" and a file read in pieces, sought, closed', () => {
  const fs = fileSystem(new Map([['/a/b.bin', new Uint8Array([1, 2, 3, 4, 5, 6, 7])]]));
  assert.equal(fs.wasi.fd_prestat_get(3, 0), ERRNO.SUCCESS);
  assert.equal(fs.view.getUint32(4, true), 1);
  assert.equal(fs.wasi.fd_prestat_dir_name(3, 100, 1), ERRNO.SUCCESS);
  assert.equal(fs.bytes[100], '/'.charCodeAt(0));
  assert.equal(fs.wasi.fd_prestat_get(4, 0), ERRNO.BADF); // the only preopen
  const { fd } = fs.open('a/./b.bin');
  assert.ok(fd > 3);
  assert.deepEqual(fs.read(fd, 2, 3), [ERRNO.SUCCESS, [1, 2, 3, 4, 5]]);
  assert.deepEqual(fs.read(fd, 4), [ERRNO.SUCCESS, [6, 7]]);
  assert.deepEqual(fs.read(fd, 4), [ERRNO.SUCCESS, []]); // the end
  assert.equal(fs.wasi.fd_seek(fd, -3n, 2, 32), ERRNO.SUCCESS); // SEEK_END
  assert.equal(fs.view.getBigUint64(32, true), 4n);
  assert.deepEqual(fs.read(fd, 1), [ERRNO.SUCCESS, [5]]);
  assert.equal(fs.wasi.fd_seek(fd, -9n, 1, 32), ERRNO.INVAL); // before the start
  assert.equal(fs.wasi.fd_filestat_get(fd, 200), ERRNO.SUCCESS);
  assert.equal(fs.view.getBigUint64(232, true), 7n); // its size
  assert.equal(fs.wasi.fd_close(fd), ERRNO.SUCCESS);
  assert.equal(fs.wasi.fd_close(fd), ERRNO.BADF);
  assert.equal(fs.read(fd, 1)[0], ERRNO.BADF);
});

test('a missing file, a write, a directory: refused, nothing opened', () => {
  const fs = fileSystem(new Map([['/f', new Uint8Array([9])], ['/models/m.bin', new Uint8Array([8])]]));
  assert.deepEqual(fs.open('g'), { errno: ERRNO.NOENT });
  assert.deepEqual(fs.open('f', 1 | 8), { errno: ERRNO.ROFS }); // O_CREAT | O_TRUNC
  assert.deepEqual(fs.open('g', 1), { errno: ERRNO.ROFS });
  assert.deepEqual(fs.open('f', 0, READING | (1n << 6n)), { errno: ERRNO.ROFS }); // fd_write
  assert.deepEqual(fs.open('f', 0, READING, 1), { errno: ERRNO.ROFS }); // O_APPEND
  assert.deepEqual(fs.open('f', 2), { errno: ERRNO.NOTDIR }); // O_DIRECTORY
  assert.deepEqual(fs.open('f/'), { errno: ERRNO.NOTDIR });
  assert.deepEqual(fs.open('f/..'), { errno: ERRNO.NOTDIR });
  assert.deepEqual(fs.open(''), { errno: ERRNO.ISDIR });
  assert.deepEqual(fs.open('models'), { errno: ERRNO.ISDIR });
  assert.deepEqual(fs.open('models', 2), { errno: ERRNO.NOTSUP }); // no folder descriptors
  assert.deepEqual(fs.open('models', 0, READING | (1n << 6n)), { errno: ERRNO.ISDIR });
  assert.deepEqual(fs.open('nothing/../f', 0), { errno: ERRNO.NOENT }); // each part must be there
  const { fd } = fs.open('f');
  assert.equal(fd, 4); // the first descriptor given: none was spent above
  assert.equal(fs.wasi.fd_write(fd, 16, 0, 8), ERRNO.BADF);
  assert.equal(fs.wasi.fd_fdstat_set_flags(fd, 1), ERRNO.NOTSUP);
  assert.equal(fs.wasi.fd_fdstat_set_flags(99, 1), ERRNO.BADF);
  assert.equal(fs.wasi.fd_close(3), ERRNO.NOTSUP); // "/" stays open
  assert.ok(fs.open('models/../models/./m.bin').fd > fd); // ".." as a file system resolves it
});

test('the rights of an open file, its seek limits, pointers outside memory', () => {
  const fs = fileSystem(new Map([['/f', new Uint8Array(10)]]));
  const { fd } = fs.open('f');
  assert.equal(fs.wasi.fd_fdstat_get(fd, 64), ERRNO.SUCCESS);
  assert.equal(fs.view.getUint8(64), 4); // a regular file
  const rights = fs.view.getBigUint64(72, true);
  assert.equal(rights & ((1n << 6n) | 1n), 0n); // no fd_write, no fd_datasync
  assert.equal(rights & ((1n << 1n) | (1n << 2n) | (1n << 21n)), (1n << 1n) | (1n << 2n) | (1n << 21n));
  assert.equal(fs.wasi.fd_seek(fd, 2n ** 62n, 0, 32), ERRNO.OVERFLOW);
  assert.equal(fs.wasi.fd_seek(fd, 5n, 0, 32), ERRNO.SUCCESS);
  assert.equal(fs.wasi.fd_seek(fd, 2n ** 63n - 1n, 1, 32), ERRNO.OVERFLOW);
  assert.equal(fs.wasi.fd_seek(fd, 0n, 7, 32), ERRNO.INVAL); // no such whence
  assert.equal(fs.wasi.fd_tell(fd, 32), ERRNO.SUCCESS);
  assert.equal(fs.view.getBigUint64(32, true), 5n); // unchanged by the refusals
  const end = fs.bytes.length;
  assert.equal(fs.wasi.fd_seek(fd, 0n, 0, end - 4), ERRNO.FAULT);
  assert.equal(fs.wasi.fd_read(fd, end - 4, 1, 8), ERRNO.FAULT); // the iovec itself
  fs.view.setUint32(16, end - 2, true);
  fs.view.setUint32(20, 4, true);
  assert.equal(fs.wasi.fd_read(fd, 16, 1, 8), ERRNO.FAULT); // its buffer
  assert.equal(fs.wasi.fd_tell(fd, 32), ERRNO.SUCCESS);
  assert.equal(fs.view.getBigUint64(32, true), 5n); // nothing read
  assert.equal(fs.wasi.path_open(3, 1, end - 2, 8, 0, READING, 0n, 0, 0), ERRNO.FAULT);
  fs.view.setUint32(20, 0, true); // an empty buffer to standard output
  assert.equal(fs.wasi.fd_write(1, 16, 1, end - 2), ERRNO.FAULT); // where its count goes
});

test('az: offered, refuses without its network and says why, plays with it', async () => {
  const api = await loadPackeis();
  assert.ok(playable(api).includes('az'));
  assert.deepEqual(await unreachable(), []);
  const game = api.newGame({ seed: 5n });
  const before = game.saveRecord();
  const az = api.newPlayer('az', 1n);
  try {
    assert.throws(() => az.choose(game, { nodes: 10 }), /cannot open the weights file '\/models\/az-default\.pkaz'/);
    const network = await readFile(join(webRoot, 'az-default.pkaz'));
    api.addFile('/models//./az-default.pkaz', network.subarray(0, 1000)); // a plain path kept
    assert.throws(() => az.choose(game, { nodes: 10 }), /'\/models\/az-default\.pkaz' is truncated: 1000 bytes/);
    assert.equal(game.saveRecord(), before);
    forgetFiles(api, 'az');
    assert.ok(!api.hasFile(NETWORK));
    await provideFiles(api, 'az');
    assert.equal(api.files.get(NETWORK).length, network.length);
    const { move, report } = az.choose(game, { nodes: 50 });
    assert.ok(game.legalMoves().includes(move), `az chose ${move}`);
    assert.equal(report.nodes, 50);
    assert.throws(() => api.addFile('models/x', new Uint8Array(1)), /not an absolute path/);
  } finally {
    az.free();
    game.free();
  }
});

test('a network that cannot be fetched, or is not one: named, nothing kept', async (t) => {
  const api = await loadPackeis();
  const scratch = await mkdtemp(join(tmpdir(), 'packeis-files-'));
  t.after(() => rm(scratch, { recursive: true, force: true }));
  const page = join(scratch, 'index.html');
  await writeFile(page, '<!doctype html><p>not found</p>');
  const missing = { az: [{ path: NETWORK, url: pathToFileURL(join(scratch, 'none.pkaz')), magic: 'PKAZ' }] };
  const html = { az: [{ path: NETWORK, url: pathToFileURL(page), magic: 'PKAZ' }] };
  assert.deepEqual(await unreachable(missing), ['az']);
  await assert.rejects(provideFiles(api, 'az', { files: missing }), /az: none\.pkaz could not be downloaded \(/);
  await assert.rejects(provideFiles(api, 'az', { files: html }), /az: index\.html is not its file \(it does not start with PKAZ\)/);
  assert.ok(!api.hasFile(NETWORK));
  const controller = new AbortController();
  controller.abort(new Error('stopped'));
  await assert.rejects(provideFiles(api, 'az', { signal: controller.signal }), /could not be downloaded/);
  assert.ok(!api.hasFile(NETWORK));
});
