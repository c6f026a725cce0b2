import type { MigrationInterface, QueryRunner } from 'typeorm';
import { seedOrderSequences } from '../order-sequences-backfill.js';

// Taxes and document numbers (docs/order-model.md, "Taxes and money", "Numbering"): a tax rate per
// product (TVA 18 % by default, 0 with an exemption text), copied onto each order line (existing
// lines were all taxed at 18 %); the document sequences, the CMD- row seeded from the existing
// numbers; what delivery needs on the request (address, client reference, note).
export class TaxesAndDocumentNumbers1795800200000 implements MigrationInterface {
  name = 'TaxesAndDocumentNumbers1795800200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD COLUMN "tax_rate_bp" integer NOT NULL DEFAULT (1800)`);
    await queryRunner.query(`ALTER TABLE "products" ADD COLUMN "tax_exemption" varchar(255)`);
    await queryRunner.query(`ALTER TABLE "order_items" ADD COLUMN "tax_rate_bp" integer NOT NULL DEFAULT (1800)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "delivery_address" text`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "client_reference" varchar(100)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "note" text`);
    await queryRunner.query(
      `CREATE TABLE "document_sequences" ("kind" varchar(16) NOT NULL, "year" integer NOT NULL, "last" integer NOT NULL DEFAULT (0), PRIMARY KEY ("kind", "year"))`,
    );
    await seedOrderSequences(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "document_sequences"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "note"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "client_reference"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "delivery_address"`);
    await queryRunner.query(`ALTER TABLE "order_items" DROP COLUMN "tax_rate_bp"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "tax_exemption"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "tax_rate_bp"`);
  }
}
