import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QuoteVersion } from './quote-version.entity.js';

/** "Bon pour accord": who accepted a quote version, from where, when. With the version, the purchase order. */
@Entity('quote_acceptances')
@Index('UQ_quote_acceptances_version', ['quote_version_id'], { unique: true })
export class QuoteAcceptance {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  quote_version_id: number;

  @ManyToOne(() => QuoteVersion, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'quote_version_id' })
  quote_version?: Relation<QuoteVersion>;

  /** The name the client typed. */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  user_agent: string | null;

  @Column({ type: 'datetime' })
  accepted_at: Date;
}
