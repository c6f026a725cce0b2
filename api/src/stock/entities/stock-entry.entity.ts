import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import { Product } from '../../catalogue/entities/product.entity.js';
import { MoneyColumn } from '../../core/database/column-types.js';
import { SearchTextColumn } from '../../common/search-text.js';

/**
 * A goods receipt in the warehouse ("Entrées"). One that names its product moves that product's stock
 * (a `receipt` movement and a lot); older entries name none and move nothing.
 */
@Entity('stock_entries')
export class StockEntry {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised name for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['name'])
  search_text?: string;

  @Index('IDX_stock_entries_name')
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  image: string | null;

  @Index('IDX_stock_entries_price')
  @MoneyColumn()
  price: string;

  @Index('IDX_stock_entries_quantity')
  @Column({ type: 'int' })
  quantity: number;

  /** The product received, when named (optional; the lot and receipt follow it). */
  @Index('IDX_stock_entries_product')
  @Column({ type: 'int', nullable: true })
  product_id: number | null;

  @ManyToOne(() => Product, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product> | null;

  /** Plain dates, 'YYYY-MM-DD'. */
  @Index('IDX_stock_entries_manufacture_date')
  @Column({ type: 'date' })
  manufacture_date: string;

  @Index('IDX_stock_entries_expiry_date')
  @Column({ type: 'date', nullable: true })
  expiry_date: string | null;

  /** True when the goods expire, and then expiry_date is set; false for durable goods ("Non expirable"). */
  @Column({ type: 'boolean', default: false })
  expirable: boolean;

  @Index('IDX_stock_entries_billing_date')
  @Column({ type: 'date', nullable: true })
  billing_date: string | null;

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @Index('IDX_stock_entries_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
