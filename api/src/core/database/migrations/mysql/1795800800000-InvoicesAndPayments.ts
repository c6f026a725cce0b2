import type { MigrationInterface, QueryRunner } from 'typeorm';

// Invoices (FAC-), credit notes (AV-) with their lines, and the payments received against invoices.
export class InvoicesAndPayments1795800800000 implements MigrationInterface {
  name = 'InvoicesAndPayments1795800800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`invoices\` (\`id\` int NOT NULL AUTO_INCREMENT, \`order_id\` int NOT NULL, \`number\` varchar(32) NOT NULL, \`state\` varchar(24) NOT NULL DEFAULT 'issued', \`issued_at\` datetime NOT NULL, \`due_date\` varchar(10) NOT NULL, \`quote_version_id\` int NULL, \`discount_bp\` int NOT NULL DEFAULT '0', \`delivery_fee\` decimal(12,2) NOT NULL DEFAULT '0.00', \`delivery_fee_currency\` varchar(3) NOT NULL DEFAULT 'XOF', \`delivery_fee_tax_rate_bp\` int NOT NULL DEFAULT '1800', \`prices_include_tax\` tinyint NOT NULL DEFAULT 0, \`payment_terms\` varchar(255) NULL, \`note\` text NULL, \`created_by\` int NULL, \`created_by_name\` varchar(255) NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_invoices_number\` (\`number\`), INDEX \`IDX_invoices_issued\` (\`issued_at\`), INDEX \`IDX_invoices_order\` (\`order_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`invoice_lines\` (\`id\` int NOT NULL AUTO_INCREMENT, \`invoice_id\` int NOT NULL, \`position\` int NOT NULL, \`source\` varchar(12) NOT NULL, \`source_id\` int NOT NULL, \`product_id\` int NULL, \`product_name\` varchar(255) NOT NULL, \`product_reference\` varchar(100) NULL, \`quantity\` int NOT NULL, \`unit_price\` decimal(12,2) NOT NULL, \`currency_code\` varchar(3) NOT NULL, \`discount_bp\` int NOT NULL DEFAULT '0', \`tax_rate_bp\` int NOT NULL DEFAULT '1800', INDEX \`IDX_invoice_lines_source\` (\`source\`, \`source_id\`), INDEX \`IDX_invoice_lines_invoice\` (\`invoice_id\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`credit_notes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`invoice_id\` int NOT NULL, \`number\` varchar(32) NOT NULL, \`issued_at\` datetime NOT NULL, \`full\` tinyint NOT NULL DEFAULT 0, \`reason\` text NOT NULL, \`delivery_fee\` decimal(12,2) NOT NULL DEFAULT '0.00', \`created_by\` int NULL, \`created_by_name\` varchar(255) NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_credit_notes_number\` (\`number\`), INDEX \`IDX_credit_notes_issued\` (\`issued_at\`), INDEX \`IDX_credit_notes_invoice\` (\`invoice_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`credit_note_lines\` (\`id\` int NOT NULL AUTO_INCREMENT, \`credit_note_id\` int NOT NULL, \`position\` int NOT NULL, \`invoice_line_id\` int NOT NULL, \`quantity\` int NOT NULL, INDEX \`IDX_credit_note_lines_invoice_line\` (\`invoice_line_id\`), INDEX \`IDX_credit_note_lines_note\` (\`credit_note_id\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`payments\` (\`id\` int NOT NULL AUTO_INCREMENT, \`invoice_id\` int NOT NULL, \`amount\` decimal(12,2) NOT NULL, \`currency_code\` varchar(3) NOT NULL, \`method\` varchar(12) NOT NULL, \`reference\` varchar(255) NULL, \`paid_at\` datetime NOT NULL, \`created_by\` int NULL, \`created_by_name\` varchar(255) NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_payments_paid\` (\`paid_at\`), INDEX \`IDX_payments_invoice\` (\`invoice_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`invoices\` ADD CONSTRAINT \`FK_ea83c3b911906a3578de2340fdf\` FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON DELETE RESTRICT ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`invoice_lines\` ADD CONSTRAINT \`FK_2da95dc86a54a00ff20ce46d0fe\` FOREIGN KEY (\`invoice_id\`) REFERENCES \`invoices\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`credit_notes\` ADD CONSTRAINT \`FK_ab75ae7ceab2ad0e3c77768c373\` FOREIGN KEY (\`invoice_id\`) REFERENCES \`invoices\`(\`id\`) ON DELETE RESTRICT ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`credit_note_lines\` ADD CONSTRAINT \`FK_71a76737c78041f36d917f7affc\` FOREIGN KEY (\`credit_note_id\`) REFERENCES \`credit_notes\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`payments\` ADD CONSTRAINT \`FK_563a5e248518c623eebd987d43e\` FOREIGN KEY (\`invoice_id\`) REFERENCES \`invoices\`(\`id\`) ON DELETE RESTRICT ON UPDATE CASCADE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`payments\` DROP FOREIGN KEY \`FK_563a5e248518c623eebd987d43e\``);
    await queryRunner.query(`ALTER TABLE \`credit_note_lines\` DROP FOREIGN KEY \`FK_71a76737c78041f36d917f7affc\``);
    await queryRunner.query(`ALTER TABLE \`credit_notes\` DROP FOREIGN KEY \`FK_ab75ae7ceab2ad0e3c77768c373\``);
    await queryRunner.query(`ALTER TABLE \`invoice_lines\` DROP FOREIGN KEY \`FK_2da95dc86a54a00ff20ce46d0fe\``);
    await queryRunner.query(`ALTER TABLE \`invoices\` DROP FOREIGN KEY \`FK_ea83c3b911906a3578de2340fdf\``);
    await queryRunner.query(`DROP INDEX \`IDX_payments_invoice\` ON \`payments\``);
    await queryRunner.query(`DROP INDEX \`IDX_payments_paid\` ON \`payments\``);
    await queryRunner.query(`DROP TABLE \`payments\``);
    await queryRunner.query(`DROP INDEX \`IDX_credit_note_lines_note\` ON \`credit_note_lines\``);
    await queryRunner.query(`DROP INDEX \`IDX_credit_note_lines_invoice_line\` ON \`credit_note_lines\``);
    await queryRunner.query(`DROP TABLE \`credit_note_lines\``);
    await queryRunner.query(`DROP INDEX \`IDX_credit_notes_invoice\` ON \`credit_notes\``);
    await queryRunner.query(`DROP INDEX \`IDX_credit_notes_issued\` ON \`credit_notes\``);
    await queryRunner.query(`DROP INDEX \`IDX_credit_notes_number\` ON \`credit_notes\``);
    await queryRunner.query(`DROP TABLE \`credit_notes\``);
    await queryRunner.query(`DROP INDEX \`IDX_invoice_lines_invoice\` ON \`invoice_lines\``);
    await queryRunner.query(`DROP INDEX \`IDX_invoice_lines_source\` ON \`invoice_lines\``);
    await queryRunner.query(`DROP TABLE \`invoice_lines\``);
    await queryRunner.query(`DROP INDEX \`IDX_invoices_order\` ON \`invoices\``);
    await queryRunner.query(`DROP INDEX \`IDX_invoices_issued\` ON \`invoices\``);
    await queryRunner.query(`DROP INDEX \`IDX_invoices_number\` ON \`invoices\``);
    await queryRunner.query(`DROP TABLE \`invoices\``);
  }
}
