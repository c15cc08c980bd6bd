// SPDX-License-Identifier: MIT
// The computer players' speed in the page against the same searches in bare
// WebAssembly: not a test, it prints figures.
//
//   node tests/web/search_speed.mjs [--rounds R] [--moves M] [--seats S] [--speed X]
//       (default 3 rounds, 24 moves, seats mcts-strong,mcts-strong, speed 1)
//
// Each round plays the first M moves of a game between computer seats in
// the page (examples/web/index.html in headless Chromium, animations on, as
// a person watching sees it) and records every search the worker was given
// (its 'think' message: the position's record, the player, its seed and
// budget) and when the answer came back. Then the same searches, in the same
// order with a player per seat kept from move to move as the worker keeps
// them, are played again in one call each (bench.js searchReplay): in a bare
// Chromium page (examples/web/bench.html) and in Node. The rate of each is
// its playouts over its wall-clock seconds, by phase (placement, movement);
// "in the page" is timed on the page's thread, from the message asking for
// the move to the answer, which is what a person waits for (the worker's
// own timing is shown beside it). Beside the wall-clock rates, which a
// shared machine makes noisy, the rates by thread CPU time from a Chromium
// trace: in the page the tasks of the worker's thread that end during a
// search (its slices, messages and setup; not the worker's warm-up), in the
// bare page its one task, in Node the
// process's CPU time. Printed: the medians of the rounds and the ratios
// page / bare Chromium.
import { CHROMIUM, launch, openBenchPage, pageTasks, serve, startTrace, traceTasks } from './harness.mjs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadPackeis, PHASE } from '../../examples/web/engine.js';
import { searchReplay } from '../../examples/web/bench.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const rounds = Number(option('rounds', 3));
const moves = Number(option('moves', 24));
const seats = option('seats', 'mcts-strong,mcts-strong');
const speed = option('speed', '1');

// Before the page's scripts: the searches the page asks of its worker, with
// the page's time of asking and of the answer.
function recordSearches() {
  window.__searches = [];
  const asked = new Map();
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...rest) {
      super(...rest);
      this.addEventListener('message', ({ data }) => {
        const search = asked.get(data.id);
        if (!search || data.type !== 'move') return;
        asked.delete(data.id);
        Object.assign(search, { answered: performance.now(), nodes: data.nodes, workerSeconds: data.seconds });
        window.__searches.push(search);
      });
    }
    postMessage(message, ...rest) {
      if (message?.type === 'think') asked.set(message.id, { think: message, asked: performance.now() });
      return super.postMessage(message, ...rest);
    }
  };
}

// The CPU time of each task of each thread while `body` runs (a trace):
// {result, tasks: {thread name: [ms of each task]}}.
async function threadTimes(page, body) {
  const stop = await startTrace(page);
  const result = await body();
  const tasks = {};
  for (const task of traceTasks(await stop())) (tasks[task.thread] ??= []).push(task.cpu);
  return { result, tasks };
}
const sum = (list = []) => list.reduce((total, x) => total + x, 0);

async function playInPage(browser, url) {
  const page = await browser.context.newPage();
  await page.addInitScript(recordSearches);
  const stop = await startTrace(page, 'toplevel,blink.user_timing');
  await page.goto(`${url}?seed=7&players=${seats.split(',').length}&seats=${seats}&speed=${speed}`);
  await page.waitForFunction((n) => window.__searches.length >= n || document.body.dataset.turn === 'over', moves, { timeout: 600000 });
  const searches = await page.evaluate((n) => window.__searches.slice(0, n), moves);
  // The worker thread's tasks during the searches (those that start in
  // one; the last ends after posting the answer): the searches, their slices
  // and messages, not the warm-up at the worker's start.
  const during = (task) => searches.some((s) => task.start >= s.asked && task.start < s.answered);
  const tasks = (await pageTasks(page, stop)).filter((t) => t.thread === 'DedicatedWorker thread' && during(t));
  await page.close();
  return { searches, cpu: sum(tasks.map((t) => t.cpu)) / 1000 };
}

// The same searches in the bare page, one task: its wall-clock timings and
// that task's thread time.
async function replayInBarePage(bare, searches) {
  const { result, tasks } = await threadTimes(bare, () => bare.evaluate((list) => window.packeisSearches(list), searches));
  // A trace that lost the task (it happened once) gives no CPU figure.
  const cpu = Math.max(...(tasks.CrRendererMain ?? [0])) / 1000;
  return { timed: result, cpu: cpu >= 0.5 * sum(result.map((t) => t.seconds)) ? cpu : NaN };
}

const api = await loadPackeis();
const phaseOf = (record) => {
  const game = api.loadRecord(record);
  const phase = game.phase;
  game.free();
  return phase === PHASE.PLACEMENT ? 'placement' : 'movement';
};

// Playouts per second by phase: {placement, movement, all}.
function rates(searches, timed) {
  const sum = {};
  searches.forEach((search, k) => {
    for (const key of [search.phase, 'all']) {
      sum[key] ??= { nodes: 0, seconds: 0 };
      sum[key].nodes += timed[k].nodes;
      sum[key].seconds += timed[k].seconds;
    }
  });
  return Object.fromEntries(Object.entries(sum).map(([key, { nodes, seconds }]) => [key, nodes / seconds]));
}

const server = await serve();
const browser = await launch();
const bare = await openBenchPage(browser, server);
const results = { page: [], worker: [], chromium: [], node: [] };
const cpu = { page: [], chromium: [], node: [] };
let count = 0;
for (let r = 0; r < rounds; r++) {
  const { searches: played, cpu: pageCpu } = await playInPage(browser, server.url);
  const searches = played.map(({ think }) => ({ ...think, phase: phaseOf(think.record) }));
  count = searches.length;
  const nodes = sum(played.map((s) => s.nodes));
  results.page.push(rates(searches, played.map((s) => ({ nodes: s.nodes, seconds: (s.answered - s.asked) / 1000 }))));
  results.worker.push(rates(searches, played.map((s) => ({ nodes: s.nodes, seconds: s.workerSeconds }))));
  cpu.page.push(nodes / pageCpu);
  const inBare = await replayInBarePage(bare, searches);
  results.chromium.push(rates(searches, inBare.timed));
  cpu.chromium.push(sum(inBare.timed.map((t) => t.nodes)) / inBare.cpu);
  const before = process.cpuUsage();
  const inNode = searchReplay(api, searches);
  const used = process.cpuUsage(before);
  results.node.push(rates(searches, inNode));
  cpu.node.push(sum(inNode.map((t) => t.nodes)) / ((used.user + used.system) / 1e6));
}
await browser.close();
await server.close();

const median = (all) => {
  const list = all.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  return list[Math.floor(list.length / 2)] ?? NaN;
};
const phases = ['placement', 'movement', 'all'];
const figure = (where) => Object.fromEntries(phases.map((p) => [p, median(results[where].map((r) => r[p] ?? 0))]));
const table = { page: figure('page'), worker: figure('worker'), chromium: figure('chromium'), node: figure('node') };
const version = (await promisify(execFile)(CHROMIUM, ['--version'])).stdout.match(/[0-9][0-9.]+/)?.[0] ?? '';
const cell = (rate) => Math.round(rate).toLocaleString('en');
console.log(`MCTS playouts per second, seats ${seats}, the first ${count} moves of seed 7 at speed ${speed} (median of ${rounds} rounds):\n`);
console.log('| where | placement | movement | all (wall-clock) | all (CPU time) |');
console.log('|---|---:|---:|---:|---:|');
const rows = [
  ['in the page (asked to answered, on the page\'s thread; CPU: the worker thread\'s tasks in the searches)', 'page'],
  ['in the page (the worker\'s own timing)', 'worker'],
  [`bare WebAssembly in Chromium ${version} (bench.html)`, 'chromium'],
  [`bare WebAssembly in Node ${process.versions.node}`, 'node'],
];
for (const [name, key] of rows)
  console.log(`| ${name} | ${phases.map((p) => cell(table[key][p])).join(' | ')} | ${cpu[key] ? cell(median(cpu[key])) : ''} |`);
const ratio = (p) => (table.page[p] / table.chromium[p]).toFixed(2);
console.log(`| page / bare Chromium | ${phases.map(ratio).join(' | ')} | ${(median(cpu.page) / median(cpu.chromium)).toFixed(2)} |`);
