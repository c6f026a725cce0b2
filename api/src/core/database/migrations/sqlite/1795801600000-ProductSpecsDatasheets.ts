import type { MigrationInterface, QueryRunner } from 'typeorm';

// A product's specification table (attribute / value rows, kept with the product) and its PDF datasheets.
export class ProductSpecsDatasheets1795801600000 implements MigrationInterface {
  name = 'ProductSpecsDatasheets1795801600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD COLUMN "specs" text`);
    await queryRunner.query(
      `CREATE TABLE "product_datasheets" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "product_id" integer NOT NULL, "title" varchar(150) NOT NULL, "path" varchar(255) NOT NULL, "size" integer NOT NULL, "position" integer NOT NULL DEFAULT (0), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_product_datasheets_product" FOREIGN KEY ("product_id") REFERENCES "products" ("id") ON DELETE CASCADE ON UPDATE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_product_datasheets_product_position" ON "product_datasheets" ("product_id", "position") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_product_datasheets_product_position"`);
    await queryRunner.query(`DROP TABLE "product_datasheets"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "specs"`);
  }
}
