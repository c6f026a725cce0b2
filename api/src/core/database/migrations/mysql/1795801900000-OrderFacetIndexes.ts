import type { MigrationInterface, QueryRunner } from 'typeorm';

// The staff order lists filtered by two facets, or by one facet and sorted by the client's name (see
// the SQLite migration of the same name for the figures that called for them).
export class OrderFacetIndexes1795801900000 implements MigrationInterface {
  name = 'OrderFacetIndexes1795801900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX \`IDX_orders_status_currency_created\` ON \`orders\` (\`status\`, \`currency\`, \`created_at\`)`,
    );
    await queryRunner.query(`CREATE INDEX \`IDX_orders_currency_company\` ON \`orders\` (\`currency\`, \`company_name\`)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_orders_currency_company\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`IDX_orders_status_currency_created\` ON \`orders\``);
  }
}
