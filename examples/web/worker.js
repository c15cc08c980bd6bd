// SPDX-License-Identifier: MIT
// The computer players, off the page's thread. The page posts
//   {type: 'think', id, seat, player, seed, record, nodes, seconds}
//   {type: 'stop', id}      move now: the best move found so far
//   {type: 'forget'}        a new game: players drop their trees and tables
// and gets back {type: 'ready', players}, {type: 'progress', id, ...} between
// slices of the search, then {type: 'move', id, move, ...} or
// {type: 'error', id, message}. A search runs in slices (MCTS: a tenth of
// a second each; alpha-beta: a deeper search each time, from a few thousand
// positions), and the worker reads its messages between them:
// a page served without cross-origin isolation has no SharedArrayBuffer
// through which to set the players' stop flag during a slice.
//
// The review panel (review.js) posts
//   {type: 'review', id, record, line, first, estimator, solverNodes}
//                           review the plies first ... of the game `record`
//                           continued by the moves `line` (all of them, from
//                           its start), one at a time
//   {type: 'review-stop', id}
// and gets {type: 'review-ply', id, ply, summary, done, total, ms} after
// each ply (ply and summary as the review JSON has them, doc/formats.md),
// then {type: 'review-done', id, complete} or {type: 'review-error', id,
// message}. A new review or a new game ('forget') ends the one under way.
// Each ply is a step of the same queue as the searches, with the
// worker's messages read between steps: a search asked for meanwhile runs
// at the next step, the review after it.
import { loadPackeis } from './engine.js';
import { forgetFiles, provideFiles } from './players.js';

// Messages that come while the module loads wait for it (a handler set
// after an await would miss them).
const loading = loadPackeis();
let api = null;
const players = new Map(); // seat -> Player, kept for tree reuse between moves
const stopped = new Set();
const downloads = new Map(); // request id -> AbortController of its player's files
const DOWNLOAD_SECONDS = 60;

// An MCTS slice ends by the clock, whatever the machine's speed: 'move
// now' is answered within it, and the tree's setup at every slice (the
// player roots its tree again) costs a few percent at 1,500 playouts a
// slice but nothing much at a tenth of a second.
const SLICE_SECONDS = 0.1;
const FIRST_DEPTH_NODES = 2000;

function playerFor(seat, name, seed) {
  const held = players.get(seat);
  if (held && held.name === name) return held;
  held?.free();
  const player = api.newPlayer(name, seed);
  players.set(seat, player);
  return player;
}

// Between slices the worker reads its messages: a message to itself, not a
// timer (timers set from a timer's task wait 4 ms each after the fifth, the
// HTML standard's clamping, which took a third of a fast search). Messages
// are read in the order they came, so a 'stop' posted during a slice is
// read before this one.
const channel = new MessageChannel();
const resumes = [];
channel.port1.onmessage = () => resumes.shift()();
const yieldToMessages = () => new Promise((resolve) => {
  resumes.push(resolve);
  channel.port2.postMessage(null);
});

function describe(game, report, nodes, started) {
  const seconds = (performance.now() - started) / 1000;
  return {
    nodes,
    seconds,
    rate: seconds > 0 ? nodes / seconds : 0,
    depth: report.depth,
    score: report.score,
    exact: report.exact,
    pv: report.pv.map((m) => game.formatMove(m)),
    visits: report.visits,
  };
}

async function think({ id, seat, player: name, seed, record, nodes, seconds }) {
  let game = null;
  try {
    game = api.loadRecord(record);
    await download(id, name);
    const player = playerFor(seat, name, seed);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    // The player says how its searches add up; slices need a node budget
    // to add up to (players.js has one for every player that slices).
    const mode = nodes ? player.slicing : 'once';
    let best = null;
    let spent = 0;
    let slice = FIRST_DEPTH_NODES;
    for (;;) {
      const left = nodes - spent;
      const remaining = Math.max(0.05, (deadline - performance.now()) / 1000);
      const budget = mode === 'once' ? { nodes, seconds }
        : mode === 'grow' ? { nodes: left, seconds: Math.min(SLICE_SECONDS, remaining) }
          : { nodes: Math.min(slice, left), seconds: remaining };
      best = player.choose(game, budget);
      spent += mode === 'deepen' ? budget.nodes : best.report.nodes || budget.nodes;
      const info = describe(game, best.report, mode === 'deepen' ? best.report.nodes : spent, started);
      const done = mode === 'once' || spent >= nodes || performance.now() >= deadline || best.report.exact;
      if (done) return post({ type: 'move', id, move: best.move, text: game.formatMove(best.move), ...info });
      post({ type: 'progress', id, ...info });
      await yieldToMessages();
      if (stopped.has(id))
        return post({ type: 'move', id, move: best.move, text: game.formatMove(best.move), stopped: true, ...info });
      if (mode === 'deepen') slice *= 2;
    }
  } catch (error) {
    if (game) forgetFiles(api, name); // fetched again at the next try
    post({ type: 'error', id, message: error.message });
  } finally {
    stopped.delete(id);
    game?.free();
  }
}

// ---- the review -------------------------------------------------------------

let review = null; // the session (engine.js Review): the plies of one line, kept between requests
let reviewJob = null; // {id, cancelled} of the review under way

// The game of `record` with the moves of `line` from its start played.
function lineGame(record, line) {
  const game = api.loadRecord(record);
  game.undoTo(0);
  for (const move of line) {
    const status = game.apply(move);
    if (status !== 0) {
      game.free();
      throw new Error(`the line's move ${game.plyCount + 1} cannot be played: ${api.strerror(status)}`);
    }
  }
  return game;
}

// Queues `step` after what the worker does (a search, a ply), first
// reading the messages that came: resolves to its result.
async function nextStep(step) {
  await yieldToMessages();
  const result = queue.then(step);
  queue = result.catch(() => {});
  return result;
}

async function reviewLine({ id, record, line, first, estimator, solverNodes }) {
  const job = { id, cancelled: false };
  if (reviewJob) reviewJob.cancelled = true;
  reviewJob = job;
  let game = null;
  try {
    game = await nextStep(() => {
      if (job.cancelled) return null;
      if (!review || review.estimator !== estimator || review.solverNodes !== solverNodes) {
        review?.free();
        review = api.newReview({ estimator, solverNodes });
        Object.assign(review, { estimator, solverNodes });
      }
      // The plies kept are those the page kept, or fewer (then the
      // missing ones are reviewed again): a session holds a line's first plies.
      review.truncate(first);
      return lineGame(record, line);
    });
    for (let ply = game ? review.count : line.length; ply < line.length && !job.cancelled; ply++) {
      const message = await nextStep(() => {
        if (job.cancelled) return null;
        const started = performance.now();
        const reviewed = review.reviewPly(game, ply);
        return { ply: reviewed, summary: review.summary(game.players), ms: performance.now() - started };
      });
      if (message) post({ type: 'review-ply', id, done: ply + 1, total: line.length, ...message });
    }
    post({ type: 'review-done', id, complete: !job.cancelled });
  } catch (error) {
    post({ type: 'review-error', id, message: error.message });
  } finally {
    game?.free();
    if (reviewJob === job) reviewJob = null;
  }
}

// The files of the player `name` (players.js), fetched for request `id`
// unless they are here: "move now" for it, a new game, or no answer within
// DOWNLOAD_SECONDS ends the download (and the request, with an error).
async function download(id, name) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer in ${DOWNLOAD_SECONDS} s`)), DOWNLOAD_SECONDS * 1000);
  downloads.set(id, controller);
  try {
    await provideFiles(api, name, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    downloads.delete(id);
  }
}

function post(message) {
  self.postMessage(message);
}

// A short search as soon as the module is loaded, while the page starts:
// V8 compiles a function optimised only once it has run a while, and the
// game's first search ran at a third of the speed of the next ones (and
// its tree's memory is grown here too).
function warmUp() {
  if (!api.playerNames.includes('mcts')) return;
  const game = api.newGame();
  const player = api.newPlayer('mcts', 1n);
  try {
    player.choose(game, { nodes: 50000, seconds: 0.15 });
  } finally {
    player.free();
    game.free();
  }
}

let queue = loading.then((loaded) => {
  api = loaded;
  warmUp();
  post({ type: 'ready', players: api.playerNames, version: api.version });
});
self.onmessage = ({ data }) => {
  if (data.type === 'stop') {
    stopped.add(data.id);
    downloads.get(data.id)?.abort(new Error('stopped before it came'));
  } else if (data.type === 'forget') {
    for (const controller of downloads.values()) controller.abort(new Error('a new game'));
    if (reviewJob) reviewJob.cancelled = true;
    queue = queue.then(() => {
      for (const player of players.values()) player.free();
      players.clear();
      review?.free(); // its estimator's tree of the game before
      review = null;
    });
  } else if (data.type === 'think') queue = queue.then(() => think(data));
  else if (data.type === 'review') loading.then(() => reviewLine(data));
  else if (data.type === 'review-stop') {
    if (reviewJob?.id === data.id) reviewJob.cancelled = true;
  }
};
