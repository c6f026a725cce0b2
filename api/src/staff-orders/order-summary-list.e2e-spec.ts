import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { QuoteVersion } from '../quotes/entities/quote-version.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';

/**
 * The order-level list: one row per order whatever its number of lines, with that number, the
 * latest quote version, the lines list's sorts and filters, and a client's own orders.
 */
describe(`order-level list (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let kossi: Customer;
  const day = (n: number) => new Date(Date.UTC(2026, 1, 1 + n, 9));

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    kossi = await ds.getRepository(Customer).save({
      company_name: 'Atelier Kossi',
      company_email: 'kossi@example.tg',
      company_phone: '+228 90 00 00 00',
      company_address: 'Lomé',
      representative_name: 'Kossi',
      representative_phone: '+228 90 00 00 01',
      representative_email: 'k@example.tg',
    });
    const specs = [
      { lines: 3, total: '1500.00', currency: 'Euro', status: 'pending', customer_id: kossi.id },
      { lines: 1, total: '90000.00', currency: 'Fcfa', status: 'shipped', customer_id: null },
      { lines: 2, total: '700.00', currency: 'Euro', status: 'pending', customer_id: kossi.id },
    ];
    for (const [i, spec] of specs.entries()) {
      const order = await ds.getRepository(Order).save({
        order_num: `SUM-${i}`,
        status: spec.status,
        company_name: i === 1 ? 'Zénith SARL' : 'Atelier Kossi',
        company_phone: '+228 90 00 00 00',
        company_email: `c${i}@example.tg`,
        representative_name: 'Ama',
        representative_phone: '+228 90 00 00 01',
        representative_email: `a${i}@example.tg`,
        payment_by: 'Virement',
        payment_term: '30 jours',
        delivery_method: 'Livraison',
        credit_level: 'A',
        currency: spec.currency,
        total: spec.total,
        customer_id: spec.customer_id,
        quote_state: i === 0 ? 'sent' : null,
        created_at: day(i),
        updated_at: day(i),
      } as Partial<Order>);
      for (let line = 0; line < spec.lines; line++)
        await ds
          .getRepository(OrderItem)
          .insert({ order_id: order.id, product_name: `Vanne ${line}`, quantity: 1, price: '100.00', total_price: '100.00' });
      if (i === 0)
        await ds.getRepository(QuoteVersion).insert([
          { order_id: order.id, number: 1, quote_number: 'DEV-SUM-0-v1', state: 'superseded' as never },
          { order_id: order.id, number: 2, quote_number: 'DEV-SUM-0-v2', state: 'sent' },
        ]);
    }
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  type Row = { order_num: string; lines_count: number; quote: { version: number; state: string | null } | null; total: string };

  it('lists one row per order with its lines count and latest quote version, newest first', async () => {
    const res = await admin.get('/api/order/list').expect(200);
    const rows = res.body.orders.data as Row[];
    expect(rows.map((r) => [r.order_num, r.lines_count])).toEqual([
      ['SUM-2', 2],
      ['SUM-1', 1],
      ['SUM-0', 3],
    ]);
    expect(res.body.orders.total).toBe(3);
    expect(rows.find((r) => r.order_num === 'SUM-0')!.quote).toEqual({ version: 2, state: 'sent' });
    expect(rows.find((r) => r.order_num === 'SUM-1')!.quote).toBeNull();
    // The lines list still has one row per line.
    expect((await admin.get('/api/order').expect(200)).body.orderItems.total).toBe(6);
  });

  it('sorts and filters like the lines list, and lists one client’s orders', async () => {
    const nums = async (query: Record<string, string | number>) =>
      ((await admin.get('/api/order/list').query(query).expect(200)).body.orders.data as Row[]).map((r) => r.order_num);
    expect(await nums({ sort: 'total', direction: 'desc' })).toEqual(['SUM-1', 'SUM-0', 'SUM-2']);
    expect(await nums({ status: 'pending', currency: 'Euro', sort: 'total' })).toEqual(['SUM-2', 'SUM-0']);
    expect(await nums({ customer_id: kossi.id })).toEqual(['SUM-2', 'SUM-0']);
    const filtered = await admin.get('/api/order/list').query({ customer_id: kossi.id }).expect(200);
    expect(filtered.body.orders.total).toBe(2);
    const page = await admin.get(`/api/customer/${kossi.id}`).expect(200);
    expect(page.body.customer).toMatchObject({ id: kossi.id, company_name: 'Atelier Kossi' });
    await admin.get('/api/customer/999999').expect(404);
    const bad = await admin.get('/api/order/list').query({ customer_id: 'x' }).expect(422);
    expect(bad.body.errors).toEqual({ customer_id: ['Le client est invalide.'] });
    const unknown = await admin.get('/api/order/list').query({ sort: 'lines' }).expect(422);
    expect(unknown.body.errors.sort[0]).toMatch(/^Le tri « lines » est inconnu/);
  });

  it('is for staff who may view orders', async () => {
    await request(t.http).get('/api/order/list').expect(401);
    const blogger = await signIn(t, { blog: 'all' });
    await blogger.get('/api/order/list').expect(403);
  });
});
