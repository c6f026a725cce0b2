import type { MatrixRow } from '../matrix-row.js';

/** Routes of the core (health check). */
export const publicRoutes: string[] = ['GET /api/health'];
export const signedInRoutes: string[] = [];
export const rows: MatrixRow[] = [];
