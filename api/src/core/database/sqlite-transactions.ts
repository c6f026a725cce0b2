import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/**
 * better-sqlite3 gives TypeORM one connection and one query runner for the whole process. Left alone,
 * two concurrent `dataSource.transaction()` calls nest as savepoints of one another, and a plain query
 * of another request runs inside whichever transaction is open (and is lost if that one rolls back).
 * Here transactions run one at a time, and a query from outside the open transaction waits for it to
 * finish. Statements are synchronous in better-sqlite3, so this serialisation costs no throughput.
 * Code must open transactions through `dataSource.transaction()` / `manager.transaction()`.
 */
export function serializeSqliteTransactions(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const insideTransaction = new AsyncLocalStorage<true>();
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) =>
    insideTransaction.getStore()
      ? transaction(...args)
      : exclusive(() => insideTransaction.run(true, () => transaction(...args)))) as typeof manager.transaction;

  const runner: QueryRunner = dataSource.driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) =>
    insideTransaction.getStore() ? query(...args) : exclusive(() => query(...args))) as typeof runner.query;
  return dataSource;
}
