import { randomInt } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from '../core/database/dialect.js';

export { isSqlite };

/**
 * Runs `work` in one database transaction.
 *
 * MySQL/MariaDB: a TypeORM transaction on a pooled connection; row locks and conditional updates
 * (`... WHERE stock >= ?`) keep concurrent requests correct.
 *
 * SQLite: TypeORM drives better-sqlite3 through one shared connection; the data source is set up by
 * `core/database/sqlite-transactions.ts` so that transactions run one at a time and outside queries
 * wait for the open one, which makes `dataSource.transaction()` safe under concurrent requests.
 */
export function runTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return retryOnConflict(() => dataSource.transaction(work));
}

/**
 * Writes run again after a deadlock or a lock wait timeout since the process started: the operator's
 * metric `comptoir_db_conflict_retries_total` (a steady rise means contention worth a look).
 */
export const conflictRetries = { count: 0 };

/** Attempts of a write that MySQL/MariaDB chose as a deadlock victim (or that waited too long for a lock). */
export const CONFLICT_ATTEMPTS = 6;

/**
 * Runs a write again when MySQL/MariaDB rolled it back as a deadlock victim or after a lock wait
 * timeout: InnoDB expects the application to retry such transactions, and the client would otherwise
 * get a 500 for a request that is fine (2 of 200 concurrent order-status changes did). The
 * whole transaction is retried, so `work` must not have side effects outside the database. SQLite
 * never answers these codes. Use it directly around single-statement writes outside `runTransaction`.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(error)) throw error;
      conflictRetries.count++;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + randomInt(25)));
    }
  }
}

/** True for a MySQL/MariaDB deadlock (1213) or lock wait timeout (1205), however TypeORM wrapped it. */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; errno?: number; driverError?: unknown; cause?: unknown };
    if (e.code === 'ER_LOCK_DEADLOCK' || e.errno === 1213 || e.code === 'ER_LOCK_WAIT_TIMEOUT' || e.errno === 1205) return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}

/** True for a foreign-key refusal of either driver (MySQL/MariaDB 1451/1452, SQLite FOREIGN KEY). */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; errno?: number; message?: string; driverError?: unknown; cause?: unknown };
    if (e.code === 'ER_ROW_IS_REFERENCED_2' || e.code === 'ER_NO_REFERENCED_ROW_2' || e.errno === 1451 || e.errno === 1452)
      return true;
    if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
    if (typeof e.message === 'string' && /FOREIGN KEY constraint failed|foreign key constraint fails/i.test(e.message))
      return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}
