import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Order } from '../../orders/entities/order.entity.js';
import { QuoteVersionLine } from './quote-version-line.entity.js';

import type { QuoteState } from '../../shared/statuses.js';

export { QUOTE_STATES, type QuoteState } from '../../shared/statuses.js';

/**
 * One version of an order's quote (docs/order-model.md "The documents"): version 1 is made from the
 * request itself, staff revise by making version n+1 from the current one. A draft is edited (version
 * checked); "Envoyer au client" freezes it (`sent_at`, its PDF stored): a sent version never changes
 * except for its state (accepted, declined, expired).
 */
@Entity('quote_versions')
@Index('UQ_quote_versions_order_number', ['order_id', 'number'], { unique: true })
export class QuoteVersion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @ManyToOne(() => Order, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order>;

  /** 1, 2, 3 … per order. */
  @Column({ type: 'int' })
  number: number;

  /** The quote's number without the version ("DEV-2026-00042"), the same for every version of an order. */
  @Column({ type: 'varchar', length: 40 })
  quote_number: string;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  state: QuoteState;

  /** Overall discount in basis points (1000 = 10 %), on every line after their own discount. */
  @Column({ type: 'int', default: 0 })
  discount_bp: number;

  /** Delivery fee (HT) in the order's chosen currency (`delivery_fee_currency`). */
  @MoneyColumn({ default: '0.00' })
  delivery_fee: string;

  @Column({ type: 'varchar', length: 3, default: 'XOF' })
  delivery_fee_currency: string;

  /** Last day the client may accept (Lomé date, YYYY-MM-DD). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  valid_until: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  payment_terms: string | null;

  /**
   * PRICES_INCLUDE_TAX as it was when the version was made, saved or sent: its totals always count its
   * prices this way, so changing the setting later leaves a sent version's amounts unchanged.
   */
  @Column({ type: 'boolean', default: false })
  prices_include_tax: boolean;

  /** Staff's message to the client, printed on the PDF and in the e-mail. */
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'datetime', nullable: true })
  sent_at: Date | null;

  /** Storage path of the frozen PDF (documents/quotes/…); null for a draft and for version 1 of a request, rendered from the order. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  pdf_path: string | null;

  /** The client's reason when declined. */
  @Column({ type: 'text', nullable: true })
  decline_reason: string | null;

  @Column({ type: 'datetime', nullable: true })
  responded_at: Date | null;

  @OneToMany(() => QuoteVersionLine, (line) => line.quote_version)
  lines?: Relation<QuoteVersionLine>[];

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @VersionColumn({ default: 1 })
  version: number;

  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
