import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Product } from './product.entity.js';

@Entity('product_images')
@Index('IDX_product_images_product_position', ['product_id', 'position'])
export class ProductImage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  product_id: number;

  @ManyToOne(() => Product, (product) => product.images, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product>;

  /** Path relative to the storage root, as the spec's `images[].image_path`. */
  @Column({ type: 'varchar', length: 255 })
  image_path: string;

  /** Display order in the gallery, 0 first. */
  @Column({ type: 'int', default: 0 })
  position: number;
}
