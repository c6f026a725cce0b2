import type { MatrixRow } from '../matrix-row.js';

/**
 * The activity history. The journal is for admin view; a record's history is open to any signed-in
 * user and checks, per `entity`, the view right of that kind of record (tested in
 * src/audit/audit.e2e-spec.ts).
 */
export const signedInRoutes: string[] = ['GET /api/audit/history'];

export const rows: MatrixRow[] = [{ method: 'GET', route: '/api/audit', category: 'admin', right: 'view', expectAllowed: [200] }];
