import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An invoice's TTC and balance in one of its currencies, in minor units, kept so that the staff list
 * sorts by amount in SQL (invoice-totals.ts writes it in the transactions that change them). `position`
 * is the currency's rank on the invoice (0: the first, the one the list sorts by without a currency
 * filter). Derived data: invoice-totals.ts's `totalsDifferences` checks it against the documents.
 */
@Entity('invoice_currency_totals')
@Index('IDX_invoice_totals_currency_ttc', ['currency_code', 'ttc_minor', 'invoice_id'])
@Index('IDX_invoice_totals_currency_balance', ['currency_code', 'balance_minor', 'invoice_id'])
@Index('IDX_invoice_totals_first_ttc', ['position', 'currency_code', 'ttc_minor', 'invoice_id'])
@Index('IDX_invoice_totals_first_balance', ['position', 'currency_code', 'balance_minor', 'invoice_id'])
export class InvoiceCurrencyTotal {
  @PrimaryColumn({ type: 'int' })
  invoice_id: number;

  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency_code: string;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'bigint' })
  ttc_minor: string;

  @Column({ type: 'bigint' })
  balance_minor: string;
}
