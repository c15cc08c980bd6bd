// SPDX-License-Identifier: MIT
// The browser game (examples/web) in headless Chromium (tests/web/run):
//   - a person's whole game against a computer player, played by clicking,
//     with a move typed in notation, a refused move and an undo; the
//     standings on the page checked against the native library replaying
//     the record the page saved (examples/replay);
//   - a 4-player game between computer seats, to the end, checked the same
//     way;
//   - "move now" ends a long search at once;
//   - no long task (PerformanceObserver 'longtask', over 50 ms) on the
//     page's main thread during the computer's turns (its search and its
//     move's animation) that had 50 ms of CPU time (a trace tells the
//     shared machine's load apart);
//   - a screenshot (doc/web-screenshot.png is one);
//   - 20-digit seeds through links and the New game dialog, and a link
//     whose game cannot start saying so;
//   - keyboard focus visible on every floe and on the move list;
//   - at 1280 x 800, the status line and a refusal in view together, and
//     text that is no move told what a move looks like;
//   - the thinking panel's and the announcements' wording;
//   - the any-floe variant from the dialog and a link;
//   - every computer player the dialog offers plays a move;
//   - az's network refused by the server: the page says so and pauses,
//     and Resume, once the server gives it, has az play.
// Environment: REPLAY (examples/replay of a native build, default
// build-web/examples/replay), SCREENSHOT (where to save it, default
// build-web/web-screenshot.png), CHROMIUM (default /usr/bin/chromium).
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launch, pageTasks, serve, sourceRoot, startTrace } from './harness.mjs';

const REPLAY = process.env.REPLAY || join(sourceRoot, 'build-web', 'examples', 'replay');
const SCREENSHOT = process.env.SCREENSHOT || join(sourceRoot, 'build-web', 'web-screenshot.png');

let server, browser, scratch;
before(async () => {
  server = await serve();
  browser = await launch();
  scratch = await mkdtemp(join(tmpdir(), 'packeis-web-'));
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// Before the page's scripts: every long task, the times when a computer
// player is thinking (the page's body[data-turn] is 'computer') and the
// computer's turns: from a computer seat to move ('waiting') through its
// search to the end of its move's animation ('animating').
function watchMainThread() {
  window.__longTasks = [];
  window.__thinking = [];
  window.__computerTurns = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const spans = (list, inside) => {
    let since = null;
    return () => {
      const now = inside(document.body.dataset.turn);
      if (now && since === null) since = performance.now();
      if (!now && since !== null) {
        list.push([since, performance.now()]);
        since = null;
      }
    };
  };
  document.addEventListener('DOMContentLoaded', () => {
    const thinking = spans(window.__thinking, (turn) => turn === 'computer');
    const turns = spans(window.__computerTurns, (turn) => ['waiting', 'computer', 'animating'].includes(turn));
    new MutationObserver(() => {
      thinking();
      turns();
    }).observe(document.body, { attributes: true, attributeFilter: ['data-turn'] });
  });
}

// The trace of a page opened with {trace: true} (its tasks with their
// thread CPU time), from its opening: a long task in which the page's thread
// had the CPU for less than 50 ms was long because the shared machine ran
// something else, not because of the page. Page -> the trace's end, while
// it runs.
const traces = new Map();
// A test that failed before reading its trace leaves it running, and
// Chromium takes one trace at a time: it ends here.
afterEach(async () => {
  for (const [page, stop] of traces) {
    traces.delete(page);
    await stop().catch(() => {});
  }
});
// The main thread's tasks since the page opened: [{start, duration, cpu}]
// in the page's clock (ms).
async function mainThreadTasks(page) {
  const stop = traces.get(page);
  traces.delete(page);
  return (await pageTasks(page, stop))
    .filter((t) => t.thread === 'CrRendererMain')
    .map((t) => ({ start: t.start, duration: t.dur, cpu: t.cpu }));
}

async function open(query, { trace = false, routes = async () => {} } = {}) {
  const page = await browser.context.newPage();
  await routes(page);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(watchMainThread);
  if (trace) traces.set(page, await startTrace(page, 'toplevel,blink.user_timing'));
  await page.goto(server.url + query);
  await page.waitForSelector('body[data-ready]', { timeout: 20000 });
  return { page, errors };
}

const turn = (page) => page.evaluate(() => document.body.dataset.turn);
const plies = (page) => page.evaluate(() => Number(document.body.dataset.plies));

// Waits until a person is to move or the game is over.
async function waitForPerson(page, timeout = 60000) {
  await page.waitForFunction(() => ['person', 'over'].includes(document.body.dataset.turn), null, { timeout });
  return turn(page);
}

// The long tasks (PerformanceObserver 'longtask': over 50 ms) during the
// computer's turns, each with the CPU time the page's thread had in it
// (the tasks of the trace that overlap it): {long, blocking}, blocking
// those with more than 50 ms of CPU, which an idle machine would have run
// as long.
async function longTasksInComputerTurns(page) {
  const { long, turns } = await page.evaluate(() => ({ long: window.__longTasks, turns: window.__computerTurns }));
  const tasks = await mainThreadTasks(page);
  const overlap = (a, b) => a.start < b.start + b.duration && b.start < a.start + a.duration;
  const during = long
    .filter((task) => turns.some(([from, to]) => overlap(task, { start: from, duration: to - from })))
    .map((task) => ({ ...task, cpu: tasks.filter((t) => overlap(t, task)).reduce((sum, t) => sum + t.cpu, 0) }));
  return { long: during, blocking: during.filter((task) => task.cpu > 50) };
}

// The standings of the page, as "A 1 51 31" lines (player, place, fish, floes).
async function pageStandings(page) {
  return page.$$eval('#standings tbody tr', (rows) =>
    rows.map((r) => `${r.dataset.player} ${r.dataset.rank} ${r.dataset.fish} ${r.dataset.floes}`).sort());
}

// The standings the native library gives for the record the page saved.
async function nativeStandings(page, name) {
  const record = await page.inputValue('#record');
  const file = join(scratch, name);
  await writeFile(file, record);
  const { stdout } = await promisify(execFile)(REPLAY, [file]);
  const lines = [...stdout.matchAll(/player ([A-D]): place (\d+),\s*(\d+) fish,\s*(\d+) floes/g)];
  assert.ok(lines.length >= 2, `replay printed no standings:\n${stdout}`);
  return lines.map((m) => `${m[1]} ${m[2]} ${m[3]} ${m[4]}`).sort();
}

test("a person's whole game against a computer player, by clicking", { timeout: 240000 }, async () => {
  const { page, errors } = await open('?seed=11&players=2&seats=person,mcts-easy&speed=0.15', { trace: true });
  let refused = false;
  let undone = false;
  let typed = false;
  let screenshot = false;
  let movements = 0;
  while ((await waitForPerson(page)) === 'person') {
    const before = await plies(page);
    const placing = (await page.locator('.penguin.mine').count()) === 0;
    if (placing && !typed) {
      // One placement typed in notation: the first 1-fish floe offered.
      const name = await page.locator('.floe.target').first().getAttribute('data-name');
      await page.fill('#move-input', name);
      await page.press('#move-input', 'Enter');
      typed = true;
    } else if (placing) {
      await page.locator('.floe.target').first().click();
    } else {
      // Movement: the first penguin that can move, then its first destination.
      await page.locator('.penguin.mine').first().click();
      await page.waitForSelector('.floe.target');
      if (!refused) {
        // A floe that is not a destination and holds no penguin: refused
        // with the library's reason, and nothing is played.
        const cells = await page.$$eval('.floe:not(.target):not(.selected)', (floes) => floes.map((f) => f.dataset.cell));
        const occupied = await page.$$eval('.penguin', (ps) => ps.map((p) => p.dataset.cell));
        const cell = cells.find((c) => !occupied.includes(c));
        await page.locator(`.floe[data-cell="${cell}"]`).click();
        const reason = await page.textContent('#move-error');
        assert.match(reason, /not in line|blocked|gap|penguin/i, `no reason given: '${reason}'`);
        assert.equal(await plies(page), before, 'a refused move was played');
        assert.match(await page.textContent('#announce'), /^Refused/);
        refused = true;
      }
      if (!screenshot && movements === 2) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: SCREENSHOT, fullPage: true });
        screenshot = true;
      }
      await page.locator('.floe.target').first().click();
      movements++;
    }
    await page.waitForFunction((n) => Number(document.body.dataset.plies) > n, before);
    if (!undone && movements === 3) {
      // Undo: back to this person's turn before the last move.
      await waitForPerson(page);
      await page.click('#undo');
      await page.waitForFunction((n) => Number(document.body.dataset.plies) === n, before);
      assert.equal(await turn(page), 'person');
      assert.equal(await page.locator('#redo').isEnabled(), true);
      undone = true;
    }
  }
  assert.ok(typed && refused && undone && screenshot, 'the game ended before every check was made');
  assert.equal(await page.locator('#result').isVisible(), true, 'no standings shown');
  const standings = await pageStandings(page);
  assert.equal(standings.length, 2);
  assert.deepEqual(standings, await nativeStandings(page, 'person.txt'));
  // The move list steps back through the game and forward again.
  const total = await plies(page);
  await page.click('#moves button[data-plies="9"]');
  assert.equal(await plies(page), 9);
  assert.ok(['paused', 'person'].includes(await turn(page)), 'a computer played on while looking back');
  assert.equal(await page.locator('#result').isVisible(), false);
  await page.click(`#moves button[data-plies="${total}"]`);
  assert.equal(await turn(page), 'over');
  assert.deepEqual(await pageStandings(page), standings);
  assert.ok((await page.evaluate(() => window.__thinking.length)) > 10, 'the computer player never thought');
  const { long, blocking } = await longTasksInComputerTurns(page);
  assert.deepEqual(blocking, [], `the main thread was blocked during the computer's turns (long tasks: ${JSON.stringify(long)})`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 4-player game between computer seats, to the end', { timeout: 300000 }, async () => {
  const { page, errors } = await open('?seed=5&players=4&seats=greedy-normal,mcts-easy,alphabeta-easy,montecarlo-easy&speed=0.05', { trace: true });
  assert.equal(await waitForPerson(page, 280000), 'over');
  const standings = await pageStandings(page);
  assert.equal(standings.length, 4);
  assert.deepEqual(standings, await nativeStandings(page, 'four.txt'));
  assert.match(await page.inputValue('#record'), /\[Players "4"\]/);
  const { long, blocking } = await longTasksInComputerTurns(page);
  assert.deepEqual(blocking, [], `the main thread was blocked during the computer's turns (long tasks: ${JSON.stringify(long)})`);
  assert.deepEqual(errors, []);
  await page.close();
});

// Routes the page's players.js to one where mcts-maximum's budget is
// endless (1e9 playouts, 600 s): its own (150,000 playouts) can end before
// "move now" is clicked on a fast machine. `served` counts the budgets
// replaced in each copy served (2 if players.js still has them).
function endlessMctsMaximum(served) {
  return (page) => page.route('**/players.js', async (route) => {
    const response = await route.fetch();
    const source = await response.text();
    const endless = source
      .replace('mcts: { easy: 1000, normal: 5000, strong: 25000, maximum: 150000 }',
        'mcts: { easy: 1000, normal: 5000, strong: 25000, maximum: 1000000000 }')
      .replace('const SECONDS = { easy: 1, normal: 3, strong: 6, maximum: 15 }',
        'const SECONDS = { easy: 1, normal: 3, strong: 6, maximum: 600 }');
    served.push(endless.match(/1000000000 }|maximum: 600 }/g)?.length ?? 0);
    await route.fulfill({ response, body: endless });
  });
}

test('"move now" ends a long search with the best move so far', { timeout: 60000 }, async () => {
  const served = [];
  const { page, errors } = await open('?seed=3&players=2&seats=mcts-maximum,person&speed=0.1', { routes: endlessMctsMaximum(served) });
  assert.ok(served.length > 0 && served.every((n) => n === 2), `players.js served with endless budgets: ${served}`);
  await page.waitForFunction(() => /playouts\/s/.test(document.getElementById('speed').textContent), null, { timeout: 20000 });
  assert.equal(await plies(page), 0);
  assert.ok((await page.locator('.heat-fill:not([opacity="0"])').count()) > 0, 'no heatmap of the visits');
  assert.equal(await page.textContent('#thinking-heading'), 'A (MCTS, maximum) thinking');
  const asked = Date.now();
  await page.click('#move-now');
  await page.waitForFunction(() => Number(document.body.dataset.plies) === 1, null, { timeout: 5000 });
  assert.ok(Date.now() - asked < 5000);
  // What a screen reader hears: the move and who played it, not a speed.
  assert.match(await page.textContent('#announce'), /^Player A places a penguin on \w+\. \(MCTS, moved now\)$/);
  assert.equal(await waitForPerson(page), 'person');
  assert.deepEqual(errors, []);
  await page.close();
});

test('redo and a refused new game during a search: no move for the wrong player, no stuck computer', { timeout: 90000 }, async () => {
  const thinking = (page) => page.waitForFunction(() => !document.getElementById('thinking').hidden, null, { timeout: 20000 });
  const { page, errors } = await open('?seed=1&players=2&seats=person,mcts-maximum&speed=0', { routes: endlessMctsMaximum([]) });
  for (const ply of [1, 3]) { // A places, B is told to move now, twice
    await waitForPerson(page);
    await page.locator('.floe.target').first().click();
    await page.waitForFunction((n) => Number(document.body.dataset.plies) === n, ply);
    await thinking(page);
    await page.click('#move-now');
    await page.waitForFunction((n) => Number(document.body.dataset.plies) === n, ply + 1);
  }
  const line = await page.inputValue('#record');
  await waitForPerson(page);
  await page.click('#undo'); // back to A's turn: ply 2
  assert.equal(await plies(page), 2);
  await page.click('#redo'); // ply 3, B to move, paused
  await page.click('#resume');
  await thinking(page);
  // Redo during B's search: A is to move; B's answer must not be played
  // as A's (it was, since the search went on).
  await page.click('#redo');
  assert.equal(await plies(page), 4);
  assert.equal(await page.locator('#thinking').isHidden(), true, 'the search stopped');
  await page.waitForTimeout(500);
  assert.equal(await plies(page), 4);
  assert.equal(await turn(page), 'person');
  assert.equal(await page.inputValue('#record'), line);
  // A new game refused (a bad layout) during a computer's search: the game
  // goes on, its search too (it stopped for good).
  await page.goto(server.url + '?seed=5&players=2&seats=mcts-maximum,person&speed=0');
  await thinking(page);
  await page.click('#new-game-button');
  await page.fill('#layout', '1 2 x');
  await page.click('#start');
  assert.match(await page.textContent('#new-game-error'), /malformed/i);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#thinking').isHidden(), false, 'the search goes on');
  await page.click('#move-now');
  await page.waitForFunction(() => Number(document.body.dataset.plies) === 1, null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('redo drops a chosen penguin; a new game during an animation sinks none of its floes', { timeout: 90000 }, async () => {
  const { page, errors } = await open('?seed=2&players=2&seats=person,person&speed=0');
  for (let ply = 1; ply <= 8; ply++) { // the placements
    await page.locator('.floe.target').first().click();
    await page.waitForFunction((n) => Number(document.body.dataset.plies) === n, ply);
  }
  for (const ply of [9, 10]) { // A slides, then B
    await page.locator('.penguin.mine').first().click();
    await page.locator('.floe.target').first().click();
    await page.waitForFunction((n) => Number(document.body.dataset.plies) === n, ply);
  }
  await page.click('#undo'); // B to move again
  await page.locator('.penguin.mine').first().click();
  assert.equal(await page.locator('.floe.selected').count(), 1);
  await page.click('#redo'); // A to move: B's penguin stayed chosen, its floes A's targets
  assert.equal(await page.locator('.floe.selected').count(), 0);
  assert.match(await page.textContent('#status'), /choose a penguin/);
  // A slide animated slowly, and a new game started while it runs.
  await page.goto(server.url + '?seed=2&players=2&seats=person,person&speed=4');
  await page.waitForSelector('body[data-ready]');
  for (let ply = 1; ply <= 8; ply++) {
    await page.locator('.floe.target').first().click();
    await page.waitForFunction((n) => Number(document.body.dataset.plies) === n && document.body.dataset.turn === 'person', ply, { timeout: 10000 });
  }
  await page.locator('.penguin.mine').first().click();
  await page.locator('.floe.target').first().click();
  await page.waitForTimeout(300);
  await page.click('#new-game-button');
  await page.fill('#seed', '3');
  await page.click('#start');
  await page.waitForTimeout(3000); // the old animation's time, four times over
  assert.equal(await plies(page), 0);
  assert.equal(await page.locator('.floe.sinking').count(), 0, 'a floe of the new board sank');
  assert.equal(await turn(page), 'person');
  assert.ok((await page.locator('.floe.target').count()) > 0, 'nothing to place on');
  assert.deepEqual(errors, []);
  await page.close();
});

test('links and files a person may give: whole player counts, places in characters, a cleared file', { timeout: 60000 }, async () => {
  // ?players=2.5 made a game of 2 and a dialog with no count and 3 seats.
  const { page, errors } = await open('?seed=1&players=2.5&seats=person,person&speed=abc');
  assert.equal(new URL(page.url()).searchParams.get('players'), '2');
  assert.equal(new URL(page.url()).searchParams.get('speed'), null); // the default, not NaN
  await page.click('#new-game-button');
  assert.equal(await page.inputValue('#player-count'), '2');
  // A fault after text beyond ASCII: its place in characters, not bytes.
  const layout = '# café ☃☃☃\n1 2 x';
  await page.fill('#layout', layout);
  await page.click('#start');
  assert.match(await page.textContent('#new-game-error'), new RegExp(`character ${[...layout].indexOf('x') + 1} of`));
  await page.keyboard.press('Escape');
  // A file chosen, then the choice cleared: nothing thrown, the text kept.
  await page.click('#load-button');
  const file = join(scratch, 'some-record.txt');
  await writeFile(file, 'not a record');
  await page.setInputFiles('#load-file', file);
  await page.waitForFunction(() => document.getElementById('load-text').value === 'not a record');
  await page.setInputFiles('#load-file', []);
  await page.waitForTimeout(200);
  assert.equal(await page.inputValue('#load-text'), 'not a record');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a custom layout from a picture, a faulty one refused; a record loaded', { timeout: 60000 }, async () => {
  const { page, errors } = await open('?seed=9&players=2&seats=person,person&speed=0');
  await page.click('#new-game-button');
  await page.selectOption('#player-count', '2');
  // The 'x' is the 4th character of the picture: refused, and said where.
  await page.fill('#layout', '1 2x3\n');
  await page.click('#start');
  assert.match(await page.textContent('#new-game-error'), /malformed.*character 4/i);
  assert.equal(await page.locator('#new-game').isVisible(), true);
  // Three rows: a1-a4 (1 1 1 2 fish), b1-b3 (1 1 3), c1-c4 (1 1 1 2):
  // eight floes of one fish for the eight penguins.
  await page.fill('#layout', '1 1 1 2\n 1 1 3\n1 1 1 2\n');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('.floe').length === 11);
  assert.deepEqual(await page.$$eval('.floe', (fs) => fs.map((f) => f.dataset.name)),
    ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3', 'c4']);
  assert.deepEqual(await page.$$eval('.label', (ls) => ls.map((l) => l.textContent)), ['a', 'b', 'c', '1', '2', '3', '4']);
  assert.equal(await page.getAttribute('.floe[data-name="b3"]', 'aria-label'), 'b3, 3 fish, no penguin');
  assert.equal(new URL(page.url()).searchParams.get('layout'), '1 1 1 2\n 1 1 3\n1 1 1 2\n');
  // A placement by keyboard: focus a3, arrow right to a4 (2 fish: refused),
  // back left to a3, Enter.
  await page.focus('.floe[data-name="a3"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.name), 'a4');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#move-error'), /fish/i);
  assert.equal(await plies(page), 0);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.plies === '1');
  assert.match(await page.textContent('#announce'), /Player A places a penguin on a3/);
  const record = await page.inputValue('#record');
  assert.match(record, /\[Board "custom/);
  // Save downloads the same record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const saved = join(scratch, 'saved.txt');
  await download.saveAs(saved);
  assert.equal(await readFile(saved, 'utf8'), record);
  // A new standard game, then the record loaded back.
  await page.click('#new-game-button');
  await page.fill('#layout', '');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('.floe').length === 60);
  await page.click('#load-button');
  await page.fill('#load-text', 'not a record');
  await page.click('#load-start');
  assert.notEqual(await page.textContent('#load-error'), '');
  await page.fill('#load-text', record);
  await page.click('#load-start');
  await page.waitForFunction(() => document.querySelectorAll('.floe').length === 11);
  assert.equal(await plies(page), 1);
  assert.equal(await page.inputValue('#record'), record);
  assert.equal(await page.getAttribute('.penguin', 'data-cell'), '2');
  assert.deepEqual(errors, []);
  await page.close();
});

test('20-digit seeds round-trip through a link and the dialog; a faulty layout link says so', { timeout: 60000 }, async () => {
  // The largest seed, in a link: the board of that seed, and the link keeps it.
  const top = '18446744073709551615';
  let { page, errors } = await open(`?seed=${top}&players=2&seats=person,person&speed=0`);
  assert.equal(new URL(page.url()).searchParams.get('seed'), top);
  assert.match(await page.inputValue('#record'), new RegExp(`\\[Board "standard ${top}"\\]`));
  // The first board of packeis-tournament --seed 1, through the dialog.
  await page.click('#new-game-button');
  await page.fill('#seed', '10451216379200822465');
  await page.click('#start');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('seed') === '10451216379200822465');
  assert.match(await page.inputValue('#record'), /\[Board "standard 10451216379200822465"\]/);
  // One more than the largest: refused, with the range.
  await page.click('#new-game-button');
  await page.fill('#seed', '18446744073709551616');
  await page.click('#start');
  assert.match(await page.textContent('#new-game-error'), /0 to 18446744073709551615/);
  assert.deepEqual(errors, []);
  await page.close();
  // A link whose layout the library refuses: a standard game, and the page says why.
  ({ page, errors } = await open(`?seed=2&players=2&seats=person,person&speed=0&layout=${encodeURIComponent('1 2x3\n')}`));
  assert.match(await page.textContent('#status'), /cannot start.*a standard game instead/);
  assert.equal(await page.locator('.floe').count(), 60);
  await page.close();
});

test('keyboard focus shows on floes, selected or not, and on the move list', { timeout: 60000 }, async () => {
  const { page, errors } = await open('?seed=4&players=2&seats=person,person&speed=0');
  const ring = (name) => page.$eval(`.floe[data-name="${name}"] .ice`, (ice) => {
    const style = getComputedStyle(ice);
    return `${style.stroke} ${style.strokeWidth} ${style.strokeDasharray}`;
  });
  const plain = await ring('a1');
  await page.focus('.floe[data-name="a1"]');
  await page.keyboard.press('ArrowRight'); // keyboard focus: focus-visible
  const focused = await page.evaluate(() => document.activeElement.dataset.name);
  const ringFocused = await ring(focused);
  assert.notEqual(ringFocused, plain);
  assert.match(ringFocused, /^rgb\(255, 255, 255\) 5px/, 'the focus ring wins over the target ring');
  // A placement, then select that penguin's floe: selected and focused
  // differ from selected alone.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.plies === '1');
  const other = focused === 'a2' ? 'a3' : 'a2';
  assert.notEqual(await ring(focused), await ring(other));
  // A button of the move list: its focus ring lies inside the list's box.
  await page.focus('#moves button');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  const inside = await page.evaluate(() => {
    const button = document.activeElement;
    const list = button.closest('.moves');
    if (!list) return 'no button of the move list has the focus';
    const b = button.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    const reach = 3 + 2; // outline width and offset (style.css :focus-visible)
    return b.left - reach >= l.left && b.top - reach >= l.top ? 'inside' : `clipped: ${JSON.stringify([b, l])}`;
  });
  assert.equal(inside, 'inside');
  assert.deepEqual(errors, []);
  await page.close();
});

test('at 1280 x 800 the status line and a refusal are in view together', { timeout: 60000 }, async () => {
  const { page, errors } = await open('?seed=6&players=2&seats=person,person&speed=0');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.fill('#move-input', 'a1-a2');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#move-error').textContent.trim() !== '');
  const box = await page.evaluate(() => {
    const status = document.querySelector('#status').getBoundingClientRect();
    const error = document.querySelector('#move-error').getBoundingClientRect();
    return { statusTop: status.top, errorBottom: error.bottom, height: innerHeight };
  });
  assert.ok(box.statusTop >= 0 && box.errorBottom <= box.height, JSON.stringify(box));
  // Text that is no move at all is told what a move looks like.
  await page.fill('#move-input', 'zz');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /zz is not a move/.test(document.querySelector('#move-error').textContent));
  assert.match(await page.textContent('#move-error'), /floe \(c4\) to place a penguin, or FROM-TO \(c4-e5\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the any-floe variant: from the dialog and a link, in the record', { timeout: 60000 }, async () => {
  const { page, errors } = await open('?seed=8&players=2&seats=person,person&speed=0');
  // Without it a 3-fish floe is no place for a penguin; with it, it is.
  const three = await page.$eval('.floe[aria-label*="3 fish"]', (f) => f.dataset.name);
  await page.click(`.floe[data-name="${three}"]`);
  assert.match(await page.textContent('#move-error'), /fish/i);
  await page.click('#new-game-button');
  await page.check('#any-floe');
  await page.click('#start');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('anyfloe') === '1');
  assert.match(await page.textContent('#status'), /any free floe/);
  await page.click(`.floe[data-name="${three}"]`);
  await page.waitForFunction(() => document.body.dataset.plies === '1');
  assert.match(await page.inputValue('#record'), /\[Variants "any-floe"\]/);
  // The link starts the same variant.
  const link = page.url();
  await page.close();
  const again = await browser.context.newPage();
  await again.goto(link);
  await again.waitForSelector('body[data-ready]', { timeout: 20000 });
  assert.match(await again.inputValue('#record'), /\[Variants "any-floe"\]/);
  assert.deepEqual(errors, []);
  await again.close();
});

test('every computer player the New game dialog offers plays a move in the page', { timeout: 120000 }, async () => {
  const { page, errors } = await open('?seed=12&players=2&seats=person,person&speed=0');
  await page.click('#new-game-button');
  const offered = await page.$$eval('select[name="seat-0"] option', (options) => options.map((o) => o.value).filter((v) => v !== 'person'));
  await page.close();
  assert.ok(offered.includes('mcts') && offered.includes('random'), `offered: ${offered}`);
  for (const player of offered) {
    const { page: one, errors: its } = await open(`?seed=12&players=2&seats=${player}-easy,person&speed=0`);
    await one.waitForFunction(() => document.body.dataset.plies === '1' || /failed/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
    assert.doesNotMatch(await one.textContent('#status'), /failed/, `${player} offered but cannot play`);
    assert.deepEqual(its, []);
    await one.close();
  }
  assert.deepEqual(errors, []);
});

test("az's network not downloaded: the page says so and pauses; Resume tries again and az plays", { timeout: 120000 }, async () => {
  let refuse = true;
  const { page, errors } = await open('?seed=12&players=2&seats=az-easy,person&speed=0', {
    routes: (p) => p.route('**/az-default.pkaz', (route) => (refuse ? route.fulfill({ status: 404, body: 'gone' }) : route.continue())),
  });
  await page.waitForFunction(() => /Resume tries again/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
  assert.match(await page.textContent('#status'), /az-default\.pkaz could not be downloaded \(cannot load .*404/);
  assert.equal(await turn(page), 'paused');
  assert.equal(await page.isVisible('#resume'), true);
  assert.equal(await plies(page), 0);
  refuse = false;
  await page.click('#resume');
  await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 30000 });
  assert.equal(await turn(page), 'person');
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await page.close();
});
