import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The `Idempotency-Key` of public order requests: a request sent again with the same
 * key (an outbox retried after a dropped connection, a double tap) within a day answers the order the
 * first one made instead of making a second. Stored as the sha256 of the company e-mail and the key.
 */
@Entity('order_request_keys')
export class OrderRequestKey {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key_hash: string;

  @Column({ type: 'int' })
  order_id: number;

  @Index('IDX_order_request_keys_created')
  @Column({ type: 'datetime' })
  created_at: Date;
}
