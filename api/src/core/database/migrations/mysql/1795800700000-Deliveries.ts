import type { MigrationInterface, QueryRunner } from 'typeorm';

// Delivery notes (deliveries, delivery_lines: BL-2026-00001, returns as negative lines) and the
// quantity delivered per order line, kept as the sum of its delivery lines.
export class Deliveries1795800700000 implements MigrationInterface {
  name = 'Deliveries1795800700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`delivery_lines\` (\`id\` int NOT NULL AUTO_INCREMENT, \`delivery_id\` int NOT NULL, \`position\` int NOT NULL, \`order_item_id\` int NOT NULL, \`product_id\` int NULL, \`product_name\` varchar(255) NOT NULL, \`product_reference\` varchar(100) NULL, \`quantity\` int NOT NULL, INDEX \`IDX_delivery_lines_item\` (\`order_item_id\`), INDEX \`IDX_delivery_lines_delivery\` (\`delivery_id\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`deliveries\` (\`id\` int NOT NULL AUTO_INCREMENT, \`order_id\` int NOT NULL, \`number\` varchar(32) NOT NULL, \`kind\` varchar(10) NOT NULL DEFAULT 'delivery', \`delivered_at\` datetime NOT NULL, \`carrier\` varchar(255) NULL, \`note\` text NULL, \`created_by\` int NULL, \`created_by_name\` varchar(255) NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_deliveries_number\` (\`number\`), INDEX \`IDX_deliveries_order\` (\`order_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`order_items\` ADD \`delivered_quantity\` int NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE \`delivery_lines\` ADD CONSTRAINT \`FK_f924b4652507054f92f33ca74ae\` FOREIGN KEY (\`delivery_id\`) REFERENCES \`deliveries\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE \`delivery_lines\` ADD CONSTRAINT \`FK_42c29b04684d6711c6c2937cefa\` FOREIGN KEY (\`order_item_id\`) REFERENCES \`order_items\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE \`deliveries\` ADD CONSTRAINT \`FK_789dba7900f6d25550280ad3b93\` FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`deliveries\` DROP FOREIGN KEY \`FK_789dba7900f6d25550280ad3b93\``);
    await queryRunner.query(`ALTER TABLE \`delivery_lines\` DROP FOREIGN KEY \`FK_42c29b04684d6711c6c2937cefa\``);
    await queryRunner.query(`ALTER TABLE \`delivery_lines\` DROP FOREIGN KEY \`FK_f924b4652507054f92f33ca74ae\``);
    await queryRunner.query(`ALTER TABLE \`order_items\` DROP COLUMN \`delivered_quantity\``);
    await queryRunner.query(`DROP INDEX \`IDX_deliveries_order\` ON \`deliveries\``);
    await queryRunner.query(`DROP INDEX \`IDX_deliveries_number\` ON \`deliveries\``);
    await queryRunner.query(`DROP TABLE \`deliveries\``);
    await queryRunner.query(`DROP INDEX \`IDX_delivery_lines_delivery\` ON \`delivery_lines\``);
    await queryRunner.query(`DROP INDEX \`IDX_delivery_lines_item\` ON \`delivery_lines\``);
    await queryRunner.query(`DROP TABLE \`delivery_lines\``);
  }
}
