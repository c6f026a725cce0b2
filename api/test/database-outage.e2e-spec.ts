import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap.js';
import { loadConfig } from '../src/core/config/config.js';
// @ts-expect-error plain ESM helper shared with the test runner
import { startMariaDb } from '../../scripts/lib/mariadb.mjs';
import { testDatabaseKind } from './support/test-app.js';

interface ThrowAwayDb {
  url: string;
  halt(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
  sql(statement: string): { status: number };
}

// A real outage needs a real server to stop: this runs in the MariaDB pass of `npm test`.
const describeOnMariaDb = testDatabaseKind() === 'mariadb' ? describe : describe.skip;

describeOnMariaDb('database outage', () => {
  let db: ThrowAwayDb;
  let app: NestExpressApplication;
  let dataDir: string;

  beforeAll(async () => {
    db = (await startMariaDb()) as ThrowAwayDb;
    db.sql('CREATE DATABASE comptoir');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-outage-'));
    app = await createApp(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: `${db.url}/comptoir`, LOG_LEVEL: 'silent', BUILD_SITE_ON_BOOT: 'false' }),
    );
    await app.init();
    await app.get(DataSource).runMigrations();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 in French while the database is down, then recovers by itself', async () => {
    await request(app.getHttpServer()).get('/api/health').expect(200);
    await request(app.getHttpServer()).get('/api/categories').expect(200);

    await db.halt();
    const health = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(health.body).toMatchObject({ status: 'error', database: { status: 'down' } });
    // Visitors keep the public answers computed before the outage (the in-process cache)...
    await request(app.getHttpServer()).get('/api/categories').expect(200);
    // ...while anything that needs the database answers a French 503, without a stack or SQL.
    const list = await request(app.getHttpServer()).get('/api/categories').set('Cache-Control', 'no-cache').expect(503);
    expect(list.body.message).toBe('Service momentanément indisponible. Veuillez réessayer dans un instant.');
    expect(JSON.stringify(list.body)).not.toMatch(/ECONNREFUSED|SELECT|at /);

    await db.restart();
    let status = 0;
    for (let attempt = 0; attempt < 480 && status !== 200; attempt++) {
      status = (await request(app.getHttpServer()).get('/api/health')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    await request(app.getHttpServer()).get('/api/categories').set('Cache-Control', 'no-cache').expect(200);
  });
});
