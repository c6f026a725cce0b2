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
