import type { DataSource } from 'typeorm';

/** True when the data source is the embedded SQLite database (one shared connection). */
export function isSqlite(dataSource: DataSource): boolean {
  return dataSource.options.type === 'better-sqlite3';
}
