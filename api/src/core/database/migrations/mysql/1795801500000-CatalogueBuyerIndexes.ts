import type { MigrationInterface, QueryRunner } from 'typeorm';

// The public catalogue's sorts by price (each currency's prices in order, merged by their converted
// worth) and by name, with and without a category, read from indexes at 100,000 products.
export class CatalogueBuyerIndexes1795801500000 implements MigrationInterface {
  name = 'CatalogueBuyerIndexes1795801500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX `IDX_products_currency_price` ON `products` (`currency_id`, `price`)');
    await queryRunner.query(
      'CREATE INDEX `IDX_products_category_currency_price` ON `products` (`category_id`, `currency_id`, `price`)',
    );
    await queryRunner.query('CREATE INDEX `IDX_products_category_name` ON `products` (`category_id`, `name`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_products_category_name` ON `products`');
    await queryRunner.query('DROP INDEX `IDX_products_category_currency_price` ON `products`');
    // Creating (currency_id, price) made InnoDB drop the index it had made for the currency's foreign
    // key (one index may serve it now); that index comes back before this one goes.
    await queryRunner.query('CREATE INDEX `FK_ddec89ba43ccb7f143ddc18270f` ON `products` (`currency_id`)');
    await queryRunner.query('DROP INDEX `IDX_products_currency_price` ON `products`');
  }
}
