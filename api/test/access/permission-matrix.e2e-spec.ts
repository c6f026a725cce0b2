import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PermissionCategory, PermissionRight } from '../../src/core/access/permissions.js';
import { gridWithOnly, gridWithout, signIn, signInAsAdmin, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { changedParts, fingerprint } from './db-fingerprint.js';
import { loadDeclaredAccess } from './load-matrix.js';
import type { MatrixContext, MatrixRow } from './matrix-row.js';
import { describePolicy, listRoutes } from './routes.js';

/**
 * For every route guarded by @RequirePermission (rows in test/access/matrix/*.ts): a user whose role
 * has every right except exactly that one gets 403 and nothing changes (database and stored files);
 * a user whose role has only that right gets through.
 */
const declared = await loadDeclaredAccess();
const FORBIDDEN = { success: false, message: "Vous n'avez pas la permission d'effectuer cette action." };

describe('permission matrix', () => {
  let t: TestApp;
  let ctx: MatrixContext;
  const clients = new Map<string, Promise<{ denied: StaffClient; allowed: StaffClient }>>();
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signInAsAdmin(t);
    ctx = { t, admin, unique: () => `${Date.now().toString(36)}${(++counter).toString(36)}` };
  });
  afterAll(async () => {
    await t.close();
  });

  /** One user without the right and one with only the right, per (category, right), signed in once. */
  const usersFor = (category: PermissionCategory, right: PermissionRight) => {
    const key = `${category}.${right}`;
    if (!clients.has(key)) {
      clients.set(
        key,
        (async () => ({
          denied: await signIn(t, gridWithout(category, right)),
          allowed: await signIn(t, gridWithOnly(category, right)),
        }))(),
      );
    }
    return clients.get(key)!;
  };

  const send = (client: StaffClient, row: MatrixRow, path: string, vars: Record<string, string | number>) => {
    const request = client.request(row.method.toLowerCase() as 'get', path);
    return row.send ? row.send(request, vars, ctx) : request;
  };

  it('has a row for every route guarded by a permission, with the same category and right', () => {
    const routes = listRoutes(t.app).filter((r) => r.policy?.kind === 'permission');
    const byKey = new Map(declared.rows.map((row) => [`${row.method} ${row.route}`, row]));
    const problems: string[] = [];
    for (const route of routes) {
      const row = byKey.get(route.key);
      if (!row)
        problems.push(`${route.key} (${describePolicy(route.policy)}, ${route.handler}) has no row in test/access/matrix/*.ts`);
      else if (`${row.category}.${row.right}` !== describePolicy(route.policy)) {
        problems.push(
          `${route.key} requires ${describePolicy(route.policy)} but its row (${row.file}) says ${row.category}.${row.right}`,
        );
      }
    }
    const keys = new Set(routes.map((r) => r.key));
    for (const row of declared.rows) {
      if (!keys.has(`${row.method} ${row.route}`))
        problems.push(`${row.method} ${row.route} (${row.file}) is not a permission route of the application`);
    }
    expect(problems).toEqual([]);
  });

  describe.each(declared.rows.map((row) => ({ ...row, label: `${row.method} ${row.route} needs ${row.category}.${row.right}` })))(
    '$label',
    (row) => {
      it('403 and nothing changed without the right; let through with only that right', async () => {
        const { denied, allowed } = await usersFor(row.category, row.right);
        const vars = (await row.setup?.(ctx)) ?? {};
        const path = row.route.replace(/:(\w+)/g, (_, name: string) => {
          if (vars[name] === undefined) throw new Error(`${row.file}: setup of ${row.route} gives no value for :${name}`);
          return encodeURIComponent(String(vars[name]));
        });

        const before = await fingerprint(t);
        const refused = await send(denied, row, path, vars);
        expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: FORBIDDEN });
        expect(changedParts(before, await fingerprint(t))).toEqual([]);

        const passed = await send(allowed, row, path, vars);
        const detail = { status: passed.status, body: passed.body };
        if (row.expectAllowed) expect(row.expectAllowed).toContain(detail.status);
        else expect([detail.status < 500, [401, 403, 404, 419].includes(detail.status)]).toEqual([true, false]);
      });
    },
  );
});
