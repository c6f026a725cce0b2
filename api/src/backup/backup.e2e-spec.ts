import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { png } from '../../test/backoffice/images.js';
import { browser, signIn } from '../../test/support/auth.js';
import { startTestS3, type TestS3Server } from '../../test/support/s3.js';
import {
  createMariaDbDatabase,
  createTestApp,
  testDatabaseKind,
  TEST_ADMIN,
  TEST_DOMAIN,
  type TestApp,
} from '../../test/support/test-app.js';
import { DataSource } from 'typeorm';
import { createApp } from '../bootstrap.js';
import { ContactMessage } from '../contact/entities/contact-message.entity.js';
import { loadConfig, type AppConfig } from '../core/config/config.js';
import { migrateDatabase } from '../core/database/migrate.js';
import { NewsletterSubscriber } from '../newsletter/entities/newsletter-subscriber.entity.js';
import type { Storage } from '../media/storage/storage.js';
import { createStorage } from '../media/storage/storage.module.js';
import { isEncryptedArchive } from './archive-crypto.js';
import { createBackup, defaultBackupFile, restoreBackup, RestoreRefused, type BackupManifest } from './backup.js';
import { databaseFacts } from './database-snapshot.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function filesOf(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const file of storage.list()) out[file.path] = sha256(await storage.read(file.path));
  return out;
}

/**
 * Backup while the application runs and writes, restore into an empty DATA_DIR and database, on the
 * test run's database (SQLite or MariaDB), with uploads on the local disk and on S3-compatible storage.
 */
describe.each(['local', 's3'] as const)('backup and restore (%s storage)', (storageKind) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let storage: Storage;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-backup-test-'));
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    if (storageKind === 's3') s3 = await startTestS3({ prefix: 'source' });
    t = await createTestApp({ seed: true, env: s3?.env ?? {} });
    storage = createStorage(t.config.storage);
    // One upload of our own beside the demo images.
    const shop = await signIn(t, { shop: 'all' });
    await shop
      .post('/api/brands/create')
      .field('name', 'Sauvegarde SA')
      .field('representative', 'Ama Kouassi')
      .field('description', 'Marque créée avant la sauvegarde.')
      .attach('image', await png(640, 320), 'logo.png')
      .expect(201);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await t?.close();
    await s3?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** An empty place to restore into: a new DATA_DIR, a new database (MariaDB), a new bucket prefix (S3). */
  async function emptyTarget(name: string): Promise<AppConfig> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-restored-${name}-`));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      COMPANY_EMAIL_DOMAIN: TEST_DOMAIN,
      BUILD_SITE_ON_BOOT: 'false',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'silent',
    };
    if (s3) Object.assign(env, s3.env, { STORAGE_URL: `s3://${s3.bucket}/restored-${name}` });
    if (testDatabaseKind() === 'mariadb') {
      const { url, drop } = await createMariaDbDatabase();
      env.DATABASE_URL = url;
      cleanups.push(drop);
    }
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return loadConfig(env);
  }

  /** Writes that change two tables in one transaction, until stopped: a snapshot holds both or neither. */
  let sequence = 0;
  function startWriter() {
    let running = true;
    let writes = 0;
    let firstWrite!: () => void;
    let failed!: (error: unknown) => void;
    const started = new Promise<void>((resolve, reject) => {
      firstWrite = resolve;
      failed = reject;
    });
    const done = (async () => {
      while (running) {
        const n = sequence++;
        await t.dataSource.transaction(async (manager) => {
          await manager.getRepository(NewsletterSubscriber).insert({ email: `abonne-${storageKind}-${n}@exemple.tg` });
          await manager.getRepository(ContactMessage).insert({
            name: `Client ${n}`,
            email: `client-${n}@exemple.tg`,
            object: 'Demande de devis',
            message: 'Bonjour, je souhaite un devis pour un groupe électrogène.',
          });
        });
        writes++;
        if (writes === 1) firstWrite();
        // SQLite answers synchronously: without a turn of the event loop, nothing else would run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    done.catch(failed);
    return {
      started,
      stop: async () => {
        running = false;
        await done;
        return writes;
      },
    };
  }

  let archive: string;
  let manifest: BackupManifest;
  let before: { subscribers: number; messages: number };

  it('writes one archive while the application runs and writes, with a consistent snapshot', async () => {
    before = {
      subscribers: await t.dataSource.getRepository(NewsletterSubscriber).count(),
      messages: await t.dataSource.getRepository(ContactMessage).count(),
    };
    const writer = startWriter();
    await writer.started;
    archive = path.join(work, 'comptoir.tar.gz');
    const result = await createBackup(t.config, storage, archive);
    const writes = await writer.stop();
    manifest = result.manifest;

    expect(fs.statSync(archive).size).toBe(result.bytes);
    // Password hashes and customer data: readable by the owner only.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest.database.method).toEqual(
      testDatabaseKind() === 'mariadb' ? expect.stringMatching(/^(mariadb-dump|mysqldump)$/) : 'sqlite-vacuum-into',
    );
    expect(manifest.database.migrations.length).toBeGreaterThan(0);
    expect(manifest.database.tables.products).toBeGreaterThan(10);
    // Both tables of each transaction, or neither: never half a write.
    const subscribers = manifest.database.tables.newsletter_subscribers! - before.subscribers;
    const messages = manifest.database.tables.contact_messages! - before.messages;
    expect(subscribers).toBe(messages);
    expect(subscribers).toBeGreaterThanOrEqual(1);
    expect(subscribers).toBeLessThanOrEqual(writes);
    // Every upload, with its checksum.
    const files = await filesOf(storage);
    expect(manifest.storage.files).toBe(Object.keys(files).length);
    for (const [file, { sha256: sum }] of Object.entries(manifest.storage.checksums)) expect(files[file]).toBe(sum);
    expect(Object.keys(manifest.storage.checksums).some((f) => f.startsWith('brands/'))).toBe(true);
  });

  it('restores into an empty DATA_DIR and database: same rows, same files, and the application starts on it', async () => {
    const target = await emptyTarget('a');
    const targetStorage = createStorage(target.storage);
    const result = await restoreBackup(target, targetStorage, archive);
    expect(result.files).toBe(manifest.storage.files);

    const facts = await databaseFacts(target.database);
    expect(facts.tables).toEqual(manifest.database.tables);
    expect(facts.migrations).toEqual(manifest.database.migrations);
    const restoredFiles = await filesOf(targetStorage);
    expect(restoredFiles).toEqual(Object.fromEntries(Object.entries(manifest.storage.checksums).map(([f, c]) => [f, c.sha256])));

    // The restored data serves: same catalogue, administrator can sign in, images are there.
    const app: NestExpressApplication = await createApp(target);
    // What a start does before it serves (server.ts): the migrations, then the triggers and the tables
    // derived from the rows, which a MariaDB dump leaves out.
    await migrateDatabase(app.get(DataSource));
    await app.init();
    cleanups.push(() => app.close());
    const http = app.getHttpServer();
    const source = await request(t.http).get('/api/products/filter?category=all&sort=recent&limit=5').expect(200);
    const restored = await request(http).get('/api/products/filter?category=all&sort=recent&limit=5').expect(200);
    expect(restored.body).toEqual(source.body);
    // A MariaDB dump carries the search indexes without their rows; the restored start rebuilt them.
    if (testDatabaseKind() === 'mariadb') expect(manifest.database.tables.products_search_trigrams).toBe(0);
    else expect(manifest.database.tables.products_search_trigrams).toBeGreaterThan(0);
    const name: string = source.body.products[0].name;
    const search = `/api/products/filter?category=all&sort=recent&limit=5&search=${encodeURIComponent(name.slice(1, -1))}`;
    const found = await request(http).get(search).expect(200);
    expect(found.body.products.map((p: { name: string }) => p.name)).toContain(name);
    expect(found.body).toEqual((await request(t.http).get(search).expect(200)).body);
    await browser({ http } as TestApp).signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const image = Object.keys(manifest.storage.checksums).find((f) => f.startsWith('brands/'))!;
    await request(http).get(`/storage/${image}`).expect(200);
  });

  it('refuses to restore over existing data without --force, and replaces it with --force', async () => {
    const target = await emptyTarget('b');
    const targetStorage = createStorage(target.storage);
    await restoreBackup(target, targetStorage, archive);
    await targetStorage.put('brands/written-after.png', Buffer.from('not in the backup'));

    const refused = restoreBackup(target, targetStorage, archive);
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(/already has \d+ tables.*--force/s);
    expect(await targetStorage.exists('brands/written-after.png')).toBe(true);

    await restoreBackup(target, targetStorage, archive, { force: true });
    expect(await targetStorage.exists('brands/written-after.png')).toBe(false);
    expect((await databaseFacts(target.database)).tables).toEqual(manifest.database.tables);
  });

  if (storageKind === 'local') {
    it('refuses a damaged archive before touching anything', async () => {
      const target = await emptyTarget('c');
      const damaged = path.join(work, 'damaged.tar.gz');
      fs.writeFileSync(damaged, fs.readFileSync(archive).subarray(0, 2000));
      await expect(restoreBackup(target, createStorage(target.storage), damaged)).rejects.toThrow();
      expect(fs.existsSync(target.database.type === 'sqlite' ? target.database.path : '/nonexistent')).toBe(false);
    });
  }

  if (storageKind === 'local') {
    const KEY = 'correct horse battery staple 2026';

    it('creates a missing backup folder 0700, and names the default archive under DATA_DIR/backups', async () => {
      const folder = path.join(work, 'new', 'backups');
      const file = path.join(folder, 'private.tar.gz');
      await createBackup(t.config, storage, file);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const name = defaultBackupFile(t.config.dataDir, {}, new Date('2026-11-23T14:05:00.123Z'));
      expect(name).toBe(path.join(t.config.dataDir, 'backups', 'comptoir-2026-11-23T14-05-00Z.tar.gz'));
      expect(defaultBackupFile('/data', { encrypted: true })).toMatch(/^\/data\/backups\/comptoir-.*\.tar\.gz\.enc$/);
    });

    describe('encrypted with BACKUP_KEY', () => {
      let encrypted: string;
      beforeAll(async () => {
        encrypted = path.join(work, 'comptoir.tar.gz.enc');
        await createBackup(t.config, storage, encrypted, { key: KEY });
      });

      it('is written 0600, with nothing of the tar.gz in the clear', () => {
        expect(fs.statSync(encrypted).mode & 0o777).toBe(0o600);
        expect(isEncryptedArchive(encrypted)).toBe(true);
        const bytes = fs.readFileSync(encrypted);
        expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
        expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
      });

      it('restores with its key: same rows, same files', async () => {
        const target = await emptyTarget('enc');
        const targetStorage = createStorage(target.storage);
        const result = await restoreBackup(target, targetStorage, encrypted, { key: KEY });
        const facts = await databaseFacts(target.database);
        expect(facts.tables).toEqual(result.manifest.database.tables);
        expect(Object.keys(await filesOf(targetStorage)).sort()).toEqual(Object.keys(result.manifest.storage.checksums).sort());
      });

      it('refuses a wrong key, a missing key and an altered archive in one line, and changes nothing', async () => {
        const target = await emptyTarget('enc-refused');
        const targetStorage = createStorage(target.storage);
        const untouched = async () => {
          expect(await databaseFacts(target.database).catch(() => ({ tables: {} }))).toMatchObject({ tables: {} });
          expect(await filesOf(targetStorage)).toEqual({});
        };
        const wrong = restoreBackup(target, targetStorage, encrypted, { key: 'not the key it was written with' });
        await expect(wrong).rejects.toBeInstanceOf(RestoreRefused);
        await expect(wrong).rejects.toThrow(/^BACKUP_KEY does not open .*\. Nothing was restored\.$/);
        await untouched();
        await expect(restoreBackup(target, targetStorage, encrypted)).rejects.toThrow(
          /^.* is encrypted: set BACKUP_KEY to the key it was written with\. Nothing was restored\.$/,
        );
        await untouched();
        // One byte of the ciphertext changed: the GCM tag fails before anything is extracted.
        const altered = path.join(work, 'altered.tar.gz.enc');
        const bytes = fs.readFileSync(encrypted);
        bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
        fs.writeFileSync(altered, bytes);
        await expect(restoreBackup(target, targetStorage, altered, { key: KEY })).rejects.toThrow(
          /damaged or was altered: it fails its authentication check\. Nothing was restored\.$/,
        );
        await untouched();
      });

      it('still restores an unencrypted archive when BACKUP_KEY is set', async () => {
        const target = await emptyTarget('plain-with-key');
        await restoreBackup(target, createStorage(target.storage), archive, { key: KEY });
        expect((await databaseFacts(target.database)).tables).toEqual(manifest.database.tables);
      });
    });

    it('takes 10 backups in a row while a writer runs, each consistent (the 50-run figure: npm run bench:backup -- --loop 50)', async () => {
      const writer = startWriter();
      await writer.started;
      const counts: number[] = [];
      try {
        for (let i = 0; i < 10; i++) {
          const file = path.join(work, `loop-${i}.tar.gz`);
          const { manifest: m } = await createBackup(t.config, storage, file);
          expect(m.database.tables.newsletter_subscribers! - before.subscribers).toBe(
            m.database.tables.contact_messages! - before.messages,
          );
          counts.push(m.database.tables.contact_messages!);
          fs.rmSync(file);
        }
      } finally {
        await writer.stop();
      }
      // Each snapshot sees at least what the previous one saw.
      expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    });
  }

  if (testDatabaseKind() === 'mariadb' && storageKind === 'local') {
    it('without a dump client on PATH, exports through mysql2 in one transaction, restorable the same way', async () => {
      process.env.COMPTOIR_BACKUP_MYSQL_DUMP = 'none';
      try {
        const writer = startWriter();
        await writer.started;
        const file = path.join(work, 'mysql2.tar.gz');
        const { manifest: m } = await createBackup(t.config, storage, file);
        await writer.stop();
        expect(m.database.method).toBe('mysql2-export');
        expect(m.database.tables.newsletter_subscribers! - before.subscribers).toBe(
          m.database.tables.contact_messages! - before.messages,
        );
        const target = await emptyTarget('d');
        await restoreBackup(target, createStorage(target.storage), file);
        expect((await databaseFacts(target.database)).tables).toEqual(m.database.tables);
      } finally {
        delete process.env.COMPTOIR_BACKUP_MYSQL_DUMP;
      }
    });
  }
});
