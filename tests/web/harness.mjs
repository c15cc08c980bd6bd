// SPDX-License-Identifier: MIT
// What the browser test and the benchmark share: a static server for
// examples/web on the loopback interface, and Debian's Chromium, headless,
// driven by playwright-core with a fresh profile.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const sourceRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const webRoot = join(sourceRoot, 'examples', 'web');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// Serves `root` as python3 -m http.server would (plain files, no special
// headers: no cross-origin isolation). Resolves to {url, close}.
export function serve(root = webRoot) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      done({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Launches headless Chromium with a fresh user-data-dir; resolves to
// {context, close}.
export async function launch() {
  const profile = await mkdtemp(join(tmpdir(), 'packeis-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

// A Chromium trace of the whole browser from now (default: the 'toplevel'
// category, every task with its thread CPU time); resolves to a function
// that ends it and resolves to its events.
export async function startTrace(page, categories = 'toplevel') {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    return events;
  };
}

// The tasks of a trace: [{thread (its name), pid, tid, ts, dur, cpu}], the
// times in ms (ts in the trace's clock), cpu the thread's CPU time in it.
export function traceTasks(events) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  return events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined)
    .map((e) => ({ thread: names.get(`${e.pid}:${e.tid}`) ?? '?', pid: e.pid, tid: e.tid, ts: e.ts / 1000, dur: e.dur / 1000, cpu: e.tdur / 1000 }));
}

// examples/web/bench.html, ready for calls (?rounds=0: no benchmark of its
// own), in a new page of `browser` (launch()) on `server` (serve()).
export async function openBenchPage(browser, server) {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}bench.html?rounds=0`);
  await page.waitForSelector('body[data-ready]', { timeout: 60000 });
  return page;
}

// Ends a trace begun with startTrace(page, 'toplevel,blink.user_timing')
// and resolves to the tasks of the page's renderer process (its main
// thread, its workers' threads) with `start` in the page's clock
// (performance.now(), ms), placed by a performance mark made now.
export async function pageTasks(page, stop) {
  const mark = await page.evaluate(() => performance.mark('packeis-clock').startTime);
  const events = await stop();
  const clock = events.find((e) => e.name === 'packeis-clock');
  if (!clock) throw new Error('the trace has no performance mark (category blink.user_timing)');
  return traceTasks(events)
    .filter((t) => t.pid === clock.pid)
    .map((t) => ({ ...t, start: mark + t.ts - clock.ts / 1000 }));
}
