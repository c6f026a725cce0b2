import {
  PERMISSION_CATEGORIES,
  PERMISSION_RIGHTS,
  SPEC_PERMISSION_CATEGORIES,
  emptyGrid,
  type PermissionCategory,
  type PermissionGrid,
  type PermissionRight,
} from '../core/access/permissions.js';

export const PERMISSIONS_REQUIRED = 'Les permissions sont requises.';
export const PERMISSIONS_INVALID =
  'Les permissions sont invalides : chacune des catégories blog, shop, stock, orders et admin (et, si elles sont envoyées, quotes, deliveries, invoices et payments) doit indiquer view, create, edit et delete (vrai ou faux).';

const isCategory = (value: unknown): value is PermissionCategory => (PERMISSION_CATEGORIES as readonly unknown[]).includes(value);
const isRight = (value: string): value is PermissionRight => (PERMISSION_RIGHTS as readonly string[]).includes(value);

/** true/false, or the 1/0 the spec's list shows. */
function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  return undefined;
}

function rightsOf(value: unknown, ignored: readonly string[] = []): Record<PermissionRight, boolean> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const rights: Partial<Record<PermissionRight, boolean>> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (ignored.includes(key)) continue;
    if (!isRight(key)) return null;
    const parsed = flag(raw);
    if (parsed === undefined) return null;
    rights[key] = parsed;
  }
  return PERMISSION_RIGHTS.every((right) => rights[right] !== undefined) ? (rights as Record<PermissionRight, boolean>) : null;
}

/**
 * Reads the `permissions` field of a role form, strictly: the JSON text a multipart form sends or the
 * object of a JSON body, either `{ blog: { view, create, edit, delete }, shop: {…}, … }` (what the
 * spec's form sends) or the list the role answers carry (`[{ category, view, create, edit, delete }]`).
 * The spec's five categories and all four rights must be there, as booleans (or 1/0); nothing else may be.
 * The document categories (quotes, deliveries, invoices, payments) may be left out by a client that
 * predates them: they then keep `fallback`'s rights (the role's current ones, none for a new role).
 */
export function parsePermissionGrid(input: unknown, fallback: PermissionGrid = emptyGrid()): PermissionGrid | null {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const grid = emptyGrid();
  const seen = new Set<PermissionCategory>();
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (typeof entry !== 'object' || entry === null) return null;
      const category = (entry as { category?: unknown }).category;
      if (!isCategory(category) || seen.has(category)) return null;
      const rights = rightsOf(entry, ['category', 'id', 'role_id']);
      if (!rights) return null;
      grid[category] = rights;
      seen.add(category);
    }
  } else {
    for (const [category, rightsValue] of Object.entries(value)) {
      if (!isCategory(category)) return null;
      const rights = rightsOf(rightsValue);
      if (!rights) return null;
      grid[category] = rights;
      seen.add(category);
    }
  }
  if (!SPEC_PERMISSION_CATEGORIES.every((category) => seen.has(category))) return null;
  for (const category of PERMISSION_CATEGORIES) if (!seen.has(category)) grid[category] = { ...fallback[category] };
  return grid;
}

/** The rights of `before` that `after` no longer grants. */
export function removedRights(before: PermissionGrid, after: PermissionGrid): string[] {
  const removed: string[] = [];
  for (const category of PERMISSION_CATEGORIES) {
    for (const right of PERMISSION_RIGHTS) {
      if (before[category][right] && !after[category][right]) removed.push(`${category}.${right}`);
    }
  }
  return removed;
}

/**
 * The administration rights: see, create and edit on "Administration", enough to open the screens, add
 * an administrator and give any right back. At least one user must always hold them (the seed's
 * first-administrator check uses create and edit, so this is never weaker).
 */
export const grantsAdministration = (grid: PermissionGrid): boolean => grid.admin.view && grid.admin.create && grid.admin.edit;
