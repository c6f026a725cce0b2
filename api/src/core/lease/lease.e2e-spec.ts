import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../../test/support/test-app.js';
import { Lease, runExclusively } from './lease.js';

describe('job leases (one run at a time across processes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a job to one owner until it releases it or its claim runs out', async () => {
    const a = new Lease(t.dataSource, 'job-a', 'replica-a');
    const b = new Lease(t.dataSource, 'job-a', 'replica-b');
    const now = new Date();
    expect(await a.acquire(60_000, now)).toBe(true);
    expect(await b.acquire(60_000, now)).toBe(false);
    expect(await a.acquire(60_000, now)).toBe(true); // the owner renews
    // An owner that died: its claim has run out a minute later.
    expect(await b.acquire(60_000, new Date(now.getTime() + 61_000))).toBe(true);
    expect(await a.acquire(60_000, new Date(now.getTime() + 62_000))).toBe(false);
    await b.release();
    expect(await a.acquire(60_000)).toBe(true);
    await a.release();
  });

  it('keeps different job names apart', async () => {
    expect(await new Lease(t.dataSource, 'job-b', 'x').acquire(60_000)).toBe(true);
    expect(await new Lease(t.dataSource, 'job-c', 'y').acquire(60_000)).toBe(true);
  });

  it('runs the work once when two processes ask at the same time', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return 'done';
    };
    const outcomes = await Promise.all([
      runExclusively(t.dataSource, 'job-d', 60_000, work, 'one'),
      runExclusively(t.dataSource, 'job-d', 60_000, work, 'two'),
    ]);
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, result: 'done' }]);
    // Released at the end: the next run goes ahead.
    expect(await runExclusively(t.dataSource, 'job-d', 60_000, async () => 'again', 'two')).toEqual({
      ran: true,
      result: 'again',
    });
  });
});
