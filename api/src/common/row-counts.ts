import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from '../core/database/dialect.js';
import { presentTriggers, quoteIdentifier } from '../core/database/triggers.js';
import { RowCount } from './row-count.entity.js';

/**
 * Exact row counts of the tables behind the staff lists, kept by triggers (`row_counts`), for the
 * lists' unfiltered totals: paging needs the exact number, and on MariaDB a `COUNT(*)` of 100,000 rows
 * walks a whole index on every page (most of the time cheap, but at the tail of a loaded server over
 * 150 ms). A filtered or searched list still counts its own rows.
 *
 * As for the order counts (orders/order-counts.ts), the triggers are ensured at every start rather than
 * created once: a restored dump has none, and TypeORM's SQLite migrations drop a table's triggers when
 * they rebuild it. When a table's triggers are missing, they are created and the table counted afresh.
 */
// Not the activity journal: every staff write adds an entry, and one counter row updated by all of them
// would hold each writer's transaction behind the others on MariaDB.
export const ROW_COUNTED_TABLES = [
  'products',
  'customers',
  'blog_articles',
  'invoices',
  'brands',
  'categories',
  'users',
  'media',
  'stock_entries',
] as const;
export type RowCountedTable = (typeof ROW_COUNTED_TABLES)[number];

const triggersOf = (table: string) => [`row_counts_${table}_insert`, `row_counts_${table}_delete`] as const;

export const ROW_COUNT_TRIGGERS = ROW_COUNTED_TABLES.flatMap(triggersOf);

function triggerStatements(table: string, sqlite: boolean): string[] {
  const [insert, remove] = triggersOf(table);
  const step = (name: string, when: 'INSERT' | 'DELETE', delta: string) =>
    sqlite
      ? `CREATE TRIGGER "${name}" AFTER ${when} ON "${table}" BEGIN
           UPDATE "row_counts" SET "row_count" = "row_count" ${delta} WHERE "table_name" = '${table}';
         END`
      : `CREATE TRIGGER \`${name}\` AFTER ${when} ON \`${table}\` FOR EACH ROW
           UPDATE \`row_counts\` SET \`row_count\` = \`row_count\` ${delta} WHERE \`table_name\` = '${table}'`;
  return [step(insert, 'INSERT', '+ 1'), step(remove, 'DELETE', '- 1')];
}

/**
 * Creates the triggers of each table that misses one (after the migrations, under the boot lock), then
 * counts that table afresh. Returns the tables it counted.
 */
export async function ensureRowCounts(dataSource: DataSource): Promise<string[]> {
  const present = await presentTriggers(dataSource);
  const sqlite = isSqlite(dataSource);
  const q = quoteIdentifier(dataSource);
  const counted: string[] = [];
  for (const table of ROW_COUNTED_TABLES) {
    const names = triggersOf(table);
    if (names.every((name) => present.has(name))) continue;
    for (const name of names) if (present.has(name)) await dataSource.query(`DROP TRIGGER ${q(name)}`);
    for (const statement of triggerStatements(table, sqlite)) await dataSource.query(statement);
    // Triggers first, then the recount in one transaction: a write that lands meanwhile is either in
    // the recount (committed before it) or counted by its trigger on top of it.
    await dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM ${q('row_counts')} WHERE ${q('table_name')} = ?`, [table]);
      await manager.query(
        `INSERT INTO ${q('row_counts')} (${q('table_name')}, ${q('row_count')}) SELECT ?, COUNT(*) FROM ${q(table)}`,
        [table],
      );
    });
    counted.push(table);
  }
  if (counted.length) new Logger('RowCounts').log(`Row count triggers created; counted afresh: ${counted.join(', ')}`);
  return counted;
}

/** The kept number of rows of a table, or undefined when the table is not counted (or its row is missing). */
export async function keptRowCount(manager: EntityManager, table: string): Promise<number | undefined> {
  if (!(ROW_COUNTED_TABLES as readonly string[]).includes(table)) return undefined;
  const row = await manager.getRepository(RowCount).findOneBy({ table_name: table });
  return row ? Number(row.row_count) : undefined;
}
