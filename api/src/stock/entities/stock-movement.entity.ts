import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Product } from '../../catalogue/entities/product.entity.js';
import { StockLot } from './stock-lot.entity.js';

export const MOVEMENT_KINDS = ['receipt', 'hold', 'release', 'delivery', 'return', 'adjustment', 'count', 'opening'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** What a movement comes from (`document_type`): an order, a stock entry, a delivery, an inventory count. */
export type MovementDocument = 'order' | 'stock_entry' | 'delivery' | 'inventory_count' | 'product';

/**
 * One change of a product's stock (docs/order-model.md, "Stock: one ledger"). The product's `stock`
 * (available) and `held` columns always equal the sums of its movements' deltas: both are written in
 * the same transaction (stock/ledger/stock-ledger.ts), and the housekeeping check proves it.
 */
@Entity('stock_movements')
// A product's history, newest first, and the ledger check's sums per product.
@Index('IDX_stock_movements_product', ['product_id', 'id'])
// The ledger check's sums per product, read from the index alone.
@Index('IDX_stock_movements_ledger', ['product_id', 'available_delta', 'held_delta'])
export class StockMovement {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  product_id: number;

  // A product's history goes with it (its columns go too, so the ledger still agrees).
  @ManyToOne(() => Product, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product>;

  /** The lot that moved, when one did (receipts, deliveries and write-offs consume lots). */
  @Column({ type: 'int', nullable: true })
  lot_id: number | null;

  @ManyToOne(() => StockLot, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'lot_id' })
  lot?: Relation<StockLot> | null;

  @Column({ type: 'varchar', length: 16 })
  kind: MovementKind;

  /** Signed change of `products.stock` (available). */
  @Column({ type: 'int' })
  available_delta: number;

  /** Signed change of `products.held` (held by orders). */
  @Column({ type: 'int' })
  held_delta: number;

  /** Required for adjustments: casse, perte, vol, erreur de saisie, inventaire, péremption, retour, autre. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  reason: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  comment: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  document_type: MovementDocument | null;

  @Column({ type: 'int', nullable: true })
  document_id: number | null;

  /** The staff member who moved it; null for the public (an order request) or the system (expiry). No FK: it outlives them. */
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Index('IDX_stock_movements_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
