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

@Entity('categories')
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised designation for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['designation'])
  search_text?: string;

  @Index('IDX_categories_designation')
  @Column({ type: 'varchar', length: 255 })
  designation: string;

  @Column({ type: 'text' })
  description: string;

  @OneToMany(() => Product, (product) => product.category)
  products?: Relation<Product>[];

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @Index('IDX_categories_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
