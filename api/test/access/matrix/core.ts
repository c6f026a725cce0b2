import type { MatrixRow } from '../matrix-row.js';

/** Routes of the core (health check, the deployment facts the dashboard reads at start). */
export const publicRoutes: string[] = ['GET /api/health', 'GET /api/config'];
export const signedInRoutes: string[] = [];
export const rows: MatrixRow[] = [];
