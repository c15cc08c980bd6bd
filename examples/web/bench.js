// SPDX-License-Identifier: MIT
// The benchmarks of bench.html and tests/web: the playout benchmark
// (`rounds` rounds of web_bench_playouts(games), the median rate) and the
// replay of a game's searches as one call each (searchReplay).
export function benchmark(api, { games = 20000, rounds = 5, seed = 1 } = {}) {
  const rates = [];
  const lines = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    const plies = Number(api.benchPlayouts(seed + r * games, games));
    const seconds = (performance.now() - start) / 1000;
    if (!plies) throw new Error('the playouts failed');
    rates.push(games / seconds);
    lines.push(`round ${r + 1}: ${games} playouts, ${plies} plies, ${seconds.toFixed(3)} s, ${Math.round(games / seconds)} playouts/s`);
  }
  rates.sort((a, b) => a - b);
  const median = Math.round(rates[Math.floor(rounds / 2)]);
  lines.push(`median of ${rounds}: ${median} playouts/s`);
  return { median, lines };
}

// The searches of a game as the page's worker got them ({seat, player, seed,
// record, nodes, seconds}, in order: worker.js's 'think' messages), each
// played again here in one call of the player, without slices, messages or
// a page around it: a player per seat kept from move to move, as the worker
// keeps them (tree reuse). Returns [{nodes, seconds}] in the same order.
export function searchReplay(api, searches) {
  const players = new Map();
  const results = [];
  try {
    for (const { seat, player: name, seed, record, nodes, seconds } of searches) {
      if (!players.has(seat)) players.set(seat, api.newPlayer(name, seed));
      const game = api.loadRecord(record);
      try {
        const start = performance.now();
        const { report } = players.get(seat).choose(game, { nodes, seconds });
        results.push({ nodes: report.nodes, seconds: (performance.now() - start) / 1000 });
      } finally {
        game.free();
      }
    }
  } finally {
    for (const player of players.values()) player.free();
  }
  return results;
}
