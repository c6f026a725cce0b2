import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreditNote } from './credit-note.entity.js';

/** A credited quantity of one invoice line (its price, discount, tax and currency are the line's). */
@Entity('credit_note_lines')
@Index('IDX_credit_note_lines_note', ['credit_note_id', 'position'])
@Index('IDX_credit_note_lines_invoice_line', ['invoice_line_id'])
export class CreditNoteLine {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  credit_note_id: number;

  @ManyToOne(() => CreditNote, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'credit_note_id' })
  credit_note?: Relation<CreditNote>;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'int' })
  invoice_line_id: number;

  @Column({ type: 'int' })
  quantity: number;
}
