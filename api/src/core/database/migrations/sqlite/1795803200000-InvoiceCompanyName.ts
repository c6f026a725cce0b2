import type { MigrationInterface, QueryRunner } from 'typeorm';

// The invoices list sorted by « Client »: each invoice keeps its order's company name (an order's name
// never changes once placed), so that the sort reads pages from IDX_invoices_company instead of ordering
// the join with the orders (see the MariaDB migration of the same name: a sort of every invoice per page).
// SQLite adds a NOT NULL column only with a default, which the entity has not: the table is rebuilt,
// the names copied from the orders on the way (an invoice without its order fails the NOT NULL and the
// migration rather than being dropped). The rebuild drops the table's row count triggers, created again
// at the next start (common/row-counts.ts).
const COLUMNS = [
  'id',
  'order_id',
  'number',
  'state',
  'issued_at',
  'due_date',
  'quote_version_id',
  'discount_bp',
  'delivery_fee',
  'delivery_fee_currency',
  'delivery_fee_tax_rate_bp',
  'prices_include_tax',
  'payment_terms',
  'note',
  'created_by',
  'created_by_name',
  'created_at',
]
  .map((column) => `"${column}"`)
  .join(', ');

export class InvoiceCompanyName1795803200000 implements MigrationInterface {
  name = 'InvoiceCompanyName1795803200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_invoices_number"`);
    await queryRunner.query(`DROP INDEX "IDX_invoices_issued"`);
    await queryRunner.query(`DROP INDEX "IDX_invoices_order"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_invoices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "order_id" integer NOT NULL, "number" varchar(32) NOT NULL, "state" varchar(24) NOT NULL DEFAULT ('issued'), "issued_at" datetime NOT NULL, "due_date" varchar(10) NOT NULL, "quote_version_id" integer, "discount_bp" integer NOT NULL DEFAULT (0), "delivery_fee" decimal(12,2) NOT NULL DEFAULT ('0.00'), "delivery_fee_currency" varchar(3) NOT NULL DEFAULT ('XOF'), "delivery_fee_tax_rate_bp" integer NOT NULL DEFAULT (1800), "prices_include_tax" boolean NOT NULL DEFAULT (0), "payment_terms" varchar(255), "note" text, "created_by" integer, "created_by_name" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "company_name" varchar(255) NOT NULL, CONSTRAINT "FK_ea83c3b911906a3578de2340fdf" FOREIGN KEY ("order_id") REFERENCES "orders" ("id") ON DELETE RESTRICT ON UPDATE CASCADE)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_invoices"(${COLUMNS}, "company_name") SELECT ${COLUMNS}, (SELECT "o"."company_name" FROM "orders" "o" WHERE "o"."id" = "invoices"."order_id") FROM "invoices"`,
    );
    await queryRunner.query(`DROP TABLE "invoices"`);
    await queryRunner.query(`ALTER TABLE "temporary_invoices" RENAME TO "invoices"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_invoices_number" ON "invoices" ("number") `);
    await queryRunner.query(`CREATE INDEX "IDX_invoices_issued" ON "invoices" ("issued_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_invoices_order" ON "invoices" ("order_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_invoices_company" ON "invoices" ("company_name", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_invoices_company"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "company_name"`);
  }
}
