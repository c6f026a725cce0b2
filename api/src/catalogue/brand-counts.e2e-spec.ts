import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { BrandCountsAnswer } from '../contract/public.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { Brand } from './entities/brand.entity.js';
import type { Category } from './entities/category.entity.js';
import type { Currency } from '../exchange-rates/entities/currency.entity.js';
import type { Product } from './entities/product.entity.js';

/**
 * The shop's brand filter shows each brand's number of products as it is now (GET
 * /api/products/brand-counts, from the in-memory catalogue index), not as it was at the last publication.
 */
describe(`brand counts of the shop (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let category: Category;
  let atlas: Brand;
  let kirby: Brand;
  let xof: Currency;
  let lone: Product;

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    admin = await signInAsAdmin(t);
    category = await makeCategory(ds, 'Compresseurs de test');
    atlas = await makeBrand(ds, 'Atlas de test');
    kirby = await makeBrand(ds, 'Kirby de test');
    xof = await ensureCurrency(ds, 'Fcfa');
    await makeProduct(ds, { name: 'Compresseur 50 L', price: '150000.00', stock: 3, category, brand: atlas, currency: xof });
    await makeProduct(ds, { name: 'Compresseur 100 L', price: '250000.00', stock: 1, category, brand: atlas, currency: xof });
    lone = await makeProduct(ds, {
      name: 'Compresseur 24 L',
      price: '90000.00',
      stock: 5,
      category,
      brand: kirby,
      currency: xof,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async (): Promise<Map<number, number>> => {
    const answer = (await request(t.http).get('/api/products/brand-counts').expect(200)).body as BrandCountsAnswer;
    expect(answer.success).toBe(true);
    return new Map(answer.brands.map((b) => [b.id, b.count]));
  };

  it('counts each brand’s products', async () => {
    const now = await counts();
    expect(now.get(atlas.id)).toBe(2);
    expect(now.get(kirby.id)).toBe(1);
  });

  it('follows a product deleted by the staff, then one added', async () => {
    await admin.delete(`/api/product/${lone.id}/delete`).expect(200);
    const after = await counts();
    expect(after.has(kirby.id)).toBe(false);
    expect(after.get(atlas.id)).toBe(2);

    await makeProduct(t.dataSource, {
      name: 'Compresseur 200 L',
      price: '400000.00',
      stock: 1,
      category,
      brand: kirby,
      currency: xof,
    });
    await t.app.get(PublishingService).notifyChange('product.created', 'Produit ajouté');
    expect((await counts()).get(kirby.id)).toBe(1);
  });

  it('is asked again by browsers each time, unchanged counts answered 304', async () => {
    const res = await request(t.http).get('/api/products/brand-counts').expect(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    await request(t.http).get('/api/products/brand-counts').set('If-None-Match', res.headers.etag!).expect(304);
  });
});
