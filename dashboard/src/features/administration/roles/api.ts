import type { PermissionCategory, PermissionGridPayload, RoleListAnswer, RoleSaveAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The categories as the role form labels them (spec section 2, then the order documents). */
export const CATEGORY_LABELS: Record<PermissionCategory, string> = {
  blog: 'Articles de Blog',
  shop: 'Gestion de la boutique',
  stock: 'Gestion de stock',
  orders: 'Commandes & Clients',
  admin: 'Administration',
  quotes: 'Devis (réviser, envoyer)',
  deliveries: 'Livraisons',
  invoices: 'Factures & avoirs',
  payments: 'Paiements',
};

/** Short names for the "Accès du rôle" badges. */
export const CATEGORY_SHORT_LABELS: Record<PermissionCategory, string> = {
  blog: 'Blog',
  shop: 'Boutique',
  stock: 'Stock',
  orders: 'Commandes',
  admin: 'Administration',
  quotes: 'Devis',
  deliveries: 'Livraisons',
  invoices: 'Factures',
  payments: 'Paiements',
};

/** GET /api/role: every role (not paginated). */
export const rolesQueryOptions = queryOptions({
  queryKey: queryKeys.roles.list(),
  queryFn: ({ signal }) => api.get<RoleListAnswer>('/api/role', { signal }),
});

export interface RoleFields {
  name: string;
  description: string;
  permissions: PermissionGridPayload;
  require_two_factor: boolean;
}

function roleForm(fields: RoleFields, override?: 'PUT') {
  return toFormData(
    {
      name: fields.name,
      description: fields.description,
      permissions: JSON.stringify(fields.permissions),
      require_two_factor: fields.require_two_factor,
    },
    override,
  );
}

/** POST /api/role/create (multipart): name, description, permissions (JSON of the five categories). */
export function createRole(fields: RoleFields) {
  return api.post<RoleSaveAnswer>('/api/role/create', roleForm(fields));
}

/** POST /api/role/{id}/update (multipart, `_method=PUT`). */
export function updateRole(id: number, fields: RoleFields, version?: number) {
  const form = roleForm(fields, 'PUT');
  if (version !== undefined) form.append('version', String(version));
  return api.post<RoleSaveAnswer>(`/api/role/${id}/update`, form);
}

/** DELETE /api/role/{id}/delete. */
export function deleteRole(id: number) {
  return api.delete<{ success: boolean; message?: string }>(`/api/role/${id}/delete`);
}
