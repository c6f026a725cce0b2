import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Invoice } from './invoice.entity.js';

/**
 * A credit note (avoir, AV-2026-00001) against one invoice, never changed once issued: `full` cancels
 * the invoice (state `canceled_by_credit_note`), a partial one credits some of its lines.
 */
@Entity('credit_notes')
@Index('IDX_credit_notes_invoice', ['invoice_id', 'id'])
@Index('IDX_credit_notes_issued', ['issued_at'])
export class CreditNote {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  invoice_id: number;

  @ManyToOne(() => Invoice, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'invoice_id' })
  invoice?: Relation<Invoice>;

  @Index('IDX_credit_notes_number', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  number: string;

  @Column({ type: 'datetime' })
  issued_at: Date;

  @Column({ type: 'boolean', default: false })
  full: boolean;

  @Column({ type: 'text' })
  reason: string;

  /** The invoice's delivery fee credited with it (a full credit note only). */
  @MoneyColumn({ default: '0.00' })
  delivery_fee: string;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  created_by_name: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
