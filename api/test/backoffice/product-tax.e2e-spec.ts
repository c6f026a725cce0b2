import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { png } from './images.js';

// Each product carries its TVA (18 % unless said otherwise), and an exempt one says why.
describe(`back-office: a product's TVA (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let shop: StaffClient;
  let refs: fx.ProductRefs;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await signIn(t, { shop: 'all' });
    refs = await fx.refs(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const fields = (req: Test, values: Record<string, string | number> = {}) => {
    const all = {
      name: 'Semences de maïs',
      reference: `SEM-${Math.random().toString(36).slice(2, 8)}`,
      stock: 5,
      price: '25000',
      brand_id: refs.brand.id,
      category_id: refs.category.id,
      currency_id: refs.currency.id,
      description: 'Sac de 25 kg.',
      ...values,
    };
    for (const [k, v] of Object.entries(all)) req.field(k, String(v));
    return req;
  };

  it('takes 18 % by default, refuses an exemption without its mention, keeps the mention of an exempt product', async () => {
    const image = await png(200, 200);
    const standard = await fields(shop.post('/api/product/create')).attach('images[0]', image, 'a.png').expect(201);
    expect(standard.body.product).toMatchObject({ tax_rate_bp: 1800, tax_exemption: null });

    const refused = await fields(shop.post('/api/product/create'), { tax_rate_bp: 0 })
      .attach('images[0]', image, 'a.png')
      .expect(422);
    expect(refused.body.errors.tax_exemption).toEqual([
      'Indiquez la mention d’exonération (par exemple « Exonéré, article 4 du CGI »).',
    ]);

    const exempt = await fields(shop.post('/api/product/create'), {
      tax_rate_bp: 0,
      tax_exemption: ' Exonéré (intrants agricoles) ',
    })
      .attach('images[0]', image, 'a.png')
      .expect(201);
    expect(exempt.body.product).toMatchObject({ tax_rate_bp: 0, tax_exemption: 'Exonéré (intrants agricoles)' });

    // Back to 18 % on edit: the mention goes with the exemption.
    const { id, version } = exempt.body.product;
    const edited = await fields(shop.post(`/api/product/${id}/update`), { tax_rate_bp: 1800, version }).expect((res) => {
      if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    });
    expect(edited.body.product).toMatchObject({ tax_rate_bp: 1800, tax_exemption: null });
  });
});
