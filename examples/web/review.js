// SPDX-License-Identifier: MIT
// The review panel: what each move of the game's line cost its player
// (players.h "game review", the worker reviewing one ply at a time): the
// evaluation graph, each move's loss with its mark and the better move,
// every player's accuracy, and a click on a move shows the board there
// (the page's own history navigation, as the move list's).
import { PLAYER_LETTERS } from './engine.js';

// The solver's budget a position: a quarter of the library's default
// (200,000 positions), which took twice the time a ply in WebAssembly
// (tests/web/review_speed.mjs; the figures in the README, "Play in a web
// browser"). The estimator is the library's default.
export const SOLVER_NODES = 50000;

const SVG = 'http://www.w3.org/2000/svg';
const MARKS = { good: '', inaccuracy: '?!', mistake: '?', blunder: '??' };
// The graph's frame, in the units of its viewBox.
const G = { width: 400, height: 170, left: 30, right: 392, top: 12, bottom: 136, exactTop: 142, exactBottom: 148 };

const signed = (value, digits = 2) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(digits)}`;

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  parent?.appendChild(node);
  return node;
}

// A number rounded as packeis-review's JSON writes it (review_json.c).
const round = (value, decimals) => (value === null ? null : Number(value.toFixed(decimals)) || 0);

export class ReviewPanel {
  // `host`: {api, worker, nextId(), context() -> {game, line, label},
  // goTo(plies), announce(text)}, the page's.
  constructor(host) {
    this.host = host;
    this.reviewer = { estimator: host.api.reviewDefaults.estimator, solverNodes: SOLVER_NODES };
    this.isOpen = false;
    this.game = null; // the game whose line the plies are of
    this.line = []; // that line's moves, as far as reviewed
    this.plies = []; // the review JSON's plies, by ply
    this.summary = [];
    this.job = null; // {id, line} of the worker's review under way
    this.error = '';
    this.slowest = 0; // the longest ply, ms
    this.spent = 0; // the plies' time, ms
    this.late = 0; // plies that came for a review given up
    this.revision = 0; // counts the changes of the plies, for render()
    this.rowsValid = 0; // the list's rows that are of this.plies
    this.$ = (id) => document.getElementById(id);
    this.$('review-close').addEventListener('click', () => this.close());
    this.$('review-save').addEventListener('click', () => this.save());
    const pick = (event) => {
      const target = event.target.closest('[data-ply]');
      if (target) host.goTo(Number(target.dataset.ply) + 1);
    };
    this.$('review-graph').addEventListener('click', pick);
    this.$('review-list').addEventListener('click', pick);
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  open() {
    this.isOpen = true;
    this.error = ''; // tried again
    this.$('review').hidden = false;
    this.$('review-button').setAttribute('aria-expanded', 'true');
    document.body.dataset.reviewing = 'true';
    this.sync();
    this.$('review-heading').focus({ preventScroll: true });
    // On a phone the panel is under the board, which stays at the top
    // while reviewing: the panel's top just under it.
    const area = document.querySelector('.board-area');
    const panel = this.$('review');
    if (getComputedStyle(area).position === 'sticky') scrollTo(0, panel.getBoundingClientRect().top + scrollY - area.offsetHeight);
    else panel.scrollIntoView({ block: 'nearest' });
  }

  // Closing stops the review under way; what it found is kept for the
  // next opening (while the line stays the same).
  close() {
    this.isOpen = false;
    this.stop();
    this.$('review').hidden = true;
    this.$('review-button').setAttribute('aria-expanded', 'false');
    delete document.body.dataset.reviewing;
    this.render();
  }

  stop() {
    if (this.job) this.host.worker.postMessage({ type: 'review-stop', id: this.job.id });
    this.job = null;
  }

  // After every change of the page: a new game starts the review afresh,
  // a line changed drops the plies from the change on (an undo alone keeps
  // the line, as the move list does); the panel open, the plies not yet
  // reviewed are asked for.
  sync() {
    const { game, line } = this.host.context();
    if (game !== this.game) {
      this.stop();
      Object.assign(this, { game, line: [], plies: [], summary: [], error: '', slowest: 0, spent: 0, rowsValid: 0 });
      this.revision++;
    }
    let same = 0;
    while (same < this.plies.length && this.line[same] === line[same]) same++;
    if (same < this.plies.length) {
      this.plies.length = same;
      this.rowsValid = Math.min(this.rowsValid, same);
      this.summary = [];
      this.error = '';
      this.revision++;
    }
    this.line = line.slice();
    // A review under way goes on while the line only grew past it.
    if (this.job && !this.job.line.every((move, i) => move === line[i])) this.stop();
    if (this.isOpen && !this.job && !this.error && this.plies.length < line.length) this.start();
    this.render();
  }

  start() {
    const { game } = this.host.context();
    const id = this.host.nextId();
    this.job = { id, line: this.line.slice() };
    this.host.worker.postMessage({
      type: 'review', id, record: game.saveRecord(), line: this.job.line, first: this.plies.length,
      estimator: this.reviewer.estimator, solverNodes: this.reviewer.solverNodes,
    });
  }

  // The worker's review-ply, review-done and review-error messages.
  onMessage(data) {
    if (!this.job || data.id !== this.job.id) { // a review given up
      if (data.type === 'review-ply') this.$('review').dataset.late = ++this.late;
      return;
    }
    if (data.type === 'review-ply') {
      this.plies[data.ply.ply] = data.ply;
      this.plies.length = data.ply.ply + 1;
      this.rowsValid = Math.min(this.rowsValid, data.ply.ply);
      this.revision++;
      this.summary = data.summary;
      this.slowest = Math.max(this.slowest, data.ms);
      this.spent += data.ms;
      this.render();
      return;
    }
    this.job = null;
    if (data.type === 'review-error') this.error = data.message;
    this.sync();
    // Said once (the status line is no live region: it changes every ply).
    if (this.error) this.host.announce(`The review stopped: ${this.error}`);
    else if (this.complete) this.host.announce(`Review done: ${this.summaryText()}.`);
  }

  // "A: accuracy 86.6, 2 blunders; B: ...".
  summaryText() {
    return this.summary.map((s) => `${PLAYER_LETTERS[s.player]}: accuracy ${s.accuracy.toFixed(1)}, ${s.inaccuracies} inaccuracies, ${s.mistakes} mistakes, ${s.blunders} blunders`).join('; ');
  }

  get complete() {
    return this.plies.length === this.line.length && !this.job;
  }

  render() {
    const panel = this.$('review');
    const state = this.error ? 'error' : this.job ? 'running' : this.complete ? 'done' : 'stopped';
    panel.dataset.state = state;
    panel.setAttribute('aria-busy', String(state === 'running'));
    panel.dataset.done = this.plies.length;
    panel.dataset.total = this.line.length;
    // The worker's time (tests/web/review.mjs reports it).
    panel.dataset.slowest = Math.round(this.slowest);
    panel.dataset.spent = Math.round(this.spent);
    panel.dataset.late = this.late;
    if (!this.isOpen) return;
    const total = this.line.length;
    this.$('review-status').textContent = this.error ? `The review stopped: ${this.error}`
      : total === 0 ? 'No moves to review yet.'
        : this.job ? `Reviewing: ${this.plies.length} of ${total} moves…`
          : `${total} move${total === 1 ? '' : 's'} reviewed.`;
    const bar = this.$('review-progress');
    bar.hidden = !this.job;
    bar.max = Math.max(1, total);
    bar.value = this.plies.length;
    this.$('review-save').disabled = this.plies.length === 0;
    this.$('review-reviewer').textContent = `${this.reviewer.estimator} a position; exact values where alpha-beta solves every move within ${this.reviewer.solverNodes.toLocaleString('en')} positions (2 players)`;
    // Drawn again when the plies or the line changed; the page refreshes
    // after every move and step back, which only move the graph's marker
    // and the list's current row.
    const shape = `${this.revision}/${this.line.length}`;
    if (shape !== this.drawn) {
      this.drawn = shape;
      this.drawGraph();
      this.drawSummary();
      this.drawList();
    }
    this.showCurrent(this.host.context().game.plyCount);
  }

  // ---- the evaluation graph -----------------------------------------------

  // Each ply's point: x the plies played after it, y the value after it
  // (2 players: A's, -1 ... 1; 3-4: the mover's own), a forced or unvalued
  // move at the value before it.
  points() {
    const players = this.game.players;
    const last = Array(players).fill(null); // each series' last value
    const out = [];
    for (const p of this.plies) {
      const series = players === 2 ? 0 : p.player;
      const sign = players === 2 && p.player === 1 ? -1 : 1;
      let start = null;
      if (players === 2 && p.valued && last[series] === null) start = { x: p.ply, y: sign * p.value_before };
      const y = p.valued ? sign * p.value_after : last[series] ?? 0;
      if (p.valued) last[series] = y;
      out.push({ ply: p, series, x: p.ply + 1, y, start });
    }
    return out;
  }

  drawGraph() {
    const svg = this.$('review-graph');
    svg.replaceChildren();
    const plies = Math.max(this.line.length, 1);
    const px = (x) => G.left + ((G.right - G.left) * x) / plies;
    const py = (y) => G.top + ((G.bottom - G.top) * (1 - y)) / 2;
    const players = this.game.players;
    const axes = element('g', { class: 'axes', 'aria-hidden': 'true' }, svg);
    for (const y of [1, 0, -1]) {
      element('line', { x1: G.left, x2: G.right, y1: py(y), y2: py(y), class: y === 0 ? 'zero' : 'grid' }, axes);
      const label = players === 2 ? { 1: 'A', 0: '0', '-1': 'B' }[y] : { 1: '+1', 0: '0', '-1': '−1' }[y];
      element('text', { x: G.left - 6, y: py(y) + 4, class: 'tick', 'text-anchor': 'end' }, axes).textContent = label;
    }
    const step = plies > 40 ? 10 : 5;
    for (let x = 0; x <= plies; x += step)
      element('text', { x: px(x), y: G.height - 6, class: 'tick', 'text-anchor': 'middle' }, axes).textContent = x;
    // Where the board is (showCurrent() places it).
    this.now = element('line', { y1: G.top - 6, y2: G.exactBottom, class: 'now' }, svg);
    this.px = px;
    const points = this.points();
    // Exactly valued plies: a strip under the plot.
    for (const { ply, x } of points)
      if (ply.exact) element('rect', { x: px(x - 1), y: G.exactTop, width: Math.max(1, px(x) - px(x - 1)), height: G.exactBottom - G.exactTop, class: 'exact-mark' }, svg);
    for (let series = 0; series < (players === 2 ? 1 : players); series++) {
      const mine = points.filter((p) => p.series === series && p.ply.valued);
      if (!mine.length) continue;
      const coords = (mine[0].start ? [mine[0].start] : []).concat(mine).map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`);
      element('polyline', { points: coords.join(' '), class: 'value', style: `stroke: var(--p${series})` }, svg);
    }
    // Wide targets for a finger, under the points: a ply's column.
    const hits = element('g', { class: 'hits' }, svg);
    for (const { ply, x } of points)
      element('rect', { x: px(x - 0.5), y: 0, width: Math.max(2, px(1) - px(0)), height: G.exactBottom, 'data-ply': ply.ply }, hits);
    const layer = element('g', { class: 'points' }, svg);
    for (const { ply, x, y, series } of points) {
      const marked = ply.judgement !== 'good';
      const classes = ['point', ply.judgement, ply.forced ? 'forced' : '', ply.valued ? '' : 'unvalued', ply.exact ? 'exact' : ''];
      const point = element('circle', {
        class: classes.filter(Boolean).join(' '), cx: px(x).toFixed(1), cy: py(y).toFixed(1),
        r: marked ? 4.5 : 2.6, 'data-ply': ply.ply,
        ...(marked ? {} : { style: `fill: var(--p${players === 2 ? ply.player : series})` }),
      }, layer);
      element('title', {}, point).textContent = this.describe(ply);
      if (ply.judgement === 'mistake' || ply.judgement === 'blunder') {
        const above = py(y) > G.top + 14;
        element('text', { x: px(x).toFixed(1), y: (py(y) + (above ? -7 : 15)).toFixed(1), class: `mark ${ply.judgement}`, 'text-anchor': 'middle', 'data-ply': ply.ply }, layer)
          .textContent = MARKS[ply.judgement];
      }
    }
    svg.setAttribute('aria-label', players === 2
      ? `Evaluation graph: player A's expected result after each of ${this.plies.length} moves, from 1 (A wins) to −1 (B wins)`
      : `Evaluation graph: each player's expected result after each of its moves, ${this.plies.length} moves`);
  }

  // A move's line of text: "12. B c3-a4?? −0.65 (best c3-c1)".
  describe(p) {
    const head = `${p.ply + 1}. ${PLAYER_LETTERS[p.player]} ${p.played}${MARKS[p.judgement]}`;
    if (p.forced) return `${head}: forced`;
    if (!p.valued) return `${head}: no value`;
    const best = p.best !== p.played ? `, best ${p.best}` : '';
    const fish = p.fish_loss ? `, ${p.fish_loss} fish` : '';
    return `${head}: ${signed(p.value_before)} → ${signed(p.value_after)}, loss ${p.loss.toFixed(2)}${fish}${best}${p.exact ? ' (exact)' : ''}`;
  }

  // ---- the summary and the list ----------------------------------------------

  drawSummary() {
    const body = this.$('review-summary').querySelector('tbody');
    body.replaceChildren();
    for (const s of this.summary) {
      const tr = document.createElement('tr');
      tr.dataset.player = PLAYER_LETTERS[s.player];
      const cells = [s.moves ? s.accuracy.toFixed(1) : '–', s.moves ? s.average_loss.toFixed(3) : '–', s.inaccuracies, s.mistakes, s.blunders];
      tr.innerHTML = `<th scope="row"><span class="badge" style="background: var(--p${s.player})">${PLAYER_LETTERS[s.player]}</span></th>${cells.map((c) => `<td>${c}</td>`).join('')}`;
      tr.title = `${s.moves} moves valued (${s.exact} exactly), ${s.forced} forced${s.fish_lost ? `, ${s.fish_lost} fish lost` : ''}`;
      body.appendChild(tr);
    }
    this.$('review-summary').hidden = this.summary.length === 0;
  }

  // The rows of the plies not yet in the list (those kept are the same
  // plies: the list drops its rows from where the plies changed).
  drawList() {
    const list = this.$('review-list');
    while (list.children.length > this.rowsValid) list.lastChild.remove();
    const rows = document.createDocumentFragment();
    for (const p of this.plies.slice(list.children.length)) rows.appendChild(this.row(p));
    list.appendChild(rows);
    this.rowsValid = this.plies.length;
  }

  row(p) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = p.ply;
    button.className = p.judgement;
    const loss = p.forced ? 'forced' : !p.valued ? 'no value' : p.loss > 0.005 ? `−${p.loss.toFixed(2)}` : '0.00';
    const best = p.valued && p.best !== p.played ? `<span class="best">best ${p.best}</span>` : '';
    const fish = p.fish_loss ? `<span class="fish">${p.fish_loss} fish</span>` : '';
    button.innerHTML = `<span class="n">${p.ply + 1}.</span><span class="badge" style="background: var(--p${p.player})">${PLAYER_LETTERS[p.player]}</span>`
      + `<span class="move">${p.played}<b class="mark">${MARKS[p.judgement]}</b></span><span class="loss">${loss}${p.exact ? '<abbr title="exact: the solver\'s value">=</abbr>' : ''}</span>${fish}${best}`;
    button.setAttribute('aria-label', this.describe(p));
    li.appendChild(button);
    return li;
  }

  // The board's place: the graph's marker, the list's current row, in the
  // list's view when the board moved (scrolling the list only).
  showCurrent(current) {
    const list = this.$('review-list');
    const row = list.querySelector(`button[data-ply="${current - 1}"]`);
    const was = list.querySelector('[aria-current]');
    if (was !== row) {
      was?.removeAttribute('aria-current');
      row?.setAttribute('aria-current', 'step');
    }
    if (this.now) for (const x of ['x1', 'x2']) this.now.setAttribute(x, this.px(current).toFixed(1));
    if (current === this.shown) return;
    this.shown = current;
    if (row) {
      const top = row.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = top - list.clientHeight / 2;
    }
  }

  // ---- the review JSON ---------------------------------------------------------

  // The review as packeis-review --json writes it (doc/formats.md, "Review
  // (JSON)"), its numbers rounded as there.
  toJson() {
    const { label } = this.host.context();
    const plies = this.plies.map((p) => ({
      ...p, value_before: round(p.value_before, 4), value_after: round(p.value_after, 4), loss: round(p.loss, 4),
      accuracy: round(p.accuracy, 2), margin_before: round(p.margin_before, 0), margin_after: round(p.margin_after, 0), fish_loss: round(p.fish_loss, 0),
    }));
    const summary = this.summary.map((s) => ({ ...s, average_loss: round(s.average_loss, 4), accuracy: round(s.accuracy, 2), fish_lost: round(s.fish_lost, 0) }));
    return {
      format: 'packeis-review', version: 1,
      reviewer: { estimator: this.reviewer.estimator, solver_nodes: this.reviewer.solverNodes },
      games: [{ source: label, players: this.game.players, plies, summary, complete: this.complete }],
    };
  }

  save() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(this.toJson(), null, 1) + '\n'], { type: 'application/json' }));
    link.download = `${this.host.context().label.replace(/\.txt$/, '')}-review.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
}
