import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Category } from './entities/category.entity.js';
import { Product } from './entities/product.entity.js';

describe(`public catalogue reads (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cranes: Category;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const ds = t.dataSource;
    cranes = await makeCategory(ds, 'Grues de test');
    const brand = await makeBrand(ds);
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    const future = (days: number) => new Date(Date.UTC(2031, 0, days));
    for (const [i, name] of ['Grue mobile 40 t', 'Grue à tour 8 t', 'Grue Populaire 25 t', 'Palan_électrique 2 t'].entries()) {
      const product = await makeProduct(ds, {
        name,
        price: `${(i + 1) * 1000}.50`,
        stock: i,
        category: cranes,
        brand,
        currency: fcfa,
        spotlight: name.includes('Populaire'),
        images: i === 0 ? ['products/test-b.webp', 'products/test-a.svg'] : [],
        createdAt: future(i + 1),
      });
      ids[name] = product.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every category, by name', async () => {
    const res = await request(t.http).get('/api/categories').expect(200);
    expect(res.body.success).toBe(true);
    const total = await t.dataSource.getRepository(Category).count();
    expect(res.body.categories).toHaveLength(total);
    const names = res.body.categories.map((c: { designation: string }) => c.designation);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
    expect(names.indexOf('Équipements de protection individuelle')).toBeLessThan(names.indexOf('Groupes électrogènes'));
    expect(res.body.categories[0]).toEqual({
      id: expect.any(Number),
      designation: expect.any(String),
      description: expect.any(String),
    });
    expect(res.headers['cache-control']).toMatch(/^public/);
  });

  it('pages the products with their images, currency, category and brand', async () => {
    const res = await request(t.http).get('/api/product?per_page=5').expect(200);
    const { products } = res.body;
    expect(products).toMatchObject({ current_page: 1, per_page: 5, total: await t.dataSource.getRepository(Product).count() });
    expect(products.data).toHaveLength(5);
    const first = products.data[0];
    expect(first.name).toBe('Palan_électrique 2 t');
    expect(first).toMatchObject({
      currency: { name: 'Fcfa', symbol: 'FCFA', code: 'XOF' },
      category: { id: cranes.id, designation: 'Grues de test' },
      brand: { name: 'Marque de test' },
      price: '4000.50',
    });
    const grue = products.data.find((p: { id: number }) => p.id === ids['Grue mobile 40 t']);
    expect(grue.images.map((i: { image_path: string }) => i.image_path)).toEqual(['products/test-b.webp', 'products/test-a.svg']);
    expect(grue.images[0].image_variants).toEqual({ '400': 'products/test-b-400.webp', '800': 'products/test-b-800.webp' });
    expect(grue.images[1].image_variants).toBeNull();
  });

  it('reads one product with its live stock, never cached', async () => {
    const id = ids['Grue Populaire 25 t']!;
    const first = await request(t.http).get(`/api/product/${id}`).expect(200);
    expect(first.body.product).toMatchObject({ id, stock: 2, in_spotlight: true });
    expect(first.headers['cache-control']).toBe('no-store');
    await t.dataSource.getRepository(Product).update({ id }, { stock: 0 });
    const again = await request(t.http).get(`/api/product/${id}`).expect(200);
    expect(again.body.product.stock).toBe(0);
    await t.dataSource.getRepository(Product).update({ id }, { stock: 2 });
  });

  it('answers a French 404 for an unknown or malformed product id', async () => {
    for (const id of ['999999', 'abc', '1.5', '-2']) {
      const res = await request(t.http).get(`/api/product/${id}`).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Produit introuvable.' });
    }
  });

  it('filters by category, newest first, with the total of matches', async () => {
    const res = await request(t.http).get(`/api/products/filter?category=${cranes.id}&sort=recent&limit=2`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.totalProducts).toBe(4);
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(['Palan_électrique 2 t', 'Grue Populaire 25 t']);
  });

  it('puts the products in the spotlight first with sort=Populaire', async () => {
    const res = await request(t.http).get(`/api/products/filter?category=${cranes.id}&sort=Populaire&limit=12`).expect(200);
    expect(res.body.products[0].name).toBe('Grue Populaire 25 t');
    const all = await request(t.http).get('/api/products/filter?category=all&sort=Populaire&limit=100').expect(200);
    const flags = all.body.products.map((p: { in_spotlight: boolean }) => p.in_spotlight);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false))).not.toContain(true);
  });

  it('searches names case-insensitively, wildcards included as plain characters', async () => {
    const res = await request(t.http).get('/api/products/filter').query({ search: 'GRUE', category: 'all' }).expect(200);
    expect(res.body.totalProducts).toBe(3);
    const underscore = await request(t.http).get('/api/products/filter').query({ search: 'palan_' }).expect(200);
    expect(underscore.body.products.map((p: { id: number }) => p.id)).toEqual([ids['Palan_électrique 2 t']]);
    const none = await request(t.http).get('/api/products/filter').query({ search: '<script>alert(1)</script>' }).expect(200);
    expect(none.body).toMatchObject({ products: [], totalProducts: 0, message: 'Aucun produit trouvé' });
  });

  it('uses 12 products by default and caps the limit at 100', async () => {
    const total = await t.dataSource.getRepository(Product).count();
    const byDefault = await request(t.http).get('/api/products/filter').expect(200);
    expect(byDefault.body.products).toHaveLength(Math.min(12, total));
    expect(byDefault.body.totalProducts).toBe(total);
    const capped = await request(t.http).get('/api/products/filter?limit=100000').expect(200);
    expect(capped.body.products).toHaveLength(Math.min(100, total));
  });

  it('refuses a malformed filter with French messages', async () => {
    const res = await request(t.http).get('/api/products/filter?category=DROP%20TABLE&sort=cheap&limit=-1').expect(422);
    expect(res.body.errors).toEqual({
      category: ['La catégorie est invalide.'],
      sort: ['Le tri doit être « recent », « Populaire », « prix_asc », « prix_desc », « nom_asc » ou « nom_desc ».'],
      limit: ['La limite doit être au moins 1.'],
    });
    const unknown = await request(t.http).get('/api/products/filter?category=999999').expect(200);
    expect(unknown.body).toMatchObject({ products: [], totalProducts: 0 });
  });
});
