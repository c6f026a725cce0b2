import type { RoutePolicy } from '../../src/core/access/permissions.js';

export { listRoutes, type AppRoute } from '../../src/core/web/routes.js';

export function describePolicy(policy: RoutePolicy | undefined): string {
  if (!policy) return 'NONE';
  if (policy.kind === 'public') return 'public';
  if (policy.kind === 'authenticated') return 'signed-in';
  return `${policy.category}.${policy.right}`;
}
