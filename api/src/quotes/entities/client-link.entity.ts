import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from '../../orders/entities/order.entity.js';

/**
 * A client's way in without an account: the sha256 of a random token sent only by e-mail. With an
 * order, it opens that order; without one ("Mes commandes"), every order of `email`. Expiring, and
 * revocable by staff.
 */
@Entity('client_links')
@Index('IDX_client_links_order', ['order_id'])
export class ClientLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('UQ_client_links_token_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash: string;

  @Column({ type: 'int', nullable: true })
  order_id: number | null;

  @ManyToOne(() => Order, { nullable: true, onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order> | null;

  /** The address it was sent to (lower case). */
  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'datetime', nullable: true })
  revoked_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
