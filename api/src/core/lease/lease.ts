import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { DataSource } from 'typeorm';
import { JobLease } from './job-lease.entity.js';

/** Who this process is, in lease rows and logs: host, pid and a random part (two apps in one test process). */
export const processOwner = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export type LeaseOutcome<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` in at most one process at a time among all those sharing the database (API replicas,
 * operator commands): a row of `job_leases` per job name, claimed by one conditional UPDATE, kept
 * alive by a heartbeat while the work runs, released at the end. A process that dies holding it
 * frees it when `ttlMs` has passed. Works the same on SQLite and MySQL/MariaDB.
 *
 *   const outcome = await runExclusively(dataSource, 'audit-purge', 10 * 60_000, () => purge());
 *   if (!outcome.ran) ... // another replica is on it
 */
export async function runExclusively<T>(
  dataSource: DataSource,
  name: string,
  ttlMs: number,
  work: () => Promise<T>,
  owner = processOwner(),
): Promise<LeaseOutcome<T>> {
  const lease = new Lease(dataSource, name, owner);
  if (!(await lease.acquire(ttlMs))) return { ran: false };
  const heartbeat = setInterval(() => void lease.acquire(ttlMs).catch(() => undefined), Math.max(1000, ttlMs / 3));
  heartbeat.unref();
  try {
    return { ran: true, result: await work() };
  } finally {
    clearInterval(heartbeat);
    await lease.release().catch(() => undefined);
  }
}

/** The claim on one job name by one owner; `acquire` also renews a claim the owner already holds. */
export class Lease {
  constructor(
    private readonly dataSource: DataSource,
    readonly name: string,
    readonly owner: string,
  ) {}

  async acquire(ttlMs: number, now = new Date()): Promise<boolean> {
    const repo = this.dataSource.getRepository(JobLease);
    // The row exists once and for all; racing inserts are ignored (INSERT OR IGNORE / INSERT IGNORE).
    await repo.createQueryBuilder().insert().values({ name: this.name, owner: null, expires_at: null }).orIgnore().execute();
    const result = await repo
      .createQueryBuilder()
      .update()
      .set({ owner: this.owner, expires_at: new Date(now.getTime() + ttlMs) })
      .where('name = :name', { name: this.name })
      .andWhere('(owner IS NULL OR expires_at IS NULL OR expires_at < :now OR owner = :owner)', { now, owner: this.owner })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  async release(): Promise<void> {
    await this.dataSource
      .getRepository(JobLease)
      .createQueryBuilder()
      .update()
      .set({ owner: null, expires_at: null })
      .where('name = :name AND owner = :owner', { name: this.name, owner: this.owner })
      .execute();
  }
}
