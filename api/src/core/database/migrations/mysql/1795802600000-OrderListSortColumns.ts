import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillOrderListColumns } from '../../../../orders/order-list-columns.js';
import { FACET_SORT_INDEXES } from '../sqlite/1795802600000-OrderListSortColumns.js';

// The per-order list's « Lignes », « Totaux par devise » and « Devis » sorts (see the SQLite migration of
// the same name): the columns kept by orders/order-list-columns.ts, their indexes alone and within a
// status chip or a currency, and the backfill of existing orders with the code that keeps them afterwards.
export class OrderListSortColumns1795802600000 implements MigrationInterface {
  name = 'OrderListSortColumns1795802600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`orders\` ADD \`lines_count\` int NOT NULL DEFAULT 0, ADD \`totals_currency\` varchar(3) NULL, ADD \`totals_minor\` bigint NULL, ADD \`quote_version\` int NULL`,
    );
    await queryRunner.query(`CREATE INDEX \`IDX_orders_lines_count\` ON \`orders\` (\`lines_count\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_status_lines_count\` ON \`orders\` (\`status\`, \`lines_count\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_totals\` ON \`orders\` (\`totals_currency\`, \`totals_minor\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_status_totals\` ON \`orders\` (\`status\`, \`totals_currency\`, \`totals_minor\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_quote_version\` ON \`orders\` (\`quote_version\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_status_quote_version\` ON \`orders\` (\`status\`, \`quote_version\`)`);
    for (const [name, columns] of FACET_SORT_INDEXES)
      await queryRunner.query(`CREATE INDEX \`${name}\` ON \`orders\` (${columns.map((c) => `\`${c}\``).join(', ')})`);
    await backfillOrderListColumns(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...FACET_SORT_INDEXES].reverse()) await queryRunner.query(`DROP INDEX \`${name}\` ON \`orders\``);
    for (const index of [
      'IDX_orders_status_quote_version',
      'IDX_orders_quote_version',
      'IDX_orders_status_totals',
      'IDX_orders_totals',
      'IDX_orders_status_lines_count',
      'IDX_orders_lines_count',
    ])
      await queryRunner.query(`DROP INDEX \`${index}\` ON \`orders\``);
    await queryRunner.query(
      `ALTER TABLE \`orders\` DROP COLUMN \`quote_version\`, DROP COLUMN \`totals_minor\`, DROP COLUMN \`totals_currency\`, DROP COLUMN \`lines_count\``,
    );
  }
}
