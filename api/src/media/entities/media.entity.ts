import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { User } from '../../admins/entities/user.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

/** An uploaded file (editor images and the like), stored under a generated name. */
@Entity('media')
export class Media {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised original_name for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['original_name'])
  search_text?: string;

  /** Path relative to the storage root. */
  @Column({ type: 'varchar', length: 255, unique: true })
  path: string;

  @Column({ type: 'varchar', length: 255 })
  original_name: string;

  @Column({ type: 'varchar', length: 100 })
  mime: string;

  /** Bytes. The media list sorts by it. */
  @Index('IDX_media_size')
  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Index('IDX_media_user')
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne('User', { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User> | null;

  @Index('IDX_media_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
