import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestS3, type TestS3Server } from '../../../test/support/s3.js';
import { loadConfig } from '../../core/config/config.js';
import { serveStorage } from './serve-storage.js';
import { StorageNotFound, type Storage } from './storage.js';
import { createStorage } from './storage.module.js';

/**
 * One suite, both drivers: the local disk (STORAGE_URL unset) and a real S3-compatible server
 * (s3rver, started on loopback for the run, STORAGE_URL=s3://bucket/prefix).
 */
describe.each(['local', 's3'] as const)('storage driver: %s', (kind) => {
  let storage: Storage;
  let s3: TestS3Server | undefined;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-storage-'));
    if (kind === 's3') s3 = await startTestS3({ prefix: 'site-a/uploads' });
    env = { DATA_DIR: dataDir, ...(s3?.env ?? {}) };
    storage = createStorage(loadConfig(env).storage);
  });
  afterAll(async () => {
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));

  it('is the driver STORAGE_URL asks for', () => {
    expect(storage.kind).toBe(kind);
    expect(storage.location).toBe(kind === 's3' ? 's3://comptoir/site-a/uploads' : path.join(dataDir, 'storage'));
  });

  it('checks at start that it can be used, naming STORAGE_URL when it cannot', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    if (kind === 's3') {
      const missing = createStorage(loadConfig({ ...env, STORAGE_URL: 's3://no-such-bucket/x' }).storage);
      await expect(missing.check()).rejects.toThrow(
        /STORAGE_URL \(s3:\/\/no-such-bucket\/x at http:\/\/127\.0\.0\.1:\d+\): NotFound/,
      );
    }
  });

  it('writes, reads back byte for byte, and tells size and date', async () => {
    await storage.put('products/a.png', bytes);
    expect((await storage.read('products/a.png')).equals(bytes)).toBe(true);
    expect(await storage.exists('products/a.png')).toBe(true);
    const stat = await storage.stat('products/a.png');
    expect(stat).toMatchObject({ path: 'products/a.png', size: bytes.length });
    expect(Math.abs(stat!.modified.getTime() - Date.now())).toBeLessThan(24 * 3600_000);
  });

  it('answers missing files without throwing, except read which says what is missing', async () => {
    expect(await storage.exists('products/none.png')).toBe(false);
    expect(await storage.stat('products/none.png')).toBeNull();
    expect(await storage.open('products/none.png')).toBeNull();
    await expect(storage.read('products/none.png')).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('deletes, and deleting what is gone is not an error', async () => {
    await storage.put('avatars/x.webp', Buffer.from('x'));
    await storage.delete('avatars/x.webp');
    expect(await storage.exists('avatars/x.webp')).toBe(false);
    await expect(storage.delete('avatars/x.webp')).resolves.toBeUndefined();
  });

  it('lists every file with its size, by prefix, with paths relative to the root', async () => {
    await storage.put('media/2026/one.webp', Buffer.alloc(10, 1));
    await storage.put('media/2026/two.webp', Buffer.alloc(20, 2));
    await storage.put('media/other.svg', Buffer.alloc(5, 3));
    const all = [];
    for await (const file of storage.list()) all.push(file);
    expect(all.map((f) => f.path).sort()).toEqual([
      'media/2026/one.webp',
      'media/2026/two.webp',
      'media/other.svg',
      'products/a.png',
    ]);
    const media = [];
    for await (const file of storage.list('media/2026/')) media.push(file);
    expect(media.map((f) => [f.path, f.size]).sort()).toEqual([
      ['media/2026/one.webp', 10],
      ['media/2026/two.webp', 20],
    ]);
  });

  it('streams a byte range', async () => {
    const opened = await storage.open('products/a.png', { start: 100, end: 199 });
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes.subarray(100, 200))).toBe(true);
    expect(opened!.size).toBe(bytes.length);
  });

  it('refuses paths that would leave the root or name odd keys', async () => {
    for (const bad of ['../escape.png', '/etc/passwd', 'a/../../b.png', 'a\\b.png', 'a//b.png', '']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Invalid storage path|outside the root/);
    }
  });

  describe('served at /storage', () => {
    const app = () => {
      const server = express();
      server.use('/storage', serveStorage(storage));
      return server;
    };

    it('answers the file with its type, long caching, the sandbox policy and a validator', async () => {
      const res = await request(app()).get('/storage/products/a.png').expect(200);
      expect(Buffer.from(res.body as Buffer).equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers['cache-control']).toMatch(/max-age=2592000.*immutable|immutable.*max-age=2592000/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const etag = res.headers.etag!;
      await request(app()).get('/storage/products/a.png').set('If-None-Match', etag).expect(304);
      const head = await request(app()).head('/storage/products/a.png').expect(200);
      expect(head.headers['content-length']).toBe(String(bytes.length));
    });

    it('answers ranges with 206, and 416 past the end', async () => {
      const res = await request(app()).get('/storage/products/a.png').set('Range', 'bytes=10-19').expect(206);
      expect(res.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
      expect(Buffer.from(res.body as Buffer).equals(bytes.subarray(10, 20))).toBe(true);
      await request(app()).get('/storage/products/a.png').set('Range', 'bytes=999999-').expect(416);
    });

    it('answers 404 for a missing file or a path leaving the root', async () => {
      await request(app()).get('/storage/products/none.png').expect(404);
      const escape = await request(app()).get('/storage/%2e%2e/%2e%2e/etc/passwd');
      expect([403, 404]).toContain(escape.status);
    });

    it('redirects to STORAGE_PUBLIC_URL when set, but still serves SVG itself (sandboxed)', async () => {
      await storage.put('brands/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
      const server = express();
      server.use('/storage', serveStorage(storage, 'https://cdn.example/uploads'));
      const res = await request(server).get('/storage/products/a.png').expect(302);
      expect(res.headers.location).toBe('https://cdn.example/uploads/products/a.png');
      const svg = await request(server).get('/storage/brands/logo.svg').expect(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.headers['content-security-policy']).toContain('sandbox');
    });
  });
});
