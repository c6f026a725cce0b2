import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { APP_CONFIG, type AppConfig } from '../src/core/config/config.js';
import { OutgoingMail } from '../src/mail/entities/outgoing-mail.entity.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const TOKEN = 'metrics-token-for-the-tests';

describe('observability: request ids, probes, metrics', () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it('sends a request id back on every answer, and keeps a sane one the caller sent', async () => {
    const first = await request(t.http).get('/api/health').expect(200);
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await request(t.http).get('/api/nowhere').expect(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const page = await request(t.http).get('/dashboard/');
    expect(page.headers['x-request-id']).toBeTruthy();

    const kept = await request(t.http).get('/api/health').set('X-Request-Id', 'proxy-1234abcd').expect(200);
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');
    const replaced = await request(t.http).get('/api/health').set('X-Request-Id', 'bad id <script>').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers liveness and readiness', async () => {
    await request(t.http).get('/api/health/live').expect(200, { status: 'ok' });
    const ready = await request(t.http).get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', database: 'up', migrations: 'done', disk: { status: 'ok' } });
    expect(ready.body.disk.free_mb).toBeGreaterThan(0);
  });

  it('is not ready, and /api/health says so, when the data disk runs low (before writes start failing)', async () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const normal = config.minFreeDiskMb;
    // More than any disk has: the check must now refuse.
    config.minFreeDiskMb = 1_000_000_000;
    try {
      const ready = await request(t.http).get('/api/health/ready').expect(503);
      expect(ready.body).toMatchObject({
        status: 'error',
        message: 'Espace disque insuffisant sur le serveur.',
        disk: { status: 'low' },
      });
      const health = await request(t.http).get('/api/health').expect(503);
      expect(health.body).toMatchObject({ status: 'error', disk: { status: 'low' } });
    } finally {
      config.minFreeDiskMb = normal;
    }
    await request(t.http).get('/api/health/ready').expect(200);
  });

  it('is not ready while a migration remains to run', async () => {
    await t.dataSource.undoLastMigration({ transaction: 'each' });
    try {
      const res = await request(t.http).get('/api/health/ready').expect(503);
      expect(res.body).toMatchObject({ status: 'error', migrations: 'pending' });
      await request(t.http).get('/api/health/live').expect(200);
    } finally {
      await t.dataSource.runMigrations({ transaction: 'each' });
    }
    await request(t.http).get('/api/health/ready').expect(200);
  });

  it('is not ready when the database does not answer', async () => {
    const query = t.dataSource.query.bind(t.dataSource);
    t.dataSource.query = (() => Promise.reject(Object.assign(new Error('gone'), { code: 'ECONNREFUSED' }))) as typeof query;
    try {
      const res = await request(t.http).get('/api/health/ready').expect(503);
      expect(res.body).toMatchObject({ status: 'error', database: 'down', message: 'La base de données est indisponible.' });
      await request(t.http).get('/api/health/live').expect(200);
    } finally {
      t.dataSource.query = query;
    }
  });

  it('hides the metrics entirely when no METRICS_TOKEN is configured', async () => {
    const res = await request(bare.http).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    expect(res.body).toEqual({ success: false, message: 'Ressource introuvable.' });
  });

  it('serves the metrics only with the bearer token', async () => {
    await request(t.http).get('/api/metrics').expect(401);
    await request(t.http).get('/api/metrics').set('Authorization', 'Bearer not-the-token').expect(401);
    await request(t.http).get('/api/article').query({ page: 1 });
    const res = await request(t.http).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // Labelled by route template and status, never by the raw path.
    expect(res.text).toMatch(/comptoir_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status="200"/);
    expect(res.text).toMatch(/comptoir_http_request_duration_seconds_count\{[^}]*route="\(unmatched\)"[^}]*status="404"/);
    expect(res.text).toMatch(/comptoir_mail_queue\{[^}]*status="queued"[^}]*\} 0/);
    expect(res.text).toContain('comptoir_site_builds_total');
    expect(res.text).toContain('comptoir_publish_to_live_seconds');
    expect(res.text).toContain('comptoir_mail_delivery_failures_total');
    // Deadlock retries since the process started (a number, 0 or more).
    expect(res.text).toMatch(/comptoir_db_conflict_retries_total\{[^}]*\} \d+/);
    // The connection pool is MySQL/MariaDB's (SQLite has one connection and no pool).
    if (t.config.database.type === 'mysql') expect(res.text).toMatch(/comptoir_db_pool_connections\{state="open"[^}]*\} [1-9]/);
  });

  it('counts queued mails in the metrics', async () => {
    // Due in an hour: the mail worker leaves it queued while the test looks.
    await t.dataSource.getRepository(OutgoingMail).insert({
      to_address: 'a@b.example',
      subject: 'Sujet',
      text: 'Texte',
      kind: 'test',
      status: 'queued',
      attempts: 1,
      next_attempt_at: new Date(Date.now() + 3600_000),
    });
    const res = await request(t.http).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.text).toMatch(/comptoir_mail_queue\{[^}]*status="queued"[^}]*\} 1/);
  });
});
