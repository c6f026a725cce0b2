import { DataSource, type DataSourceOptions } from 'typeorm';
import { adaptColumnTypesToDriver } from './column-types.js';
import { bindSqliteIntegers } from './sqlite-parameters.js';
import { serializeSqliteTransactions } from './sqlite-transactions.js';

/**
 * Opens the data source the way every part of the application needs it (the database module, the
 * migration generator, the tests):
 * - a `mysql://` server that turns out to be MariaDB is driven as `mariadb`: TypeORM reads column
 *   defaults differently there, and with the wrong dialect its schema builder sees changes on every
 *   nullable column (the migration drift test would fail and migrations would be generated wrongly);
 * - per-driver column types (LONGTEXT on MySQL/MariaDB) are applied to the built metadata;
 * - on SQLite, transactions are serialised (see sqlite-transactions.ts) and whole-number parameters
 *   bound rather than written into the statement (sqlite-parameters.ts).
 */
export async function initializeDataSource(options: DataSourceOptions): Promise<DataSource> {
  let effective = options;
  if (options.type === 'mysql') {
    const probe = await new DataSource({ ...options, entities: [], migrations: [], subscribers: [] }).initialize();
    try {
      const [row] = (await probe.query('SELECT VERSION() AS version')) as { version: string }[];
      if (/mariadb/i.test(row?.version ?? '')) effective = { ...options, type: 'mariadb' } as DataSourceOptions;
    } finally {
      await probe.destroy();
    }
  }
  return bindSqliteIntegers(serializeSqliteTransactions(adaptColumnTypesToDriver(await new DataSource(effective).initialize())));
}
