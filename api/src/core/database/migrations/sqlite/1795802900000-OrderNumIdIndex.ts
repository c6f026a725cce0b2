import type { MigrationInterface, QueryRunner } from 'typeorm';

// The per-order list sorted by « N° » orders by « order_num, id ». MariaDB does not extend a UNIQUE index
// with the primary key for ordering, so every page of that sort sorted the whole table (see the MariaDB
// migration of the same name); the same index here keeps both databases' schemas alike.
export class OrderNumIdIndex1795802900000 implements MigrationInterface {
  name = 'OrderNumIdIndex1795802900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_orders_order_num_id" ON "orders" ("order_num", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_orders_order_num_id"`);
  }
}
