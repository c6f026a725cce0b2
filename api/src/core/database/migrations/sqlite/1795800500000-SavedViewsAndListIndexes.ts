import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillSearchText } from '../../../../common/search-text.js';

// Written by hand from `db:migration:generate`'s naming (other branches change entities in parallel).
// Each person's saved views of the lists, the indexes of the lists' new sorts and filters,
// and the journal's accent-insensitive search (audit_entries.search_text, filled for existing rows).
export class SavedViewsAndListIndexes1795800500000 implements MigrationInterface {
  name = 'SavedViewsAndListIndexes1795800500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "saved_views" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "list" varchar(40) NOT NULL, "name" varchar(80) NOT NULL, "query" text NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_5ef69747737eae659eb1dd15aac" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_saved_views_user_list_name" ON "saved_views" ("user_id", "list", "name") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_brand_created" ON "products" ("brand_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_stock" ON "products" ("stock") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_updated_at" ON "products" ("updated_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_currency_created" ON "orders" ("currency", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_total" ON "orders" ("total") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_customer_created" ON "orders" ("customer_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_customers_representative_name" ON "customers" ("representative_name") `);
    await queryRunner.query(`ALTER TABLE "audit_entries" ADD COLUMN "search_text" varchar(512) NOT NULL DEFAULT ('')`);
    await queryRunner.query(`CREATE INDEX "IDX_53ce963e2568179296da153f84" ON "audit_entries" ("search_text") `);
    await backfillSearchText(
      (sql, params) => queryRunner.query(sql, params) as Promise<Record<string, unknown>[]>,
      'audit_entries',
      ['label', 'user_name', 'ip'],
      (name) => `"${name}"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_53ce963e2568179296da153f84"`);
    await queryRunner.query(`ALTER TABLE "audit_entries" DROP COLUMN "search_text"`);
    await queryRunner.query(`DROP INDEX "IDX_customers_representative_name"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_customer_created"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_total"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_currency_created"`);
    await queryRunner.query(`DROP INDEX "IDX_products_updated_at"`);
    await queryRunner.query(`DROP INDEX "IDX_products_stock"`);
    await queryRunner.query(`DROP INDEX "IDX_products_brand_created"`);
    await queryRunner.query(`DROP INDEX "IDX_saved_views_user_list_name"`);
    await queryRunner.query(`DROP TABLE "saved_views"`);
  }
}
