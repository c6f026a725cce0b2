import type { DataSource, Migration } from 'typeorm';
import { ensureSearchTrigrams } from '../../common/search-trigrams.js';
import { ensureOrderCounts } from '../../orders/order-counts.js';

/**
 * Brings a database up to date: the pending migrations, then what the schema relies on that a
 * migration cannot guarantee to keep: the triggers of the order counts (orders/order-counts.ts) and of
 * the search trigram indexes (common/search-trigrams.ts). Every
 * start, the operator commands and the tests go through here, under the boot lock.
 */
export async function migrateDatabase(dataSource: DataSource): Promise<Migration[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  await ensureOrderCounts(dataSource);
  await ensureSearchTrigrams(dataSource);
  return applied;
}
