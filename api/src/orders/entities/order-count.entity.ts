import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Orders and order lines per status, kept by database triggers on `orders` and `order_items` (see the
 * OrderCounts migrations): the orders page's status chips and its unfiltered total read four rows
 * here instead of counting 100,000 orders and their lines on every page. Triggers, not application
 * code, so that every write (the API of any replica, the seed, a restore, a cascade) keeps them
 * exact. Never written by the application; `staff-orders.service.ts` reads it.
 */
@Entity('order_counts')
export class OrderCount {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  status: string;

  @Column({ type: 'int', default: 0 })
  orders_count: number;

  @Column({ type: 'int', default: 0 })
  lines_count: number;
}
