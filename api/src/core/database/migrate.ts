import type { DataSource, Migration } from 'typeorm';
import { SCHEMA_UPKEEP } from './entities.js';

/**
 * Brings a database up to date: the pending migrations, then what the schema relies on that a
 * migration cannot guarantee to keep (the triggers listed with the entities, SCHEMA_UPKEEP). Every
 * start, the operator commands and the tests go through here, under the boot lock.
 */
export async function migrateDatabase(dataSource: DataSource): Promise<Migration[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  for (const ensure of SCHEMA_UPKEEP) await ensure(dataSource);
  return applied;
}
