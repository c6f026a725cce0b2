import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillOrderBilling } from '../../../../invoices/order-billing.js';

// The per-order list's « Facturé » and « Solde » sorts: each order's first invoiced currency, its TTC
// invoiced less credit notes and its balance due, in minor units, kept by invoices/order-billing.ts in the
// transactions that change them, each sort read in order from an index, alone or within a status chip.
// Existing orders with invoices are backfilled with the code that keeps the columns afterwards.
export class OrderBillingSort1795802300000 implements MigrationInterface {
  name = 'OrderBillingSort1795802300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "billed_currency" varchar(3)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "invoiced_minor" bigint`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "balance_minor" bigint`);
    await queryRunner.query(`CREATE INDEX "IDX_orders_billed_invoiced" ON "orders" ("billed_currency", "invoiced_minor") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_billed_balance" ON "orders" ("billed_currency", "balance_minor") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_status_billed_invoiced" ON "orders" ("status", "billed_currency", "invoiced_minor") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_status_billed_balance" ON "orders" ("status", "billed_currency", "balance_minor") `);
    await backfillOrderBilling(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_orders_status_billed_balance"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_status_billed_invoiced"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_billed_balance"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_billed_invoiced"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "balance_minor"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "invoiced_minor"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "billed_currency"`);
  }
}
