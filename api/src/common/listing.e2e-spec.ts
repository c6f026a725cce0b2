import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory } from '../../test/support/public-fixtures.js';
import { insertOrderRows, orderRow } from '../../test/support/order-rows.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { SEARCH_COUNT_CAP } from './listing.js';

/**
 * A search is resolved once on the searched table. A term matching more than 1,000 rows is
 * not counted to the end (the answer says `total_capped`: "1 000+") and its pages go on in order; a
 * rarer term is counted exactly.
 */
describe(`searches with many matches (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  const MATCHES = SEARCH_COUNT_CAP + 3;
  const base = Date.UTC(2026, 0, 1);
  const nameOf = (i: number) => `Vanne à opercule série ${i}`;

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    const category = await makeCategory(ds, 'Robinetterie');
    const brand = await makeBrand(ds, 'Hydro Togo');
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    const rows = Array.from({ length: MATCHES }, (_, i) => ({
      name: nameOf(i),
      reference: `VAN-${i}`,
      price: '1000.00',
      stock: 3,
      description: 'Vanne',
      brand_id: brand.id,
      category_id: category.id,
      currency_id: fcfa.id,
      in_spotlight: false,
      // Product i is the i-th newest.
      created_at: new Date(base - i * 60_000),
      updated_at: new Date(base - i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ds
        .createQueryBuilder()
        .insert()
        .into(Product)
        .values(rows.slice(i, i + 200))
        .execute();
    // Orders: 1,002 pending and 3 shipped of "Société Vannes n", one line each.
    const orders = Array.from({ length: MATCHES - 1 + 3 }, (_, i) =>
      orderRow('VAN', i, {
        status: i < MATCHES - 1 ? 'pending' : 'shipped',
        company_name: `Société Vannes ${i}`,
        company_email: `vannes${i}@example.tg`,
        created_at: new Date(base - i * 60_000),
        updated_at: new Date(base - i * 60_000),
      }),
    );
    await insertOrderRows(ds, orders);
    const orderIds = (await ds.getRepository(Order).find({ select: { id: true }, order: { id: 'ASC' } })).map((o) => o.id);
    const lines = orderIds.map((order_id) => ({
      order_id,
      product_name: 'Vanne',
      quantity: 1,
      price: '1000.00',
      total_price: '1000.00',
    }));
    for (let i = 0; i < lines.length; i += 200)
      await ds
        .createQueryBuilder()
        .insert()
        .into(OrderItem)
        .values(lines.slice(i, i + 200))
        .execute();
    staff = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const names = (products: { name: string }[]) => products.map((p) => p.name);

  it('says "1 000+" for a frequent term, and its pages still go on in order', async () => {
    const first = await request(t.http).get('/api/product').query({ search: 'VANNE', per_page: 10 }).expect(200);
    expect(first.body.products).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true, current_page: 1, last_page: 100 });
    expect(names(first.body.products.data)).toEqual(Array.from({ length: 10 }, (_, i) => nameOf(i)));
    // Past the thousandth match: the page exists, and the one after a full page stays reachable.
    const page100 = await request(t.http).get('/api/product').query({ search: 'vanne', per_page: 10, page: 100 }).expect(200);
    expect(page100.body.products).toMatchObject({ total_capped: true, last_page: 101 });
    const page101 = await request(t.http).get('/api/product').query({ search: 'vanne', per_page: 10, page: 101 }).expect(200);
    expect(names(page101.body.products.data)).toEqual([nameOf(1000), nameOf(1001), nameOf(1002)]);

    const filter = await request(t.http)
      .get('/api/products/filter')
      .query({ search: 'opercule', category: 'all', sort: 'recent', limit: 12 })
      .expect(200);
    expect(filter.body).toMatchObject({ totalProducts: SEARCH_COUNT_CAP, totalCapped: true });
    expect(names(filter.body.products)).toEqual(Array.from({ length: 12 }, (_, i) => nameOf(i)));
  });

  it('counts a rarer term exactly, in the same order', async () => {
    // "série 10" is in série 10 and série 100 to 109 and 1000 to 1002: 14 products.
    const list = await request(t.http).get('/api/product').query({ search: 'SÉRIE 10', per_page: 5 }).expect(200);
    expect(list.body.products.total).toBe(14);
    expect(list.body.products.total_capped).toBeUndefined();
    expect(list.body.products.last_page).toBe(3);
    expect(names(list.body.products.data)).toEqual([10, 100, 101, 102, 103].map(nameOf));
    const filter = await request(t.http).get('/api/products/filter').query({ search: 'serie 100', category: 'all' }).expect(200);
    expect(filter.body.totalProducts).toBe(4);
    expect(filter.body.totalCapped).toBeUndefined();
    const none = await request(t.http).get('/api/product').query({ search: 'serie 9999' }).expect(200);
    expect(none.body.products).toMatchObject({ total: 0, data: [] });
  });

  it('caps the orders list and its status counts for a frequent term, counts a rare one exactly', async () => {
    const many = await staff.get('/api/order').query({ search: 'VANNES' }).expect(200);
    expect(many.body.orderItems).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(many.body.orderItems.data[0].order.company_name).toBe('Société Vannes 0');
    expect(many.body.status_counts).toEqual({
      all: SEARCH_COUNT_CAP + 3,
      pending: SEARCH_COUNT_CAP,
      inprogress: 0,
      shipped: 3,
      canceled: 0,
      capped: ['all', 'pending'],
    });
    const shipped = await staff.get('/api/order').query({ search: 'vannes', status: 'shipped' }).expect(200);
    expect(shipped.body.orderItems.data.map((row: { order: { company_name: string } }) => row.order.company_name)).toEqual(
      [MATCHES - 1, MATCHES, MATCHES + 1].map((i) => `Société Vannes ${i}`),
    );
    const few = await staff.get('/api/order').query({ search: 'vannes 1001' }).expect(200);
    expect(few.body.orderItems.total).toBe(1);
    expect(few.body.orderItems.total_capped).toBeUndefined();
    expect(few.body.status_counts).toEqual({ all: 1, pending: 1, inprogress: 0, shipped: 0, canceled: 0 });
  });

  it('gives the global search its first five of each', async () => {
    const many = await staff.get('/api/search').query({ query: 'vanne' }).expect(200);
    expect(many.body.products).toHaveLength(5);
    const few = await staff.get('/api/search').query({ query: 'série 1001' }).expect(200);
    expect(names(few.body.products)).toEqual([nameOf(1001)]);
  });
});
