import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { fingerprint } from '../access/db-fingerprint.js';
import { listRoutes } from '../access/routes.js';
import { signInAsAdmin, type StaffClient } from '../support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

/**
 * Every route of the running application, swept: anonymous calls to staff routes answer 401, and
 * state-changing staff calls without the anti-forgery token answer 419, in both cases with the
 * database and the stored files unchanged. (Under-privileged calls: test/access/permission-matrix.)
 */
describe(`route sweep: anonymous and forged requests (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const concrete = (path: string) => path.replace(/:id\b/g, '1').replace(/:slug\b/g, 'x');

  it('anonymous: every staff route answers 401 and changes nothing', async () => {
    const routes = listRoutes(t.app).filter((r) => r.policy && r.policy.kind !== 'public');
    expect(routes.length).toBeGreaterThan(40);
    const before = await fingerprint(t);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await request(t.http)[route.method.toLowerCase() as 'get'](concrete(route.path)).send({ name: 'x' });
      if (res.status !== 401) wrong.push(`${route.key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('CSRF: every state-changing staff route refuses a signed-in request without X-XSRF-TOKEN (419) and changes nothing', async () => {
    const routes = listRoutes(t.app).filter((r) => r.policy && r.policy.kind !== 'public' && r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(25);
    const before = await fingerprint(t);
    const wrong: string[] = [];
    admin.sendXsrf = false;
    try {
      for (const route of routes) {
        const res = await admin.request(route.method.toLowerCase() as 'post', concrete(route.path)).send({ name: 'x' });
        if (res.status !== 419) wrong.push(`${route.key} → ${res.status}`);
      }
    } finally {
      admin.sendXsrf = true;
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
    await admin.get('/api/user').expect(200);
  });
});
