import type { MigrationInterface, QueryRunner } from 'typeorm';

// Provisional holds and confirmed addresses (docs/order-model.md, "Holds the public cannot hoard").
// Orders that hold stock today keep holding it, firmly: they were taken before the rule existed.
export class HoldsAgainstHoarding1795704000000 implements MigrationInterface {
  name = 'HoldsAgainstHoarding1795704000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`hold_state\` varchar(16) NULL`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`confirm_token_hash\` varchar(64) NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX \`IDX_orders_confirm_token\` ON \`orders\` (\`confirm_token_hash\`)`);
    await queryRunner.query(`UPDATE \`orders\` SET \`hold_state\` = 'firm' WHERE \`stock_reserved\` = 1 AND \`status\` != 'shipped'`);
    await queryRunner.query(
      `CREATE TABLE \`confirmed_emails\` (\`email\` varchar(255) NOT NULL, \`confirmed_at\` datetime NOT NULL, PRIMARY KEY (\`email\`)) ENGINE=InnoDB`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`confirmed_emails\``);
    await queryRunner.query(`DROP INDEX \`IDX_orders_confirm_token\` ON \`orders\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`confirm_token_hash\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`hold_state\``);
  }
}
