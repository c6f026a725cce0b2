import { afterAll, describe, expect, it } from '@jest/globals';
import { threadId } from 'node:worker_threads';
import { OffThreadError, OffThreadTimeout } from './off-thread.js';
import { ResidentWorker } from './resident-worker.js';

const FIXTURE = new URL('../../../test/support/worker-fixture.ts', import.meta.url).href;

describe('ResidentWorker', () => {
  const worker = new ResidentWorker(FIXTURE);
  afterAll(() => worker.close());

  it('runs calls on one worker thread that stays up between them', async () => {
    const first = await worker.run<number>('whichThread', [], 60_000);
    const second = await worker.run<number>('whichThread', [], 60_000);
    expect(first).not.toBe(threadId);
    expect(second).toBe(first);
  });

  it('runs calls one after the other, in the order they were made', async () => {
    const order: string[] = [];
    await Promise.all([
      worker.run<number>('busy', [200], 60_000).then(() => order.push('long')),
      worker.run<number>('whichThread', [], 60_000).then(() => order.push('short')),
    ]);
    expect(order).toEqual(['long', 'short']);
  });

  it("reports the function's error, and keeps the thread", async () => {
    const before = await worker.run<number>('whichThread', [], 60_000);
    const error = await worker.run('fails', ['trop grand'], 60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OffThreadError);
    expect(error).toMatchObject({ errorName: 'RangeError', message: 'trop grand' });
    expect(await worker.run<number>('whichThread', [], 60_000)).toBe(before);
  });

  it('stops a call past its time limit and answers the next ones on a fresh thread', async () => {
    const before = await worker.run<number>('whichThread', [], 60_000);
    const stuck = worker.run('busy', [600_000], 300).catch((e: unknown) => e);
    const next = worker.run<number>('whichThread', [], 60_000);
    expect(await stuck).toBeInstanceOf(OffThreadTimeout);
    const after = await next;
    expect(after).not.toBe(before);
    expect(after).not.toBe(threadId);
  });
});
