// SPDX-License-Identifier: MIT
// What a ply of the review panel's review costs in WebAssembly (Node, the
// module beside the page, examples/web/build.sh): a game of two MCTS
// players of 1,000 playouts a move on the standard board of --seed (default
// 7), every ply reviewed as the page's worker does (engine.js Review, one
// ply a call), with each reviewer asked for: the library's default
// (mcts:20000, solver 200,000 positions), the page's (solver 50,000) and
// the estimator alone. Prints, for each, the mean, median and longest ply
// by wall-clock and by CPU time (process.cpuUsage()), the plies valued
// exactly and the load averages before and after (cat /proc/loadavg).
//
//   examples/web/build.sh && node tests/web/review_speed.mjs [--seed N] [--players N]
import { readFileSync } from 'node:fs';
import { loadPackeis } from '../../examples/web/engine.js';
import { SOLVER_NODES } from '../../examples/web/review.js';

const argument = (name, otherwise) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : otherwise;
};
const seed = argument('--seed', 7);
const players = argument('--players', 2);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 2).join(', ');

const api = await loadPackeis();
const game = api.newGame({ players, seed: BigInt(seed) });
const seats = Array.from({ length: players }, (_, p) => api.newPlayer('mcts', BigInt(p + 1)));
while (!game.over) game.apply(seats[game.current].choose(game, { nodes: 1000 }).move);
const defaults = api.reviewDefaults;
const reviewers = [
  { name: 'library default', ...defaults },
  { name: 'the page', estimator: defaults.estimator, solverNodes: SOLVER_NODES },
  { name: 'estimator only', estimator: defaults.estimator, solverNodes: 0 },
];
console.log(`Node ${process.versions.node}; ${players} players, seed ${seed}: ${game.plyCount} plies; load before ${load()}`);
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return `mean ${mean.toFixed(0)}, median ${sorted[sorted.length >> 1].toFixed(0)}, longest ${sorted.at(-1).toFixed(0)}`;
};
for (const { name, estimator, solverNodes } of reviewers) {
  const review = api.newReview({ estimator, solverNodes });
  const wall = [];
  const cpu = [];
  let exact = 0;
  for (let ply = 0; ply < game.plyCount; ply++) {
    const [started, used] = [performance.now(), process.cpuUsage()];
    exact += review.reviewPly(game, ply).exact ? 1 : 0;
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  review.free();
  console.log(`${name} (${estimator}, solver ${solverNodes.toLocaleString('en')}): ms a ply by wall-clock ${stats(wall)}; by CPU time ${stats(cpu)}; ${exact} plies exact`);
}
console.log(`load after ${load()}`);
