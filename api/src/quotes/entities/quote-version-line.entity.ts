import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Product } from '../../catalogue/entities/product.entity.js';
import { MoneyColumn } from '../../core/database/column-types.js';
import { QuoteVersion } from './quote-version.entity.js';

/** A line of a quote version: its own copy of everything, so a document never changes when a product does. */
@Entity('quote_version_lines')
@Index('IDX_quote_version_lines_version', ['quote_version_id', 'position'])
export class QuoteVersionLine {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  quote_version_id: number;

  @ManyToOne(() => QuoteVersion, (version) => version.lines, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'quote_version_id' })
  quote_version?: Relation<QuoteVersion>;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'int', nullable: true })
  product_id: number | null;

  @ManyToOne(() => Product, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product> | null;

  @Column({ type: 'varchar', length: 255 })
  product_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  product_reference: string | null;

  @Column({ type: 'int' })
  quantity: number;

  /** Unit price HT. */
  @MoneyColumn()
  unit_price: string;

  /** ISO code of the line's currency. */
  @Column({ type: 'varchar', length: 3 })
  currency_code: string;

  /** Line discount in basis points. */
  @Column({ type: 'int', default: 0 })
  discount_bp: number;

  /** Tax rate in basis points (1800 = TVA 18 %, 0 = exempt). */
  @Column({ type: 'int', default: 1800 })
  tax_rate_bp: number;
}
