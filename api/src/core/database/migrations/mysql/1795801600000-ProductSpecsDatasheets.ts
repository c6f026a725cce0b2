import type { MigrationInterface, QueryRunner } from 'typeorm';

// A product's specification table (attribute / value rows, kept with the product) and its PDF datasheets.
export class ProductSpecsDatasheets1795801600000 implements MigrationInterface {
  name = 'ProductSpecsDatasheets1795801600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `products` ADD `specs` text NULL');
    await queryRunner.query(
      'CREATE TABLE `product_datasheets` (`id` int NOT NULL AUTO_INCREMENT, `product_id` int NOT NULL, `title` varchar(150) NOT NULL, `path` varchar(255) NOT NULL, `size` int NOT NULL, `position` int NOT NULL DEFAULT \'0\', `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_product_datasheets_product_position` (`product_id`, `position`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `product_datasheets` ADD CONSTRAINT `FK_product_datasheets_product` FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON DELETE CASCADE ON UPDATE CASCADE',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `product_datasheets` DROP FOREIGN KEY `FK_product_datasheets_product`');
    await queryRunner.query('DROP TABLE `product_datasheets`');
    await queryRunner.query('ALTER TABLE `products` DROP COLUMN `specs`');
  }
}
