import type { Test } from 'supertest';
import type { PermissionCategory, PermissionRight } from '../../src/core/access/permissions.js';
import type { StaffClient } from '../support/auth.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The declared access table, one file per module in `test/access/matrix/*.ts`, each exporting:
 *
 *   export const publicRoutes: string[] = ['GET /api/article', ...];      // @Public()
 *   export const signedInRoutes: string[] = ['GET /api/user', ...];       // @SignedIn()
 *   export const rows: MatrixRow[] = [...];                               // @RequirePermission()
 *
 * route-policy.e2e-spec.ts checks that every route of the application is declared there with the policy
 * its decorator gives it; permission-matrix.e2e-spec.ts runs every row: a user holding every right but
 * the row's one gets 403 and the database and the stored files are unchanged; a user holding only that
 * right gets through.
 */

export interface MatrixContext {
  t: TestApp;
  /** The first administrator (every right), for setting things up through the API. */
  admin: StaffClient;
  /** A value unique to this run, for names and e-mails that must not collide. */
  unique: () => string;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as the application declares it, e.g. "/api/admin/:id/update". */
  route: string;
  category: PermissionCategory;
  right: PermissionRight;
  /** Creates what the request acts on; answers the values of the route's `:params` (and anything `send` needs). */
  setup?: (ctx: MatrixContext) => Promise<Record<string, string | number> | void>;
  /** Adds the body (JSON `send(...)` or multipart `field(...)`); called for each of the two requests. */
  send?: (request: Test, vars: Record<string, string | number>, ctx: MatrixContext) => Test;
  /** Statuses that count as "let through" for the user holding the right; default: any < 500 but 401, 403, 404, 419. */
  expectAllowed?: number[];
}

export interface MatrixModule {
  publicRoutes?: string[];
  signedInRoutes?: string[];
  rows?: MatrixRow[];
}
