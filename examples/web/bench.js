// SPDX-License-Identifier: MIT
// The playout benchmark of bench.html and tests/web/bench.mjs: `rounds`
// rounds of web_bench_playouts(games), the median rate.
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
