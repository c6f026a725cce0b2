import { describe, expect, it } from '@jest/globals';
import { drain, inSlices, sortedInSlices } from './in-slices.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('sortedInSlices', () => {
  // Sizes around the runs (4,096) and the merge passes: one run, a run and a bit, uneven pairs, many passes.
  it.each([0, 1, 4095, 4096, 4097, 8192, 12_289, 50_000])('sorts %i elements as the engine sorts them', (n) => {
    const next = random(n + 1);
    const keys = Float64Array.from({ length: n }, () => Math.floor(next() * 1000));
    // Ties broken by position: a total order, as the index's comparators are.
    const compare = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
    const list = Int32Array.from({ length: n }, (_, i) => n - 1 - i);
    const before = list.slice();
    const want = list.slice().sort(compare);
    expect(drain(sortedInSlices(list, compare))).toEqual(want);
    // The input is left as it was.
    expect(list).toEqual(before);
  });
});

describe('inSlices', () => {
  it('gives the event loop a turn between slices, and the same result as drain', async () => {
    // Whether a callback queued before the work had run by the time the work ended: only if the work let
    // the event loop turn. No clock involved.
    let served = false;
    function* work() {
      let sum = 0;
      for (let i = 1; i <= 100; i++) {
        sum += i;
        yield;
      }
      return { sum, served };
    }
    setImmediate(() => (served = true));
    expect(drain(work())).toEqual({ sum: 5050, served: false });
    // sliceMs 0: a pause at every yield, so the queued callback runs while the work goes on.
    expect(await inSlices(work(), 0)).toEqual({ sum: 5050, served: true });
  });
});
