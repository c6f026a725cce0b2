import type { MigrationInterface, QueryRunner } from 'typeorm';

// The invoices list sorted by « Client » ordered by the joined order's company name: MariaDB sorted
// every invoice of the join for each page (and for each anchor a deep page reads, about 12 s of its CPU
// at 100,000 invoices). Each invoice keeps its order's company name (an order's name never changes once
// placed), copied here from the orders, and the sort reads pages from IDX_invoices_company.
export class InvoiceCompanyName1795803200000 implements MigrationInterface {
  name = 'InvoiceCompanyName1795803200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `invoices` ADD `company_name` varchar(255) NOT NULL');
    await queryRunner.query(
      'UPDATE `invoices` `i` INNER JOIN `orders` `o` ON `o`.`id` = `i`.`order_id` SET `i`.`company_name` = `o`.`company_name`',
    );
    await queryRunner.query('CREATE INDEX `IDX_invoices_company` ON `invoices` (`company_name`, `id`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_invoices_company` ON `invoices`');
    await queryRunner.query('ALTER TABLE `invoices` DROP COLUMN `company_name`');
  }
}
