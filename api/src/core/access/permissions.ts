import { SetMetadata, applyDecorators } from '@nestjs/common';

/** The five permission categories of the product and the four rights each can grant. */
export const PERMISSION_CATEGORIES = ['blog', 'shop', 'stock', 'orders', 'admin'] as const;
export const PERMISSION_RIGHTS = ['view', 'create', 'edit', 'delete'] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];
export type PermissionRight = (typeof PERMISSION_RIGHTS)[number];
export type PermissionGrid = Record<PermissionCategory, Record<PermissionRight, boolean>>;

export type RoutePolicy =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; category: PermissionCategory; right: PermissionRight };

export const ROUTE_POLICY = 'comptoir:route-policy';

/** Open to anyone, signed in or not. */
export const Public = () => SetMetadata(ROUTE_POLICY, { kind: 'public' } satisfies RoutePolicy);

/** Any signed-in staff member, whatever their role (own profile, own session). */
export const SignedIn = () => SetMetadata(ROUTE_POLICY, { kind: 'authenticated' } satisfies RoutePolicy);

/** A signed-in staff member whose role grants `right` on `category`. */
export const RequirePermission = (category: PermissionCategory, right: PermissionRight) =>
  applyDecorators(SetMetadata(ROUTE_POLICY, { kind: 'permission', category, right } satisfies RoutePolicy));

export function emptyGrid(): PermissionGrid {
  return Object.fromEntries(
    PERMISSION_CATEGORIES.map((c) => [c, { view: false, create: false, edit: false, delete: false }]),
  ) as PermissionGrid;
}

export function fullGrid(): PermissionGrid {
  return Object.fromEntries(
    PERMISSION_CATEGORIES.map((c) => [c, { view: true, create: true, edit: true, delete: true }]),
  ) as PermissionGrid;
}

/** The identity the session layer attaches to a request once it has checked the session. */
export interface StaffPrincipal {
  userId: number;
  sessionId: string;
  permissions: PermissionGrid;
}

export function can(principal: StaffPrincipal | undefined, category: PermissionCategory, right: PermissionRight): boolean {
  return Boolean(principal?.permissions[category]?.[right]);
}
