// SPDX-License-Identifier: MIT
// The SVG board: ice floes with their fish, penguins, row and column labels
// taken from the library's cell names, highlights, the heatmap of a
// thinking player, and the animation of an action from the library's
// account of it (packeis_game_ply_removed, _credited, _players_out).
import { PLAYER_LETTERS } from './engine.js';

const SVG = 'http://www.w3.org/2000/svg';
const R = 26; // hex radius
const DX = (Math.sqrt(3) * R) / 2; // one unit of doubled-width x
const DY = 1.5 * R;
const MARGIN_LEFT = 34;
const MARGIN_TOP = 34;
const MARGIN = 14;

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

const hexPoints = (() => {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 3) * k + Math.PI / 6;
    points.push(`${(0.93 * R * Math.cos(angle)).toFixed(2)},${(0.93 * R * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
})();

const heatOpacity = (value, max) => (value > 0 && max > 0 ? (0.15 + (0.55 * value) / max).toFixed(2) : '0');

const FISH = 'M-7,0 C-4,-4 3,-4 6,0 C3,4 -4,4 -7,0 Z M6,0 L10,-3.5 L10,3.5 Z';

function drawFish(group, count) {
  const fish = element('g', { class: 'fish', 'aria-hidden': 'true' }, group);
  const rows = { 1: [[0, 0]], 2: [[0, -6], [0, 6]], 3: [[0, -9], [-4, 0.5], [3, 9]] }[count] || [];
  for (const [x, y] of rows) {
    const one = element('g', { transform: `translate(${x} ${y}) scale(.95)` }, fish);
    element('path', { d: FISH }, one);
    element('circle', { cx: -3.8, cy: -0.8, r: 0.9 }, one);
  }
}

function drawPenguin(parent, player, x, y) {
  const g = element('g', { class: `penguin p${player}`, 'data-player': player }, parent);
  g.style.transform = `translate(${x}px, ${y}px)`;
  element('ellipse', { cx: 0, cy: 3, rx: 13, ry: 5, fill: 'rgba(0,0,0,.25)' }, g);
  element('ellipse', { cx: 0, cy: -4, rx: 10, ry: 13, fill: '#1d2630' }, g);
  element('ellipse', { cx: 0, cy: -1.5, rx: 6.5, ry: 9.5, fill: '#f7fbff' }, g);
  element('circle', { cx: -3, cy: -11, r: 1.4, fill: '#1d2630' }, g);
  element('circle', { cx: 3, cy: -11, r: 1.4, fill: '#1d2630' }, g);
  element('path', { d: 'M-2.5,-8.5 L2.5,-8.5 L0,-5.5 Z', fill: '#f4a021' }, g);
  element('circle', { class: 'ring', cx: 9, cy: 4, r: 7.5, fill: `var(--p${player})` }, g);
  const text = element('text', { x: 9, y: 4.5 }, g);
  text.textContent = PLAYER_LETTERS[player];
  return g;
}

export class Board {
  constructor(svg, { onCell }) {
    this.svg = svg;
    this.onCell = onCell;
    this.focusCell = -1;
    svg.addEventListener('click', (event) => {
      const target = event.target.closest('[data-cell]');
      if (target) this.onCell(Number(target.dataset.cell));
    });
    svg.addEventListener('keydown', (event) => this.key(event));
    // A floe focused by any means (Tab, a click, a script) is where the
    // arrow keys start from, and the one Tab comes back to.
    svg.addEventListener('focusin', (event) => {
      const floe = event.target.closest('.floe');
      if (!floe) return;
      const cell = Number(floe.dataset.cell);
      if (cell !== this.focusCell) this.floeNodes.get(this.focusCell)?.setAttribute('tabindex', -1);
      this.focusCell = cell;
      floe.setAttribute('tabindex', 0);
    });
  }

  // The geometry of a new game's layout.
  setGame(game) {
    this.generation = (this.generation || 0) + 1; // an animation of the game before stops
    this.cells = [];
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let c = 0; c < game.cellCount; c++) {
      const [x, y] = game.coords(c);
      const name = game.cellName(c);
      this.cells.push({ x, y, name, fish: game.fish(c), row: name.match(/^[a-z]+/)[0], column: Number(name.match(/[0-9]+$/)[0]) });
      minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
    this.bounds = { minX, minY };
    this.at = new Map(this.cells.map((cell, c) => [`${cell.x},${cell.y}`, c]));
    for (const cell of this.cells) {
      cell.px = MARGIN_LEFT + R + (cell.x - minX) * DX;
      cell.py = MARGIN_TOP + R + (cell.y - minY) * DY;
    }
    const width = MARGIN_LEFT + 2 * R + (maxX - minX) * DX + MARGIN;
    const height = MARGIN_TOP + 2 * R + (maxY - minY) * DY + MARGIN;
    this.svg.setAttribute('viewBox', `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`);
    if (this.focusCell >= this.cells.length) this.focusCell = -1;
  }

  // Draws the position; `view` says what to highlight.
  render(game, view) {
    const svg = this.svg;
    const hadFocus = this.hasFocus();
    svg.replaceChildren();
    const defs = element('defs', {}, svg);
    const ice = element('linearGradient', { id: 'ice', x1: 0, y1: 0, x2: 0.4, y2: 1 }, defs);
    element('stop', { offset: '0', 'stop-color': '#ffffff' }, ice);
    element('stop', { offset: '1', 'stop-color': '#cfe6f5' }, ice);
    const iceTarget = element('linearGradient', { id: 'ice-target', x1: 0, y1: 0, x2: 0.4, y2: 1 }, defs);
    element('stop', { offset: '0', 'stop-color': '#fffbe6' }, iceTarget);
    element('stop', { offset: '1', 'stop-color': '#ffe08a' }, iceTarget);
    this.drawLabels(svg);
    const floes = game.floes();
    const floeLayer = element('g', {}, svg);
    const penguinLayer = element('g', {}, svg);
    this.floeNodes = new Map();
    this.penguinNodes = new Map();
    const heat = view.heat || new Map();
    const maxHeat = Math.max(0, ...heat.values());
    let firstFocus = -1;
    // Floes gone from the board stay as a tint of the player who took them
    // (none for floes out of play): the board tells who took what.
    const goneLayer = element('g', { 'aria-hidden': 'true' }, floeLayer);
    this.cells.forEach((cell, c) => {
      if (floes & (1n << BigInt(c))) return;
      const owner = view.owners?.get(c) ?? -1;
      element('polygon', {
        class: owner >= 0 ? 'gone taken' : 'gone', points: hexPoints,
        transform: `translate(${cell.px.toFixed(1)} ${cell.py.toFixed(1)})`,
        ...(owner >= 0 ? { style: `fill: var(--p${owner})` } : {}),
      }, goneLayer);
    });
    this.cells.forEach((cell, c) => {
      if (!(floes & (1n << BigInt(c)))) return;
      const penguin = game.penguinAt(c);
      const classes = ['floe'];
      if (view.targets?.has(c)) classes.push('target');
      if (view.selected === c) classes.push('selected');
      if (view.last?.includes(c)) classes.push('last');
      const who = penguin >= 0 ? `penguin of player ${PLAYER_LETTERS[penguin]}` : 'no penguin';
      const extra = view.targets?.has(c) ? ', a legal destination' : '';
      const g = element('g', {
        class: classes.join(' '), 'data-cell': c, 'data-name': cell.name, role: 'button', tabindex: -1,
        transform: `translate(${cell.px.toFixed(1)} ${cell.py.toFixed(1)})`,
        'aria-label': `${cell.name}, ${cell.fish} fish, ${who}${extra}`,
      }, floeLayer);
      element('polygon', { class: 'ice', points: hexPoints }, g);
      element('polygon', { class: 'heat-fill', points: hexPoints, opacity: heatOpacity(heat.get(c), maxHeat) }, g);
      drawFish(g, cell.fish);
      this.floeNodes.set(c, g);
      if (firstFocus < 0) firstFocus = c;
      if (penguin >= 0) {
        const node = drawPenguin(penguinLayer, penguin, cell.px, cell.py);
        node.dataset.cell = c;
        if (view.mine?.has(c)) node.classList.add('mine');
        this.penguinNodes.set(c, node);
      }
    });
    if (!this.floeNodes.has(this.focusCell)) this.focusCell = firstFocus;
    const focused = this.floeNodes.get(this.focusCell);
    if (focused) focused.setAttribute('tabindex', 0);
    if (focused && hadFocus) focused.focus(); // keyboard users keep their place
  }

  // The heatmap of a thinking player (visits by destination), changed in
  // place: the page's thread does little while a player thinks.
  updateHeat(heat) {
    const maxHeat = Math.max(0, ...heat.values());
    for (const [cell, node] of this.floeNodes) node.firstChild.nextSibling.setAttribute('opacity', heatOpacity(heat.get(cell), maxHeat));
  }

  // Takes off the highlights (destinations, choice, heatmap) in place.
  clearHighlights() {
    for (const node of this.floeNodes.values()) {
      node.classList.remove('target', 'selected');
      node.firstChild.nextSibling.setAttribute('opacity', '0');
    }
  }

  drawLabels(svg) {
    const rows = new Map();
    const columns = new Map();
    for (const cell of this.cells) {
      if (!rows.has(cell.row)) rows.set(cell.row, cell.py);
      const column = columns.get(cell.column) || { sum: 0, n: 0 };
      column.sum += cell.px;
      column.n++;
      columns.set(cell.column, column);
    }
    const g = element('g', { 'aria-hidden': 'true' }, svg);
    for (const [row, py] of rows) element('text', { class: 'label', x: MARGIN_LEFT / 2 + 2, y: py }, g).textContent = row;
    for (const [column, { sum, n }] of columns)
      element('text', { class: 'label', x: (sum / n).toFixed(1), y: MARGIN_TOP / 2 + 2 }, g).textContent = column;
  }

  focus(cell) {
    const node = this.floeNodes.get(cell);
    if (!node) return;
    this.floeNodes.get(this.focusCell)?.setAttribute('tabindex', -1);
    this.focusCell = cell;
    node.setAttribute('tabindex', 0);
    node.focus();
  }

  hasFocus() {
    return this.svg.contains(document.activeElement) && document.activeElement !== this.svg;
  }

  // Arrow keys walk the floes (over gaps), Enter or Space clicks one.
  key(event) {
    const from = this.cells[this.focusCell];
    if (!from) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onCell(this.focusCell);
      return;
    }
    const steps = { ArrowLeft: [[-2, 0]], ArrowRight: [[2, 0]], ArrowUp: [[-1, -1], [1, -1]], ArrowDown: [[1, 1], [-1, 1]] }[event.key];
    if (!steps) return;
    event.preventDefault();
    for (let distance = 1; distance < 40; distance++) {
      for (const [dx, dy] of steps) {
        const cell = this.at.get(`${from.x + dx * distance},${from.y + dy * distance}`);
        if (cell !== undefined && this.floeNodes.has(cell)) return this.focus(cell);
      }
    }
  }

  // Plays the animation of one action; resolves when it is over.
  async animate(game, ply, move, speed) {
    // After each wait, only if the board still shows this game: a new game
    // (or a load) in between has nodes of its own under the same cells.
    const generation = this.generation;
    const wait = (ms) => new Promise((resolve) => setTimeout(() => resolve(this.generation === generation), ms * speed));
    const info = game.ply(ply);
    const to = game.moveTo(move);
    const target = this.cells[to];
    if (game.isPlacement(move)) {
      const node = drawPenguin(this.svg, info.player, target.px, target.py - 40);
      node.style.opacity = 0;
      node.getBoundingClientRect();
      node.style.opacity = 1;
      node.style.transform = `translate(${target.px}px, ${target.py}px)`;
      await wait(350);
      return;
    }
    const from = game.moveFrom(move);
    const penguin = this.penguinNodes.get(from);
    if (penguin) penguin.style.transform = `translate(${target.px}px, ${target.py}px)`;
    if (!(await wait(400))) return;
    // The floe taken, then the floes out of play, then the players going
    // out with their penguins' floes.
    const taken = info.credited[info.player];
    for (const cell of taken) this.floeNodes.get(cell)?.classList.add('sinking');
    const creditedAll = new Set(info.credited.flat());
    const outOfPlay = info.removed.filter((cell) => !creditedAll.has(cell));
    if (outOfPlay.length) {
      if (!(await wait(200))) return;
      for (const cell of outOfPlay) this.floeNodes.get(cell)?.classList.add('sinking');
    }
    if (info.playersOut.length) {
      if (!(await wait(200))) return;
      for (const player of info.playersOut) {
        for (const cell of info.credited[player]) {
          this.floeNodes.get(cell)?.classList.add('sinking');
          (cell === to ? penguin : this.penguinNodes.get(cell))?.classList.add('leaving');
        }
      }
    }
    await wait(380);
  }
}
