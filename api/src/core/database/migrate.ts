import type { DataSource, Migration } from 'typeorm';
import { ensureOrderCounts } from '../../orders/order-counts.js';

/**
 * Brings a database up to date: the pending migrations, then what the schema relies on that a
 * migration cannot guarantee to keep (the order count triggers, see orders/order-counts.ts). Every
 * start, the operator commands and the tests go through here, under the boot lock.
 */
export async function migrateDatabase(dataSource: DataSource): Promise<Migration[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  await ensureOrderCounts(dataSource);
  return applied;
}
