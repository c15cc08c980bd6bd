// SPDX-License-Identifier: MIT
// The page: seats, turns, a person's clicks and typed moves, the computer
// players in the worker, the move list, undo and redo, records, standings.
import { E_MALFORMED_TEXT, loadPackeis, OK, PHASE, PLAYER_LETTERS } from './engine.js';
import { Board } from './board.js';
import { STRENGTHS, budget, playable, unreachable } from './players.js';
import { ReviewPanel } from './review.js';

const $ = (id) => document.getElementById(id);
const PLAYER_LABELS = { random: 'Random', greedy: 'Greedy', montecarlo: 'Monte Carlo', alphabeta: 'Alpha-beta', mcts: 'MCTS', az: 'Network (az)' };
// What a player's search counts (players.h), for the thinking panel.
const WORK_UNITS = { alphabeta: 'positions', az: 'visits' };

// A board seed: a whole number of 0 ... 2^64 - 1 (20 digits at most), as a
// link or the New game dialog gives it.
const isSeed = (text) => /^[0-9]{1,20}$/.test(text) && BigInt(text) < 1n << 64n;

const page = {
  api: null,
  players: [], // the names of the computer players offered (players.js playable())
  game: null,
  seats: [], // {type: 'person'} or {type: 'computer', player, strength}
  setup: null, // {players, seed, layout, snake, anyFloe}
  line: [], // every action of the game's line, played and undone
  selected: -1,
  paused: false, // looking back (move list, redo), or after a failure: computers wait
  failure: null, // why the computer to move could not (Resume tries again)
  busy: false, // animating
  request: 0, // the id of the worker's current search (0: none)
  thinkingSeat: -1,
  heat: null,
  worker: null,
  speed: 1,
};

function seatLabel(seat) {
  // "MCTS, strong": it goes inside the parentheses of playerName().
  return seat.type === 'person' ? 'Person' : `${PLAYER_LABELS[seat.player] ?? seat.player}, ${seat.strength}`;
}
const playerName = (p) => `${PLAYER_LETTERS[p]} (${seatLabel(page.seats[p])})`;

function announce(text) {
  $('announce').textContent = text;
}
function setStatus(text) {
  $('status').textContent = text;
}

// ---- the URL: a shared link starts the same game -------------------------

function seatsToText(seats) {
  return seats.map((s) => (s.type === 'person' ? 'person' : `${s.player}-${s.strength}`)).join(',');
}
function seatsFromText(text, players) {
  const seats = [];
  for (const word of (text || '').split(',').filter(Boolean)) {
    const [player, strength] = word.split('-');
    if (player === 'person') seats.push({ type: 'person' });
    else if (page.players.includes(player))
      seats.push({ type: 'computer', player, strength: STRENGTHS.includes(strength) ? strength : 'normal' });
  }
  while (seats.length < players) seats.push(seats.length === 0 ? { type: 'person' } : { type: 'computer', player: 'mcts', strength: 'normal' });
  return seats.slice(0, players);
}
function readUrl() {
  const q = new URLSearchParams(location.search);
  const asked = /^[2-4]$/.test(q.get('players') || '') ? Number(q.get('players')) : 0; // 2.5 is none
  const players = Math.min(4, Math.max(2, asked || (q.get('seats') || '').split(',').filter(Boolean).length || 2));
  const seed = isSeed(q.get('seed') || '') ? String(BigInt(q.get('seed'))) : String(Math.floor(Math.random() * 1e9));
  const speed = Number(q.get('speed') ?? 1);
  page.speed = Number.isFinite(speed) ? Math.max(0, Math.min(4, speed)) : 1; // 'abc' is the default
  return { players, seed, layout: q.get('layout') || '', snake: q.get('snake') === '1', anyFloe: q.get('anyfloe') === '1', seats: seatsFromText(q.get('seats'), players) };
}
function writeUrl() {
  const q = new URLSearchParams();
  q.set('players', page.setup.players);
  q.set('seed', page.setup.seed);
  q.set('seats', seatsToText(page.seats));
  if (page.setup.layout) q.set('layout', page.setup.layout);
  if (page.setup.snake) q.set('snake', '1');
  if (page.setup.anyFloe) q.set('anyfloe', '1');
  if (page.speed !== 1) q.set('speed', page.speed);
  history.replaceState(null, '', `?${q}`);
}

// ---- starting games ---------------------------------------------------------

function startGame(setup, seats, game = null) {
  // Made first: a game that cannot be made (a bad layout) throws, and the
  // one under way goes on, its search too.
  game ??= page.api.newGame({ players: setup.players, seed: BigInt(setup.seed), picture: setup.layout, snake: setup.snake, anyFloe: setup.anyFloe });
  stopThinking();
  page.game?.free();
  page.game = game;
  page.setup = setup;
  page.seats = seats;
  page.line = game.history();
  page.selected = -1;
  page.paused = false;
  page.busy = false; // an animation of the game before ends unseen
  page.failure = null;
  page.worker.postMessage({ type: 'forget' });
  board.setGame(game);
  $('result').hidden = true;
  writeUrl();
  refresh();
  announce(`New game: ${setup.players} players, ${game.isStandard ? `standard board, seed ${setup.seed}` : 'custom board'}.`);
  advance();
}

// ---- what the page shows ----------------------------------------------------

function isPersonToMove() {
  const game = page.game;
  return !game.over && page.seats[game.current]?.type === 'person';
}

// The highlights: during a person's turn the floes where a placement may go,
// or the penguins that can move and, once one is chosen, its destinations.
function view() {
  const game = page.game;
  const view = { targets: new Set(), selected: page.selected, mine: new Set(), heat: page.heat, owners: owners(game) };
  const history = game.history();
  // The last action's floe: where the penguin went (a slide's origin is gone).
  if (history.length) view.last = [game.moveTo(history[history.length - 1])];
  if (isPersonToMove() && !page.busy) {
    if (game.phase === PHASE.PLACEMENT) {
      for (const move of game.legalMoves()) view.targets.add(game.moveTo(move));
    } else {
      for (const cell of game.penguins(game.current)) if (game.destinations(cell).length) view.mine.add(cell);
      if (page.selected >= 0) for (const cell of game.destinations(page.selected)) view.targets.add(cell);
    }
  }
  return view;
}

// What the page is doing, in body[data-turn] (for styles and tests):
// 'person' to move, a computer 'waiting' to start or 'computer' thinking,
// 'animating', 'paused' (looking back) or 'over'.
function turnState() {
  const game = page.game;
  if (game.over) return 'over';
  if (page.busy) return 'animating';
  if (isPersonToMove()) return 'person';
  if (page.paused) return 'paused';
  return page.request ? 'computer' : 'waiting';
}

// Who took each floe gone from the board, from the library's account of
// every action (packeis_game_ply_credited).
function owners(game) {
  const map = new Map();
  for (let ply = 0; ply < game.plyCount; ply++) {
    game.ply(ply).credited.forEach((cells, player) => cells.forEach((cell) => map.set(cell, player)));
  }
  return map;
}

function refresh() {
  const game = page.game;
  board.render(game, view());
  renderSeats();
  renderMoves();
  $('record').value = game.saveRecord();
  review?.sync();
  $('undo').disabled = game.plyCount === 0;
  $('redo').disabled = game.redoCount === 0;
  const person = isPersonToMove();
  $('move-input').disabled = !person || page.busy;
  document.body.dataset.plies = game.plyCount;
  document.body.dataset.turn = turnState();
  $('resume').hidden = !(page.paused && !person && !game.over);
  if (game.over) {
    setStatus('The game is over.');
    renderStandings();
    return;
  }
  $('result').hidden = true;
  if (person) {
    setStatus(game.phase === PHASE.PLACEMENT
      ? `${playerName(game.current)}: place a penguin on ${page.setup.anyFloe ? 'any free floe' : 'a floe with one fish'}.`
      : page.selected >= 0 ? `${playerName(game.current)}: choose where to slide (or another penguin).` : `${playerName(game.current)}: choose a penguin to move.`);
  } else if (page.paused) {
    setStatus(page.failure ? `${page.failure} Resume tries again.`
      : `Looking back at move ${game.plyCount}: redo, or choose the last move, to play on.`);
  } else {
    setStatus(`${playerName(game.current)} is thinking…`);
  }
}

function renderSeats() {
  const game = page.game;
  const list = $('seats');
  list.replaceChildren();
  for (let p = 0; p < game.players; p++) {
    const li = document.createElement('li');
    li.className = 'seat';
    li.style.setProperty('--seat-colour', `var(--p${p})`);
    if (!game.over && game.current === p) li.classList.add('to-move');
    if (game.isOut(p)) li.classList.add('out');
    li.innerHTML = `<span class="badge" aria-hidden="true">${PLAYER_LETTERS[p]}</span>
      <span class="who">Player ${PLAYER_LETTERS[p]}<span class="kind">${seatLabel(page.seats[p])}${game.isOut(p) ? ' · out' : ''}</span></span>
      <span class="score" data-player="${p}">${game.fishWon(p)} fish<small>${game.floesWon(p)} floes</small></span>`;
    list.appendChild(li);
  }
}

function renderMoves() {
  const game = page.game;
  const list = $('moves');
  list.replaceChildren();
  const played = game.plyCount;
  const item = (label, plies, classes) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = classes;
    button.dataset.plies = plies;
    button.innerHTML = label;
    button.setAttribute('aria-label', plies === 0 ? 'The start' : `Move ${plies}, ${button.textContent.replace(/^\d+\./, '')}`);
    if (plies === played) button.setAttribute('aria-current', 'step');
    li.appendChild(button);
    list.appendChild(li);
  };
  item('Start', 0, `start${played === 0 ? ' current' : ''}`);
  page.line.forEach((move, k) => {
    const text = game.formatMove(move);
    item(`<span class="n">${k + 1}.</span>${text}`, k + 1, `${k + 1 === played ? 'current' : ''}${k + 1 > played ? ' undone' : ''}`);
  });
  // The current move in view, scrolling the list only (never the page).
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + current.offsetHeight - list.clientHeight + 4;
  }
}

function renderStandings() {
  const game = page.game;
  const body = $('standings').querySelector('tbody');
  body.replaceChildren();
  const rows = game.standings().sort((a, b) => a.rank - b.rank || a.player - b.player);
  for (const row of rows) {
    const tr = document.createElement('tr');
    tr.dataset.player = PLAYER_LETTERS[row.player];
    tr.dataset.rank = row.rank;
    tr.dataset.fish = row.fish;
    tr.dataset.floes = row.floes;
    if (row.rank === 1) tr.className = 'winner';
    tr.innerHTML = `<td>${row.rank}</td><td><span class="badge" style="background: var(--p${row.player})">${PLAYER_LETTERS[row.player]}</span><small>${seatLabel(page.seats[row.player])}</small></td><td>${row.fish}</td><td>${row.floes}</td>`;
    body.appendChild(tr);
  }
  $('result').hidden = false;
}

// ---- playing --------------------------------------------------------------

function describeAction(game, ply, move) {
  const info = game.ply(ply);
  const who = `Player ${PLAYER_LETTERS[info.player]}`;
  const parts = [];
  if (game.isPlacement(move)) parts.push(`${who} places a penguin on ${game.cellName(game.moveTo(move))}.`);
  else {
    const taken = info.credited[info.player].reduce((sum, c) => sum + game.fish(c), 0);
    parts.push(`${who} slides ${game.formatMove(move)} and takes ${taken} fish.`);
  }
  const credited = new Set(info.credited.flat());
  const gone = info.removed.filter((c) => !credited.has(c));
  if (gone.length) parts.push(`Floes out of play leave the board: ${gone.map((c) => game.cellName(c)).join(', ')}.`);
  for (const p of info.playersOut) {
    const fish = info.credited[p].reduce((sum, c) => sum + game.fish(c), 0);
    parts.push(`Player ${PLAYER_LETTERS[p]} is out${fish ? `, taking ${fish} fish with its floes` : ''}.`);
  }
  return parts.join(' ');
}

async function play(move, origin) {
  const game = page.game;
  document.body.dataset.turn = 'animating';
  const status = game.apply(move);
  if (status !== OK) {
    refuse(`${game.formatMove(move)}: ${page.api.strerror(status)}.`);
    refresh();
    return false;
  }
  $('move-error').textContent = '';
  page.selected = -1;
  page.paused = false;
  page.failure = null;
  page.heat = null;
  if (game.redoCount === 0) page.line = game.history();
  const ply = game.plyCount - 1;
  announce(describeAction(game, ply, move) + (origin ? ` (${origin})` : ''));
  page.busy = true;
  if (page.speed > 0) {
    // The board still shows the position before the move: only its
    // highlights go before the animation.
    board.clearHighlights();
    await board.animate(game, ply, move, page.speed);
    if (page.game !== game) return true; // a new game or a load meanwhile: the page is its
  }
  page.busy = false;
  refresh();
  advance();
  return true;
}

function refuse(text) {
  $('move-error').textContent = text;
  announce(`Refused: ${text}`);
}

function onCell(cell) {
  const game = page.game;
  board.focusCell = cell;
  if (!isPersonToMove() || page.busy) return;
  if (game.phase === PHASE.PLACEMENT) {
    play(game.placement(cell), 'click');
    return;
  }
  if (game.penguinAt(cell) === game.current) {
    page.selected = page.selected === cell ? -1 : cell;
    refresh();
    board.focus(cell);
    if (page.selected >= 0) announce(`${game.cellName(cell)} chosen: ${game.destinations(cell).map((c) => game.cellName(c)).join(', ') || 'no move'}.`);
    return;
  }
  if (page.selected < 0) {
    refuse(`${game.cellName(cell)}: choose one of your penguins first.`);
    return;
  }
  const move = game.slide(page.selected, cell);
  const status = game.check(move);
  if (status !== OK) refuse(`${game.formatMove(move)}: ${page.api.strerror(status)}.`);
  else play(move, 'click');
}

function typedMove(event) {
  event.preventDefault();
  const text = $('move-input').value.trim();
  if (!text || !isPersonToMove() || page.busy) return;
  const { status, move, stop } = page.game.parseMove(text);
  if (status === E_MALFORMED_TEXT) { // not the shape of a move at all: say what one looks like
    refuse(`${text} is not a move: type a floe (c4) to place a penguin, or FROM-TO (c4-e5) to slide one.`);
    return;
  }
  if (status !== OK) {
    refuse(`${text}: ${page.api.strerror(status)}${stop ? ` (at character ${stop + 1})` : ''}.`);
    return;
  }
  $('move-input').value = '';
  play(move, 'typed');
}

// ---- the computer players --------------------------------------------------

const canThink = () => {
  const game = page.game;
  return !game.over && !page.busy && !page.request && !page.paused && page.workerReady && page.seats[game.current].type === 'computer';
};

// Starts the computer player to move, once the page has drawn the position:
// the worker then takes a core of its own while this thread stays idle.
function advance() {
  if (!canThink() || page.pending) return;
  page.pending = true;
  requestAnimationFrame(() => setTimeout(() => {
    page.pending = false;
    if (canThink()) think();
  }));
}

function think() {
  const game = page.game;
  const seat = page.seats[game.current];
  const id = ++page.counter;
  page.request = id;
  page.thinkingSeat = game.current;
  const { nodes, seconds } = budget(seat.player, seat.strength);
  $('thinking').hidden = false;
  $('thinking-heading').textContent = `${playerName(game.current)} thinking`;
  for (const field of ['estimate', 'speed', 'work', 'line']) $(field).textContent = '–';
  page.thinkStart = performance.now();
  page.worker.postMessage({
    type: 'think', id, seat: game.current, player: seat.player, seed: Number(BigInt(page.setup.seed) % 1000003n) * 4 + game.current,
    record: game.saveRecord(), nodes, seconds,
  });
  setStatus(`${playerName(game.current)} is thinking…`);
  document.body.dataset.turn = turnState();
}

function stopThinking() {
  if (page.request) page.worker.postMessage({ type: 'stop', id: page.request });
  page.request = 0;
  page.heat = null;
  $('thinking').hidden = true;
}

function showProgress(message, final = false) {
  const game = page.game;
  // At most a few updates a second.
  const now = performance.now();
  if (!final && now - (page.shownAt || 0) < 200) return;
  page.shownAt = now;
  const unit = WORK_UNITS[page.seats[page.thinkingSeat]?.player] ?? 'playouts';
  if (message.score !== null && message.score !== undefined) {
    const isMargin = page.seats[page.thinkingSeat]?.player === 'alphabeta';
    $('estimate').textContent = isMargin ? `${message.score > 0 ? '+' : ''}${message.score.toFixed(0)} fish${message.exact ? ' (solved)' : ''}` : `${(100 * message.score).toFixed(0)} % expected reward`;
    $('estimate-bar').style.width = `${isMargin ? 50 + Math.max(-50, Math.min(50, message.score * 2)) : 100 * message.score}%`;
  }
  $('speed').textContent = `${Math.round(message.rate).toLocaleString('en')} ${unit}/s`;
  $('work').textContent = `${message.nodes.toLocaleString('en')} ${unit}${message.depth ? `, depth ${message.depth}` : ''}`;
  $('line').textContent = message.pv.slice(0, 6).join(' ') || '–';
  // The heatmap: the visits of each move, on the floe it goes to.
  const heat = new Map();
  for (const { move, visits } of message.visits) {
    const to = game.moveTo(move);
    heat.set(to, (heat.get(to) || 0) + visits);
  }
  page.heat = heat.size ? heat : null;
  if (!page.busy) board.updateHeat(heat);
}

function onWorkerMessage({ data }) {
  if (data.type === 'ready') {
    // The first search waits for the worker and for the page to settle
    // (loaded, then idle): a computer seat to move first starts after both.
    const start = () => {
      page.workerReady = true;
      advance();
    };
    const whenIdle = () => (self.requestIdleCallback ? requestIdleCallback(start, { timeout: 1000 }) : setTimeout(start, 200));
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
    return;
  }
  if (data.type.startsWith('review')) return review.onMessage(data);
  if (data.id !== page.request) return; // a search given up (undo, redo, new game)
  if (data.type === 'progress') return showProgress(data);
  page.request = 0;
  document.body.dataset.turn = 'animating';
  if (data.type === 'error') {
    // Paused, so that Resume asks again (a network that could not be
    // downloaded may come on a second try); undo and a new game work too.
    $('thinking').hidden = true;
    page.failure = `The computer player failed: ${data.message.replace(/\.$/, '')}.`;
    page.paused = true;
    refresh();
    return;
  }
  showProgress(data, true);
  $('thinking').hidden = true;
  // The move is played in a task of its own: this one only takes the answer
  // (unless the game has changed in between: an undo, a new game).
  const { game } = page;
  const plies = game.plyCount;
  // Said to a screen reader after the move: who played it, not the search's
  // speed (the thinking panel shows that).
  const origin = `${PLAYER_LABELS[page.seats[game.current].player]}${data.stopped ? ', moved now' : ''}`;
  setTimeout(() => {
    if (page.game === game && game.plyCount === plies && !page.request) play(data.move, origin);
  });
}

// ---- undo, redo, the move list, records -------------------------------------

function hasPerson() {
  return page.seats.some((s) => s.type === 'person');
}

function undo() {
  const game = page.game;
  if (page.busy || game.plyCount === 0) return;
  stopThinking();
  game.undo();
  // Back to a person's turn: a computer's move would only be played again.
  while (hasPerson() && game.plyCount > 0 && page.seats[game.current].type !== 'person') game.undo();
  page.selected = -1;
  page.paused = !isPersonToMove();
  page.failure = null;
  announce(`Undone: back to move ${game.plyCount}.`);
  refresh();
}

function redo() {
  const game = page.game;
  if (page.busy || game.redoCount === 0) return;
  // The search under way was for the position before: its answer would be
  // played in the next one (for a person, say).
  stopThinking();
  game.redo();
  page.selected = -1;
  page.paused = game.redoCount > 0 && !isPersonToMove();
  page.failure = null;
  announce(`Redone: move ${game.plyCount}, ${game.formatMove(page.line[game.plyCount - 1])}.`);
  refresh();
  advance();
}

function goTo(plies) {
  const game = page.game;
  if (page.busy) return;
  stopThinking();
  if (plies <= game.plyCount) game.undoTo(plies);
  else while (game.plyCount < plies && game.redo() === OK);
  page.selected = -1;
  page.paused = game.redoCount > 0 && !isPersonToMove();
  page.failure = null;
  announce(`Move ${plies} of ${page.line.length}.`);
  refresh();
  advance();
}

function save() {
  const record = page.game.saveRecord();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([record], { type: 'text/plain' }));
  link.download = `packeis-${page.setup.seed}-${page.game.plyCount}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  announce('The game record is saved.');
}

function loadRecord(text) {
  const game = page.api.loadRecord(text);
  const players = game.players;
  const seats = page.seats.length === players ? page.seats : seatsFromText('', players);
  const seedMatch = text.match(/\[Board "standard ([0-9]+)"\]/);
  const picture = game.isStandard ? '' : game.layoutPicture();
  const variants = text.match(/\[Variants "([^"]*)"\]/)?.[1] || '';
  startGame({ players, seed: seedMatch ? seedMatch[1] : page.setup.seed, layout: picture, snake: /snake/.test(variants), anyFloe: /any-floe/.test(variants) }, seats, game);
}

// ---- the dialogs ------------------------------------------------------------

function seatChoice(p, seat) {
  const li = document.createElement('li');
  li.innerHTML = `<span class="badge" style="background: var(--p${p})" aria-hidden="true">${PLAYER_LETTERS[p]}</span>`;
  const kind = document.createElement('select');
  kind.name = `seat-${p}`;
  kind.setAttribute('aria-label', `Player ${PLAYER_LETTERS[p]}`);
  kind.add(new Option('Person', 'person'));
  for (const name of page.players) kind.add(new Option(PLAYER_LABELS[name] ?? name, name));
  kind.value = seat.type === 'person' ? 'person' : seat.player;
  const strength = document.createElement('select');
  strength.name = `strength-${p}`;
  strength.setAttribute('aria-label', `Strength of player ${PLAYER_LETTERS[p]}`);
  for (const s of STRENGTHS) strength.add(new Option(s, s));
  strength.value = seat.strength || 'normal';
  const sync = () => (strength.hidden = kind.value === 'person' || kind.value === 'random' || kind.value === 'greedy');
  kind.addEventListener('change', sync);
  sync();
  li.append(kind, strength);
  return li;
}

function fillSeatChoices(count, seats) {
  const list = $('seat-choices');
  list.replaceChildren();
  for (let p = 0; p < count; p++) list.appendChild(seatChoice(p, seats[p] || { type: 'computer', player: 'mcts', strength: 'normal' }));
}

function openNewGame() {
  $('player-count').value = String(page.setup.players);
  fillSeatChoices(page.setup.players, page.seats);
  $('seed').value = page.setup.seed;
  $('layout').value = page.setup.layout;
  $('snake').checked = page.setup.snake;
  $('any-floe').checked = page.setup.anyFloe;
  $('new-game-error').textContent = '';
  $('new-game').showModal();
}

function submitNewGame(event) {
  if (event.submitter?.value !== 'start') return;
  event.preventDefault();
  const players = Number($('player-count').value);
  const seats = [];
  for (let p = 0; p < players; p++) {
    const kind = document.querySelector(`[name=seat-${p}]`).value;
    const strength = document.querySelector(`[name=strength-${p}]`).value;
    seats.push(kind === 'person' ? { type: 'person' } : { type: 'computer', player: kind, strength });
  }
  const seed = $('seed').value.trim();
  if (!isSeed(seed)) {
    $('new-game-error').textContent = 'The seed is a whole number from 0 to 18446744073709551615.';
    return;
  }
  const layout = $('layout').value.replace(/\s+$/, '');
  const setup = { players, seed, layout: layout ? layout + '\n' : '', snake: $('snake').checked, anyFloe: $('any-floe').checked };
  try {
    startGame(setup, seats);
    $('new-game').close();
  } catch (error) {
    const where = error.stop !== null && setup.layout ? ` (at character ${error.stop + 1} of the layout)` : '';
    $('new-game-error').textContent = `${error.reason ?? error.message}${where}.`;
  }
}

// A record or position file into the dialog's text: none (a choice
// cleared) leaves the text as it is, and one far larger than any record
// is refused before it is read (filling the text area froze the page).
const LOAD_FILE_MAX = 4 << 20;

async function loadFile() {
  const file = $('load-file').files[0];
  if (!file) return;
  if (file.size > LOAD_FILE_MAX) {
    $('load-error').textContent = `${file.name}: ${file.size.toLocaleString('en')} bytes, more than a record takes (at most ${LOAD_FILE_MAX.toLocaleString('en')}).`;
    return;
  }
  $('load-error').textContent = '';
  $('load-text').value = await file.text();
}

function submitLoad(event) {
  if (event.submitter?.value !== 'load') return;
  event.preventDefault();
  try {
    loadRecord($('load-text').value);
    $('load').close();
  } catch (error) {
    $('load-error').textContent = `${error.reason ?? error.message}${error.stop ? ` (at character ${error.stop + 1})` : ''}.`;
  }
}

// ---- start ------------------------------------------------------------------

const board = new Board($('board'), { onCell });
let review = null; // the review panel (review.js), once the library is loaded

async function main() {
  page.api = await loadPackeis();
  page.players = playable(page.api);
  // A player whose files cannot be fetched (a copy of the page without
  // them) leaves the seats offered once that is known: the page does not
  // wait for it.
  unreachable().then((names) => (page.players = page.players.filter((name) => !names.includes(name))));
  page.counter = 0;
  page.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  page.worker.onmessage = onWorkerMessage;
  page.worker.onerror = (event) => setStatus(`The computer players could not start: ${event.message}`);
  review = new ReviewPanel({
    api: page.api,
    worker: page.worker,
    nextId: () => ++page.counter,
    context: () => ({ game: page.game, line: page.line, label: `packeis-${page.setup.seed}-${page.line.length}.txt` }),
    goTo,
    announce,
  });
  $('review-button').addEventListener('click', () => review.toggle());
  const fromUrl = readUrl();
  page.setup = fromUrl;
  $('new-game-button').addEventListener('click', openNewGame);
  $('player-count').addEventListener('change', () => fillSeatChoices(Number($('player-count').value), page.seats));
  $('random-seed').addEventListener('click', () => ($('seed').value = String(Math.floor(Math.random() * 1e9))));
  $('new-game-form').addEventListener('submit', submitNewGame);
  $('load-button').addEventListener('click', () => {
    $('load-error').textContent = '';
    $('load').showModal();
  });
  $('load-form').addEventListener('submit', submitLoad);
  $('load-file').addEventListener('change', loadFile);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('save').addEventListener('click', save);
  $('move-now').addEventListener('click', () => page.request && page.worker.postMessage({ type: 'stop', id: page.request }));
  $('move-form').addEventListener('submit', typedMove);
  $('resume').addEventListener('click', () => {
    page.paused = false;
    page.failure = null;
    refresh();
    advance();
  });
  $('moves').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-plies]');
    if (button) goTo(Number(button.dataset.plies));
  });
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select, dialog') || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'u') undo();
    else if (event.key === 'r') redo();
    else if (event.key === 'm') $('move-now').click();
  });
  try {
    startGame({ players: fromUrl.players, seed: fromUrl.seed, layout: fromUrl.layout, snake: fromUrl.snake, anyFloe: fromUrl.anyFloe }, fromUrl.seats);
  } catch (error) {
    // Said after the standard game has started, which writes the status
    // line itself (a message written before would be gone at once).
    startGame({ players: 2, seed: '1', layout: '', snake: false, anyFloe: false }, seatsFromText('', 2));
    const message = `The game in the link cannot start (${error.reason ?? error.message}): a standard game instead.`;
    setStatus(message);
    announce(message);
  }
  document.body.dataset.ready = 'true';
}

main().catch((error) => setStatus(`The page could not start: ${error.message}`));
