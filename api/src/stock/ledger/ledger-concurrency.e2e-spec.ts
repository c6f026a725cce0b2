import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request, { type Response } from 'supertest';
import * as fx from '../../../test/backoffice/fixtures.js';
import { png } from '../../../test/backoffice/images.js';
import { ensureCurrency } from '../../../test/support/public-fixtures.js';
import { signInAsAdmin, type StaffClient } from '../../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { HousekeepingService } from '../../housekeeping/housekeeping.service.js';
import { MetricsService } from '../../metrics/metrics.service.js';
import { ConfirmedEmail } from '../../contact/entities/confirmed-email.entity.js';
import { ledgerDifferences } from './ledger-check.js';
import { changeAvailable } from './stock-ledger.js';

const EMAIL = 'achats@concurrence-stock.example';
const FIELDS = {
  payment_by: 'Visa',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Route',
  delivery_address: 'Zone portuaire, Lomé',
  credit_level: '50 % à la commande',
  company_name: 'Société Concurrence',
  company_phone: '+228 90 11 22 33',
  company_email: EMAIL,
  representative_name: 'Ama Kossi',
  representative_phone: '+228 91 00 00 00',
  representative_email: EMAIL,
};

describe(`stock ledger under concurrency (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let products: Product[];
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    admin = await signInAsAdmin(t);
    image = await png(32, 32);
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: EMAIL, confirmed_at: new Date() });
    const refs = await fx.refs(t);
    refs.currency = await ensureCurrency(t.dataSource, 'Fcfa');
    products = [];
    for (let i = 0; i < 4; i++) {
      const product = await fx.product(t, refs, { stock: 0, name: `Produit concurrent ${i}` });
      await t.dataSource.transaction((m) => changeAvailable(m, product.id, 'opening', 60, { userId: null }));
      products.push(product);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const orderRequest = (i: number) =>
    request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, order_items: [{ product_id: products[i % 4]!.id, quantity: 1 + (i % 3) }] });

  it('after 200 concurrent order requests, cancellations, receipts and adjustments, the ledger agrees and no stock is negative', async () => {
    // Orders to cancel during the storm.
    const toCancel: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await orderRequest(i);
      expect(res.status).toBe(201);
      toCancel.push(res.body.order.id as number);
    }
    const versions = new Map((await t.dataSource.getRepository(Product).findBy({})).map((p) => [p.id, p.version] as const));
    const operations: (() => Promise<Response>)[] = [];
    for (let i = 0; i < 80; i++) operations.push(() => orderRequest(i));
    for (const id of toCancel) operations.push(() => admin.put(`/api/order/${id}/status`).send({ status: 'canceled' }));
    for (let i = 0; i < 40; i++)
      operations.push(() =>
        admin
          .post('/api/stock/create')
          .field('name', `Réception ${i}`)
          .field('price', '1000')
          .field('quantity', String(1 + (i % 4)))
          .field('manufacture_date', '2026-01-01')
          .field('expiry_date', `2027-0${1 + (i % 9)}-15`)
          .field('product_id', String(products[i % 4]!.id))
          .attach('image', image, 'r.png'),
      );
    for (let i = 0; i < 40; i++) {
      const product = products[i % 4]!;
      operations.push(() =>
        admin
          .post(`/api/stock/products/${product.id}/adjustments`)
          .send({ delta: i % 2 ? -2 : 1, reason: 'casse', comment: 'Essai concurrent', version: versions.get(product.id) }),
      );
    }
    expect(operations).toHaveLength(200);
    const results = await Promise.all(operations.map((run) => run()));
    const statuses = results.map((r) => r.status);
    // Refusals are 409 (not enough stock, or a stale version); never a 500.
    expect(statuses.filter((s) => ![200, 201, 409].includes(s))).toEqual([]);
    // Every cancellation and every receipt goes through; orders and adjustments may be refused.
    expect(statuses.slice(80, 120)).toEqual(Array(40).fill(200));
    expect(statuses.slice(120, 160)).toEqual(Array(40).fill(201));
    expect(statuses.slice(0, 80).filter((s) => s === 201).length).toBeGreaterThan(0);

    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
    const after = await t.dataSource.getRepository(Product).findBy({});
    expect(after.filter((p) => p.stock < 0 || p.held < 0)).toEqual([]);
  });

  it('housekeeping runs the check, logs each difference and exposes it as comptoir_stock_ledger_differences', async () => {
    const metric = async () => {
      const text = await t.app.get(MetricsService).registry.metrics();
      return Number(/^comptoir_stock_ledger_differences\{[^}]*\} (-?\d+)$/m.exec(text)?.[1]);
    };
    await t.app.get(HousekeepingService).run();
    expect(await metric()).toBe(0);
    await t.dataSource.getRepository(Product).update({ id: products[0]!.id }, { stock: 999 });
    await t.app.get(HousekeepingService).run();
    expect(await metric()).toBe(1);
  });
});
