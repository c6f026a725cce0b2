import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';
import { PublishingService } from './publishing.service.js';

/** Public answers are cacheable, a burst costs one query, publishing empties the cache. */
describe(`public answer cache (${testDatabaseKind()})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    const category = await makeCategory(ds, 'Cache');
    const brand = await makeBrand(ds, 'Marque cache');
    const currency = await ensureCurrency(ds, 'Fcfa');
    await makeProduct(ds, { name: 'Compresseur mis en cache', price: '10.00', stock: 1, category, brand, currency });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the catalogue filter with an ETag and a short Cache-Control, and 304 when unchanged', async () => {
    const first = await request(t.http).get('/api/products/filter?category=all&sort=recent&limit=12').expect(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers.etag).toBeTruthy();
    expect(first.body.products.map((p: { name: string }) => p.name)).toContain('Compresseur mis en cache');
    await request(t.http)
      .get('/api/products/filter?category=all&sort=recent&limit=12')
      .set('If-None-Match', first.headers.etag!)
      .expect(304);
    const articles = await request(t.http).get('/api/article').expect(200);
    expect(articles.headers.etag).toBeTruthy();
    expect(articles.headers['cache-control']).toMatch(/^public/);
  });

  it('computes a burst of identical requests once, and again after publishing is told of a change', async () => {
    const spy = jest.spyOn(PublicCatalogueService.prototype, 'filterAnswer');
    try {
      const url = '/api/products/filter?category=all&sort=Populaire&limit=6';
      const burst = await Promise.all(Array.from({ length: 8 }, () => request(t.http).get(url).expect(200)));
      expect(new Set(burst.map((r) => r.headers.etag)).size).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      await t.app.get(PublishingService).notifyChange('product.updated', 'test');
      await request(t.http).get(url).expect(200);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('computes afresh for a client that asks past caches (Cache-Control: no-cache, as the dashboard does)', async () => {
    const spy = jest.spyOn(PublicCatalogueService.prototype, 'list');
    try {
      await request(t.http).get('/api/product?page=1&per_page=8').expect(200);
      await request(t.http).get('/api/product?page=1&per_page=8').expect(200);
      expect(spy).toHaveBeenCalledTimes(1);
      await request(t.http).get('/api/product?page=1&per_page=8').set('Cache-Control', 'no-cache').expect(200);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
