import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';

/**
 * COMPRESS_ANSWERS: the process compresses the API's answers itself (the default, a deployment without
 * a proxy), or leaves them to the proxy in front (compose's nginx, `location /api/`). Answers compressed
 * ahead (the shop's filter, the answer cache) and what is not the API are sent compressed either way.
 */
describe(`answers' compression (${testDatabaseKind()})`, () => {
  let alone: TestApp;
  let behindProxy: TestApp;

  beforeAll(async () => {
    alone = await createTestApp();
    behindProxy = await createTestApp({ env: { COMPRESS_ANSWERS: 'false' } });
    // A page of cards well over the 1 KB under which answers go uncompressed.
    const ds = behindProxy.dataSource;
    const [category, brand, currency] = [
      await makeCategory(ds, 'Groupes'),
      await makeBrand(ds),
      await ensureCurrency(ds, 'Fcfa'),
    ];
    for (let i = 1; i <= 12; i++)
      await makeProduct(ds, { name: `Groupe électrogène diesel ${i}`, price: '1500000.00', stock: 3, category, brand, currency });
  });
  afterAll(async () => {
    await alone?.close();
    await behindProxy?.close();
  });

  const openApi = (t: TestApp) => request(t.http).get('/api/docs/openapi.json').set('Accept-Encoding', 'gzip, br').expect(200);

  it('compresses an answer in the process by default, and leaves it to the proxy when told', async () => {
    const compressed = await openApi(alone);
    expect(compressed.headers['content-encoding']).toMatch(/^(gzip|br)$/);
    const plain = await openApi(behindProxy);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The same document, of a size any compression would take (over the 1 KB threshold).
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
    expect((plain.body as { paths: object }).paths).toEqual((compressed.body as { paths: object }).paths);
  });

  it('gzips a JSON answer for a client that takes gzip, and sends it as it is to one that does not', async () => {
    const gzipped = await openApi(alone);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    for (const acceptEncoding of ['identity', 'gzip;q=0, identity', 'br;q=0']) {
      const plain = await request(alone.http).get('/api/docs/openapi.json').set('Accept-Encoding', acceptEncoding).expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(gzipped.body);
    }
    // The tag names the bytes sent: asked again with it, nothing is sent.
    await request(alone.http)
      .get('/api/docs/openapi.json')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', gzipped.headers.etag as string)
      .expect(304);
    // Under 1 KB, an answer is not worth compressing.
    const small = await request(alone.http).get('/api/health').set('Accept-Encoding', 'gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('still compresses what is not the API behind a proxy: the dashboard’s shell', async () => {
    const shell = await request(behindProxy.http).get('/dashboard/').set('Accept-Encoding', 'gzip').expect(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.text).toContain('<div id="root">');
  });

  it('still sends the shop filter’s answer compressed ahead behind a proxy', async () => {
    const res = await request(behindProxy.http)
      .get('/api/products/filter?category=all&tri=recent')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect((res.body as { products: unknown[] }).products).toHaveLength(12);
  });
});
