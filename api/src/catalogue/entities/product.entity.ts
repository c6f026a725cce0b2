import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Brand } from './brand.entity.js';
import { Category } from './category.entity.js';
import { Currency } from '../../exchange-rates/entities/currency.entity.js';
import { ProductImage } from './product-image.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';
import type { ProductSpec } from '../product-specs.js';

@Entity('products')
@Index('IDX_products_spotlight', ['in_spotlight', 'updated_at'])
// The public catalogue's sorts, with and without a category (ids read from the index, see pageByIds).
@Index('IDX_products_spotlight_created', ['in_spotlight', 'created_at'])
@Index('IDX_products_category_created', ['category_id', 'created_at'])
@Index('IDX_products_category_spotlight_created', ['category_id', 'in_spotlight', 'created_at'])
// The buyer's sorts by price (per currency, merged converted) and by name, with and without a category.
@Index('IDX_products_currency_price', ['currency_id', 'price'])
@Index('IDX_products_category_currency_price', ['category_id', 'currency_id', 'price'])
@Index('IDX_products_category_name', ['category_id', 'name'])
// The staff list's sorts and filters: brand filter, stock and last-change sorts.
@Index('IDX_products_brand_created', ['brand_id', 'created_at'])
@Index('IDX_products_stock', ['stock'])
@Index('IDX_products_updated_at', ['updated_at'])
export class Product {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised name, reference for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['name', 'reference'])
  search_text?: string;

  @Index('IDX_products_name')
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Index('IDX_products_reference')
  @Column({ type: 'varchar', length: 100 })
  reference: string;

  @Column({ type: 'int', default: 0 })
  stock: number;

  /** Held by orders (on-hand = stock + held); moved only by the stock ledger (stock/ledger/). */
  @Column({ type: 'int', default: 0 })
  held: number;

  /** Stock at or below this shows as low on the dashboard home; null: the global LOW_STOCK_THRESHOLD. */
  @Column({ type: 'int', nullable: true })
  low_stock_threshold: number | null;

  @Index('IDX_products_price')
  @MoneyColumn()
  price: string;

  @Column({ type: 'varchar', length: 275 })
  description: string;

  /** TVA in basis points (1800 = 18 %, the default: DEFAULT_TAX_RATE_BP); 0 = exempt, with `tax_exemption`. */
  @Column({ type: 'int', default: 1800 })
  tax_rate_bp: number;

  /** Why an exempt product (rate 0) carries no TVA, printed on documents (e.g. « Exonéré, article 4 du CGI »). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  tax_exemption: string | null;

  @Column({ type: 'int' })
  brand_id: number;

  // A brand, category or currency still used by products cannot be deleted (RESTRICT): the
  // service answers a French 409 instead of silently orphaning the catalogue.
  @ManyToOne(() => Brand, (brand) => brand.products, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'brand_id' })
  brand?: Relation<Brand>;

  @Column({ type: 'int' })
  category_id: number;

  @ManyToOne(() => Category, (category) => category.products, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'category_id' })
  category?: Relation<Category>;

  @Column({ type: 'int' })
  currency_id: number;

  @ManyToOne(() => Currency, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'currency_id' })
  currency?: Relation<Currency>;

  /** The specification table (attribute / value rows, in order), see catalogue/product-specs.ts; null: none. */
  @Column({ type: 'simple-json', nullable: true })
  specs: ProductSpec[] | null;

  /** The "popular" flag shown on the home page and toggled from the products list. */
  @Index('IDX_products_in_spotlight')
  @Column({ type: 'boolean', default: false })
  in_spotlight: boolean;

  @OneToMany(() => ProductImage, (image) => image.product, { cascade: ['insert'] })
  images?: Relation<ProductImage>[];

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @Index('IDX_products_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
