import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from '../../orders/entities/order.entity.js';

export type OrderMessageAuthor = 'staff' | 'client';

/**
 * The thread between the client and staff about an order. Acceptances and refusals are written here
 * too (`event`), so that staff read everything the client did in one place. Never changed; staff mark
 * the client's entries read (`read_at`) when they open the order.
 */
@Entity('order_messages')
@Index('IDX_order_messages_order', ['order_id', 'id'])
@Index('IDX_order_messages_unread', ['author', 'read_at'])
export class OrderMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @ManyToOne(() => Order, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order>;

  @Column({ type: 'varchar', length: 10 })
  author: OrderMessageAuthor;

  /** The staff member who wrote it (null for the client). */
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Column({ type: 'varchar', length: 255 })
  author_name: string;

  /** null for a message; 'accepted' or 'declined' for the client's answer to a quote. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  event: 'accepted' | 'declined' | null;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'datetime', nullable: true })
  read_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
