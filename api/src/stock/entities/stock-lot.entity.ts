import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Product } from '../../catalogue/entities/product.entity.js';
import { StockEntry } from './stock-entry.entity.js';

/**
 * What is left of one receipt (a stock entry naming its product). Deliveries and write-offs consume
 * lots first-expiring-first; the sum of a product's `quantity_left` never exceeds its on-hand stock.
 */
@Entity('stock_lots')
// A product's lots, first-expiring first.
@Index('IDX_stock_lots_product_expiry', ['product_id', 'expires_at'])
export class StockLot {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  product_id: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product>;

  /** The entry that received it; null once the entry is deleted (its lot is then emptied). */
  @Index('IDX_stock_lots_entry')
  @Column({ type: 'int', nullable: true })
  stock_entry_id: number | null;

  @ManyToOne(() => StockEntry, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'stock_entry_id' })
  stock_entry?: Relation<StockEntry> | null;

  @Column({ type: 'int' })
  quantity_received: number;

  @Column({ type: 'int' })
  quantity_left: number;

  /** Plain date 'YYYY-MM-DD'; null for goods that do not expire. */
  @Index('IDX_stock_lots_expires_at')
  @Column({ type: 'date', nullable: true })
  expires_at: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
