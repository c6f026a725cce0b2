import type { MigrationInterface, QueryRunner } from 'typeorm';

// Each table's row count split into shards (common/row-counts.ts), so that the activity journal, written
// with every staff change, can be counted too without its writers queueing on one counter row. The
// triggers of the single row would now add to every shard: they go, with the counts, and the next start
// (ensureRowCounts) creates the sharded ones and counts each table afresh. Going back does the same.
const OLD_TABLES = ['products', 'customers', 'blog_articles', 'invoices', 'brands', 'categories', 'users', 'media', 'stock_entries'];
const TABLES = [...OLD_TABLES, 'audit_entries'];

export class ShardedRowCounts1795803310000 implements MigrationInterface {
  name = 'ShardedRowCounts1795803310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await dropTriggers(queryRunner, OLD_TABLES);
    await queryRunner.query('DELETE FROM `row_counts`');
    await queryRunner.query('ALTER TABLE `row_counts` ADD `shard` int NOT NULL');
    await queryRunner.query('ALTER TABLE `row_counts` DROP PRIMARY KEY, ADD PRIMARY KEY (`table_name`, `shard`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropTriggers(queryRunner, TABLES);
    await queryRunner.query('DELETE FROM `row_counts`');
    await queryRunner.query('ALTER TABLE `row_counts` DROP PRIMARY KEY, ADD PRIMARY KEY (`table_name`)');
    await queryRunner.query('ALTER TABLE `row_counts` DROP COLUMN `shard`');
  }
}

async function dropTriggers(queryRunner: QueryRunner, tables: string[]): Promise<void> {
  for (const table of tables)
    for (const kind of ['insert', 'delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS \`row_counts_${table}_${kind}\``);
}
