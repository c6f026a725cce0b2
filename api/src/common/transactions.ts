import type { DataSource, EntityManager } from 'typeorm';

/** True when the data source is the embedded SQLite database (one shared connection). */
export function isSqlite(dataSource: DataSource): boolean {
  return dataSource.options.type === 'better-sqlite3';
}

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
  return dataSource.transaction(work);
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
