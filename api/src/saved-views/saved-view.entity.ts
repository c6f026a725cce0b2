import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from '../admins/entities/user.entity.js';

/** A named view of a back-office list (its sort, filters, search and page size), one person's own. */
@Entity('saved_views')
@Index('IDX_saved_views_user_list_name', ['user_id', 'list', 'name'], { unique: true })
export class SavedView {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  /** Which list: `products`, `orders`… (SAVED_VIEW_LISTS). */
  @Column({ type: 'varchar', length: 40 })
  list: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** The list's URL parameters as JSON ({ sort, direction, status, per_page… }). */
  @Column({ type: 'text' })
  query: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
