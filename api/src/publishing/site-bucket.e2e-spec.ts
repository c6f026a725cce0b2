import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestS3, type TestS3Server } from '../../test/support/s3.js';
import { loadConfig } from '../core/config/config.js';
import { SiteBucket, type SitePointer } from './site-bucket.js';

describe('site releases in a bucket (SITE_BUCKET_URL)', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('uploads a release with its content types, then points current.json at it', async () => {
    const config = loadConfig({ ...s3.env, STORAGE_URL: '', SITE_BUCKET_URL: `s3://${s3.bucket}/site` });
    const bucket = new SiteBucket(config.siteBucket!);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-release-'));
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Accueil</h1>');
    fs.writeFileSync(path.join(dir, '_astro', 'site.css'), 'h1{}');
    fs.writeFileSync(path.join(dir, '.release.json'), '{}');

    expect(await bucket.upload(dir, 'r1')).toBe(2);
    await bucket.switchTo('r1');

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY! },
    });
    const get = (Key: string) => client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
    const pointer = JSON.parse(await (await get('site/current.json')).Body!.transformToString()) as SitePointer;
    expect(pointer).toMatchObject({ release: 'r1', root: 'site/releases/r1' });
    const page = await get(`${pointer.root}/index.html`);
    expect(page.ContentType).toBe('text/html; charset=utf-8');
    expect(await page.Body!.transformToString()).toBe('<h1>Accueil</h1>');
    const css = await get(`${pointer.root}/_astro/site.css`);
    expect(css.CacheControl).toContain('immutable');
    await expect(get(`${pointer.root}/.release.json`)).rejects.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
