import type { MigrationInterface, QueryRunner } from 'typeorm';

// Deep pages of the staff lists sorted by a column without an index (see the SQLite migration of the
// same name): InnoDB keeps the primary key in every secondary index, so each index serves « column, id ».
const INDEXES: [name: string, table: string, column: string][] = [
  ['IDX_customers_updated_at', 'customers', 'updated_at'],
  ['IDX_stock_entries_price', 'stock_entries', 'price'],
  ['IDX_stock_entries_quantity', 'stock_entries', 'quantity'],
  ['IDX_stock_entries_manufacture_date', 'stock_entries', 'manufacture_date'],
  ['IDX_stock_entries_billing_date', 'stock_entries', 'billing_date'],
  ['IDX_audit_user_name', 'audit_entries', 'user_name'],
  ['IDX_blog_articles_updated_at', 'blog_articles', 'updated_at'],
  ['IDX_products_in_spotlight', 'products', 'in_spotlight'],
];

export class StaffListSortIndexes1795802500000 implements MigrationInterface {
  name = 'StaffListSortIndexes1795802500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, table, column] of INDEXES)
      await queryRunner.query(`CREATE INDEX \`${name}\` ON \`${table}\` (\`${column}\`)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, table] of [...INDEXES].reverse()) await queryRunner.query(`DROP INDEX \`${name}\` ON \`${table}\``);
  }
}
