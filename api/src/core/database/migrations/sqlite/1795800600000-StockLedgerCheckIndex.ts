import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written by hand from `db:migration:generate`'s naming (other branches change entities in parallel).
// The ledger check sums each product's movements: an index holding product and deltas lets it read the
// index alone, in product order, instead of every row of stock_movements.
export class StockLedgerCheckIndex1795800600000 implements MigrationInterface {
  name = 'StockLedgerCheckIndex1795800600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_stock_movements_ledger" ON "stock_movements" ("product_id", "available_delta", "held_delta") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_stock_movements_ledger"`);
  }
}
