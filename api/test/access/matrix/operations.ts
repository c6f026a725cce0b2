import type { MatrixRow } from '../matrix-row.js';

/**
 * Operations: liveness and readiness probes (public, they say nothing but up/down), and the
 * Prometheus metrics, public to the session guard because a scraper has no session: the handler
 * itself requires `Authorization: Bearer $METRICS_TOKEN` and answers 404 when no token is configured.
 */
export const publicRoutes: string[] = ['GET /api/health/live', 'GET /api/health/ready', 'GET /api/metrics'];
export const signedInRoutes: string[] = [];
export const rows: MatrixRow[] = [];
