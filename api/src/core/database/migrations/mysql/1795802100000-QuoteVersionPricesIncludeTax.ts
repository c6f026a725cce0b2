import type { MigrationInterface, QueryRunner } from 'typeorm';

// A quote version records whether its prices were entered TTC when it was made or sent, so a later
// change of PRICES_INCLUDE_TAX leaves the totals of sent versions as the client received them.
// Existing versions take the setting's default (HT).
export class QuoteVersionPricesIncludeTax1795802100000 implements MigrationInterface {
  name = 'QuoteVersionPricesIncludeTax1795802100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `quote_versions` ADD `prices_include_tax` tinyint NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `quote_versions` DROP COLUMN `prices_include_tax`');
  }
}
