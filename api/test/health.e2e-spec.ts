import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('health and error format', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says the API and the database are up', async () => {
    const res = await request(t.http).get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', api: 'up', database: { status: 'up' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 with a French message when the database is gone', async () => {
    const query = t.dataSource.query.bind(t.dataSource);
    t.dataSource.query = (() => Promise.reject(Object.assign(new Error('gone'), { code: 'ECONNREFUSED' }))) as typeof query;
    try {
      const res = await request(t.http).get('/api/health').expect(503);
      expect(res.body).toMatchObject({
        status: 'error',
        database: { status: 'down' },
        message: 'La base de données est indisponible.',
      });
    } finally {
      t.dataSource.query = query;
    }
    await request(t.http).get('/api/health').expect(200);
  });

  it('answers unknown API paths with a French JSON 404', async () => {
    const res = await request(t.http).get('/api/does-not-exist').expect(404);
    expect(res.body).toEqual({ success: false, message: 'Ressource introuvable.' });
  });

  it('answers malformed JSON with a French 400 and no stack', async () => {
    const res = await request(t.http).post('/api/health').set('Content-Type', 'application/json').send('{oops').expect(400);
    expect(res.body.message).toMatch(/JSON|Requête/);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('serves the OpenAPI description', async () => {
    const res = await request(t.http).get('/api/docs/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
