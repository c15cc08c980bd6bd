// SPDX-License-Identifier: MIT
// The browser game's size: every file the page loads (index.html,
// style.css, the six JavaScript modules and packeis.wasm), in bytes and
// gzipped (level 9), as the README quotes it. Needs no browser:
//
//   node tests/web/page_size.mjs          (after examples/web/build.sh)
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const PAGE_FILES = ['index.html', 'style.css', 'main.js', 'board.js', 'engine.js', 'wasi.js',
  'players.js', 'worker.js', 'packeis.wasm'];

export async function pageSize(webRoot) {
  let bytes = 0;
  let gzipped = 0;
  for (const file of PAGE_FILES) {
    const data = await readFile(join(webRoot, file));
    bytes += data.length;
    gzipped += gzipSync(data, { level: 9 }).length;
  }
  const wasm = (await readFile(join(webRoot, 'packeis.wasm'))).length;
  return `The page: ${bytes.toLocaleString('en')} bytes in ${PAGE_FILES.length} files (packeis.wasm ${wasm.toLocaleString('en')}), ${gzipped.toLocaleString('en')} gzipped`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'web');
  console.log(await pageSize(webRoot));
}
