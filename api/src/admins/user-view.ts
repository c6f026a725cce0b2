import type { RolePermission } from '../access/entities/role-permission.entity.js';
import type { Role } from '../access/entities/role.entity.js';
import type {
  AdminListItem,
  CurrentUser,
  PermissionEntry,
  RoleListItem,
  RoleUserAvatar,
  StaffUserFields,
} from '../contract/staff.js';
import { PERMISSION_CATEGORIES, PERMISSION_RIGHTS, type PermissionGrid } from '../core/access/permissions.js';
import { storageUrl } from '../media/storage/storage.js';
import type { User } from './entities/user.entity.js';

/**
 * How staff members and roles leave the API. Built field by field from the entities, so a column
 * added later (or the password hash, were it ever loaded) never reaches an answer by accident.
 */

/** What the admins table shows in its "Mot de passe" column: a mask, never the stored hash. */
export const PASSWORD_MASK = '••••••••••••••••';

/** Staff photos, under the storage root (the staff accounts page and the profile save them). */
export const AVATAR_FOLDER = 'avatars';

const iso = (value: Date | string | null | undefined): string => (value ? new Date(value).toISOString() : '');

export function userFields(user: User): StaffUserFields {
  return {
    id: user.id,
    role_id: user.role_id ?? null,
    firstname: user.firstname,
    name: user.name,
    email: user.email,
    image: storageUrl(user.image),
    phone: user.phone ?? null,
    profession: user.profession ?? null,
    about: user.about ?? null,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    version: user.version,
  };
}

/** The categories (the spec's five, then the order documents), each with its four rights (false where no row grants it). */
export function permissionEntries(rows: RolePermission[] | undefined): PermissionEntry[] {
  return PERMISSION_CATEGORIES.map((category) => {
    const row = rows?.find((r) => r.category === category);
    return {
      ...(row ? { id: row.id } : {}),
      category,
      view: Boolean(row?.view),
      create: Boolean(row?.create),
      edit: Boolean(row?.edit),
      delete: Boolean(row?.delete),
    };
  });
}

export function gridOf(rows: RolePermission[] | undefined): PermissionGrid {
  const grid = {} as PermissionGrid;
  for (const entry of permissionEntries(rows)) {
    grid[entry.category] = { view: entry.view, create: entry.create, edit: entry.edit, delete: entry.delete };
  }
  return grid;
}

/** GET /api/user and the sign-in answer: the user with the role and its permissions. */
export function currentUserView(user: User, role: Role | null | undefined): CurrentUser {
  return {
    ...userFields(user),
    role: role
      ? { id: role.id, name: role.name, description: role.description ?? null, permission: permissionEntries(role.permissions) }
      : null,
  };
}

/** A row of the administrators list. */
export function adminView(user: User, blogsCount: number): AdminListItem {
  return {
    ...userFields(user),
    password: PASSWORD_MASK,
    blogs_count: blogsCount,
    role: user.role ? { id: user.role.id, name: user.role.name } : null,
  };
}

export function avatarView(user: User): RoleUserAvatar {
  return { id: user.id, firstname: user.firstname, name: user.name, image: storageUrl(user.image) };
}

/** A row of the roles list: permissions, the categories with at least one right, some holders. */
export function roleView(role: Role, holders: User[], usersCount: number): RoleListItem & { access: string[] } {
  const permission = permissionEntries(role.permissions);
  return {
    id: role.id,
    name: role.name,
    description: role.description ?? null,
    created_at: iso(role.created_at),
    updated_at: iso(role.updated_at),
    version: role.version,
    permission,
    access: permission.filter((p) => PERMISSION_RIGHTS.some((right) => p[right])).map((p) => p.category),
    user: holders.map(avatarView),
    users_count: usersCount,
    require_two_factor: Boolean(role.require_two_factor),
  };
}
