import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Order } from '../../orders/entities/order.entity.js';
import { DeliveryLine } from './delivery-line.entity.js';

import type { DeliveryKind } from '../../shared/statuses.js';

export { DELIVERY_KINDS, type DeliveryKind } from '../../shared/statuses.js';

/**
 * A delivery note (bon de livraison, BL-2026-00001) of an order, never changed once recorded
 * (docs/order-model.md, "The documents"): a mistake is corrected by a return, a delivery of its own
 * with `kind = 'return'` and negative lines.
 */
@Entity('deliveries')
@Index('IDX_deliveries_order', ['order_id', 'id'])
export class Delivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @ManyToOne(() => Order, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order>;

  /** BL-2026-00001, taken from document_sequences in the delivery's transaction. */
  @Index('IDX_deliveries_number', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  number: string;

  @Column({ type: 'varchar', length: 10, default: 'delivery' })
  kind: DeliveryKind;

  /** When the goods left (or came back), as staff state it; the recording time when not given. */
  @Column({ type: 'datetime' })
  delivered_at: Date;

  @Column({ type: 'varchar', length: 255, nullable: true })
  carrier: string | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** The staff member who recorded it (no foreign key: the note outlives their account). */
  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  created_by_name: string | null;

  @OneToMany(() => DeliveryLine, (line) => line.delivery, { cascade: ['insert'] })
  lines?: Relation<DeliveryLine>[];

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
