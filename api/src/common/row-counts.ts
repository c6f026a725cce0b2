import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from '../core/database/dialect.js';
import { presentTriggers, quoteIdentifier } from '../core/database/triggers.js';
import { RowCount } from './row-count.entity.js';

/**
 * Exact row counts of the tables behind the staff lists, kept by triggers (`row_counts`), for the
 * lists' unfiltered totals: paging needs the exact number, and on MariaDB a `COUNT(*)` of 100,000 rows
 * walks a whole index on every page (most of the time cheap, but at the tail of a loaded server over
 * 150 ms; 19 to 22 ms of its CPU a page for the activity journal). A filtered or searched list still
 * counts its own rows.
 *
 * A table's count is split into ROW_COUNT_SHARDS rows, its total their sum. The activity journal gets
 * an entry with every staff write, in the writer's transaction: with one counter row, each writer would
 * hold that row's lock until its commit and the others would queue behind it (on MariaDB; SQLite writes
 * one at a time anyway). A MariaDB trigger adds to the shard of its connection (`CONNECTION_ID() %
 * shards`), so that concurrent writers mostly update different rows, and a transaction always updates
 * the same one: sharded by the row's id instead, two transactions writing several rows could each hold
 * a shard the other waits for (a deadlock), and a pruning of the journal would lock every shard until
 * it commits. A shard may go below zero (rows added by one connection, deleted by another): only the
 * sum means anything. Every counted table is kept so (one mechanism; the sum of 16 rows read by primary
 * key costs what reading one did), the stock entries and invoices written by concurrent checkouts too.
 *
 * As for the order counts (orders/order-counts.ts), the triggers are ensured at every start rather than
 * created once: a restored dump has none, and TypeORM's SQLite migrations drop a table's triggers when
 * they rebuild it. When a table's triggers are missing, they are created and the table counted afresh.
 */
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
  'audit_entries',
] as const;
export type RowCountedTable = (typeof ROW_COUNTED_TABLES)[number];

/** The rows a table's count is split into (see above). */
export const ROW_COUNT_SHARDS = 16;

const triggersOf = (table: string) => [`row_counts_${table}_insert`, `row_counts_${table}_delete`] as const;

export const ROW_COUNT_TRIGGERS = ROW_COUNTED_TABLES.flatMap(triggersOf);

function triggerStatements(table: string, sqlite: boolean): string[] {
  const [insert, remove] = triggersOf(table);
  const step = (name: string, when: 'INSERT' | 'DELETE', delta: string) =>
    sqlite
      ? `CREATE TRIGGER "${name}" AFTER ${when} ON "${table}" BEGIN
           UPDATE "row_counts" SET "row_count" = "row_count" ${delta} WHERE "table_name" = '${table}' AND "shard" = 0;
         END`
      : `CREATE TRIGGER \`${name}\` AFTER ${when} ON \`${table}\` FOR EACH ROW
           UPDATE \`row_counts\` SET \`row_count\` = \`row_count\` ${delta}
           WHERE \`table_name\` = '${table}' AND \`shard\` = CONNECTION_ID() % ${ROW_COUNT_SHARDS}`;
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
    // the recount (committed before it) or counted by its trigger on top of it. The recount goes in
    // shard 0 and the others start at 0.
    await dataSource.transaction(async (manager) => {
      const columns = `${q('table_name')}, ${q('shard')}, ${q('row_count')}`;
      await manager.query(`DELETE FROM ${q('row_counts')} WHERE ${q('table_name')} = ?`, [table]);
      await manager.query(`INSERT INTO ${q('row_counts')} (${columns}) SELECT ?, 0, COUNT(*) FROM ${q(table)}`, [table]);
      const others = Array.from({ length: ROW_COUNT_SHARDS - 1 }, (_, k) => [table, k + 1, 0]);
      await manager.query(
        `INSERT INTO ${q('row_counts')} (${columns}) VALUES ${others.map(() => '(?, ?, ?)').join(', ')}`,
        others.flat(),
      );
    });
    counted.push(table);
  }
  if (counted.length) new Logger('RowCounts').log(`Row count triggers created; counted afresh: ${counted.join(', ')}`);
  return counted;
}

/** The kept number of rows of a table, or undefined when the table is not counted (or a shard of its count is missing). */
export async function keptRowCount(manager: EntityManager, table: string): Promise<number | undefined> {
  if (!(ROW_COUNTED_TABLES as readonly string[]).includes(table)) return undefined;
  const row = await manager
    .getRepository(RowCount)
    .createQueryBuilder('kept')
    .select('COUNT(*)', 'shards')
    .addSelect('SUM(kept.row_count)', 'n')
    .where('kept.table_name = :table', { table })
    .getRawOne<{ shards: number | string; n: number | string | null }>();
  return Number(row?.shards) === ROW_COUNT_SHARDS ? Number(row!.n) : undefined;
}
