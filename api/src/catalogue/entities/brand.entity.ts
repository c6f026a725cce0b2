import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import { Product } from './product.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

@Entity('brands')
export class Brand {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised name for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['name'])
  search_text?: string;

  @Index('IDX_brands_name')
  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Path relative to the storage root (e.g. "brands/3f2a….webp"); null until an image is uploaded. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  image: string | null;

  @Column({ type: 'varchar', length: 255 })
  representative: string;

  @Column({ type: 'text' })
  description: string;

  @OneToMany(() => Product, (product) => product.brand)
  products?: Relation<Product>[];

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @Index('IDX_brands_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
