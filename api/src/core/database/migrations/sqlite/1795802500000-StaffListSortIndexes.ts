import type { MigrationInterface, QueryRunner } from 'typeorm';

// Deep pages of the staff lists sorted by a column without an index: at 100,000 rows each page sorted the
// whole table in a temporary B-tree (stock entries by quantity: p95 1.3 s on SQLite). With an index on
// the column (the row id comes with every entry), the page's ids are read in order from the index alone.
export class StaffListSortIndexes1795802500000 implements MigrationInterface {
  name = 'StaffListSortIndexes1795802500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_customers_updated_at" ON "customers" ("updated_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_stock_entries_price" ON "stock_entries" ("price") `);
    await queryRunner.query(`CREATE INDEX "IDX_stock_entries_quantity" ON "stock_entries" ("quantity") `);
    await queryRunner.query(`CREATE INDEX "IDX_stock_entries_manufacture_date" ON "stock_entries" ("manufacture_date") `);
    await queryRunner.query(`CREATE INDEX "IDX_stock_entries_billing_date" ON "stock_entries" ("billing_date") `);
    await queryRunner.query(`CREATE INDEX "IDX_audit_user_name" ON "audit_entries" ("user_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_blog_articles_updated_at" ON "blog_articles" ("updated_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_in_spotlight" ON "products" ("in_spotlight") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_products_in_spotlight"`);
    await queryRunner.query(`DROP INDEX "IDX_blog_articles_updated_at"`);
    await queryRunner.query(`DROP INDEX "IDX_audit_user_name"`);
    await queryRunner.query(`DROP INDEX "IDX_stock_entries_billing_date"`);
    await queryRunner.query(`DROP INDEX "IDX_stock_entries_manufacture_date"`);
    await queryRunner.query(`DROP INDEX "IDX_stock_entries_quantity"`);
    await queryRunner.query(`DROP INDEX "IDX_stock_entries_price"`);
    await queryRunner.query(`DROP INDEX "IDX_customers_updated_at"`);
  }
}
