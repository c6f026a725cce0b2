import type { MatrixRow } from '../matrix-row.js';

/** Publishing: every staff member sees whether the site is up to date; admins may rebuild it by hand. */
export const publicRoutes: string[] = [];
export const signedInRoutes: string[] = ['GET /api/publishing/status'];
export const rows: MatrixRow[] = [
  { method: 'POST', route: '/api/publishing/rebuild', category: 'admin', right: 'edit', expectAllowed: [202] },
];
