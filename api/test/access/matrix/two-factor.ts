import { createStaffUser } from '../../support/auth.js';
import type { MatrixRow } from '../matrix-row.js';

/** Two-factor sign-in: the second step and passkeys at sign-in, one's own factors, the administrator's reset. */
export const publicRoutes: string[] = [
  'POST /api/login/second-factor',
  'POST /api/login/second-factor/options',
  'POST /api/login/passkey/options',
  'POST /api/login/passkey',
  'POST /api/login/enrol/totp',
  'POST /api/login/enrol/totp/confirm',
  'POST /api/login/enrol/passkey/options',
  'POST /api/login/enrol/passkey',
];

export const signedInRoutes: string[] = [
  'GET /api/profile/two-factor',
  'POST /api/profile/two-factor/totp',
  'POST /api/profile/two-factor/totp/confirm',
  'DELETE /api/profile/two-factor/totp/delete',
  'POST /api/profile/two-factor/recovery-codes',
  'POST /api/profile/two-factor/passkeys/options',
  'POST /api/profile/two-factor/passkeys',
  'DELETE /api/profile/two-factor/passkeys/:id/delete',
];

export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/admin/:id/two-factor/reset',
    category: 'admin',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await createStaffUser(t, { grid: { blog: ['view'] } })).id }),
    expectAllowed: [200],
  },
];
