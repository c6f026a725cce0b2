import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Order } from '../../orders/entities/order.entity.js';

import type { InvoiceStoredState } from '../../shared/statuses.js';

export { INVOICE_STATES, INVOICE_STORED_STATES, type InvoiceState, type InvoiceStoredState } from '../../shared/statuses.js';

/**
 * An invoice (facture, FAC-2026-00001) of a confirmed order, never changed once issued
 * (docs/order-model.md, "The documents"): only its `state` follows its payments and credit notes.
 */
@Entity('invoices')
@Index('IDX_invoices_order', ['order_id', 'id'])
@Index('IDX_invoices_issued', ['issued_at'])
// The list's « Client » sort, read page by page from the index (migration 1795803200000).
@Index('IDX_invoices_company', ['company_name', 'id'])
export class Invoice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order>;

  /**
   * The company invoiced: its order's company_name, which never changes once the order is placed. Kept
   * here for the list's « Client » sort: ordered by the joined order's column, MariaDB sorted every
   * invoice of the join for each page. Not read with the entity (the order's is shown): the backfills of
   * migrations older than the column's read invoices with this entity, before the column exists.
   */
  @Column({ type: 'varchar', length: 255, select: false })
  company_name?: string;

  /** FAC-2026-00001, taken from document_sequences in the invoice's transaction. */
  @Index('IDX_invoices_number', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  number: string;

  @Column({ type: 'varchar', length: 24, default: 'issued' })
  state: InvoiceStoredState;

  @Column({ type: 'datetime' })
  issued_at: Date;

  /** AAAA-MM-JJ. */
  @Column({ type: 'varchar', length: 10 })
  due_date: string;

  /** The accepted quote version the lines come from (null: the order's own lines). */
  @Column({ type: 'int', nullable: true })
  quote_version_id: number | null;

  /** The quote's overall discount, basis points. */
  @Column({ type: 'int', default: 0 })
  discount_bp: number;

  @MoneyColumn({ default: '0.00' })
  delivery_fee: string;

  @Column({ type: 'varchar', length: 3, default: 'XOF' })
  delivery_fee_currency: string;

  @Column({ type: 'int', default: 1800 })
  delivery_fee_tax_rate_bp: number;

  @Column({ type: 'boolean', default: false })
  prices_include_tax: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  payment_terms: string | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** The staff member who issued it (no foreign key: the invoice outlives their account). */
  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  created_by_name: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
