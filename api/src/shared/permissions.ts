/**
 * The permission categories and the four rights each can grant, declared once for the API, its
 * contract and the dashboard (`@comptoir/api/permissions`): the spec's five, then the documents of an
 * order (docs/order-model.md "Permissions"), which no role has unless it is given them. Plain data, no
 * framework: the dashboard ships it.
 */
export const SPEC_PERMISSION_CATEGORIES = ['blog', 'shop', 'stock', 'orders', 'admin'] as const;
export const DOCUMENT_PERMISSION_CATEGORIES = ['quotes', 'deliveries', 'invoices', 'payments'] as const;
export const PERMISSION_CATEGORIES = [...SPEC_PERMISSION_CATEGORIES, ...DOCUMENT_PERMISSION_CATEGORIES] as const;
export const PERMISSION_RIGHTS = ['view', 'create', 'edit', 'delete'] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];
export type PermissionRight = (typeof PERMISSION_RIGHTS)[number];
export type PermissionGrid = Record<PermissionCategory, Record<PermissionRight, boolean>>;

const grid = (allowed: boolean): PermissionGrid =>
  Object.fromEntries(
    PERMISSION_CATEGORIES.map((c) => [c, { view: allowed, create: allowed, edit: allowed, delete: allowed }]),
  ) as PermissionGrid;

/** Every right off: the default of a role, and of anyone without one. */
export const emptyGrid = (): PermissionGrid => grid(false);

/** Every right on: the full administrator. */
export const fullGrid = (): PermissionGrid => grid(true);
