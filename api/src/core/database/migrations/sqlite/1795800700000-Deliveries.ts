import type { MigrationInterface, QueryRunner } from 'typeorm';

// Delivery notes (deliveries, delivery_lines: BL-2026-00001, returns as negative lines) and the
// quantity delivered per order line, kept as the sum of its delivery lines.
export class Deliveries1795800700000 implements MigrationInterface {
  name = 'Deliveries1795800700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "order_id" integer NOT NULL, "number" varchar(32) NOT NULL, "kind" varchar(10) NOT NULL DEFAULT ('delivery'), "delivered_at" datetime NOT NULL, "carrier" varchar(255), "note" text, "created_by" integer, "created_by_name" varchar(255), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_789dba7900f6d25550280ad3b93" FOREIGN KEY ("order_id") REFERENCES "orders" ("id") ON DELETE CASCADE ON UPDATE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_deliveries_number" ON "deliveries" ("number") `);
    await queryRunner.query(`CREATE INDEX "IDX_deliveries_order" ON "deliveries" ("order_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "delivery_lines" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "delivery_id" integer NOT NULL, "position" integer NOT NULL, "order_item_id" integer NOT NULL, "product_id" integer, "product_name" varchar(255) NOT NULL, "product_reference" varchar(100), "quantity" integer NOT NULL, CONSTRAINT "FK_f924b4652507054f92f33ca74ae" FOREIGN KEY ("delivery_id") REFERENCES "deliveries" ("id") ON DELETE CASCADE ON UPDATE CASCADE, CONSTRAINT "FK_42c29b04684d6711c6c2937cefa" FOREIGN KEY ("order_item_id") REFERENCES "order_items" ("id") ON DELETE CASCADE ON UPDATE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_delivery_lines_item" ON "delivery_lines" ("order_item_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_delivery_lines_delivery" ON "delivery_lines" ("delivery_id", "position") `);
    // Added in place: rebuilding order_items would drop the order-count triggers that watch it.
    await queryRunner.query(`ALTER TABLE "order_items" ADD "delivered_quantity" integer NOT NULL DEFAULT (0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_items" DROP COLUMN "delivered_quantity"`);
    await queryRunner.query(`DROP INDEX "IDX_delivery_lines_delivery"`);
    await queryRunner.query(`DROP INDEX "IDX_delivery_lines_item"`);
    await queryRunner.query(`DROP TABLE "delivery_lines"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_order"`);
    await queryRunner.query(`DROP INDEX "IDX_deliveries_number"`);
    await queryRunner.query(`DROP TABLE "deliveries"`);
  }
}
