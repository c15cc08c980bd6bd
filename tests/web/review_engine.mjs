// SPDX-License-Identifier: MIT
// The review panel's module side (examples/web/engine.js Review, glue.h
// web_review_*) in Node, without a browser (tests/web/run; after
// examples/web/build.sh):
//   - the row of tests/players/test_review.c reviewed in WebAssembly: the
//     values worked out there by hand;
//   - the session's plies: kept, dropped from a ply on, none past the
//     history or the plies held;
//   - a reviewer that cannot review refused with the library's reason;
//   - the structs read at the glue's offsets, in the header's order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackeis } from '../../examples/web/engine.js';

const api = await loadPackeis();

// One row of floes a1 ... a4 of 1, 1, 3 and 1 fish, a penguin each, A on
// a1 and B on a4, then A slides a1-a2 (tests/players/test_review.c: a1-a3
// wins by 4 fish, a1-a2 loses by 2: a blunder, 6 fish lost).
const ROW = `[Game "packeis"]
[Version "1"]
[Players "2"]
[Penguins "1"]
[Variants "-"]
[Board "custom"]
1 1 3 1
[Plies "3"]

1. a1 2. a4 3. a1-a2

[Result "movement: A 1 fish 1 floes (1), B 0 fish 0 floes (2)"]
`;

test('the row of test_review.c: the blunder a1-a2 valued exactly, as worked out by hand', () => {
  const game = api.loadRecord(ROW);
  const review = api.newReview({ estimator: 'mcts:2000', solverNodes: 100000 });
  try {
    const plies = [0, 1, 2].map((ply) => review.reviewPly(game, ply));
    assert.deepEqual({ ...plies[2], nodes: 0 }, {
      ply: 2, player: 0, played: 'a1-a2', best: 'a1-a3', forced: false, valued: true, exact: true,
      value_before: 1, value_after: -1, loss: 2, accuracy: 0, judgement: 'blunder',
      margin_before: 4, margin_after: -2, fish_loss: 6, nodes: 0,
    });
    assert.ok(plies[2].nodes > 0);
    assert.deepEqual(plies.map((p) => [p.player, p.played, p.exact]), [[0, 'a1', true], [1, 'a4', true], [0, 'a1-a2', true]]);
    // The summary adds up the plies held, each player's own.
    const [a, b] = review.summary(2);
    assert.equal(a.moves, 2);
    assert.equal(a.blunders, plies.filter((p) => p.player === 0 && p.judgement === 'blunder').length);
    assert.equal(a.fish_lost, plies[0].fish_loss + plies[2].fish_loss);
    assert.equal(b.moves, 1);
    assert.equal(b.fish_lost, plies[1].fish_loss);
    assert.equal(review.count, 3);
  } finally {
    review.free();
    game.free();
  }
});

test('the plies of a session: kept, dropped from a ply on, none past the history or those held', () => {
  const game = api.loadRecord(ROW);
  const review = api.newReview({ estimator: 'mcts:500', solverNodes: 0 });
  try {
    review.reviewPly(game, 0);
    review.reviewPly(game, 1);
    assert.equal(review.count, 2);
    // A ply beyond those held (the session holds a line's first plies).
    assert.throws(() => review.reviewPly(game, 3), /review of ply 4: .*range/);
    review.truncate(1);
    assert.equal(review.count, 1);
    assert.throws(() => review.reviewPly(game, 2), /review of ply 3: .*range/);
    assert.equal(review.reviewPly(game, 1).played, 'a4');
    assert.equal(review.reviewPly(game, 2).exact, false, 'exact without a solver');
    // Past the history (3 plies).
    assert.throws(() => review.reviewPly(game, 3), /review of ply 4: .*range/);
    assert.equal(review.count, 3);
    // A summary for a count of players the library refuses.
    assert.throws(() => review.summary(5), /no summary for 5 players/);
  } finally {
    review.free();
    game.free();
  }
});

test('a reviewer that cannot review is refused with the reason', () => {
  assert.throws(() => api.newReview({ estimator: 'random' }), /^Error: review: 'random': random values no move, so it cannot review/);
  assert.throws(() => api.newReview({ estimator: 'nobody:3' }), /review: 'nobody:3': no built-in player is called 'nobody'/);
  assert.deepEqual(api.reviewDefaults, { estimator: 'mcts:20000', solverNodes: 200000 });
});

test("the structs at the glue's offsets, in the header's order", () => {
  const { ply, summary, sizeT } = api.reviewLayout();
  assert.equal(sizeT, 4); // wasm32
  for (const { size, at } of [ply, summary]) {
    const offsets = Object.values(at);
    assert.equal(offsets[0], 0);
    offsets.slice(1).forEach((offset, i) => assert.ok(offset > offsets[i], `offsets ${offsets}`));
    assert.ok(size > offsets.at(-1));
  }
});
