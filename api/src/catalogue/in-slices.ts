import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work written as a generator that yields between small steps: run at once (`drain`) or a slice of
 * about `sliceMs` at a time with the event loop served between slices (`inSlices`). The catalogue
 * index of 100,000 products takes about a second of CPU to build; done in one piece, every request of
 * the process waited for it at each reload (docs/performance.md, « The catalogue index's reload »).
 */
export type Sliced<T> = Generator<void, T, void>;

/** The work's result, computed without a pause. */
export function drain<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** The work's result, the event loop given a turn whenever `sliceMs` have passed since the last one (0: at every yield). */
export async function inSlices<T>(work: Sliced<T>, sliceMs: number): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - started >= sliceMs) {
      await nextTurn();
      started = performance.now();
    }
  }
}

/** Elements sorted apart in runs of this many (one `sort` call each), then merged. */
const RUN = 4096;
/** Elements merged between two yields. */
const MERGE_STEP = 8192;

/**
 * `list` sorted by `compare` (a new array; `compare` must be a total order: ties broken by id): runs of
 * RUN sorted by the engine, then merged pairwise, yielding after each run and every MERGE_STEP merged.
 */
export function* sortedInSlices(list: Int32Array, compare: (a: number, b: number) => number): Sliced<Int32Array> {
  const n = list.length;
  let from = list.slice();
  for (let start = 0; start < n; start += RUN) {
    from.subarray(start, Math.min(n, start + RUN)).sort(compare);
    yield;
  }
  let to = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(n, low + width);
      const high = Math.min(n, low + 2 * width);
      let a = low;
      let b = middle;
      for (let k = low; k < high; k++) {
        to[k] = a < middle && (b >= high || compare(from[a]!, from[b]!) <= 0) ? from[a++]! : from[b++]!;
        if ((k - low) % MERGE_STEP === MERGE_STEP - 1) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
