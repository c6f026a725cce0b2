import { setImmediate } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Gives the event loop back between two slices of a background job (the hourly checks, reminders,
 * digest). better-sqlite3 answers synchronously, so a loop of awaited queries only ever waits on
 * microtasks and never lets a request in: without this, a pass over 100,000 rows is one block of
 * seconds for every request of the process (« no single request may stall the others »). Each slice
 * between two calls is kept to about 20 ms at most by its job's chunk size.
 */
export const yieldToRequests = (): Promise<void> => setImmediate();

/** Runs `each` (a log line, say) on every item, letting requests in after every `slice` items. */
export async function eachBySlices<T>(items: readonly T[], each: (item: T) => void, slice = 1000): Promise<void> {
  for (let start = 0; start < items.length; start += slice) {
    if (start) await yieldToRequests();
    for (const item of items.slice(start, start + slice)) each(item);
  }
}

/**
 * The id ranges (after, upto] that cut `table` into slices of `size` rows by primary key (keyset),
 * in order, requests let in after each slice has been used.
 */
export async function* idSlices(
  db: DataSource | EntityManager,
  table: string,
  size: number,
): AsyncGenerator<{ after: number; upto: number }> {
  for (let after = 0; ;) {
    const [row]: { upto: number | string | null }[] = await db.query(
      `SELECT MAX(id) AS upto FROM (SELECT id FROM ${table} WHERE id > ? ORDER BY id LIMIT ${Number(size)}) slice`,
      [after],
    );
    if (row?.upto === null || row?.upto === undefined) return;
    const upto = Number(row.upto);
    yield { after, upto };
    after = upto;
    await yieldToRequests();
  }
}
