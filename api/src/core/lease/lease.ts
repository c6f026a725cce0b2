import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
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

/**
 * Where a claim is kept: a row (`where`, its key) of a table, with an owner and an expiry column. Job
 * names live in `job_leases`; the site build keeps its claim on its own state row
 * (`site_build_state.lock_owner`), which the publishing status and metrics read.
 */
export interface LeaseSlot {
  entity: EntityTarget<ObjectLiteral>;
  where: Record<string, string | number>;
  ownerColumn: string;
  expiresColumn: string;
  /** Inserted when missing, before the first claim (a job's row); a slot without it must already exist. */
  initialRow?: ObjectLiteral;
}

const jobSlot = (name: string): LeaseSlot => ({
  entity: JobLease,
  where: { name },
  ownerColumn: 'owner',
  expiresColumn: 'expires_at',
  initialRow: { name, owner: null, expires_at: null },
});

/**
 * The claim on one slot (a job name, or a `LeaseSlot`) by one owner: the one lease of the code base.
 * `acquire` claims a free or expired slot, and renews a claim the owner already holds (the heartbeat);
 * `release` frees it only if the owner still holds it.
 */
export class Lease {
  private readonly slot: LeaseSlot;

  constructor(
    private readonly dataSource: DataSource,
    slot: string | LeaseSlot,
    readonly owner: string,
  ) {
    this.slot = typeof slot === 'string' ? jobSlot(slot) : slot;
  }

  private keyed(query: { andWhere: (where: string, parameters: ObjectLiteral) => unknown }) {
    for (const [column, value] of Object.entries(this.slot.where))
      query.andWhere(`${column} = :key_${column}`, { [`key_${column}`]: value });
  }

  async acquire(ttlMs: number, now = new Date()): Promise<boolean> {
    const { entity, ownerColumn: owner, expiresColumn: expires, initialRow } = this.slot;
    const repo = this.dataSource.getRepository(entity);
    // The row exists once and for all; racing inserts are ignored (INSERT OR IGNORE / INSERT IGNORE).
    if (initialRow) await repo.createQueryBuilder().insert().values(initialRow).orIgnore().execute();
    const update = repo
      .createQueryBuilder()
      .update()
      .set({ [owner]: this.owner, [expires]: new Date(now.getTime() + ttlMs) })
      .where(`(${owner} IS NULL OR ${expires} IS NULL OR ${expires} < :now OR ${owner} = :owner)`, { now, owner: this.owner });
    this.keyed(update);
    const result = await update.execute();
    return (result.affected ?? 0) === 1;
  }

  async release(): Promise<void> {
    const { entity, ownerColumn: owner, expiresColumn: expires } = this.slot;
    const update = this.dataSource
      .getRepository(entity)
      .createQueryBuilder()
      .update()
      .set({ [owner]: null, [expires]: null })
      .where(`${owner} = :owner`, { owner: this.owner });
    this.keyed(update);
    await update.execute();
  }
}
