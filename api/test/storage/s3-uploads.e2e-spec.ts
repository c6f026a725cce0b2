import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ProductImage } from '../../src/catalogue/entities/product-image.entity.js';
import { imageVariants } from '../../src/media/image-variants.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { startTestS3, type TestS3Server } from '../support/s3.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { png } from '../backoffice/images.js';

/**
 * The whole application with STORAGE_URL=s3://… against a real S3-compatible server: the demo seed,
 * uploads, their resized copies, /storage and deletes all go to the bucket, never to DATA_DIR.
 */
describe('uploads on S3-compatible object storage', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let shop: StaffClient;
  let client: S3Client;

  const keys = async (): Promise<string[]> => {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${s3.prefix}/` }));
    return (answer.Contents ?? []).map((o) => o.Key!.slice(s3.prefix.length + 1));
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ seed: true, env: s3.env });
    shop = await signIn(t, { shop: 'all' });
    client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY! },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('puts the demo images and their resized copies in the bucket, served at /storage', async () => {
    const stored = new Set(await keys());
    const image = (await t.dataSource.getRepository(ProductImage).findOneByOrFail({ position: 0 })).image_path;
    expect(stored.has(image)).toBe(true);
    for (const variant of Object.values(imageVariants(image)!)) expect(stored.has(variant)).toBe(true);
    const res = await shop.get(`/storage/${image}`).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.body as Buffer).metadata()).format).toBe('webp');
    // Nothing under the process's own folder: another replica sees the same files.
    expect(fs.existsSync(path.join(t.config.storageDir, image))).toBe(false);
  });

  it('stores an uploaded image and its variants in the bucket, serves them, and deletes them all', async () => {
    const upload = await png(1200, 600);
    const created = await shop
      .post('/api/brands/create')
      .field('name', 'Atlas Copco S3')
      .field('representative', 'Kossi Mensah')
      .field('description', 'Compresseurs et groupes électrogènes.')
      .attach('image', upload, 'logo.png')
      .expect(201);
    const brand = created.body.brand as { id: number; image: string; image_variants: Record<string, string> };
    const files = [brand.image, brand.image_variants['400']!, brand.image_variants['800']!];
    expect(await keys()).toEqual(expect.arrayContaining(files));

    const original = await shop.get(`/storage/${brand.image}`).expect(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toContain('immutable');
    expect(original.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(original.body as Buffer).metadata()).width).toBe(1200);
    const small = await shop.get(`/storage/${brand.image_variants['400']}`).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(400);
    await shop.get(`/storage/${brand.image}`).set('If-None-Match', original.headers.etag!).expect(304);

    await shop.delete(`/api/brands/${brand.id}/delete`).expect(200);
    const left = await keys();
    for (const file of files) expect(left).not.toContain(file);
    await shop.get(`/storage/${brand.image}`).expect(404);
  });
});
