import {
  Column,
  CreateDateColumn,
  Entity,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import { User } from '../../admins/entities/user.entity.js';
import { RolePermission } from './role-permission.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

@Entity('roles')
export class Role {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised name for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['name'])
  search_text?: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 275 })
  description: string;

  /** The spec's `role.permission` list: one row per category. */
  @OneToMany(() => RolePermission, (permission) => permission.role, { cascade: ['insert', 'update'] })
  permissions?: Relation<RolePermission>[];

  /** Holders must sign in with a second factor; those without one enrol at their next sign-in. */
  @Column({ type: 'boolean', default: false })
  require_two_factor: boolean;

  @OneToMany(() => User, (user) => user.role)
  users?: Relation<User>[];

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
