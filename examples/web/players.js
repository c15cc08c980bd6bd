// SPDX-License-Identifier: MIT
// The computer players' strengths: the work each may do per move, in its
// own unit (players.h: mcts and montecarlo playouts, alphabeta positions,
// az visits: network evaluations),
// with a time cap so that no move takes long on a slow phone. Players the
// table does not know (a new one in lib/players) get the default
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

// The files a player reads (az: its network): where the module reads each
// (lib/players/meson.build, PACKEIS_AZ_DEFAULT_WEIGHTS of the
// WebAssembly build), where the page finds it (beside it) and the bytes it
// starts with. They are fetched when the player first thinks, not when the
// page opens (the network is 392 KB).
export const PLAYER_FILES = {
  az: [{ path: '/models/az-default.pkaz', url: new URL('./az-default.pkaz', import.meta.url), magic: 'PKAZ' }],
};

// Gives the module (engine.js api) the files `player` reads, each fetched
// once (`signal` aborts the download; `files`: tests give others). A
// download that fails, or is not the file (a server's page for a missing
// one), throws and leaves nothing behind.
export async function provideFiles(api, player, { signal, files = PLAYER_FILES } = {}) {
  for (const { path, url, magic } of files[player] ?? []) {
    if (api.hasFile(path)) continue;
    let data;
    try {
      data = new Uint8Array(await fetchBytes(url, { signal }));
    } catch (error) {
      throw new Error(`${player}: ${url.pathname.split('/').pop()} could not be downloaded (${error.message})`);
    }
    if (new TextDecoder().decode(data.subarray(0, magic.length)) !== magic)
      throw new Error(`${player}: ${url.pathname.split('/').pop()} is not its file (it does not start with ${magic})`);
    api.addFile(path, data);
  }
}

// Takes back the files `player` reads, so that the next try fetches them
// again (after the player failed with them).
export function forgetFiles(api, player, files = PLAYER_FILES) {
  for (const { path } of files[player] ?? []) api.removeFile(path);
}

// The players of the library that can play in this page, in its order: one
// that cannot make a first move here is left out of the seats. A player
// that reads files is offered without a try (that would fetch them):
// unreachable() says which files are missing.
export function playable(api, files = PLAYER_FILES) {
  return api.playerNames.filter((name) => files[name] || movesHere(api, name));
}

// The players whose files the page cannot fetch (HEAD requests, a few
// seconds at most): a copy of the page without them.
export async function unreachable(files = PLAYER_FILES) {
  const names = [];
  for (const [name, list] of Object.entries(files))
    if (!(await Promise.all(list.map(({ url }) => canFetch(url)))).every(Boolean)) names.push(name);
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
