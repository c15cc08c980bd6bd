// SPDX-License-Identifier: MIT
// The computer players' strengths: the work each may do per move, in its
// own unit (players.h: mcts and montecarlo playouts, alphabeta positions,
// az visits: network evaluations),
// with a time cap so that no move takes long on a slow phone. Players the
// table does not know (a new one in examples/players) get the default
// budget of the library's players.h at every strength.
import { canFetch, fetchBytes } from './engine.js';

export const STRENGTHS = ['easy', 'normal', 'strong', 'maximum'];

const BUDGETS = {
  mcts: { easy: 1000, normal: 5000, strong: 25000, maximum: 150000 },
  alphabeta: { easy: 5000, normal: 50000, strong: 400000, maximum: 4000000 },
  montecarlo: { easy: 300, normal: 2000, strong: 10000, maximum: 40000 },
  az: { easy: 100, normal: 800, strong: 4000, maximum: 20000 },
};
const SECONDS = { easy: 1, normal: 3, strong: 6, maximum: 15 };

export function budget(player, strength) {
  return { nodes: BUDGETS[player]?.[strength] ?? 0, seconds: SECONDS[strength] ?? 3 };
}

// The files a player reads (az: its network), by their path in the module
// (examples/players/meson.build, PACKEIS_AZ_DEFAULT_WEIGHTS of the
// WebAssembly build) and where the page finds them, beside it. They are
// fetched when the player first thinks, not when the page opens (the
// network is 1.9 MB).
export const PLAYER_FILES = {
  az: { '/models/az-default.pkaz': new URL('./az-default.pkaz', import.meta.url) },
};

// Gives the module (engine.js api) the files `player` reads (`files`: tests
// give others), each fetched once.
export async function provideFiles(api, player, files = PLAYER_FILES) {
  for (const [path, url] of Object.entries(files[player] ?? {}))
    if (!api.hasFile(path)) api.addFile(path, await fetchBytes(url));
}

// The players of the library that can play in this page, in its order: one
// that cannot make a first move here is left out of the seats, and so is
// one whose files the page cannot fetch (a copy of the page without them).
// A player that reads files is not tried here: that would fetch them.
export async function playable(api, files = PLAYER_FILES) {
  const names = [];
  for (const name of api.playerNames) {
    const urls = Object.values(files[name] ?? {});
    if (urls.length ? (await Promise.all(urls.map(canFetch))).every(Boolean) : movesHere(api, name))
      names.push(name);
  }
  return names;
}

function movesHere(api, name) {
  let player = null;
  let game = null;
  try {
    player = api.newPlayer(name, 1n);
    game = api.newGame();
    player.choose(game, { nodes: 1 });
    return true;
  } catch {
    return false;
  } finally {
    game?.free();
    player?.free();
  }
}
