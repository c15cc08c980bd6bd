// SPDX-License-Identifier: MIT
// The computer players' strengths: the work each may do per move, in its
// own unit (players.h: mcts and montecarlo playouts, alphabeta positions),
// with a time cap so that no move takes long on a slow phone. Players the
// table does not know (a new one in examples/players) get the default
// budget of the library's players.h at every strength.
export const STRENGTHS = ['easy', 'normal', 'strong', 'maximum'];

const BUDGETS = {
  mcts: { easy: 1000, normal: 5000, strong: 25000, maximum: 150000 },
  alphabeta: { easy: 5000, normal: 50000, strong: 400000, maximum: 4000000 },
  montecarlo: { easy: 300, normal: 2000, strong: 10000, maximum: 40000 },
};
const SECONDS = { easy: 1, normal: 3, strong: 6, maximum: 15 };

export function budget(player, strength) {
  return { nodes: BUDGETS[player]?.[strength] ?? 0, seconds: SECONDS[strength] ?? 3 };
}

// The players of the library that can play in this page, in its order: one
// that cannot make a first move here is left out of the seats (the az
// player reads its network from a file, and a page has no files).
export function playable(api) {
  return api.playerNames.filter((name) => {
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
  });
}
