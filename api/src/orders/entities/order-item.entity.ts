import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { Order } from './order.entity.js';

// An order's lines, in order: the staff orders list walks orders by date and reads their lines here.
@Index('IDX_order_items_order', ['order_id'])
@Entity('order_items')
// An order's lines (SQLite makes no index for a foreign key), covering the home's "most requested" chart.
@Index('IDX_order_items_chart', ['order_id', 'product_id', 'quantity'])
export class OrderItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order>;

  @Column({ type: 'int', nullable: true })
  product_id: number | null;

  // The order keeps its lines (with the name snapshot) when a product is later removed from the catalogue.
  @ManyToOne(() => Product, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product> | null;

  /** Product name at the time of the order. */
  @Column({ type: 'varchar', length: 255 })
  product_name: string;

  /** Product reference at the time of the order (printed on the devis; null on older orders). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  product_reference: string | null;

  @Column({ type: 'int' })
  quantity: number;

  /** Units delivered so far: the sum of this line's delivery notes (returns subtract), kept in their transaction. */
  @Column({ type: 'int', default: 0 })
  delivered_quantity: number;

  /** Unit price from the catalogue at the time of the order. */
  @MoneyColumn()
  price: string;

  /** price x quantity. */
  @MoneyColumn()
  total_price: string;

  /** ISO code of the currency the line is priced in (the product's when ordered; null on older orders). */
  @Column({ type: 'varchar', length: 3, nullable: true })
  currency_code: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  currency_symbol: string | null;

  /** The product's TVA rate when the request was made, in basis points (1800 = 18 %): documents never change with the product. */
  @Column({ type: 'int', default: 1800 })
  tax_rate_bp: number;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
