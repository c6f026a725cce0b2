import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { ExchangeRate } from '../exchange-rates/entities/exchange-rate.entity.js';
import type { ProductFilterAnswer } from '../contract/public.js';

/**
 * The buyer's filters of GET /api/products/filter: brands, availability, a price range in the display
 * currency (converted exactly to each currency's bounds), sorts by converted price and by name.
 * 1 € = 655,957 FCFA (fixed parity); 1 $ = 600 FCFA (set below).
 */
describe(`public catalogue: brands, prices, availability, currency (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let category: number;
  const brands: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const ds = t.dataSource;
    await ds.getRepository(ExchangeRate).save({
      currency_code: 'USD',
      rate: '600',
      rate_date: new Date().toISOString().slice(0, 10),
      set_by_id: null,
      set_by_name: 'Test',
    });
    const cat = await makeCategory(ds, 'Filtres acheteur');
    category = cat.id;
    const alpha = await makeBrand(ds, 'Marque Alpha');
    const beta = await makeBrand(ds, 'Marque Bêta');
    brands.alpha = alpha.id;
    brands.beta = beta.id;
    const [xof, eur, usd] = await Promise.all([
      ensureCurrency(ds, 'Fcfa'),
      ensureCurrency(ds, 'Euro'),
      ensureCurrency(ds, 'Dollar'),
    ]);
    const products = [
      // 45 700 FCFA
      { name: 'Alpha compresseur', price: '45700.00', stock: 3, brand: alpha, currency: xof },
      // 69,70 € = 45 720,20 FCFA, shown ≈ 45 720 FCFA
      { name: 'Bêta pompe', price: '69.70', stock: 0, brand: alpha, currency: eur },
      // 80 $ = 48 000 FCFA
      { name: 'Gamma groupe', price: '80.00', stock: 5, brand: beta, currency: usd },
      { name: 'Delta gants', price: '30000.00', stock: 0, brand: beta, currency: xof },
      // 100 € = 65 595,70 FCFA, shown ≈ 65 596 FCFA
      { name: 'Epsilon perceuse', price: '100.00', stock: 2, brand: alpha, currency: eur },
    ];
    for (const p of products) await makeProduct(ds, { ...p, category: cat });
  });
  afterAll(async () => {
    await t.close();
  });

  const filter = async (query: string): Promise<ProductFilterAnswer> =>
    (await request(t.http).get(`/api/products/filter?category=${category}&${query}`).expect(200)).body as ProductFilterAnswer;
  const names = (answer: ProductFilterAnswer) => answer.products.map((p) => p.name);

  it('sorts by the price converted into FCFA, across currencies, both ways', async () => {
    const asc = await filter('tri=prix_asc');
    expect(names(asc)).toEqual(['Delta gants', 'Alpha compresseur', 'Bêta pompe', 'Gamma groupe', 'Epsilon perceuse']);
    expect(asc.totalProducts).toBe(5);
    const desc = await filter('tri=prix_desc&limit=2');
    expect(names(desc)).toEqual(['Epsilon perceuse', 'Gamma groupe']);
    expect(desc.totalProducts).toBe(5);
  });

  it('gives each product its price in the display currency, marked converted, with the original kept', async () => {
    const answer = await filter('tri=prix_asc&devise=XOF');
    expect(answer.display_currency).toEqual({ code: 'XOF', symbol: 'FCFA' });
    const pump = answer.products.find((p) => p.name === 'Bêta pompe')!;
    expect(pump.price).toBe('69.70');
    expect(pump.display_price).toEqual({ amount: '45720', currency_code: 'XOF', symbol: 'FCFA', converted: true });
    const own = answer.products.find((p) => p.name === 'Alpha compresseur')!;
    expect(own.display_price).toEqual({ amount: '45700', currency_code: 'XOF', symbol: 'FCFA', converted: false });
    const inDollars = await filter('tri=prix_asc&devise=usd');
    // 45 700 / 600 = 76,1666… → 76,17 $
    expect(inDollars.products.find((p) => p.name === 'Alpha compresseur')!.display_price).toMatchObject({
      amount: '76.17',
      symbol: '$',
    });
    expect(inDollars.products.find((p) => p.name === 'Gamma groupe')!.display_price).toMatchObject({
      amount: '80.00',
      converted: false,
    });
  });

  it('keeps a product exactly when its converted price, rounded as shown, is in the range', async () => {
    expect(names(await filter('tri=prix_asc&prix_min=45720'))).toEqual(['Bêta pompe', 'Gamma groupe', 'Epsilon perceuse']);
    expect(names(await filter('tri=prix_asc&prix_min=45721'))).toEqual(['Gamma groupe', 'Epsilon perceuse']);
    expect(names(await filter('tri=prix_asc&prix_max=45720'))).toEqual(['Delta gants', 'Alpha compresseur', 'Bêta pompe']);
    expect(names(await filter('tri=prix_asc&prix_max=45719'))).toEqual(['Delta gants', 'Alpha compresseur']);
    expect(names(await filter('tri=prix_asc&prix_min=45700&prix_max=48000'))).toEqual([
      'Alpha compresseur',
      'Bêta pompe',
      'Gamma groupe',
    ]);
    // In euros: 45 700 FCFA ≈ 69,67 €, just under 69,70.
    expect(names(await filter('tri=prix_asc&devise=EUR&prix_min=69,70'))).toEqual([
      'Bêta pompe',
      'Gamma groupe',
      'Epsilon perceuse',
    ]);
    expect(names(await filter('tri=prix_asc&devise=EUR&prix_max=69.67'))).toEqual(['Delta gants', 'Alpha compresseur']);
    const none = await filter('prix_min=1000000');
    expect(none.products).toEqual([]);
    expect(none.totalProducts).toBe(0);
  });

  it('filters by one or several brands and by availability', async () => {
    expect(names(await filter(`tri=nom_asc&marque=${brands.alpha}`))).toEqual([
      'Alpha compresseur',
      'Bêta pompe',
      'Epsilon perceuse',
    ]);
    expect((await filter(`marque=${brands.alpha}&marque=${brands.beta}`)).totalProducts).toBe(5);
    expect((await filter(`marque=${brands.alpha},${brands.beta}`)).totalProducts).toBe(5);
    expect(names(await filter('tri=nom_asc&disponibilite=en_stock'))).toEqual([
      'Alpha compresseur',
      'Epsilon perceuse',
      'Gamma groupe',
    ]);
    expect(names(await filter('tri=nom_asc&disponibilite=sur_commande'))).toEqual(['Bêta pompe', 'Delta gants']);
    const combined = await filter(`tri=prix_desc&marque=${brands.alpha}&disponibilite=en_stock&prix_max=70000&limit=1`);
    expect(names(combined)).toEqual(['Epsilon perceuse']);
    expect(combined.totalProducts).toBe(2);
  });

  it('sorts by name both ways, and `tri` wins over the older `sort`', async () => {
    expect(names(await filter('tri=nom_asc'))).toEqual([
      'Alpha compresseur',
      'Bêta pompe',
      'Delta gants',
      'Epsilon perceuse',
      'Gamma groupe',
    ]);
    expect(names(await filter('sort=recent&tri=nom_desc'))[0]).toBe('Gamma groupe');
    expect(names(await filter('sort=nom_desc'))[0]).toBe('Gamma groupe');
  });

  it('gives one product its price in the display currency asked for, and refuses an unknown one', async () => {
    const { products } = await filter('tri=nom_asc');
    const pump = products.find((p) => p.name === 'Bêta pompe')!;
    const res = await request(t.http).get(`/api/product/${pump.id}?devise=XOF`).expect(200);
    expect(res.body.product.display_price).toEqual({ amount: '45720', currency_code: 'XOF', symbol: 'FCFA', converted: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const plain = await request(t.http).get(`/api/product/${pump.id}`).expect(200);
    expect(plain.body.product.display_price).toBeUndefined();
    const refused = await request(t.http).get(`/api/product/${pump.id}?devise=GBP`).expect(422);
    expect(refused.body.errors.devise[0]).toMatch(/n’est pas proposée/);
  });

  it('ignores the empty fields a GET form sends', async () => {
    const answer = await filter('tri=&prix_min=&prix_max=&disponibilite=&devise=&marque=');
    expect(answer.totalProducts).toBe(5);
  });

  it('answers cacheable, like the other public lists', async () => {
    const res = await request(t.http).get(`/api/products/filter?category=${category}&tri=prix_asc&devise=EUR`).expect(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers.etag).toBeTruthy();
  });

  it.each([
    ['prix_min=abc', 'prix_min'],
    ['prix_min=-5', 'prix_min'],
    ['prix_min=45000,50', 'prix_min'],
    ['devise=EUR&prix_max=10.999', 'prix_max'],
    ['prix_min=500&prix_max=100', 'prix_max'],
    ['devise=JPY', 'devise'],
    ['devise=euro', 'devise'],
    ['tri=cher', 'tri'],
    ['disponibilite=bientot', 'disponibilite'],
    ['marque=abc', 'marque'],
    ['marque=0', 'marque'],
  ])('refuses %s with a French 422 on %s', async (query, field) => {
    const res = await request(t.http).get(`/api/products/filter?${query}`).expect(422);
    expect(res.body.errors[field]?.[0]).toMatch(/[a-zé]/);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
