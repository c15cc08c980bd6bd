// SPDX-License-Identifier: MIT
// The browser game's review panel (examples/web/review.js) in headless
// Chromium (tests/web/run):
//   - a finished game reviewed: one point of the graph and one row of the
//     list per ply, the marks and the exact plies as the review says, the
//     summary; the review saved as JSON is the one packeis-review --json
//     gives for the page's record with the page's reviewer (the same
//     library, native); a click on a row or on a point of the graph shows
//     the board after that move; screenshots at 1280 x 800 and 390 x 844
//     (doc/web-review-*.png are these);
//   - while the worker reviews, the page's thread has no long task and
//     answers a click on the move list at once;
//   - a review during a game between computer seats: their searches go on
//     between the plies reviewed, the review follows the line as it grows
//     (and when it changes) and ends with every ply;
//   - closing the panel stops the worker's review (at most the ply under
//     way comes after), opening it again goes on from there; a line
//     changed (undo, then another move) drops the plies from the change on;
//     a new game starts afresh;
//   - a 3-player game: a line of the graph per player.
// Environment: REVIEW (packeis-review of a native build, default
// build-web/examples/review/packeis-review), REVIEW_SCREENSHOTS (the
// directory for the screenshots, default build-web), CHROMIUM.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launch, pageTasks, serve, sourceRoot, startTrace } from './harness.mjs';

const REVIEW = process.env.REVIEW || join(sourceRoot, 'build-web', 'examples', 'review', 'packeis-review');
const SCREENSHOTS = process.env.REVIEW_SCREENSHOTS || join(sourceRoot, 'build-web');

let server, browser, scratch;
before(async () => {
  server = await serve();
  browser = await launch();
  scratch = await mkdtemp(join(tmpdir(), 'packeis-web-review-'));
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// Every long task of the page's thread (PerformanceObserver 'longtask').
function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function open(query, { trace = false } = {}) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(watchLongTasks);
  const stop = trace ? await startTrace(page, 'toplevel,blink.user_timing') : null;
  await page.goto(server.url + query);
  await page.waitForSelector('body[data-ready]', { timeout: 20000 });
  return { page, errors, stop };
}

const plies = (page) => page.evaluate(() => Number(document.body.dataset.plies));
const panel = (page) => page.evaluate(() => {
  const { state, done, total, late, slowest, spent } = document.getElementById('review').dataset;
  return { state, done: Number(done), total: Number(total), late: Number(late || 0), slowest: Number(slowest), spent: Number(spent) };
});
const waitForState = (page, state, timeout = 180000) =>
  page.waitForFunction((s) => document.getElementById('review').dataset.state === s, state, { timeout });
const waitForOver = (page, timeout = 120000) =>
  page.waitForFunction(() => document.body.dataset.turn === 'over', null, { timeout });

// The review the page saves (Save JSON), parsed.
async function savedReview(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#review-save')]);
  const file = join(scratch, 'review.json');
  await download.saveAs(file);
  return JSON.parse(await readFile(file, 'utf8'));
}

// packeis-review's JSON of the page's record, with the page's reviewer.
async function nativeReview(page, reviewer) {
  const file = join(scratch, 'record.txt');
  await writeFile(file, await page.inputValue('#record'));
  const { stdout } = await promisify(execFile)(REVIEW, [file, '--quiet', '--json', '-', '--player', reviewer.estimator,
    '--solver-nodes', String(reviewer.solver_nodes)], { maxBuffer: 1 << 24 });
  return JSON.parse(stdout);
}

test('a finished game reviewed: graph, list, summary, the board at a move, as packeis-review says; the page answers meanwhile', { timeout: 300000 }, async (t) => {
  const { page, errors, stop } = await open('?seed=21&players=2&seats=mcts-easy,alphabeta-easy&speed=0', { trace: true });
  await waitForOver(page);
  const total = await plies(page);
  assert.ok(total > 40, `a game of ${total} plies`);
  await page.click('#review-button');
  assert.equal(await page.isVisible('#review'), true);
  assert.equal(await page.getAttribute('#review-button', 'aria-expanded'), 'true');
  // While the worker reviews: a click on the move list is answered at
  // once, and the review goes on.
  await page.waitForFunction(() => Number(document.getElementById('review').dataset.done) >= 2, null, { timeout: 60000 });
  const reviewing = await page.evaluate(() => performance.now());
  assert.equal((await panel(page)).state, 'running');
  const asked = Date.now();
  await page.click('#moves button[data-plies="5"]');
  await page.waitForFunction(() => document.body.dataset.plies === '5');
  const answered = Date.now() - asked;
  t.diagnostic(`the move list answered in ${answered} ms during the review`);
  assert.ok(answered < 2000, `the page took ${answered} ms to show move 5`);
  await waitForState(page, 'done');
  const reviewed = await page.evaluate(() => performance.now());
  // No long task of the page's thread with the CPU for 50 ms of it (a
  // trace tells the shared machine's load apart) while the worker reviewed.
  const long = await page.evaluate(([from, to]) => window.__longTasks.filter((task) => task.start >= from && task.start < to), [reviewing, reviewed]);
  const tasks = (await pageTasks(page, stop)).filter((task) => task.thread === 'CrRendererMain');
  const overlap = (a, b) => a.start < b.start + b.duration && b.start < a.start + a.duration;
  const blocking = long
    .map((task) => ({ ...task, cpu: tasks.filter((x) => overlap({ start: x.start, duration: x.dur }, task)).reduce((sum, x) => sum + x.cpu, 0) }))
    .filter((task) => task.cpu > 50);
  assert.deepEqual(blocking, [], `the page's thread was blocked during the review (long tasks: ${JSON.stringify(long)})`);
  const figures = await panel(page);
  t.diagnostic(`${total} plies reviewed in the worker in ${(figures.spent / 1000).toFixed(1)} s, the slowest ply ${figures.slowest} ms`);
  assert.equal(figures.done, total);
  assert.match(await page.textContent('#review-status'), new RegExp(`^${total} moves reviewed`));
  assert.equal(await page.isVisible('#review-progress'), false);
  // Said to a screen reader once, at the end (not at every ply).
  assert.match(await page.textContent('#announce'), /^Review done: A: accuracy \d+\.\d, \d+ inaccuracies, \d+ mistakes, \d+ blunders; B: /);
  assert.equal(await page.getAttribute('#review', 'aria-busy'), 'false');

  // The page's review is packeis-review's, number for number (on the
  // record of the whole game: back to its end first).
  await page.click(`#moves button[data-plies="${total}"]`);
  const review = await savedReview(page);
  const native = await nativeReview(page, review.reviewer);
  assert.deepEqual(review.reviewer, { estimator: 'mcts:20000', solver_nodes: 50000 });
  const [mine, theirs] = [review.games[0], native.games[0]];
  assert.equal(mine.complete, true);
  assert.equal(mine.plies.length, total);
  assert.deepEqual({ ...mine, source: '' }, { ...theirs, source: '' });

  // The graph: a point per ply, the marks of the mistakes and blunders,
  // a strip for each ply valued exactly, one line (A's value) for 2 players.
  const graph = await page.evaluate(() => {
    const svg = document.getElementById('review-graph');
    return {
      points: [...svg.querySelectorAll('circle.point')].map((c) => Number(c.dataset.ply)),
      blunders: [...svg.querySelectorAll('circle.point.blunder')].map((c) => Number(c.dataset.ply)),
      marks: [...svg.querySelectorAll('text.mark')].map((m) => `${m.dataset.ply}${m.textContent}`),
      exact: svg.querySelectorAll('.exact-mark').length,
      lines: svg.querySelectorAll('polyline.value').length,
    };
  });
  assert.deepEqual(graph.points, [...Array(total).keys()]);
  const plyOf = (judgement) => mine.plies.filter((p) => p.judgement === judgement).map((p) => p.ply);
  assert.deepEqual(graph.blunders, plyOf('blunder'));
  assert.deepEqual(graph.marks.sort(), [...plyOf('mistake').map((p) => `${p}?`), ...plyOf('blunder').map((p) => `${p}??`)].sort());
  assert.equal(graph.exact, mine.plies.filter((p) => p.exact).length);
  assert.ok(graph.exact > 0, 'no ply valued exactly: the solver never finished');
  assert.equal(graph.lines, 1);

  // The list: a row per ply with its move, mark, loss and the best move
  // where another was played.
  const rows = await page.$$eval('#review-list button', (buttons) => buttons.map((b) => ({
    ply: Number(b.dataset.ply), move: b.querySelector('.move').textContent, loss: b.querySelector('.loss').textContent,
    best: b.querySelector('.best')?.textContent ?? null,
  })));
  assert.equal(rows.length, total);
  const marks = { good: '', inaccuracy: '?!', mistake: '?', blunder: '??' };
  rows.forEach((row, i) => {
    const p = mine.plies[i];
    assert.equal(row.ply, i);
    assert.equal(row.move, p.played + marks[p.judgement]);
    if (p.forced) assert.equal(row.loss, 'forced');
    else {
      assert.match(row.loss, /^(−\d\.\d\d|0\.00)=?$/, `row ${i + 1}`);
      assert.ok(Math.abs(Number(row.loss.replace('−', '').replace('=', '')) - p.loss) <= 0.0051, `row ${i + 1}: ${row.loss} for ${p.loss}`);
      assert.equal(row.loss.endsWith('='), p.exact, `row ${i + 1}`);
    }
    assert.equal(row.best, p.valued && p.best !== p.played ? `best ${p.best}` : null, `row ${i + 1}`);
  });
  // The summary: a row per player, accuracy and the marks counted.
  const summary = await page.$$eval('#review-summary tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  assert.deepEqual(summary, mine.summary.map((s) => [s.accuracy.toFixed(1), s.average_loss.toFixed(3), String(s.inaccuracies), String(s.mistakes), String(s.blunders)]));

  // A row, then a point of the graph: the board after that move, the
  // computers waiting (looking back), the row marked as the board's.
  await page.click('#review-list button[data-ply="9"]');
  assert.equal(await plies(page), 10);
  assert.equal(await page.evaluate(() => document.body.dataset.turn), 'paused');
  assert.equal(await page.getAttribute('#review-list button[data-ply="9"]', 'aria-current'), 'step');
  assert.equal(await page.locator('#review-list [aria-current]').count(), 1);
  await page.click('#review-graph circle.point[data-ply="30"]');
  assert.equal(await plies(page), 31);
  assert.equal(await page.getAttribute('#review-list button[data-ply="30"]', 'aria-current'), 'step');
  // Looking back keeps the line and its review.
  assert.deepEqual(await panel(page).then(({ state, done }) => [state, done]), ['done', total]);

  // The screenshots, of a move with a mark where the game has one.
  const shown = plyOf('blunder')[0] ?? plyOf('mistake')[0] ?? 20;
  await page.click(`#review-list button[data-ply="${shown}"]`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, 'web-review-1280x800.png') });
  const desktop = await page.evaluate(() => {
    const box = document.getElementById('review').getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, right: box.right, width: innerWidth, height: innerHeight };
  });
  assert.ok(desktop.top >= 0 && desktop.bottom <= desktop.height && desktop.right <= desktop.width, `the panel is out of the window: ${JSON.stringify(desktop)}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('#review-close');
  await page.click('#review-button'); // opened on a phone: scrolled to the panel, under the board
  await waitForState(page, 'done');
  const phone = await page.evaluate(() => {
    const board = document.getElementById('board').getBoundingClientRect();
    const review = document.getElementById('review').getBoundingClientRect();
    const graph = document.getElementById('review-graph').getBoundingClientRect();
    return { boardTop: board.top, boardBottom: board.bottom, reviewTop: review.top, graphBottom: graph.bottom, scrollWidth: document.documentElement.scrollWidth };
  });
  assert.ok(phone.boardTop >= 0 && phone.boardBottom <= phone.reviewTop + 1, `the board is not above the panel: ${JSON.stringify(phone)}`);
  assert.ok(phone.graphBottom <= 844, `the graph is out of the window: ${JSON.stringify(phone)}`);
  assert.ok(phone.scrollWidth <= 390, `the page is wider than the phone: ${phone.scrollWidth}`);
  await page.screenshot({ path: join(SCREENSHOTS, 'web-review-390x844.png') });
  // A row chosen on the phone: the board, still in view, shows that move.
  await page.click('#review-list button[data-ply="12"]');
  assert.equal(await plies(page), 13);
  assert.ok((await page.evaluate(() => document.getElementById('board').getBoundingClientRect().top)) >= 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a review during a game: the searches go on between its plies, the review follows the line to the end', { timeout: 300000 }, async () => {
  const { page, errors } = await open('?seed=4&players=2&seats=mcts-easy,mcts-easy&speed=1');
  await page.waitForFunction(() => Number(document.body.dataset.plies) >= 6, null, { timeout: 60000 });
  await page.click('#review-button');
  await page.waitForFunction(() => Number(document.getElementById('review').dataset.done) >= 1, null, { timeout: 30000 });
  const started = { plies: await plies(page), done: (await panel(page)).done };
  // The computers keep playing while the review is open (a search asked
  // for runs at the worker's next step), and the review keeps up.
  await page.waitForFunction(([n, done]) => Number(document.body.dataset.plies) >= n + 3 && Number(document.getElementById('review').dataset.done) >= done + 3,
    [started.plies, started.done], { timeout: 60000 });
  // Back to move 2 and on from there: the computers may play other moves,
  // the review follows the new line.
  // (The page ignores the move list while a move is animated, most of the
  // time here: clicked when none is.)
  await page.waitForFunction(() => {
    if (document.body.dataset.turn !== 'animating') document.querySelector('#moves button[data-plies="2"]').click();
    return document.body.dataset.plies === '2';
  }, null, { timeout: 60000 });
  await page.click('#resume');
  await waitForOver(page, 200000);
  await waitForState(page, 'done');
  const total = await plies(page);
  assert.equal((await panel(page)).done, total);
  assert.equal(await page.locator('#review-graph circle.point').count(), total);
  assert.equal(await page.locator('#review-list li').count(), total);
  assert.deepEqual(await page.$$eval('#review-list .move', (moves) => moves.map((m) => m.textContent.replace(/[?!]+$/, ''))),
    await page.$$eval('#moves button:not(.start)', (buttons) => buttons.map((b) => b.textContent.replace(/^\d+\./, ''))));
  assert.deepEqual(errors, []);
  await page.close();
});

test('closing stops the review, opening goes on; a changed line drops its plies from the change; a new game starts afresh', { timeout: 300000 }, async () => {
  const { page, errors } = await open('?seed=6&players=2&seats=person,person&speed=0');
  // Eight placements and four slides by clicking the first target.
  for (let ply = 1; ply <= 12; ply++) {
    if (ply > 8) await page.locator('.penguin.mine').first().click();
    await page.locator('.floe.target').first().click();
    await page.waitForFunction((n) => Number(document.body.dataset.plies) === n, ply);
  }
  await page.click('#review-button');
  await page.waitForFunction(() => Number(document.getElementById('review').dataset.done) >= 2, null, { timeout: 60000 });
  await page.click('#review-close');
  assert.equal(await page.isVisible('#review'), false);
  assert.equal(await page.getAttribute('#review-button', 'aria-expanded'), 'false');
  const closed = await panel(page);
  await page.waitForTimeout(2000); // several plies' time
  const later = await panel(page);
  assert.ok(later.late <= 1, `the worker went on reviewing after the panel closed: ${later.late} plies came`);
  assert.equal(later.done, closed.done);
  assert.equal(later.state, 'stopped');
  // Opened again: the plies kept, the rest reviewed.
  await page.click('#review-button');
  await waitForState(page, 'done');
  assert.deepEqual(await panel(page).then(({ done, total }) => [done, total]), [12, 12]);
  const before = await page.$$eval('#review-list .move', (moves) => moves.map((m) => m.textContent));
  // Undo keeps the line (the move list keeps it too): nothing dropped.
  await page.click('#undo');
  await page.click('#undo');
  assert.equal(await plies(page), 10);
  assert.deepEqual(await panel(page).then(({ done, total, state }) => [done, total, state]), [12, 12, 'done']);
  // Another move: the line is 11 plies, its first 10 kept and the 11th
  // reviewed (a move the first line did not have).
  await page.locator('.penguin.mine').last().click();
  await page.locator('.floe.target').last().click();
  await page.waitForFunction(() => document.body.dataset.plies === '11');
  await waitForState(page, 'done');
  const after = await page.$$eval('#review-list .move', (moves) => moves.map((m) => m.textContent));
  assert.equal(after.length, 11);
  assert.deepEqual(after.slice(0, 10), before.slice(0, 10));
  assert.notEqual(after[10].replace(/[?!]+$/, ''), before[10].replace(/[?!]+$/, ''));
  // A new game: nothing to review, the panel says so.
  await page.click('#new-game-button');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.plies === '0' && document.getElementById('review').dataset.total === '0');
  assert.equal(await page.textContent('#review-status'), 'No moves to review yet.');
  assert.equal(await page.locator('#review-list li').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 3-player game: a line of the graph per player, a row of the summary per player', { timeout: 300000 }, async () => {
  const { page, errors } = await open('?seed=9&players=3&seats=greedy-normal,greedy-normal,greedy-normal&speed=0');
  await waitForOver(page);
  const total = await plies(page);
  await page.click('#review-button');
  await waitForState(page, 'done');
  assert.equal(await page.locator('#review-graph circle.point').count(), total);
  assert.equal(await page.locator('#review-graph polyline.value').count(), 3);
  assert.equal(await page.locator('#review-graph .exact-mark').count(), 0, 'exact values for 3 players');
  assert.deepEqual(await page.$$eval('#review-summary tbody tr', (trs) => trs.map((tr) => tr.dataset.player)), ['A', 'B', 'C']);
  assert.deepEqual(errors, []);
  await page.close();
});
