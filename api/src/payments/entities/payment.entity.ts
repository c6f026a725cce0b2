import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Invoice } from '../../invoices/entities/invoice.entity.js';

import type { PaymentMethod } from '../../shared/statuses.js';

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../shared/statuses.js';

/** A payment received against one invoice, in one of its currencies (docs/order-model.md, "The documents"). */
@Entity('payments')
@Index('IDX_payments_invoice', ['invoice_id', 'id'])
@Index('IDX_payments_paid', ['paid_at'])
export class Payment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  invoice_id: number;

  @ManyToOne(() => Invoice, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'invoice_id' })
  invoice?: Relation<Invoice>;

  @MoneyColumn()
  amount: string;

  @Column({ type: 'varchar', length: 3 })
  currency_code: string;

  @Column({ type: 'varchar', length: 12 })
  method: PaymentMethod;

  @Column({ type: 'varchar', length: 255, nullable: true })
  reference: string | null;

  @Column({ type: 'datetime' })
  paid_at: Date;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  created_by_name: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
