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
import type { Role } from '../../access/entities/role.entity.js';
import type { Article } from '../../blog/entities/article.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

/** A staff member of the back-office. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised firstname, name, email for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['firstname', 'name', 'email'])
  search_text?: string;

  @Column({ type: 'int' })
  role_id: number;

  // A role still held by someone cannot be deleted: the service answers a French 409.
  @ManyToOne('Role', (role: Role) => role.users, { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role?: Relation<Role>;

  // The list's sorts (staff-accounts/admin-list.ts): each index holds the ids in order after the column.
  @Index('IDX_users_firstname')
  @Column({ type: 'varchar', length: 100 })
  firstname: string;

  @Index('IDX_users_name')
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Lowercase, of the company's own domain. */
  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  /**
   * argon2id hash. Never loaded unless asked for (`select: false`; add it with
   * `.addSelect('user.password_hash')`), so it cannot leak through an answer by accident.
   */
  @Column({ type: 'varchar', length: 255, select: false })
  password_hash: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  image: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  profession: string | null;

  @Column({ type: 'varchar', length: 275, nullable: true })
  about: string | null;

  /** Sessions and reset links issued before this instant are void. */
  @Column({ type: 'datetime', nullable: true })
  password_changed_at: Date | null;

  @OneToMany('Article', (article: Article) => article.user)
  articles?: Relation<Article>[];

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @Index('IDX_users_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
