import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import type { PermissionCategory } from '../../core/access/permissions.js';
import { Role } from './role.entity.js';

/**
 * The rights a role grants on one category. Properties carry the spec's names (view, create, edit,
 * delete); the columns are prefixed because DELETE/CREATE are SQL keywords and raw SQL would trip on them.
 */
@Entity('role_permissions')
@Unique('UQ_role_permissions_role_category', ['role_id', 'category'])
export class RolePermission {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  role_id: number;

  @ManyToOne(() => Role, (role) => role.permissions, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role?: Relation<Role>;

  /** blog | shop | stock | orders | admin */
  @Column({ type: 'varchar', length: 10 })
  category: PermissionCategory;

  @Column({ name: 'can_view', type: 'boolean', default: false })
  view: boolean;

  @Column({ name: 'can_create', type: 'boolean', default: false })
  create: boolean;

  @Column({ name: 'can_edit', type: 'boolean', default: false })
  edit: boolean;

  @Column({ name: 'can_delete', type: 'boolean', default: false })
  delete: boolean;
}
