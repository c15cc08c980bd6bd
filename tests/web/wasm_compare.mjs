// SPDX-License-Identifier: MIT
// Builds of packeis.wasm against each other in Node, by CPU time: not a
// test, it prints figures. For a compiler flag: build the module twice, each
// in a build directory of its own (build.sh copies its result beside the
// page, so copy each away after its build), e.g.
//
//   examples/web/build.sh /tmp/bw-base && cp examples/web/packeis.wasm /tmp/base.wasm
//   examples/web/build.sh /tmp/bw-simd    # sets the directory up
//   meson configure /tmp/bw-simd "-Dc_args=['-D_POSIX_C_SOURCE=200809L','-msimd128']" \
//       "-Dc_link_args=['-msimd128']"
//   examples/web/build.sh /tmp/bw-simd && cp examples/web/packeis.wasm /tmp/simd.wasm
//   node tests/web/wasm_compare.mjs [--rounds R] [--games N] [--moves M] [--nodes K] \
//       [--player P] base=/tmp/base.wasm simd=/tmp/simd.wasm ...
//       (default 7 rounds, 50000 games, 16 moves, 5000 nodes, mcts)
//
// In each round every build in turn (the order rotated from round to round)
// runs web_bench_playouts(seed, N) (the playout benchmark of bench.mjs) and
// the first M searches of a game of player P with K nodes a move (seed 7,
// one player for all moves, as the page's worker keeps it), each timed by
// the process's CPU time (process.cpuUsage, user + system). Printed for
// each build: the medians of its rounds, their ratio to the first build's,
// and the median (with the range) of its ratios to the first build in the
// same round, which cancels the machine's slow spells longer than a round;
// "same moves" says the build played the same plies and moves as the first.
// The constants come from examples/web/packeis_h.js (build.sh puts it there;
// it is the header's, the same for every build).
import { readFileSync } from 'node:fs';
import { loadPackeis } from '../../examples/web/engine.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const rounds = Number(option('rounds', 7));
const games = Number(option('games', 50000));
const moves = Number(option('moves', 16));
const nodes = Number(option('nodes', 5000));
const player = option('player', 'mcts');
if (!args.length) throw new Error('usage: node tests/web/wasm_compare.mjs [options] NAME=FILE.wasm ...');

const builds = [];
for (const arg of args) {
  const at = arg.indexOf('=');
  const [name, file] = at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, arg];
  builds.push({ name, api: await loadPackeis(readFileSync(file)), play: [], search: [], plies: 0, moves: '' });
}
const cpu = (body) => {
  const before = process.cpuUsage();
  const result = body();
  const used = process.cpuUsage(before);
  return [(used.user + used.system) / 1e6, result];
};
// The first `moves` searches of a game: [nodes searched, the moves played].
function searches(api) {
  const searcher = api.newPlayer(player, 7n);
  const game = api.newGame({ seed: 7n });
  let total = 0;
  const played = [];
  try {
    for (let m = 0; m < moves && !game.over; m++) {
      const { move, report } = searcher.choose(game, { nodes });
      total += report.nodes;
      played.push(move);
      game.apply(move);
    }
  } finally {
    game.free();
    searcher.free();
  }
  return [total, played.join(',')];
}
// Warm-up: the engine's optimising compiler takes the functions it runs.
for (const build of builds) {
  build.api.benchPlayouts(1, 2000);
  searches(build.api);
}
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < builds.length; k++) {
    const build = builds[(k + r) % builds.length];
    const [playSeconds, plies] = cpu(() => Number(build.api.benchPlayouts(1 + r * games, games)));
    if (!plies) throw new Error(`${build.name}: the playouts failed`);
    build.play.push(games / playSeconds);
    build.plies += plies;
    const [searchSeconds, [searched, played]] = cpu(() => searches(build.api));
    build.search.push(searched / searchSeconds);
    build.moves = played;
  }
}

const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
const first = builds[0];
const ratios = (build, key) => build[key].map((x, r) => x / first[key][r]);
const rate = (x) => Math.round(x).toLocaleString('en');
const compared = (build, key) => {
  const list = ratios(build, key);
  return `${(median(build[key]) / median(first[key])).toFixed(3)} | ${median(list).toFixed(3)} [${Math.min(...list).toFixed(2)}, ${Math.max(...list).toFixed(2)}]`;
};
console.log(`Node ${process.versions.node}, ${rounds} rounds, the builds in turn; playouts: ${games} a round (web_bench_playouts); ` +
  `search: the first ${moves} moves of ${player} with ${nodes} nodes a move, seed 7; rates by CPU time, medians:\n`);
console.log('| build | bytes | playouts/s | vs first | median ratio in a round [range] | search nodes/s | vs first | median ratio in a round [range] | same moves |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const [k, build] of builds.entries()) {
  const bytes = readFileSync(args[k].slice(args[k].indexOf('=') + 1)).length;
  const same = build.plies === first.plies && build.moves === first.moves;
  console.log(`| ${build.name} | ${bytes.toLocaleString('en')} | ${rate(median(build.play))} | ${compared(build, 'play')} | ` +
    `${rate(median(build.search))} | ${compared(build, 'search')} | ${same ? 'yes' : 'no'} |`);
}
