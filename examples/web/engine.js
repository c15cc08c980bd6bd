// SPDX-License-Identifier: MIT
// packeis.wasm for JavaScript: the library's games (class Game) and the
// computer players (class Player) on the functions the module exports. Runs
// in a page, in a Web Worker and in Node alike.
import { plainPath, wasiImports } from './wasi.js';
// The header's constants, generated from it at build time (gen_web.py).
import * as H from './packeis_h.js';

export const OK = H.PACKEIS_OK;
export const E_MALFORMED_TEXT = H.PACKEIS_E_MALFORMED_TEXT;
const PARSE_CHECK_LEGAL = H.PACKEIS_PARSE_CHECK_LEGAL;
export const MOVE_NONE = H.PACKEIS_MOVE_NONE;
export const PHASE = { PLACEMENT: H.PACKEIS_PHASE_PLACEMENT, MOVEMENT: H.PACKEIS_PHASE_MOVEMENT, OVER: H.PACKEIS_PHASE_OVER };
const CELL_NAME_SIZE = H.PACKEIS_CELL_NAME_SIZE;
const MOVE_TEXT_SIZE = H.PACKEIS_MOVE_TEXT_SIZE;
const MAX_MOVES = H.PACKEIS_MAX_MOVES;
export const PLAYER_LETTERS = ['A', 'B', 'C', 'D'];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const inNode = (url) => typeof process !== 'undefined' && process.versions?.node && String(url).startsWith('file:');

// The bytes at `url`: fetched (`signal` may abort it), or in Node read from
// a file: URL.
export async function fetchBytes(url, { signal } = {}) {
  if (inNode(url)) {
    const { readFile } = await import('node:fs/promises');
    return readFile(url, { signal });
  }
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`cannot load ${url}: ${response.status} ${response.statusText}`.trim());
  return response.arrayBuffer();
}

// Whether `url` can be fetched, without fetching it (a HEAD request); no
// answer within `seconds` is a no.
export async function canFetch(url, seconds = 10) {
  try {
    if (inNode(url)) {
      const { access } = await import('node:fs/promises');
      await access(url);
      return true;
    }
    return (await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(seconds * 1000) })).ok;
  } catch {
    return false;
  }
}

async function moduleBytes(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  return fetchBytes(source ?? new URL('./packeis.wasm', import.meta.url));
}

// Loads packeis.wasm (default: beside this file) and returns its API. The
// module reads files only from `files` (absolute path -> Uint8Array), which
// addFile() adds to later (wasi.js).
export async function loadPackeis(source, { files = new Map() } = {}) {
  let instance = null;
  const memory = () => instance.exports.memory;
  const imports = wasiImports(memory, files);
  ({ instance } = await WebAssembly.instantiate(await moduleBytes(source), imports));
  instance.exports._initialize();
  return new Packeis(instance.exports, files);
}

// Scratch memory for out-parameters and strings, freed after each call.
class Scratch {
  constructor(api) {
    this.api = api;
    this.blocks = [];
  }
  alloc(size) {
    const pointer = this.api.x.web_alloc(size);
    if (!pointer) throw new Error('packeis.wasm: out of memory');
    this.blocks.push(pointer);
    return pointer;
  }
  string(text) {
    const data = encoder.encode(text);
    const pointer = this.alloc(data.length + 1);
    this.api.bytes().set(data, pointer);
    this.api.bytes()[pointer + data.length] = 0;
    return [pointer, data.length];
  }
  free() {
    for (const pointer of this.blocks) this.api.x.web_free(pointer);
    this.blocks = [];
  }
}

// The characters of `text` before its UTF-8 byte `offset` (the library's
// stop counts bytes; a message counts characters: a comment "café ☃"
// before a fault would move it by 4). Null stays null.
export function charactersBefore(text, offset) {
  if (offset === null || offset === undefined) return offset;
  const bytes = new TextEncoder().encode(text).subarray(0, offset);
  return [...new TextDecoder().decode(bytes, { stream: true })].length;
}

export class PackeisError extends Error {
  constructor(api, status, what, stop = null) {
    super(`${what}: ${api.strerror(status)}`);
    this.status = status;
    this.statusName = api.statusName(status);
    this.reason = api.strerror(status);
    this.stop = stop;
  }
}

class Packeis {
  constructor(exports, files) {
    this.x = exports;
    this.files = files;
    this.version = this.cString(exports.packeis_version_string());
    this.playerNames = [];
    for (let i = 0; ; i++) {
      const name = exports.web_player_name(i);
      if (!name) break;
      this.playerNames.push(this.cString(name));
    }
  }
  // A read-only file for the module at the absolute `path`, e.g. a
  // player's network; removeFile() takes it back (a bad download).
  addFile(path, data) {
    if (!path.startsWith('/')) throw new Error(`addFile: ${path} is not an absolute path`);
    this.files.set(plainPath(path), new Uint8Array(data));
  }
  hasFile(path) {
    return this.files.has(plainPath(path));
  }
  removeFile(path) {
    this.files.delete(plainPath(path));
  }
  bytes() {
    return new Uint8Array(this.x.memory.buffer);
  }
  view() {
    return new DataView(this.x.memory.buffer);
  }
  // The 12 values of glue.h web_report_layout(), read once.
  reportLayout() {
    if (!this.layout) this.layout = Array.from(new Uint32Array(this.x.memory.buffer, this.x.web_report_layout(), 12));
    return this.layout;
  }
  cString(pointer, length = -1) {
    const bytes = this.bytes();
    let end = pointer;
    if (length >= 0) end = pointer + length;
    else while (bytes[end]) end++;
    return decoder.decode(bytes.subarray(pointer, end));
  }
  strerror(status) {
    return this.cString(this.x.packeis_strerror(status));
  }
  statusName(status) {
    return this.cString(this.x.packeis_status_name(status));
  }
  // Runs `body(scratch)` and frees what it allocated.
  scratch(body) {
    const s = new Scratch(this);
    try {
      return body(s);
    } finally {
      s.free();
    }
  }
  // A new game; throws a PackeisError (with .stop for a faulty picture).
  newGame({ players = 2, seed = 1n, picture = '', snake = false, anyFloe = false } = {}) {
    return this.scratch((s) => {
      const [text, length] = picture ? s.string(picture) : [0, 0];
      const out = s.alloc(8);
      const variants = (anyFloe ? 1 << H.PACKEIS_VARIANT_PLACE_ANY_FLOE : 0) | (snake ? 1 << H.PACKEIS_VARIANT_SNAKE_PLACEMENT : 0);
      const status = this.x.web_game_new(players, BigInt(seed), text, length, variants, out, out + 4);
      if (status !== OK) throw new PackeisError(this, status, 'new game', charactersBefore(picture, this.view().getUint32(out + 4, true)));
      return new Game(this, this.view().getUint32(out, true));
    });
  }
  loadRecord(record) {
    return this.scratch((s) => {
      const [text, length] = s.string(record);
      const out = s.alloc(8);
      const status = this.x.packeis_game_load_record(text, length, 0, out, out + 4);
      if (status !== OK) throw new PackeisError(this, status, 'record', charactersBefore(record, this.view().getUint32(out + 4, true)));
      return new Game(this, this.view().getUint32(out, true));
    });
  }
  newPlayer(name, seed) {
    const pointer = this.scratch((s) => this.x.web_player_new(s.string(name)[0], BigInt(seed)));
    if (!pointer) throw new Error(`no player called ${name}`);
    return new Player(this, pointer, name);
  }
  // The library's default reviewer (players.h): {estimator, solverNodes}.
  get reviewDefaults() {
    return { estimator: this.cString(this.x.web_review_default_estimator()), solverNodes: Number(this.x.web_review_default_solver_nodes()) };
  }
  // A review session (glue.h web_review_new(), packeis-review's reviewer):
  // `estimator` a seat spec ('' for the library's default), an alphabeta
  // solver of `solverNodes` positions a position (0: none).
  newReview({ estimator = '', solverNodes = 0 } = {}) {
    const pointer = this.scratch((s) => this.x.web_review_new(s.string(estimator)[0], BigInt(solverNodes)));
    if (!pointer) {
      const why = this.x.web_review_error();
      throw new Error(`review: ${why ? this.cString(why) : 'cannot start'}`);
    }
    return new Review(this, pointer);
  }
  // glue.h web_review_layout(), read once and checked against the fields
  // read here: {ply: {size, at}, summary: {size, at}, sizeT}.
  reviewLayout() {
    if (this.reviewLayoutRead) return this.reviewLayoutRead;
    const pointer = this.x.web_review_layout();
    const values = new Uint32Array(this.x.memory.buffer, pointer, new Uint32Array(this.x.memory.buffer, pointer, 1)[0]);
    const expected = 2 + REVIEW_PLY_FIELDS.length + 1 + REVIEW_SUMMARY_FIELDS.length + 1;
    if (values.length !== expected)
      throw new Error(`packeis.wasm: the review's layout has ${values.length} values, this page reads ${expected}`);
    const fields = (list, from) => Object.fromEntries(list.map(([name], i) => [name, values[from + i]]));
    const summaryAt = 2 + REVIEW_PLY_FIELDS.length;
    this.reviewLayoutRead = {
      ply: { size: values[1], at: fields(REVIEW_PLY_FIELDS, 2) },
      summary: { size: values[summaryAt], at: fields(REVIEW_SUMMARY_FIELDS, summaryAt + 1) },
      sizeT: values[expected - 1],
    };
    return this.reviewLayoutRead;
  }
  // A struct at `base` whose fields `list` ([name, type]) are at `at`.
  readStruct(base, list, at, sizeT) {
    const v = this.view();
    const read = {
      i32: (o) => v.getInt32(o, true),
      u16: (o) => v.getUint16(o, true),
      f64: (o) => v.getFloat64(o, true),
      u64: (o) => Number(v.getBigUint64(o, true)),
      size: (o) => (sizeT === 8 ? Number(v.getBigUint64(o, true)) : v.getUint32(o, true)),
    };
    return Object.fromEntries(list.map(([name, type]) => [name, read[type](base + at[name])]));
  }
  // Random playouts from a 2-player standard start: the benchmark.
  benchPlayouts(seed, games) {
    return this.x.web_bench_playouts(BigInt(seed), games);
  }
}

// The cells of a 64-bit set, in increasing order.
export function cellsOf(bits) {
  const cells = [];
  for (let c = 0; bits; c++, bits >>= 1n) if (bits & 1n) cells.push(c);
  return cells;
}

export class Game {
  constructor(api, pointer) {
    this.api = api;
    this.x = api.x;
    this.p = pointer;
  }
  free() {
    if (this.p) this.x.packeis_game_free(this.p);
    this.p = 0;
  }
  get players() {
    return this.x.packeis_game_player_count(this.p);
  }
  get cellCount() {
    return this.x.packeis_game_cell_count(this.p);
  }
  get phase() {
    return this.x.packeis_game_phase(this.p);
  }
  get over() {
    return this.phase === PHASE.OVER;
  }
  get current() {
    return this.x.packeis_game_current_player(this.p);
  }
  get plyCount() {
    return this.x.packeis_game_ply_count(this.p);
  }
  get redoCount() {
    return this.x.packeis_game_redo_count(this.p);
  }
  get isStandard() {
    return this.x.packeis_game_is_standard_board(this.p) !== 0;
  }
  get seed() {
    return this.x.packeis_game_seed(this.p);
  }
  coords(cell) {
    return this.api.scratch((s) => {
      const out = s.alloc(8);
      this.x.packeis_game_cell_coords(this.p, cell, out, out + 4);
      return [this.api.view().getInt32(out, true), this.api.view().getInt32(out + 4, true)];
    });
  }
  cellName(cell) {
    return this.api.scratch((s) => {
      const buffer = s.alloc(CELL_NAME_SIZE + 4);
      const status = this.x.packeis_game_cell_name(this.p, cell, buffer, CELL_NAME_SIZE, buffer + CELL_NAME_SIZE);
      return status === OK ? this.api.cString(buffer, this.api.view().getUint32(buffer + CELL_NAME_SIZE, true)) : '?';
    });
  }
  fish(cell) {
    return this.x.packeis_game_fish(this.p, cell);
  }
  floes() {
    return this.x.packeis_game_floes(this.p);
  }
  penguinAt(cell) {
    return this.x.packeis_game_penguin_at(this.p, cell);
  }
  penguins(player) {
    return cellsOf(this.x.packeis_game_penguins(this.p, player));
  }
  destinations(cell) {
    return cellsOf(this.x.packeis_game_destinations(this.p, cell));
  }
  isOut(player) {
    return this.x.packeis_game_is_out(this.p, player) !== 0;
  }
  fishWon(player) {
    return this.x.packeis_game_fish_won(this.p, player);
  }
  floesWon(player) {
    return this.x.packeis_game_floes_won(this.p, player);
  }
  rank(player) {
    return this.x.packeis_game_rank(this.p, player);
  }
  standings() {
    const rows = [];
    for (let p = 0; p < this.players; p++)
      rows.push({ player: p, fish: this.fishWon(p), floes: this.floesWon(p), rank: this.rank(p), out: this.isOut(p) });
    return rows;
  }
  legalMoves() {
    return this.api.scratch((s) => {
      const buffer = s.alloc(2 * MAX_MOVES + 4);
      const status = this.x.packeis_game_legal_moves(this.p, buffer, MAX_MOVES, buffer + 2 * MAX_MOVES);
      if (status !== OK) return [];
      const count = this.api.view().getUint32(buffer + 2 * MAX_MOVES, true);
      return Array.from(new Uint16Array(this.x.memory.buffer, buffer, count));
    });
  }
  history() {
    return this.api.scratch((s) => {
      const n = this.plyCount;
      const moves = s.alloc(2 * n);
      const count = s.alloc(4);
      const status = this.x.packeis_game_history(this.p, moves, n, count);
      return status === OK ? Array.from(new Uint16Array(this.x.memory.buffer, moves, n)) : [];
    });
  }
  // What action `ply` did, from the library's account of it.
  ply(ply) {
    const credited = [];
    for (let p = 0; p < this.players; p++) credited.push(cellsOf(this.x.packeis_game_ply_credited(this.p, ply, p)));
    const out = this.x.packeis_game_ply_players_out(this.p, ply);
    return {
      player: this.x.packeis_game_ply_player(this.p, ply),
      removed: cellsOf(this.x.packeis_game_ply_removed(this.p, ply)),
      credited,
      playersOut: [0, 1, 2, 3].filter((p) => out & (1 << p)),
    };
  }
  check(move) {
    return this.x.packeis_game_check_move(this.p, move);
  }
  apply(move) {
    return this.x.packeis_game_apply(this.p, move);
  }
  undo() {
    return this.x.packeis_game_undo(this.p);
  }
  undoTo(plies) {
    return this.x.packeis_game_undo_to(this.p, plies);
  }
  redo() {
    return this.x.packeis_game_redo(this.p);
  }
  isPlacement(move) {
    return this.x.packeis_move_is_placement(move) !== 0;
  }
  moveFrom(move) {
    return this.x.packeis_move_from(move);
  }
  moveTo(move) {
    return this.x.packeis_move_to(move);
  }
  placement(cell) {
    return this.x.packeis_move_placement(cell);
  }
  slide(from, to) {
    return this.x.packeis_move_slide(from, to);
  }
  formatMove(move) {
    return this.api.scratch((s) => {
      const buffer = s.alloc(MOVE_TEXT_SIZE + 4);
      const status = this.x.packeis_game_format_move(this.p, move, buffer, MOVE_TEXT_SIZE, buffer + MOVE_TEXT_SIZE);
      return status === OK ? this.api.cString(buffer, this.api.view().getUint32(buffer + MOVE_TEXT_SIZE, true)) : '?';
    });
  }
  // Reads a move in notation, checking that it is legal: {status, move,
  // stop}. Text after the move is malformed (stop: where it starts).
  parseMove(text) {
    return this.api.scratch((s) => {
      const [pointer, length] = s.string(text);
      const out = s.alloc(8);
      let status = this.x.packeis_game_parse_move(this.p, pointer, length, PARSE_CHECK_LEGAL, out, out + 4);
      const stop = this.api.view().getUint32(out + 4, true);
      if (status === OK && stop !== length) status = E_MALFORMED_TEXT;
      return { status, move: this.api.view().getUint16(out, true), stop: charactersBefore(text, stop) };
    });
  }
  saveRecord() {
    return this.api.scratch((s) => {
      const out = s.alloc(4);
      this.x.packeis_game_save_record(this.p, 0, 0, out);
      const length = this.api.view().getUint32(out, true);
      const buffer = s.alloc(length + 1);
      const status = this.x.packeis_game_save_record(this.p, buffer, length + 1, out);
      if (status !== OK) throw new PackeisError(this.api, status, 'save record');
      return this.api.cString(buffer, this.api.view().getUint32(out, true));
    });
  }
  layoutPicture() {
    return this.api.scratch((s) => {
      const out = s.alloc(4);
      this.x.packeis_game_layout_picture(this.p, 0, 0, 0, out);
      const length = this.api.view().getUint32(out, true);
      const buffer = s.alloc(length + 1);
      this.x.packeis_game_layout_picture(this.p, 0, buffer, length + 1, out);
      return this.api.cString(buffer, this.api.view().getUint32(out, true));
    });
  }
}

// The fields of packeis_player_review_ply and packeis_player_review_summary
// (players.h) in the header's order, the order of web_review_layout().
const REVIEW_PLY_FIELDS = [
  ['ply', 'size'], ['player', 'i32'], ['played', 'u16'], ['best', 'u16'], ['forced', 'i32'],
  ['hasValue', 'i32'], ['exact', 'i32'], ['valueBefore', 'f64'], ['valueAfter', 'f64'], ['loss', 'f64'],
  ['accuracy', 'f64'], ['hasMargin', 'i32'], ['marginBefore', 'f64'], ['marginAfter', 'f64'],
  ['fishLoss', 'f64'], ['judgement', 'i32'], ['nodes', 'u64'],
];
const REVIEW_SUMMARY_FIELDS = [
  ['moves', 'size'], ['forced', 'size'], ['unvalued', 'size'], ['exact', 'size'], ['averageLoss', 'f64'],
  ['accuracy', 'f64'], ['inaccuracies', 'size'], ['mistakes', 'size'], ['blunders', 'size'], ['fishLost', 'f64'],
];
export const JUDGEMENTS = ['good', 'inaccuracy', 'mistake', 'blunder'];

// A review session of lib/players ("game review"): the plies of one game
// reviewed one at a time, as the review JSON (doc/formats.md) has them.
export class Review {
  constructor(api, pointer) {
    this.api = api;
    this.x = api.x;
    this.p = pointer;
  }
  get count() {
    return Number(this.x.web_review_count(this.p));
  }
  truncate(count) {
    this.x.web_review_truncate(this.p, count);
  }
  // Reviews ply `ply` of `game`'s history (at most `count`): the ply as
  // the review JSON's (moves in notation, null where a value is unknown).
  reviewPly(game, ply) {
    const status = this.x.web_review_ply(this.p, game.p, ply);
    if (status !== OK) throw new PackeisError(this.api, status, `review of ply ${ply + 1}`);
    const { ply: layout, sizeT } = this.api.reviewLayout();
    const raw = this.api.readStruct(this.x.web_review_result(this.p, ply), REVIEW_PLY_FIELDS, layout.at, sizeT);
    return plyAsJson(game, raw);
  }
  // Every player's figures over the plies held, as the review JSON's.
  summary(players) {
    const pointer = this.x.web_review_summary(this.p, players);
    if (!pointer) throw new Error(`review: no summary for ${players} players`);
    const { summary: layout, sizeT } = this.api.reviewLayout();
    const rows = [];
    for (let p = 0; p < players; p++) {
      const s = this.api.readStruct(pointer + p * layout.size, REVIEW_SUMMARY_FIELDS, layout.at, sizeT);
      rows.push({
        player: p, moves: s.moves, forced: s.forced, unvalued: s.unvalued, exact: s.exact, average_loss: s.averageLoss,
        accuracy: s.accuracy, inaccuracies: s.inaccuracies, mistakes: s.mistakes, blunders: s.blunders, fish_lost: s.fishLost,
      });
    }
    return rows;
  }
  free() {
    if (this.p) this.x.web_review_free(this.p);
    this.p = 0;
  }
}

// A ply of the library's struct as the review JSON has it (examples/review
// writes the same): values only for a move valued, margins only for one
// valued exactly.
function plyAsJson(game, p) {
  const valued = p.hasValue !== 0 && !p.forced;
  const margins = valued && p.exact !== 0 && p.hasMargin !== 0;
  return {
    ply: p.ply, player: p.player, played: game.formatMove(p.played), best: game.formatMove(p.best),
    forced: p.forced !== 0, valued, exact: valued && p.exact !== 0,
    value_before: valued ? p.valueBefore : null, value_after: valued ? p.valueAfter : null,
    loss: valued || p.forced ? p.loss : null, accuracy: valued || p.forced ? p.accuracy : null,
    judgement: JUDGEMENTS[valued ? p.judgement : 0],
    margin_before: margins ? p.marginBefore : null, margin_after: margins ? p.marginAfter : null,
    fish_loss: margins ? p.fishLoss : null, nodes: p.nodes,
  };
}

// A computer player of lib/players.
export class Player {
  constructor(api, pointer, name) {
    this.api = api;
    this.x = api.x;
    this.p = pointer;
    this.name = name;
  }
  setOption(name, value) {
    const why = this.api.scratch((s) => this.x.web_player_set_option(this.p, s.string(name)[0], s.string(String(value))[0]));
    if (why) throw new Error(`${this.name} ${name}=${value}: ${this.api.cString(why)}`);
  }
  // One search: {move, report}, or throws with the library's reason (the
  // player's own, where it has one: az's unreadable network).
  choose(game, { seconds = 0, nodes = 0 } = {}) {
    const move = this.x.web_player_choose(this.p, game.p, seconds, BigInt(nodes));
    if (move === MOVE_NONE) {
      const error = new PackeisError(this.api, this.x.web_last_status(), `${this.name} could not move`);
      const why = this.x.web_player_error(this.p);
      if (why) error.message = error.reason = this.api.cString(why);
      throw error;
    }
    return { move, report: this.report() };
  }
  // The players library's report struct, read in place at the offsets the
  // glue gives (web_report_layout(): no copy of the struct's layout here).
  report() {
    const [depth, nodes, seconds, hasScore, score, exact, pvLength, pvAt, rootMoves, movesAt,
      visitsAt, sizeT] = this.api.reportLayout();
    const base = this.x.web_report();
    const v = this.api.view();
    const size = (at) => (sizeT === 8 ? Number(v.getBigUint64(base + at, true)) : v.getUint32(base + at, true));
    const pv = [];
    for (let i = 0; i < size(pvLength); i++) pv.push(v.getUint16(base + pvAt + 2 * i, true));
    const visits = [];
    for (let i = 0; i < size(rootMoves); i++)
      visits.push({
        move: v.getUint16(base + movesAt + 2 * i, true),
        visits: Number(v.getBigUint64(base + visitsAt + 8 * i, true)),
      });
    return {
      depth: v.getInt32(base + depth, true),
      nodes: Number(v.getBigUint64(base + nodes, true)),
      seconds: v.getFloat64(base + seconds, true),
      score: v.getInt32(base + hasScore, true) ? v.getFloat64(base + score, true) : null,
      exact: v.getInt32(base + exact, true) !== 0,
      pv,
      visits,
    };
  }
  // How the worker searches it in slices: 'grow', 'deepen' or 'once'
  // (glue.h web_player_slicing(), from packeis_player_resumes()).
  get slicing() {
    return this.api.cString(this.x.web_player_slicing(this.p));
  }
  forget() {
    this.x.web_player_forget(this.p);
  }
  free() {
    if (this.p) this.x.web_player_free(this.p);
    this.p = 0;
  }
}
