import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get } from '@nestjs/common';
import { Public, RequirePermission, SignedIn } from '../../src/core/access/permissions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { loadDeclaredAccess, type DeclaredAccess } from './load-matrix.js';
import { describePolicy, listRoutes, type AppRoute } from './routes.js';

/**
 * Deny by default, checked on the running application: every route declares exactly one policy, and
 * the policy is the one written in the access table (test/access/matrix/*.ts). Set ROUTE_TABLE=1 to
 * print the table.
 */
describe('route policies', () => {
  let t: TestApp;
  let routes: AppRoute[];
  let declared: DeclaredAccess;
  beforeAll(async () => {
    t = await createTestApp();
    routes = listRoutes(t.app);
    declared = await loadDeclaredAccess();
    if (process.env.ROUTE_TABLE) {
      const width = Math.max(...routes.map((r) => r.key.length));
      process.stdout.write(
        `\n${routes.map((r) => `${r.key.padEnd(width)}  ${describePolicy(r.policy).padEnd(14)}  ${r.handler}`).join('\n')}\n\n`,
      );
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the routes of the application', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map((r) => r.key)).toEqual(
      expect.arrayContaining(['POST /api/login', 'GET /api/user', 'DELETE /api/admin/:id/delete']),
    );
  });

  it('every route declares a policy', () => {
    const missing = routes.filter((r) => !r.policy).map((r) => `${r.key} (${r.handler})`);
    expect(missing).toEqual([]);
  });

  it('no route declares two policies (handler and controller)', () => {
    expect(routes.filter((r) => r.doublePolicy).map((r) => `${r.key} (${r.handler})`)).toEqual([]);
  });

  it('a policy decorator applied twice is a startup error', () => {
    expect(() => {
      @Controller('twice')
      class Twice {
        @Public()
        @SignedIn()
        @Get()
        handler() {}
      }
      return Twice;
    }).toThrow(/declares two route policies/);
    expect(() => {
      @Controller('twice')
      class Twice {
        @RequirePermission('blog', 'view')
        @RequirePermission('blog', 'edit')
        @Get()
        handler() {}
      }
      return Twice;
    }).toThrow(/declares two route policies/);
  });

  it('the access table declares each route once', () => {
    expect(declared.duplicates).toEqual([]);
  });

  it('every route has the policy the access table declares for it', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const actual = describePolicy(route.policy);
      const expected = declared.policies.get(route.key);
      if (!expected) problems.push(`${route.key} is ${actual} (${route.handler}) but is not in test/access/matrix/*.ts`);
      else if (expected.policy !== actual)
        problems.push(`${route.key} is ${actual} (${route.handler}) but ${expected.file} says ${expected.policy}`);
    }
    expect(problems).toEqual([]);
  });

  it('the access table names no route the application does not have', () => {
    const keys = new Set(routes.map((r) => r.key));
    const stale = [...declared.policies].filter(([key]) => !keys.has(key)).map(([key, { file }]) => `${key} (${file})`);
    expect(stale).toEqual([]);
  });

  it('staff access routes have the expected policies', () => {
    const table = Object.fromEntries(
      routes
        .filter((r) => /^\/api\/(sanctum|login|logout|user|account|profile|admin|role|orders\/count-pending)\b/.test(r.path))
        .map((r) => [r.key, describePolicy(r.policy)]),
    );
    expect(table).toEqual({
      'GET /api/sanctum/csrf-cookie': 'public',
      'POST /api/login': 'public',
      'GET /api/login/link': 'public',
      'POST /api/login/second-factor': 'public',
      'POST /api/login/second-factor/options': 'public',
      'POST /api/login/passkey/options': 'public',
      'POST /api/login/passkey': 'public',
      'POST /api/login/enrol/totp': 'public',
      'POST /api/login/enrol/totp/confirm': 'public',
      'POST /api/login/enrol/passkey/options': 'public',
      'POST /api/login/enrol/passkey': 'public',
      'GET /api/profile/two-factor': 'signed-in',
      'POST /api/profile/two-factor/totp': 'signed-in',
      'POST /api/profile/two-factor/totp/confirm': 'signed-in',
      'DELETE /api/profile/two-factor/totp/delete': 'signed-in',
      'POST /api/profile/two-factor/recovery-codes': 'signed-in',
      'POST /api/profile/two-factor/passkeys/options': 'signed-in',
      'POST /api/profile/two-factor/passkeys': 'signed-in',
      'DELETE /api/profile/two-factor/passkeys/:id/delete': 'signed-in',
      'POST /api/admin/:id/two-factor/reset': 'admin.edit',
      'POST /api/logout': 'signed-in',
      'GET /api/user': 'signed-in',
      'POST /api/account/recovery': 'public',
      'POST /api/account/reset': 'public',
      'POST /api/profile/update': 'signed-in',
      'POST /api/profile/identifiants-update': 'signed-in',
      'GET /api/profile/sessions': 'signed-in',
      'DELETE /api/profile/sessions/others': 'signed-in',
      'DELETE /api/profile/sessions/:id/delete': 'signed-in',
      'GET /api/admin': 'admin.view',
      'GET /api/admin/export': 'admin.view',
      'POST /api/admin/create': 'admin.create',
      'POST /api/admin/:id/update': 'admin.edit',
      'DELETE /api/admin/:id/delete': 'admin.delete',
      'GET /api/role': 'admin.view',
      'POST /api/role/create': 'admin.create',
      'POST /api/role/:id/update': 'admin.edit',
      'DELETE /api/role/:id/delete': 'admin.delete',
      'GET /api/orders/count-pending': 'orders.view',
    });
  });
});
