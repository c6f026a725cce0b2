import type { MigrationInterface, QueryRunner } from 'typeorm';

// The rows of the staff lists' large tables, counted by triggers (common/row-counts.ts): an unfiltered
// list's total reads one row instead of counting 100,000. The triggers are created after the
// migrations, at every start, which counts the tables; going back drops them with the table.
export class RowCounts1795802310000 implements MigrationInterface {
  name = 'RowCounts1795802310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`row_counts\` (\`table_name\` varchar(64) NOT NULL, \`row_count\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`table_name\`)) ENGINE=InnoDB`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['products', 'customers', 'blog_articles', 'invoices'])
      for (const kind of ['insert', 'delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS \`row_counts_${table}_${kind}\``);
    await queryRunner.query(`DROP TABLE \`row_counts\``);
  }
}
