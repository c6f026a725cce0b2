import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillTotals } from '../../../../invoices/invoice-totals.js';

// Each invoice's TTC and balance per currency, stored so that the staff invoices list sorts by amount
// in SQL at any size (it loaded at most 1,000 invoices and sorted them in memory), each sort read in
// order from an index. Existing invoices are backfilled with the code that keeps the table afterwards.
export class InvoiceCurrencyTotals1795802000000 implements MigrationInterface {
  name = 'InvoiceCurrencyTotals1795802000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`invoice_currency_totals\` (\`invoice_id\` int NOT NULL, \`currency_code\` varchar(3) NOT NULL, \`position\` int NOT NULL, \`ttc_minor\` bigint NOT NULL, \`balance_minor\` bigint NOT NULL, INDEX \`IDX_invoice_totals_currency_ttc\` (\`currency_code\`, \`ttc_minor\`, \`invoice_id\`), INDEX \`IDX_invoice_totals_currency_balance\` (\`currency_code\`, \`balance_minor\`, \`invoice_id\`), INDEX \`IDX_invoice_totals_first_ttc\` (\`position\`, \`currency_code\`, \`ttc_minor\`, \`invoice_id\`), INDEX \`IDX_invoice_totals_first_balance\` (\`position\`, \`currency_code\`, \`balance_minor\`, \`invoice_id\`), PRIMARY KEY (\`invoice_id\`, \`currency_code\`)) ENGINE=InnoDB`);
    await backfillTotals(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`invoice_currency_totals\``);
  }
}
