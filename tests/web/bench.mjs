// SPDX-License-Identifier: MIT
// Random playouts per second of the same C function (web_bench_playouts,
// examples/web/glue.c) natively (build-web's web-bench, with the kernel the
// library chooses and with the portable one), as WebAssembly in
// Node and as WebAssembly in headless Chromium (examples/web/bench.html),
// in one run, each the median of its rounds, by CPU time (the figures to
// compare on a shared machine) and by wall-clock time; then the page's size.
// CPU time: web-bench's own (CLOCK_PROCESS_CPUTIME_ID), Node's
// process.cpuUsage(), the thread time of the Chromium page's task from a
// trace. Not a test: it prints figures.
//
//   node tests/web/bench.mjs [--games N] [--rounds R]   (default 50000, 5)
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM, launch, openBenchPage, serve, sourceRoot, startTrace, traceTasks, webRoot } from './harness.mjs';
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
// kernel, the one WebAssembly gets; in Node; in Chromium. Each gives
// {wall, cpu} in playouts per second.
async function nativeRate(kernel, seed) {
  const env = { ...process.env };
  if (kernel) env.PACKEIS_KERNEL = kernel;
  const { stdout } = await promisify(execFile)(webBench, ['--games', games, '--rounds', 1, '--seed', seed], { env });
  const [, wall, cpu] = stdout.match(/native: (\d+) playouts\/s .*, (\d+) playouts\/s by CPU time/);
  return { wall: Number(wall), cpu: Number(cpu) };
}
function nodeRate(seed) {
  const before = process.cpuUsage();
  const wall = benchmark(api, { games, rounds: 1, seed }).median;
  const used = process.cpuUsage(before);
  return { wall, cpu: games / ((used.user + used.system) / 1e6) };
}
async function chromiumRate(seed) {
  const stop = await startTrace(page);
  const wall = await page.evaluate(([n, s]) => window.packeisBench(n, s), [games, seed]);
  const task = Math.max(...traceTasks(await stop()).filter((t) => t.thread === 'CrRendererMain').map((t) => t.cpu));
  return { wall, cpu: games / (task / 1000) };
}
const api = await loadPackeis();
const server = await serve();
const browser = await launch();
const page = await openBenchPage(browser, server);
const rates = { native: [], generic: [], node: [], chromium: [] };
for (let r = 0; r < rounds; r++) {
  const seed = 1 + r * games;
  rates.native.push(await nativeRate('', seed));
  rates.generic.push(await nativeRate('generic', seed));
  rates.node.push(nodeRate(seed));
  rates.chromium.push(await chromiumRate(seed));
}
await browser.close();
await server.close();
const median = (list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)];
const figures = (where) => ({ cpu: Math.round(median(rates[where].map((x) => x.cpu))), wall: median(rates[where].map((x) => x.wall)) });
const native = figures('native');
const version = (await promisify(execFile)(CHROMIUM, ['--version'])).stdout.match(/[0-9][0-9.]+/)?.[0] ?? '';

const row = (name, { cpu, wall }) =>
  `| ${name} | ${cpu.toLocaleString('en')} | ${(cpu / native.cpu).toFixed(2)} | ${wall.toLocaleString('en')} | ${(wall / native.wall).toFixed(2)} |`;
console.log(`Random playouts per second (2 players, standard board, from the start; median of ${rounds} rounds of ${games}, the four places in turn in each round):\n`);
console.log('| where | by CPU time | vs native | wall-clock | vs native |');
console.log('|---|---:|---:|---:|---:|');
console.log(row('native, the kernel chosen at run time (web-bench)', native));
console.log(row('native, the portable kernel (PACKEIS_KERNEL=generic)', figures('generic')));
console.log(row(`WebAssembly in Node ${process.versions.node}`, figures('node')));
console.log(row(`WebAssembly in Chromium ${version}`, figures('chromium')));
const generic = figures('generic').cpu;
console.log(`\nBy CPU time, WebAssembly in Node / the portable kernel: ${(figures('node').cpu / generic).toFixed(2)}, in Chromium: ${(figures('chromium').cpu / generic).toFixed(2)}`);

console.log(`\n${await pageSize(webRoot)}`);
