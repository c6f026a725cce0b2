import type { NestExpressApplication } from '@nestjs/platform-express';
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../../src/core/config/config.js';
import { SeedService } from '../../src/seed/seed.service.js';
import { migrateDatabase } from '../../src/core/database/migrate.js';

export const TEST_DOMAIN = 'comptoir.example';
export const TEST_ADMIN = { email: `admin@${TEST_DOMAIN}`, password: 'Motdepasse-Admin-2024' };

export interface TestApp {
  app: NestExpressApplication;
  http: Server;
  dataSource: DataSource;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Load the demo data set (slower); by default only the first administrator exists. */
  seed?: boolean;
  /** Extra environment, e.g. { SMTP_URL: 'smtp://127.0.0.1:2525' }. */
  env?: Record<string, string>;
}

export const testDatabaseKind = (): 'sqlite' | 'mariadb' => (process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite');

/**
 * The real application on a fresh database of its own: a SQLite file in a temporary DATA_DIR, or a
 * new database on the throw-away MariaDB server of the test run (TEST_DB=mariadb, TEST_MARIADB_URL).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-test-'));
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    COMPANY_EMAIL_DOMAIN: TEST_DOMAIN,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    BUILD_SITE_ON_BOOT: 'false',
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Status e-mails leave at once (the undo window has tests of its own that set it): a mail sent by a
    // later tick would change the outbox between the two snapshots of a "changed nothing" check.
    STATUS_MAIL_DELAY_SECONDS: '0',
    ...options.env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (testDatabaseKind() === 'mariadb') {
    const { url, drop } = await createMariaDbDatabase();
    env.DATABASE_URL = url;
    dropDatabase = drop;
  }
  const config = loadConfig(env);
  const app = await createApp(config);
  await app.init();
  const dataSource = app.get(DataSource);
  await migrateDatabase(dataSource);
  const seeder = app.get(SeedService);
  if (options.seed) await seeder.reloadDemoData();
  await seeder.ensureFirstAdministrator();
  return {
    app,
    http: app.getHttpServer() as Server,
    dataSource,
    config,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the test run's MariaDB server, and how to drop it. */
export async function createMariaDbDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_MARIADB_URL;
  if (!serverUrl) throw new Error('TEST_DB=mariadb needs TEST_MARIADB_URL (mysql://root@127.0.0.1:PORT)');
  const name = `comptoir_t_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new DataSource({ type: 'mysql', url: serverUrl, driver: (await import('mysql2')).default });
  await admin.initialize();
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new DataSource({ type: 'mysql', url: serverUrl, driver: (await import('mysql2')).default });
      await again.initialize();
      await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.destroy();
    },
  };
}
