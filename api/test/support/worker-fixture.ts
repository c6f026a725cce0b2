import { threadId } from 'node:worker_threads';

/** Functions for the worker-thread tests (core/workers): run in the worker, not in the test. */
export const whichThread = (): number => threadId;

export function busy(ms: number): number {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Holds the worker's thread, as a sanitiser parsing a huge file would.
  }
  return threadId;
}

export function fails(message: string): never {
  throw new RangeError(message);
}

/** Marks slot `index` of `shared` and waits until the other slot is marked: two threads at once. */
export function meet(shared: SharedArrayBuffer, index: number): number {
  const slots = new Int32Array(shared);
  Atomics.store(slots, index, 1);
  Atomics.notify(slots, index);
  const other = 1 - index;
  while (Atomics.load(slots, other) === 0) Atomics.wait(slots, other, 0, 100);
  return threadId;
}
