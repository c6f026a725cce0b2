// True prices (a request carries the prices the visitor saw and is refused, with the new
// totals, when one changed since) and the Idempotency-Key (a request sent again gives the same order).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';

const FIELDS = {
  payment_by: 'Visa',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Route',
  credit_level: '50 % à la commande',
  company_name: 'Garanties Lomé SARL',
  company_phone: '+228 90 11 22 44',
  company_email: 'achats@garanties.example',
  representative_name: 'Yao Mensah',
  representative_phone: '+228 91 00 00 01',
  representative_email: 'yao@garanties.example',
  delivery_address: 'Zone portuaire, Lomé',
};

describe(`order requests: seen prices and Idempotency-Key (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let drill: Product;
  let pump: Product;

  const create = (items: unknown, headers: Record<string, string> = {}) =>
    request(t.http)
      .post('/api/order/create')
      .set(headers)
      .send({ ...FIELDS, order_items: items });
  const stockOf = async (id: number) => (await t.dataSource.getRepository(Product).findOneByOrFail({ id })).stock;
  const ordersOf = () => t.dataSource.getRepository(Order).countBy({ company_email: FIELDS.company_email });

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { RATE_LIMIT_FACTOR: '100' } });
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: FIELDS.company_email, confirmed_at: new Date() });
    const ds = t.dataSource;
    const category = await makeCategory(ds, 'Garanties de test');
    const brand = await makeBrand(ds);
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    drill = await makeProduct(ds, { name: 'Perforateur SDS', price: '68000.00', stock: 20, category, brand, currency: fcfa });
    pump = await makeProduct(ds, { name: 'Pompe de surface', price: '120000.00', stock: 20, category, brand, currency: fcfa });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a request whose price changed since it was seen, with the new prices and totals, and takes nothing', async () => {
    await t.dataSource.getRepository(Product).update({ id: drill.id }, { price: '75000.00' });
    const before = await ordersOf();
    const stock = await stockOf(drill.id);
    const res = await create([
      { product_id: drill.id, quantity: 2, seen_price: '68000.00' },
      { product_id: pump.id, quantity: 1, seen_price: '120000' },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Les prix de votre panier ont changé/);
    expect(res.body.prices_changed).toEqual([
      expect.objectContaining({ product_id: drill.id, seen_price: '68000.00', price: '75000.00', currency_code: 'XOF' }),
    ]);
    expect(res.body.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ product_id: drill.id, price: '75000.00', total_price: '150000.00' })]),
    );
    expect(res.body.money.totals).toEqual([expect.objectContaining({ currency_code: 'XOF', amount: '270000' })]);
    expect(await ordersOf()).toBe(before);
    expect(await stockOf(drill.id)).toBe(stock);

    // Sent again with the prices now shown: accepted at those prices.
    const ok = await create([
      { product_id: drill.id, quantity: 2, seen_price: '75000.00' },
      { product_id: pump.id, quantity: 1, seen_price: '120000.00' },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.order.total).toBe('270000.00');
    expect(await stockOf(drill.id)).toBe(stock - 2);
  });

  it('a malformed seen price is a 422 on the line', async () => {
    const res = await create([{ product_id: pump.id, quantity: 1, seen_price: '12,5 €' }]);
    expect(res.status).toBe(422);
    expect(res.body.errors['order_items.0.seen_price']).toEqual(['Le prix affiché est invalide.']);
  });

  it('the same Idempotency-Key gives the same order, once, even sent twice at once', async () => {
    const before = await ordersOf();
    const stock = await stockOf(pump.id);
    const key = { 'Idempotency-Key': 'outbox-7f3a9c1e-0001' };
    const [a, b] = await Promise.all([
      create([{ product_id: pump.id, quantity: 3 }], key),
      create([{ product_id: pump.id, quantity: 3 }], key),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.order.order_num).toBe(a.body.order.order_num);
    const again = await create([{ product_id: pump.id, quantity: 3 }], key);
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(a.body.order.id);
    expect(await ordersOf()).toBe(before + 1);
    expect(await stockOf(pump.id)).toBe(stock - 3);

    // Another key is another order.
    const other = await create([{ product_id: pump.id, quantity: 1 }], { 'Idempotency-Key': 'outbox-7f3a9c1e-0002' });
    expect(other.body.order.id).not.toBe(a.body.order.id);
    expect(await ordersOf()).toBe(before + 2);
  });

  it('refuses a malformed Idempotency-Key in French', async () => {
    const res = await create([{ product_id: pump.id, quantity: 1 }], { 'Idempotency-Key': 'court' });
    expect(res.status).toBe(422);
    expect(res.body.errors['Idempotency-Key'][0]).toMatch(/clé d’idempotence est invalide/);
  });
});
