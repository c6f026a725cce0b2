import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { DashboardCharts } from '../contract/insights.js';
import { Order } from '../orders/entities/order.entity.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { StockLot } from '../stock/entities/stock-lot.entity.js';
import { weekStart } from './dashboard-charts.js';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe(`dashboard home charts (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  const thisWeek = weekStart(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    const refs = await fx.refs(t);
    const generator = await fx.product(t, refs, { name: 'Groupe électrogène', stock: 50, price: '1000.50' });
    const pump = await fx.product(t, refs, { name: 'Pompe', stock: 50, price: '200.00' });
    // Stock: one out, one at the global threshold (5), one above it but under its own threshold (20).
    await fx.product(t, refs, { name: 'Casque', stock: 0 });
    await fx.product(t, refs, { name: 'Gants', stock: 5 });
    await fx.product(t, refs, { name: 'Câble', stock: 12, low_stock_threshold: 20 });
    await fx.product(t, refs, { name: 'Extincteur', stock: 6 });

    const at = async (order: Order, when: Date) => {
      await t.dataSource.getRepository(Order).update({ id: order.id }, { created_at: when });
    };
    const midweek = (weeksAgo: number) => new Date(thisWeek.getTime() - weeksAgo * 7 * DAY + 2 * DAY + 10 * 3600 * 1000);
    // This week: two pending in Fcfa (generator x2 = 2001.00, pump x1 = 200.00) and one canceled.
    await at(await fx.order(t, [{ product: generator, quantity: 2 }]), midweek(0));
    await at(await fx.order(t, [{ product: pump, quantity: 1 }]), midweek(0));
    await at(await fx.order(t, [{ product: pump, quantity: 7 }], { status: 'canceled', stock_reserved: false }), midweek(0));
    // Three weeks ago: one shipped in Euro.
    await at(await fx.order(t, [{ product: pump, quantity: 3 }], { status: 'shipped', currency: 'Euro' }), midweek(3));
    // Twenty weeks ago: outside every window.
    await at(await fx.order(t, [{ product: generator, quantity: 40 }]), midweek(20));

    const entries = t.dataSource.getRepository(StockEntry);
    // Each entry received into a lot of the pump; what counts is the lot's quantity left.
    const entry = async (name: string, expiry: Date | null, left = 4) => {
      const saved = await entries.save({
        name,
        price: '10.00',
        quantity: 4,
        product_id: pump.id,
        manufacture_date: '2024-01-01',
        expiry_date: expiry ? isoDay(expiry) : null,
        expirable: expiry !== null,
      });
      await t.dataSource.getRepository(StockLot).insert({
        product_id: pump.id,
        stock_entry_id: saved.id,
        quantity_received: 4,
        quantity_left: left,
        expires_at: saved.expiry_date,
      });
    };
    await entry('Lubrifiant', new Date(Date.now() + 10 * DAY), 3);
    await entry('Graisse écoulée', new Date(Date.now() + 5 * DAY), 0);
    await entry('Colle', new Date(Date.now() + 90 * DAY));
    await entry('Solvant', new Date(Date.now() - 3 * DAY));
    await entry('Vis', null);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every chart in the summary call, computed from the data', async () => {
    const res = await admin.get('/api/dashboard/summary').expect(200);
    const charts = res.body.charts as DashboardCharts;

    const weeks = charts.orders_per_week!;
    expect(weeks).toHaveLength(12);
    expect(weeks[11]!.week).toBe(isoDay(thisWeek));
    expect(weeks[11]).toMatchObject({ pending: 2, canceled: 1, total: 3 });
    expect(weeks[8]).toMatchObject({ shipped: 1, total: 1 });
    expect(weeks.reduce((n, w) => n + w.total, 0)).toBe(4);

    expect(charts.currencies).toEqual(['Euro', 'Fcfa']);
    expect(charts.value_per_week![11]!.totals).toEqual({ Euro: '0.00', Fcfa: '2201.00' });
    expect(charts.value_per_week![8]!.totals).toEqual({ Euro: '600.00', Fcfa: '0.00' });

    // Last 90 days, canceled left out: generator 2, pump 1 + 3 = 4.
    expect(charts.top_products).toEqual([
      expect.objectContaining({ name: 'Pompe', quantity: 4, orders: 2 }),
      expect.objectContaining({ name: 'Groupe électrogène', quantity: 2, orders: 1 }),
    ]);

    expect(charts.stock).toMatchObject({ default_threshold: 5, low_count: 3, out_count: 1 });
    expect(charts.stock!.low.map((p) => [p.name, p.stock, p.threshold])).toEqual([
      ['Casque', 0, 5],
      ['Gants', 5, 5],
      ['Câble', 12, 20],
    ]);

    expect(charts.expiring).toMatchObject({ count: 1, expired_count: 1 });
    expect(charts.expiring!.entries.map((e) => [e.name, e.quantity])).toEqual([['Lubrifiant', 3]]);
  });

  it('leaves out the charts the user may not view', async () => {
    const writer = await signIn(t, { blog: 'all' });
    const res = await writer.get('/api/dashboard/summary').expect(200);
    expect(res.body.charts).toEqual({
      orders_per_week: null,
      value_per_week: null,
      currencies: null,
      top_products: null,
      stock: null,
      expiring: null,
    });
  });
});
