import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One public-content change waiting for (or included in) a site rebuild, shown in the dashboard. */
@Entity('publish_changes')
export class PublishChange {
  @PrimaryGeneratedColumn()
  id: number;

  /** The value of site_build_state.requested_seq this change produced. */
  @Index('IDX_publish_changes_seq')
  @Column({ type: 'int' })
  seq: number;

  /** e.g. "article.published", "product.updated", "category.deleted". */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  /** Human-readable French label, e.g. "Article « … » publié". */
  @Column({ type: 'varchar', length: 255 })
  label: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
