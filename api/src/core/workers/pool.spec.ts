import { afterAll, describe, expect, it } from '@jest/globals';
import { threadId } from 'node:worker_threads';
import { closeWorkerPool, configureWorkerPool, runInWorker, WorkerTaskError, WorkerTaskTimeout } from './pool.js';

const FIXTURE = new URL('../../../test/support/worker-fixture.ts', import.meta.url).href;

describe('the worker pool', () => {
  afterAll(async () => {
    await closeWorkerPool();
    configureWorkerPool({ threads: 2 });
  });

  it('runs a task on a thread of its own that stays up for the next tasks', async () => {
    await closeWorkerPool();
    configureWorkerPool({ threads: 1 });
    const first = await runInWorker<number>(FIXTURE, 'whichThread', [], 60_000);
    const second = await runInWorker<number>(FIXTURE, 'whichThread', [], 60_000);
    expect(first).not.toBe(threadId);
    expect(second).toBe(first);
  });

  it("reports the function's error by its class name and message, and keeps the thread", async () => {
    const before = await runInWorker<number>(FIXTURE, 'whichThread', [], 60_000);
    const error = await runInWorker(FIXTURE, 'fails', ['trop grand'], 60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ errorName: 'RangeError', message: 'trop grand' });
    expect(await runInWorker<number>(FIXTURE, 'whichThread', [], 60_000)).toBe(before);
  });

  it('refuses a task past its time limit, replaces its thread and serves the tasks queued behind it', async () => {
    const before = await runInWorker<number>(FIXTURE, 'whichThread', [], 60_000);
    // One thread: the next tasks wait behind the stuck one, and their wait does not count in their limit.
    const stuck = runInWorker(FIXTURE, 'busy', [600_000], 300).catch((e: unknown) => e);
    const next = runInWorker<number>(FIXTURE, 'busy', [10], 1_000);
    const after = runInWorker<number>(FIXTURE, 'whichThread', [], 1_000);
    const error = await stuck;
    expect(error).toBeInstanceOf(WorkerTaskTimeout);
    expect(error).toMatchObject({ message: 'busy took more than 300 ms' });
    const thread = await next;
    expect(thread).not.toBe(before);
    expect(thread).not.toBe(threadId);
    expect(await after).toBe(thread);
  });

  it('runs tasks side by side on as many threads as configured', async () => {
    await closeWorkerPool();
    configureWorkerPool({ threads: 2 });
    // Each task holds its thread until the other has started: only two threads at once let both finish.
    const shared = new SharedArrayBuffer(8);
    const threads = await Promise.all([
      runInWorker<number>(FIXTURE, 'meet', [shared, 0], 30_000),
      runInWorker<number>(FIXTURE, 'meet', [shared, 1], 30_000),
    ]);
    expect(new Set(threads).size).toBe(2);
  });
});
