import type { MigrationInterface, QueryRunner } from 'typeorm';

// Five more tables' rows counted by triggers (common/row-counts.ts): brands, categories, users, media and
// stock entries, whose lists counted 100,000 rows on every page (MariaDB: 15 to 26 ms of its CPU a page).
// As for the first four, the triggers are created at every start; going back drops them, before the
// table they write to goes.
const TABLES = ['brands', 'categories', 'users', 'media', 'stock_entries'];

export class MoreRowCounts1795803100000 implements MigrationInterface {
  name = 'MoreRowCounts1795803100000';

  async up(): Promise<void> {
    // Nothing: the triggers and the counts come with the next start (ensureRowCounts).
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES)
      for (const kind of ['insert', 'delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS \`row_counts_${table}_${kind}\``);
    await queryRunner.query(`DELETE FROM \`row_counts\` WHERE \`table_name\` IN (${TABLES.map(() => '?').join(', ')})`, TABLES);
  }
}
