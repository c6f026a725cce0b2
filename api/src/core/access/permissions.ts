import { SetMetadata, applyDecorators } from '@nestjs/common';

import type { PermissionCategory, PermissionGrid, PermissionRight } from '../../shared/permissions.js';

// The categories and rights are declared once, shared with the contract and the dashboard.
export {
  DOCUMENT_PERMISSION_CATEGORIES,
  PERMISSION_CATEGORIES,
  PERMISSION_RIGHTS,
  SPEC_PERMISSION_CATEGORIES,
  emptyGrid,
  fullGrid,
  type PermissionCategory,
  type PermissionGrid,
  type PermissionRight,
} from '../../shared/permissions.js';

export type RoutePolicy =
  { kind: 'public' } | { kind: 'authenticated' } | { kind: 'permission'; category: PermissionCategory; right: PermissionRight };

export const ROUTE_POLICY = 'comptoir:route-policy';

/**
 * A policy decorator that refuses to be applied twice to the same handler or class: a route declares
 * exactly one policy, and a second one silently overriding the first would be a security bug.
 */
function policy(value: RoutePolicy): ClassDecorator & MethodDecorator {
  const set = SetMetadata(ROUTE_POLICY, value);
  return ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder: object = descriptor?.value ?? target;
    if (Reflect.hasOwnMetadata(ROUTE_POLICY, holder)) {
      const where = descriptor
        ? `${(target as { constructor: { name: string } }).constructor.name}.${String(key)}`
        : (target as { name: string }).name;
      throw new Error(`${where} declares two route policies; use exactly one of @Public(), @SignedIn(), @RequirePermission().`);
    }
    return descriptor ? set(target, key!, descriptor) : set(target as Function);
  }) as ClassDecorator & MethodDecorator;
}

/** Open to anyone, signed in or not. */
export const Public = () => policy({ kind: 'public' });

/** Any signed-in staff member, whatever their role (own profile, own session). */
export const SignedIn = () => policy({ kind: 'authenticated' });

/** A signed-in staff member whose role grants `right` on `category`. */
export const RequirePermission = (category: PermissionCategory, right: PermissionRight) =>
  applyDecorators(policy({ kind: 'permission', category, right }));

/** The identity the session layer attaches to a request once it has checked the session. */
export interface StaffPrincipal {
  userId: number;
  sessionId: string;
  permissions: PermissionGrid;
}

export function can(principal: StaffPrincipal | undefined, category: PermissionCategory, right: PermissionRight): boolean {
  return Boolean(principal?.permissions[category]?.[right]);
}
