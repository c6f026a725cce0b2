import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Invoice } from './invoice.entity.js';

/**
 * A line of an invoice, with its own copy of everything (documents never change when a product does):
 * the order line or the accepted quote's line it invoices, price, discount, tax rate and currency.
 */
@Entity('invoice_lines')
@Index('IDX_invoice_lines_invoice', ['invoice_id', 'position'])
@Index('IDX_invoice_lines_source', ['source', 'source_id'])
export class InvoiceLine {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  invoice_id: number;

  @ManyToOne(() => Invoice, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'invoice_id' })
  invoice?: Relation<Invoice>;

  @Column({ type: 'int' })
  position: number;

  /** `order_item` or `quote_line`: which table `source_id` names. */
  @Column({ type: 'varchar', length: 12 })
  source: 'order_item' | 'quote_line';

  @Column({ type: 'int' })
  source_id: number;

  @Column({ type: 'int', nullable: true })
  product_id: number | null;

  @Column({ type: 'varchar', length: 255 })
  product_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  product_reference: string | null;

  @Column({ type: 'int' })
  quantity: number;

  @MoneyColumn()
  unit_price: string;

  @Column({ type: 'varchar', length: 3 })
  currency_code: string;

  @Column({ type: 'int', default: 0 })
  discount_bp: number;

  @Column({ type: 'int', default: 1800 })
  tax_rate_bp: number;
}
