import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillSearchText } from '../../../../common/search-text.js';

// Written by hand from `db:migration:generate`'s naming (other branches change entities in parallel).
// Each person's saved views of the lists, the indexes of the lists' new sorts and filters,
// and the journal's accent-insensitive search (audit_entries.search_text, filled for existing rows).
export class SavedViewsAndListIndexes1795800500000 implements MigrationInterface {
  name = 'SavedViewsAndListIndexes1795800500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`saved_views\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`list\` varchar(40) NOT NULL, \`name\` varchar(80) NOT NULL, \`query\` text NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_saved_views_user_list_name\` (\`user_id\`, \`list\`, \`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`saved_views\` ADD CONSTRAINT \`FK_5ef69747737eae659eb1dd15aac\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`CREATE INDEX \`IDX_products_brand_created\` ON \`products\` (\`brand_id\`, \`created_at\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_products_stock\` ON \`products\` (\`stock\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_products_updated_at\` ON \`products\` (\`updated_at\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_currency_created\` ON \`orders\` (\`currency\`, \`created_at\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_total\` ON \`orders\` (\`total\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_orders_customer_created\` ON \`orders\` (\`customer_id\`, \`created_at\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_customers_representative_name\` ON \`customers\` (\`representative_name\`)`);
    await queryRunner.query(`ALTER TABLE \`audit_entries\` ADD \`search_text\` varchar(512) NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE INDEX \`IDX_53ce963e2568179296da153f84\` ON \`audit_entries\` (\`search_text\`)`);
    await backfillSearchText(
      (sql, params) => queryRunner.query(sql, params) as Promise<Record<string, unknown>[]>,
      'audit_entries',
      ['label', 'user_name', 'ip'],
      (name) => `\`${name}\``,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_53ce963e2568179296da153f84\` ON \`audit_entries\``);
    await queryRunner.query(`ALTER TABLE \`audit_entries\` DROP COLUMN \`search_text\``);
    await queryRunner.query(`DROP INDEX \`IDX_customers_representative_name\` ON \`customers\``);
    // InnoDB dropped the foreign key's own index on customer_id when the composite index came: give it back first.
    await queryRunner.query(`CREATE INDEX \`FK_772d0ce0473ac2ccfa26060dbe9\` ON \`orders\` (\`customer_id\`)`);
    await queryRunner.query(`DROP INDEX \`IDX_orders_customer_created\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`IDX_orders_total\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`IDX_orders_currency_created\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`IDX_products_updated_at\` ON \`products\``);
    await queryRunner.query(`DROP INDEX \`IDX_products_stock\` ON \`products\``);
    // InnoDB dropped the foreign key's own index on brand_id when the composite index came: give it back first.
    await queryRunner.query(`CREATE INDEX \`FK_1530a6f15d3c79d1b70be98f2be\` ON \`products\` (\`brand_id\`)`);
    await queryRunner.query(`DROP INDEX \`IDX_products_brand_created\` ON \`products\``);
    await queryRunner.query(`ALTER TABLE \`saved_views\` DROP FOREIGN KEY \`FK_5ef69747737eae659eb1dd15aac\``);
    await queryRunner.query(`DROP INDEX \`IDX_saved_views_user_list_name\` ON \`saved_views\``);
    await queryRunner.query(`DROP TABLE \`saved_views\``);
  }
}
