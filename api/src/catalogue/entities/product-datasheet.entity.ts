import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Product } from './product.entity.js';

/** A PDF attached to a product (« Fiche technique »), stored under `datasheets/` in the storage. */
@Entity('product_datasheets')
@Index('IDX_product_datasheets_product_position', ['product_id', 'position'])
export class ProductDatasheet {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  product_id: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_product_datasheets_product' })
  product?: Relation<Product>;

  /** Shown as the link's text on the product page (« Fiche technique GE-1020 »). */
  @Column({ type: 'varchar', length: 150 })
  title: string;

  /** Path relative to the storage root ("datasheets/….pdf"). */
  @Column({ type: 'varchar', length: 255 })
  path: string;

  /** In bytes, shown beside the link (« PDF, 120 Ko »). */
  @Column({ type: 'int' })
  size: number;

  /** Display order, 0 first (the order of upload). */
  @Column({ type: 'int', default: 0 })
  position: number;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
