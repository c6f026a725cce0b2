import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { listRoutes, type AppRoute } from '../../src/core/web/routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  parameters?: { name: string; in: string }[];
}

/**
 * The OpenAPI document (/api/docs) describes every route the application serves and every query
 * parameter a handler reads by name: a client never has to read the code.
 */
describe('the OpenAPI document covers every route', () => {
  let t: TestApp;
  let routes: AppRoute[];
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp();
    routes = listRoutes(t.app);
    paths = (await request(t.http).get('/api/docs/openapi.json').expect(200)).body.paths;
  });
  afterAll(async () => {
    await t.close();
  });

  const operationOf = (route: AppRoute): Operation | undefined =>
    paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];

  it('lists every route', () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((r) => !operationOf(r)).map((r) => `${r.key} (${r.handler})`);
    expect(missing).toEqual([]);
  });

  it('documents every query parameter a handler reads', () => {
    const missing = routes.flatMap((r) => {
      const documented = new Set((operationOf(r)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      return r.queryParameters.filter((name) => !documented.has(name)).map((name) => `${r.key} ?${name}`);
    });
    expect(missing).toEqual([]);
  });
});
