import type { CurrentUser, PermissionCategory, PermissionRight } from '@comptoir/api/contract';
import { emptyGrid, PERMISSION_RIGHTS, type PermissionGrid } from '@comptoir/api/permissions';
import { useQuery } from '@tanstack/react-query';
import { ShieldX } from 'lucide-react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { meQueryOptions } from './api';

export { PERMISSION_CATEGORIES, PERMISSION_RIGHTS, emptyGrid, type PermissionGrid } from '@comptoir/api/permissions';

/** A flag may arrive as a boolean or as 1/0 (spec section 3). */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The user's permission grid from role.permission; every right off when absent. */
export function permissionGrid(user: Pick<CurrentUser, 'role'> | null | undefined): PermissionGrid {
  const grid = emptyGrid();
  for (const entry of user?.role?.permission ?? []) {
    const row = grid[entry.category as PermissionCategory];
    if (!row) continue;
    for (const right of PERMISSION_RIGHTS) row[right] = flag((entry as unknown as Record<string, unknown>)[right]);
  }
  return grid;
}

export type CanFn = (category: PermissionCategory, right?: PermissionRight) => boolean;

/**
 * What the signed-in user may do (spec section 6): `can('admin', 'create')`; the right defaults
 * to 'view'. The server enforces the same rules whatever the screen shows.
 */
export function usePermissions(): { user: CurrentUser | undefined; can: CanFn; grid: PermissionGrid } {
  const { data: user } = useQuery(meQueryOptions);
  const grid = useMemo(() => permissionGrid(user), [user]);
  const can = useCallback<CanFn>((category, right = 'view') => grid[category]?.[right] ?? false, [grid]);
  return { user, can, grid };
}

/** Renders its children only when the user has the right: `<Can category="admin" right="create">`. */
export function Can({
  category,
  right = 'view',
  children,
  fallback = null,
}: {
  category: PermissionCategory;
  right?: PermissionRight;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { can } = usePermissions();
  return <>{can(category, right) ? children : fallback}</>;
}

/** A whole screen that needs a view right: shows a refusal instead of calling the API for nothing. */
export function RequireView({ category, children }: { category: PermissionCategory; children: ReactNode }) {
  const { can } = usePermissions();
  if (!can(category, 'view')) {
    return (
      <div className="rounded-lg border border-line bg-surface shadow-card">
        <EmptyState icon={<ShieldX />} message="Vous n'avez pas accès à cette page." />
      </div>
    );
  }
  return <>{children}</>;
}
