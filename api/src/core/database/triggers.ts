import type { DataSource } from 'typeorm';
import { isSqlite } from './dialect.js';

/** The names of the triggers of the connected database. */
export async function presentTriggers(dataSource: DataSource): Promise<Set<string>> {
  const rows: { name: string }[] = isSqlite(dataSource)
    ? await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)
    : await dataSource.query('SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = DATABASE()');
  return new Set(rows.map((r) => r.name));
}

/** An identifier quoted for the connected database. */
export const quoteIdentifier = (dataSource: DataSource) =>
  isSqlite(dataSource) ? (name: string) => `"${name}"` : (name: string) => `\`${name}\``;
