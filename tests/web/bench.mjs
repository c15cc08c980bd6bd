// SPDX-License-Identifier: MIT
// Random playouts per second of the same C function (web_bench_playouts,
// examples/web/glue.c) natively (build-web's web-bench, with the kernel the
// library chooses and with the portable one), as WebAssembly in
// Node and as WebAssembly in headless Chromium (examples/web/bench.html),
// in one run, each the median of its rounds; then the page's size. Not a
// test: it prints figures.
//
//   node tests/web/bench.mjs [--games N] [--rounds R]   (default 50000, 5)
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM, launch, serve, sourceRoot, webRoot } from './harness.mjs';
import { pageSize } from './page_size.mjs';
import { loadPackeis } from '../../examples/web/engine.js';
import { benchmark } from '../../examples/web/bench.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const games = option('games', 50000);
const rounds = option('rounds', 5);
const webBench = process.env.WEB_BENCH || join(sourceRoot, 'build-web', 'examples', 'web', 'web-bench');

// Round after round, each place in turn (so that all see the same machine,
// whose speed varies from second to second): natively with the kernel the
// library picks here (BMI2 where the processor has it) and with the portable
// kernel, the one WebAssembly gets; in Node; in Chromium.
async function nativeRate(kernel, seed) {
  const env = { ...process.env };
  if (kernel) env.PACKEIS_KERNEL = kernel;
  const { stdout } = await promisify(execFile)(webBench, ['--games', games, '--rounds', 1, '--seed', seed], { env });
  return Number(stdout.match(/native: (\d+)/)[1]);
}
const api = await loadPackeis();
const server = await serve();
const browser = await launch();
const page = await browser.context.newPage();
await page.goto(`${server.url}bench.html?rounds=0`);
await page.waitForSelector('body[data-ready]', { timeout: 60000 });
const rates = { native: [], generic: [], node: [], chromium: [] };
for (let r = 0; r < rounds; r++) {
  const seed = 1 + r * games;
  rates.native.push(await nativeRate('', seed));
  rates.generic.push(await nativeRate('generic', seed));
  rates.node.push(benchmark(api, { games, rounds: 1, seed }).median);
  rates.chromium.push(await page.evaluate(([n, s]) => window.packeisBench(n, s), [games, seed]));
}
await browser.close();
await server.close();
const median = (list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)];
const native = median(rates.native);
const generic = median(rates.generic);
const node = median(rates.node);
const chromium = median(rates.chromium);
const version = (await promisify(execFile)(CHROMIUM, ['--version'])).stdout.match(/[0-9][0-9.]+/)?.[0] ?? '';

const row = (name, rate) => `| ${name} | ${rate.toLocaleString('en')} | ${(rate / native).toFixed(2)} |`;
console.log(`Random playouts per second (2 players, standard board, from the start; median of ${rounds} rounds of ${games}, the four places in turn in each round):\n`);
console.log('| where | playouts/s | vs native |');
console.log('|---|---:|---:|');
console.log(row('native, the kernel chosen at run time (web-bench)', native));
console.log(row('native, the portable kernel (PACKEIS_KERNEL=generic)', generic));
console.log(row(`WebAssembly in Node ${process.versions.node}`, node));
console.log(row(`WebAssembly in Chromium ${version}`, chromium));

console.log(`\n${await pageSize(webRoot)}`);
