import { createRole, createStaffUser } from '../../support/auth.js';
import { TEST_DOMAIN } from '../../support/test-app.js';
import type { MatrixRow } from '../matrix-row.js';

/** Sign-in, sessions, recovery, profile, administrators, roles, and the pending-orders bell. */
export const publicRoutes: string[] = [
  'GET /api/sanctum/csrf-cookie',
  'POST /api/login',
  'GET /api/login/link',
  'POST /api/account/recovery',
  'POST /api/account/reset',
];

export const signedInRoutes: string[] = [
  'GET /api/user',
  'POST /api/logout',
  'POST /api/profile/update',
  'POST /api/profile/identifiants-update',
  'GET /api/profile/sessions',
  'DELETE /api/profile/sessions/others',
  'DELETE /api/profile/sessions/:id/delete',
];

const grid = {
  blog: { view: true, create: false, edit: false, delete: false },
  shop: { view: false, create: false, edit: false, delete: false },
  stock: { view: false, create: false, edit: false, delete: false },
  orders: { view: false, create: false, edit: false, delete: false },
  admin: { view: false, create: false, edit: false, delete: false },
};

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/admin', category: 'admin', right: 'view', expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/admin/create',
    category: 'admin',
    right: 'create',
    setup: async ({ t, unique }) => ({
      roleId: (await createRole(t, { blog: ['view'] })).id,
      email: `nouveau.${unique()}@${TEST_DOMAIN}`,
    }),
    send: (req, vars) =>
      req
        .field('role_id', String(vars.roleId))
        .field('firstname', 'Yao')
        .field('name', 'Agbeko')
        .field('email', String(vars.email))
        .field('password', 'Motdepasse-Nouveau-1'),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/admin/:id/update',
    category: 'admin',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await createStaffUser(t, { grid: { blog: ['view'] } })).id }),
    send: (req) => req.field('_method', 'PUT').field('firstname', 'Modifié'),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/:id/delete',
    category: 'admin',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await createStaffUser(t, { grid: { blog: ['view'] } })).id }),
    expectAllowed: [200],
  },
  { method: 'GET', route: '/api/role', category: 'admin', right: 'view', expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/role/create',
    category: 'admin',
    right: 'create',
    setup: async ({ unique }) => ({ name: `Rôle ${unique()}` }),
    send: (req, vars) =>
      req.field('name', String(vars.name)).field('description', 'Rôle de test.').field('permissions', JSON.stringify(grid)),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/role/:id/update',
    category: 'admin',
    right: 'edit',
    setup: async ({ t, unique }) => ({ id: (await createRole(t, { blog: ['view'] })).id, name: `Rôle ${unique()}` }),
    send: (req, vars) =>
      req
        .field('_method', 'PUT')
        .field('name', String(vars.name))
        .field('description', 'Modifié.')
        .field('permissions', JSON.stringify(grid)),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/role/:id/delete',
    category: 'admin',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await createRole(t, {})).id }),
    expectAllowed: [200],
  },
  { method: 'GET', route: '/api/orders/count-pending', category: 'orders', right: 'view', expectAllowed: [200] },
];
